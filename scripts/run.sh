#!/usr/bin/env bash
# Runs one of the bot's programs from the build in dist/: the bot itself (npm start), or another
# entry such as `restore` (npm run restore -- FILE). Builds first when dist/ is missing or older
# than the sources. Ends by exec'ing node, so that the signals a host sends (SIGTERM, SIGINT)
# reach the bot itself and nothing is left running after it.
set -euo pipefail
cd "$(dirname "$0")/.."
entry="${1:-index}"
shift || true

stale() {
  [ -d src ] || return 1 # an installation without sources (the container) runs what was built
  [ -f dist/.built ] || return 0
  [ -n "$(find src tsconfig.json tsconfig.build.json -newer dist/.built -print -quit)" ]
}

if stale; then
  if [ -f node_modules/typescript/bin/tsc ]; then
    echo "Building the bot (dist/ is missing or older than src/)..." >&2
    scripts/build.sh
  elif [ -f "dist/$entry.js" ]; then
    echo "Note: dist/ is older than src/, and TypeScript is not installed to build it again (a production install); running the build in dist/ as it is." >&2
  else
    echo "Cannot start: there is no build in dist/, and TypeScript is not installed to make one. Build first (npm ci && npm run build), then install for production (npm ci --omit=dev); see README.md, Running." >&2
    exit 1
  fi
fi

# The memory settings the bot is deployed and measured with (src/runtime-env.ts, the Dockerfile);
# a heap limit given in NODE_OPTIONS is kept.
case " ${NODE_OPTIONS:-} " in
  *" --max-old-space-size="*) ;;
  *) export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--max-old-space-size=192" ;;
esac
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
exec node "dist/$entry.js" "$@"

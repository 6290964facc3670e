#!/usr/bin/env bash
# Compiles the TypeScript sources to dist/ (npm run build). The compiler needs about 550 MB of
# JavaScript heap, more than the bot's own limit (NODE_OPTIONS in the container and in
# scripts/run.sh), so it gets a heap of its own. dist/.built marks a finished build: scripts/run.sh
# builds again when a source is newer than it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/typescript/bin/tsc ]; then
  echo "Cannot build: TypeScript is not installed (it is a development dependency): run npm ci first." >&2
  exit 1
fi
mkdir -p dist
# Stamped with the time the build started, so a source saved during the build counts as newer
# (a stamp of its own, should two builds run at once).
stamp="$(mktemp dist/.building.XXXXXX)"
trap 'rm -f "$stamp"' EXIT
node --max-old-space-size=2048 node_modules/typescript/bin/tsc -p tsconfig.build.json
mv "$stamp" dist/.built

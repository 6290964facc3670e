#!/usr/bin/env bash
# Sets up the machine if needed, then starts the bot (configuration from .env; see README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Memory settings, as in the Dockerfile (see src/runtime-env.ts); NODE_OPTIONS may be given instead.
export NODE_OPTIONS="${NODE_OPTIONS:---max-old-space-size=192}" MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
exec npm start

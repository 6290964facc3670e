#!/usr/bin/env bash
# Sets up the machine if needed, then type-checks, lints (any finding fails), checks the code's
# format (Prettier) and runs every test, end-to-end tests included.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
npm run typecheck
npm run lint
npm run format:check
npm test

#!/usr/bin/env bash
# Sets up the machine if needed, then starts the bot (configuration from .env; see README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec npm start

#!/usr/bin/env bash
# The one command to run the bot on a fresh machine: sets the machine up if needed (system
# libraries, npm packages), builds when the sources changed, and starts the bot (configuration
# from .env; see README.md). It becomes the bot's process, so SIGTERM or Ctrl-C stops the bot.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec scripts/run.sh index

#!/usr/bin/env bash
# Prepares a machine to run or test the bot: the system libraries canvas builds against, the
# npm packages (canvas and better-sqlite3 compile from source where no prebuilt binary can be
# fetched, about two minutes), and a check that both native modules load.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(python3 make g++ pkg-config libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "Installing system packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  elif command -v apt-get >/dev/null 2>&1; then
    echo "Installing system packages with sudo: ${missing[*]}"
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Please install the development packages of cairo, pango, libjpeg, giflib and librsvg (see README.md)." >&2
    exit 1
  fi
fi

# Install npm packages when node_modules is missing or older than the lock file.
stamp=node_modules/.setup-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi

if ! node -e "require('canvas'); new (require('better-sqlite3'))(':memory:')" 2>/dev/null; then
  echo "Building the native modules canvas and better-sqlite3 (about two minutes)..."
  npm rebuild canvas better-sqlite3
  node -e "require('canvas'); new (require('better-sqlite3'))(':memory:')"
fi

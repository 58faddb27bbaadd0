#!/usr/bin/env bash
# Frame times of the web build (build-web/dist, made by scripts/build-web.sh) in the system's headless
# Chromium: serves it on a free port and runs bench/web_frames.mjs (puppeteer-core from tests/web).
# Usage: bash bench/web_frames.sh [SECONDS]   (DIST: another build; default build-web/dist)
set -euo pipefail
cd "$(dirname "$0")/.."
DIST=${DIST:-$PWD/build-web/dist}
[[ -f $DIST/pelab.wasm ]] || { echo "web_frames: $DIST has no web build (bash scripts/build-web.sh)" >&2; exit 1; }
if [[ ! -d tests/web/node_modules/puppeteer-core ]]; then
  (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund >/dev/null)
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
DIST=$DIST bash scripts/serve-web.sh "$port" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -sf -o /dev/null "http://127.0.0.1:$port/index.html" && break
  sleep 0.1
done
node bench/web_frames.mjs "http://127.0.0.1:$port/" "${1:-5}"

#!/usr/bin/env bash
# Frame times of the web build (build-web/dist, made by scripts/build-web.sh) in the system's headless
# Chromium: serves it on a free port and runs bench/web_frames.mjs (puppeteer-core from tests/web).
# Usage: bash bench/web_frames.sh [SECONDS]   (DIST: another build; default build-web/dist)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/web-page.sh
serve_bench_page web_frames
node bench/web_frames.mjs "$web_url" "${1:-5}"

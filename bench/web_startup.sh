#!/usr/bin/env bash
# Time to the web build's first frame with data, and where it goes, in the system's headless Chromium:
# serves build-web/dist (scripts/build-web.sh) on a free port and runs bench/web_startup.mjs
# (puppeteer-core from tests/web), each load a first visit.
# Usage: bash bench/web_startup.sh [RUNS] [QUERY]   (DIST: another build; default build-web/dist)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/web-page.sh
serve_bench_page web_startup
node bench/web_startup.mjs "$web_url" "${1:-5}" "${2:-}"

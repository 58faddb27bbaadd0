# Sourced by tests/web/test_web.sh and bench/web_{frames,startup}.sh, from the repository's root: what they
# need to drive the web build in headless Chromium.
#   use_puppeteer               installs tests/web's puppeteer-core from its lock file, once (no
#                               browser is downloaded: the system's chromium is used)
#   serve_web_page DIST LOG     serves DIST with scripts/serve-web.sh on a free port, stopped when
#                               the calling script exits; sets web_url once the page answers
#   serve_bench_page NAME       the benchmarks' start: $DIST (default build-web/dist) must hold a web
#                               build (NAME names the script in the message); puppeteer, then served

use_puppeteer() {
  if [[ ! -d tests/web/node_modules/puppeteer-core ]]; then
    (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund >/dev/null)
  fi
}

serve_web_page() {
  local dist=$1 log=$2 port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  DIST=$dist bash scripts/serve-web.sh "$port" >"$log" 2>&1 &
  web_server_pid=$!
  trap 'kill "$web_server_pid" 2>/dev/null || true' EXIT
  for _ in $(seq 50); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/index.html" && break
    sleep 0.1
  done
  web_url="http://127.0.0.1:$port/"
}

serve_bench_page() {
  DIST=${DIST:-$PWD/build-web/dist}
  [[ -f $DIST/pelab.wasm ]] || { echo "$1: $DIST has no web build (bash scripts/build-web.sh)" >&2; exit 1; }
  use_puppeteer
  serve_web_page "$DIST" /dev/null
}

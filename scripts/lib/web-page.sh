# Sourced by tests/web/test_web.sh and bench/web_frames.sh, from the repository's root: what both
# need to drive the web build in headless Chromium.
#   use_puppeteer               installs tests/web's puppeteer-core from its lock file, once (no
#                               browser is downloaded: the system's chromium is used)
#   serve_web_page DIST LOG     serves DIST with scripts/serve-web.sh on a free port, stopped when
#                               the calling script exits; sets web_url once the page answers

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

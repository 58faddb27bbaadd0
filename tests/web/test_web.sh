#!/usr/bin/env bash
# The web build in a browser: serves build-web/dist (made by scripts/build-web.sh; nothing is built
# here) with scripts/serve-web.sh on a free port and drives it in the system's headless Chromium
# (WebGL 2 through SwiftShader) with puppeteer-core (tests/web/package-lock.json, installed with
# PUPPETEER_SKIP_DOWNLOAD so that no browser is downloaded). The native reference pictures come from
# the Release build's pelab (build/bin/pelab, off screen).
#   PELAB      the native program (default: build/bin/pelab)
#   DIST       the web build (default: build-web/dist)
#   OUT        where the pictures go (default: build-web/test-web)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
PELAB=${PELAB:-$ROOT/build/bin/pelab}
DIST=${DIST:-$ROOT/build-web/dist}
OUT=${OUT:-$ROOT/build-web/test-web}
[[ -x $PELAB ]] || { echo "test_web: $PELAB is missing (build the Release tree first)" >&2; exit 1; }
[[ -f $DIST/pelab.wasm ]] || { echo "test_web: $DIST has no web build (bash scripts/build-web.sh)" >&2; exit 1; }
command -v chromium >/dev/null || { echo "test_web: chromium is missing (Debian: chromium)" >&2; exit 1; }
mkdir -p "$OUT"
source scripts/lib/web-page.sh
use_puppeteer

"$PELAB" --lang en --size 1280x800 --screenshot "$OUT/native_en.png" >/dev/null
"$PELAB" --lang ko --size 1280x800 --screenshot "$OUT/native_ko.png" >/dev/null

# Where the sidebar's Open table… and Open session… buttons are on the 1280 x 1500 page the file
# picker checks use: the native program draws the same sidebar, and its --geometry lists each text
# run with its box (a row holding two buttons is one run: the first button's share of it is taken).
"$PELAB" --lang en --size 1280x1500 learned:seed=1 --screenshot "$OUT/native_tall.png" \
  --geometry "$OUT/native_tall.json" >/dev/null
button_at() {  # button_at LABEL: prints [x, y], the middle of LABEL's text
  /usr/bin/python3 - "$OUT/native_tall.json" "$1" <<'PY'
import json, sys
label = sys.argv[2]
for run in json.load(open(sys.argv[1]))["text_runs"]:
    if run["text"].startswith(label):
        x0, y0, x1, y1 = run["box"]
        share = len(label) / len(run["text"])
        print("[%d, %d]" % (round(x0 + (x1 - x0) * share / 2), round((y0 + y1) / 2)))
        sys.exit(0)
sys.exit("test_web: no '%s' in the native sidebar's text runs" % label)
PY
}
PELAB_WEB_OPEN_SESSION=$(button_at "Open session…")
PELAB_WEB_OPEN_TABLE=$(button_at "Open table…")
export PELAB_WEB_OPEN_SESSION PELAB_WEB_OPEN_TABLE
echo "test_web: Open session… at $PELAB_WEB_OPEN_SESSION, Open table… at $PELAB_WEB_OPEN_TABLE (native geometry)"

serve_web_page "$DIST" "$OUT/serve.log"
# serve-web.sh sends each file's .gz to a browser that takes gzip: the bytes of the threaded page.
sent=0
for file in "" pelab.js pelab.wasm pelab.worker.js pelab.data; do
  read -r code bytes < <(curl -s -o /dev/null -H "Accept-Encoding: gzip" -w "%{http_code} %{size_download}\n" "$web_url$file")
  expected=$(stat -c %s "$DIST/${file:-index.html}.gz")
  [[ $code == 200 && $bytes == "$expected" ]] ||
    { echo "test_web: FAIL: serve-web.sh sent /$file as $bytes bytes ($code), not its .gz's $expected" >&2; exit 1; }
  sent=$((sent + bytes))
done
echo "test_web: serve-web.sh sends the threaded page gzipped: $sent bytes"
node tests/web/test_web.mjs "$web_url" "$OUT/native_en.png" "$OUT/native_ko.png" "$OUT"

# The places a lecturer puts the page (tests/web/test_web_places.mjs): Python's own static server
# (no headers, as GitHub Pages), a plain course page on another origin whose iframe shows that page,
# pelab.html from disk, and serve-web.sh's isolated page.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
plain_port=$(free_port)
python3 -m http.server --bind 127.0.0.1 --directory "$DIST" "$plain_port" >"$OUT/plain.log" 2>&1 &
plain_pid=$!
course=$OUT/course-page
mkdir -p "$course"
cat >"$course/index.html" <<HTML
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lecture 3</title><link rel="icon" href="data:,"></head>
<body><h1>Lecture 3: position encodings</h1>
<iframe src="http://127.0.0.1:$plain_port/index.html?p=5" width="1000" height="640" allow="fullscreen; clipboard-write"></iframe>
</body></html>
HTML
course_port=$(free_port)
python3 -m http.server --bind 127.0.0.1 --directory "$course" "$course_port" >"$OUT/course.log" 2>&1 &
course_pid=$!
trap 'kill "$web_server_pid" "$plain_pid" "$course_pid" 2>/dev/null || true' EXIT
for port in "$plain_port" "$course_port"; do
  for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
done
node tests/web/test_web_places.mjs "$DIST" "http://127.0.0.1:$plain_port/index.html" \
  "http://127.0.0.1:$course_port/index.html" "${web_url}index.html" "$OUT/native_en.png" "$OUT"
# Firefox ESR, headful under xvfb-run (headless Firefox has no WebGL 2 here).
if command -v firefox-esr >/dev/null && command -v xvfb-run >/dev/null; then
  xvfb-run -a node tests/web/test_web_firefox.mjs "http://127.0.0.1:$plain_port/index.html" "${web_url}index.html" \
    "file://$DIST/pelab.html"
else
  echo "test_web: FAIL: firefox-esr or xvfb-run is missing (bash scripts/install-deps.sh installs both)" >&2
  exit 1
fi
node tests/web/test_touch.mjs "$web_url" "$OUT"

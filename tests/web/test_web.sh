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
node tests/web/test_web.mjs "$web_url" "$OUT/native_en.png" "$OUT/native_ko.png" "$OUT"
node tests/web/test_touch.mjs "$web_url" "$OUT"

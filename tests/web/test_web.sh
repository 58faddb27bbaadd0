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

serve_web_page "$DIST" "$OUT/serve.log"
node tests/web/test_web.mjs "$web_url" "$OUT/native_en.png" "$OUT/native_ko.png" "$OUT"

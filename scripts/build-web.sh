#!/usr/bin/env bash
# Builds pelab for web browsers with emscripten into build-web/dist, two builds of the same sources:
#   index.html                         the page; it loads the build its place allows
#   pelab.js, pelab.wasm, pelab.worker.js   with threads: a cross-origin isolated page (scripts/serve-web.sh,
#                                      or a host sending its two headers)
#   pelab-st.js, pelab-st.wasm         without threads (computing in slices between frames): any static
#                                      host, a plain page's iframe
#   pelab.data                         shaders, translations, lessons, presets, model configs and fonts
#   pelab.html                         one file: index.html with the build without threads, its data and
#                                      fonts inside (gzip in base64), that opens from disk
#   *.gz                               each file gzipped beside it (scripts/serve-web.sh sends them)
# Each build's time is printed (CI keeps both small: ccache, unity batches).
#
# Dear ImGui is built from Debian's source package of the version the Linux build uses (fetched with a
# private apt configuration under build-web/debian-sources, as scripts/build-windows.sh does); GLFW
# is emscripten's own; header-only libraries come from their Debian packages.
#   BUILD_DIR   the threaded build's directory (default: build-web; dist goes inside it)
#   ST_BUILD_DIR  the build without threads (default: BUILD_DIR-st)
#   JOBS        parallel compile jobs (default: 2)
#   UNITY       ON (default): compile pelab's sources in batches (CMakeLists.txt: PELAB_UNITY_BUILD)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD_DIR=${BUILD_DIR:-$ROOT/build-web}
ST_BUILD_DIR=${ST_BUILD_DIR:-$BUILD_DIR-st}
JOBS=${JOBS:-2}
UNITY=${UNITY:-ON}
SOURCES=$BUILD_DIR/debian-sources

need() { command -v "$1" >/dev/null || { echo "build-web: $1 is missing ($2; scripts/install-deps.sh)" >&2; exit 1; }; }
need emcmake "Debian: emscripten"
need cmake "Debian: cmake"
# Debian's emscripten runs its JavaScript tools with node, which finds Debian's node modules (acorn)
# only through NODE_PATH.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

# shellcheck source=scripts/lib/debian-sources.sh
source "$ROOT/scripts/lib/debian-sources.sh"
fetch_debian_sources build-web "$SOURCES" imgui:imgui:libimgui-dev

# The fonts pelab draws with go into the preloaded data (share/pelab/fonts, searched first). pelab
# takes Hangul glyphs only for the characters of its texts (app/gfx/fonts.cpp), so NanumGothic is cut
# down to those with fonttools' pyftsubset when it is there (4.7 MB -> a few hundred kB).
for font in /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/nanum/NanumGothic.ttf; do
  [[ -f $font ]] || { echo "build-web: $font is missing (fonts-dejavu-core, fonts-nanum)" >&2; exit 1; }
done
stage_fonts() {  # stage_fonts BUILD_DIR
  local fonts=$1/share/pelab/fonts
  mkdir -p "$fonts"
  cp -u /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf "$fonts/"
  if [[ -f $BUILD_DIR/share/pelab/fonts/NanumGothic.ttf && $1 != "$BUILD_DIR" ]]; then
    cp -u "$BUILD_DIR/share/pelab/fonts/NanumGothic.ttf" "$fonts/"
  elif command -v pyftsubset >/dev/null; then
    mkdir -p "$1"
    cat "$ROOT"/assets/i18n/*/* "$ROOT"/assets/lessons/* >"$1/font-text.txt" 2>/dev/null || true
    if [[ ! -f $fonts/NanumGothic.ttf || $1/font-text.txt -nt $fonts/NanumGothic.ttf ]]; then
      pyftsubset /usr/share/fonts/truetype/nanum/NanumGothic.ttf --text-file="$1/font-text.txt" \
        --output-file="$fonts/NanumGothic.ttf"
    fi
  else
    echo "build-web: pyftsubset is missing (Debian: fonttools): the whole NanumGothic goes in (4.7 MB)" >&2
    cp -u /usr/share/fonts/truetype/nanum/NanumGothic.ttf "$fonts/"
  fi
}

cmake_launcher=()
if command -v ccache >/dev/null; then
  cmake_launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
# emcmake points pkg-config at emscripten's sysroot: no Linux library of the build machine is found.
build_tree() {  # build_tree DIR THREADS(ON/OFF)
  local started=$SECONDS
  stage_fonts "$1"
  emcmake cmake -S "$ROOT" -B "$1" -DCMAKE_BUILD_TYPE=Release -DPELAB_WEB_SOURCES="$SOURCES" -DPELAB_WEB_THREADS="$2" \
    -DPELAB_BUILD_TESTS=OFF -DPELAB_BUILD_BENCH=OFF -DPELAB_WERROR=ON -DPELAB_UNITY_BUILD="$UNITY" "${cmake_launcher[@]}" >/dev/null
  cmake --build "$1" -j "$JOBS" --target pelab
  echo "build-web: $1 (threads $2) built in $((SECONDS - started)) s"
}
build_tree "$BUILD_DIR" ON
build_tree "$ST_BUILD_DIR" OFF

dist=$BUILD_DIR/dist
rm -rf "$dist"
mkdir -p "$dist"
cp "$BUILD_DIR"/bin/pelab.{js,wasm,worker.js,data} "$dist/"
cp "$ST_BUILD_DIR/bin/pelab.js" "$dist/pelab-st.js"
cp "$ST_BUILD_DIR/bin/pelab.wasm" "$dist/pelab-st.wasm"
# Both builds' loaders describe the same data package (one pelab.data serves both).
cmp -s "$BUILD_DIR/bin/pelab.data" "$ST_BUILD_DIR/bin/pelab.data" ||
  { echo "build-web: the two builds' pelab.data differ" >&2; exit 1; }
cp "$ROOT/scripts/web/index.html" "$dist/index.html"
cp "$ROOT/scripts/web/touch.js" "$dist/touch.js"
cp /usr/share/doc/fonts-dejavu-core/copyright "$dist/LICENSE-DejaVu.txt"
cp /usr/share/doc/fonts-nanum/copyright "$dist/LICENSE-Nanum.txt"
# pelab.html: index.html with the build without threads and its data inside, which opens from disk
# (a page opened from a file may fetch nothing).
python3 - "$dist" <<'PY'
import base64, gzip, pathlib, sys
dist = pathlib.Path(sys.argv[1])
packed = {name: base64.b64encode(gzip.compress((dist / file).read_bytes(), 9, mtime=0)).decode()
          for name, file in (("program", "pelab-st.js"), ("wasm", "pelab-st.wasm"), ("data", "pelab.data"))}
page = (dist / "index.html").read_text()
marker = "<!-- pelab.html: the program, its data and fonts (scripts/build-web.sh puts them here) -->"
assert marker in page, "build-web: index.html lost its pelab.html marker"
inside = "<script>window.pelabEmbedded = {%s};</script>" % ", ".join('%s: "%s"' % item for item in packed.items())
# touch.js goes inside too, so that the one file works by touch.
touch = '<script src="touch.js"></script>'
assert touch in page, "build-web: index.html lost its touch.js script"
page = page.replace(touch, "<script>\n%s</script>" % (dist / "touch.js").read_text())
(dist / "pelab.html").write_text(page.replace(marker, inside))
PY
# Every file gzipped beside it, for a server that sends them (scripts/serve-web.sh) or a host that
# compresses by itself (GitHub Pages does).
for file in "$dist"/*; do
  [[ $file == *.gz ]] || gzip -9 -n -k -f "$file"
done
echo "build-web: $dist"

#!/usr/bin/env bash
# Builds pelab for web browsers with emscripten into build-web/dist: index.html, pelab.js, pelab.wasm,
# pelab.worker.js and pelab.data (shaders, translations, lessons, presets, model configs and fonts).
# Serve dist with scripts/serve-web.sh, or from any static host that sends the two headers threads
# need (README.md).
#
# Dear ImGui is built from Debian's source package of the version the Linux build uses (fetched with a
# private apt configuration under build-web/debian-sources, as scripts/build-windows.sh does); GLFW
# is emscripten's own; header-only libraries come from their Debian packages.
#   BUILD_DIR   the build directory (default: build-web)
#   JOBS        parallel compile jobs (default: 2)
#   UNITY       ON (default): compile pelab's sources in batches (CMakeLists.txt: PELAB_UNITY_BUILD)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD_DIR=${BUILD_DIR:-$ROOT/build-web}
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
fonts=$BUILD_DIR/share/pelab/fonts
mkdir -p "$fonts"
for font in /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/nanum/NanumGothic.ttf; do
  [[ -f $font ]] || { echo "build-web: $font is missing (fonts-dejavu-core, fonts-nanum)" >&2; exit 1; }
done
cp -u /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf "$fonts/"
if command -v pyftsubset >/dev/null; then
  cat "$ROOT"/assets/i18n/*/* "$ROOT"/assets/lessons/* >"$BUILD_DIR/font-text.txt" 2>/dev/null || true
  if [[ ! -f $fonts/NanumGothic.ttf || $BUILD_DIR/font-text.txt -nt $fonts/NanumGothic.ttf ]]; then
    pyftsubset /usr/share/fonts/truetype/nanum/NanumGothic.ttf --text-file="$BUILD_DIR/font-text.txt" \
      --output-file="$fonts/NanumGothic.ttf"
  fi
else
  echo "build-web: pyftsubset is missing (Debian: fonttools): the whole NanumGothic goes in (4.7 MB)" >&2
  cp -u /usr/share/fonts/truetype/nanum/NanumGothic.ttf "$fonts/"
fi

cmake_launcher=()
if command -v ccache >/dev/null; then
  cmake_launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
# emcmake points pkg-config at emscripten's sysroot: no Linux library of the build machine is found.
emcmake cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DPELAB_WEB_SOURCES="$SOURCES" \
  -DPELAB_BUILD_TESTS=OFF -DPELAB_BUILD_BENCH=OFF -DPELAB_WERROR=ON -DPELAB_UNITY_BUILD="$UNITY" "${cmake_launcher[@]}" >/dev/null
cmake --build "$BUILD_DIR" -j "$JOBS" --target pelab

dist=$BUILD_DIR/dist
rm -rf "$dist"
mkdir -p "$dist"
cp "$BUILD_DIR"/bin/pelab.{js,wasm,worker.js,data} "$dist/"
cp "$ROOT/scripts/web/index.html" "$dist/index.html"
cp "$ROOT/scripts/web/touch.js" "$dist/touch.js"
cp /usr/share/doc/fonts-dejavu-core/copyright "$dist/LICENSE-DejaVu.txt"
cp /usr/share/doc/fonts-nanum/copyright "$dist/LICENSE-Nanum.txt"
echo "build-web: $dist"

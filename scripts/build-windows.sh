#!/usr/bin/env bash
# Cross-compiles pelab.exe and pelab-cli.exe for 64-bit Windows on Debian 12 with mingw-w64 and packs
# them with their data and fonts into build-windows/pelab-<version>-windows-x86_64.zip.
#
# GLFW and Dear ImGui exist in Debian only as Linux libraries: their Debian source packages, at the
# versions the Linux build uses (those of libglfw3-dev and libimgui-dev), are fetched with a private
# apt configuration under build-windows/debian-sources (the system's apt setup is not touched) and
# unpacked there once; a rerun reuses them. Header-only libraries come from their Debian packages.
#   BUILD_DIR   the build directory (default: build-windows)
#   JOBS        parallel compile jobs (default: 2)
#   UNITY       ON (default): compile pelab's sources in batches (CMakeLists.txt: PELAB_UNITY_BUILD)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD_DIR=${BUILD_DIR:-$ROOT/build-windows}
JOBS=${JOBS:-2}
UNITY=${UNITY:-ON}
SOURCES=$BUILD_DIR/debian-sources

need() { command -v "$1" >/dev/null || { echo "build-windows: $1 is missing ($2; scripts/install-deps.sh)" >&2; exit 1; }; }
need x86_64-w64-mingw32-g++-posix "Debian: g++-mingw-w64-x86-64-posix"
need glad "Debian: python3-glad"
need cmake "Debian: cmake"

# shellcheck source=scripts/lib/debian-sources.sh
source "$ROOT/scripts/lib/debian-sources.sh"
fetch_debian_sources build-windows "$SOURCES" glfw:glfw3:libglfw3-dev imgui:imgui:libimgui-dev

cmake_launcher=()
if command -v ccache >/dev/null; then
  cmake_launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/mingw-w64-x86_64.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DPELAB_WINDOWS_SOURCES="$SOURCES" -DPELAB_BUILD_TESTS=OFF -DPELAB_BUILD_BENCH=OFF \
  -DPELAB_WERROR=ON -DPELAB_UNITY_BUILD="$UNITY" "${cmake_launcher[@]}" >/dev/null
cmake --build "$BUILD_DIR" -j "$JOBS" --target pelab pelab-cli

# The zip: the two programs in bin/, the data in share/pelab (as an install lays it out), and the
# fonts pelab draws with in share/pelab/fonts (found there before the system's) with their licences.
version=$(sed -n 's/^project(pelab VERSION \([0-9.]*\).*/\1/p' "$ROOT/CMakeLists.txt")
name=pelab-$version-windows-x86_64
stage=$BUILD_DIR/package/$name
rm -rf "$BUILD_DIR/package"
mkdir -p "$stage/bin" "$stage/share/pelab/fonts"
cp "$BUILD_DIR/bin/pelab.exe" "$BUILD_DIR/bin/pelab-cli.exe" "$stage/bin/"
cp -r "$BUILD_DIR/share/pelab/." "$stage/share/pelab/"
for font in /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/nanum/NanumGothic.ttf; do
  [[ -f $font ]] || { echo "build-windows: $font is missing (fonts-dejavu-core, fonts-nanum)" >&2; exit 1; }
  cp "$font" "$stage/share/pelab/fonts/"
done
cp /usr/share/doc/fonts-dejavu-core/copyright "$stage/share/pelab/fonts/LICENSE-DejaVu.txt"
cp /usr/share/doc/fonts-nanum/copyright "$stage/share/pelab/fonts/LICENSE-Nanum.txt"
cp "$ROOT/README.md" "$stage/README.md"
zip_file=$BUILD_DIR/$name.zip
rm -f "$zip_file"
(cd "$BUILD_DIR/package" && zip -qr -X "$zip_file" "$name")
echo "build-windows: $zip_file"

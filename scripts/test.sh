#!/usr/bin/env bash
# Quick start (2): install what is missing, build, and run every test: formatting, the Release build
# (warnings are errors), the Debian package in a clean Debian 12 root, the Windows build under wine,
# the browser build in headless Chromium, core and pelab-cli alone (no app), an AddressSanitizer + UndefinedBehaviorSanitizer build, and
# libFuzzer on every reader. Each stage prints its start time, so a slow one shows.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
jobs="$(nproc)"
start=$SECONDS
stage() { printf '\n== pelab tests: %s (at %d min %02d s)\n' "$1" $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60)); }

# One compiler cache for this run (build-cache/, fresh in a clean clone): the core-only build below
# compiles the same core and test sources with the same flags as the Release build, so it takes its
# objects from the cache instead of compiling them a second time (bench/RESULTS.md: 2 min -> 5 s).
export CCACHE_DIR="$PWD/build-cache/ccache" CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
# Every tree is a unity build (CMakeLists.txt: PELAB_UNITY_BUILD): each header is parsed once per
# batch of 8 sources instead of once per source, and this run compiles the same sources four times.
unity=(-DPELAB_UNITY_BUILD=ON)

# The Debian package's test installs it into a clean Debian 12 root. Making that root (debootstrap)
# waits on the network for minutes, so it runs beside the builds and the package stage waits for it.
export PELAB_DEB_TEST_CACHE="$PWD/build-cache/package-test"
mkdir -p "$PELAB_DEB_TEST_CACHE"
bash tests/package/test_deb.sh --prepare-root >"$PELAB_DEB_TEST_CACHE/prepare.log" 2>&1 &
prepare_root_pid=$!

stage "formatting (clang-format)"
bash scripts/check-format.sh

stage "Release build, warnings as errors"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DPELAB_WERROR=ON "${launcher[@]}" "${unity[@]}" >/dev/null
cmake --build build -j"$jobs"
# Every test except the two sweeps (label "sweep": every control at its extremes, for every kind and
# view, five minutes of launches); those run in the sanitizer build below, where a bad read at an
# extreme is caught rather than only survived. Every test runs in at least one of the two builds.
(cd build && ctest --output-on-failure -j"$jobs" --label-exclude sweep)

stage "Debian package: build, lintian, install into a clean Debian 12 root"
deb=$(bash scripts/package-deb.sh build | tail -1)  # its last line is the path
wait "$prepare_root_pid" || { cat "$PELAB_DEB_TEST_CACHE/prepare.log"; exit 1; }
bash tests/package/test_deb.sh build "$deb"

stage "Windows build (mingw-w64, static) and its tests under wine"
bash scripts/build-windows.sh | tee build-cache/build-windows.log
zip_file=$(sed -n 's/^build-windows: //p' build-cache/build-windows.log | tail -1)
bash tests/windows/test_wine.sh build "$zip_file"

stage "Web build (emscripten, WebGL 2) and its tests in headless Chromium"
bash scripts/build-web.sh
bash tests/web/test_web.sh

stage "core and pelab-cli alone (PELAB_BUILD_APP=OFF)"
cmake -S . -B build-core -DCMAKE_BUILD_TYPE=Release -DPELAB_BUILD_APP=OFF -DPELAB_BUILD_BENCH=OFF \
  -DPELAB_WERROR=ON "${launcher[@]}" "${unity[@]}" >/dev/null
cmake --build build-core -j"$jobs"
(cd build-core && ctest --output-on-failure -j"$jobs")

stage "AddressSanitizer + UndefinedBehaviorSanitizer build"
# -O1 -g1 (line tables: enough for the sanitizers' stack traces) compiles in about 40% less CPU time
# than RelWithDebInfo's -O2 -g (bench/RESULTS.md), which keeps the whole run inside its hour.
sanitizer_flags="-O1 -g1 -DNDEBUG"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPELAB_SANITIZE=ON -DPELAB_BUILD_BENCH=OFF \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$sanitizer_flags" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$sanitizer_flags" "${unity[@]}" >/dev/null
cmake --build build-asan -j"$jobs"
(cd build-asan && ASAN_OPTIONS=detect_stack_use_after_return=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j"$jobs")

# libFuzzer on every reader for a few seconds each (clang build tree build-fuzz; tests/fuzz).
stage "fuzzing"
bash scripts/fuzz.sh 5
stage "done"

#!/usr/bin/env bash
# Quick start (2): install everything the tests need, build, and run every test: formatting, each
# changed source compiled on its own, the default build (the one scripts/run.sh makes) with its
# tests, the Debian package in a clean Debian 12 root, the Windows build under wine, the browser
# build in headless Chromium, core and pelab-cli alone (no app), an AddressSanitizer +
# UndefinedBehaviorSanitizer build, and libFuzzer on every reader. Each stage prints its start time,
# so a slow one shows. Warnings are errors where the environment variable CI is set (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh all
jobs="$(nproc)"
start=$SECONDS
stage() { printf '\n== pelab tests: %s (at %d min %02d s)\n' "$1" $(((SECONDS - start) / 60)) $(((SECONDS - start) % 60)); }

# One compiler cache for this checkout (build-cache/, fresh in a clean clone) unless the caller chose
# one (.ci/run shares it with scripts/run.sh): the core-only build below compiles the same core and
# test sources with the same flags as the Release build, so it takes its objects from the cache
# instead of compiling them a second time (bench/RESULTS.md). CMakeLists.txt finds ccache itself.
export CCACHE_DIR="${CCACHE_DIR:-$PWD/build-cache/ccache}" CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1

# The Debian package's test installs it into a clean Debian 12 root. Making that root (debootstrap)
# waits on the network for minutes, so it runs beside the builds and the package stage waits for it.
export PELAB_DEB_TEST_CACHE="$PWD/build-cache/package-test"
mkdir -p "$PELAB_DEB_TEST_CACHE"
bash tests/package/test_deb.sh --prepare-root >"$PELAB_DEB_TEST_CACHE/prepare.log" 2>&1 &
prepare_root_pid=$!

stage "formatting (clang-format)"
bash scripts/check-format.sh

stage "each changed source compiles on its own"
# Every tree here is a unity build (the default); this proves the sources that changed since
# .ci/includes-checked also compile alone, as in a file-by-file build.
bash scripts/check-includes.sh --changed

stage "the default build (cmake -S . -B build): Release, unity; warnings are errors where CI is set"
# The tree scripts/run.sh builds for a user, with the same configuration: no option is given here.
cmake -S . -B build >/dev/null
cmake --build build -j"$jobs"
# Every test except the two sweeps (label "sweep": every control at its extremes, for every kind and
# view, five minutes of launches); those run in the sanitizer build below, where a bad read at an
# extreme is caught rather than only survived. Every test runs in at least one of the two builds.
(cd build && ctest --output-on-failure --no-tests=error -j"$jobs" --label-exclude sweep)

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
cmake -S . -B build-core -DPELAB_BUILD_APP=OFF -DPELAB_BUILD_BENCH=OFF >/dev/null
cmake --build build-core -j"$jobs"
(cd build-core && ctest --output-on-failure --no-tests=error -j"$jobs")

stage "AddressSanitizer + UndefinedBehaviorSanitizer build"
# -O1 -g1 (line tables: enough for the sanitizers' stack traces) compiles in about 40% less CPU time
# than RelWithDebInfo's -O2 -g (bench/RESULTS.md), which keeps the whole run inside its hour.
sanitizer_flags="-O1 -g1 -DNDEBUG"
# Warnings are not errors here: at -O1 with the sanitizers g++ 12 warns falsely (-Wmaybe-uninitialized)
# inside libstdc++'s std::regex; the default tree above is the one held to -Werror.
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPELAB_SANITIZE=ON -DPELAB_BUILD_BENCH=OFF -DPELAB_WERROR=OFF \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$sanitizer_flags" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$sanitizer_flags" >/dev/null
cmake --build build-asan -j"$jobs"
(cd build-asan && ASAN_OPTIONS=detect_stack_use_after_return=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure --no-tests=error -j"$jobs")

# libFuzzer on every reader for a few seconds each (clang build tree build-fuzz; tests/fuzz).
stage "fuzzing"
bash scripts/fuzz.sh 5
stage "done"

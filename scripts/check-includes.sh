#!/usr/bin/env bash
# Fails when one of pelab's own sources does not compile on its own. The default build is a unity
# build (CMakeLists.txt: PELAB_UNITY_BUILD) that compiles sources in batches of 8, so a source that
# forgets an #include that an earlier source of its batch makes builds there and breaks the day the
# batch changes, or in any file-by-file build. Each source goes through the compiler's front end only
# (-fsyntax-only, -O0: no code made) with the flags of a file-by-file tree; any output fails it.
# Usage: check-includes.sh [--changed] [BUILD_DIR]
#   (default)   every source; on success writes .ci/includes-checked, the content hash of every
#               source and header it checked (commit it with the sources)
#   --changed   only the sources whose text, or the text of a header of ours they include (found
#               with the preprocessor, -MM), differs from .ci/includes-checked: a broken include
#               cannot land, and CI spends seconds instead of minutes (bench/RESULTS.md)
# BUILD_DIR defaults to build-includes (configured here; only the generated version header is built).
# JOBS=N runs N compilers at once (default: nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=all
if [ "${1:-}" = --changed ]; then
  mode=changed
  shift
fi
tree="${1:-build-includes}"
cmake -S . -B "$tree" -DCMAKE_BUILD_TYPE=Release -DPELAB_UNITY_BUILD=OFF -DPELAB_BUILD_BENCH=OFF \
  -DPELAB_CCACHE=OFF >/dev/null
cmake --build "$tree" --target pelab_version >/dev/null  # the one header made at build time
exec /usr/bin/python3 scripts/lib/check_includes.py "$mode" "$tree/compile_commands.json" "$PWD" \
  "${JOBS:-$(nproc)}" .ci/includes-checked

#!/usr/bin/env bash
# Fuzzes every reader with libFuzzer: configures and builds the clang build tree build-fuzz
# (-DPELAB_FUZZ=ON, see tests/fuzz/CMakeLists.txt) and runs each harness for SECONDS (default 5) on a
# copy of its seed corpus and regression inputs in a temporary directory, so the committed corpora
# never grow. Prints the executions and the result per harness; exits non-zero if any harness
# crashed, hung, leaked or broke a promise (the input that did it is kept in
# build-fuzz/fuzz-artifacts/<harness>/ and the log's end is printed).
#   bash scripts/fuzz.sh [SECONDS] [HARNESS...]     harnesses: npy safetensors config_spec
#                                                   model_config session lesson
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-5}"
shift || true
harnesses=("$@")
((${#harnesses[@]})) || harnesses=(npy safetensors config_spec model_config session lesson)
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: SECONDS must be a whole number, got '$seconds'" >&2; exit 2; }

command -v clang++-14 >/dev/null || bash scripts/install-deps.sh  # clang-14, libclang-rt-14-dev
build=build-fuzz
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-14 \
  -DCMAKE_CXX_COMPILER=clang++-14 -DPELAB_FUZZ=ON -DPELAB_BUILD_APP=ON -DPELAB_BUILD_BENCH=OFF \
  -DPELAB_UNITY_BUILD=OFF -DPELAB_WERROR=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target pelab_fuzzers

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0
for h in "${harnesses[@]}"; do
  binary="$build/tests/fuzz/fuzz_$h"
  [ -x "$binary" ] || { echo "fuzz $h: FAILED: no harness $binary" >&2; failed=1; continue; }
  corpus="$work/$h"
  mkdir -p "$corpus"
  for dir in "tests/fuzz/corpus/$h" "tests/fuzz/regressions/$h"; do
    [ -d "$dir" ] && cp -r "$dir/." "$corpus/"
  done
  seeds="$(ls "$corpus" | wc -l)"
  artifacts="$build/fuzz-artifacts/$h"
  mkdir -p "$artifacts"
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048
           -print_final_stats=1 -artifact_prefix="$artifacts/")
  [ -f "tests/fuzz/$h.dict" ] && options+=(-dict="tests/fuzz/$h.dict")
  log="$work/$h.log"
  rc=0
  UBSAN_OPTIONS=print_stacktrace=1 "$binary" "${options[@]}" "$corpus" >"$log" 2>&1 || rc=$?
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  [ -n "$runs" ] || runs="$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)"  # a crash prints no stats
  if ((rc == 0)); then
    echo "fuzz $h: ${runs:-?} executions in ${seconds} s, corpus $seeds -> $(ls "$corpus" | wc -l) inputs: ok"
  else
    failed=1
    echo "fuzz $h: FAILED (exit $rc) after ${runs:-?} executions; inputs kept in $artifacts/:" >&2
    grep -vE '^(INFO|#[0-9]+|	NEW_FUNC)' "$log" | tail -40 >&2
  fi
done
exit "$failed"

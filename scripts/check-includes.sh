#!/usr/bin/env bash
# Fails when one of pelab's own sources does not compile on its own: a unity build (every tree
# scripts/test.sh makes) compiles sources in batches of 8, so a source that forgets an #include the
# batch's earlier sources happen to make builds there and breaks the first time the batch changes.
# Each source is run through the compiler's front end only (-fsyntax-only, -O0: no code made), with
# the flags of a file-by-file tree (PELAB_UNITY_BUILD=OFF), so this costs a fraction of a build.
# Usage: check-includes.sh [BUILD_DIR] (default build-includes; configured here, nothing is built but
# the generated headers). JOBS=N runs N compilers at once (default: nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
tree="${1:-build-includes}"
jobs="${JOBS:-$(nproc)}"
cmake -S . -B "$tree" -DCMAKE_BUILD_TYPE=Release -DPELAB_UNITY_BUILD=OFF -DPELAB_BUILD_BENCH=OFF >/dev/null
cmake --build "$tree" --target pelab_version >/dev/null  # the one header made at build time
# One line per source: its directory and its compile command without the output and dependency
# files, with -fsyntax-only in front.
/usr/bin/python3 - "$tree/compile_commands.json" "$PWD" >"$tree/syntax_commands.txt" <<'EOF'
import json, shlex, sys
root = sys.argv[2] + "/"
for entry in json.load(open(sys.argv[1])):
    # The probes must fail: they prove core cannot include GL or ImGui (tests/core/CMakeLists.txt).
    if not entry["file"].startswith(root) or entry["file"].endswith("_probe.cpp"):
        continue
    args, drop = [], False
    for arg in shlex.split(entry["command"]):
        if drop:
            drop = False
        elif arg in ("-o", "-MF", "-MT"):
            drop = True
        elif arg not in ("-c", "-MD", "ccache") and not arg.startswith("-O"):
            args.append(arg)
    args[1:1] = ["-fsyntax-only", "-O0"]
    print(shlex.quote(entry["directory"]) + " " + shlex.join(args))
EOF
count=$(wc -l <"$tree/syntax_commands.txt")
failed="$tree/syntax_failed.txt"
: >"$failed"
# shellcheck disable=SC2016
xargs -P "$jobs" -L 1 -d '\n' bash -c 'eval "set -- $1"; dir=$1; shift
  if ! out=$(cd "$dir" && "$@" 2>&1) || [ -n "$out" ]; then printf "%s\n" "${@: -1}" >>"$0"; printf "%s\n" "$out" >&2; fi' \
  "$failed" <"$tree/syntax_commands.txt"
bad=$(wc -l <"$failed")
if ((bad > 0)); then
  echo "check-includes: $bad of $count sources do not compile on their own:" >&2
  cat "$failed" >&2
  exit 1
fi
echo "check-includes: all $count sources compile on their own"

#!/usr/bin/env bash
# Fails when a C++ file of the repository is not as clang-format (.clang-format) writes it, and lists
# each such file with the first lines clang-format would change. Fix with:
#   git ls-files '*.cpp' '*.hpp' | grep -v '^core/forbidden/' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format: clang-format is missing (Debian: clang-format)" >&2; exit 1; }
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.c' '*.h' | grep -v '^core/forbidden/')
bad=0
for f in "${files[@]}"; do
  if ! diff -q <(clang-format "$f") "$f" >/dev/null; then
    echo "check-format: $f is not clang-formatted:" >&2
    diff <(clang-format "$f") "$f" | head -n 8 >&2 || true
    bad=$((bad + 1))
  fi
done
if ((bad > 0)); then
  echo "check-format: $bad of ${#files[@]} files need clang-format -i" >&2
  exit 1
fi
echo "check-format: all ${#files[@]} C++ files are clang-formatted"

#!/usr/bin/env bash
# The install tree is relocatable and needs nothing from the source or build tree:
#   cmake --install BUILD --prefix A, then A is moved to B and run from an unrelated working directory
#   with PELAB_DATA_DIR unset. Checks: --version names the moved tree's data directory; pelab-cli encode
#   gives the same bytes as the build tree's; the app draws a screenshot off screen (shaders, strings and
#   fonts found); a lesson lists and exports its slides; no file of the tree names the source or build
#   directory (no path compiled in).
# Usage: install_tree.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
unset PELAB_DATA_DIR PELAB_SHADER_DIR
fail() { echo "install_tree: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$scratch/first" >/dev/null
mv "$scratch/first" "$scratch/moved"
tree="$scratch/moved"
for f in bin/pelab bin/pelab-cli share/pelab/shaders/heatmap.frag share/pelab/i18n/ko/ui.json \
         share/pelab/lessons/01_why_positions.json share/pelab/presets/gpt2_wpe_64x768.npy \
         share/pelab/models/llama-3.1-8b.json; do
  [ -e "$tree/$f" ] || fail "the install tree lacks $f"
done

mkdir -p "$scratch/elsewhere"
cd "$scratch/elsewhere"
"$tree/bin/pelab" --version > version.txt || fail "pelab --version failed"
grep -q "^data: $tree/share/pelab\$" version.txt || fail "pelab --version names another data directory: $(cat version.txt)"
"$tree/bin/pelab-cli" --version | grep -q '^pelab-cli ' || fail "pelab-cli --version failed"

"$tree/bin/pelab-cli" encode sinusoidal --positions 37 --dims 12 --base 500 --out moved.npy
"$build/bin/pelab-cli" encode sinusoidal --positions 37 --dims 12 --base 500 --out built.npy
cmp -s moved.npy built.npy || fail "pelab-cli encode differs between the install tree and the build tree"

"$tree/bin/pelab" sinusoidal:positions=64,dims=32 --view heatmap --size 800x600 --lang ko \
  --screenshot shot.png > /dev/null || fail "the installed pelab could not draw a screenshot"
[ "$(head -c 8 shot.png | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "shot.png is not a PNG"
"$tree/bin/pelab-cli" render sinusoidal --positions 32 --dims 16 --view curves --out fig.png \
  || fail "pelab-cli render (handed to the installed pelab) failed"

"$tree/bin/pelab" --list-lessons | grep -q '^01_why_positions' || fail "the installed lessons are not listed"
"$tree/bin/pelab" --lesson 01_why_positions --size 1024x768 --export-slides slides > /dev/null \
  || fail "the installed pelab could not export a lesson's slides"
ls slides/step_01.png > /dev/null || fail "no slide written"

# No file of the tree holds the source or build directory's path.
if grep -rlF -e "$source_dir" -e "$build" "$tree" > leaks.txt; then
  fail "files of the install tree name the source or build tree: $(tr '\n' ' ' < leaks.txt)"
fi
echo "install_tree: the moved install tree works from $scratch/elsewhere"

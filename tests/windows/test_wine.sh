#!/usr/bin/env bash
# The Windows build under wine, against the Linux build (Debian: wine64, xvfb).
#   tests/windows/test_wine.sh LINUX_BUILD_DIR WINDOWS_ZIP
# Unpacks the zip and runs its pelab-cli.exe and pelab.exe under wine beside the Linux binaries:
#   - .npy outputs of every encode kind (listed by `pelab-cli encode --help`), similarity, rotation,
#     rope-frequencies with a model's config.json, t5-bucket, shaw and alibi: byte-identical (sin,
#     cos, exp, log and pow are pelab's own, the same bits everywhere: pelab/portable_math.hpp), except
#     a learned table's similarity: OpenBLAS's product on Linux, Eigen's on Windows (within 1e-15)
#   - bad input: the same exit code and the same first line on stderr
#   - pelab.exe --screenshot through a (virtual X) window: the same pixels as Linux's off-screen EGL
#     picture above the status bar (which shows a compute time), within a small tolerance
#   - pelab-cli.exe render (handed over to pelab.exe): the same figure as Linux's
#   - a lesson's slides: as many PNGs as Linux writes, each within a tolerance, and the message that
#     PDF handouts are missing from this build
# The wine prefix lives beside the zip (WINE_PREFIX to change) and is made once: its first boot
# takes about 15 s.
set -euo pipefail
# Every wine process of the test shares one X server: wine's desktop process starts with the first
# program of a prefix and keeps the display it saw, so a window asked for later under a second,
# newer X server could not be opened ("Failed to create helper window").
if [[ -z ${PELAB_WINE_TEST_DISPLAY:-} ]]; then
  PELAB_WINE_TEST_DISPLAY=1 exec xvfb-run -a -s "-screen 0 1280x1024x24" bash "$0" "$@"
fi
linux_build=$(realpath "$1")
zip_file=$(realpath "$2")
PY=/usr/bin/python3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d /tmp/pelab-wine.XXXXXX)
# The prefix's wineserver outlives the programs by a few seconds; stop it with the test.
trap 'wineserver -k 2>/dev/null || true; rm -rf "$work"' EXIT
export WINEPREFIX=${WINE_PREFIX:-$(dirname "$zip_file")/wine-prefix}
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
WINE=$(command -v wine64 || command -v wine)
LCLI=$linux_build/bin/pelab-cli
LGUI=$linux_build/bin/pelab
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

if [[ ! -d $WINEPREFIX ]]; then
  echo "wine: first boot of $WINEPREFIX"
  "$WINE" wineboot -i >/dev/null 2>&1
fi
(cd "$work" && unzip -q "$zip_file")
package=$(ls -d "$work"/pelab-*-windows-x86_64)
WCLI=$package/bin/pelab-cli.exe
WGUI=$package/bin/pelab.exe
cd "$work"
cp "$root/assets/models/llama-3.1-8b.json" config.json

# Runs one pelab-cli command on both builds (outputs lin_NAME.npy, win_NAME.npy) and compares them.
# MODE: exact (the same bytes) or product: a dense product of a learned table, which Linux computes
# with OpenBLAS (bit-identical to numpy with the same OpenBLAS) and Windows with Eigen, whose sums run
# in another order: equal shape, values within 1e-15.
compare() {
  local mode=$1 name=$2
  shift 2
  "$LCLI" "$@" --out "lin_$name.npy" || { fail "$name: Linux pelab-cli failed"; return; }
  "$WINE" "$WCLI" "$@" --out "win_$name.npy" || { fail "$name: pelab-cli.exe failed"; return; }
  if cmp -s "lin_$name.npy" "win_$name.npy"; then
    echo "ok   $name: byte-identical"
    return
  fi
  local limit=0
  [[ $mode == product ]] && limit=1e-15
  $PY - "lin_$name.npy" "win_$name.npy" "$limit" <<'PY' || fail "$name: the .npy files differ beyond $limit"
import sys
import numpy as np
a, b = np.load(sys.argv[1]), np.load(sys.argv[2])
if a.dtype != b.dtype or a.shape != b.shape:
    print(f"     {a.dtype} {a.shape} on Linux, {b.dtype} {b.shape} under wine")
    sys.exit(1)
d = np.abs(a - b).max()
print(f"{'ok  ' if d <= float(sys.argv[3]) else '    '} {sys.argv[1][4:-4]}: {(a != b).sum()} of {a.size} values differ, by at most {d:.3g}")
sys.exit(0 if d <= float(sys.argv[3]) else 1)
PY
}

kinds=$("$LCLI" encode --help | sed -n 's/.*KIND *the encoding: //p' | tr -d ',')
[[ $(wc -w <<<"$kinds") -ge 8 ]] || fail "pelab-cli encode --help listed only: $kinds"
for kind in $kinds; do
  compare exact "encode-$kind" encode "$kind" --positions 200 --dims 64
done
# Positions far out: sin and cos reduce their arguments with the bits of 2/pi (not the C library's).
compare exact encode-sinusoidal-far encode sinusoidal --positions 50 --dims 64 --start 4000000000000
compare exact encode-binary-signed encode binary --positions 100 --dims 16 --signed --start 7
compare exact similarity-sinusoidal-dot similarity sinusoidal --positions 128 --dims 32 --metric dot
compare exact similarity-integer-cosine similarity integer --positions 64 --dims 16 --metric cosine
compare product similarity-learned-distance similarity learned --positions 64 --dims 16 --metric distance
compare exact rotation rotation --dims 64 --shift 5 --convention row
compare exact rope-frequencies rope-frequencies --dims 128 --config config.json
compare exact t5-bucket t5-bucket --from -128 --to 300
compare exact shaw shaw --queries 8 --keys 12 --clip 3
compare exact alibi-slopes alibi --heads 12
compare exact alibi-biases alibi --heads 8 --positions 16 --causal

# Bad input: exit code and first stderr line as on Linux (CR of Windows line ends dropped).
printf 'not a npy file' >broken.npy
bad() {
  local lrc=0 wrc=0
  "$LCLI" "$@" 2>lin.err >/dev/null || lrc=$?
  "$WINE" "$WCLI" "$@" 2>win.err >/dev/null || wrc=$?
  local lerr werr
  lerr=$(head -n1 lin.err)
  werr=$(head -n1 win.err | tr -d '\r')
  if [[ $lrc -eq 0 || $lrc -ne $wrc ]]; then
    fail "'$*': exit code $wrc under wine, $lrc on Linux"
  elif [[ $lerr != "$werr" ]]; then
    fail "'$*': stderr '$werr' under wine, '$lerr' on Linux"
  else
    echo "ok   refused with $wrc: $*"
  fi
}
bad encode nosuchkind --positions 4 --dims 4 --out x.npy
bad encode sinusoidal --positions 0 --dims 4 --out x.npy
bad encode integer --positions 4 --dims 4 --base 10 --out x.npy
bad encode sinusoidal --positions 4 --dims 4 --out x.txt
bad encode learned --table missing.npy --out x.npy
bad encode learned --table broken.npy --out x.npy
bad encode sinusoidal --positions 4 --dims 4 --out no-such-dir/x.npy
bad alibi --heads 0 --out x.npy
bad t5-bucket --from 5 --to 1 --out x.npy
bad rope-frequencies --dims 128 --config missing.json --out x.npy
bad similarity sinusoidal --positions 8 --dims 4 --metric nosuch --out x.npy
[[ ! -e x.npy ]] || fail "a refused command left x.npy behind"

# The picture: Linux draws it off screen (EGL), Windows in a hidden window under Xvfb.
shot=(--view heatmap --size 800x600)
"$LGUI" "${shot[@]}" --screenshot lin_shot.png >/dev/null
"$WINE" "$WGUI" "${shot[@]}" --screenshot win_shot.png >/dev/null 2>win.err ||
  fail "pelab.exe --screenshot: $(tr -d '\r' <win.err)"
said=$(tr -d '\r' <win.err)
[[ -z $said ]] || fail "pelab.exe --screenshot said: $said"
$PY "$here/png_diff.py" lin_shot.png win_shot.png 8 0.001 --ignore-bottom 24 || fail "the screenshots differ"

# pelab-cli render hands over to pelab.exe beside it (run_in_place: _spawnv on Windows).
render=(render sinusoidal --positions 64 --dims 64 --view heatmap --size 400x300)
"$LCLI" "${render[@]}" --out lin_render.png
"$WINE" "$WCLI" "${render[@]}" --out win_render.png >/dev/null 2>&1 ||
  fail "pelab-cli.exe render failed"
$PY "$here/png_diff.py" lin_render.png win_render.png 8 0.001 || fail "the rendered figures differ"

# A lesson's slides (the step count comes from Linux).
"$LGUI" --lesson 4 --export-slides lin_slides --size 640x480 >/dev/null
"$WINE" "$WGUI" --lesson 4 --export-slides win_slides --size 640x480 \
  >slides.out 2>&1 || fail "pelab.exe --export-slides: $(tr -d '\r' <slides.out)"
grep -q "PDF handouts are not available in this build" slides.out || fail "no word on the missing PDF handout"
lin_count=$(ls lin_slides/step_*.png | wc -l)
win_count=$(ls win_slides/step_*.png 2>/dev/null | wc -l)
[[ $lin_count -gt 0 && $lin_count -eq $win_count ]] || fail "$win_count slides under wine, $lin_count on Linux"
# The slides are drawn by two GL drivers (EGL off screen on Linux, a hidden window under wine), so
# each is compared within a tolerance; since sin and cos are pelab's own, no printed number differs.
for slide in lin_slides/step_*.png; do
  $PY "$here/png_diff.py" "$slide" "win_slides/${slide#lin_slides/}" 8 0.005 || fail "$slide differs"
done

if ((failures)); then
  echo "test_wine: $failures failures"
  exit 1
fi
echo "test_wine: all passed"

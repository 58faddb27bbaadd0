#!/bin/sh
# The app's own numbers (bench/RESULTS.md), printed as markdown tables for bench/RESULTS.md and the README:
#   1. latency from a change of base to every visible view showing the new data, per view (each
#      maximised, and all twelve in one grid), at source post 002's size (2000 x 1600) and at the maximum
#      (16384 x 4096), with the frames drawn meanwhile (`pelab --bench-latency`, off screen: EGL with
#      Mesa, as the window under Xvfb both are software rendering here);
#   2. idle CPU over 10 s with nothing moving, in a window under Xvfb (target < 2% of a core);
#   3. peak memory (VmHWM) at the maximum size with all views (the latency run and the idle window);
#   4. a frame while base moves every frame against a static frame, at 2000 x 1600 with the default
#      views (`pelab --bench-drag`, off screen, rounds of both alternated in one run; target ratio <= 1.5).
# The idle window at the maximum size first waits PELAB_IDLE_SETTLE seconds (default 180: the
# scorecard scores the whole 16384 x 4096 table) so that no computation is counted as idle.
# Usage: bench/app_bench.sh [BUILD_DIR] [CHANGES]   (BUILD_DIR: a Release tree with bin/pelab built)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
changes=${2:-5}
pelab="$build/bin/pelab"
[ -x "$pelab" ] || { echo "no $pelab: build the pelab target first" >&2; exit 1; }
# Settings and window state away from the user's configuration.
export XDG_CONFIG_HOME="${TMPDIR:-/tmp}/pelab-app-bench-config"
mkdir -p "$XDG_CONFIG_HOME"
views=$("$pelab" --help | sed -n '/^Views (--view):/,/^$/p' | awk 'NR > 1 && NF {print $1}')

echo "pelab app benchmark, $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| view | N × D | change → shown, median | max | frames meanwhile, median | max | static frame |"
echo "|---|---|---:|---:|---:|---:|---:|"
peak=""
for size in 2000x1600 16384x4096; do
  n=${size%x*}
  d=${size#*x}
  for view in $views all; do
    line=$(env -u DISPLAY -u WAYLAND_DISPLAY "$pelab" "sinusoidal:positions=$n,dims=$d" --gl offscreen \
      --size 1600x1000 --bench-latency "$changes" --view "$view" 2>&1 | grep '^latency ') ||
      { echo "| $view | $n × $d | failed | | | | |"; continue; }
    # shellcheck disable=SC2086
    set -- $line
    shift
    for pair in "$@"; do eval "${pair%%=*}=\"${pair#*=}\""; done
    # shellcheck disable=SC2154
    printf '| %s | %s × %s | %.0f ms | %.0f ms | %s | %s | %.1f ms |\n' "$view" "$n" "$d" \
      "$latency_median_ms" "$latency_max_ms" "$frames_median" "$frames_max" "$static_frame_ms"
    if [ "$view" = all ] && [ "$n" = 16384 ]; then peak="$vmhwm_kib"; fi
  done
done
echo
echo "Peak memory (VmHWM), sinusoidal 16384 × 4096, all twelve views, off screen: $((peak / 1024)) MiB"
echo
echo "| dragging base (2000 × 1600, default views, off screen) | static frame | base moves every frame | ratio (target ≤ 1.5) | results shown while moving |"
echo "|---|---:|---:|---:|---:|"
for size in 1920x1080 1280x800; do
  line=$(env -u DISPLAY -u WAYLAND_DISPLAY "$pelab" "sinusoidal:positions=2000,dims=1600" --gl offscreen \
    --size "$size" --bench-drag "${PELAB_DRAG_FRAMES:-200}" 2>&1 | grep '^drag ') ||
    { echo "| $size | failed | | | |"; continue; }
  # shellcheck disable=SC2086
  set -- $line
  shift
  for pair in "$@"; do eval "${pair%%=*}=\"${pair#*=}\""; done
  # shellcheck disable=SC2154
  printf '| %s | %.1f ms | %.1f ms | %.2f | %s |\n' "$size" "$static_frame_ms" "$moving_frame_ms" "$ratio" "$refreshes"
done
echo

# Idle: the default window, and the maximum size with every view shown (a session file).
session="$XDG_CONFIG_HOME/max_all.json"
cat > "$session" <<JSON
{"pelab_session": 2,
 "configs": [{"kind": "sinusoidal", "positions": 16384, "dims": 4096}],
 "layout": {"views": [$(printf '"%s",' $views | sed 's/,$//')], "maximized": null}}
JSON
echo "| idle window (1600 × 1000 under Xvfb, nothing moving, 10 s) | CPU (of one core) | peak memory |"
echo "|---|---:|---:|"
for case in default max; do
  if [ "$case" = default ]; then
    out=$(xvfb-run -a -s "-screen 0 1920x1080x24" sh "$here/idle_cpu.sh" "$pelab" 5 --size 1600x1000)
    label="default configuration, default five views"
  else
    out=$(xvfb-run -a -s "-screen 0 1920x1080x24" sh "$here/idle_cpu.sh" "$pelab" "${PELAB_IDLE_SETTLE:-180}" --size 1600x1000 \
      --session "$session")
    label="sinusoidal 16384 × 4096, all twelve views"
  fi
  cpu=$(echo "$out" | awk '/idle cpu percent/ {print $4}')
  hwm=$(echo "$out" | awk '/peak memory KiB/ {print $4}')
  echo "| $label | ${cpu:-failed} % | $(( ${hwm:-0} / 1024 )) MiB |"
done

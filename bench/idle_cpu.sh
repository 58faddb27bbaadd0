#!/bin/sh
# Idle CPU of the interactive app: starts PELAB with ARGS in the current X display, waits SETTLE
# seconds (the first computation must be over, or it would be counted), then measures the CPU time
# it uses over 10 s with nothing moving (user + system of all its threads, from /proc) and prints
# "idle cpu percent: X" (of one core). Run under xvfb-run. Exit 1 when pelab did not start or died.
# Usage: bench/idle_cpu.sh PELAB SETTLE [ARGS...]
pelab="$1"
settle="$2"
shift 2
"$pelab" "$@" >/dev/null 2>&1 &
pid=$!
sleep "$settle"
if ! kill -0 "$pid" 2>/dev/null; then
  echo "pelab did not start" >&2
  exit 1
fi
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
before=$(ticks)
sleep 10
after=$(ticks)
hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status")
kill "$pid"
wait "$pid" 2>/dev/null
awk -v a="$after" -v b="$before" -v hz="$hz" -v hwm="$hwm" \
  'BEGIN { printf "idle cpu percent: %.2f\npeak memory KiB: %d\n", 100 * (a - b) / hz / 10, hwm }'

#!/bin/sh
# Starts pelab ($1) in the current X display, lets it settle for 3 s, then measures the CPU time
# it uses over 10 s with nothing moving (user + system, from /proc) and prints it as a percentage
# of one core: "idle cpu percent: X". Run under xvfb-run. Exit 1 when pelab did not start.
pelab="$1"
"$pelab" >/dev/null 2>&1 &
pid=$!
sleep 3
if ! kill -0 "$pid" 2>/dev/null; then
  echo "pelab did not start" >&2
  exit 1
fi
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
before=$(ticks)
sleep 10
after=$(ticks)
kill "$pid"
wait "$pid" 2>/dev/null
awk -v a="$after" -v b="$before" -v hz="$hz" 'BEGIN { printf "idle cpu percent: %.2f\n", 100 * (a - b) / hz / 10 }'

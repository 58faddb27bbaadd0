#!/bin/bash
# Runs drive_window.sh's part "monitors" under an X server with two monitors (two_monitors.conf: Xorg
# with the dummy driver), then stops that server. Exits 77 (ctest: skipped) where Xorg or its dummy
# driver is not installed (scripts/install-deps.sh installs both).
# Usage: two_monitors.sh PELAB XDND_DROP GPT2_NPY
set -u
here=$(dirname "$0")
xorg=/usr/lib/xorg/Xorg
if [ ! -x "$xorg" ] || [ ! -e /usr/lib/xorg/modules/drivers/dummy_drv.so ]; then
  echo "SKIPPED: no Xorg with the dummy driver (packages xserver-xorg-core, xserver-xorg-video-dummy)"
  exit 77
fi
work=$(mktemp -d)
mkdir "$work/conf.d"  # an empty configdir: the machine's xorg.conf.d does not apply
# -displayfd: the server picks a free display and writes its number when it is ready.
"$xorg" -displayfd 3 -noreset -nolisten tcp -config "$here/two_monitors.conf" -configdir "$work/conf.d" \
  -logfile "$work/xorg.log" 3>"$work/display" >"$work/out" 2>&1 &
server=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
if [ ! -s "$work/display" ]; then
  echo "FAILED: the two-monitor X server did not start:"; tail -20 "$work/xorg.log" "$work/out"
  kill "$server" 2>/dev/null; rm -rf "$work"; exit 1
fi
DISPLAY=":$(head -1 "$work/display")" bash "$here/drive_window.sh" "$@" monitors
status=$?
kill "$server" 2>/dev/null; wait "$server" 2>/dev/null
rm -rf "$work"
exit $status

#!/usr/bin/env bash
# Quick start (1): install what building and running needs, build pelab with the CMake defaults
# (a Release build), start it. With no display it renders every view off screen instead (EGL, no X
# server or Xvfb needed), writes two pictures into out/ and says so.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh run
cmake -S . -B build >/dev/null
cmake --build build -j"$(nproc)" --target pelab pelab-cli

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec ./build/bin/pelab "$@"
fi

mkdir -p out
echo "pelab: no display (DISPLAY is unset), so instead of a window it renders the views off screen:"
./build/bin/pelab --screenshot out/pelab-overview.png --view all --size 1920x1080
./build/bin/pelab-cli render sinusoidal --positions 2000 --dims 1600 --out out/sinusoidal-2000x1600.png
echo "pelab: wrote out/pelab-overview.png (the default views) and out/sinusoidal-2000x1600.png (source post 002's heatmap)."
echo "pelab: on a desktop, run ./build/bin/pelab; headless, see ./build/bin/pelab --help and ./build/bin/pelab-cli --help."

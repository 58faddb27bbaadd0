#!/usr/bin/env bash
# Installs the Debian 12 packages pelab needs, only those that are missing (as root or via sudo).
# Every package here is used; the README says why for each non-obvious one.
set -euo pipefail

packages=(
  g++ cmake make pkg-config git           # toolchain
  libimgui-dev libglfw3-dev python3-glad  # GUI: Dear ImGui 1.86 (+GLFW/OpenGL3 backends), window, GL loader
  libeigen3-dev nlohmann-json3-dev libcli11-dev libstb-dev  # core maths, sessions, CLI parsing, PNG
  catch2                                  # tests
  xvfb xauth libgl1-mesa-dri              # headless window + software OpenGL (Mesa llvmpipe)
  fonts-dejavu-core                       # the UI and figure font
  python3-numpy                           # .npy interop tests and the numpy benchmark baseline
  python3-matplotlib                      # test oracle for the viridis/magma colormaps
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "pelab: all ${#packages[@]} Debian packages are present"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "pelab: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
echo "pelab: installing ${missing[*]}"
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

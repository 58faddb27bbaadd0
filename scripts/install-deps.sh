#!/usr/bin/env bash
# Installs the Debian 12 packages pelab needs, only those that are missing (as root or via sudo).
#   install-deps.sh run    what building and running the app needs (scripts/run.sh)
#   install-deps.sh [all]  that and everything the tests need (scripts/test.sh)
# Every package here is used; the comment beside it says where.
set -euo pipefail
set_name=${1:-all}
case $set_name in run | all) ;; *) echo "usage: install-deps.sh [run|all]" >&2; exit 2 ;; esac

run_packages=(
  g++ cmake make pkg-config git           # toolchain (git: the version string of a checkout)
  ccache                                  # CMakeLists.txt uses it when present: a rebuild after a pull takes seconds
  libimgui-dev libglfw3-dev python3-glad  # GUI: Dear ImGui 1.86 (+GLFW/OpenGL3 backends), window, GL loader
  libeigen3-dev nlohmann-json3-dev libcli11-dev libstb-dev  # core maths, sessions, CLI parsing, PNG
  libopenblas-dev libopenblas0-pthread    # tuned, threaded BLAS for pelab_core's dense products (similarity)
  libgl1-mesa-dri                         # software OpenGL (Mesa llvmpipe) where there is no GPU driver
  libegl1 libegl-mesa0                    # off-screen GL without any X server (pelab --screenshot, pelab-cli
                                          # render): EGL on Mesa's surfaceless platform. glad writes the EGL
                                          # headers and loader, so libegl-dev is not needed to build
  fonts-dejavu-core                       # the UI and figure font
  fonts-nanum                             # Hangul for the Korean UI and lessons (NanumGothic, merged glyphs)
  libcairo2-dev libpango1.0-dev           # PDF handouts of the lessons (pelab --export-slides): cairo
                                          # draws the pages, pango lays out the text with font fallback
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev  # animations as videos (pelab --export-video):
                                          # FFmpeg's encoders (libx264, libvpx, GIF) and muxers, not our own
)
test_packages=(
  catch2                                  # the tests (without it the default build is the app alone)
  clang-14 libclang-rt-14-dev             # libFuzzer + ASan/UBSan runtimes for scripts/fuzz.sh (build-fuzz)
  clang-format                            # scripts/check-format.sh (the tests check the formatting)
  xvfb xauth                              # the window tests: a real GLFW window on a virtual X server
  poppler-utils                           # tests turn the handout PDF into pages (pdfinfo, pdftoppm)
  ffmpeg                                  # tests/app/video_export.sh reads the videos back (ffprobe, ffmpeg)
  xdotool                                 # the window tests drive the real app with synthetic input
  xserver-xorg-core xserver-xorg-video-dummy  # gui.drive_monitors: two monitors GLFW sees (Xvfb has one)
  libx11-dev                              # tests/app/xdnd_drop: drops files on the window (XDND), which xdotool cannot
  python3-numpy                           # .npy interop tests and the numpy benchmark baseline
  python3-threadpoolctl                   # the bench prints which BLAS and kernel numpy really loaded
  python3-matplotlib                      # test oracle for the viridis/magma colormaps
  dpkg-dev fakeroot lintian               # scripts/package-deb.sh: dpkg-deb, dpkg-shlibdeps, lintian
  help2man librsvg2-bin desktop-file-utils  # man pages from --help, icon PNGs from the SVG, .desktop check
  debootstrap                             # tests/package/test_deb.sh: a clean Debian 12 root
  g++-mingw-w64-x86-64-posix              # scripts/build-windows.sh (dpkg-dev's dpkg-source unpacks the
                                          # Debian sources of GLFW and Dear ImGui it builds for Windows)
  zip unzip wine wine64                   # the Windows zip, and tests/windows/test_wine.sh runs it under wine
  emscripten                              # scripts/build-web.sh: the browser build (its node tools need nodejs)
  fonttools                               # build-web: pyftsubset cuts NanumGothic to the glyphs pelab's texts use
  chromium                                # tests/web/test_web.sh drives the page in headless Chromium
  firefox-esr                             # ...and in Firefox (headful under xvfb-run: WebGL 2)
  curl                                    # test_web.sh waits for its web server to answer
)
packages=("${run_packages[@]}")
if [ "$set_name" = all ]; then
  packages+=("${test_packages[@]}")
  # tests/web installs puppeteer-core from npm (tests/web/package-lock.json). A machine whose nodejs
  # comes from elsewhere (NodeSource's includes npm and conflicts with Debian's npm package) keeps it.
  command -v npm >/dev/null || packages+=(npm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "pelab: all ${#packages[@]} Debian packages ($set_name) are present"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "pelab: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
echo "pelab: installing ${#missing[@]} Debian packages ($set_name): ${missing[*]}"
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

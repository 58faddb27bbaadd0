#!/usr/bin/env bash
# Builds the Debian package pelab_<version>_<arch>.deb from a built tree, with dpkg-deb (not CPack:
# dpkg-shlibdeps, help2man, rsvg-convert and lintian are Debian's own tools, and a plain staging
# tree keeps every step visible; CPack would add a generator layer around the same dpkg-deb).
#   /usr/bin/pelab, /usr/bin/pelab-cli        cmake --install BUILD --prefix /usr --strip
#   /usr/share/pelab/                         the data, as in any install tree
#   /usr/share/applications/pelab.desktop     packaging/pelab.desktop (Exec=pelab %F)
#   /usr/share/mime/packages/pelab.xml        packaging/pelab-mime.xml (sessions, .npy, .safetensors)
#   /usr/share/icons/hicolor/*/apps/pelab.*   packaging/pelab.svg, and PNGs drawn from it here
#   /usr/share/man/man1/pelab{,-cli}.1.gz     help2man from the programs' --help + packaging/man/*.h2m
#   /usr/share/doc/pelab/                     copyright, changelog
# Depends is derived: dpkg-shlibdeps on the binaries; the packages owning the libraries pelab
# dlopens (their sonames are strings in the binary) and the fonts it loads by file name (strings in
# the binary and the languages' language.json); Mesa's DRI drivers, which its surfaceless EGL
# platform (off-screen pictures) loads. Then lintian, which must report no error.
# Usage: bash scripts/package-deb.sh [BUILD_DIR [OUT_DIR]]   (defaults: build, BUILD_DIR)
# Prints the path of the .deb on its last line.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "package-deb: $*" >&2; exit 1; }

build_arg=${1:-$source_dir/build}
[ -d "$build_arg" ] || fail "no build directory '$build_arg' (build first: cmake -S . -B build && cmake --build build)"
build=$(cd "$build_arg" && pwd)
out=${2:-$build}
mkdir -p "$out"
out=$(cd "$out" && pwd)
for program in pelab pelab-cli; do
  [ -x "$build/bin/$program" ] || fail "$build/bin/$program is missing (build the targets pelab and pelab-cli)"
done
for tool in dpkg-deb dpkg-shlibdeps fakeroot help2man rsvg-convert desktop-file-validate lintian strings; do
  command -v "$tool" > /dev/null ||
    fail "needs $tool (apt-get install dpkg-dev fakeroot help2man librsvg2-bin desktop-file-utils lintian binutils)"
done

# The version the programs print (cmake/version.cmake), made a Debian version: "0.1.0+g18fa23a5b1-dirty"
# becomes "0.1.0+g18fa23a5b1.dirty" (a '-' would start a Debian revision).
version_header="$build/core/generated/pelab_version_text.hpp"
[ -f "$version_header" ] || fail "$version_header is missing (not a pelab build directory?)"
version=$(sed -n 's/^#define PELAB_VERSION_TEXT "\(.*\)"$/\1/p' "$version_header")
deb_version=$(printf '%s' "$version" | sed 's/[^A-Za-z0-9.+~]/./g')
[[ $deb_version =~ ^[0-9] ]] || fail "version '$version' does not start with a digit"
arch=$(dpkg --print-architecture)
maintainer="pelab maintainers <maintainers@users.noreply.a-seed-815f6b1c.example>"
# Reproducible: dates (man pages, changelog, file times in the archive) from the last commit.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$source_dir" log -1 --format=%ct 2> /dev/null || date +%s)}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/pelab"
DESTDIR="$stage" cmake --install "$build" --prefix /usr --strip > /dev/null
strip --remove-section=.comment --remove-section=.note "$stage/usr/bin/pelab" "$stage/usr/bin/pelab-cli"
share="$stage/usr/share"

install -D -m 644 "$source_dir/packaging/pelab.desktop" "$share/applications/pelab.desktop"
desktop-file-validate "$share/applications/pelab.desktop"
install -D -m 644 "$source_dir/packaging/pelab-mime.xml" "$share/mime/packages/pelab.xml"
install -D -m 644 "$source_dir/packaging/pelab.svg" "$share/icons/hicolor/scalable/apps/pelab.svg"
for size in 16 22 24 32 48 64 128 256; do
  mkdir -p "$share/icons/hicolor/${size}x${size}/apps"
  rsvg-convert -w "$size" -h "$size" "$source_dir/packaging/pelab.svg" \
    -o "$share/icons/hicolor/${size}x${size}/apps/pelab.png"
done

# Man pages: the options are the programs' own --help; pelab-cli's page adds each command's --help.
roff_text() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
man_include="$work/pelab-cli.h2m"
cp "$source_dir/packaging/man/pelab-cli.h2m" "$man_include"
{
  echo "[COMMANDS]"
  for command in $("$stage/usr/bin/pelab-cli" --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z0-9-]*\) .*/\1/p'); do
    echo ".SS $command"
    echo ".nf"
    "$stage/usr/bin/pelab-cli" "$command" --help | roff_text
    echo ".fi"
  done
} >> "$man_include"
mkdir -p "$share/man/man1"
for program in pelab pelab-cli; do
  include="$source_dir/packaging/man/$program.h2m"
  [ "$program" = pelab-cli ] && include="$man_include"
  PELAB_KEEP_BLAS_KERNEL=1 help2man --locale=C.UTF-8 --no-info --no-discard-stderr --section=1 --include="$include" \
    --version-string="$version" --output="$work/$program.1" "$stage/usr/bin/$program"
  gzip -9n < "$work/$program.1" > "$share/man/man1/$program.1.gz"
done

doc="$share/doc/pelab"
install -D -m 644 "$source_dir/packaging/copyright" "$doc/copyright"
{
  printf 'pelab (%s) bookworm; urgency=medium\n\n' "$deb_version"
  printf '  * pelab %s; its CHANGELOG.md lists the changes.\n\n' "$version"
  printf ' -- %s  %s\n' "$maintainer" "$(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$doc/changelog.gz"

# Depends. 1) The libraries the binaries link.
binaries=("$stage/usr/bin/pelab" "$stage/usr/bin/pelab-cli")
mkdir -p "$work/shlibs/debian"
printf 'Source: pelab\n\nPackage: pelab\nArchitecture: any\n' > "$work/shlibs/debian/control"
linked=$(cd "$work/shlibs" &&
  dpkg-shlibdeps -O "${binaries[@]/#/-e}" 2> "$work/shlibdeps.log" |
  sed -n 's/^shlibs:Depends=//p') || { cat "$work/shlibdeps.log" >&2; fail "dpkg-shlibdeps failed"; }
# 2) What the binaries load by name: libraries through dlopen (EGL, GL) and fonts, found on this
# machine and mapped to the packages that own them.
owner() {  # package owning a path, trying the path with and without the /usr of a merged /usr
  local path=$1
  local candidate found
  for candidate in "$path" "$(readlink -f "$path")" "${path#/usr}" "/usr$path"; do
    found=$(dpkg-query -S "$candidate" 2> /dev/null) || continue
    printf '%s\n' "$found" | sed -n '1{s/:.*//; s/, .*//; p}'
    return 0
  done
  return 1
}
loaded=()
needed=$(objdump -p "${binaries[@]}" | awk '$1 == "NEEDED" {print $2}' | sort -u)  # dpkg-shlibdeps' part
for soname in $(strings -n 6 "${binaries[@]}" | grep -E '^lib[A-Za-z0-9_+-]+\.so\.[0-9]+$' | sort -u |
                comm -23 - <(printf '%s\n' "$needed")); do
  path=$(ldconfig -p | awk -v name="$soname" '$1 == name && /x86-64/ {print $NF; exit}')
  [ -n "$path" ] || fail "the binaries load $soname, which this machine does not have"
  loaded+=("$(owner "$path")") || fail "no package owns $path ($soname)"
  echo "package-deb: pelab loads $soname: $(owner "$path")" >&2
done
fonts=$({ strings -n 6 "$stage/usr/bin/pelab"; cat "$share"/pelab/i18n/*/language.json; } |
        grep -oE '[A-Za-z0-9_-]+\.(ttf|otf|ttc)' | sort -u)
for font in $fonts; do
  # A name that is no system font is not loaded from one (ImGui's built-in ProggyClean.ttf).
  path=$(find /usr/share/fonts -name "$font" -print -quit)
  [ -n "$path" ] || continue
  loaded+=("$(owner "$path")") || fail "no package owns $path"
  echo "package-deb: pelab opens $font: $(owner "$path")" >&2
done
# 3) Mesa's surfaceless EGL platform, which draws the off-screen pictures, loads its DRI drivers
# (llvmpipe without a GPU) from this directory.
loaded+=("$(owner "/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/dri/swrast_dri.so")") ||
  fail "Mesa's DRI drivers are not installed (apt-get install libgl1-mesa-dri)"
depends="$linked, $(printf '%s\n' "${loaded[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"
if grep -qE '(^|, )[a-z0-9.+-]+-dev( |,|$)' <<< "$depends"; then fail "Depends names a -dev package: $depends"; fi

installed_size=$(du -sk --apparent-size "$stage/usr" | cut -f1)
mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" << EOF
Package: pelab
Version: $deb_version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: science
Priority: optional
Description: lab for the position encodings of Transformer models
 pelab draws the position encodings of Transformer models and redraws every
 view while a slider moves: the table as a heatmap, single dimensions as
 waves, the similarity of positions, an offset as a rotation, the spectrum of
 wavelengths, RoPE scalings, relative biases, attention and PCA. Up to four
 configurations are shown side by side, learned tables load from NumPy and
 safetensors files, and seven lessons in Korean and English can be presented
 and exported as slides and a PDF handout.
 .
 pelab-cli computes the same tables, similarities, biases and frequencies for
 scripts and writes them as .npy, CSV or PNG figures.
EOF
find "$stage" -type d -exec chmod 755 {} +
find "$stage/usr/share" -type f -exec chmod 644 {} +
(cd "$stage" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum > DEBIAN/md5sums)

deb="$out/pelab_${deb_version}_${arch}.deb"
fakeroot dpkg-deb --build -Zxz --root-owner-group "$stage" "$deb" > /dev/null
# lintian: errors fail the package; warnings are printed (none today: bench/RESULTS.md).
lintian_log="$work/lintian.txt"
lintian --tag-display-limit 0 "$deb" > "$lintian_log" 2>&1 || true
cat "$lintian_log" >&2
if grep -q '^E: ' "$lintian_log"; then fail "lintian reports errors for $deb"; fi
echo "$deb"

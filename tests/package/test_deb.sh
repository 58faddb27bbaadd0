#!/usr/bin/env bash
# The Debian package as a user gets it: `apt-get install ./pelab_*.deb` into a clean Debian 12 root
# (debootstrap minbase: no compiler, no build tree, no pelab data outside the package), then inside:
#   pelab --version names /usr/share/pelab; a screenshot off screen (EGL surfaceless, Mesa llvmpipe) is
#   a PNG; a .npy table and a session file given as the desktop's "Open with" gives them open (their
#   exported tables checked); lesson 1's slides and PDF handout are written; pelab-cli encode gives the
#   same bytes as the build tree's pelab-cli; the MIME types and the "open with" association work
#   once shared-mime-info and desktop-file-utils are installed (as on a desktop); `apt-get purge` leaves no file of the
#   package behind, and the MIME database forgets its types.
# Dependencies are installed with --no-install-recommends: Depends alone must be enough.
# The minbase root is made once and kept as a tarball in $PELAB_DEB_TEST_CACHE (default
# BUILD_DIR/package-test) with apt's lists and the downloaded .debs, so later runs need only a few
# seconds of network: about 35 s in all, against 4 minutes for the first.
# Usage (as root; needs debootstrap and http://deb.debian.org): test_deb.sh BUILD_DIR DEB_FILE
#    or: test_deb.sh --prepare-root   only makes the cached root (scripts/test.sh runs this in the
#        background while it compiles: debootstrap waits on the network, not on the processors)
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "test_deb: needs root (chroot, mount)" >&2; exit 1; }
prepare_only=0
if [ "${1:-}" = --prepare-root ]; then
  prepare_only=1
  cache=${PELAB_DEB_TEST_CACHE:?test_deb --prepare-root: set PELAB_DEB_TEST_CACHE}
else
  build=$(cd "$1" && pwd)
  deb=$(readlink -f "$2")
  [ -f "$deb" ] || { echo "test_deb: no package '$2'" >&2; exit 1; }
  cache=${PELAB_DEB_TEST_CACHE:-$build/package-test}  # a lasting place spares CI the debootstrap
fi
mirror=http://deb.debian.org/debian
base="$cache/bookworm-minbase.tar"
mkdir -p "$cache/archives"
root=$(mktemp -d "$cache/root.XXXXXX")
fail() { echo "test_deb: $*" >&2; exit 1; }
phase() { echo "test_deb: $* (at $SECONDS s)"; }
# The root lives in a tmpfs: dpkg is faster there, and cleaning up is unmounting, never an rm -rf
# through a directory where /dev might still be bound.
cleanup() {
  for mount_point in var/cache/apt/archives dev/pts dev proc ""; do
    if mountpoint -q "$root/$mount_point" && ! umount "$root/$mount_point"; then
      echo "test_deb: could not unmount $root/$mount_point; left as it is" >&2
      return
    fi
  done
  rmdir "$root"
}
trap cleanup EXIT
mount -t tmpfs -o size=3g,mode=755 pelab-deb-test "$root"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  DEBIAN_FRONTEND=noninteractive "$@"; }

if [ ! -f "$base" ]; then
  echo "test_deb: making a Debian 12 minbase root (once; kept in $base)"
  debootstrap --variant=minbase bookworm "$root" "$mirror" > "$cache/debootstrap.log" 2>&1 ||
    fail "debootstrap failed (network to $mirror?): see $cache/debootstrap.log"
  cat > "$root/etc/apt/sources.list" << EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
  in_root apt-get update -qq
  in_root apt-get clean
  # debootstrap mounts proc inside the root while it installs and does not always unmount it; a
  # kept root is the root's own files only (--one-file-system), never a live /proc.
  for mount_point in proc sys dev/pts dev; do
    if mountpoint -q "$root/$mount_point"; then umount "$root/$mount_point" || umount -l "$root/$mount_point"; fi
  done
  tar --one-file-system -C "$root" -cf "$base.new" . || fail "could not keep the root in $base.new"
  mv "$base.new" "$base"
elif [ "$prepare_only" = 0 ]; then
  tar -C "$root" -xf "$base"
fi
if [ "$prepare_only" = 1 ]; then phase "root made and kept in $base"; exit 0; fi
# dpkg without fsync: a throwaway root needs no crash safety, and installing takes half the time.
echo force-unsafe-io > "$root/etc/dpkg/dpkg.cfg.d/pelab-test-unsafe-io"
phase "root ready"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
mount --bind "$cache/archives" "$root/var/cache/apt/archives"  # .debs kept for the next run

! in_root sh -c 'command -v cc || command -v c++ || command -v cmake' > /dev/null ||
  fail "the root has build tools; it should be a plain minbase"
cp "$deb" "$root/tmp/"
in_root apt-get update -qq
in_root apt-get install -y -qq --no-install-recommends "./tmp/$(basename "$deb")" > "$cache/install.log" 2>&1 ||
  fail "apt-get install of the package failed: $(tail -5 "$cache/install.log")"
phase "pelab installed"
in_root dpkg -L pelab > "$cache/files.txt"
grep -qx /usr/bin/pelab "$cache/files.txt" || fail "the package has no /usr/bin/pelab"

mkdir -p "$root/tmp/t"
scratch="$root/tmp/t"
in_root pelab --version > "$scratch/version.txt" || fail "pelab --version failed: $(cat "$scratch/version.txt")"
grep -qx 'data: /usr/share/pelab' "$scratch/version.txt" || fail "pelab --version: $(cat "$scratch/version.txt")"
grep -q "^pelab $(dpkg-deb -f "$deb" Version | sed 's/\./[.-]/g')\$" "$scratch/version.txt" ||
  fail "pelab --version does not print the package's version: $(head -1 "$scratch/version.txt")"
in_root pelab-cli --version > "$scratch/cli-version.txt" || fail "pelab-cli --version failed"
grep -q '^pelab-cli ' "$scratch/cli-version.txt" || fail "pelab-cli --version: $(cat "$scratch/cli-version.txt")"

png_magic() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
in_root pelab sinusoidal:positions=64,dims=32 --view heatmap --size 800x600 --lang ko \
  --screenshot /tmp/t/shot.png > "$scratch/shot.log" 2>&1 || fail "pelab --screenshot failed: $(cat "$scratch/shot.log")"
png_magic "$scratch/shot.png" || fail "the screenshot is not a PNG"

# "Open with pelab" (Exec=pelab %F): the table file becomes a learned configuration, the session opens.
in_root pelab /usr/share/pelab/presets/gpt2_wpe_64x768.npy --view heatmap --export-data /tmp/t/table \
  > "$scratch/table.log" 2>&1 || fail "pelab FILE.npy failed: $(cat "$scratch/table.log")"
"$build/bin/pelab-cli" encode learned --table "$root/usr/share/pelab/presets/gpt2_wpe_64x768.npy" \
  --out "$scratch/table-built.npy"
cmp -s "$scratch/table/heatmap-table.npy" "$scratch/table-built.npy" ||
  fail "pelab FILE.npy did not show the file's table"
in_root pelab /usr/share/pelab/presets/gpt2_vs_sinusoidal.json --view heatmap --export-data /tmp/t/session \
  > "$scratch/session.log" 2>&1 || fail "pelab SESSION.json failed: $(cat "$scratch/session.log")"
cmp -s "$scratch/session/heatmap-A-table.npy" "$scratch/table-built.npy" ||
  fail "pelab SESSION.json did not open the session's GPT-2 configuration"

in_root pelab --lesson 1 --size 1024x768 --export-slides /tmp/t/slides > "$scratch/slides.log" 2>&1 ||
  fail "pelab --export-slides failed: $(cat "$scratch/slides.log")"
png_magic "$scratch/slides/step_01.png" || fail "no first slide"
handout=$(find "$scratch/slides" -name '*.pdf' -print -quit)
[ -n "$handout" ] && [ "$(head -c 5 "$handout")" = "%PDF-" ] || fail "no PDF handout in the slides directory"

in_root pelab-cli encode sinusoidal --positions 37 --dims 12 --base 500 --out /tmp/t/installed.npy
"$build/bin/pelab-cli" encode sinusoidal --positions 37 --dims 12 --base 500 --out "$scratch/built.npy"
cmp "$scratch/installed.npy" "$scratch/built.npy" || fail "pelab-cli encode differs from the build tree's"

phase "pelab and pelab-cli checked"
# The desktop side, as on a desktop: the triggers of shared-mime-info and desktop-file-utils compile
# the package's MIME types and its "open with" entries; gio (libglib2.0-bin) asks as a file manager does.
in_root apt-get install -y -qq --no-install-recommends shared-mime-info desktop-file-utils libglib2.0-bin \
  > "$cache/mime.log" 2>&1 || fail "could not install shared-mime-info: $(tail -3 "$cache/mime.log")"
content_type() { in_root gio info -a standard::content-type "$1" | sed -n 's/^ *standard::content-type: //p'; }
printf '{"pelab_session": 2, "configs": [{"kind": "integer"}]}\n' > "$scratch/saved.json"
printf '{"other": 1}\n' > "$scratch/other.json"
for expected in "/usr/share/pelab/presets/gpt2_vs_sinusoidal.json application/x-pelab-session" \
                "/tmp/t/saved.json application/x-pelab-session" "/tmp/t/other.json application/json" \
                "/tmp/t/built.npy application/x-npy"; do
  set -- $expected
  [ "$(content_type "$1")" = "$2" ] || fail "$1 is $(content_type "$1"), not $2"
done
for type in application/x-pelab-session application/x-npy application/x-safetensors; do
  associations=$(in_root gio mime "$type")
  grep -q "^Default application for .*: pelab.desktop\$" <<< "$associations" ||
    fail "pelab.desktop does not open $type: $associations"
done

phase "MIME types and associations checked"
in_root apt-get purge -y -qq pelab > "$cache/purge.log" 2>&1 || fail "apt-get purge failed: $(cat "$cache/purge.log")"
while read -r path; do
  [ "$path" != /. ] || continue
  [ -e "$root$path" ] || [ -L "$root$path" ] || continue
  in_root dpkg-query -S "$path" > /dev/null 2>&1 || fail "after purge, $path is still there"
done < "$cache/files.txt"
[ ! -e "$root/usr/share/mime/application/x-pelab-session.xml" ] || fail "the MIME database still knows pelab sessions"
! grep -q pelab "$root/usr/share/applications/mimeinfo.cache" || fail "mimeinfo.cache still names pelab.desktop"
phase "purged"
echo "test_deb: $(basename "$deb") installs into a clean Debian 12, works, and purges without a trace"

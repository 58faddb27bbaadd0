#!/usr/bin/env bash
# The README's first command on a fresh Debian 12 machine: a clean debootstrap root (minbase, as
# tests/package/test_deb.sh makes it, plus git and ca-certificates to clone with), the repository
# cloned into it at REV, then `bash scripts/run.sh` run inside with no display. Prints the wall time,
# the packages and bytes apt downloaded, and whether the two pictures were written.
# Usage (as root; needs debootstrap and the Debian mirror): bench/fresh_root.sh [REV] (default HEAD)
# The minbase tarball is kept in $PELAB_DEB_TEST_CACHE (default build-cache/package-test), shared
# with test_deb.sh; apt's archive cache starts empty, so every package is really downloaded.
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "fresh_root: needs root (chroot, mount)" >&2; exit 1; }
cd "$(dirname "$0")/.."
rev=$(git rev-parse "${1:-HEAD}")
export PELAB_DEB_TEST_CACHE=${PELAB_DEB_TEST_CACHE:-$PWD/build-cache/package-test}
base="$PELAB_DEB_TEST_CACHE/bookworm-minbase.tar"
[ -f "$base" ] || bash tests/package/test_deb.sh --prepare-root
root=$(mktemp -d "${TMPDIR:-/var/tmp}/pelab-fresh-root.XXXXXX")
cleanup() {
  for m in dev/pts dev proc; do mountpoint -q "$root/$m" && umount "$root/$m"; done
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
tar -C "$root" -xf "$base"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends git ca-certificates >/dev/null
in_root apt-get clean
git clone -q --no-local . "$root/root/pelab"
git -C "$root/root/pelab" checkout -q "$rev"
echo "fresh_root: $(git log -1 --format='%h %s' "$rev")"
started=$SECONDS
status=0
in_root bash -c 'cd /root/pelab && bash scripts/run.sh' >"$root/run.log" 2>&1 || status=$?
seconds=$((SECONDS - started))
debs=$(find "$root/var/cache/apt/archives" -name '*.deb' | wc -l)
bytes=$(find "$root/var/cache/apt/archives" -name '*.deb' -printf '%s\n' | awk '{s += $1} END {print s + 0}')
tail -5 "$root/run.log"
pictures=0
for p in out/pelab-overview.png out/sinusoidal-2000x1600.png; do [ -s "$root/root/pelab/$p" ] && pictures=$((pictures + 1)); done
printf 'fresh_root: run.sh exit %d after %d min %02d s; %d packages downloaded, %.1f MB; %d of 2 pictures\n' \
  "$status" $((seconds / 60)) $((seconds % 60)) "$debs" "$(echo "$bytes / 1000000" | bc -l)" "$pictures"

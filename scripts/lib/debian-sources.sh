# Sourced by scripts/build-windows.sh and scripts/build-web.sh: fetches Debian source packages with a
# private apt configuration (its own deb-src list, lists and cache under the build directory; the
# system's apt setup is not touched) and unpacks each once into DIR/<name>; a rerun with the same
# versions reuses them.
#   fetch_debian_sources PREFIX DIR NAME:SOURCE_PACKAGE:BINARY_PACKAGE...
# NAME is the directory under DIR, BINARY_PACKAGE an installed package built from SOURCE_PACKAGE whose
# source version is fetched (the version the Linux build uses). PREFIX starts the messages.

# The source version of an installed package (a binNMU's +bN is the binary's, not the source's).
debian_source_version() {
  local prefix=$1 package=$2
  dpkg-query -W -f '${source:Version}' "$package" 2>/dev/null ||
    { echo "$prefix: $package is not installed (scripts/install-deps.sh)" >&2; return 1; }
}

fetch_debian_sources() {
  local prefix=$1 dir=$2
  shift 2
  local triple name source package version stamp="" wanted=() present=1
  for triple in "$@"; do
    IFS=: read -r name source package <<<"$triple"
    version=$(debian_source_version "$prefix" "$package") || exit 1
    stamp+="${stamp:+ }$source=$version"
    wanted+=("$source=$version")
    [[ -d $dir/$name ]] || present=0
  done
  if [[ $present == 1 && -f $dir/stamp && $(cat "$dir/stamp") == "$stamp" ]]; then
    return
  fi
  command -v dpkg-source >/dev/null || { echo "$prefix: dpkg-source is missing (Debian: dpkg-dev)" >&2; exit 1; }
  echo "$prefix: fetching Debian sources $stamp"
  rm -rf "$dir"
  mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/download"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main" \
    >"$dir/apt/sources.list"
  local apt_options=(-o "Dir::Etc::SourceList=$dir/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$dir/apt/lists" -o "Dir::Cache=$dir/apt/cache" -o Debug::NoLocking=1
    -o APT::Sandbox::User=root)
  apt-get "${apt_options[@]}" -qq update
  (cd "$dir/download" && apt-get "${apt_options[@]}" -qq source --download-only "${wanted[@]}" >/dev/null)
  # apt checked every file against the signed Sources index; the .dsc's own signature needs
  # debian-keyring, which is not worth installing for that.
  for triple in "$@"; do
    IFS=: read -r name source package <<<"$triple"
    dpkg-source --no-check -x "$dir"/download/"${source}"_*.dsc "$dir/$name" >/dev/null
  done
  rm -rf "$dir/apt"
  echo "$stamp" >"$dir/stamp"
}

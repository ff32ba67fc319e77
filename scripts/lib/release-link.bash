# The link flags of the shipped binary, for scripts/build-release
# (CI, install and the Debian package build through it): lld, --no-export-dynamic,
# and packed relative relocations where glibc is 2.36 or newer.
#
# release_link_flags WHO [curl-on-demand]: sets the array release_link; says on stderr, as WHO,
# what it leaves out and why. BENCHMARKS.md measures what each flag saves.
#
# curl-on-demand, for loader-tui and the floor it is measured against (bench/floor), whose
# module CurlOnDemand defines libcurl's functions and opens libcurl at the first call to one:
# `-lcurl` (which FoundationNetworking and CCurl ask for) finds an empty libcurl.a first, so
# libcurl is not a NEEDED library of the binary and is not loaded before the first request.
release_link_flags() {
  local who=$1 glibc stub here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  release_link=()
  if [ "${2:-}" = curl-on-demand ]; then
    stub="$(cd "$here/../.." && pwd)/.build/curl-on-demand"
    mkdir -p "$stub"
    printf '!<arch>\n' >"$stub/libcurl.a"
    # GnuTLS's hook that skips its initialization at load (CurlOnDemand.c says why).
    release_link+=(-Xlinker -L -Xlinker "$stub" -Xlinker --export-dynamic-symbol=_gnutls_global_init_skip)
  fi
  if [ ! -x "$(dirname "$(command -v swiftc)")/ld.lld" ] && ! command -v ld.lld >/dev/null 2>&1; then
    echo "$who: ld.lld not found beside swiftc: the toolchain's default link" >&2
    return 0
  fi
  release_link+=(-Xswiftc -use-ld=lld -Xlinker --no-export-dynamic)
  glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ print $2 }')
  if [ -n "$glibc" ] && printf '2.36\n%s\n' "$glibc" | sort -C -V; then
    release_link+=(-Xlinker -z -Xlinker pack-relative-relocs)
  else
    echo "$who: glibc ${glibc:-unknown} is older than 2.36: relative relocations not packed" >&2
  fi
}

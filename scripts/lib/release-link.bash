# The link flags of the shipped binary, for scripts/build-release and scripts/static-debug-build
# (CI packages and installs the latter, so it is linked the same way): lld, --no-export-dynamic,
# packed relative relocations where glibc is 2.36 or newer, and the function ordering file.
#
# release_link_flags WHO ORDER_FILE [curl-on-demand]: sets the array release_link, and
# release_link_files to the files those flags make the link read (the ordering file and the
# linker script beside this file), which SwiftPM does not track; says on stderr, as WHO, what
# it leaves out and why. BENCHMARKS.md measures what each flag saves.
#
# curl-on-demand, for loader-tui and the floor it is measured against (bench/floor), whose
# module CurlOnDemand defines libcurl's functions and opens libcurl at the first call to one:
# `-lcurl` (which FoundationNetworking and CCurl ask for) finds an empty libcurl.a first, so
# libcurl is not a NEEDED library of the binary and is not loaded before the first request.
release_link_flags() {
  local who=$1 order=$2 glibc stub here
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  release_link=()
  release_link_files=()
  if [ "${3:-}" = curl-on-demand ]; then
    stub="$(cd "$here/../.." && pwd)/.build/curl-on-demand"
    mkdir -p "$stub"
    printf '!<arch>\n' >"$stub/libcurl.a"
    release_link+=(-Xlinker -L -Xlinker "$stub")
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
  if [ -n "$order" ] && [ -f "$order" ]; then
    release_link+=(-Xlinker "--symbol-ordering-file=$order" -Xlinker --no-warn-symbol-ordering)
    # The functions without a symbol, which the ordering cannot name, first (see the script).
    release_link+=(-Xlinker -T -Xlinker "$here/text-layout.ld")
    # shellcheck disable=SC2034 # read by the scripts that source this one
    release_link_files=("$order" "$here/text-layout.ld")
  else
    echo "$who: no ordering file at ${order:-(none)}: functions left in the default order" >&2
  fi
}

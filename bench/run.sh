#!/usr/bin/env bash
# Builds loader-tui in release mode, with the Swift libraries linked statically as a shipped
# binary would be, and prints every benchmark figure, measured side by side with its baseline
# in one run. Needs tmux, curl and libcurl's headers (installed here if missing, as root).
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
for tool in tmux curl python3 openssl; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
dpkg -s libcurl4-openssl-dev >/dev/null 2>&1 || need+=(libcurl4-openssl-dev)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
flags=(-c release --static-swift-stdlib --scratch-path .build/bench)
# The shipped binary's link: lld with packed relative relocations (DT_RELR, glibc 2.36+: the
# 1.9 MB of R_X86_64_RELATIVE entries gold writes are read at every start) and the functions a
# start and a load run linked first and together (bench/link-order.txt, made by
# bench/link-order.py), so the pages they touch, and the 64 KiB the kernel maps around each,
# are few. BENCH_LINK=default measures the toolchain's default link instead.
link=(-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
  -Xlinker --symbol-ordering-file="$PWD/bench/link-order.txt" -Xlinker --no-warn-symbol-ordering)
[ "${BENCH_LINK:-}" = default ] && link=()
# SwiftPM does not see the ordering file as an input: without this, a changed file (or
# BENCH_LINK) would not relink.
rm -f "$(swift build "${flags[@]}" --show-bin-path)/loader-tui"
swift build "${flags[@]}" "${link[@]}" --product loader-tui 2>&1 | tail -n 1
swift build "${flags[@]}" --product LoaderBench 2>&1 | tail -n 1
python3 bench/bench.py "$(swift build "${flags[@]}" --show-bin-path)/loader-tui" "$@"

#!/usr/bin/env bash
# Builds loader-tui as it ships (scripts/build-release: static Swift libraries, lld, packed
# relocations), the floor program in bench/floor the same way, and prints
# every benchmark figure, measured side by side with its baseline in one run. Needs tmux, curl
# and libcurl's headers (installed here if missing, as root).
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
for tool in tmux curl python3 openssl; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
dpkg -s libcurl4-openssl-dev >/dev/null 2>&1 || need+=(libcurl4-openssl-dev)
dpkg -s libncursesw5-dev >/dev/null 2>&1 || need+=(libncursesw5-dev)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
# BENCH_LINK=default measures the toolchain's default link instead (both programs): what lld,
# the packing and --no-export-dynamic buy.
link=()
[ "${BENCH_LINK:-}" = default ] && link=(--default-link)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Builds with scripts/build-release, printing the build's last line (all of it if it fails).
build() {
  if ! scripts/build-release "${link[@]}" "$@" 2>"$log"; then cat "$log" >&2; exit 1; fi
  tail -n 1 "$log" >&2
}
app=$(build)
# LoaderBench (the in-process figures) beside it, from the same build.
build --product LoaderBench >/dev/null
floor=$(build --package-path bench/floor --product floor)
# The app as it was before rows showed as pages arrive (bench/slow_network.py's baseline), built
# the same way in a worktree of its own, kept between runs.
baseline_commit=$(sed -nE 's/^BASELINE_COMMIT = "([0-9a-f]+)".*/\1/p' bench/slow_network.py)
baseline_tree=.build/bench-baseline
if [ "$(git -C "$baseline_tree" rev-parse --short HEAD 2>/dev/null)" != "$baseline_commit" ]; then
  git worktree remove --force "$baseline_tree" 2>/dev/null || rm -rf "$baseline_tree"
  git worktree prune
  git worktree add --detach "$baseline_tree" "$baseline_commit" >/dev/null
fi
if ! baseline=$(cd "$baseline_tree" && scripts/build-release "${link[@]}" 2>"$log"); then
  cat "$log" >&2
  exit 1
fi
[[ $baseline = /* ]] || baseline=$baseline_tree/$baseline
python3 bench/bench.py "$app" --floor "$floor" --baseline "$baseline" "$@"

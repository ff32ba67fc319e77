#!/usr/bin/env bash
# Builds loader-tui in release mode and prints every benchmark figure, measured side by side
# with its baseline in one run. Needs tmux and curl (installed here if missing, as root).
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
for tool in tmux curl python3; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
swift build -c release --product loader-tui 2>&1 | tail -n 1
python3 bench/bench.py "$(swift build -c release --show-bin-path)/loader-tui" "$@"

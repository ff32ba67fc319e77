#!/usr/bin/env bash
# Builds the fuzz binary and runs each target for a bounded time (default 60 s each).
# Usage: Fuzz/run.sh [seconds-per-target]
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
swift build -c debug 2>&1 | tail -n 1
binary="$(swift build -c debug --show-bin-path)/LoaderFuzz"
for target in sanitizer link json; do
  work="$(mktemp -d)"
  cp Corpus/"$target"/* "$work"/
  echo "fuzz: $target for ${seconds}s"
  FUZZ_TARGET="$target" "$binary" -max_total_time="$seconds" -max_len=4096 \
    -print_final_stats=1 "$work" 2>&1 | grep -E "^(stat::number_of_executed_units|stat::new_units_added|==|SUMMARY|Done)" || true
  if ls crash-* leak-* timeout-* >/dev/null 2>&1; then
    echo "fuzz: $target found a problem; inputs kept in $(pwd)"
    exit 1
  fi
  rm -rf "$work"
done
echo "fuzz: 3 passed, 0 failed"

#!/usr/bin/env bash
# 2021-23's inputs for `scripts/solutions-tables.sh`, written into DIR, their paths printed:
# part 1's slowest possible input, and one of part 2's slowest with a solution.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1
cargo build -q --release -p aoc2021 --features prof --example input23
target/release/examples/input23 AADC/BDBC > "$dir/day23-AADC-BDBC.txt"
target/release/examples/input23 ABCD/ACDB > "$dir/day23-ABCD-ACDB.txt"
printf '%s\n' "$dir/day23-AADC-BDBC.txt" "$dir/day23-ABCD-ACDB.txt"

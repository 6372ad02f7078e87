#!/usr/bin/env bash
# 2016-11's inputs for `scripts/solutions-tables.sh`, written into DIR, their paths printed:
# a real-shaped layout (five pairs, seven in part 2: the table answers both) and one past
# the table (nine pairs: the default searches too).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1
cargo build -q --release -p aoc2016 --features prof --example prof11
target/release/examples/prof11 show real 0 > "$dir/day11-real.txt"
target/release/examples/prof11 show past 1 > "$dir/day11-nine-pairs.txt"
printf '%s\n' "$dir/day11-real.txt" "$dir/day11-nine-pairs.txt"

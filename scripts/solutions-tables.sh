#!/usr/bin/env bash
# Rewrites the tables in docs/2016-11.md and docs/2021-23.md that compare each day's
# solutions (the default and its named alternatives, issue #45): `cargo xtask time DAY
# --doc FILE`, on the example and on generated inputs, each table between its own markers
# (`<!-- timings:start INPUT ... -->`, INPUT the example or the generated file's name).
#
#   scripts/solutions-tables.sh            # both days (about five minutes on two cores)
#   scripts/solutions-tables.sh 2021-23    # one
set -euo pipefail
cd "$(dirname "$0")/.."
days=("$@")
[ ${#days[@]} -gt 0 ] || days=(2016-11 2021-23)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cargo build -q --release -p aoc2016 --example prof11 -p aoc2021 --example input23
for day in "${days[@]}"; do
    doc="docs/$day.md"
    inputs=()
    case $day in
    2016-11)
        # A real-shaped layout (five pairs, seven in part 2: the table answers both) and one
        # past the table (nine pairs: the default searches too).
        target/release/examples/prof11 show real 0 > "$dir/day11-real.txt"
        target/release/examples/prof11 show past 1 > "$dir/day11-nine-pairs.txt"
        inputs=("$dir/day11-real.txt" "$dir/day11-nine-pairs.txt")
        ;;
    2021-23)
        # Part 1's slowest possible input, and one of part 2's slowest with a solution.
        target/release/examples/input23 AADC/BDBC > "$dir/day23-AADC-BDBC.txt"
        target/release/examples/input23 ABCD/ACDB > "$dir/day23-ABCD-ACDB.txt"
        inputs=("$dir/day23-AADC-BDBC.txt" "$dir/day23-ABCD-ACDB.txt")
        ;;
    esac
    # Written on a copy, every page put back at the end: the tree stays clean while timing,
    # so every table names the commit it measured, not `-dirty`.
    cp "$doc" "$dir/$day.md"
    cargo xtask time "$day" --doc "$dir/$day.md"
    for input in "${inputs[@]}"; do
        cargo xtask time "$day" --input "$input" --doc "$dir/$day.md"
    done
done
for day in "${days[@]}"; do
    cp "$dir/$day.md" "docs/$day.md"
done

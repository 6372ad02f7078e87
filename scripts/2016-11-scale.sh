#!/usr/bin/env bash
# 2016 day 11 at scale: for 8 to 30 pairs, the all-on-the-first-floor layout (its answer is
# the lower bound) and the hardest of four seeded random layouts shaped like real inputs
# (each microchip on its generator's floor or on a floor without generators; the hardest is
# the one whose part 1 expands the most states), solved by the optimised runner. Prints a
# Markdown table: first-call solve time and peak heap per part.
#
#   scripts/2016-11-scale.sh            # the scale table in docs/2016-11.md
#   scripts/2016-11-scale.sh 10 20      # other sizes
#   KEEP_DIR=/tmp/l scripts/2016-11-scale.sh 30   # keep the generated layouts there
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(8 10 15 20 25 28 30)
cargo build -q --release -p runner
aoc=target/release/aoc-days
dir=${KEEP_DIR:-$(mktemp -d)}
[ -n "${KEEP_DIR:-}" ] || trap 'rm -rf "$dir"' EXIT
ordinals=(first second third fourth)

name() { local i=$1 n=e; while [ "$i" -gt 0 ]; do n+=$(printf "\\$(printf '%03o' $((97 + i % 26)))"); i=$((i / 26)); done; echo "$n"; }

# layout FILE FLOORS...: FLOORS are "g,c" per pair.
layout() {
    local file=$1; shift
    local items=("" "" "" "") i=1
    for pair in "$@"; do
        local e; e=$(name "$i")
        local g=${pair%,*} c=${pair#*,}
        items[g]+="${items[g]:+, }a $e generator"
        items[c]+="${items[c]:+, }a $e-compatible microchip"
        i=$((i + 1))
    done
    : > "$file"
    for f in 0 1 2 3; do
        echo "The ${ordinals[f]} floor contains ${items[f]:-nothing relevant}." >> "$file"
    done
}

# One run: "part-1 cell | part-2 cell" from the runner's first-call figures.
cells() {
    "$aoc" run 2016-11 --input "$1" 2>/dev/null | sed -E \
        -e 's/^2016-11 part [12]: ([0-9]+)  \(first call: parse [^,]*, solve ([^;]*); heap peak ([^ ]* [^ ]*) in.*/\1 rides, \2, \3/' \
        -e 's/^2016-11 part [12]: (no solution|refused|part 2 would have [0-9]+ element pairs).*/\1/' | paste -sd'|' | sed 's/|/ | /'
}

echo "| pairs | layout | part 1: rides, solve, peak heap | part 2 (+2 pairs) |"
echo "|---|---|---|---|"
for n in "${sizes[@]}"; do
    pairs=(); for ((i = 0; i < n; i++)); do pairs+=("0,0"); done
    layout "$dir/one.txt" "${pairs[@]}"
    echo "| $n | all on the first floor | $(cells "$dir/one.txt") |"
    worst=1 worst_work=-1
    for seed in 1 2 3 4; do
        RANDOM=$((n * 100 + seed))
        floors=(0 1 2); gens=(); free=()
        for f in 0 1 2; do if [ $((RANDOM % 2)) = 0 ]; then gens+=("$f"); else free+=("$f"); fi; done
        [ ${#gens[@]} -gt 0 ] || gens=(0)
        pairs=()
        for ((i = 0; i < n; i++)); do
            g=${gens[RANDOM % ${#gens[@]}]}
            if [ ${#free[@]} -gt 0 ] && [ $((RANDOM % 2)) = 0 ]; then c=${free[RANDOM % ${#free[@]}]}; else c=$g; fi
            pairs+=("$g,$c")
        done
        layout "$dir/r$seed.txt" "${pairs[@]}"
        # The hardest by part 1's states expanded, which no clock or load changes.
        work=$("$aoc" run 2016-11 --input "$dir/r$seed.txt" --explain 2>/dev/null | sed -nE 's/.*search: ([0-9]+) expanded.*/\1/p' | head -1)
        if [ "${work:-0}" -gt "$worst_work" ]; then worst_work=$work; worst=$seed; fi
    done
    echo "| $n | hardest of 4 random | $(cells "$dir/r$worst.txt") |"
done

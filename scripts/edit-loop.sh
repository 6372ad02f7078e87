#!/usr/bin/env bash
# The edit-to-answer loop, ours against a one-binary-per-day template (issue #52): how long
# from saving an edit of one day to seeing its new answer, wall clock and processor time.
#
# It builds, in a scratch folder and without the network:
#   ours/     a clone of this repository's HEAD with the shipped days removed and 25 days
#             of 2015 and of 2016 scaffolded (two years, as a user's workspace grows), each
#             holding the body in scripts/edit-loop/body.rs (a digit grid searched
#             breadth-first and with Dijkstra, regions counted; std only);
#   perday/   a small cargo project with the same 25 bodies as src/bin/NN.rs, each its own
#             binary, built and run as fspoettel's template does (`cargo run --release --bin 03`);
# then edits day 3 in each, alternating, and times each edit's command to its answer.
#
#   scripts/edit-loop.sh                 # 5 edits each (about 5 minutes on two cores)
#   scripts/edit-loop.sh --edits 9 --day 3 --years 1 --keep /tmp/edit-loop
#
# Commit first: the clone is of HEAD. Figures, and what each choice bought: docs/benchmarks.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
edits=5
day=3
years=2
keep=
while [ $# -gt 0 ]; do
    case $1 in
    --edits) edits=$2; shift 2 ;;
    --day) day=$2; shift 2 ;;
    --years) years=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    *) echo "usage: $0 [--edits N] [--day D] [--years N] [--keep DIR]" >&2; exit 2 ;;
    esac
done
if [ -n "$keep" ]; then
    work=$keep
    rm -rf "$work"
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
# Each project builds in its own target folder, as a user's would.
unset CARGO_TARGET_DIR CARGO_BUILD_TARGET_DIR

# A deterministic 71x71 digit grid for day $1, the day's blocked digit kept off the corners.
grid() {
    awk -v day="$1" 'BEGIN {
        seed = day * 7919 + 17; n = 71; blocked = day % 10; corner = (blocked == 1) ? 2 : 1
        for (y = 0; y < n; y++) {
            row = ""
            for (x = 0; x < n; x++) {
                seed = (seed * 1103515245 + 12345) % 2147483648
                d = int(seed / 65536) % 10
                if ((x == 0 && y == 0) || (x == n - 1 && y == n - 1)) d = corner
                row = row d
            }
            print row
        }
    }'
}

body() {
    sed "s/@DAY@/$1/" "$root/scripts/edit-loop/body.rs"
}

echo "== building the scenario in $work"
git clone --quiet "$root" "$work/ours"
cd "$work/ours"
shipped=$(cargo xtask list 2>/dev/null)
# shellcheck disable=SC2086 # one word a day
[ -z "$shipped" ] || cargo xtask remove $shipped >/dev/null 2>&1
for year in $(seq 2015 $((2014 + years))); do
    mkdir -p "inputs/$year"
    for d in $(seq 1 25); do
        cargo xtask scaffold "$year-$d" >/dev/null 2>&1
        body "$d" > "crates/aoc$year/src/day$d/solve.rs"
        grid "$d" > "inputs/$year/day$d.txt"
    done
done

mkdir -p "$work/perday/src/bin" "$work/perday/data/inputs"
cat > "$work/perday/Cargo.toml" <<'TOML'
[package]
name = "perday"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
TOML
for d in $(seq 1 25); do
    nn=$(printf '%02d' "$d")
    cp "inputs/2015/day$d.txt" "$work/perday/data/inputs/$nn.txt"
    {
        echo "pub struct Input { pub lines: Vec<String> }"
        echo
        echo "mod solve {"
        body "$d"
        echo "}"
        cat <<RUST

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/inputs/$nn.txt");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let input = Input { lines: text.lines().map(str::to_string).collect() };
    let started = std::time::Instant::now();
    println!("Part 1: {:?} ({:?})", solve::part1(&input), started.elapsed());
    let started = std::time::Instant::now();
    println!("Part 2: {:?} ({:?})", solve::part2(&input), started.elapsed());
}
RUST
    } > "$work/perday/src/bin/$nn.rs"
done
nn=$(printf '%02d' "$day")

ours() { (cd "$work/ours" && cargo xtask run "2015-$day"); }
perday() { (cd "$work/perday" && cargo run --quiet --release --bin "$nn"); }
edit() { sed -i "s/^const EDIT: i64 = .*/const EDIT: i64 = $2;/" "$1"; }

echo "== first builds (not counted)"
ours > "$work/first-ours.txt" 2>&1 || { cat "$work/first-ours.txt"; exit 1; }
perday > "$work/first-perday.txt" 2>&1 || { cat "$work/first-perday.txt"; exit 1; }

# timed <name> <edit number>: one edit of day $day, then its answer; prints wall and CPU.
TIMEFORMAT='%R %U %S'
timed() {
    local name=$1 edit_number=$2 file log="$work/$1-$2.txt" times
    if [ "$name" = ours ]; then file="$work/ours/crates/aoc2015/src/day$day/solve.rs"; else file="$work/perday/src/bin/$nn.rs"; fi
    edit "$file" "$edit_number"
    times=$( { time "$name" > "$log" 2>&1; } 2>&1 ) || { cat "$log"; echo "$name failed after edit $edit_number" >&2; exit 1; }
    # The edit shows in the answer: the run did rebuild.
    grep -q "$edit_number" "$log" || { cat "$log"; echo "$name: edit $edit_number not in its answer" >&2; exit 1; }
    read -r wall user sys <<< "$times"
    printf '%-8s %5s %8.2f %8.2f\n' "$name" "$edit_number" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')"
}

echo "== $edits edits of day $day each, alternating (seconds; ours: $years year(s) of 25 days)"
printf '%-8s %5s %8s %8s\n' tool edit wall cpu
results="$work/results.txt"
: > "$results"
for i in $(seq 1 "$edits"); do
    if [ $((i % 2)) -eq 1 ]; then order="ours perday"; else order="perday ours"; fi
    for name in $order; do
        timed "$name" "$((1000 + i))" | tee -a "$results"
    done
done

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "== medians of $edits edits"
for name in ours perday; do
    wall=$(awk -v n="$name" '$1 == n { print $3 }' "$results" | median)
    cpu=$(awk -v n="$name" '$1 == n { print $4 }' "$results" | median)
    printf '%-8s wall %6.2f s   cpu %6.2f s\n' "$name" "$wall" "$cpu"
done
echo "(at $(git -C "$root" rev-parse --short HEAD), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'))"

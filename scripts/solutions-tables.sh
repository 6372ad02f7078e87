#!/usr/bin/env bash
# Rewrites the tables in the days' pages that compare each day's solutions (the default and
# its named alternatives, issue #45): `cargo xtask time DAY --doc docs/DAY.md`, on the
# example and on the inputs the day's own `scripts/DAY-inputs.sh DIR` generates (one file
# name a line), each table between its own markers (`<!-- timings:start INPUT ... -->`,
# INPUT the example or the generated file's name).
#
#   scripts/solutions-tables.sh         # every day whose page has such markers (minutes)
#   scripts/solutions-tables.sh DAY...  # those days
set -euo pipefail
cd "$(dirname "$0")/.."
days=("$@")
if [ ${#days[@]} -eq 0 ]; then
    for page in docs/[0-9][0-9][0-9][0-9]-*.md; do
        [ -e "$page" ] && grep -q '<!-- timings:start' "$page" && days+=("$(basename "$page" .md)")
    done
fi
[ ${#days[@]} -gt 0 ] || { echo "no day's page has timings markers: nothing to rewrite" >&2; exit 0; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for day in "${days[@]}"; do
    doc="docs/$day.md"
    [ -f "$doc" ] || { echo "$doc does not exist" >&2; exit 1; }
    inputs=()
    if [ -x "scripts/$day-inputs.sh" ]; then
        mapfile -t inputs < <("scripts/$day-inputs.sh" "$dir")
    fi
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

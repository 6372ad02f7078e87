//! # 2016 day 11: Radioisotope Thermoelectric Generators
//!
//! Generators and microchips sit on four floors; an elevator carrying one or two items rides
//! one floor at a time. A microchip fries when it shares a floor with another element's
//! generator unless its own generator is there too. Part 1 asks for the fewest rides that
//! bring every item to the fourth floor; part 2 adds two more pairs on the first floor.
//!
//! ## Model
//! Elements are interchangeable: swapping two elements' names changes nothing about how
//! many rides are needed. So a state is the *multiset* of pair types `(generator floor,
//! chip floor)` plus the elevator: sixteen 6-bit counters (up to 63 pairs), two elevator
//! bits and the item counts of floors 1 to 3 in one `u128` ([`State`]). Equivalent
//! layouts are one state, a ride is one subtraction and one addition from a precomputed
//! table, and a ride whose items are missing is rejected with one mask test. A floor is
//! safe when it holds no generator or no chip whose generator is elsewhere: two mask
//! tests, and a ride only changes two floors.
//!
//! ## Rides (successors)
//! Rides are enumerated over pair types, not items, so equivalent items give one ride.
//! A generator and a chip of different elements never ride together: the chip shares its
//! floor with that generator, so it is safe only because its own generator is there too,
//! and that one stays behind, so the chip would fry on arrival. Every other ride is tried
//! and kept when both floors it touches stay safe. No other pruning is applied: every
//! ride the rules allow is available to the search, so the answer is exact.
//!
//! ## Lower bound
//! Look at the boundary between floor `k` and `k + 1`, with `n` items at or below it. Every
//! ride crosses exactly one boundary. Over the whole solution, rides up across it carry at
//! most two items each and rides down at least one, and the net flow must be `n` items. If
//! the elevator starts below, there is one more up-ride than down-rides, so
//! `2(D + 1) - D >= n` and the crossings `2D + 1 >= max(1, 2n - 3)`; if it starts above,
//! ups equal downs and `U >= n`, so the crossings are at least `2n`. Summing the
//! boundaries never over-estimates. On real inputs this bound is usually the answer.
//!
//! ## Table of fewest rides (up to seven pairs)
//! Every ride can be undone, so the rides form an undirected graph and the fewest rides
//! from a state is its breadth-first distance *from* the goal. Only safe states are ever
//! reached, and there are few of them (thousands for seven pairs), so the build script runs
//! that one search per pair count and embeds the distance of every safe state of up to
//! seven pairs: one byte each, at the state's number in the searches' own numbering
//! (`aoc2016_day11_model::tablebase`, below). Real inputs have five
//! pairs, seven in part 2, so both parts are a table lookup: exact by construction, for
//! every layout of that size, with no assumption about its shape. Tests cross-check the
//! table against a plain BFS (up to five pairs) and against the search below (six and seven).
//!
//! ## Search (more than seven pairs, and `--explain`)
//! Both searches are search-core's, over densely numbered states
//! ([`search_core::Numbered`]); this module gives them the puzzle: the state, its
//! numbering, the bound, the order rides are tried in, and the rule for stranded chips.
//! States are marked in flat arrays numbered densely over the *safe* states only
//! (`aoc2016_day11_model::dense::SafeNumbering`, which numbers the table too): a safe state uses at most six of the sixteen pair types,
//! so 30 pairs need about 13 MB whatever the layout.
//!
//! First a quick try for a path exactly as long as the bound (module `tight`): a depth-first
//! search over rides that lower the bound, trying states with fewer chips waiting for their
//! generators first and skipping states where three chips wait on one floor for generators
//! from below. A path it finds is optimal (nothing is shorter than the bound); on every
//! family measured whose answer is the bound it takes a few hundred states, and otherwise
//! it usually gives up within a few thousand.
//!
//! Then A* with the same bound, run contour by contour: every ride moves the bound by
//! exactly one, so `rides + bound` either stays (a tight ride) or grows by two, and each
//! contour is explored depth-first with no priority queue and no stored distances, a byte
//! per state saying which contour (modulo three) first reached it. Every ride can be
//! undone, so `--explain`'s path is walked back from the goal by those residues.
//! Unsolvable layouts end with "no solution" once every reachable state is exhausted.

mod layout;
mod parse;
mod solve;
mod space;
mod tight;

use aoc_day::Part;
use aoc_runner_derive::{aoc, aoc_generator};
use itertools::Itertools;

pub use layout::{Floor, Layout, Pair, State, MAX_PAIRS};
pub use parse::{parse, ParseError};
pub use solve::{
    min_rides, min_rides_by_bfs, min_rides_by_search, min_rides_part_two, part_two_by, solution, with_part_two_pairs,
    Snapshot, SolveError,
};

/// The solution of `part` ride by ride, as `cargo xtask run --explain` prints
/// it: the puzzle's four-floor diagram after each ride, then the search statistics.
pub fn explain(input: &str, part: Part) -> Result<String, String> {
    let layout = parse(input).map_err(|e| e.to_string())?;
    let layout = if part == Part::Two { with_part_two_pairs(&layout).map_err(|e| e.to_string())? } else { layout };
    let started = std::time::Instant::now();
    let (snapshots, stats) = solution(&layout);
    let elapsed = started.elapsed();
    let snapshots = snapshots.map_err(|e| e.to_string())?;
    let names = abbreviations(&layout);
    let mut out = String::new();
    for (n, snapshot) in snapshots.iter().enumerate() {
        out += &if n == 0 { "start\n".to_string() } else { format!("ride {n}\n") };
        out += &diagram(snapshot, &names);
        out.push('\n');
    }
    out += &format!("{} rides; search: {stats}, {elapsed:?}\n", snapshots.len() - 1);
    Ok(out)
}

/// Short names per element, as the puzzle writes them (`H` for hydrogen), made longer
/// (`Th`, `Ti`) where first letters clash.
fn abbreviations(layout: &Layout) -> Vec<String> {
    let names: Vec<&str> = layout.elements().collect();
    let longest = names.iter().map(|n| n.len()).max().unwrap_or(1);
    let prefix = |name: &str, k: usize| name.chars().take(k).collect::<String>();
    let unique = (1..=longest).find(|&k| names.iter().map(|n| prefix(n, k)).all_unique()).unwrap_or(longest);
    names
        .iter()
        .map(|n| {
            let mut chars = n.chars().take(unique);
            chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect()
        })
        .collect()
}

/// The puzzle's diagram: rows F4 to F1, `E` for the elevator, `HG`/`HM` items, `.` gaps.
fn diagram(s: &Snapshot, names: &[String]) -> String {
    let width = names.iter().map(|n| n.len() + 1).max().unwrap_or(2);
    let mut out = String::new();
    for floor in (0..4).rev() {
        out += &format!("F{} {}  ", floor + 1, if s.elevator == floor { 'E' } else { '.' });
        for (name, &(g, c)) in names.iter().zip(&s.floors) {
            for (at, kind) in [(g, 'G'), (c, 'M')] {
                let cell = if at == floor { format!("{name}{kind}") } else { ".".to_string() };
                out += &format!("{cell:<width$} ");
            }
        }
        out = out.trim_end().to_string();
        out.push('\n');
    }
    out
}

/// The puzzle's example with the answer it gives (examples.txt beside this file, in the
/// format of `aoc_day::examples`): what `run --example` and `check` check.
pub const EXAMPLE: &str = include_str!("examples.txt");

/// The example's input alone (the first example of [`EXAMPLE`], as a test checks): 11 rides
/// for part 1; no solution for part 2.
pub const EXAMPLE_INPUT: &str = "\
The first floor contains a hydrogen-compatible microchip and a lithium-compatible microchip.
The second floor contains a hydrogen generator.
The third floor contains a lithium generator.
The fourth floor contains nothing relevant.
";

#[aoc_generator(day11)]
fn generator(input: &str) -> Result<Layout, ParseError> {
    parse(input)
}

#[aoc(day11, part1)]
fn part1(layout: &Layout) -> Result<u32, SolveError> {
    min_rides(layout).0
}

#[aoc(day11, part2)]
fn part2(layout: &Layout) -> Result<u32, SolveError> {
    min_rides_part_two(layout)
}

// What the table and the searches buy (`cargo xtask time 2016-11`): `search` is the
// default's searches without the table, `bfs` a plain breadth-first search over the same
// canonical states and their dense numbering.

#[aoc(day11, part1, search)]
fn part1_search(layout: &Layout) -> Result<u32, SolveError> {
    min_rides_by_search(layout).0
}

#[aoc(day11, part1, bfs)]
fn part1_bfs(layout: &Layout) -> Result<u32, SolveError> {
    min_rides_by_bfs(layout)
}

#[aoc(day11, part2, search)]
fn part2_search(layout: &Layout) -> Result<u32, SolveError> {
    part_two_by(layout, |l| min_rides_by_search(l).0)
}

#[aoc(day11, part2, bfs)]
fn part2_bfs(layout: &Layout) -> Result<u32, SolveError> {
    part_two_by(layout, min_rides_by_bfs)
}

#[cfg(test)]
mod tests;

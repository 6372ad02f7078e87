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
//! chip floor)` plus the elevator: sixteen 7-bit counters and two elevator bits in one
//! `u128` ([`model::State`]). Equivalent layouts are one state, and a ride is one
//! subtraction and one addition. A floor is safe when it holds no generator or no chip
//! whose generator is elsewhere: two mask tests, and a ride only changes two floors.
//!
//! ## Rides (successors)
//! Rides are enumerated over pair types, not items, so equivalent items give one ride.
//! A generator and a chip of different elements never ride together (it always fries the
//! chip, see [`model`]); everything else is tried and kept when both touched floors stay
//! safe. No other pruning is applied: every ride the rules allow is available to the
//! search, so the answer is exact.
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
//! ## Search
//! First a depth-first descent limited to `rides + bound <= bound(start)`, trying two-item
//! rides up first ([`search_core::bounded_dfs_cost`]). A goal found this way costs exactly
//! the lower bound, so it is optimal, and it is found after expanding little more than
//! the path itself. Only if the descent fails does A* (with the same bound as heuristic)
//! search for the true optimum. Unsolvable layouts end with "no solution" once every
//! reachable state is exhausted.

mod model;
mod parse;
mod solve;

use aoc_runner_derive::{aoc, aoc_generator};

pub use model::{Floor, Layout, Pair, State, MAX_PAIRS};
pub use parse::{parse, ParseError};
pub use solve::{min_rides, with_part_two_pairs, SolveError};

/// The example from the puzzle text: 11 rides for part 1; no solution for part 2.
pub const EXAMPLE: &str = "\
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
    min_rides(&with_part_two_pairs(layout)?).0
}

#[cfg(test)]
mod tests;

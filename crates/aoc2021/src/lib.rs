//! Advent of Code 2021.

use aoc_runner_derive::aoc_lib;
pub mod day23;

aoc_lib! { year = 2021 }

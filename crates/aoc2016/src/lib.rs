//! Advent of Code 2016.

use aoc_runner_derive::aoc_lib;
pub mod day11;

aoc_lib! { year = 2016 }

//! Advent of Code 2021.

use aoc_runner_derive::aoc_lib;

pub mod day23;

aoc_lib! { year = 2021 }

// `DAYS`: every day of this crate, written by the build script from the `#[aoc]` attributes.
include!(concat!(env!("OUT_DIR"), "/days.rs"));

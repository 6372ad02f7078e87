//! Advent of Code 2016.

use aoc_runner_derive::aoc_lib;

pub mod day11;

aoc_lib! { year = 2016 }

// `DAYS`: every day of this crate, written by the build script from the `#[aoc]` attributes.
include!(concat!(env!("OUT_DIR"), "/days.rs"));

//! Advent of Code 2016.

use aoc_runner_derive::aoc_lib;

// Each day is compiled with its feature or `all-days` (see Cargo.toml), so that
// `cargo xtask run <day>` builds that day alone. Code shared by several days goes in a
// module of its own here, which every build compiles.

#[cfg(any(feature = "all-days", feature = "day11"))]
pub mod day11;

aoc_lib! { year = 2016 }

// `DAYS`: every day of this crate, written by the build script from the `#[aoc]` attributes.
include!(concat!(env!("OUT_DIR"), "/days.rs"));

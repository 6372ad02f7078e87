//! Advent of Code 2016.

// A build of some days alone (`cargo xtask run <day>`) leaves code that only other days
// use unused: that is expected, not worth a warning. Every day's build still warns.
#![cfg_attr(not(feature = "all-days"), allow(dead_code, unused_imports))]

use aoc_runner_derive::aoc_lib;

// Each day is compiled with its feature or `all-days` (see Cargo.toml), so that
// `cargo xtask run <day>` builds that day alone. Code shared by several days goes in a
// module of its own here, which every build compiles.

#[cfg(any(feature = "all-days", feature = "day11"))]
pub mod day11;

aoc_lib! { year = 2016 }

// `DAYS`: every day of this crate, written by the build script from the `#[aoc]` attributes.
include!(concat!(env!("OUT_DIR"), "/days.rs"));

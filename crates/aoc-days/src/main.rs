//! `aoc-days`: the runner (crate `runner`) with every year crate's days. This is all that an
//! edit of a day recompiles besides the day's year crate, so the solving loop stays short;
//! everything else lives in the runner.

// `YEARS`: the `DAYS` of every year crate in this crate's manifest.
include!(concat!(env!("OUT_DIR"), "/years.rs"));

fn main() -> std::process::ExitCode {
    runner::main(YEARS)
}

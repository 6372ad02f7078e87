//! Registers this crate's days and writes its cargo-aoc metadata (crate `aoc-build`).

fn main() {
    aoc_build::year_crate();
}

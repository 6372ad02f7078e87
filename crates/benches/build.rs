//! Lists the year crates this package benchmarks (crate `aoc-build`), as `aoc-days`'s does.

fn main() {
    aoc_build::days_binary();
}

//! Lists the year crates this package benchmarks (crate `aoc-build`), as the runner's does.

fn main() {
    aoc_build::runner();
}

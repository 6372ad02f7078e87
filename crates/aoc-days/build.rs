//! Lists the year crates this binary links (crate `aoc-build`).

fn main() {
    aoc_build::days_binary();
}

//! A harness for instruction counts: solves one part of every `step`-th possible puzzle
//! input (`aoc2021::day23::every_puzzle_input`) `reps` times and prints the sum of the
//! answers and what the searches did, so that a profiler sees the solver and little else.
//!
//! ```sh
//! cargo build --profile bench -p aoc2021 --features prof --example prof23
//! valgrind --tool=callgrind target/release/examples/prof23 2 20   # part 2, every 20th input
//! valgrind --tool=callgrind target/release/examples/prof23 1 1    # part 1, all 2,520
//! valgrind --tool=callgrind target/release/examples/prof23 2 1 1 189,195,253   # these inputs
//! ```
//!
//! Arguments: part (1 or 2, default 2), step (default 20), reps (default 1), and the inputs
//! to take (numbers in `every_puzzle_input()`'s order, comma-separated; default all, every
//! `step`-th of them).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use aoc2021::day23::{every_puzzle_input, least_energy, parse};
use search_core::Stats;

fn main() {
    let arg = |n: usize, default: usize| std::env::args().nth(n).map_or(default, |s| s.parse().expect("a number"));
    let (part, step, reps) = (arg(1, 2), arg(2, 20), arg(3, 1));
    let chosen: Option<Vec<usize>> =
        std::env::args().nth(4).map(|list| list.split(',').map(|n| n.parse().expect("an input number")).collect());
    let inputs = every_puzzle_input();
    let burrows: Vec<_> = inputs
        .iter()
        .enumerate()
        .filter(|(n, _)| chosen.as_ref().is_none_or(|chosen| chosen.contains(n)))
        .map(|(_, text)| text)
        .step_by(step)
        .map(|text| {
            let burrow = parse(text).expect("every possible input parses");
            if part == 2 {
                burrow.unfolded().expect("a puzzle input unfolds")
            } else {
                burrow
            }
        })
        .collect();
    let (mut answers, mut stats) = (0u64, Stats::default());
    for _ in 0..reps {
        for burrow in &burrows {
            let (answer, searched) = least_energy(burrow);
            answers += answer.map_or(0, u64::from);
            stats.expanded += searched.expanded;
            stats.generated += searched.generated;
            stats.dead_ends += searched.dead_ends;
            stats.peak_frontier = stats.peak_frontier.max(searched.peak_frontier);
        }
    }
    println!("{} burrows, answers summing to {answers}; {stats}", burrows.len() * reps);
}

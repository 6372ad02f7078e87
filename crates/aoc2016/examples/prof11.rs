//! A harness for instruction counts: parses and solves one part of a fixed, seeded set of
//! 2016-11 layouts and prints the sum of the answers and what the searches did, so that a
//! profiler sees the solver and little else.
//!
//! ```sh
//! cargo build --profile bench -p aoc2016 --features prof --example prof11
//! valgrind --tool=callgrind target/release/examples/prof11 1 real   # part 1, real-size layouts
//! valgrind --tool=callgrind target/release/examples/prof11 2 real   # part 2 (seven pairs)
//! valgrind --tool=callgrind target/release/examples/prof11 1 past   # part 1, past the table
//! valgrind --tool=callgrind target/release/examples/prof11 2 past   # part 2, past the table
//! ```
//!
//! Arguments: part (1 or 2, default 1) and the set (default `past`):
//!
//! * `real`: 1,000 layouts of the shape every real input has (five pairs on floors 1 to 3,
//!   each microchip on its generator's floor or above it), solvable or not: a table lookup
//!   in both parts, so this measures the parse and the lookup;
//! * `past`: the work guard's 40 layouts of 8 to 12 pairs (`day11/tests/work.rs`, seed 11),
//!   past the table, so searched: the quick try at the bound, then the contour search.
//!
//! `prof11 show SET N` prints the set's `N`th layout as a puzzle input instead (what
//! `scripts/solutions-tables.sh` times the day's solutions on).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use aoc2016::day11::{min_rides, min_rides_part_two, parse, Layout};
use search_core::Stats;
use test_kit::Rng;

/// The tests' layouts and their text, shared so that both measure the same inputs.
#[allow(dead_code)]
#[path = "../src/day11/tests/layouts.rs"]
mod layouts;

use layouts::{render, safe_start};

/// The work guard's layouts: 40 safe layouts of 8 to 12 pairs over all four floors (seed 11).
fn past_the_table() -> Vec<String> {
    layouts::seeded_pairs(11, 40, 8..=12).iter().map(|pairs| render(pairs)).collect()
}

/// Real-size layouts: five pairs on the first three floors, each chip at or above its
/// generator, safe at the start.
fn real_size() -> Vec<String> {
    let mut rng = Rng::new(2016);
    let mut texts = Vec::new();
    while texts.len() < 1000 {
        let pairs: Vec<(usize, usize)> = (0..5)
            .map(|_| {
                let g = rng.below(3);
                (g, g + rng.below(3 - g))
            })
            .collect();
        if safe_start(&pairs) {
            texts.push(render(&pairs));
        }
    }
    texts
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("show") {
        let set = std::env::args().nth(2).unwrap_or_else(|| "real".into());
        let n: usize = std::env::args().nth(3).map_or(0, |s| s.parse().expect("a layout number"));
        let texts = if set == "past" { past_the_table() } else { real_size() };
        print!("{}", texts[n % texts.len()]);
        return;
    }
    let part: usize = std::env::args().nth(1).map_or(1, |s| s.parse().expect("a part, 1 or 2"));
    let set = std::env::args().nth(2).unwrap_or_else(|| "past".into());
    let texts = match set.as_str() {
        "real" => real_size(),
        "past" => past_the_table(),
        other => panic!("unknown set {other}: real or past"),
    };
    let (mut answers, mut solved, mut stats) = (0u64, 0, Stats::default());
    for text in &texts {
        let layout: Layout = parse(text).expect("a rendered layout parses");
        let answer = if part == 2 {
            min_rides_part_two(&layout)
        } else {
            let (answer, searched) = min_rides(&layout);
            stats.expanded += searched.expanded;
            stats.generated += searched.generated;
            answer
        };
        if let Ok(rides) = answer {
            answers += u64::from(rides);
            solved += 1;
        }
    }
    println!("{} layouts, {solved} solved, answers summing to {answers}; part 1 searches: {stats}", texts.len());
}

//! The measurements behind docs/2021-23.md's figures, in a release build:
//!
//! ```text
//! cargo run --release -p aoc2021 --features experiments --example day23_experiments            # all
//! cargo run --release -p aoc2021 --features experiments --example day23_experiments -- NAME    # those whose name contains NAME
//! ```

use aoc2021::day23::experiments::ALL;

fn main() {
    let wanted = std::env::args().nth(1).unwrap_or_default();
    let chosen: Vec<_> = ALL.iter().filter(|(name, _)| name.contains(&wanted)).collect();
    if chosen.is_empty() {
        eprintln!("no experiment matches `{wanted}`; there are:");
        for (name, _) in ALL {
            eprintln!("  {name}");
        }
        std::process::exit(2);
    }
    for (name, run) in chosen {
        println!("== {name}");
        run();
    }
}

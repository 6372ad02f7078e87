//! Prints possible puzzle inputs of 2021-23 (`aoc2021::day23::every_puzzle_input`, all
//! 2,520 of them), for timing the day's solutions on a real-shaped input other than the
//! example (`scripts/solutions-tables.sh`).
//!
//! ```sh
//! cargo run --release -p aoc2021 --features prof --example input23 -- 0        # the first, as a file's text
//! cargo run --release -p aoc2021 --features prof --example input23 -- AADC/BDBC   # rooms top row/bottom row
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used)]

use aoc2021::day23::every_puzzle_input;

fn main() {
    let wanted = std::env::args().nth(1).unwrap_or_else(|| "0".into());
    let inputs = every_puzzle_input();
    let found = match wanted.parse::<usize>() {
        Ok(n) => inputs.get(n),
        Err(_) => {
            // Rooms as `TOPS/BOTTOMS`, e.g. AADC/BDBC: room A holds A over B, and so on.
            let (tops, bottoms) = wanted.split_once('/').expect("a number or TOPS/BOTTOMS");
            let rows = |r: &str| r.chars().map(String::from).collect::<Vec<_>>().join("#");
            let (top, bottom) = (format!("###{}###", rows(tops)), format!("  #{}#", rows(bottoms)));
            inputs.iter().find(|text| text.lines().nth(2) == Some(&top) && text.lines().nth(3) == Some(&bottom))
        }
    };
    print!("{}", found.expect("no such input"));
}

//! Guards on work, not time: the states the searches expand, summed over every possible
//! puzzle input, may not grow. Deterministic (the same count on every machine and every
//! run), so a change that makes the solver do more slips through no timing noise. When a
//! change lowers a figure, lower its guard with it (the failure message says how).

use super::*;

/// States expanded over all 2,520 inputs: part 1, then part 2 (unfolded).
const PART1_EXPANDED: u64 = 32_782;
const PART2_EXPANDED: u64 = 1_940_310;

fn expanded(burrows: impl Iterator<Item = Burrow>) -> u64 {
    burrows.map(|burrow| least_energy(&burrow).1.expanded).sum()
}

#[test]
#[ignore = "a sweep of every input: the day's own `ci` runs it, optimised"]
fn states_expanded_over_every_possible_input_stay_within_their_guards() {
    let burrows: Vec<Burrow> = every_puzzle_input().iter().map(|text| parse(text).unwrap()).collect();
    let part1 = expanded(burrows.iter().cloned());
    let part2 = expanded(burrows.iter().map(|b| b.unfolded().unwrap()));
    eprintln!("states expanded over every possible input: part 1 {part1}, part 2 {part2}");
    assert!(part1 <= PART1_EXPANDED, "part 1 expands {part1} states, more than its guard {PART1_EXPANDED}");
    assert!(part2 <= PART2_EXPANDED, "part 2 expands {part2} states, more than its guard {PART2_EXPANDED}");
}

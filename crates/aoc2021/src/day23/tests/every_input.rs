//! All 2,520 possible puzzle inputs (deep checks, release build).

use super::state_checks::check_state_tests;
use super::*;

/// `check` on each of the 2,520 possible puzzle inputs, split over the machine's threads:
/// what it found wrong, an entry per input.
fn failures_over_every_input(check: impl Fn(&str) -> Option<String> + Sync) -> Vec<String> {
    let inputs = every_puzzle_input();
    assert_eq!(inputs.len(), 2520);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = inputs.len().div_ceil(threads);
    let check = &check;
    std::thread::scope(|scope| {
        let workers: Vec<_> = inputs
            .chunks(chunk)
            .map(|inputs| scope.spawn(move || inputs.iter().filter_map(|text| check(text)).collect::<Vec<_>>()))
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    })
}

/// Both parts of all 2,520 possible puzzle inputs, parse included, against the textbook
/// reference. Release build and two threads: `cargo test --release -p aoc2021 --
/// --ignored every_possible_input` (minutes; CI runs it).
#[test]
#[ignore = "deep check (every possible input): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
fn every_possible_input_is_solved_exactly_in_both_parts() {
    let mismatches = failures_over_every_input(|text| {
        let burrow = parse(text).unwrap();
        let unfolded = burrow.unfolded().unwrap();
        let got = (part1(&burrow).ok(), part2(&burrow).ok());
        let want = (textbook::least_energy(&burrow), textbook::least_energy(&unfolded));
        (got != want).then(|| format!("{text}: solver {got:?}, reference {want:?}"))
    });
    assert!(mismatches.is_empty(), "{} of 2,520 disagree:\n{}", mismatches.len(), mismatches.join("\n"));
}

/// [`check_state_tests`] on every state reachable in either part of all 2,520 possible
/// puzzle inputs: the heuristic never over-estimates, no solvable state is called dead,
/// no skipped decision was needed. The random burrows of the property tests are a sample;
/// these are the inputs that matter. About 100 s in a release build on two threads.
#[test]
#[ignore = "deep check (every possible input): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
fn every_possible_input_passes_the_state_checks_in_every_reachable_state() {
    let failures = failures_over_every_input(|text| {
        let burrow = parse(text).unwrap();
        let run = |b: &Burrow| std::panic::catch_unwind(|| check_state_tests(b)).err();
        let failed = run(&burrow).or_else(|| run(&burrow.unfolded().unwrap()));
        failed.map(|_| format!("{text}: a state check failed (its message is above)"))
    });
    assert!(failures.is_empty(), "{} of 2,520 fail:\n{}", failures.len(), failures.join("\n"));
}

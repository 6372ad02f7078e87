//! Measurements behind the figures in docs/2021-23.md: experiments, not tests. Each prints
//! what it measured and checks the claim the figure supports. Run them, in a release build:
//!
//! ```text
//! cargo run --release -p aoc2021 --features experiments --example day23_experiments            # all
//! cargo run --release -p aoc2021 --features experiments --example day23_experiments -- NAME    # one
//! ```

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BinaryHeap, HashMap};

use super::oracle::costs_to_go;
use super::{
    deadlock, every_puzzle_input, geometry, heuristic, least_energy, leavers, parse, puzzle, solve, state, Burrow,
};

/// Every experiment, by name.
pub const ALL: [(&str, fn()); 5] = [
    (
        "a_liveness_search_at_each_expansion_builds_more_than_it_saves",
        a_liveness_search_at_each_expansion_builds_more_than_it_saves,
    ),
    ("part_two_expands_almost_only_states_below_the_answer", part_two_expands_almost_only_states_below_the_answer),
    (
        "dead_states_with_small_hallways_are_worth_catching_but_not_by_search",
        dead_states_with_small_hallways_are_worth_catching_but_not_by_search,
    ),
    (
        "part_two_expands_mostly_dead_states_before_the_first_room_opens",
        part_two_expands_mostly_dead_states_before_the_first_room_opens,
    ),
    (
        "the_slowest_inputs_expand_most_of_what_the_test_lets_through",
        the_slowest_inputs_expand_most_of_what_the_test_lets_through,
    ),
];

/// Whether `s` can still be finished, by a depth-first search over the solver's
/// [decisions](solve::decisions) that gives up (`None`) once it has built `budget`
/// successors. Verdicts found are kept in `known`.
fn finishable(
    s: state::State,
    leavers: &leavers::Leavers,
    test: &deadlock::DeadStateTest,
    known: &mut HashMap<state::State, bool>,
    budget: &mut usize,
) -> Option<bool> {
    if s.is_goal() {
        return Some(true);
    }
    if let Some(&verdict) = known.get(&s) {
        return Some(verdict);
    }
    let mut undecided = false;
    for (next, _) in solve::decisions(s, leavers) {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if known.get(&next) == Some(&false) || test.stuck(next) {
            known.insert(next, false);
            continue;
        }
        match finishable(next, leavers, test, known, budget) {
            Some(true) => {
                known.insert(s, true);
                return Some(true);
            }
            Some(false) => {}
            None => undecided = true,
        }
    }
    (!undecided).then(|| {
        known.insert(s, false);
        false
    })
}

/// What [`astar_with_liveness_search`] did.
struct Run {
    answer: Option<u32>,
    /// The successors built by the A* and by the liveness searches together.
    built: usize,
    /// The states expanded, in order, with their priorities (`f`, in horizontal energy
    /// from the settled start), and the goal's cost in the same units when there is one.
    popped: Vec<(u32, state::State)>,
    goal: Option<u32>,
}

/// A textbook A* over part 2 of `burrow` with the solver's dead-state test (its priority
/// raised to the parent's where the estimate falls below it, as the solver's is), that
/// first asks [`finishable`] (with `budget` successors per state popped, if any) about
/// each state it pops and skips those that cannot be finished.
fn astar_with_liveness_search(burrow: &Burrow, budget: Option<usize>) -> Run {
    use std::cmp::Reverse;
    let puzzle = puzzle::Puzzle::new(burrow);
    let l = &puzzle.leavers;
    let test = deadlock::DeadStateTest::new(&puzzle);
    let (start, forced) = puzzle.start.settle(l);
    let mut best = HashMap::from([(start, 0)]);
    let mut known = HashMap::new();
    let mut states = vec![start];
    let mut queue = BinaryHeap::from([(Reverse(heuristic::estimate(start, l)), 0, 0)]);
    let mut run = Run { answer: None, built: 0, popped: Vec::new(), goal: None };
    while let Some((Reverse(f), g, row)) = queue.pop() {
        let s = states[row];
        if best[&s] < g {
            continue;
        }
        if s.is_goal() {
            (run.answer, run.goal) = (Some(g + puzzle.vertical + forced), Some(g));
            return run;
        }
        if let Some(budget) = budget {
            let mut left = budget;
            let verdict = finishable(s, l, &test, &mut known, &mut left);
            run.built += budget - left;
            if verdict == Some(false) {
                continue;
            }
        }
        run.popped.push((f, s));
        for (next, energy) in solve::decisions(s, l) {
            let cost = g + energy;
            run.built += 1;
            if best.get(&next).is_some_and(|&known_cost| known_cost <= cost) {
                continue;
            }
            if known.get(&next) == Some(&false) || test.stuck(next) {
                best.insert(next, 0);
                continue;
            }
            best.insert(next, cost);
            states.push(next);
            queue.push((Reverse((cost + heuristic::estimate(next, l)).max(f)), cost, states.len() - 1));
        }
    }
    run
}

/// docs/2021-23.md's case against proving states dead by searching them out: over part 2 of
/// every 25th possible input, an A* that skips each popped state a liveness search calls
/// dead expands a small fraction of the states, but the searches build more successors
/// than they save, whether exact or cut off after a few successors.
pub fn a_liveness_search_at_each_expansion_builds_more_than_it_saves() {
    let burrows: Vec<Burrow> =
        every_puzzle_input().iter().step_by(25).map(|t| parse(t).unwrap().unfolded().unwrap()).collect();
    let per_input = |budget: Option<usize>| {
        let (mut expanded, mut built) = (0, 0);
        for burrow in &burrows {
            let run = astar_with_liveness_search(burrow, budget);
            assert_eq!(run.answer, least_energy(burrow).0.ok(), "budget {budget:?} in\n{}", burrow.diagram());
            (expanded, built) = (expanded + run.popped.len(), built + run.built);
        }
        (expanded / burrows.len(), built / burrows.len())
    };
    let (plain_expanded, plain_built) = per_input(None);
    println!("{} inputs; per input, no liveness search: {plain_expanded} expanded, {plain_built} built", burrows.len());
    for budget in [8, 32, 128, usize::MAX] {
        let (expanded, built) = per_input(Some(budget));
        let limit = if budget == usize::MAX { "no limit".to_string() } else { format!("up to {budget} successors") };
        println!("liveness search, {limit}: {expanded} expanded, {built} built");
        assert!(built > plain_built, "budget {budget}: {built} built against {plain_built}");
        if budget == usize::MAX {
            assert!(expanded * 10 < plain_expanded, "an exact search should leave few states: {expanded}");
        }
    }
}

/// Why no tie-breaking can speed part 2 up: over part 2 of every 25th possible input, the
/// states A* expands before it reaches the goal lie almost all strictly below the answer
/// (A* must expand every one of those, whatever its order among equal priorities). Also
/// prints how far below the answer the start's estimate lies.
pub fn part_two_expands_almost_only_states_below_the_answer() {
    let (mut below, mut at, mut unsolvable) = (0, 0, 0);
    let mut gaps = Vec::new();
    for text in every_puzzle_input().iter().step_by(25) {
        let run = astar_with_liveness_search(&parse(text).unwrap().unfolded().unwrap(), None);
        match run.goal {
            Some(goal) => {
                below += run.popped.iter().filter(|&&(f, _)| f < goal).count();
                at += run.popped.iter().filter(|&&(f, _)| f == goal).count();
                gaps.push(goal - run.popped[0].0);
            }
            None => unsolvable += run.popped.len(),
        }
    }
    println!("solvable inputs: {below} states expanded below the answer, {at} at it; unsolvable: {unsolvable}");
    gaps.sort_unstable();
    let gap = |q: usize| gaps[(gaps.len() - 1) * q / 100];
    println!("the answer less the start's estimate: median {}, p90 {}, max {}", gap(50), gap(90), gap(100));
    assert!(at * 100 < below, "{at} of {} at the answer", below + at);
}

/// A textbook A* over part 2 of `burrow` with the solver's dead-state test and one more,
/// `dead`, asked about each state reached with at most `hallway` amphipods in the hallway
/// (it returns its verdict and the successors it built to reach it). Returns the states
/// expanded, the successors the A* built, and those `dead` built.
fn astar_with_a_test_at_small_hallways(
    burrow: &Burrow,
    hallway: u32,
    mut dead: impl FnMut(state::State) -> (bool, usize),
) -> (usize, usize, usize) {
    use std::cmp::Reverse;
    let puzzle = puzzle::Puzzle::new(burrow);
    let l = &puzzle.leavers;
    let test = deadlock::DeadStateTest::new(&puzzle);
    let (start, _) = puzzle.start.settle(l);
    let mut best = HashMap::from([(start, 0)]);
    let mut states = vec![start];
    let mut queue = BinaryHeap::from([(Reverse(heuristic::estimate(start, l)), 0, 0)]);
    let (mut expanded, mut built, mut built_by_test) = (0, 0, 0);
    while let Some((Reverse(f), g, row)) = queue.pop() {
        let s = states[row];
        if best[&s] < g {
            continue;
        }
        if s.is_goal() {
            break;
        }
        expanded += 1;
        for (next, energy) in solve::decisions(s, l) {
            built += 1;
            let cost = g + energy;
            if best.get(&next).is_some_and(|&known| known <= cost) {
                continue;
            }
            let dead_too = next.occupied().len() <= hallway && {
                let (verdict, built) = dead(next);
                built_by_test += built;
                verdict
            };
            if test.stuck(next) || dead_too {
                best.insert(next, 0);
                continue;
            }
            best.insert(next, cost);
            states.push(next);
            queue.push((Reverse((cost + heuristic::estimate(next, l)).max(f)), cost, states.len() - 1));
        }
    }
    (expanded, built, built_by_test)
}

/// What a sharper dead-state test could gain, and why searching cannot be it: over part 2
/// of every 50th possible input, an A* told exactly which states with at most one (two)
/// amphipods in the hallway are dead expands far fewer states; finding that out by an
/// exhaustive liveness search at those states (verdicts shared across the whole run)
/// builds several times the successors it saves the A*.
pub fn dead_states_with_small_hallways_are_worth_catching_but_not_by_search() {
    let burrows: Vec<Burrow> =
        every_puzzle_input().iter().step_by(50).map(|t| parse(t).unwrap().unfolded().unwrap()).collect();
    let no_extra_test = |_: state::State| (false, 0);
    let (plain_expanded, plain_built) = burrows
        .iter()
        .map(|b| astar_with_a_test_at_small_hallways(b, 0, no_extra_test))
        .fold((0, 0), |(e, b), (e2, b2, _)| (e + e2, b + b2));
    println!("{} inputs, the solver's test alone: {plain_expanded} expanded, {plain_built} built", burrows.len());
    for hallway in [1, 2] {
        let (mut told, mut searched, mut built_with_verdicts) = (0, 0, 0);
        for burrow in &burrows {
            let (leavers, costs) = costs_to_go(burrow);
            let (exact, ..) = astar_with_a_test_at_small_hallways(burrow, hallway, |s| (costs[&s].is_none(), 0));
            told += exact;
            let test = deadlock::DeadStateTest::new(&puzzle::Puzzle::new(burrow));
            let mut known = HashMap::new();
            let (expanded, built, built_by_test) = astar_with_a_test_at_small_hallways(burrow, hallway, |s| {
                let mut budget = usize::MAX;
                let verdict = finishable(s, &leavers, &test, &mut known, &mut budget);
                (verdict == Some(false), usize::MAX - budget)
            });
            assert_eq!(expanded, exact, "the liveness search is exact, so the A*s agree");
            searched += built_by_test;
            built_with_verdicts += built;
        }
        let saved = plain_built - built_with_verdicts;
        println!("up to {hallway} in the hallway: told exactly, {told} expanded; by search, {searched} built to save {saved}");
        assert!(told * 10 < plain_expanded * 7, "an exact verdict there should save over 30%: {told}");
        assert!(searched > 2 * saved, "searching out the verdicts built {searched} to save {saved}");
    }
}

/// Where part 2's search spends itself: over part 2 of every 50th possible input, the
/// states A* expands (with the solver's dead-state test), by how many rooms are already
/// open and whether they can still be finished (priced exactly). Almost all of them are
/// dead states in which no room has opened yet, so that is where a sharper dead-state
/// test has to look.
pub fn part_two_expands_mostly_dead_states_before_the_first_room_opens() {
    // [rooms open] -> (expanded, of which dead)
    let mut by_open = [(0, 0); 5];
    for text in every_puzzle_input().iter().step_by(50) {
        let burrow = parse(text).unwrap().unfolded().unwrap();
        let (_, costs) = costs_to_go(&burrow);
        for (_, s) in astar_with_liveness_search(&burrow, None).popped {
            let open = geometry::Room::ALL.into_iter().filter(|&r| s.room_len(r) == 0).count();
            by_open[open].0 += 1;
            by_open[open].1 += usize::from(costs[&s].is_none());
        }
    }
    for (open, (expanded, dead)) in by_open.iter().enumerate() {
        println!("rooms open {open}: {expanded} states expanded, {dead} of them dead");
    }
    let expanded: usize = by_open.iter().map(|&(e, _)| e).sum();
    let (none_open, dead_none_open) = by_open[0];
    assert!(none_open * 4 > expanded * 3, "only {none_open} of {expanded} expanded with no room open");
    assert!(dead_none_open * 10 > none_open * 9, "only {dead_none_open} of {none_open} dead");
}

/// Why part 2's slowest inputs can only get faster through the dead-state test, or through
/// cheaper steps: their A* expands most of the states the test lets through at all, so no
/// heuristic or tie-breaking has much left to skip. Over the ten part 2 inputs that expand
/// the most states, prints the states A* expands beside those reachable from the start
/// without passing a state the test condemns.
pub fn the_slowest_inputs_expand_most_of_what_the_test_lets_through() {
    let mut burrows: Vec<(u64, String, Burrow)> = every_puzzle_input()
        .iter()
        .map(|text| {
            let burrow = parse(text).unwrap().unfolded().unwrap();
            (least_energy(&burrow).1.expanded, text.clone(), burrow)
        })
        .collect();
    burrows.sort_by_key(|&(expanded, ..)| std::cmp::Reverse(expanded));
    for (expanded, text, burrow) in burrows.iter().take(10) {
        let puzzle = puzzle::Puzzle::new(burrow);
        let test = deadlock::DeadStateTest::new(&puzzle);
        let (start, _) = puzzle.start.settle(&puzzle.leavers);
        let mut seen = std::collections::HashSet::from([start]);
        let mut to_visit = vec![start];
        let mut passed = 0;
        while let Some(s) = to_visit.pop() {
            passed += 1;
            for (next, _) in solve::decisions(s, &puzzle.leavers) {
                if seen.insert(next) && !test.stuck(next) {
                    to_visit.push(next);
                }
            }
        }
        let rooms: String = text.lines().skip(2).take(2).map(|l| l.trim().trim_matches('#').replace('#', "")).collect();
        println!("rooms {rooms}: A* expands {expanded} of the {passed} states the test lets through");
        assert!(*expanded as usize * 2 > passed, "{rooms}: only {expanded} of {passed}");
    }
}

//! Finding the fewest elevator rides.

use search_core::{astar_cost_with_stats, bounded_dfs_cost_with_stats, Bounded, Stats};
use thiserror::Error;

use super::model::{Floor, Layout, Pair, State, MAX_PAIRS};

/// Why a part has no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// No sequence of legal rides brings everything to the fourth floor.
    #[error("no solution: {0}")]
    NoSolution(String),
    /// Part 2's extra elements are already in the input.
    #[error("part 2 adds elerium and dilithium, but the input already has {0}")]
    NameTaken(String),
    /// Part 2's extra pairs would exceed what the state can count.
    #[error("part 2 would have {0} element pairs, more than the {MAX_PAIRS} this solver supports")]
    TooManyPairs(usize),
}

/// The fewest rides for `layout`, and what the search did.
pub fn min_rides(layout: &Layout) -> (Result<u32, SolveError>, Stats) {
    let mut stats = Stats::default();
    if let Some((victim, culprit)) = layout.fried_chip() {
        let reason = format!(
            "the {}-compatible microchip is fried at the start by the {} generator on the {} floor",
            victim.element, culprit.element, victim.chip
        );
        return (Err(SolveError::NoSolution(reason)), stats);
    }
    let answer = search(layout.start(), &mut stats).ok_or_else(|| {
        SolveError::NoSolution("no sequence of legal elevator rides brings every item to the fourth floor".into())
    });
    (answer, stats)
}

/// The layout with part 2's elerium and dilithium pairs added on the first floor.
pub fn with_part_two_pairs(layout: &Layout) -> Result<Layout, SolveError> {
    let mut extended = layout.clone();
    for element in ["elerium", "dilithium"] {
        if layout.pairs.iter().any(|p| p.element == element) {
            return Err(SolveError::NameTaken(element.into()));
        }
        let first = Floor::new(0);
        extended.pairs.push(Pair { element: element.into(), generator: first, chip: first });
    }
    if extended.pairs.len() > MAX_PAIRS {
        return Err(SolveError::TooManyPairs(extended.pairs.len()));
    }
    Ok(extended)
}

/// Certify the lower bound by descent, else run A*.
fn search(start: State, stats: &mut Stats) -> Option<u32> {
    let successors = |s: &State| s.successors().map(|n| (n, 1u32));
    let bound = |s: &State| s.lower_bound();
    let goal = |s: &State| s.is_goal();
    match bounded_dfs_cost_with_stats(&start, successors, bound, goal, start.lower_bound(), stats) {
        Bounded::Found(rides) => Some(rides),
        Bounded::Unreachable => None,
        Bounded::Exceeded(_) => astar_cost_with_stats(&start, successors, bound, goal, stats),
    }
}

/// Every item's floor and the elevator's at one point of a solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// The elevator's floor (0-based).
    pub elevator: usize,
    /// Per element, in layout order: (generator floor, chip floor).
    pub floors: Vec<(usize, usize)>,
}

/// The fewest-rides solution as snapshots (start included), with the search's statistics;
/// `None` when there is no solution.
///
/// The path of canonical states comes from A*'s path reconstruction
/// ([`search_core::astar_with_stats`]); each step is then made concrete by finding which
/// one or two items on the elevator's floor turn one snapshot into the next state.
pub fn solution(layout: &Layout) -> (Option<Vec<Snapshot>>, Stats) {
    let mut stats = Stats::default();
    if layout.fried_chip().is_some() {
        return (None, stats);
    }
    let successors = |s: &State| s.successors().map(|n| (n, 1u32));
    let found = search_core::astar_with_stats(
        &layout.start(),
        successors,
        |s: &State| s.lower_bound(),
        |s: &State| s.is_goal(),
        &mut stats,
    );
    let Some((path, _)) = found else { return (None, stats) };
    let first =
        Snapshot { elevator: 0, floors: layout.pairs.iter().map(|p| (p.generator.index(), p.chip.index())).collect() };
    let mut snapshots = vec![first];
    for next in &path[1..] {
        let Some(current) = snapshots.last() else { break };
        let Some(step) = concrete_ride(current, *next) else {
            unreachable!("every canonical ride is made by some concrete items")
        };
        snapshots.push(step);
    }
    (Some(snapshots), stats)
}

/// The snapshot after the ride that turns `current` into `next`.
fn concrete_ride(current: &Snapshot, next: State) -> Option<Snapshot> {
    let (from, to) = (current.elevator, next.elevator());
    // Items on the elevator's floor: (element, is the chip).
    let here: Vec<(usize, bool)> = current
        .floors
        .iter()
        .enumerate()
        .flat_map(|(i, &(g, c))| [(i, false, g), (i, true, c)])
        .filter(|&(_, _, floor)| floor == from)
        .map(|(i, chip, _)| (i, chip))
        .collect();
    let loads = (0..here.len()).flat_map(|a| (a..here.len()).map(move |b| (a, b)));
    loads
        .map(|(a, b)| {
            let mut floors = current.floors.clone();
            for &(i, chip) in [here[a], here[b]].iter() {
                if chip {
                    floors[i].1 = to
                } else {
                    floors[i].0 = to
                }
            }
            Snapshot { elevator: to, floors }
        })
        .find(|s| State::from_floors(&s.floors, s.elevator) == next)
}

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
        SolveError::NoSolution(
            "no sequence of legal elevator rides brings every item to the fourth floor".into(),
        )
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
        extended.pairs.push(Pair {
            element: element.into(),
            generator: first,
            chip: first,
        });
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

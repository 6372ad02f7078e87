//! What each of the solver's techniques buys: the same puzzle searched without them, as
//! named solutions that `cargo xtask time 2021-23` times beside the default (issue #45).
//!
//! Each is a few lines on top of the day's own model (the prepaid vertical steps, the
//! room-to-stop decisions with forced moves folded away) and one of search-core's plain
//! searches:
//!
//! * [`Plain::Dijkstra`]: no bound at all (search-core's `dijkstra_cost`);
//! * [`Plain::Astar`]: the same admissible bound, but none of the default's partial expansion (for
//!   two-deep rooms) or dead-state test (for deeper ones): search-core's `astar_cost`;
//! * [`Plain::Idastar`]: that A* in little memory, by iterative deepening (`idastar_cost`),
//!   a named solution of part 1 only: each deepening repeats the whole tree below the last
//!   bound, and with part 2's deep rooms that takes seconds per input (docs/2021-23.md);
//! * [`Plain::Bounded`]: 2016-11's quick try, here: one depth-first pass at the start's
//!   bound (`bounded_dfs_cost`), whose goal is certified optimal when the bound is the
//!   answer, then [`Plain::Astar`] when it is not. Part 1 only, as `idastar`.
//!
//! Their answers are the default's on every input (tests `plain` in `tests/`).

use search_core::{astar_cost, bounded_dfs_cost, dijkstra_cost, idastar_cost, Bounded};

use super::burrow::Burrow;
use super::heuristic::estimate;
use super::puzzle::Puzzle;
use super::solve::{decisions, SolveError};
use super::state::State;

/// Which plain search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plain {
    /// Dijkstra: no bound.
    Dijkstra,
    /// A* with the solver's bound, nothing else.
    Astar,
    /// IDA* with the solver's bound.
    Idastar,
    /// A depth-first try at the start's bound, then A*.
    Bounded,
}

/// The least energy that organises `burrow`, by the plain search `how`.
pub fn least_energy_by(burrow: &Burrow, how: Plain) -> Result<u32, SolveError> {
    let puzzle = Puzzle::new(burrow);
    let leavers = &puzzle.leavers;
    let (start, forced) = puzzle.start.settle(leavers);
    let decide = |s: &State| decisions(*s, leavers);
    let bound = |s: &State| estimate(*s, leavers);
    let cost = match how {
        Plain::Dijkstra => dijkstra_cost(&start, decide, State::is_goal),
        Plain::Astar => astar_cost(&start, decide, bound, State::is_goal),
        Plain::Idastar => idastar_cost(&start, decide, bound, State::is_goal),
        Plain::Bounded => match bounded_dfs_cost(&start, decide, bound, State::is_goal, estimate(start, leavers)) {
            Bounded::Found(cost) => Some(cost),
            Bounded::Unreachable => None,
            Bounded::Exceeded(_) => astar_cost(&start, decide, bound, State::is_goal),
        },
    };
    cost.map(|cost| puzzle.vertical + forced + cost).ok_or(SolveError::NoSolution(aoc_day::Unsolvable))
}

/// Part 2's unfolded burrow, searched by `how`.
pub fn least_energy_unfolded_by(burrow: &Burrow, how: Plain) -> Result<u32, SolveError> {
    let unfolded = burrow.unfolded().ok_or(SolveError::NotFoldable(burrow.depth()))?;
    least_energy_by(&unfolded, how)
}

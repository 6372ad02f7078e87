//! The quick try before the full search: a path that costs exactly the lower bound.
//!
//! A path of rides as long as the lower bound is optimal, whatever found it, because no path
//! is shorter than the bound. Such a path uses only *tight* rides (each lowers the bound by
//! one), so this is a depth-first search over tight rides, each state visited once (a bit per
//! [`SafeNumbering`] number): search-core's [`Numbered::path_at_bound`]. It is the full search's
//! first contour with two rules of this puzzle's, given to it as the order children are
//! tried in, that make it walk almost straight to the goal when the answer is the bound:
//!
//! * **Fewer lone microchips first.** A microchip away from its generator waits for that
//!   generator, and the higher it waits, the more rides the generator must make while no
//!   other generator may join it. Children are tried by the number of such chips, each
//!   weighted by its floor (1 to 4), smallest first.
//! * **Never three microchips stranded above their generators.** Every generator below a
//!   floor must pass through it (or, for the top floor, arrive there), and a generator
//!   arriving fries every lone chip on the floor but its own, while a ride brings at most
//!   two. So three or more chips waiting on a floor for generators from below are skipped:
//!   on the top floor always, on the second and third floors while the elevator is below
//!   them. No such state is on a path of exactly the bound: a test checks every state of up
//!   to twelve pairs against its distance to the goal.
//!
//! Neither change can make an answer wrong: a path found is checked to be the bound's
//! length by construction, and when none is found the caller runs the full search, which
//! has no such rule. They only decide how soon the path is found (or that it is not): a
//! few hundred states instead of the whole first contour (millions at 30 pairs) for every
//! family measured whose answer is the bound, and usually a handful when it is not.

use aoc2016_day11_model::dense::SafeNumbering;
use search_core::{Numbered, Stats};

use super::layout::State;
use super::space::{is_goal, lower_bound, rides};

/// A path from `start` to the goal with exactly `start.lower_bound()` rides, start and goal
/// included, if this search finds one: search-core's path at the bound, over the dense
/// numbering, with this puzzle's order and skipped states.
pub(super) fn path_at_bound(start: State, numbering: &SafeNumbering, stats: &mut Stats) -> Option<Vec<State>> {
    let order = |&s: &State| (!stranded_chips(s)).then(|| waiting_chips(s));
    Numbered::new(&start, numbering).stats(stats).path_at_bound(rides, lower_bound, order, is_goal)
}

/// Microchips on floor `f` whose generator is on another floor.
fn lone_chips_on(state: State, f: usize) -> u32 {
    (0..4).filter(|&g| g != f).map(|g| state.count(g, f)).sum()
}

/// Three or more microchips on one floor waiting for generators from below: on the top
/// floor, or on a middle floor above the elevator.
fn stranded_chips(state: State) -> bool {
    (1..4).any(|f| (f == 3 || state.elevator() < f) && (0..f).map(|g| state.count(g, f)).sum::<u32>() >= 3)
}

/// Lone microchips weighted by their floor (1 to 4): the order children are tried in.
fn waiting_chips(state: State) -> u32 {
    (0..4).map(|f| (f as u32 + 1) * lone_chips_on(state, f)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The skipped states are never on a path of exactly the bound, for every state of up to
    /// twelve pairs: their distance to the goal (BFS from the goal, over every state) is
    /// always more than their bound.
    #[test]
    fn stranded_chips_are_never_on_a_path_at_the_bound() {
        for pairs in 3..=12 {
            let goal = State::from_floors(&vec![(3, 3); pairs], 3);
            let mut skipped = 0;
            for (state, rides) in search_core::bfs_reach([goal], |s: &State| s.successors()) {
                if stranded_chips(state) {
                    assert!(rides as u32 > state.lower_bound(), "{state:?} is {rides} rides from the goal");
                    skipped += 1;
                }
            }
            assert!(skipped > 0, "the rule is exercised at {pairs} pairs");
        }
    }

    #[test]
    fn a_path_found_is_legal_and_as_long_as_the_bound() {
        for pairs in [1, 2, 5, 9, 14] {
            let start = State::from_floors(&vec![(0, 0); pairs], 0);
            let path = path_at_bound(start, &SafeNumbering::new(pairs), &mut Stats::default()).unwrap();
            assert_eq!(path.len() as u32 - 1, start.lower_bound());
            assert!(path.last().unwrap().is_goal());
            for ride in path.windows(2) {
                assert!(ride[0].successors().any(|s| s == ride[1]), "{ride:?} is not a ride");
            }
        }
    }

    /// Families whose answer is the bound, up to the parser's limit: found walking nearly
    /// straight to the goal (a few states per ride), not by exploring the first contour.
    #[test]
    fn families_at_the_bound_are_found_almost_directly() {
        // Past the table; smaller layouts of these shapes may need more than the bound.
        for pairs in 8..=crate::day11::MAX_PAIRS {
            let (half, third) = (pairs / 2, pairs / 3);
            let families = [
                vec![(0, 0); pairs],
                [vec![(0, 0); half], vec![(1, 1); pairs - half]].concat(),
                [vec![(0, 0); third], vec![(2, 2); pairs - third]].concat(),
                [vec![(0, 0); third], vec![(1, 1); third], vec![(3, 3); pairs - 2 * third]].concat(),
            ];
            for floors in families {
                let start = State::from_floors(&floors, 0);
                let mut stats = Stats::default();
                let path = path_at_bound(start, &SafeNumbering::new(pairs), &mut stats);
                assert!(path.is_some(), "{floors:?}");
                assert!(stats.expanded <= 4 * u64::from(start.lower_bound()), "{floors:?}: {stats}");
            }
        }
    }

    #[test]
    fn no_path_is_claimed_when_the_bound_is_short() {
        // Two generators below two lone chips on the top floor need more than the bound.
        let start = State::from_floors(&[(0, 3), (0, 3), (0, 0)], 0);
        let numbering = SafeNumbering::new(3);
        let exact = search_core::bfs_cost(&start, |s: &State| s.successors(), |s| s.is_goal());
        assert!(exact.unwrap() as u32 > start.lower_bound());
        assert_eq!(path_at_bound(start, &numbering, &mut Stats::default()), None);
    }
}

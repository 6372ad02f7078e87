//! Depth-first search under a cost bound, and IDA* built on it.
//!
//! A bounded depth-first search explores only states whose `f = g + h` stays within the
//! bound, children in the order `successors` yields them, and stops at the first goal. With
//! an admissible heuristic and `bound = h(start)`, a goal found is **certified optimal**: no
//! path can cost less than `h(start)`. When the heuristic is exact along some optimal path
//! and `successors` yields good moves first, this walks straight to the goal, expanding
//! little more than the path itself; that is far cheaper than any best-first search, which
//! must queue every child of every state it expands.
//!
//! A transposition table remembers the cheapest `g` at which each state was expanded during
//! the iteration; reaching it again no cheaper is skipped (its subtree was, or is being,
//! explored from the cheaper visit). That bounds each iteration by the number of states
//! with `f` within the bound and makes cycles harmless.

use std::collections::hash_map::Entry;
use std::hash::Hash;

use crate::cost::Cost;
use crate::estimate::Estimate;
use crate::tables::{INITIAL_STATES, make_room, seen_map};

/// The outcome of one [`bounded_dfs_cost`] iteration.
///
/// ```
/// use search_core::{bounded_dfs_cost, Bounded};
/// let steps = |&n: &u32| [(n + 1, 1u32)];
/// let h = |&n: &u32| 5u32.saturating_sub(n);
/// assert_eq!(bounded_dfs_cost(&0, steps, h, |&n| n == 5, 5), Bounded::Found(5));
/// assert_eq!(bounded_dfs_cost(&0, steps, h, |&n| n == 5, 4), Bounded::Exceeded(5));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bounded<C> {
    /// A goal was reached at this cost, which is at most the bound.
    Found(C),
    /// No goal within the bound; this is the smallest `f` that was cut off, the next bound
    /// worth trying.
    Exceeded(C),
    /// No goal is reachable at all: nothing was cut off and the search ran out of states.
    Unreachable,
}

/// One IDA* iteration: depth-first search over states with `g + heuristic <= bound`.
///
/// With an admissible `heuristic`, if the bound is at most the optimal cost then a
/// [`Bounded::Found`] cost is optimal (in particular for `bound = heuristic(start)`). A
/// state the heuristic calls a dead end ([`Estimate`]) is skipped.
///
/// ```
/// use search_core::{bounded_dfs_cost, Bounded};
/// let line = |&n: &u32| [(n + 1, 1u32)];
/// let exact = |&n: &u32| 10u32.saturating_sub(n);
/// assert_eq!(bounded_dfs_cost(&0, line, exact, |&n| n == 10, 10), Bounded::Found(10));
/// assert_eq!(bounded_dfs_cost(&0, line, |_| 0, |&n| n == 10, 4), Bounded::Exceeded(5));
/// ```
pub fn bounded_dfs_cost<N, C, FN, IN, FH, E, FS>(
    start: &N,
    mut successors: FN,
    mut heuristic: FH,
    mut success: FS,
    bound: C,
) -> Bounded<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> E,
    E: Estimate<C>,
    FS: FnMut(&N) -> bool,
{
    let Some(f) = heuristic(start).bound() else {
        return Bounded::Unreachable;
    };
    if f > bound {
        return Bounded::Exceeded(f);
    }
    if success(start) {
        return Bounded::Found(C::ZERO);
    }
    let mut cut_off: Option<C> = None;
    let mut table = seen_map(INITIAL_STATES);
    table.insert(start.clone(), C::ZERO);
    let mut stack = vec![(C::ZERO, successors(start).into_iter())];
    while let Some((g, children)) = stack.last_mut() {
        let g = *g;
        let Some((next, step)) = children.next() else {
            stack.pop();
            continue;
        };
        let next_g = g + step;
        let Some(h) = heuristic(&next).bound() else {
            continue;
        };
        let f = next_g + h;
        if f > bound {
            cut_off = Some(cut_off.map_or(f, |c| c.min(f)));
            continue;
        }
        if success(&next) {
            return Bounded::Found(next_g);
        }
        make_room(table.len(), table.capacity(), |more| table.reserve(more));
        let children = match table.entry(next) {
            Entry::Occupied(mut seen) => {
                if *seen.get() <= next_g {
                    continue;
                }
                seen.insert(next_g);
                successors(seen.key())
            }
            Entry::Vacant(slot) => {
                let children = successors(slot.key());
                slot.insert(next_g);
                children
            }
        };
        stack.push((next_g, children.into_iter()));
    }
    cut_off.map_or(Bounded::Unreachable, Bounded::Exceeded)
}

/// The optimal cost by IDA*: bounded depth-first iterations from `heuristic(start)` up,
/// each bound the smallest `f` the previous one cut off. `None` when unreachable.
///
/// Uses memory only for the current iteration's table; best when the heuristic is tight
/// (few iterations). With a loose heuristic prefer [`astar_cost`](crate::astar_cost).
///
/// ```
/// use search_core::idastar_cost;
/// let edges = |&n: &u32| [(n + 1, 1u32), (n * 2, 1)];
/// assert_eq!(idastar_cost(&1, edges, |_| 0, |&n| n == 40), Some(6));
/// ```
pub fn idastar_cost<N, C, FN, IN, FH, E, FS>(
    start: &N,
    mut successors: FN,
    mut heuristic: FH,
    mut success: FS,
) -> Option<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> E,
    E: Estimate<C>,
    FS: FnMut(&N) -> bool,
{
    let mut bound = heuristic(start).bound()?;
    loop {
        match bounded_dfs_cost(start, &mut successors, &mut heuristic, &mut success, bound) {
            Bounded::Found(cost) => return Some(cost),
            Bounded::Exceeded(next) => bound = next,
            Bounded::Unreachable => return None,
        }
    }
}

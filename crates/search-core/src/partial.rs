//! A* with partial expansion: a state's successors generated a slice at a time.
//!
//! Plain A* generates every successor of every state it expands, and on many puzzles most
//! of them are never expanded: their `f` lies above the cost of the answer, so all the work
//! of building, hashing, judging and queueing them is wasted. When the caller can tell,
//! *before* building a successor, a lower bound on its `f` (its **key**: say the parent's
//! `g`, the step, and a cheap part of the heuristic that the move changes by a known
//! amount), A* can leave it unbuilt until the search's priority reaches that key. This is
//! Felner et al.'s *enhanced partial expansion A\** (EPEA\*, JAIR 2012).
//!
//! Expanding a state popped at priority `p` generates the successors with keys up to `p`
//! (a [`Slice`]); if some keys lie above `p`, the state goes back into the queue at the
//! least of them, and when popped there it generates the successors with exactly that key.
//!
//! Why the answer stays optimal: a successor `s` left out stays represented in the queue by
//! its parent, at priority `key(s) <= f(s)`. So whenever A* would have held `s` at
//! priority `f(s)`, the queue holds something at or below it that leads to `s`, which is
//! all the optimality argument of A* (see module `weighted`) asks of the queue. A state
//! reached again more cheaply is queued afresh with a full expansion, and its older
//! entries are stale and skipped, as in plain A*.

use std::hash::Hash;

use crate::weighted::{best_first_cost, best_first_path, ByEstimate, Expand};
use crate::{Cost, Estimate, Stats};

/// Which of a state's successors a partially expanding A* asks for, by key.
///
/// A successor's key must be a lower bound on its `g + h`: the parent's cost
/// [`Slice::g`], plus the step, plus at most the heuristic of the successor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slice<C> {
    /// The cost the expanded state was reached at.
    pub g: C,
    /// The priority the state was popped at: keys above it are left for later.
    upto: C,
    /// Whether this is the state's first expansion, which takes every key up to `upto`;
    /// a later one takes only `upto` itself, the least key left the time before.
    first: bool,
}

impl<C: Cost> Slice<C> {
    /// Whether the successor with `key` is to be generated now.
    #[inline]
    pub fn wants(&self, key: C) -> bool {
        key <= self.upto && (self.first || key == self.upto)
    }

    /// Whether the successor with `key` is left for a later slice: the search needs its key
    /// ([`Sliced::Later`]).
    #[inline]
    pub fn leaves(&self, key: C) -> bool {
        key > self.upto
    }
}

/// What a partially expanding search's `successors` yields for each successor of the state
/// it expands: the successor itself, if the [`Slice`] [wants](Slice::wants) it, or its key,
/// if the slice [leaves](Slice::leaves) it for later (successors below the slice, built in an
/// earlier one, are left out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sliced<N, C> {
    /// A successor built now, with the cost of the step to it.
    Now(N, C),
    /// The key of a successor left for a later slice.
    Later(C),
}

/// Successors a slice at a time, from `successors(node, slice)`.
pub(crate) struct Slices<FN>(FN);

impl<N, C, FN, IN> Expand<N, C> for Slices<FN>
where
    C: Cost,
    FN: FnMut(&N, Slice<C>) -> IN,
    IN: IntoIterator<Item = Sliced<N, C>>,
{
    /// Whether the state is yet to be expanded at all.
    type Mark = bool;
    const FRESH: bool = true;
    const NOT_FRESH: bool = false;
    type Successors = IN;
    type Item = Sliced<N, C>;
    #[inline(always)]
    fn is_fresh(first: bool) -> bool {
        first
    }
    #[inline(always)]
    fn successors(&mut self, node: &N, g: C, priority: C, first: bool) -> IN {
        (self.0)(node, Slice { g, upto: priority, first })
    }
    #[inline(always)]
    fn sort(item: Sliced<N, C>) -> Result<(N, C), C> {
        match item {
            Sliced::Now(node, step) => Ok((node, step)),
            Sliced::Later(key) => Err(key),
        }
    }
}

/// [`astar`](crate::astar) with partial expansion: `successors(node, slice)` yields, for
/// each successor of `node`, the successor if `slice` [wants](Slice::wants) it, its key if
/// the slice [leaves](Slice::leaves) it ([`Sliced`]), and nothing otherwise. A successor's
/// key must never exceed its `g + heuristic`; then the result is optimal.
///
/// ```
/// use search_core::{astar_partial, Slice, Sliced};
/// // Walk from 1 to 17: +1 costs 1, doubling costs 3; no heuristic, so a key is g + step.
/// let successors = |&n: &u32, slice: Slice<u32>| {
///     let moves = [(n + 1, 1u32), (n * 2, 3)].into_iter().filter(|&(m, _)| m <= 64);
///     moves.filter_map(move |(m, step)| {
///         let key = slice.g + step;
///         if slice.wants(key) {
///             Some(Sliced::Now(m, step))
///         } else {
///             slice.leaves(key).then_some(Sliced::Later(key))
///         }
///     })
/// };
/// let (path, cost) = astar_partial(&1, successors, |_| 0, |&n| n == 17).unwrap();
/// assert_eq!((path, cost), (vec![1, 2, 3, 4, 8, 16, 17], 10));
/// ```
pub fn astar_partial<N, C, FN, IN, FH, E, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
) -> Option<(Vec<N>, C)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N, Slice<C>) -> IN,
    IN: IntoIterator<Item = Sliced<N, C>>,
    FH: FnMut(&N) -> E,
    E: Estimate<C>,
    FS: FnMut(&N) -> bool,
{
    best_first_path(start, Slices(successors), ByEstimate(heuristic), success, &mut ())
}

/// [`astar_partial`], also adding what the search did to `stats`. A state counts as
/// expanded once, however many slices it is expanded in.
pub fn astar_partial_with_stats<N, C, FN, IN, FH, E, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    stats: &mut Stats,
) -> Option<(Vec<N>, C)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N, Slice<C>) -> IN,
    IN: IntoIterator<Item = Sliced<N, C>>,
    FH: FnMut(&N) -> E,
    E: Estimate<C>,
    FS: FnMut(&N) -> bool,
{
    best_first_path(start, Slices(successors), ByEstimate(heuristic), success, stats)
}

/// The cost [`astar_partial`] would find, without keeping any parent links.
pub fn astar_partial_cost<N, C, FN, IN, FH, E, FS>(start: &N, successors: FN, heuristic: FH, success: FS) -> Option<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N, Slice<C>) -> IN,
    IN: IntoIterator<Item = Sliced<N, C>>,
    FH: FnMut(&N) -> E,
    E: Estimate<C>,
    FS: FnMut(&N) -> bool,
{
    best_first_cost(start, Slices(successors), ByEstimate(heuristic), success, &mut ())
}

/// [`astar_partial_cost`], also adding what the search did to `stats`.
pub fn astar_partial_cost_with_stats<N, C, FN, IN, FH, E, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    stats: &mut Stats,
) -> Option<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N, Slice<C>) -> IN,
    IN: IntoIterator<Item = Sliced<N, C>>,
    FH: FnMut(&N) -> E,
    E: Estimate<C>,
    FS: FnMut(&N) -> bool,
{
    best_first_cost(start, Slices(successors), ByEstimate(heuristic), success, stats)
}

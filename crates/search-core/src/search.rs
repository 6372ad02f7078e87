//! [`Search`]: Dijkstra or A*, configured piece by piece for the fast paths.
//!
//! The plain functions ([`dijkstra`](crate::dijkstra), [`astar`](crate::astar) and their
//! `_cost` forms) cover simple callers. A solver that needs more builds its search from
//! options: a heuristic (A*), statistics, a dead-end test made lazily with a patience,
//! partial expansion (successors a [`Slice`] at a time), and then asks for the
//! [`cost`](Search::cost) alone or the [`path`](Search::path) too. Each option changes the
//! builder's type, not a runtime flag, so a configured search compiles to the same code as
//! a hand-written one: no `dyn`, no boxing, no branch on an option in the loop.

use std::hash::Hash;

use crate::cost::Cost;
use crate::expand::{All, Expand, Slices};
use crate::guide::{ByCost, ByEstimate, ByEstimateWithDeadEnds, Guide};
use crate::partial::{Slice, Sliced};
use crate::stats::{Stats, recording_into};
use crate::weighted::{best_first_cost, best_first_path};

/// A best-first search from `start` to a state satisfying `success`, configured by its
/// methods and run by [`cost`](Search::cost) or [`path`](Search::path).
///
/// Start with [`Search::new`] (every successor at once) or [`Search::sliced`] (partial
/// expansion); without a [`heuristic`](Search::heuristic) it is Dijkstra's search. `X` and
/// `G` record the options chosen (how successors come, how the queue is ordered); they are
/// never named outside this crate: to hand a configured search around, take an
/// [`impl Run`](Run).
///
/// ```
/// use search_core::{Search, Stats};
/// // Walk on the number line from 1 to 17; +1 costs 1, doubling costs 3.
/// let successors = |&n: &u32| [(n + 1, 1u32), (n * 2, 3)].into_iter().filter(|&(m, _)| m <= 64);
/// let mut stats = Stats::default();
/// let cost = Search::new(&1, successors, |&n| n == 17)
///     .heuristic(|&n: &u32| u32::from(n != 17))
///     .stats(&mut stats)
///     .cost();
/// assert_eq!(cost, Some(10));
/// assert!(stats.expanded > 0);
/// ```
#[must_use = "a search runs when asked for its cost or its path"]
pub struct Search<'a, N, X, G, FS> {
    start: &'a N,
    expand: X,
    guide: G,
    success: FS,
    stats: Option<&'a mut Stats>,
}

impl<'a, N, FN, FS> Search<'a, N, All<FN>, ByCost, FS> {
    /// Dijkstra's search from `start` over `successors` (each with the cost of the step to
    /// it, never negative) to a state satisfying `success`.
    ///
    /// ```
    /// use search_core::Search;
    /// let edges = |&n: &char| match n {
    ///     'a' => vec![('b', 7), ('c', 2)],
    ///     'c' => vec![('b', 3), ('d', 9)],
    ///     'b' => vec![('d', 1)],
    ///     _ => vec![],
    /// };
    /// assert_eq!(Search::new(&'a', edges, |&n| n == 'd').path(), Some((vec!['a', 'c', 'b', 'd'], 6)));
    /// ```
    pub fn new<C, IN>(start: &'a N, successors: FN, success: FS) -> Self
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, C)>,
        FS: FnMut(&N) -> bool,
    {
        Search { start, expand: All(successors), guide: ByCost, success, stats: None }
    }
}

impl<'a, N, FN, FS> Search<'a, N, Slices<FN>, ByCost, FS> {
    /// A search that builds successors a slice at a time (Felner et al.'s enhanced partial
    /// expansion): `successors(node, slice)` yields, for each successor of `node`, the
    /// successor if `slice` [wants](Slice::wants) it, its key if the slice
    /// [leaves](Slice::leaves) it ([`Sliced`]), and nothing otherwise. A successor's key
    /// must never exceed its cost plus heuristic; then the result is optimal, and the
    /// successors whose key lies above the answer are never built.
    ///
    /// ```
    /// use search_core::{Search, Slice, Sliced};
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
    /// let found = Search::sliced(&1, successors, |&n| n == 17).path();
    /// assert_eq!(found, Some((vec![1, 2, 3, 4, 8, 16, 17], 10)));
    /// ```
    pub fn sliced<C, IN>(start: &'a N, successors: FN, success: FS) -> Self
    where
        FN: FnMut(&N, Slice<C>) -> IN,
        IN: IntoIterator<Item = Sliced<N, C>>,
        FS: FnMut(&N) -> bool,
    {
        Search { start, expand: Slices(successors), guide: ByCost, success, stats: None }
    }
}

impl<'a, N, X, FS> Search<'a, N, X, ByCost, FS> {
    /// A*: states ordered by cost plus `heuristic`, which must be admissible (never above
    /// the cheapest cost to a goal; it need not be consistent). It may call a state a dead
    /// end ([`Estimate`](crate::Estimate)): such a state is dropped when first reached.
    ///
    /// ```
    /// use search_core::Search;
    /// // From 0 to 10 by +1 (cost 1) or +5 (cost 4); a heuristic of a quarter of the way left.
    /// let moves = |&n: &u32| [(n + 1, 1u32), (n + 5, 4)].into_iter().filter(|&(m, _)| m <= 10);
    /// let cost = Search::new(&0, moves, |&n| n == 10).heuristic(|&n: &u32| (10 - n) / 4).cost();
    /// assert_eq!(cost, Some(8));
    /// ```
    pub fn heuristic<FH, E>(self, heuristic: FH) -> Search<'a, N, X, ByEstimate<FH>, FS>
    where
        FH: FnMut(&N) -> E,
    {
        let Search { start, expand, success, stats, .. } = self;
        Search { start, expand, guide: ByEstimate(heuristic), success, stats }
    }
}

impl<'a, N, X, FH, FS> Search<'a, N, X, ByEstimate<FH>, FS> {
    /// A* with a dead-end test kept apart from the heuristic and made only when the search
    /// needs its answer: at once for a state queued at its parent's priority, otherwise
    /// when the state is popped, so never for states above the answer. Once the search has
    /// popped `patience` states it tests every state at once, before its heuristic (a long
    /// search pops most of what it queues; `0`: always at once, `u64::MAX`: always lazily).
    /// Such a search starts with room for 16,384 states, since it keeps every dead state
    /// it meets so as not to test it again.
    ///
    /// `dead_end` must call a state dead only when no goal can be reached from it.
    ///
    /// ```
    /// use search_core::{Search, Stats};
    /// // Count down by 1 or 3 to exactly 0; 1 and 2 are traps with no move out.
    /// let moves = |&n: &u32| [n.checked_sub(1), n.checked_sub(3)].into_iter().flatten().map(|m| (m, 1u32));
    /// let trap = |&n: &u32| n == 1 || n == 2;
    /// let mut stats = Stats::default();
    /// let cost = Search::new(&9, moves, |&n| n == 0)
    ///     .heuristic(|&n: &u32| n / 3)
    ///     .dead_end(trap, 1_000)
    ///     .stats(&mut stats)
    ///     .cost();
    /// assert_eq!(cost, Some(3));
    /// ```
    pub fn dead_end<FD>(self, dead_end: FD, patience: u64) -> Search<'a, N, X, ByEstimateWithDeadEnds<FH, FD>, FS>
    where
        FD: FnMut(&N) -> bool,
    {
        let Search { start, expand, guide: ByEstimate(estimate), success, stats } = self;
        let guide = ByEstimateWithDeadEnds { estimate, dead_end, patience };
        Search { start, expand, guide, success, stats }
    }
}

impl<'a, N, X, G, FS> Search<'a, N, X, G, FS> {
    /// Adds what the search does to `stats`: states expanded and generated, the peak
    /// frontier, dead ends dropped.
    ///
    /// ```
    /// use search_core::{Search, Stats};
    /// let mut stats = Stats::default();
    /// let cost = Search::new(&0u32, |&n: &u32| [(n + 1, 1u32)], |&n| n == 3).stats(&mut stats).cost();
    /// assert_eq!((cost, stats.expanded), (Some(3), 3));
    /// ```
    pub fn stats(self, stats: &'a mut Stats) -> Self {
        Search { stats: Some(stats), ..self }
    }
}

impl<N, X, G, FS> Search<'_, N, X, G, FS> {
    /// Runs the search: the cost of a cheapest path to a goal, or `None` when no reachable
    /// state is one. Keeps no parent links, so it never clones a state more than once per
    /// generation.
    ///
    /// ```
    /// use search_core::Search;
    /// assert_eq!(Search::new(&5u32, |&n: &u32| [(n / 2, 1u32)], |&n| n == 7).cost(), None);
    /// ```
    #[inline]
    pub fn cost<C>(self) -> Option<C>
    where
        N: Eq + Hash + Clone,
        C: Cost,
        X: Expand<N, C>,
        G: Guide<N, C>,
        FS: FnMut(&N) -> bool,
    {
        let Search { start, expand, guide, success, stats } = self;
        recording_into(stats, |stats| best_first_cost(start, expand, guide, success, stats))
    }

    /// Runs the search: a cheapest path to a goal, `start` and goal included, with its
    /// cost, or `None` when no reachable state is one.
    ///
    /// ```
    /// use search_core::Search;
    /// let found = Search::new(&1u32, |&n: &u32| [(n + 1, 1u32), (n * 2, 1)], |&n| n == 8).path();
    /// assert_eq!(found, Some((vec![1, 2, 4, 8], 3)));
    /// ```
    #[inline]
    pub fn path<C>(self) -> Option<(Vec<N>, C)>
    where
        N: Eq + Hash + Clone,
        C: Cost,
        X: Expand<N, C>,
        G: Guide<N, C>,
        FS: FnMut(&N) -> bool,
    {
        let Search { start, expand, guide, success, stats } = self;
        recording_into(stats, |stats| best_first_path(start, expand, guide, success, stats))
    }
}

/// A configured search, ready to run: what [`Search`] is once configured, for code that
/// configures searches of different types (say, one per puzzle size) and runs them alike.
///
/// ```
/// use search_core::{Run, Search};
/// fn cheapest(search: impl Run<u32, u32>) -> Option<u32> {
///     search.cost()
/// }
/// let steps = |&n: &u32| [(n + 1, 1u32), (n + 2, 3)];
/// assert_eq!(cheapest(Search::new(&0, steps, |&n| n == 4)), Some(4));
/// assert_eq!(cheapest(Search::new(&0, steps, |&n| n == 4).heuristic(|&n: &u32| 4 - n.min(4))), Some(4));
/// ```
pub trait Run<N, C> {
    /// [`Search::cost`].
    fn cost(self) -> Option<C>;
    /// [`Search::path`].
    fn path(self) -> Option<(Vec<N>, C)>;
}

impl<N, C, X, G, FS> Run<N, C> for Search<'_, N, X, G, FS>
where
    N: Eq + Hash + Clone,
    C: Cost,
    X: Expand<N, C>,
    G: Guide<N, C>,
    FS: FnMut(&N) -> bool,
{
    #[inline]
    fn cost(self) -> Option<C> {
        Search::cost(self)
    }
    #[inline]
    fn path(self) -> Option<(Vec<N>, C)> {
        Search::path(self)
    }
}

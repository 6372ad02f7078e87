//! How a best-first search orders its queue (by cost, or by cost plus an estimate) and when
//! it asks whether a state is a dead end.

use crate::cost::Cost;
use crate::estimate::Estimate;
use crate::tables::INITIAL_STATES;

/// How a best-first search orders its queue, and when it asks whether a state is a dead end:
/// the `G` of a [`Search`](crate::Search): [`ByCost`] for Dijkstra, [`ByEstimate`] for A*,
/// [`ByEstimateWithDeadEnds`] for A* with a dead-end test. Named only inside this crate: the
/// search loop relies on what an implementation promises (a priority never below its
/// parent's).
pub trait Guide<N, C> {
    /// What a queue entry remembers of the dead-end test: whether it is still to be made.
    type Check: Copy + Default;
    /// The priority of `node`, reached at cost `g` from a parent queued at `parent`; never
    /// below `parent`. `None` when `node` is a dead end, which is never queued.
    fn priority(&mut self, node: &N, g: C, parent: C) -> Option<(C, Self::Check)>;
    /// Whether `node`, just popped with `check`, turns out to be a dead end.
    fn dead_when_popped(&mut self, node: &N, check: Self::Check) -> bool;
    /// How many states the seen-table starts with room for.
    const ROOM_FOR: usize = INITIAL_STATES;
}

/// Dijkstra: by cost alone. What [`Search::new`](crate::Search::new) starts with.
pub struct ByCost;

impl<N, C: Cost> Guide<N, C> for ByCost {
    type Check = ();
    #[inline]
    fn priority(&mut self, _: &N, g: C, _: C) -> Option<(C, ())> {
        Some((g, ()))
    }
    #[inline(always)]
    fn dead_when_popped(&mut self, _: &N, (): ()) -> bool {
        false
    }
}

/// A*: by `f = g + h`, but never below the parent's priority (pathmax). What
/// [`Search::heuristic`](crate::Search::heuristic) makes.
pub struct ByEstimate<FH>(pub(crate) FH);

impl<N, C: Cost, E: Estimate<C>, FH: FnMut(&N) -> E> Guide<N, C> for ByEstimate<FH> {
    type Check = ();
    #[inline]
    fn priority(&mut self, node: &N, g: C, parent: C) -> Option<(C, ())> {
        Some(((g + (self.0)(node).bound()?).max(parent), ()))
    }
    #[inline(always)]
    fn dead_when_popped(&mut self, _: &N, (): ()) -> bool {
        false
    }
}

/// Room for this many states in the seen-table of a search with a dead-end test
/// ([`Guide::ROOM_FOR`]).
const LARGE_SEARCH_STATES: usize = 1 << 14;

/// A* with a separate dead-end test, made only when the search needs its answer: at once
/// for a state queued at its parent's priority (it is popped next, or nearly), and for one
/// queued above it only when it is popped, if ever. A state above the answer is never
/// popped, so it is never tested. After `patience` pops every state is tested at once, and
/// before its estimate. What [`Search::dead_end`](crate::Search::dead_end) makes.
pub struct ByEstimateWithDeadEnds<FH, FD> {
    pub(crate) estimate: FH,
    pub(crate) dead_end: FD,
    /// How many more pops the search tests lazily for; then it tests every state at once.
    pub(crate) patience: u64,
}

impl<N, C, FH, E, FD> Guide<N, C> for ByEstimateWithDeadEnds<FH, FD>
where
    C: Cost,
    FH: FnMut(&N) -> E,
    E: Estimate<C>,
    FD: FnMut(&N) -> bool,
{
    /// Whether the test is still to be made.
    type Check = bool;
    /// A search that needs a dead-end test reaches many dead states, and keeps each so as
    /// not to test it again: the seen-table starts big enough for ten thousand or so, so
    /// that it never stops to rehash them (a rehash moves every state to a random place in
    /// a table larger than the cache). A short search pays for clearing a 32 KiB table.
    const ROOM_FOR: usize = LARGE_SEARCH_STATES;
    #[inline]
    fn priority(&mut self, node: &N, g: C, parent: C) -> Option<(C, bool)> {
        if self.patience == 0 {
            // Every state is tested now, so test first: a dead one needs no estimate.
            if (self.dead_end)(node) {
                return None;
            }
            return Some(((g + (self.estimate)(node).bound()?).max(parent), false));
        }
        let priority = (g + (self.estimate)(node).bound()?).max(parent);
        if priority > parent {
            return Some((priority, true));
        }
        (!(self.dead_end)(node)).then_some((priority, false))
    }
    #[inline]
    fn dead_when_popped(&mut self, node: &N, untested: bool) -> bool {
        self.patience = self.patience.saturating_sub(1);
        untested && (self.dead_end)(node)
    }
}

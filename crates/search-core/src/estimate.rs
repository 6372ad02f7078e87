//! What a heuristic may return: a bound, or "no goal from here".

use crate::cost::Cost;

/// A heuristic's verdict on a state: a lower bound on the cost still needed to reach a goal
/// (a plain cost), or `Option<C>` with `None` for a **dead end**, a state from which no goal
/// can be reached at all.
///
/// Returning `None` is the heuristic being infinite: the searches drop the state the moment
/// they first reach it, so it is never queued, expanded or asked about again. That is the
/// cheapest place for a puzzle's deadlock test, which would otherwise run when the state is
/// expanded, after it had been queued and popped. A state must only be called a dead end
/// when it really is one, just as a bound must never exceed the true cost.
///
/// ```
/// use search_core::astar_cost;
/// // Count down by 1 or 3 to exactly 0; 1 and 2 are traps with no move out.
/// let moves = |&n: &u32| [n.checked_sub(1), n.checked_sub(3)].into_iter().flatten().map(|m| (m, 1u32));
/// let success = |&n: &u32| n == 0;
/// let no_way_out = |&n: &u32| if n == 1 || n == 2 { None } else { Some(n / 3) };
/// let only_cost = |&n: &u32| n / 3;
/// assert_eq!(astar_cost(&9, moves, no_way_out, success), Some(3));
/// assert_eq!(astar_cost(&9, moves, only_cost, success), Some(3));
/// ```
pub trait Estimate<C: Cost> {
    /// The bound, or `None` for a dead end.
    fn bound(self) -> Option<C>;
}

impl<C: Cost> Estimate<C> for C {
    #[inline]
    fn bound(self) -> Option<C> {
        Some(self)
    }
}

impl<C: Cost> Estimate<C> for Option<C> {
    #[inline]
    fn bound(self) -> Option<C> {
        self
    }
}

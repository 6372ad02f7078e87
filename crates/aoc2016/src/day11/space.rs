//! The puzzle as search-core's searches take it: a state's rides, the goal and the bound.
//! Shared by the full search (module `solve`) and the quick try at the bound (module
//! `tight`), so that both search the same graph.

use super::layout::State;

/// The states one ride from `state`: the searches' successors.
#[inline]
pub(super) fn rides(state: &State) -> impl Iterator<Item = State> {
    state.successors()
}

/// Everything on the fourth floor: the searches' goal.
#[inline]
pub(super) fn is_goal(state: &State) -> bool {
    state.is_goal()
}

/// The searches' heuristic: the lower bound on the rides left.
#[inline]
pub(super) fn lower_bound(state: &State) -> u32 {
    state.lower_bound()
}

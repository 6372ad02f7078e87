//! Rows: the path searches number states in discovery order (`states[row]`) and remember,
//! for each row, the row it was (best) reached from.

/// The parent row of the start: no row at all.
pub(crate) const NO_PARENT: usize = usize::MAX;

/// The states from the start to `row`, following `parent_of` back until [`NO_PARENT`].
pub(crate) fn path_to<N: Clone>(states: &[N], mut row: usize, parent_of: impl Fn(usize) -> usize) -> Vec<N> {
    let mut path = Vec::new();
    while let Some(node) = states.get(row) {
        path.push(node.clone());
        row = parent_of(row);
    }
    path.reverse();
    path
}

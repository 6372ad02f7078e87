//! Rows: the path searches number states in discovery order (`states[row]`) and remember,
//! for each row, the row it was (best) reached from.
//!
//! Row numbers are `u32`: half the memory of `usize` in the hash table and the parent links,
//! which matters because a large search spends much of its time faulting in fresh pages.
//! Four billion states would need hundreds of gigabytes, so the limit is never the binding
//! one; [`row_number`] still checks it.

/// A row number.
pub(crate) type Row = u32;

/// The parent row of the start: no row at all.
pub(crate) const NO_PARENT: Row = Row::MAX;

/// The number of a new row, `len` rows in.
///
/// # Panics
/// Past `u32::MAX - 1` rows (which no machine has the memory to reach).
#[inline]
pub(crate) fn row_number(len: usize) -> Row {
    match Row::try_from(len) {
        Ok(row) if row != NO_PARENT => row,
        _ => panic!("search-core: more than {} states in one search", Row::MAX - 1),
    }
}

/// The states from the start to `row`, following `parent_of` back until [`NO_PARENT`].
pub(crate) fn path_to<N: Clone>(states: &[N], mut row: Row, parent_of: impl Fn(Row) -> Row) -> Vec<N> {
    let mut path = Vec::new();
    while let Some(node) = states.get(row as usize) {
        path.push(node.clone());
        row = parent_of(row);
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_numbers_run_up_to_just_below_the_no_parent_marker() {
        assert_eq!(row_number(0), 0);
        assert_eq!(row_number(Row::MAX as usize - 1), Row::MAX - 1);
        assert!(std::panic::catch_unwind(|| row_number(Row::MAX as usize)).is_err());
        assert!(std::panic::catch_unwind(|| row_number(usize::MAX)).is_err());
    }

    #[test]
    fn a_path_follows_parents_back_to_the_start() {
        let states = ['a', 'b', 'c', 'd'];
        let parents = [NO_PARENT, 0, 1, 0];
        assert_eq!(path_to(&states, 2, |r| parents[r as usize]), ['a', 'b', 'c']);
        assert_eq!(path_to(&states, 3, |r| parents[r as usize]), ['a', 'd']);
    }
}

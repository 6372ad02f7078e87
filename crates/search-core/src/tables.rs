//! The seen-tables: how they start and how they grow.
//!
//! A hash table that doubles when it fills rehashes everything it holds at every doubling.
//! While a table is small, these tables grow fourfold instead: half the regrowths, and a
//! sparser table to probe. Once a table holds [`GROW_FOURFOLD_BELOW`] states it doubles as
//! usual: by then most probes miss the cache anyway, and a table four times too big only
//! spreads them over more memory. (docs/benchmarks.md has what each choice measured, and
//! the commit that records it.)

use std::hash::{BuildHasher, Hash};

use crate::{FastMap, FastSet};

/// Tables start with room for this many states, so a small search (a puzzle day's usual few
/// hundred states) never stops to regrow; a large search does not notice the head start.
pub(crate) const INITIAL_STATES: usize = 1 << 10;

/// Below this many states a full table grows fourfold; from it on, it doubles.
pub(crate) const GROW_FOURFOLD_BELOW: usize = 1 << 15;

/// An empty seen-map with room for [`INITIAL_STATES`].
pub(crate) fn seen_map<K, V>() -> FastMap<K, V> {
    seen_map_with_room_for(INITIAL_STATES)
}

/// An empty seen-map with room for `states`, for searches known to grow large.
pub(crate) fn seen_map_with_room_for<K, V>(states: usize) -> FastMap<K, V> {
    FastMap::with_capacity_and_hasher(states, Default::default())
}

/// An empty seen-set with room for [`INITIAL_STATES`].
pub(crate) fn seen_set<K>() -> FastSet<K> {
    FastSet::with_capacity_and_hasher(INITIAL_STATES, Default::default())
}

/// A hash table that can say how full it is and be grown.
pub(crate) trait Table {
    fn len(&self) -> usize;
    fn capacity(&self) -> usize;
    fn reserve(&mut self, additional: usize);
}

impl<K: Eq + Hash, V, S: BuildHasher> Table for std::collections::HashMap<K, V, S> {
    fn len(&self) -> usize {
        self.len()
    }
    fn capacity(&self) -> usize {
        self.capacity()
    }
    fn reserve(&mut self, additional: usize) {
        self.reserve(additional);
    }
}

impl<K: Eq + Hash, S: BuildHasher> Table for std::collections::HashSet<K, S> {
    fn len(&self) -> usize {
        self.len()
    }
    fn capacity(&self) -> usize {
        self.capacity()
    }
    fn reserve(&mut self, additional: usize) {
        self.reserve(additional);
    }
}

/// Call before inserting a state that may be new: a full table below
/// [`GROW_FOURFOLD_BELOW`] states grows fourfold; beyond, the table's own doubling takes over.
#[inline]
pub(crate) fn make_room(table: &mut impl Table) {
    let len = table.len();
    if len == table.capacity() && len < GROW_FOURFOLD_BELOW {
        table.reserve(3 * len.max(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_grows_fourfold_while_small_then_doubles() {
        let mut set: FastSet<u32> = seen_set();
        let start = set.capacity();
        assert!(start >= INITIAL_STATES);
        let mut grown = Vec::new();
        for i in 0..(GROW_FOURFOLD_BELOW as u32 * 3) {
            let before = set.capacity();
            make_room(&mut set);
            set.insert(i);
            if set.capacity() != before {
                grown.push((before, set.capacity()));
            }
        }
        assert!(!grown.is_empty());
        for &(before, after) in &grown {
            if before < GROW_FOURFOLD_BELOW {
                assert!(after >= 4 * before, "grew from {before} to only {after}");
            } else {
                assert!(after < 4 * before, "grew from {before} to {after} past the limit");
            }
        }
    }
}

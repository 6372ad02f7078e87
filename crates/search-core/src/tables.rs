//! The seen-tables: their hasher, how they start and how they grow.
//!
//! A hash table that doubles when it fills rehashes everything it holds at every doubling.
//! While a table is small, these tables grow fourfold instead: half the regrowths, and a
//! sparser table to probe. Once a table holds [`GROW_FOURFOLD_BELOW`] states it doubles as
//! usual: by then most probes miss the cache anyway, and a table four times too big only
//! spreads them over more memory. (docs/benchmarks.md has what each choice measured, and
//! the commit that records it.)

/// The hasher every seen-table uses: fixed keys, no runtime seeding (the states are the
/// caller's own, not untrusted input).
pub(crate) type FastHasher = ahash::RandomState;

/// A `HashMap` with [`FastHasher`].
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, FastHasher>;

/// A `HashSet` with [`FastHasher`].
pub(crate) type FastSet<K> = std::collections::HashSet<K, FastHasher>;

/// Tables start with room for this many states, so a small search (a puzzle day's usual few
/// hundred states) never stops to regrow; a large search does not notice the head start.
pub(crate) const INITIAL_STATES: usize = 1 << 10;

/// Below this many states a full table grows fourfold; from it on, it doubles.
pub(crate) const GROW_FOURFOLD_BELOW: usize = 1 << 15;

/// An empty seen-map with room for `states`.
pub(crate) fn seen_map<K, V>(states: usize) -> FastMap<K, V> {
    FastMap::with_capacity_and_hasher(states, FastHasher::default())
}

/// An empty seen-set with room for [`INITIAL_STATES`].
pub(crate) fn seen_set<K>() -> FastSet<K> {
    FastSet::with_capacity_and_hasher(INITIAL_STATES, FastHasher::default())
}

/// Call before inserting a state that may be new into a table holding `len` states with room
/// for `capacity`: a full table below [`GROW_FOURFOLD_BELOW`] states is grown fourfold by
/// `reserve(more)`; beyond, the table's own doubling takes over.
#[inline(always)]
pub(crate) fn make_room(len: usize, capacity: usize, reserve: impl FnOnce(usize)) {
    if len == capacity && len < GROW_FOURFOLD_BELOW {
        reserve(3 * len.max(1));
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
            make_room(set.len(), set.capacity(), |more| set.reserve(more));
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

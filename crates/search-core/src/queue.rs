//! A monotone priority queue (a radix heap) for best-first searches.
//!
//! Dijkstra pops costs in non-decreasing order and never queues a cost below the one it just
//! popped; A* does the same with "pathmax" priorities (see `weighted`). A radix heap exploits
//! that: an entry sits in the bucket numbered by the highest bit in which its key differs from
//! the last popped key, so a push is one XOR and one leading-zero count, and a pop only ever
//! looks at the lowest non-empty bucket. An entry moves to a lower bucket at most 128 times in
//! total and in practice once or twice, against the `log n` sift steps of a binary heap on
//! every push and pop.
//!
//! The lowest six levels are replaced by direct addressing. Keys that differ from the last pop
//! only in their lowest six bits ("near" keys: in practice most pushes, since edge costs are
//! usually small) go straight to one of 64 slots numbered by those bits, and a 64-bit mask of
//! the occupied slots yields the smallest with one trailing-zero count. Such an entry is placed
//! once and never moved: on the 300x300 maze benchmark this cut the queue's instructions by
//! about three quarters and cost-only Dijkstra's total by a fifth. Only "far" keys, which
//! differ above bit 5, wait in radix buckets and move down when their bucket is the lowest.
//!
//! Pops from a slot are last-in first-out. For A* that is the tie-break a tight heuristic
//! wants: the children of the state just expanded that keep its priority come out first, so
//! the search walks down an optimal path instead of widening a whole level of equal-priority
//! states.
//!
//! Entries keep the priority apart from the item, so items need not be `Ord`.

use crate::Cost;

/// How many low key bits the near slots address directly.
const NEAR_BITS: u32 = 6;

/// One slot per value of the low [`NEAR_BITS`] bits.
const NEAR_SLOTS: usize = 1 << NEAR_BITS;

/// One radix bucket per possible highest differing bit above the near bits: 6..=127.
const FAR_BUCKETS: usize = u128::BITS as usize - NEAR_BITS as usize;

/// A min-queue of `(priority, item)` pairs whose pushes never go below the last pop.
pub(crate) struct RadixQueue<P, T> {
    /// The order key of the last refill's minimum. Only its bits above the near bits matter:
    /// they name the block of keys the near slots hold, and every queued key is in that block
    /// or a later one.
    last: u128,
    /// Entries whose key is in `last`'s block, by the key's low bits.
    near: Box<[Vec<(P, T)>; NEAR_SLOTS]>,
    /// Bit `i` is set when near slot `i` holds entries.
    near_occupied: u64,
    /// Entries in later blocks, in bucket `b - NEAR_BITS` for highest differing bit `b`.
    far: Box<[Vec<(P, T)>; FAR_BUCKETS]>,
    /// Bit `i` is set when far bucket `i` holds entries.
    far_occupied: u128,
    len: usize,
}

impl<P: Cost, T> RadixQueue<P, T> {
    pub(crate) fn new() -> Self {
        Self {
            last: 0,
            near: Box::new(std::array::from_fn(|_| Vec::new())),
            near_occupied: 0,
            far: Box::new(std::array::from_fn(|_| Vec::new())),
            far_occupied: 0,
            len: 0,
        }
    }

    /// Queues `item` at `priority`, which must not be below the last popped priority (the
    /// searches guarantee it for non-negative edge costs; a violation costs order, not safety).
    #[inline]
    pub(crate) fn push(&mut self, priority: P, item: T) {
        self.place((priority, item));
        self.len += 1;
    }

    /// Files an entry under its key: a near slot when the key is in `last`'s block, else the
    /// far bucket of the highest bit in which it differs from `last`.
    #[inline]
    fn place(&mut self, entry: (P, T)) {
        let key = entry.0.order_key();
        let differ = key ^ self.last;
        if differ < NEAR_SLOTS as u128 {
            let slot = (key as usize) & (NEAR_SLOTS - 1);
            self.near_occupied |= 1 << slot;
            self.near[slot].push(entry);
        } else {
            let bucket = (u128::BITS - 1 - differ.leading_zeros() - NEAR_BITS) as usize;
            self.far_occupied |= 1 << bucket;
            self.far[bucket].push(entry);
        }
    }

    /// Removes an entry with the smallest priority (the latest pushed among equals).
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(P, T)> {
        if self.near_occupied == 0 {
            self.refill_near()?;
        }
        let slot = self.near_occupied.trailing_zeros() as usize;
        let entries = &mut self.near[slot];
        let entry = entries.pop()?;
        if entries.is_empty() {
            self.near_occupied &= !(1 << slot);
        }
        self.len -= 1;
        Some(entry)
    }

    /// Moves `last` up to the smallest far key and spreads the lowest far bucket out again:
    /// its entries in the new block go to near slots (the minimum among them), the others to
    /// lower far buckets. `None` when the queue is empty.
    #[cold]
    fn refill_near(&mut self) -> Option<()> {
        if self.far_occupied == 0 {
            return None;
        }
        let lowest = self.far_occupied.trailing_zeros() as usize;
        self.far_occupied &= !(1 << lowest);
        let mut entries = std::mem::take(&mut self.far[lowest]);
        self.last = entries.iter().map(|(p, _)| p.order_key()).min()?;
        for entry in entries.drain(..) {
            // Every entry shared bits above `lowest` with the old and the new minimum, so it
            // lands strictly below `lowest`: no entry is ever redistributed into its own bucket.
            self.place(entry);
        }
        self.far[lowest] = entries; // keep the allocation for the next time
        Some(())
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::RadixQueue;
    use crate::Cost;

    #[test]
    fn pops_smallest_priority_first_and_items_need_not_be_ord() {
        struct NotOrd(&'static str);
        let mut q = RadixQueue::new();
        for (p, s) in [(5u32, "e"), (1, "a"), (3, "c"), (2, "b"), (4, "d")] {
            q.push(p, NotOrd(s));
        }
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).map(|(_, x)| x.0).collect();
        assert_eq!(order, ["a", "b", "c", "d", "e"]);
        assert_eq!(q.len(), 0);
    }

    #[test]
    fn equal_priorities_come_out_last_in_first_out() {
        let mut q = RadixQueue::new();
        q.push(7u8, 'x');
        assert_eq!(q.pop(), Some((7, 'x')));
        for c in ['a', 'b', 'c'] {
            q.push(7, c);
        }
        q.push(8, 'z');
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).map(|(_, c)| c).collect();
        assert_eq!(order, ['c', 'b', 'a', 'z']);
    }

    /// Runs Dijkstra's pattern (every push is the last pop plus a step from `step`) from
    /// `start` for a few thousand pops, checking each pop against a binary heap. Returns the
    /// largest key popped.
    fn follows_a_sorted_order<K: Cost>(start: K, mut step: impl FnMut(K, &mut bench_kit::Rng) -> K) -> K {
        let mut rng = bench_kit::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut q = RadixQueue::new();
        let mut reference = std::collections::BinaryHeap::new();
        q.push(start, ());
        reference.push(std::cmp::Reverse(start));
        let (mut popped, mut largest) = (0, start);
        while let Some((p, ())) = q.pop() {
            let std::cmp::Reverse(expected) = reference.pop().unwrap();
            assert_eq!(p, expected);
            (popped, largest) = (popped + 1, largest.max(p));
            if popped < 5_000 {
                for _ in 0..1 + rng.below(3) {
                    let key = step(p, &mut rng);
                    q.push(key, ());
                    reference.push(std::cmp::Reverse(key));
                }
            }
            assert_eq!(q.len(), reference.len());
        }
        assert!(popped >= 5_000);
        largest
    }

    #[test]
    fn interleaved_monotone_pushes_and_pops_match_a_sorted_order() {
        // Start below zero so that keys cross the sign boundary of the order-key mapping.
        let largest = follows_a_sorted_order(-2_000i64, |p, rng| p + rng.below(1_000) as i64);
        assert!(largest > 0);
    }

    #[test]
    fn steps_of_every_size_up_to_the_largest_key_keep_the_order() {
        // Steps of up to 2^127 send entries to near slots and to every far bucket.
        let largest = follows_a_sorted_order(0u128, |p, rng| {
            p.saturating_add((rng.below(usize::MAX) as u128) >> rng.below(64) << rng.below(64))
        });
        assert!(largest > 1 << 120);
    }

    #[test]
    fn keys_at_the_ends_of_the_range_and_at_block_edges_are_ordered() {
        let keys = [u128::MAX, 0, 1 << 127, 63, 64, u128::MAX - 1, 128, (1 << 127) - 1, 65];
        let mut q = RadixQueue::new();
        for key in keys {
            q.push(key, ());
        }
        let order: Vec<u128> = std::iter::from_fn(|| q.pop()).map(|(key, ())| key).collect();
        let mut sorted = keys;
        sorted.sort_unstable();
        assert_eq!(order, sorted);
    }
}

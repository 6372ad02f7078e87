//! A monotone priority queue (a radix heap) for best-first searches.
//!
//! Dijkstra pops costs in non-decreasing order and never queues a cost below the one it just
//! popped; A* does the same with "pathmax" priorities (see `weighted`). A radix heap exploits
//! that: an entry sits in the bucket numbered by the highest bit in which its key differs from
//! the last popped key, so a push is one XOR and one leading-zero count, and a pop only ever
//! looks at the lowest non-empty bucket. Each entry moves to a lower bucket at most 128 times
//! in total and in practice once or twice, against the `log n` sift steps of a binary heap on
//! every push and pop.
//!
//! Bucket 0 holds the entries whose key equals the last popped key, and pops from it are
//! last-in first-out. For A* that is the tie-break a tight heuristic wants: the children of
//! the state just expanded that keep its priority come out first, so the search walks down
//! an optimal path instead of widening a whole level of equal-priority states.
//!
//! Entries keep the priority apart from the item, so items need not be `Ord`.

use crate::Cost;

/// Buckets 1..=128 by the highest differing bit, plus bucket 0 for keys equal to the last pop.
const BUCKETS: usize = 129;

/// A min-queue of `(priority, item)` pairs whose pushes never go below the last pop.
pub(crate) struct RadixQueue<P, T> {
    /// The order key of the last popped priority: every queued key is at least this.
    last: u128,
    buckets: Vec<Vec<(P, T)>>,
    /// Bit `b - 1` is set when bucket `b` (for `b` in 1..=128) holds entries.
    occupied: u128,
    len: usize,
}

impl<P: Cost, T> RadixQueue<P, T> {
    pub(crate) fn new() -> Self {
        Self { last: 0, buckets: (0..BUCKETS).map(|_| Vec::new()).collect(), occupied: 0, len: 0 }
    }

    /// The bucket for order key `key`: 0 when it equals the last pop, else one more than the
    /// position of the highest bit in which the two differ.
    #[inline]
    fn bucket_of(&self, key: u128) -> usize {
        (u128::BITS - (key ^ self.last).leading_zeros()) as usize
    }

    /// Queues `item` at `priority`, which must not be below the last popped priority (the
    /// searches guarantee it for non-negative edge costs; a violation costs order, not safety).
    #[inline]
    pub(crate) fn push(&mut self, priority: P, item: T) {
        let bucket = self.bucket_of(priority.order_key());
        self.place(bucket, (priority, item));
        self.len += 1;
    }

    #[inline]
    fn place(&mut self, bucket: usize, entry: (P, T)) {
        if bucket > 0 {
            self.occupied |= 1 << (bucket - 1);
        }
        self.buckets[bucket].push(entry);
    }

    /// Removes an entry with the smallest priority (the latest pushed among equals).
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(P, T)> {
        if self.buckets[0].is_empty() {
            self.refill_bucket_zero()?;
        }
        let entry = self.buckets[0].pop()?;
        self.len -= 1;
        Some(entry)
    }

    /// Moves the smallest key up to "last popped" and spreads the lowest non-empty bucket
    /// out below it; its minimum entries land in bucket 0. `None` when the queue is empty.
    fn refill_bucket_zero(&mut self) -> Option<()> {
        if self.occupied == 0 {
            return None;
        }
        let lowest = self.occupied.trailing_zeros() as usize + 1;
        self.occupied &= !(1 << (lowest - 1));
        let mut entries = std::mem::take(&mut self.buckets[lowest]);
        self.last = entries.iter().map(|(p, _)| p.order_key()).min()?;
        for entry in entries.drain(..) {
            // Every entry shared bits above `lowest` with the old and the new minimum, so it
            // lands strictly below `lowest`: no entry is ever redistributed into its own bucket.
            let bucket = self.bucket_of(entry.0.order_key());
            self.place(bucket, entry);
        }
        self.buckets[lowest] = entries; // keep the allocation for the next time
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

    #[test]
    fn interleaved_monotone_pushes_and_pops_match_a_sorted_order() {
        // Dijkstra's pattern: every push is the last pop plus a non-negative step.
        let mut rng = bench_kit::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut q = RadixQueue::new();
        let mut reference = std::collections::BinaryHeap::new();
        // Start below zero so that keys cross the sign boundary of the order-key mapping.
        q.push(-2_000i64, ());
        reference.push(std::cmp::Reverse(-2_000i64));
        let mut popped = 0;
        while let Some((p, ())) = q.pop() {
            let std::cmp::Reverse(expected) = reference.pop().unwrap();
            assert_eq!(p, expected);
            popped += 1;
            if popped < 5_000 {
                for _ in 0..rng.below(4) {
                    let key = p + rng.below(1_000) as i64;
                    q.push(key, ());
                    reference.push(std::cmp::Reverse(key));
                }
            }
            assert_eq!(q.len(), reference.len());
        }
        assert!(popped > 1_000);
    }
}

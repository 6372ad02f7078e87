//! A min-priority queue whose priority is stored apart from the item.
//!
//! `std::collections::BinaryHeap` is a max-heap over `Ord` items; wrapping each entry so that
//! only the priority is compared lets states that are not `Ord` (or are expensive to compare)
//! ride along, and turns the heap into a min-heap without `Reverse` at every call site.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// One queued item with its priority; ordered by priority only, smallest first.
struct Entry<P, T> {
    priority: P,
    item: T,
}

impl<P: Ord, T> PartialEq for Entry<P, T> {
    fn eq(&self, other: &Self) -> bool {
        self.priority == other.priority
    }
}

impl<P: Ord, T> Eq for Entry<P, T> {}

impl<P: Ord, T> PartialOrd for Entry<P, T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<P: Ord, T> Ord for Entry<P, T> {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: BinaryHeap pops its greatest entry, we want the smallest priority.
        other.priority.cmp(&self.priority)
    }
}

/// A binary min-heap of `(priority, item)` pairs.
pub(crate) struct MinQueue<P, T> {
    heap: BinaryHeap<Entry<P, T>>,
}

impl<P: Ord, T> MinQueue<P, T> {
    pub(crate) fn new() -> Self {
        Self { heap: BinaryHeap::new() }
    }

    #[inline]
    pub(crate) fn push(&mut self, priority: P, item: T) {
        self.heap.push(Entry { priority, item });
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(P, T)> {
        self.heap.pop().map(|e| (e.priority, e.item))
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.heap.len()
    }
}

#[cfg(test)]
mod tests {
    use super::MinQueue;

    #[test]
    fn pops_smallest_priority_first_and_items_need_not_be_ord() {
        struct NotOrd(&'static str);
        let mut q = MinQueue::new();
        for (p, s) in [(5, "e"), (1, "a"), (3, "c"), (2, "b"), (4, "d")] {
            q.push(p, NotOrd(s));
        }
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).map(|(_, x)| x.0).collect();
        assert_eq!(order, ["a", "b", "c", "d", "e"]);
        assert_eq!(q.len(), 0);
    }
}

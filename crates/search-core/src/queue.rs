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
//!
//! Slots and buckets are stacks, kept in one of two ways. A search starts with them linked
//! through one arena of nodes ([`Linked`]): a single allocation, however many slots and
//! buckets the keys spread over, where a vector per slot allocates for each slot first used
//! and again each time one grows, which is much of what a search of a few hundred states
//! costs. But the nodes of one stack end up scattered over the arena, so once the queue is
//! large, pops miss the cache where a vector's would not. So when the arena reaches
//! [`LINKED_NODES`] nodes, the queue moves its entries into a vector per stack ([`Vecs`])
//! and stays that way. (The README's benchmark section has the figures.)

use crate::cost::Cost;

/// How many low key bits the near slots address directly.
const NEAR_BITS: u32 = 6;

/// One slot per value of the low [`NEAR_BITS`] bits.
const NEAR_SLOTS: usize = 1 << NEAR_BITS;

/// One radix bucket per possible highest differing bit above the near bits: 6..=127.
const FAR_BUCKETS: usize = u128::BITS as usize - NEAR_BITS as usize;

/// The stacks: near slot `i` is stack `i`, far bucket `b` is stack `NEAR_SLOTS + b`.
const STACKS: usize = NEAR_SLOTS + FAR_BUCKETS;

/// The most nodes the linked stacks grow to before the queue moves to vectors.
const LINKED_NODES: usize = 1 << 12;

/// Room for this many nodes is made when the queue is created.
const INITIAL_NODES: usize = 128;

/// A min-queue of `(priority, item)` pairs whose pushes never go below the last pop.
pub(crate) struct RadixQueue<P, T> {
    radix: Radix,
    stacks: Stacks<P, T>,
    len: usize,
}

/// Which stack a key goes on, and which stacks hold entries.
struct Radix {
    /// The order key of the last refill's minimum. Only its bits above the near bits matter:
    /// they name the block of keys the near slots hold, and every queued key is in that block
    /// or a later one.
    last: u128,
    /// Bit `i` is set when near slot `i` holds entries.
    near_occupied: u64,
    /// Bit `b` is set when far bucket `b` holds entries.
    far_occupied: u128,
}

impl Radix {
    /// The stack for an entry with order key `key`, marked as occupied: a near slot when the
    /// key is in `last`'s block, else the far bucket of the highest bit in which it differs
    /// from `last`.
    #[inline]
    fn stack_for(&mut self, key: u128) -> usize {
        let differ = key ^ self.last;
        if differ < NEAR_SLOTS as u128 {
            let slot = (key as usize) & (NEAR_SLOTS - 1);
            self.near_occupied |= 1 << slot;
            slot
        } else {
            let bucket = (u128::BITS - 1 - differ.leading_zeros() - NEAR_BITS) as usize;
            self.far_occupied |= 1 << bucket;
            NEAR_SLOTS + bucket
        }
    }
}

/// The stacks, linked through an arena while the queue is small, a vector each after.
// The linked variant's stack tops are inline on purpose: one queue per search, and boxing
// them would cost the very allocation the arena saves.
#[allow(clippy::large_enum_variant)]
enum Stacks<P, T> {
    Linked(Linked<P, T>),
    Vecs(Vecs<P, T>),
}

impl<P: Cost, T> RadixQueue<P, T> {
    pub(crate) fn new() -> Self {
        Self {
            radix: Radix { last: 0, near_occupied: 0, far_occupied: 0 },
            stacks: Stacks::Linked(Linked::new()),
            len: 0,
        }
    }

    /// Queues `item` at `priority`, which must not be below the last popped priority (the
    /// searches guarantee it for non-negative edge costs; a violation costs order, not safety).
    #[inline(always)]
    pub(crate) fn push(&mut self, priority: P, item: T) {
        let stack = self.radix.stack_for(priority.order_key());
        match &mut self.stacks {
            Stacks::Linked(linked) if linked.has_room() => linked.push(stack, priority, item),
            Stacks::Linked(linked) => {
                self.stacks = Stacks::Vecs(linked.drain_into_vecs_then_push(stack, priority, item))
            }
            Stacks::Vecs(vecs) => vecs.push(stack, priority, item),
        }
        self.len += 1;
    }

    /// Removes an entry with the smallest priority (the latest pushed among equals).
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<(P, T)> {
        if self.radix.near_occupied == 0 {
            self.refill_near()?;
        }
        let slot = self.radix.near_occupied.trailing_zeros() as usize;
        let (entry, emptied) = match &mut self.stacks {
            Stacks::Linked(linked) => linked.pop(slot)?,
            Stacks::Vecs(vecs) => vecs.pop(slot)?,
        };
        if emptied {
            self.radix.near_occupied &= !(1 << slot);
        }
        self.len -= 1;
        Some(entry)
    }

    /// Moves `last` up to the smallest far key and spreads the lowest far bucket out again:
    /// its entries in the new block go to near slots (the minimum among them), the others to
    /// lower far buckets. Every entry shared bits above the bucket's with the old and the new
    /// minimum, so it lands strictly below: no entry is ever refiled into its own bucket.
    /// `None` when the queue is empty.
    #[cold]
    fn refill_near(&mut self) -> Option<()> {
        if self.radix.far_occupied == 0 {
            return None;
        }
        let lowest = self.radix.far_occupied.trailing_zeros() as usize;
        self.radix.far_occupied &= !(1 << lowest);
        match &mut self.stacks {
            Stacks::Linked(linked) => linked.spread(NEAR_SLOTS + lowest, &mut self.radix),
            Stacks::Vecs(vecs) => vecs.spread(NEAR_SLOTS + lowest, &mut self.radix),
        }
        Some(())
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

/// No node: the bottom of a stack, or the end of the free list.
const NIL: u32 = u32::MAX;

/// A queued entry (or a free node, `item` taken) and the node below it on its stack.
struct Node<P, T> {
    priority: P,
    item: Option<T>,
    below: u32,
}

/// Stacks of nodes linked through one arena; popped nodes go on a free list for the next
/// push. Never more than [`LINKED_NODES`] nodes, so a node number fits a `u32`.
struct Linked<P, T> {
    nodes: Vec<Node<P, T>>,
    /// The first free node, or [`NIL`].
    free: u32,
    /// The top node of each stack, [`NIL`] for an empty one.
    tops: [u32; STACKS],
}

impl<P: Cost, T> Linked<P, T> {
    fn new() -> Self {
        Linked { nodes: Vec::with_capacity(INITIAL_NODES), free: NIL, tops: [NIL; STACKS] }
    }

    /// Whether a push needs no node beyond [`LINKED_NODES`].
    #[inline]
    fn has_room(&self) -> bool {
        self.free != NIL || self.nodes.len() < LINKED_NODES
    }

    /// Pushes an entry on `stack`, in a free node or a new one (there must be room).
    #[inline]
    fn push(&mut self, stack: usize, priority: P, item: T) {
        let below = self.tops[stack];
        self.tops[stack] = match self.nodes.get_mut(self.free as usize) {
            Some(node) => {
                let reused = std::mem::replace(&mut self.free, node.below);
                *node = Node { priority, item: Some(item), below };
                reused
            }
            None => {
                self.nodes.push(Node { priority, item: Some(item), below });
                (self.nodes.len() - 1) as u32
            }
        };
    }

    /// Pops the top entry of `stack`, and whether the stack is empty now.
    #[inline]
    fn pop(&mut self, stack: usize) -> Option<((P, T), bool)> {
        let top = self.tops[stack];
        let node = self.nodes.get_mut(top as usize)?;
        let item = node.item.take()?;
        self.tops[stack] = std::mem::replace(&mut node.below, self.free);
        self.free = top;
        Some(((node.priority, item), self.tops[stack] == NIL))
    }

    /// [`RadixQueue::refill_near`] for `stack`: relinks its nodes, oldest first so that
    /// equal keys stay last-in first-out, onto the stacks `radix` files them on once its
    /// `last` is their least key. No entry moves.
    fn spread(&mut self, stack: usize, radix: &mut Radix) {
        let (oldest, least) = self.reverse(stack);
        radix.last = least;
        let mut node = oldest;
        while let Some(n) = self.nodes.get_mut(node as usize) {
            let to = radix.stack_for(n.priority.order_key());
            let newer = std::mem::replace(&mut n.below, self.tops[to]);
            self.tops[to] = node;
            node = newer;
        }
    }

    /// Empties `stack` and links its nodes the other way round: returns the oldest, each
    /// node's `below` now naming the next newer one, and the least order key among them.
    fn reverse(&mut self, stack: usize) -> (u32, u128) {
        let (mut node, mut oldest, mut least) = (std::mem::replace(&mut self.tops[stack], NIL), NIL, u128::MAX);
        while let Some(n) = self.nodes.get_mut(node as usize) {
            least = least.min(n.priority.order_key());
            let below = std::mem::replace(&mut n.below, oldest);
            (oldest, node) = (node, below);
        }
        (oldest, least)
    }

    /// The same stacks as a vector each, in the same order, leaving these empty; then the
    /// entry that found the arena full is pushed on `stack`.
    #[cold]
    #[inline(never)]
    fn drain_into_vecs_then_push(&mut self, stack: usize, priority: P, item: T) -> Vecs<P, T> {
        let mut vecs = Vecs::new();
        for old in 0..STACKS {
            let (mut node, _) = self.reverse(old);
            while let Some(n) = self.nodes.get_mut(node as usize) {
                if let Some(item) = n.item.take() {
                    vecs.push(old, n.priority, item);
                }
                node = n.below;
            }
        }
        vecs.push(stack, priority, item);
        vecs
    }
}

/// A vector per stack: entries pushed together lie together, whatever the queue's size.
struct Vecs<P, T> {
    stacks: Box<[Vec<(P, T)>; STACKS]>,
}

impl<P: Cost, T> Vecs<P, T> {
    fn new() -> Self {
        Vecs { stacks: Box::new(std::array::from_fn(|_| Vec::new())) }
    }

    #[inline]
    fn push(&mut self, stack: usize, priority: P, item: T) {
        self.stacks[stack].push((priority, item));
    }

    /// Pops the top entry of `stack`, and whether the stack is empty now.
    #[inline]
    fn pop(&mut self, stack: usize) -> Option<((P, T), bool)> {
        let entries = &mut self.stacks[stack];
        let entry = entries.pop()?;
        Some((entry, entries.is_empty()))
    }

    /// [`RadixQueue::refill_near`] for `stack`: moves its entries, oldest first so that
    /// equal keys stay last-in first-out, onto the stacks `radix` files them on once its
    /// `last` is their least key.
    fn spread(&mut self, stack: usize, radix: &mut Radix) {
        let mut entries = std::mem::take(&mut self.stacks[stack]);
        radix.last = entries.iter().map(|(p, _)| p.order_key()).min().unwrap_or(radix.last);
        for entry in entries.drain(..) {
            self.stacks[radix.stack_for(entry.0.order_key())].push(entry);
        }
        self.stacks[stack] = entries; // keep the allocation for the next time
    }
}

#[cfg(test)]
mod tests {
    use super::RadixQueue;
    use crate::cost::Cost;

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

    /// Pushes `n` entries at priorities from `priority(i)` and checks they pop by priority,
    /// and among equal priorities newest first.
    fn pops_in_order(n: usize, priority: impl Fn(usize) -> u32) {
        let mut q = RadixQueue::new();
        for i in 0..n {
            q.push(priority(i), i);
        }
        let mut expected: Vec<(u32, usize)> = (0..n).map(|i| (priority(i), i)).collect();
        expected.sort_by_key(|&(p, i)| (p, std::cmp::Reverse(i)));
        let popped: Vec<(u32, usize)> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(popped, expected);
    }

    #[test]
    fn equal_priorities_stay_last_in_first_out_when_refiled() {
        // 1000 and 5000 wait in far buckets and are refiled before they are popped.
        pops_in_order(50, |i| [1000, 5000, 3][i % 3]);
    }

    #[test]
    fn order_survives_the_move_from_linked_stacks_to_vectors() {
        assert!(matches!(RadixQueue::<u32, ()>::new().stacks, super::Stacks::Linked(_)));
        let n = super::LINKED_NODES + 100;
        pops_in_order(n, |i| [7, 300, 7, 70_000, 64][i % 5]);
        let mut q = RadixQueue::new();
        for i in 0..n {
            q.push(i as u32 % 9, ());
        }
        assert!(matches!(q.stacks, super::Stacks::Vecs(_)));
    }

    #[test]
    fn popped_nodes_are_reused_before_the_arena_grows() {
        let mut q = RadixQueue::new();
        for round in 0..1_000u32 {
            for i in 0..20 {
                q.push(round * 10 + i % 7, i);
            }
            for _ in 0..20 {
                assert!(q.pop().is_some_and(|(p, _)| p >= round * 10));
            }
        }
        let super::Stacks::Linked(linked) = &q.stacks else { panic!("20 entries at a time moved to vectors") };
        assert_eq!(linked.nodes.len(), 20);
    }

    /// Runs Dijkstra's pattern (every push is the last pop plus a step from `step`) from
    /// `start` for a few thousand pops, checking each pop against a binary heap. Returns the
    /// largest key popped.
    fn follows_a_sorted_order<K: Cost>(start: K, mut step: impl FnMut(K, &mut test_kit::Rng) -> K) -> K {
        let mut rng = test_kit::Rng::new(0x9e37_79b9_7f4a_7c15);
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

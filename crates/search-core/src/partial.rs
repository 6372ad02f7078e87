//! A* with partial expansion: a state's successors generated a slice at a time.
//!
//! Plain A* generates every successor of every state it expands, and on many puzzles most
//! of them are never expanded: their `f` lies above the cost of the answer, so all the work
//! of building, hashing, judging and queueing them is wasted. When the caller can tell,
//! *before* building a successor, a lower bound on its `f` (its **key**: say the parent's
//! `g`, the step, and a cheap part of the heuristic that the move changes by a known
//! amount), A* can leave it unbuilt until the search's priority reaches that key. This is
//! Felner et al.'s *enhanced partial expansion A\** (EPEA\*, JAIR 2012).
//!
//! Expanding a state popped at priority `p` generates the successors with keys up to `p`
//! (a [`Slice`]); if some keys lie above `p`, the state goes back into the queue at the
//! least of them, and when popped there it generates the successors with exactly that key.
//!
//! Why the answer stays optimal: a successor `s` left out stays represented in the queue by
//! its parent, at priority `key(s) <= f(s)`. So whenever A* would have held `s` at
//! priority `f(s)`, the queue holds something at or below it that leads to `s`, which is
//! all the optimality argument of A* (see module `weighted`) asks of the queue. Module
//! `expand` hands a search its successors this way or all at once. A state
//! reached again more cheaply is queued afresh with a full expansion, and its older
//! entries are stale and skipped, as in plain A*.

use crate::cost::Cost;

/// Which of a state's successors a partially expanding A* asks for, by key.
///
/// A successor's key must be a lower bound on its `g + h`: the parent's cost
/// [`Slice::g`], plus the step, plus at most the heuristic of the successor.
///
/// ```
/// use search_core::{Search, Slice, Sliced};
/// // Each state has successors of step cost 1 and 10: the expensive one is left for later
/// // and, since the goal is found below its key, never built.
/// let count = std::cell::Cell::new(0);
/// let built = &count;
/// let successors = |&n: &u32, slice: Slice<u32>| {
///     [(n + 1, 1u32), (n + 100, 10)].into_iter().filter_map(move |(m, step)| {
///         let key = slice.g + step;
///         if slice.wants(key) {
///             built.set(built.get() + 1);
///             Some(Sliced::Now(m, step))
///         } else {
///             slice.leaves(key).then_some(Sliced::Later(key))
///         }
///     })
/// };
/// assert_eq!(Search::sliced(&0, successors, |&n| n == 3).cost(), Some(3));
/// assert_eq!(count.get(), 3, "only the cheap steps were built");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slice<C> {
    /// The cost the expanded state was reached at.
    pub g: C,
    /// The priority the state was popped at: keys above it are left for later.
    pub(crate) upto: C,
    /// Whether this is the state's first expansion, which takes every key up to `upto`;
    /// a later one takes only `upto` itself, the least key left the time before.
    pub(crate) first: bool,
}

impl<C: Cost> Slice<C> {
    /// Whether the successor with `key` is to be generated now.
    #[inline]
    pub fn wants(&self, key: C) -> bool {
        key <= self.upto && (self.first || key == self.upto)
    }

    /// Whether the successor with `key` is left for a later slice: the search needs its key
    /// ([`Sliced::Later`]).
    #[inline]
    pub fn leaves(&self, key: C) -> bool {
        key > self.upto
    }
}

/// What a partially expanding search's `successors` yields for each successor of the state
/// it expands: the successor itself, if the [`Slice`] [wants](Slice::wants) it, or its key,
/// if the slice [leaves](Slice::leaves) it for later (successors below the slice, built in an
/// earlier one, are left out).
///
/// ```
/// use search_core::Sliced;
/// let now: Sliced<char, u32> = Sliced::Now('b', 3);
/// let later: Sliced<char, u32> = Sliced::Later(12);
/// assert_ne!(now, later);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sliced<N, C> {
    /// A successor built now, with the cost of the step to it.
    Now(N, C),
    /// The key of a successor left for a later slice.
    Later(C),
}

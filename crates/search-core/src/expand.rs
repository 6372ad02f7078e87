//! How a best-first search gets a state's successors: all at once, or a [`Slice`] at a time
//! (partial expansion, module `partial`).

use crate::cost::Cost;
use crate::partial::{Slice, Sliced};

/// How a best-first search gets a state's successors: all at once ([`All`]), or a slice at
/// a time ([`Slices`]), the state standing in the queue for the rest: the `X` of a
/// [`Search`](crate::Search). Named only inside this crate: the search loop relies on what
/// an implementation promises (a fresh mark on a first expansion).
pub trait Expand<N, C> {
    /// What a queue entry remembers of its state's expansion so far.
    type Mark: Copy;
    /// The mark of a state not expanded yet.
    const FRESH: Self::Mark;
    /// The mark of a state expanded before, queued again for the successors it left.
    const NOT_FRESH: Self::Mark;
    /// What the successors come as.
    type Item;
    /// The successors of one expansion.
    type Successors: IntoIterator<Item = Self::Item>;
    /// Whether `mark` is [`Expand::FRESH`]: the state is popped for the first time.
    fn is_fresh(mark: Self::Mark) -> bool;
    /// The successors of `node`, reached at cost `g` and popped at `priority` with `mark`.
    fn successors(&mut self, node: &N, g: C, priority: C, mark: Self::Mark) -> Self::Successors;
    /// A successor built now, with its step cost, or the key of one left for later, at
    /// which the state is to be queued again (with a mark that is not fresh).
    fn now_or_later(item: Self::Item) -> Sliced<N, C>;
}

/// Every successor at once: the plain searches, and what [`Search::new`](crate::Search::new)
/// makes.
pub struct All<FN>(pub(crate) FN);

impl<N, C, FN, IN> Expand<N, C> for All<FN>
where
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
{
    type Mark = ();
    const FRESH: () = ();
    const NOT_FRESH: () = ();
    type Item = (N, C);
    type Successors = IN;
    #[inline(always)]
    fn is_fresh((): ()) -> bool {
        true
    }
    #[inline(always)]
    fn successors(&mut self, node: &N, _: C, _: C, (): ()) -> IN {
        (self.0)(node)
    }
    #[inline(always)]
    fn now_or_later((node, step): (N, C)) -> Sliced<N, C> {
        Sliced::Now(node, step)
    }
}

/// Successors a [`Slice`] at a time: what [`Search::sliced`](crate::Search::sliced) makes.
pub struct Slices<FN>(pub(crate) FN);

impl<N, C, FN, IN> Expand<N, C> for Slices<FN>
where
    C: Cost,
    FN: FnMut(&N, Slice<C>) -> IN,
    IN: IntoIterator<Item = Sliced<N, C>>,
{
    /// Whether the state is yet to be expanded at all.
    type Mark = bool;
    const FRESH: bool = true;
    const NOT_FRESH: bool = false;
    type Successors = IN;
    type Item = Sliced<N, C>;
    #[inline(always)]
    fn is_fresh(first: bool) -> bool {
        first
    }
    #[inline(always)]
    fn successors(&mut self, node: &N, g: C, priority: C, first: bool) -> IN {
        (self.0)(node, Slice { g, upto: priority, first })
    }
    #[inline(always)]
    fn now_or_later(item: Sliced<N, C>) -> Sliced<N, C> {
        item
    }
}

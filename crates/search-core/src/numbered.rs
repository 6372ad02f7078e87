//! Searches over densely numbered states: a byte or a bit per number in a flat array instead
//! of a hash set.
//!
//! The searches are [`Numbered`]'s; its documentation says how they work.

use crate::stats::{Recorder, Stats, recording_into};

/// A dense numbering of a search's states: every state the search can reach has a number
/// below [`Numbering::numbers`], different from every other reachable state's.
///
/// Numbers need not all be used, and states the search never reaches need no number of
/// their own; only the one direction, state to number, is asked for (paths are walked back
/// through the successors, never decoded from numbers).
///
/// ```
/// use search_core::Numbering;
/// /// Cells of a 10 x 10 grid, numbered row by row.
/// struct Grid;
/// impl Numbering<(u8, u8)> for Grid {
///     fn numbers(&self) -> usize {
///         100
///     }
///     fn number(&self, &(x, y): &(u8, u8)) -> usize {
///         10 * usize::from(y) + usize::from(x)
///     }
/// }
/// assert_eq!(Grid.number(&(3, 2)), 23);
/// ```
pub trait Numbering<N> {
    /// How many numbers there are: every number is below this, and a search's seen-array
    /// has this many entries.
    fn numbers(&self) -> usize;
    /// The number of `state`.
    fn number(&self, state: &N) -> usize;
}

/// Searches over densely numbered states, on unit steps: where they start and the numbering;
/// then [`Numbered::bfs_cost`], [`Numbered::contours`] (or its cost-only form) or
/// [`Numbered::path_at_bound`] runs one, given the steps and the goal as `pathfinding`'s
/// functions are.
///
/// When every state a search can reach has its own number below some `n` (a ranking of the
/// state space: [`Numbering`]), "seen?" is one array read, with no hashing, no probing and
/// no growth, and the memory is decided before the search starts. Three searches use it:
///
/// * **breadth-first** ([`Numbered::bfs_cost`]), the plain fewest steps;
/// * **A\* contour by contour** ([`Numbered::contours`]), for a heuristic that every step
///   moves by exactly one: `f = g + h` then stays the same along a step (a *tight* step) or
///   grows by two, so A* expands the contours `f = h(start), h(start) + 2, ...` in turn and
///   the order within a contour does not matter. Each contour is explored depth-first, tight
///   steps first; states one non-tight step away wait in a list for the next contour. No
///   priority queue, no stored `g`. Breadth-first search is the same loop with `h = 0`:
///   no step is tight, and every step raises `f` by one, so the contours are the levels;
/// * **a path at the bound** ([`Numbered::path_at_bound`]): depth-first over tight steps
///   only, in the caller's order, each state once.
///
/// The contour searches keep one byte per number: 0 for a state not reached, else one plus
/// the contour that first reached it, modulo three. When every step can be undone that is
/// all a path needs: neighbours' contours differ by at most one, so the residue tells a
/// neighbour's contour, hence its `g`, and walking back from the goal to a neighbour whose
/// `g` is one less, again and again, reaches the start.
///
/// `successors` must stay within the states `numbering` numbers. [`Numbered::contours`],
/// which returns a path, needs every step to be undoable (if `b` is a successor of `a`, then
/// `a` is a successor of `b`): it walks the path back through `successors` instead of
/// keeping parent links.
///
/// [`Numbered::stats`] hands the search a [`Stats`] to count into.
///
/// ```
/// use search_core::{Numbered, Numbering, Stats};
/// # struct Grid;
/// # impl Numbering<(u8, u8)> for Grid {
/// #     fn numbers(&self) -> usize { 100 }
/// #     fn number(&self, &(x, y): &(u8, u8)) -> usize { 10 * usize::from(y) + usize::from(x) }
/// # }
/// // Four-way steps on a 10 x 10 grid (numbered as in `Numbering`'s example), with a wall
/// // down column 5 but for a gap on the last row.
/// let steps = |&(x, y): &(u8, u8)| {
///     [(x + 1, y), (x.wrapping_sub(1), y), (x, y + 1), (x, y.wrapping_sub(1))]
///         .into_iter()
///         .filter(|&(x, y)| x < 10 && y < 10 && (x != 5 || y == 9))
/// };
/// let goal = |&cell: &(u8, u8)| cell == (9, 0);
/// let mut stats = Stats::default();
/// let steps_taken = Numbered::new(&(0, 0), &Grid).stats(&mut stats).bfs_cost(steps, goal);
/// assert_eq!(steps_taken, Some(27)); // down to the gap, through it, and back up
/// assert!(stats.expanded > 27);
/// ```
#[must_use = "a search runs when one of its searches is asked for"]
pub struct Numbered<'a, N, I> {
    start: &'a N,
    numbering: &'a I,
    stats: Option<&'a mut Stats>,
}

impl<'a, N: Clone, I: Numbering<N>> Numbered<'a, N, I> {
    /// Searches from `start`, over states numbered by `numbering`.
    pub fn new(start: &'a N, numbering: &'a I) -> Self {
        Numbered { start, numbering, stats: None }
    }

    /// The same searches, adding what they do to `stats`: states expanded and generated,
    /// and the peak frontier (the stack and the waiting list together).
    pub fn stats(self, stats: &'a mut Stats) -> Self {
        Numbered { stats: Some(stats), ..self }
    }

    /// The fewest steps to a goal by breadth-first search, or `None` when no goal is
    /// reachable. See [`Numbered`] for an example.
    #[inline]
    pub fn bfs_cost<FN, IN, FS>(self, mut successors: FN, mut success: FS) -> Option<usize>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FS: FnMut(&N) -> bool,
    {
        let Numbered { start, numbering, stats } = self;
        let reached =
            recording_into(stats, |rec| reach(start, &mut successors, &mut success, numbering, &mut Levels, rec))?;
        Some(reached.cost as usize)
    }

    /// The fewest steps to a goal by A* contour by contour (see
    /// [`Numbered`]), or `None` when no goal is reachable.
    ///
    /// `heuristic` must never over-estimate the steps left, be 0 at goals, and change by
    /// exactly one along every step (up or down): then `f = g + h` either stays or grows by
    /// two, and every state first reached in contour `f` is at its fewest steps, `f - h`.
    /// A heuristic that can stay the same along a step breaks this; use
    /// [`Search`](crate::Search) for it.
    ///
    /// ```
    /// use search_core::{Numbered, Numbering};
    /// # struct Grid;
    /// # impl Numbering<(u8, u8)> for Grid {
    /// #     fn numbers(&self) -> usize { 100 }
    /// #     fn number(&self, &(x, y): &(u8, u8)) -> usize { 10 * usize::from(y) + usize::from(x) }
    /// # }
    /// // The grid and wall of `Numbered`'s example; the Manhattan distance to the goal moves
    /// // by exactly one along every four-way step.
    /// let steps = |&(x, y): &(u8, u8)| {
    ///     [(x + 1, y), (x.wrapping_sub(1), y), (x, y + 1), (x, y.wrapping_sub(1))]
    ///         .into_iter()
    ///         .filter(|&(x, y)| x < 10 && y < 10 && (x != 5 || y == 9))
    /// };
    /// let manhattan = |&(x, y): &(u8, u8)| u32::from(9 - x) + u32::from(y);
    /// let cost = Numbered::new(&(0, 0), &Grid).contours_cost(steps, manhattan, |&c| c == (9, 0));
    /// assert_eq!(cost, Some(27));
    /// // From the goal's side of the wall the first contour has the goal: 9 steps, no detour.
    /// assert_eq!(Numbered::new(&(6, 9), &Grid).contours_cost(steps, manhattan, |&c| c == (9, 0)), Some(12));
    /// ```
    #[inline]
    pub fn contours_cost<FN, IN, FH, FS>(self, mut successors: FN, heuristic: FH, mut success: FS) -> Option<u32>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FH: FnMut(&N) -> u32,
        FS: FnMut(&N) -> bool,
    {
        let Numbered { start, numbering, stats } = self;
        let mut bound = UnitBound(heuristic);
        let reached =
            recording_into(stats, |rec| reach(start, &mut successors, &mut success, numbering, &mut bound, rec))?;
        Some(reached.cost)
    }

    /// A fewest-steps path to a goal by A* contour by contour, start and goal included, and
    /// its number of steps; `heuristic` as for [`Numbered::contours_cost`].
    ///
    /// # Panics
    /// If the path cannot be walked back because some step cannot be undone.
    ///
    /// ```
    /// use search_core::{Numbered, Numbering};
    /// # struct Grid;
    /// # impl Numbering<(u8, u8)> for Grid {
    /// #     fn numbers(&self) -> usize { 100 }
    /// #     fn number(&self, &(x, y): &(u8, u8)) -> usize { 10 * usize::from(y) + usize::from(x) }
    /// # }
    /// let steps = |&(x, y): &(u8, u8)| {
    ///     [(x + 1, y), (x.wrapping_sub(1), y), (x, y + 1), (x, y.wrapping_sub(1))]
    ///         .into_iter()
    ///         .filter(|&(x, y)| x < 10 && y < 10 && (x != 5 || y == 9))
    /// };
    /// let manhattan = |&(x, y): &(u8, u8)| u32::from(9 - x) + u32::from(y);
    /// let (path, cost) = Numbered::new(&(0, 0), &Grid).contours(steps, manhattan, |&c| c == (9, 0)).unwrap();
    /// assert_eq!((cost, path.len()), (27, 28));
    /// assert!(path.contains(&(5, 9)), "through the gap");
    /// ```
    #[inline]
    pub fn contours<FN, IN, FH, FS>(self, mut successors: FN, heuristic: FH, mut success: FS) -> Option<(Vec<N>, u32)>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FH: FnMut(&N) -> u32,
        FS: FnMut(&N) -> bool,
    {
        let Numbered { start, numbering, stats } = self;
        let mut bound = UnitBound(heuristic);
        let reached =
            recording_into(stats, |rec| reach(start, &mut successors, &mut success, numbering, &mut bound, rec))?;
        let cost = reached.cost;
        Some((reached.path_back(&mut successors, numbering, &mut bound), cost))
    }

    /// A path to a goal as long as the bound `heuristic(start)`, start and goal included, if
    /// depth-first search over the steps that lower the heuristic finds one.
    ///
    /// When `heuristic` never over-estimates and drops by at most one per step, no path is
    /// shorter than `heuristic(start)`, so a path found is a shortest one: only the steps
    /// that lower the heuristic can be on it, and each state is at depth `h(start) - h`, so a
    /// bit per number is seen-set enough. Children are tried in the caller's `order`, the
    /// smallest key first; a child whose key is `None` is not tried. Neither can make a path
    /// wrong, only decide how soon one is found, or whether: `None` says that this search
    /// found none, which is a proof that none exists only when `order` skips nothing.
    ///
    /// The quick try before [`Numbered::contours`]: when the answer is the bound and `order`
    /// is good, it walks almost straight to the goal instead of exploring the first contour.
    ///
    /// ```
    /// use search_core::{Numbered, Numbering};
    /// # struct Grid;
    /// # impl Numbering<(u8, u8)> for Grid {
    /// #     fn numbers(&self) -> usize { 100 }
    /// #     fn number(&self, &(x, y): &(u8, u8)) -> usize { 10 * usize::from(y) + usize::from(x) }
    /// # }
    /// let steps = |&(x, y): &(u8, u8)| {
    ///     [(x + 1, y), (x.wrapping_sub(1), y), (x, y + 1), (x, y.wrapping_sub(1))]
    ///         .into_iter()
    ///         .filter(|&(x, y)| x < 10 && y < 10 && (x != 5 || y == 9))
    /// };
    /// let manhattan = |&(x, y): &(u8, u8)| u32::from(9 - x) + u32::from(y);
    /// let goal = |&c: &(u8, u8)| c == (9, 0);
    /// // Across first, then up: the key is the distance to the goal's column.
    /// let across_first = |&(x, _): &(u8, u8)| Some(9 - x);
    /// let path = Numbered::new(&(6, 9), &Grid).path_at_bound(steps, manhattan, across_first, goal).unwrap();
    /// assert_eq!(path.len(), 13);
    /// assert_eq!(path[3], (9, 9));
    /// // Behind the wall no path is as short as the Manhattan distance.
    /// assert_eq!(Numbered::new(&(0, 0), &Grid).path_at_bound(steps, manhattan, across_first, goal), None);
    /// ```
    #[inline]
    pub fn path_at_bound<FN, IN, FH, FO, K, FS>(
        self,
        successors: FN,
        heuristic: FH,
        order: FO,
        success: FS,
    ) -> Option<Vec<N>>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FH: FnMut(&N) -> u32,
        FO: FnMut(&N) -> Option<K>,
        K: Ord,
        FS: FnMut(&N) -> bool,
    {
        let Numbered { start, numbering, stats } = self;
        recording_into(stats, |rec| descend(start, successors, heuristic, order, success, numbering, rec))
    }
}

/// [`Numbered::path_at_bound`]'s search.
#[inline(always)]
fn descend<N, FN, IN, FH, FO, K, FS, I>(
    start: &N,
    mut successors: FN,
    mut heuristic: FH,
    mut order: FO,
    mut success: FS,
    numbering: &I,
    rec: &mut Stats,
) -> Option<Vec<N>>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FH: FnMut(&N) -> u32,
    FO: FnMut(&N) -> Option<K>,
    K: Ord,
    FS: FnMut(&N) -> bool,
    I: Numbering<N>,
{
    let mut seen = Bits::new(numbering.numbers());
    seen.insert(numbering.number(start));
    // Depth-first with the path kept beside the stack: a state popped at depth d extends
    // the path to its parent, which is `path[..d]` (everything popped since then was
    // deeper).
    let mut stack = vec![(start.clone(), 0)];
    let mut path: Vec<N> = Vec::new();
    let mut children = Vec::with_capacity(32);
    while let Some((state, depth)) = stack.pop() {
        path.truncate(depth);
        path.push(state);
        let state = &path[depth];
        if success(state) {
            return Some(path);
        }
        rec.expanded();
        rec.frontier(stack.len() + 1);
        let bound = heuristic(state);
        for next in successors(state) {
            rec.generated();
            if heuristic(&next) < bound
                && seen.insert(numbering.number(&next))
                && let Some(key) = order(&next)
            {
                children.push((key, next));
            }
        }
        // Popped last-in first-out: the smallest key goes on last.
        children.sort_unstable_by(|a, b| b.0.cmp(&a.0));
        stack.extend(children.drain(..).map(|(_, child)| (child, depth + 1)));
    }
    None
}

/// The heuristic of a contour search and how far `f` rises along a step that does not keep
/// it: what tells breadth-first search from A* contour by contour.
trait Contoured<N> {
    /// The rise of `f` along a step that is not tight.
    const RISE: u32;
    /// The heuristic.
    fn h(&mut self, state: &N) -> u32;
}

/// Breadth-first search: `h = 0`, so no step is tight and every step raises `f` by one.
struct Levels;

impl<N> Contoured<N> for Levels {
    const RISE: u32 = 1;
    #[inline(always)]
    fn h(&mut self, _: &N) -> u32 {
        0
    }
}

/// A* with a heuristic that every step moves by exactly one: `f` stays or rises by two.
struct UnitBound<F>(F);

impl<N, F: FnMut(&N) -> u32> Contoured<N> for UnitBound<F> {
    const RISE: u32 = 2;
    #[inline(always)]
    fn h(&mut self, state: &N) -> u32 {
        (self.0)(state)
    }
}

/// A state not reached yet; reached states hold `1 + contour % 3`.
const UNSEEN: u8 = 0;

#[inline(always)]
fn mark(contour: u32) -> u8 {
    1 + (contour % 3) as u8
}

/// What a contour search leaves behind: enough to answer, and to walk a path back.
struct Reached<N> {
    /// Per number: [`UNSEEN`], or the [`mark`] of the contour that first reached it.
    marks: Vec<u8>,
    /// The first contour's `f`: the start's heuristic.
    first_f: u32,
    goal: N,
    /// The goal's contour.
    contour: u32,
    /// The goal's steps from the start.
    cost: u32,
}

/// Contour by contour until a goal (see the module documentation).
#[inline(always)]
fn reach<N, FN, IN, FS, I, B>(
    start: &N,
    successors: &mut FN,
    success: &mut FS,
    numbering: &I,
    bound: &mut B,
    rec: &mut Stats,
) -> Option<Reached<N>>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
    I: Numbering<N>,
    B: Contoured<N>,
{
    let mut marks = vec![UNSEEN; numbering.numbers()];
    // States waiting in `next`, so that none waits twice.
    let mut pending = Bits::new(numbering.numbers());
    let first_f = bound.h(start);
    let mut next = vec![start.clone()];
    let mut stack = Vec::new();
    let mut tight = Vec::with_capacity(64);
    for contour in 0.. {
        if next.is_empty() {
            break;
        }
        let f = first_f + B::RISE * contour;
        for s in next.drain(..) {
            let i = numbering.number(&s);
            pending.remove(i);
            if marks[i] == UNSEEN {
                marks[i] = mark(contour);
                if success(&s) {
                    let cost = f - bound.h(&s);
                    return Some(Reached { marks, first_f, goal: s, contour, cost });
                }
                stack.push(s);
            }
        }
        while let Some(s) = stack.pop() {
            rec.expanded();
            rec.frontier(stack.len() + next.len() + 1);
            let h = bound.h(&s);
            for t in successors(&s) {
                rec.generated();
                let i = numbering.number(&t);
                if marks[i] != UNSEEN {
                    continue;
                }
                if bound.h(&t) < h {
                    marks[i] = mark(contour);
                    if success(&t) {
                        let cost = f - bound.h(&t);
                        return Some(Reached { marks, first_f, goal: t, contour, cost });
                    }
                    tight.push(t);
                } else if pending.insert(i) {
                    next.push(t);
                }
            }
            // Popped last-in first-out: the first tight step goes on last.
            stack.extend(tight.drain(..).rev());
        }
    }
    None
}

impl<N> Reached<N> {
    /// The path from the start to the goal, walked back from the goal: from a state whose
    /// `g` is known, to a neighbour whose `g` is one less.
    #[inline]
    fn path_back<FN, IN, I, B>(self, successors: &mut FN, numbering: &I, bound: &mut B) -> Vec<N>
    where
        N: Clone,
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        I: Numbering<N>,
        B: Contoured<N>,
    {
        let Reached { marks, first_f, goal, mut contour, cost } = self;
        let mut path = vec![goal];
        for g in (0..cost).rev() {
            let Some(here) = path.last() else { break };
            let back = successors(here).into_iter().find_map(|p| {
                let c = contour_near(&marks, numbering.number(&p), contour)?;
                (first_f + B::RISE * c == g + bound.h(&p)).then_some((p, c))
            });
            // The documented contract: with steps that can be undone, the state this one
            // was first reached from is among its neighbours, one step nearer.
            #[allow(clippy::expect_used)]
            let (p, c) = back.expect("every step can be undone, so a neighbour is one step nearer the start");
            path.push(p);
            contour = c;
        }
        path.reverse();
        path
    }
}

/// The contour that first reached state `number`, a neighbour of a state of contour `near`:
/// neighbours' contours differ by at most one, so the residue decides. `None` if the search
/// never reached it.
#[inline]
fn contour_near(marks: &[u8], number: usize, near: u32) -> Option<u32> {
    let residue = match marks[number] {
        UNSEEN => return None,
        m => u32::from(m - 1),
    };
    match (residue + 3 - near % 3) % 3 {
        0 => Some(near),
        1 => Some(near + 1),
        _ => near.checked_sub(1),
    }
}

/// A set of numbers below a length fixed at the start, one bit each.
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    #[inline]
    fn new(len: usize) -> Bits {
        Bits { words: vec![0; len.div_ceil(64)] }
    }

    /// Adds `number`; whether it was new.
    #[inline(always)]
    fn insert(&mut self, number: usize) -> bool {
        let (word, bit) = (number / 64, 1 << (number % 64));
        let new = self.words[word] & bit == 0;
        self.words[word] |= bit;
        new
    }

    /// Takes `number` out, if it was in.
    #[inline(always)]
    fn remove(&mut self, number: usize) {
        self.words[number / 64] &= !(1 << (number % 64));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_tell_new_numbers_from_seen_ones() {
        let mut set = Bits::new(130);
        let (a, b) = (5, 129);
        assert!(set.insert(a) && set.insert(b));
        assert!(!set.insert(a));
        set.remove(a);
        assert!(set.insert(a) && !set.insert(b));
    }

    #[test]
    fn contours_of_neighbours_are_told_by_their_residues() {
        let marks = [UNSEEN, mark(4), mark(5), mark(6)];
        assert_eq!(contour_near(&marks, 0, 5), None);
        assert_eq!([1, 2, 3].map(|n| contour_near(&marks, n, 5)), [Some(4), Some(5), Some(6)]);
        assert_eq!(contour_near(&[mark(2)], 0, 0), None, "no contour below the first");
    }
}

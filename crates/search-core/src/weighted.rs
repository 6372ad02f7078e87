//! Dijkstra and A*: cheapest paths on non-negative edge costs.
//!
//! Both are one algorithm: best-first search on a priority that never decreases along a path,
//! where Dijkstra's priority is the cost `g` so far and A*'s is `f = g + h`, raised to its
//! parent's `f` when it would fall below it ("pathmax").
//!
//! The heuristic must be admissible (never above the true remaining cost). It need not be
//! consistent. Pathmax keeps the result optimal: every state on a path that is a prefix of an
//! optimal path has `g + h <= C*` (admissibility), so the priority of such a prefix, a maximum
//! of those, is at most `C*` too, and the queue always holds one until the goal is popped with
//! `g <= f <= C*`. A state reached again more cheaply is queued again ("reopened"), and stale
//! queue entries are skipped when popped.
//!
//! A heuristic may also call a state a dead end (`None`, see [`Estimate`]): it is then kept
//! in the seen-table with cost zero, so no later route ever looks cheaper, and never queued.
//! Dropping states no goal can be reached from changes no answer. A costly dead-end test can
//! instead be made lazily ([`Search::dead_end`](crate::Search::dead_end)): a state queued above its
//! parent's priority is tested only when popped, so states above the answer are never
//! tested; a dead one popped is dropped then, and marked as above.
//!
//! Because priorities never go below the last one popped, the queue is a radix heap
//! (`queue::RadixQueue`), with last-in first-out ties: with a tight heuristic the states on an
//! optimal path all share one `f`, and taking the newest of them first walks straight down
//! that path instead of widening the frontier level by level.

use std::collections::hash_map::Entry;
use std::hash::Hash;

use crate::cost::Cost;
use crate::estimate::Estimate;
use crate::expand::{All, Expand};
use crate::guide::{ByCost, ByEstimate, Guide};
use crate::partial::Sliced;
use crate::queue::RadixQueue;
use crate::rows::{NO_PARENT, Row, path_to, row_number};
use crate::stats::Recorder;
use crate::tables::{FastMap, make_room, seen_map};

/// Finds a cheapest path from `start` to a state satisfying `success`.
///
/// Returns the path, `start` and goal included, and its cost, or `None` when no reachable
/// state satisfies `success`. Edge costs must be non-negative.
///
/// ```
/// use search_core::dijkstra;
/// let edges = |&n: &char| match n {
///     'a' => vec![('b', 7), ('c', 2)],
///     'c' => vec![('b', 3), ('d', 9)],
///     'b' => vec![('d', 1)],
///     _ => vec![],
/// };
/// assert_eq!(dijkstra(&'a', edges, |&n| n == 'd'), Some((vec!['a', 'c', 'b', 'd'], 6)));
/// ```
pub fn dijkstra<N, C, FN, IN, FS>(start: &N, successors: FN, success: FS) -> Option<(Vec<N>, C)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    best_first_path(start, All(successors), ByCost, success, &mut ())
}

/// The cost [`dijkstra`] would find, without keeping any parent links.
///
/// ```
/// use search_core::dijkstra_cost;
/// let edges = |&n: &u32| [(n + 1, 5u32), (n + 2, 7)];
/// assert_eq!(dijkstra_cost(&0, edges, |&n| n == 4), Some(14));
/// ```
pub fn dijkstra_cost<N, C, FN, IN, FS>(start: &N, successors: FN, success: FS) -> Option<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    best_first_cost(start, All(successors), ByCost, success, &mut ())
}

/// Finds a cheapest path with A*, guided by an admissible `heuristic`.
///
/// `heuristic(n)` must never exceed the true cheapest cost from `n` to a goal; then the
/// result is optimal. It may instead return an `Option`, `None` for a state from which no
/// goal can be reached ([`Estimate`]). Returns the path and its cost, or `None` when
/// unreachable.
///
/// ```
/// use search_core::astar;
/// // Grid walk from (0, 0) to (4, 3) with Manhattan distance as the heuristic.
/// let goal = (4i32, 3i32);
/// let moves = |&(x, y): &(i32, i32)| [((x + 1, y), 1u32), ((x, y + 1), 1)];
/// let manhattan = |&(x, y): &(i32, i32)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs();
/// let (path, cost) = astar(&(0, 0), moves, manhattan, |&p| p == goal).unwrap();
/// assert_eq!(cost, 7);
/// assert_eq!(path.len(), 8);
/// ```
pub fn astar<N, C, FN, IN, FH, E, FS>(start: &N, successors: FN, heuristic: FH, success: FS) -> Option<(Vec<N>, C)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> E,
    E: Estimate<C>,
    FS: FnMut(&N) -> bool,
{
    best_first_path(start, All(successors), ByEstimate(heuristic), success, &mut ())
}

/// The cost [`astar`] would find, without keeping any parent links.
///
/// ```
/// use search_core::astar_cost;
/// let edges = |&n: &u32| [(n + 1, 1u32), (n * 2, 1)];
/// let never_over = |&n: &u32| u32::from(n < 40);
/// assert_eq!(astar_cost(&1, edges, never_over, |&n| n == 40), Some(6)); // 1 2 4 5 10 20 40
/// ```
pub fn astar_cost<N, C, FN, IN, FH, E, FS>(start: &N, successors: FN, heuristic: FH, success: FS) -> Option<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> E,
    E: Estimate<C>,
    FS: FnMut(&N) -> bool,
{
    best_first_cost(start, All(successors), ByEstimate(heuristic), success, &mut ())
}

/// [`best_first`] keeping a trail of rows, and the path it leads back along.
pub(crate) fn best_first_path<N, C, X, G, FS, R>(
    start: &N,
    successors: X,
    guide: G,
    success: FS,
    rec: &mut R,
) -> Option<(Vec<N>, C)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    X: Expand<N, C>,
    G: Guide<N, C>,
    FS: FnMut(&N) -> bool,
    R: Recorder,
{
    let mut trail = Rows { states: Vec::new(), parents: Vec::new() };
    let (cost, goal) = best_first(start, successors, guide, success, rec, &mut trail)?;
    Some((path_to(&trail.states, goal, |r| trail.parents[r as usize]), cost))
}

/// [`best_first`] without a trail.
pub(crate) fn best_first_cost<N, C, X, G, FS, R>(
    start: &N,
    successors: X,
    guide: G,
    success: FS,
    rec: &mut R,
) -> Option<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    X: Expand<N, C>,
    G: Guide<N, C>,
    FS: FnMut(&N) -> bool,
    R: Recorder,
{
    best_first(start, successors, guide, success, rec, &mut NoTrail).map(|(cost, ())| cost)
}

/// What a best-first search keeps beyond costs, so that a path can be read back.
trait Trail<N> {
    /// How the trail names a state: a row number, or nothing at all.
    type Row: Copy;
    /// The name of the start's missing parent.
    const NO_PARENT: Self::Row;
    /// Records a newly seen state, reached from `parent`, and names it.
    fn add(&mut self, node: &N, parent: Self::Row) -> Self::Row;
    /// Records that the state named `row` is now best reached from `parent`.
    fn relink(&mut self, row: Self::Row, parent: Self::Row);
}

/// No trail: the cost-only searches.
struct NoTrail;

impl<N> Trail<N> for NoTrail {
    type Row = ();
    const NO_PARENT: () = ();
    #[inline(always)]
    fn add(&mut self, _: &N, (): ()) {}
    #[inline(always)]
    fn relink(&mut self, (): (), (): ()) {}
}

/// Every state seen, numbered in discovery order, and the row each is best reached from.
struct Rows<N> {
    states: Vec<N>,
    parents: Vec<Row>,
}

impl<N: Clone> Trail<N> for Rows<N> {
    type Row = Row;
    const NO_PARENT: Row = NO_PARENT;
    #[inline]
    fn add(&mut self, node: &N, parent: Row) -> Row {
        let row = row_number(self.states.len());
        self.states.push(node.clone());
        self.parents.push(parent);
        row
    }
    #[inline]
    fn relink(&mut self, row: Row, parent: Row) {
        self.parents[row as usize] = parent;
    }
}

/// Best-first search: returns the cost of a cheapest goal and its name in `trail`.
///
/// `best` maps each state seen to its best known cost and its name in the trail, and queue
/// entries carry the state itself, so expanding a state reads nothing but the entry, and
/// judging a successor takes one hash probe. The path searches pay only for appending each
/// new state to the trail (and relinking it when a cheaper route turns up).
///
/// A popped entry is stale when a cheaper route to its state was queued after it, and only
/// a lowered cost can make one stale. So the search counts the costs it lowers
/// (`maybe_stale`, an upper bound on the stale entries still queued) and looks a popped state
/// up only while that count is above zero. On graphs where the first route found is the best
/// (a maze whose cost is paid on entering a cell) no pop ever pays for a hash probe.
fn best_first<N, C, X, G, FS, R, T>(
    start: &N,
    mut expand: X,
    mut guide: G,
    mut success: FS,
    rec: &mut R,
    trail: &mut T,
) -> Option<(C, T::Row)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    X: Expand<N, C>,
    G: Guide<N, C>,
    FS: FnMut(&N) -> bool,
    R: Recorder,
    T: Trail<N>,
{
    let mut best: FastMap<N, (C, T::Row)> = seen_map(G::ROOM_FOR);
    let start_row = trail.add(start, T::NO_PARENT);
    best.insert(start.clone(), (C::ZERO, start_row));
    // Entries: the state's cost, its row in the trail, the state, how far it has been
    // expanded, and whether its dead-end test is still to be made.
    let mut queue = RadixQueue::new();
    let (priority, check) = guide.priority(start, C::ZERO, C::ZERO)?;
    queue.push(priority, (C::ZERO, start_row, start.clone(), X::FRESH, check));
    let mut maybe_stale = 0usize;
    while let Some((priority, (cost, row, node, mark, check))) = queue.pop() {
        if maybe_stale > 0 && best.get(&node).is_some_and(|&(b, _)| cost > b) {
            maybe_stale -= 1;
            continue; // a cheaper route to this state was queued later
        }
        if guide.dead_when_popped(&node, check) {
            rec.dead_end();
            // As for a dead end found when reached: no route will ever look cheaper.
            if let Some(known) = best.get_mut(&node) {
                known.0 = C::ZERO;
            }
            continue;
        }
        if X::is_fresh(mark) {
            if success(&node) {
                return Some((cost, row));
            }
            rec.expanded();
        }
        let mut later: Option<C> = None;
        for item in expand.successors(&node, cost, priority, mark) {
            let (next, step) = match X::now_or_later(item) {
                Sliced::Now(next, step) => (next, step),
                Sliced::Later(key) => {
                    later = Some(later.map_or(key, |l| l.min(key)));
                    continue;
                }
            };
            rec.generated();
            let next_cost = cost + step;
            make_room(best.len(), best.capacity(), |more| best.reserve(more));
            let entry = best.entry(next);
            let next_row = match &entry {
                Entry::Occupied(known) => {
                    let &(known_cost, known_row) = known.get();
                    if next_cost >= known_cost {
                        continue;
                    }
                    maybe_stale += 1;
                    trail.relink(known_row, row);
                    known_row
                }
                Entry::Vacant(slot) => trail.add(slot.key(), row),
            };
            let kept_cost = match guide.priority(entry.key(), next_cost, priority) {
                Some((next_priority, check)) => {
                    queue.push(next_priority, (next_cost, next_row, entry.key().clone(), X::FRESH, check));
                    next_cost
                }
                None => {
                    rec.dead_end();
                    C::ZERO // no route will ever look cheaper
                }
            };
            *entry.or_insert((kept_cost, next_row)) = (kept_cost, next_row);
        }
        // A key at or below this priority belonged to this expansion; queueing the state
        // again at it could only repeat it.
        if let Some(key) = later.filter(|&key| key > priority) {
            // The state stands in the queue for the successors it has not built yet.
            queue.push(key, (cost, row, node, X::NOT_FRESH, G::Check::default()));
        }
        rec.frontier(queue.len());
    }
    None
}

//! Dijkstra and A*: cheapest paths on non-negative edge costs.
//!
//! Both are one algorithm: best-first search on `g + h`, where Dijkstra is A* with `h = 0`.
//! Ties on `g + h` go to the larger `g` (the deeper state): with a tight heuristic the states
//! on an optimal path all share one `f`, and preferring depth walks straight down that path
//! instead of widening the frontier level by level.
//!
//! The heuristic must be admissible (never above the true remaining cost). It need not be
//! consistent: a state reached again more cheaply is queued again ("reopened"), and stale
//! queue entries are skipped when popped, so the first goal popped is optimal either way.

use std::cmp::Reverse;
use std::hash::Hash;

use indexmap::map::Entry;
use indexmap::IndexMap;

use crate::queue::MinQueue;
use crate::stats::Recorder;
use crate::{Cost, FastHasher, FastMap, Stats};

/// Marks the start state in the parent table.
const NO_PARENT: usize = usize::MAX;

/// How a best-first search orders its queue.
trait Guide<N, C> {
    type Priority: Ord;
    /// The queue priority of `node`, reached at cost `g`.
    fn priority(&mut self, node: &N, g: C) -> Self::Priority;
    /// The cost `g` a priority was made from (so the queue need not carry it twice).
    fn cost(priority: &Self::Priority) -> C;
}

/// Dijkstra: by cost alone (one comparison per heap step).
struct ByCost;

impl<N, C: Cost> Guide<N, C> for ByCost {
    type Priority = C;
    #[inline]
    fn priority(&mut self, _: &N, g: C) -> C {
        g
    }
    #[inline]
    fn cost(priority: &C) -> C {
        *priority
    }
}

/// A*: by `f = g + h` ascending, then `g` descending (deeper first).
struct ByEstimate<FH>(FH);

impl<N, C: Cost, FH: FnMut(&N) -> C> Guide<N, C> for ByEstimate<FH> {
    type Priority = (C, Reverse<C>);
    #[inline]
    fn priority(&mut self, node: &N, g: C) -> (C, Reverse<C>) {
        (g + (self.0)(node), Reverse(g))
    }
    #[inline]
    fn cost(priority: &(C, Reverse<C>)) -> C {
        priority.1 .0
    }
}

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
    best_first_path(start, successors, ByCost, success, &mut ())
}

/// [`dijkstra`], also adding what the search did to `stats`.
pub fn dijkstra_with_stats<N, C, FN, IN, FS>(
    start: &N,
    successors: FN,
    success: FS,
    stats: &mut Stats,
) -> Option<(Vec<N>, C)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    best_first_path(start, successors, ByCost, success, stats)
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
    best_first_cost(start, successors, ByCost, success, &mut ())
}

/// [`dijkstra_cost`], also adding what the search did to `stats`.
pub fn dijkstra_cost_with_stats<N, C, FN, IN, FS>(
    start: &N,
    successors: FN,
    success: FS,
    stats: &mut Stats,
) -> Option<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    best_first_cost(start, successors, ByCost, success, stats)
}

/// Finds a cheapest path with A*, guided by an admissible `heuristic`.
///
/// `heuristic(n)` must never exceed the true cheapest cost from `n` to a goal; then the
/// result is optimal. Returns the path and its cost, or `None` when unreachable.
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
pub fn astar<N, C, FN, IN, FH, FS>(start: &N, successors: FN, heuristic: FH, success: FS) -> Option<(Vec<N>, C)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    best_first_path(start, successors, ByEstimate(heuristic), success, &mut ())
}

/// [`astar`], also adding what the search did to `stats`.
pub fn astar_with_stats<N, C, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    stats: &mut Stats,
) -> Option<(Vec<N>, C)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    best_first_path(start, successors, ByEstimate(heuristic), success, stats)
}

/// The cost [`astar`] would find, without keeping any parent links.
///
/// ```
/// use search_core::astar_cost;
/// let edges = |&n: &u32| [(n + 1, 1u32), (n * 2, 1)];
/// let never_over = |&n: &u32| u32::from(n < 40);
/// assert_eq!(astar_cost(&1, edges, never_over, |&n| n == 40), Some(6)); // 1 2 4 5 10 20 40
/// ```
pub fn astar_cost<N, C, FN, IN, FH, FS>(start: &N, successors: FN, heuristic: FH, success: FS) -> Option<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    best_first_cost(start, successors, ByEstimate(heuristic), success, &mut ())
}

/// [`astar_cost`], also adding what the search did to `stats`.
pub fn astar_cost_with_stats<N, C, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    stats: &mut Stats,
) -> Option<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    best_first_cost(start, successors, ByEstimate(heuristic), success, stats)
}

/// Best-first search keeping, for every state seen, its best known cost and the index of
/// its parent in one insertion-ordered table; the queue holds table indices only.
fn best_first_path<N, C, FN, IN, G, FS, R>(
    start: &N,
    mut successors: FN,
    mut guide: G,
    mut success: FS,
    rec: &mut R,
) -> Option<(Vec<N>, C)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    G: Guide<N, C>,
    FS: FnMut(&N) -> bool,
    R: Recorder,
{
    let mut table: IndexMap<N, (usize, C), FastHasher> = IndexMap::default();
    table.insert(start.clone(), (NO_PARENT, C::ZERO));
    let mut queue: MinQueue<G::Priority, usize> = MinQueue::new();
    queue.push(guide.priority(start, C::ZERO), 0);
    while let Some((priority, index)) = queue.pop() {
        let cost = G::cost(&priority);
        let Some((node, &(_, best))) = table.get_index(index) else {
            unreachable!("queued indices always point into the table")
        };
        if cost > best {
            continue; // a cheaper route to this state was queued later
        }
        if success(node) {
            return Some((reconstruct(&table, index), cost));
        }
        rec.expanded();
        for (next, step) in successors(node) {
            rec.generated();
            let next_cost = cost + step;
            let (priority, next_index) = match table.entry(next) {
                Entry::Vacant(slot) => {
                    let priority = guide.priority(slot.key(), next_cost);
                    let next_index = slot.index();
                    slot.insert((index, next_cost));
                    (priority, next_index)
                }
                Entry::Occupied(mut slot) => {
                    if next_cost >= slot.get().1 {
                        continue;
                    }
                    *slot.get_mut() = (index, next_cost);
                    (guide.priority(slot.key(), next_cost), slot.index())
                }
            };
            queue.push(priority, next_index);
        }
        rec.frontier(queue.len());
    }
    None
}

/// Follows parent indices from `index` back to the start.
fn reconstruct<N: Clone, C>(table: &IndexMap<N, (usize, C), FastHasher>, mut index: usize) -> Vec<N> {
    let mut path = Vec::new();
    while let Some((node, &(parent, _))) = table.get_index(index) {
        path.push(node.clone());
        index = parent;
    }
    path.reverse();
    path
}

/// Best-first search with a plain map of best known costs; the queue carries the states
/// themselves, so there is no table of indices and no parent links.
fn best_first_cost<N, C, FN, IN, G, FS, R>(
    start: &N,
    mut successors: FN,
    mut guide: G,
    mut success: FS,
    rec: &mut R,
) -> Option<C>
where
    N: Eq + Hash + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    G: Guide<N, C>,
    FS: FnMut(&N) -> bool,
    R: Recorder,
{
    let mut best: FastMap<N, C> = FastMap::default();
    best.insert(start.clone(), C::ZERO);
    let mut queue: MinQueue<G::Priority, N> = MinQueue::new();
    queue.push(guide.priority(start, C::ZERO), start.clone());
    while let Some((priority, node)) = queue.pop() {
        let cost = G::cost(&priority);
        if best.get(&node).is_some_and(|&b| cost > b) {
            continue; // a cheaper route to this state was queued later
        }
        if success(&node) {
            return Some(cost);
        }
        rec.expanded();
        for (next, step) in successors(&node) {
            rec.generated();
            let next_cost = cost + step;
            match best.entry(next) {
                std::collections::hash_map::Entry::Vacant(slot) => {
                    queue.push(guide.priority(slot.key(), next_cost), slot.key().clone());
                    slot.insert(next_cost);
                }
                std::collections::hash_map::Entry::Occupied(mut slot) => {
                    if next_cost < *slot.get() {
                        *slot.get_mut() = next_cost;
                        queue.push(guide.priority(slot.key(), next_cost), slot.key().clone());
                    }
                }
            }
        }
        rec.frontier(queue.len());
    }
    None
}

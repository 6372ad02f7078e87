//! Breadth-first search: fewest steps on unit-cost edges.

use std::hash::{BuildHasher, Hash};

use hashbrown::hash_table::{Entry, HashTable};

use crate::rows::{NO_PARENT, Row, path_to, row_number};
use crate::tables::{FastHasher, FastSet, INITIAL_STATES, make_room, seen_set};

/// Finds a shortest path (fewest steps) from `start` to a state satisfying `success`.
///
/// Returns the path, `start` and goal included, and its number of steps, or `None` when no
/// reachable state satisfies `success`.
///
/// ```
/// use search_core::bfs;
/// // Knight moves on an 8x8 board from a corner to the opposite corner.
/// let moves = |&(x, y): &(i32, i32)| {
///     [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
///         .into_iter()
///         .map(move |(dx, dy)| (x + dx, y + dy))
///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
/// };
/// let (path, steps) = bfs(&(0, 0), moves, |&p| p == (7, 7)).unwrap();
/// assert_eq!(steps, 6);
/// assert_eq!(path.len(), 7);
/// ```
pub fn bfs<N, FN, IN, FS>(start: &N, mut successors: FN, mut success: FS) -> Option<(Vec<N>, usize)>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    if success(start) {
        return Some((vec![start.clone()], 0));
    }
    // Breadth-first over rows: `states` lists the states in discovery order, so a cursor
    // walking it visits them breadth-first, and `parents[i]` is the row that discovered row
    // `i`. A state's first discovery is its shortest.
    //
    // The seen-set holds row numbers, not states: each state is stored once, in `states`, and
    // the table's entries are four bytes whatever the state's size. A state found again is
    // compared with its row, which breadth-first order makes a recent one, still in the cache.
    // (The cost-only form keeps its plain seen-set of states: it keeps no rows to compare with,
    // and keeping them only for that made it slower.)
    let hasher = FastHasher::default();
    let hash = |n: &N| BuildHasher::hash_one(&hasher, n);
    let mut states = vec![start.clone()];
    let mut parents = vec![NO_PARENT];
    let mut seen: HashTable<Row> = HashTable::with_capacity(INITIAL_STATES);
    seen.insert_unique(hash(start), 0, |&r| hash(&states[r as usize]));
    let mut cursor = 0;
    while let Some(node) = states.get(cursor) {
        for next in successors(node) {
            make_room(seen.len(), seen.capacity(), |more| seen.reserve(more, |&r| hash(&states[r as usize])));
            let found = seen.entry(hash(&next), |&r| states[r as usize] == next, |&r| hash(&states[r as usize]));
            let Entry::Vacant(slot) = found else { continue };
            let row = row_number(states.len());
            slot.insert(row);
            let goal = success(&next);
            states.push(next);
            parents.push(row_number(cursor));
            if goal {
                let path = path_to(&states, row, |r| parents[r as usize]);
                let steps = path.len() - 1;
                return Some((path, steps));
            }
        }
        cursor += 1;
    }
    None
}

/// The number of steps [`bfs`] would find, without keeping any parent links.
///
/// ```
/// use search_core::bfs_cost;
/// let steps = bfs_cost(&1u64, |&n| [n + 1, n * 3], |&n| n == 100);
/// assert_eq!(steps, Some(7)); // 1 3 9 10 11 33 99 100
/// ```
pub fn bfs_cost<N, FN, IN, FS>(start: &N, mut successors: FN, mut success: FS) -> Option<usize>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    if success(start) {
        return Some(0);
    }
    // BFS level by level with a seen-table of the states themselves: no parent links, no
    // rows. One loop, so that the table's probe is inlined into it (through a closure passed to
    // a shared level loop, as before, each successor cost a call).
    let hasher = FastHasher::default();
    let hash = |n: &N| BuildHasher::hash_one(&hasher, n);
    let mut seen: HashTable<N> = HashTable::with_capacity(INITIAL_STATES);
    seen.insert_unique(hash(start), start.clone(), hash);
    let mut level = vec![start.clone()];
    let mut next_level = Vec::new();
    let mut depth = 0;
    while !level.is_empty() {
        depth += 1;
        for node in level.drain(..) {
            for next in successors(&node) {
                make_room(seen.len(), seen.capacity(), |more| seen.reserve(more, hash));
                let Entry::Vacant(slot) = seen.entry(hash(&next), |seen| *seen == next, hash) else { continue };
                slot.insert(next.clone());
                if success(&next) {
                    return Some(depth);
                }
                next_level.push(next);
            }
        }
        std::mem::swap(&mut level, &mut next_level);
    }
    None
}

/// Every state reachable from `starts`, each once, with its fewest steps from the nearest
/// start, in breadth-first order (nearer states first).
///
/// This is a multi-source breadth-first search that stops at nothing: the tool for filling
/// a table of exact distances, for example by searching *from* the goals of a puzzle whose
/// moves can all be undone. States listed twice among `starts` are reached once.
///
/// ```
/// use search_core::bfs_reach;
/// // On a ring of 6, from 0 and 3 every state is at most one step from a start.
/// let ring = |&n: &u8| [(n + 1) % 6, (n + 5) % 6];
/// let reached: Vec<(u8, usize)> = bfs_reach([0, 3], ring).collect();
/// assert_eq!(reached, [(0, 0), (3, 0), (1, 1), (5, 1), (4, 1), (2, 1)]);
/// ```
pub fn bfs_reach<N, S, FN, IN>(starts: S, successors: FN) -> BfsReach<N, FN>
where
    N: Eq + Hash + Clone,
    S: IntoIterator<Item = N>,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    let mut seen = seen_set();
    let queue = starts.into_iter().filter(|s| seen.insert(s.clone())).map(|s| (s, 0)).collect();
    BfsReach { seen, queue, successors }
}

/// The iterator of [`bfs_reach`]: `(state, steps)` in breadth-first order.
///
/// ```
/// use search_core::bfs_reach;
/// // Every number reachable from 1 by doubling, below 20, with its number of doublings.
/// let reach: Vec<(u32, usize)> = bfs_reach([1], |&n: &u32| (n * 2 < 20).then_some(n * 2)).collect();
/// assert_eq!(reach, [(1, 0), (2, 1), (4, 2), (8, 3), (16, 4)]);
/// ```
pub struct BfsReach<N, FN> {
    seen: FastSet<N>,
    queue: std::collections::VecDeque<(N, usize)>,
    successors: FN,
}

impl<N, FN, IN> Iterator for BfsReach<N, FN>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    type Item = (N, usize);

    fn next(&mut self) -> Option<(N, usize)> {
        let (state, steps) = self.queue.pop_front()?;
        for next in (self.successors)(&state) {
            if !self.seen.contains(&next) {
                make_room(self.seen.len(), self.seen.capacity(), |more| self.seen.reserve(more));
                self.seen.insert(next.clone());
                self.queue.push_back((next, steps + 1));
            }
        }
        Some((state, steps))
    }
}

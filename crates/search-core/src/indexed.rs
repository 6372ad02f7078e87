//! Breadth-first search over states that are numbered densely: a byte per number in a flat
//! array instead of a hash set.
//!
//! When every state a search can reach has its own number below some `slots` (a ranking of
//! the state space), "seen?" is one array read, with no hashing, no probing and no growth,
//! and the memory is `slots` bytes, decided before the search starts. The byte keeps the
//! state's depth modulo three. When every step can be undone, that is all a path needs: a
//! state's neighbours are at most one level from it, so walking back from the goal, the
//! neighbour one level up is the only one with that residue.

use crate::bfs::by_levels;
use crate::stats::Recorder;

/// A state not reached yet; reached states hold `1 + depth % 3`.
const UNSEEN: u8 = 0;

fn mark(depth: usize) -> u8 {
    1 + (depth % 3) as u8
}

/// The fewest steps from `start` to a state satisfying `success`, like
/// [`bfs_cost`](crate::bfs_cost), with a flat array of `slots` bytes as the seen-set.
///
/// `index` numbers states: below `slots`, and different for any two states the search can
/// reach.
///
/// # Panics
/// If `index` returns a number of `slots` or more.
///
/// ```
/// use search_core::bfs_indexed_cost;
/// // Steps of +1 and *2 from 1 to 100, numbers kept below 128.
/// let steps = |&n: &u32| [n + 1, n * 2].into_iter().filter(|&m| m < 128);
/// assert_eq!(bfs_indexed_cost(&1, steps, |&n| n as usize, 128, |&n| n == 100), Some(8));
/// ```
pub fn bfs_indexed_cost<N, FN, IN, FI, FS>(
    start: &N,
    successors: FN,
    index: FI,
    slots: usize,
    success: FS,
) -> Option<usize>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FI: FnMut(&N) -> usize,
    FS: FnMut(&N) -> bool,
{
    Levels::new(slots).search(start, successors, index, success, &mut ()).map(|(_, depth)| depth)
}

/// A shortest path from `start` to a state satisfying `success`, like [`bfs`](fn@crate::bfs),
/// with a flat array of `slots` bytes as the seen-set and no parent links, for graphs whose
/// steps can all be undone: the path is walked back from the goal through `successors`.
///
/// `successors` must be symmetric: if `b` is a successor of `a`, then `a` is a successor
/// of `b` (a puzzle whose every move can be reversed). Then a state's neighbours are at
/// most one level deeper or shallower, so the neighbour one level up is recognised by its
/// depth modulo three. For one-way steps use [`bfs`](fn@crate::bfs).
///
/// # Panics
/// If `index` returns a number of `slots` or more, or the path cannot be walked back
/// because `successors` is not symmetric.
///
/// ```
/// use search_core::bfs_indexed;
/// // Moves of +-1 and +-7 on 0..100, from 0 to 50.
/// let moves = |&n: &i32| [n - 1, n + 1, n - 7, n + 7].into_iter().filter(|m| (0..100).contains(m));
/// let (path, steps) = bfs_indexed(&0, moves, |&n| n as usize, 100, |&n| n == 50).unwrap();
/// assert_eq!(steps, 8); // 7 * 7 + 1
/// assert_eq!((path[0], path[8]), (0, 50));
/// ```
pub fn bfs_indexed<N, FN, IN, FI, FS>(
    start: &N,
    mut successors: FN,
    mut index: FI,
    slots: usize,
    success: FS,
) -> Option<(Vec<N>, usize)>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FI: FnMut(&N) -> usize,
    FS: FnMut(&N) -> bool,
{
    let mut levels = Levels::new(slots);
    let (goal, depth) = levels.search(start, &mut successors, &mut index, success, &mut ())?;
    let mut path = vec![goal];
    for level in (0..depth).rev() {
        let Some(here) = path.last() else { break };
        let back = successors(here).into_iter().find(|p| levels.marks[index(p)] == mark(level));
        // The documented contract: with symmetric steps the state this one was first reached
        // from is a neighbour one level up.
        #[allow(clippy::expect_used)]
        path.push(back.expect("`successors` is symmetric, so some neighbour is one level up"));
    }
    path.reverse();
    Some((path, depth))
}

/// The seen-set of an indexed search: each state's depth modulo three, or [`UNSEEN`].
struct Levels {
    marks: Vec<u8>,
}

impl Levels {
    fn new(slots: usize) -> Levels {
        Levels { marks: vec![UNSEEN; slots] }
    }

    /// Level-by-level search ([`by_levels`]); the goal reached and its depth.
    fn search<N, FN, IN, FI, FS, R>(
        &mut self,
        start: &N,
        successors: FN,
        mut index: FI,
        success: FS,
        rec: &mut R,
    ) -> Option<(N, usize)>
    where
        N: Clone,
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = N>,
        FI: FnMut(&N) -> usize,
        FS: FnMut(&N) -> bool,
        R: Recorder,
    {
        let first_visit = |node: &N, depth| {
            let seen = &mut self.marks[index(node)];
            let new = *seen == UNSEEN;
            if new {
                *seen = mark(depth);
            }
            new
        };
        by_levels(start, successors, success, first_visit, rec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Stats;
    use proptest::prelude::*;

    /// A random directed graph on `n` nodes given as adjacency lists.
    fn graph() -> impl Strategy<Value = Vec<Vec<usize>>> {
        (1usize..40).prop_flat_map(|n| proptest::collection::vec(proptest::collection::vec(0..n, 0..4), n))
    }

    /// The graph with every edge also reversed.
    fn undirected(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
        let mut both = edges.to_vec();
        for (from, tos) in edges.iter().enumerate() {
            for &to in tos {
                both[to].push(from);
            }
        }
        both
    }

    proptest! {
        #[test]
        fn agrees_with_the_hashing_bfs(edges in graph(), start in 0usize..40, goal in 0usize..40) {
            let n = edges.len();
            let (start, goal) = (start % n, goal % n);
            let successors = |&v: &usize| edges[v].clone();
            let expected = crate::bfs_cost(&start, successors, |&v| v == goal);
            prop_assert_eq!(bfs_indexed_cost(&start, successors, |&v| v, n, |&v| v == goal), expected);

            let both = undirected(&edges);
            let neighbours = |&v: &usize| both[v].clone();
            let expected = crate::bfs_cost(&start, neighbours, |&v| v == goal);
            let found = bfs_indexed(&start, neighbours, |&v| v, n, |&v| v == goal);
            prop_assert_eq!(found.as_ref().map(|(_, steps)| *steps), expected);
            if let Some((path, steps)) = found {
                prop_assert_eq!(path.len(), steps + 1);
                prop_assert_eq!((path[0], path[steps]), (start, goal));
                for step in path.windows(2) {
                    prop_assert!(both[step[0]].contains(&step[1]), "{:?} is not an edge", step);
                }
            }
        }
    }

    #[test]
    fn stats_count_levels_and_states() {
        // A path 0 - 1 - 2 - 3 with a branch 1 - 4.
        let edges = [vec![1], vec![2, 4], vec![3], vec![], vec![]];
        let mut stats = Stats::default();
        let found = Levels::new(5).search(&0, |&v: &usize| edges[v].clone(), |&v| v, |&v| v == 3, &mut stats);
        assert_eq!(found.map(|(_, depth)| depth), Some(3));
        // 0, 1 and 2 are expanded; 3 is reached while expanding 2.
        assert_eq!((stats.expanded, stats.generated, stats.peak_frontier), (3, 4, 2));
    }

    #[test]
    fn the_start_can_be_the_goal() {
        let none = |_: &u8| std::iter::empty();
        assert_eq!(bfs_indexed(&7, none, |&v| v as usize, 8, |&v| v == 7), Some((vec![7], 0)));
        assert_eq!(bfs_indexed_cost(&7, none, |&v| v as usize, 8, |&v| v == 6), None);
    }
}

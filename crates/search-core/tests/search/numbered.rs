//! The searches over numbered states against the plain ones: breadth-first search on random
//! graphs, and A* contour by contour and the path at the bound on random grids with walls,
//! where the Manhattan distance moves by exactly one along every step.

use proptest::prelude::*;
use search_core::*;

/// Numbers `0..n` are their own numbers.
struct Own(usize);

impl Numbering<usize> for Own {
    fn numbers(&self) -> usize {
        self.0
    }
    fn number(&self, &n: &usize) -> usize {
        n
    }
}

/// A random directed graph on `n` nodes, as adjacency lists, with a start and a goal.
fn graph() -> impl Strategy<Value = (Vec<Vec<usize>>, usize, usize)> {
    (1usize..40).prop_flat_map(|n| (prop::collection::vec(prop::collection::vec(0..n, 0..4), n), 0..n, 0..n))
}

/// A grid with walls: `open[y * width + x]`.
#[derive(Debug, Clone)]
struct Grid {
    width: usize,
    open: Vec<bool>,
}

impl Numbering<(usize, usize)> for Grid {
    fn numbers(&self) -> usize {
        self.open.len()
    }
    fn number(&self, &(x, y): &(usize, usize)) -> usize {
        y * self.width + x
    }
}

impl Grid {
    fn height(&self) -> usize {
        self.open.len() / self.width
    }

    /// The open cells a four-way step away.
    fn steps(&self, &(x, y): &(usize, usize)) -> Vec<(usize, usize)> {
        [(x + 1, y), (x.wrapping_sub(1), y), (x, y + 1), (x, y.wrapping_sub(1))]
            .into_iter()
            .filter(|&(x, y)| x < self.width && y < self.height() && self.open[self.number(&(x, y))])
            .collect()
    }
}

/// A random grid of up to 12 x 12 cells, about a third of them walls, with a start and a
/// goal that are open.
fn grid() -> impl Strategy<Value = (Grid, (usize, usize), (usize, usize))> {
    (1usize..12, 1usize..12).prop_flat_map(|(width, height)| {
        let cells = prop::collection::vec(prop::bool::weighted(0.7), width * height);
        (cells, (0..width, 0..height), (0..width, 0..height)).prop_map(move |(mut open, start, goal)| {
            open[start.1 * width + start.0] = true;
            open[goal.1 * width + goal.0] = true;
            (Grid { width, open }, start, goal)
        })
    })
}

fn manhattan(goal: (usize, usize)) -> impl Fn(&(usize, usize)) -> u32 + Copy {
    move |&(x, y)| (x.abs_diff(goal.0) + y.abs_diff(goal.1)) as u32
}

/// Checks that `path` runs from `start` to `goal` in `steps` steps of `grid`.
fn assert_walk(grid: &Grid, path: &[(usize, usize)], start: (usize, usize), goal: (usize, usize), steps: usize) {
    assert_eq!((path.first(), path.last(), path.len()), (Some(&start), Some(&goal), steps + 1));
    for step in path.windows(2) {
        assert!(grid.steps(&step[0]).contains(&step[1]), "{step:?} is not a step");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(300, 2000)))]

    #[test]
    fn numbered_bfs_agrees_with_the_hashing_bfs((edges, start, goal) in graph()) {
        let n = edges.len();
        let successors = |&v: &usize| edges[v].clone();
        let expected = bfs_cost(&start, successors, |&v| v == goal);
        prop_assert_eq!(Numbered::new(&start, &Own(n)).bfs_cost(successors, |&v| v == goal), expected);
    }

    #[test]
    fn contours_find_the_fewest_steps_and_a_path_of_them((grid, start, goal) in grid()) {
        let steps = |c: &(usize, usize)| grid.steps(c);
        let expected = bfs_cost(&start, steps, |&c| c == goal);
        let h = manhattan(goal);
        let mut stats = Stats::default();
        let cost = Numbered::new(&start, &grid).stats(&mut stats).contours_cost(steps, h, |&c| c == goal);
        prop_assert_eq!(cost.map(|c| c as usize), expected);
        // A* never expands a state whose f is above the answer: here, none farther from
        // the start and the goal together than the answer.
        let reachable = bfs_reach([start], steps).count() as u64;
        prop_assert!(stats.expanded <= reachable);

        let found = Numbered::new(&start, &grid).contours(steps, h, |&c| c == goal);
        prop_assert_eq!(found.as_ref().map(|&(_, c)| c as usize), expected);
        if let Some((path, cost)) = found {
            assert_walk(&grid, &path, start, goal, cost as usize);
        }
    }

    #[test]
    fn a_path_at_the_bound_is_found_exactly_when_there_is_one(
        (grid, start, goal) in grid(),
        keys in prop::collection::vec(prop::option::weighted(0.8, 0u8..4), 144),
    ) {
        let steps = |c: &(usize, usize)| grid.steps(c);
        let h = manhattan(goal);
        let exact = bfs_cost(&start, steps, |&c| c == goal);
        let every_child = |_: &(usize, usize)| Some(());
        let found = Numbered::new(&start, &grid).path_at_bound(steps, h, every_child, |&c| c == goal);
        prop_assert_eq!(found.is_some(), exact == Some(h(&start) as usize));
        if let Some(path) = &found {
            assert_walk(&grid, path, start, goal, h(&start) as usize);
        }
        // An order that skips some children finds no path where there is none, and any
        // path it finds is as short.
        let some_children = |c: &(usize, usize)| keys[grid.number(c) % keys.len()];
        let partial = Numbered::new(&start, &grid).path_at_bound(steps, h, some_children, |&c| c == goal);
        if let Some(path) = partial {
            prop_assert!(found.is_some());
            assert_walk(&grid, &path, start, goal, h(&start) as usize);
        }
    }
}

#[test]
fn the_start_can_be_the_goal_and_a_goal_can_be_out_of_reach() {
    let none = |_: &usize| std::iter::empty();
    assert_eq!(Numbered::new(&7usize, &Own(8)).bfs_cost(none, |&v| v == 7), Some(0));
    assert_eq!(Numbered::new(&7usize, &Own(8)).bfs_cost(none, |&v| v == 6), None);
    assert_eq!(Numbered::new(&7usize, &Own(8)).contours(none, |_| 0, |&v| v == 7), Some((vec![7], 0)));
    assert_eq!(Numbered::new(&7usize, &Own(8)).contours_cost(none, |_| 1, |&v| v == 6), None);
    assert_eq!(Numbered::new(&7usize, &Own(8)).path_at_bound(none, |_| 0, |_| Some(0), |&v| v == 7), Some(vec![7]));
}

#[test]
fn stats_count_states_expanded_and_generated() {
    // A path 0 - 1 - 2 - 3 with a branch 1 - 4, searched breadth-first for 3.
    let edges = [vec![1], vec![0, 2, 4], vec![1, 3], vec![2], vec![1]];
    let mut stats = Stats::default();
    let found = Numbered::new(&0usize, &Own(5)).stats(&mut stats).bfs_cost(|&v: &usize| edges[v].clone(), |&v| v == 3);
    assert_eq!(found, Some(3));
    // 0, 1, 4 and 2 are expanded (the goal is recognised when its level begins); every
    // edge out of them is generated.
    assert_eq!((stats.expanded, stats.generated), (4, 7));
}

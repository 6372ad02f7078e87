//! Hand-written edge cases for every search.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use search_core::*;

fn line(n: &u32) -> Vec<(u32, u32)> {
    if *n < 10 { vec![(n + 1, 1)] } else { vec![] }
}

#[test]
fn start_is_goal_costs_nothing_and_expands_nothing() {
    let mut stats = Stats::default();
    assert_eq!(Search::new(&3, line, |&n| n == 3).stats(&mut stats).path(), Some((vec![3], 0)));
    assert_eq!(stats.expanded, 0);
    assert_eq!(astar(&3, line, |_| 0, |&n| n == 3), Some((vec![3], 0)));
    assert_eq!(bfs(&3, |n| line(n).into_iter().map(|e| e.0), |&n| n == 3), Some((vec![3], 0)));
    assert_eq!(bfs_cost(&3, |n| line(n).into_iter().map(|e| e.0), |&n| n == 3), Some(0));
    assert_eq!(dijkstra_cost(&3, line, |&n| n == 3), Some(0));
    assert_eq!(astar_cost(&3, line, |_| 0, |&n| n == 3), Some(0));
}

#[test]
fn unreachable_goal_is_none_after_exhausting_the_graph() {
    let mut stats = Stats::default();
    assert_eq!(Search::new(&0, line, |&n| n == 11).stats(&mut stats).cost::<u32>(), None);
    assert_eq!(stats.expanded, 11);
    assert_eq!(dijkstra(&0, line, |&n| n == 11), None);
    assert_eq!(astar(&0, line, |_| 0, |&n| n == 11), None);
    assert_eq!(astar_cost(&0, line, |_| 0, |&n| n == 11), None);
    let unit = |n: &u32| line(n).into_iter().map(|e| e.0);
    assert_eq!(bfs(&0, unit, |&n| n == 11), None);
    assert_eq!(bfs_cost(&0, unit, |&n| n == 11), None);
}

#[test]
fn zero_cost_edges_and_cycles() {
    // 0 -0-> 1 -0-> 2 -0-> 0 (a free cycle) and 2 -5-> 3, 0 -6-> 3.
    let g = |&n: &u8| match n {
        0 => vec![(1, 0u32), (3, 6)],
        1 => vec![(2, 0)],
        2 => vec![(0, 0), (3, 5)],
        _ => vec![],
    };
    assert_eq!(dijkstra(&0, g, |&n| n == 3), Some((vec![0, 1, 2, 3], 5)));
    assert_eq!(dijkstra_cost(&0, g, |&n| n == 3), Some(5));
    assert_eq!(astar_cost(&0, g, |&n| if n == 3 { 0 } else { 5 }, |&n| n == 3), Some(5));
}

#[test]
fn many_equal_cost_paths_give_the_optimal_cost_and_a_valid_path() {
    // A 6x6 grid, only right/down moves: C(10, 5) = 252 equally short paths.
    let moves = |&(x, y): &(u8, u8)| {
        let mut v = Vec::new();
        if x < 5 {
            v.push(((x + 1, y), 1u32));
        }
        if y < 5 {
            v.push(((x, y + 1), 1u32));
        }
        v
    };
    let (path, cost) = dijkstra(&(0, 0), moves, |&p| p == (5, 5)).unwrap();
    assert_eq!(cost, 10);
    assert_eq!(path.len(), 11);
    for w in path.windows(2) {
        assert_eq!(u32::from(w[1].0 - w[0].0 + w[1].1 - w[0].1), 1);
    }
    let h = |&(x, y): &(u8, u8)| u32::from(10 - x - y);
    let mut stats = Stats::default();
    let (path, cost) = Search::new(&(0, 0), moves, |&p| p == (5, 5)).heuristic(h).stats(&mut stats).path().unwrap();
    assert_eq!((path.len(), cost), (11, 10));
    // A perfect heuristic with depth tie-breaking walks the path and nothing else.
    assert_eq!(stats.expanded, 10);
}

#[test]
fn a_goal_found_late_in_a_cheaper_branch_wins() {
    // The direct edge is expensive; the long detour is cheaper.
    let g = |&n: &u32| match n {
        0 => vec![(100, 50u64), (1, 1)],
        n if n < 10 => vec![(n + 1, 1)],
        10 => vec![(100, 1)],
        _ => vec![],
    };
    assert_eq!(dijkstra_cost(&0, g, |&n| n == 100), Some(11));
    assert_eq!(dijkstra(&0, g, |&n| n == 100).map(|p| p.0.len()), Some(12));
}

#[test]
fn stats_count_generated_and_peak_frontier() {
    let mut stats = Stats::default();
    let star = |&n: &u32| if n == 0 { (1..=5).map(|m| (m, 1u32)).collect() } else { vec![] };
    assert_eq!(Search::new(&0, star, |&n| n == 9).stats(&mut stats).cost(), None);
    assert_eq!(stats.generated, 5);
    assert_eq!(stats.expanded, 6);
    assert_eq!(stats.peak_frontier, 5);
    assert_eq!(stats.to_string(), "6 expanded, 5 generated, peak frontier 5");
}

#[test]
fn a_dead_start_is_unreachable_and_dead_ends_are_counted_once() {
    // 0 -> 1 -> 3 (goal) and 0 -> 2, which only loops on itself: 2 can never reach 3.
    let edges = |&n: &u32| match n {
        0 => vec![(1, 5u32), (2, 1)],
        1 => vec![(3, 5)],
        2 => vec![(2, 1)],
        _ => vec![],
    };
    let dead_two = |&n: &u32| if n == 2 { None } else { Some(0) };
    let mut stats = Stats::default();
    assert_eq!(Search::new(&0, edges, |&n| n == 3).heuristic(dead_two).stats(&mut stats).cost(), Some(10));
    assert_eq!(stats.dead_ends, 1);
    assert_eq!(stats.expanded, 2); // 0 and 1, never 2
    let mut stats = Stats::default();
    let found = Search::new(&0, edges, |&n| n == 3).heuristic(dead_two).stats(&mut stats).path();
    assert_eq!(found, Some((vec![0, 1, 3], 10)));
    assert_eq!((stats.dead_ends, stats.expanded), (1, 2));
    assert_eq!(astar(&2, edges, dead_two, |&n| n == 3), None);
    assert_eq!(astar_cost(&2, edges, dead_two, |&n| n == 3), None);
    assert_eq!(idastar_cost(&2, edges, dead_two, |&n| n == 3), None);
    assert_eq!(bounded_dfs_cost(&2, edges, dead_two, |&n| n == 3, 100), Bounded::Unreachable);
    assert_eq!(idastar_cost(&0, edges, dead_two, |&n| n == 3), Some(10));
}

#[test]
fn a_lazy_dead_end_test_runs_only_on_states_the_search_needs() {
    // 0 -> 1 (cost 1) -> 3 (goal, cost 1); 0 -> 2 (cost 10), a dead end far above the
    // answer; 1 -> 4 (cost 0), a dead end at the parent's priority.
    let edges = |&n: &u32| match n {
        0 => vec![(1, 1u32), (2, 10)],
        1 => vec![(3, 1), (4, 0)],
        2 | 4 => vec![(5, 1)],
        _ => vec![],
    };
    let asked = std::cell::RefCell::new(Vec::new());
    let dead = |&n: &u32| {
        asked.borrow_mut().push(n);
        n == 2 || n == 4
    };
    let mut stats = Stats::default();
    let found =
        Search::new(&0, edges, |&n| n == 3).heuristic(|_: &u32| 0).dead_end(dead, u64::MAX).stats(&mut stats).cost();
    assert_eq!(found, Some(2));
    // The start (priority 0, as if its parent's) is tested at once; 1 and 2 are queued
    // above it, untested; 1 is popped and tested; 4 is reached at 1's priority, so it is
    // tested at once and dropped; 3 is queued above and popped as the goal after its test;
    // 2 is never popped, never tested.
    assert_eq!(*asked.borrow(), vec![0, 1, 4, 3]);
    assert_eq!(stats.dead_ends, 1);
    assert_eq!(stats.expanded, 2);
    // Out of patience after the start's pop: every state is tested as it is reached, 2
    // included, and tested first: the dead ones, 2 and 4, are never estimated.
    asked.borrow_mut().clear();
    let estimated = std::cell::RefCell::new(Vec::new());
    let estimate = |&n: &u32| {
        estimated.borrow_mut().push(n);
        0
    };
    let found = Search::new(&0, edges, |&n| n == 3).heuristic(estimate).dead_end(dead, 1).stats(&mut stats).cost();
    assert_eq!(found, Some(2));
    assert_eq!(*asked.borrow(), vec![0, 1, 2, 3, 4]);
    assert_eq!(*estimated.borrow(), vec![0, 1, 3]);
    // A dead start, tested at once or when popped: nothing is reachable.
    for h in [0, 1] {
        let mut stats = Stats::default();
        let dead = |_: &u32| true;
        let found = Search::new(&2, edges, |&n| n == 3)
            .heuristic(|_: &u32| h)
            .dead_end(dead, u64::MAX)
            .stats(&mut stats)
            .cost();
        assert_eq!(found, None);
        assert_eq!(stats.expanded, 0);
    }
}

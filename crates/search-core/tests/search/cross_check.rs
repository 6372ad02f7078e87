//! Property tests: every search agrees with the `pathfinding` crate on random graphs, and
//! every returned path is a real path of the claimed cost.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use search_core::*;

/// A random directed graph: `edges[u]` lists `(v, cost)`; costs include zero.
#[derive(Debug, Clone)]
struct Graph {
    edges: Vec<Vec<(usize, u32)>>,
}

impl Graph {
    fn weighted(&self, u: &usize) -> Vec<(usize, u32)> {
        self.edges[*u].clone()
    }
    fn unit(&self, u: &usize) -> Vec<usize> {
        self.edges[*u].iter().map(|&(v, _)| v).collect()
    }
    fn edge_cost(&self, u: usize, v: usize) -> Option<u32> {
        self.edges[u].iter().filter(|e| e.0 == v).map(|e| e.1).min()
    }
    /// Exact cheapest cost from every node to `goal`, from pathfinding on the reversed graph.
    fn distances_to(&self, goal: usize) -> Vec<Option<u32>> {
        let mut reverse = vec![Vec::new(); self.edges.len()];
        for (u, out) in self.edges.iter().enumerate() {
            for &(v, c) in out {
                reverse[v].push((u, c));
            }
        }
        let all = pathfinding::prelude::dijkstra_all(&goal, |&n| reverse[n].clone());
        (0..self.edges.len()).map(|n| if n == goal { Some(0) } else { all.get(&n).map(|&(_, c)| c) }).collect()
    }
}

fn graph() -> impl Strategy<Value = (Graph, usize, usize)> {
    (1usize..40).prop_flat_map(|n| {
        let edges = prop::collection::vec(prop::collection::vec((0..n, 0u32..10), 0..5), n);
        (edges.prop_map(|edges| Graph { edges }), 0..n, 0..n)
    })
}

/// Checks that `path` runs from `start` to `goal` over real edges and costs `cost`.
fn assert_valid_path(g: &Graph, path: &[usize], start: usize, goal: usize, cost: u32) {
    assert_eq!(path.first(), Some(&start));
    assert_eq!(path.last(), Some(&goal));
    let total: u32 = path.windows(2).map(|w| g.edge_cost(w[0], w[1]).expect("path uses a missing edge")).sum();
    assert_eq!(total, cost);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(200, 1000)))]

    #[test]
    fn dijkstra_matches_pathfinding((g, start, goal) in graph()) {
        let expected = pathfinding::prelude::dijkstra(&start, |n| g.weighted(n), |&n| n == goal)
            .map(|(_, c)| c);
        let found = dijkstra(&start, |n| g.weighted(n), |&n| n == goal);
        prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
        if let Some((path, cost)) = found {
            assert_valid_path(&g, &path, start, goal, cost);
        }
        prop_assert_eq!(dijkstra_cost(&start, |n| g.weighted(n), |&n| n == goal), expected);
    }

    #[test]
    fn astar_with_admissible_inconsistent_heuristic_is_optimal(
        (g, start, goal) in graph(),
        scale in prop::collection::vec(0u32..=4, 40),
    ) {
        // h(n) = exact distance * (scale[n] / 4): admissible, and inconsistent when scales vary.
        let dist = g.distances_to(goal);
        let h = |&n: &usize| dist[n].map_or(0, |d| d * scale[n] / 4);
        let expected = dist[start];
        let found = astar(&start, |n| g.weighted(n), h, |&n| n == goal);
        prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
        if let Some((path, cost)) = found {
            assert_valid_path(&g, &path, start, goal, cost);
        }
        prop_assert_eq!(astar_cost(&start, |n| g.weighted(n), h, |&n| n == goal), expected);
        let pf = pathfinding::prelude::astar(&start, |n| g.weighted(n), h, |&n| n == goal);
        prop_assert_eq!(pf.map(|(_, c)| c), expected);
    }

    #[test]
    fn bfs_reach_finds_every_reachable_state_at_its_distance((g, start, other) in graph()) {
        let reached: Vec<(usize, usize)> = bfs_reach([start, other], |n| g.unit(n)).collect();
        let mut expected: Vec<usize> = pathfinding::prelude::bfs_reach(start, |n| g.unit(n))
            .chain(pathfinding::prelude::bfs_reach(other, |n| g.unit(n)))
            .collect();
        expected.sort_unstable();
        expected.dedup();
        let mut states: Vec<usize> = reached.iter().map(|&(n, _)| n).collect();
        prop_assert!(reached.windows(2).all(|w| w[0].1 <= w[1].1), "not in breadth-first order");
        states.sort_unstable();
        prop_assert_eq!(&states, &expected, "each reachable state exactly once");
        for (n, steps) in reached {
            let from = |s: usize| pathfinding::prelude::bfs(&s, |m| g.unit(m), |&m| m == n).map(|p| p.len() - 1);
            let nearest = [from(start), from(other)].into_iter().flatten().min();
            prop_assert_eq!(Some(steps), nearest);
        }
    }

    #[test]
    fn bfs_matches_pathfinding((g, start, goal) in graph()) {
        let expected = pathfinding::prelude::bfs(&start, |n| g.unit(n), |&n| n == goal)
            .map(|p| p.len() - 1);
        let found = bfs(&start, |n| g.unit(n), |&n| n == goal);
        prop_assert_eq!(found.as_ref().map(|(_, s)| *s), expected);
        if let Some((path, steps)) = found {
            prop_assert_eq!(path.len(), steps + 1);
            prop_assert_eq!(path[0], start);
            prop_assert_eq!(*path.last().unwrap(), goal);
            for w in path.windows(2) {
                prop_assert!(g.unit(&w[0]).contains(&w[1]));
            }
        }
        prop_assert_eq!(bfs_cost(&start, |n| g.unit(n), |&n| n == goal), expected);
    }

    #[test]
    fn dijkstra_expands_each_state_at_most_once((g, start, goal) in graph()) {
        // Non-negative costs: a state popped at its best cost is final, and a queue entry
        // made stale by a cheaper route must be skipped, never expanded again. Both the path
        // and the cost-only search are checked, and stats must count what really happened.
        for cost_only in [false, true] {
            let mut times = vec![0u32; g.edges.len()];
            let successors = |n: &usize| {
                times[*n] += 1;
                g.weighted(n)
            };
            let mut stats = Stats::default();
            if cost_only {
                Search::new(&start, successors, |&n| n == goal).stats(&mut stats).cost();
            } else {
                Search::new(&start, successors, |&n| n == goal).stats(&mut stats).path();
            }
            prop_assert!(times.iter().all(|&t| t <= 1), "a state was expanded twice: {:?}", times);
            prop_assert_eq!(stats.expanded, times.iter().map(|&t| u64::from(t)).sum::<u64>());
        }
    }

    #[test]
    fn configured_searches_agree_with_plain_ones((g, start, goal) in graph()) {
        let mut stats = Stats::default();
        let plain = dijkstra_cost(&start, |n| g.weighted(n), |&n| n == goal);
        prop_assert_eq!(Search::new(&start, |n| g.weighted(n), |&n| n == goal).stats(&mut stats).cost(), plain);
        prop_assert!(stats.generated <= stats.expanded * 5);
        let plain = dijkstra(&start, |n| g.weighted(n), |&n| n == goal);
        prop_assert_eq!(Search::new(&start, |n| g.weighted(n), |&n| n == goal).path(), plain);
        let h = |_: &usize| 0u32;
        let plain = astar(&start, |n| g.weighted(n), h, |&n| n == goal);
        prop_assert_eq!(Search::new(&start, |n| g.weighted(n), |&n| n == goal).heuristic(h).path(), plain);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(200, 1000)))]

    #[test]
    fn idastar_matches_dijkstra(
        (g, start, goal) in graph(),
        scale in prop::collection::vec(0u32..=4, 40),
    ) {
        let dist = g.distances_to(goal);
        let h = |&n: &usize| dist[n].map_or(0, |d| d * scale[n] / 4);
        prop_assert_eq!(idastar_cost(&start, |n| g.weighted(n), h, |&n| n == goal), dist[start]);
        // One iteration at the optimal cost always certifies it; below it never finds a goal.
        if let Some(best) = dist[start] {
            prop_assert_eq!(
                bounded_dfs_cost(&start, |n| g.weighted(n), h, |&n| n == goal, best),
                Bounded::Found(best)
            );
            if best > 0 {
                let below = bounded_dfs_cost(&start, |n| g.weighted(n), h, |&n| n == goal, best - 1);
                prop_assert!(matches!(below, Bounded::Exceeded(next) if next <= best), "{:?}", below);
            }
        } else {
            prop_assert_eq!(
                bounded_dfs_cost(&start, |n| g.weighted(n), h, |&n| n == goal, 1000),
                Bounded::Unreachable
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(200, 1000)))]

    /// A heuristic that calls every node with no route to the goal a dead end (`None`)
    /// changes nothing about the answers, and such nodes are never expanded.
    #[test]
    fn dead_ends_are_dropped_without_changing_the_answer(
        (g, start, goal) in graph(),
        scale in prop::collection::vec(0u32..=4, 40),
    ) {
        let dist = g.distances_to(goal);
        let h = |&n: &usize| dist[n].map(|d| d * scale[n] / 4);
        let expected = dist[start];
        let found = astar(&start, |n| g.weighted(n), h, |&n| n == goal);
        prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
        if let Some((path, cost)) = found {
            assert_valid_path(&g, &path, start, goal, cost);
        }
        prop_assert_eq!(idastar_cost(&start, |n| g.weighted(n), h, |&n| n == goal), expected);

        let mut expanded_dead = false;
        let mut stats = Stats::default();
        let successors = |n: &usize| {
            expanded_dead |= dist[*n].is_none();
            g.weighted(n)
        };
        prop_assert_eq!(Search::new(&start, successors, |&n| n == goal).heuristic(h).stats(&mut stats).cost(), expected);
        prop_assert!(!expanded_dead, "a dead end was expanded");
        // Only a dead start and reachable dead nodes are dropped, each once.
        prop_assert!(stats.dead_ends as usize <= dist.iter().filter(|d| d.is_none()).count());
        prop_assert!(stats.dead_ends <= stats.generated);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(200, 1000)))]

    /// Partial expansion with an inconsistent heuristic and keys that use only part of it
    /// finds the optimal cost and a real path, builds each successor of an expansion at
    /// most once over all its slices, and never builds one whose key exceeds the answer.
    #[test]
    fn partial_expansion_is_optimal_and_builds_nothing_above_the_answer(
        (g, start, goal) in graph(),
        scale in prop::collection::vec(0u32..=4, 40),
        part in prop::collection::vec(0u32..=4, 40),
    ) {
        let dist = g.distances_to(goal);
        let h = |n: usize| dist[n].map_or(0, |d| d * scale[n] / 4);
        // The key's share of the heuristic: at most all of it.
        let key = |g_parent: u32, (m, c): (usize, u32)| g_parent + c + h(m) * part[m] / 4;
        let expected = dist[start];
        for cost_only in [false, true] {
            // (state, its cost, edge index, key) of every successor built.
            let mut built = Vec::new();
            let successors = |&n: &usize, slice: Slice<u32>| {
                let mut sliced = Vec::new();
                for (i, &(m, step)) in g.edges[n].iter().enumerate() {
                    let k = key(slice.g, (m, step));
                    if slice.wants(k) {
                        sliced.push(Sliced::Now(m, step));
                        built.push((n, slice.g, i, k));
                    } else if slice.leaves(k) {
                        sliced.push(Sliced::Later(k));
                    }
                }
                sliced
            };
            let found = if cost_only {
                Search::sliced(&start, successors, |&n| n == goal).heuristic(|&n: &usize| h(n)).cost()
            } else {
                let found = Search::sliced(&start, successors, |&n| n == goal).heuristic(|&n: &usize| h(n)).path();
                if let Some((path, cost)) = &found {
                    assert_valid_path(&g, path, start, goal, *cost);
                }
                found.map(|(_, c)| c)
            };
            prop_assert_eq!(found, expected);
            if let Some(answer) = expected {
                prop_assert!(built.iter().all(|b| b.3 <= answer), "built above {}: {:?}", answer, built);
            }
            let mut once: Vec<_> = built.iter().map(|b| (b.0, b.1, b.2)).collect();
            once.sort_unstable();
            let all = once.len();
            once.dedup();
            prop_assert_eq!(once.len(), all, "a successor was built twice in one expansion");
        }
    }

    #[test]
    fn partial_expansion_counts_each_state_expanded_once((g, start, goal) in graph()) {
        // Keys of g + step (no heuristic) slice every expansion by step cost.
        let mut expansions = std::collections::HashSet::new();
        let successors = |&n: &usize, slice: Slice<u32>| {
            expansions.insert((n, slice.g));
            let sliced: Vec<Sliced<usize, u32>> = g.edges[n]
                .iter()
                .filter_map(|&(m, step)| match slice.g + step {
                    key if slice.wants(key) => Some(Sliced::Now(m, step)),
                    key => slice.leaves(key).then_some(Sliced::Later(key)),
                })
                .collect();
            sliced
        };
        let mut stats = Stats::default();
        let found = Search::sliced(&start, successors, |&n| n == goal).heuristic(|_: &usize| 0u32).stats(&mut stats).cost();
        prop_assert_eq!(found, dijkstra_cost(&start, |n| g.weighted(n), |&n| n == goal));
        prop_assert_eq!(stats.expanded as usize, expansions.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(200, 1000)))]

    /// A lazy dead-end test changes no answer and lets no dead node be expanded, however
    /// soon the search runs out of patience; tested lazily throughout, it is asked no more
    /// often than the eager test in the heuristic runs (that one on every node
    /// each time it is reached), plus once for the start.
    #[test]
    fn lazy_dead_end_tests_change_no_answer(
        (g, start, goal) in graph(),
        scale in prop::collection::vec(0u32..=4, 40),
        patience in prop_oneof![Just(u64::MAX), 0u64..20],
    ) {
        let dist = g.distances_to(goal);
        let h = |&n: &usize| dist[n].map_or(0, |d| d * scale[n] / 4);
        let expected = dist[start];

        let tests = std::cell::Cell::new(0u64);
        let dead = |&n: &usize| {
            tests.set(tests.get() + 1);
            dist[n].is_none()
        };
        let mut expanded_dead = false;
        let successors = |n: &usize| {
            expanded_dead |= dist[*n].is_none();
            g.weighted(n)
        };
        let mut stats = Stats::default();
        let found = Search::new(&start, successors, |&n| n == goal).heuristic(h).dead_end(dead, patience).stats(&mut stats).cost();
        prop_assert_eq!(found, expected);
        prop_assert!(!expanded_dead, "a dead end was expanded");
        prop_assert!(stats.dead_ends as usize <= dist.iter().filter(|d| d.is_none()).count());

        let mut stats = Stats::default();
        let found = Search::new(&start, |n| g.weighted(n), |&n| n == goal).heuristic(h).dead_end(dead, patience).stats(&mut stats).path();
        prop_assert_eq!(found.as_ref().map(|(_, c)| *c), expected);
        if let Some((path, cost)) = found {
            assert_valid_path(&g, &path, start, goal, cost);
        }

        // The eager form: the heuristic itself calls dead ends, each time a node is reached.
        let eager_tests = std::cell::Cell::new(0u64);
        let eager = |&n: &usize| {
            eager_tests.set(eager_tests.get() + 1);
            dist[n].map(|_| h(&n))
        };
        tests.set(0);
        let mut stats = Stats::default();
        let _ = Search::new(&start, |n| g.weighted(n), |&n| n == goal).heuristic(h).dead_end(dead, u64::MAX).stats(&mut stats).cost();
        let mut eager_stats = Stats::default();
        let _ = Search::new(&start, |n| g.weighted(n), |&n| n == goal).heuristic(eager).stats(&mut eager_stats).cost();
        prop_assert!(tests.get() <= eager_tests.get() + 1, "{} lazy tests, {} eager", tests.get(), eager_tests.get());
    }
}

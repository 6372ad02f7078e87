//! A harness for instruction counts on `vs_pathfinding`'s graphs: runs one search of one
//! library on one graph `reps` times, so that callgrind can compare search-core with
//! `pathfinding` where the clock is too noisy to.
//!
//! ```sh
//! cargo build --profile bench -p benches --features prof --example prof_vs
//! valgrind --tool=callgrind target/release/examples/prof_vs maze bfs pathfinding
//! valgrind --tool=callgrind target/release/examples/prof_vs maze bfs search-core
//! ```
//!
//! Arguments: the graph (`maze` or `random`), the search (`bfs`, `bfs_cost`, `dijkstra`,
//! `dijkstra_cost`, `astar`, `astar_cost`; `astar*` on the maze only), the library
//! (`pathfinding` or `search-core`; the cost-only forms are search-core's alone) and the
//! repetitions (default 3). It prints the answer's cost, which both libraries must agree on.
//! The maze is built once, so the count for three repetitions less that for one, halved, is
//! one search's instructions.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

#[path = "../benches/graphs/mod.rs"]
mod graphs;

use graphs::{random_successors, Maze};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |n: usize, default: &str| args.get(n).cloned().unwrap_or_else(|| default.to_string());
    let (graph, search, lib) = (arg(1, "maze"), arg(2, "bfs"), arg(3, "search-core"));
    let reps: usize = arg(4, "3").parse().expect("a number of repetitions");
    // Built once, so that a count's difference between repetitions is the searches' alone.
    let maze = Maze::new(300);
    let mut total = 0u64;
    for _ in 0..reps {
        total += black_box(run(&maze, &graph, &search, &lib));
    }
    println!("{graph} {search} {lib}: {reps} runs, costs summing to {total}");
}

/// One search's cost (steps for the BFS forms).
fn run(m: &Maze, graph: &str, search: &str, lib: &str) -> u64 {
    let pf = lib == "pathfinding";
    match graph {
        "maze" => {
            let goal = m.goal();
            let at_goal = |p: &(i32, i32)| *p == goal;
            let start = black_box((0, 0));
            match (search, pf) {
                ("bfs", true) => {
                    pathfinding::prelude::bfs(&start, |p| m.neighbours(p), at_goal).unwrap().len() as u64 - 1
                }
                ("bfs", false) => search_core::bfs(&start, |p| m.neighbours(p), at_goal).unwrap().1 as u64,
                ("bfs_cost", _) => search_core::bfs_cost(&start, |p| m.neighbours(p), at_goal).unwrap() as u64,
                ("dijkstra", true) => {
                    u64::from(pathfinding::prelude::dijkstra(&start, |p| m.weighted(p), at_goal).unwrap().1)
                }
                ("dijkstra", false) => u64::from(search_core::dijkstra(&start, |p| m.weighted(p), at_goal).unwrap().1),
                ("dijkstra_cost", _) => {
                    u64::from(search_core::dijkstra_cost(&start, |p| m.weighted(p), at_goal).unwrap())
                }
                ("astar", true) => u64::from(
                    pathfinding::prelude::astar(&start, |p| m.weighted(p), |p| m.manhattan(p), at_goal).unwrap().1,
                ),
                ("astar", false) => {
                    u64::from(search_core::astar(&start, |p| m.weighted(p), |p| m.manhattan(p), at_goal).unwrap().1)
                }
                ("astar_cost", _) => {
                    u64::from(search_core::astar_cost(&start, |p| m.weighted(p), |p| m.manhattan(p), at_goal).unwrap())
                }
                _ => panic!("unknown search {search}"),
            }
        }
        "random" => {
            let goal = 123_457u64;
            let at_goal = |n: &u64| *n == goal;
            let unit = |n: &u64| random_successors(n).map(|(m, _)| m);
            let start = black_box(1u64);
            match (search, pf) {
                ("bfs", true) => pathfinding::prelude::bfs(&start, unit, at_goal).unwrap().len() as u64 - 1,
                ("bfs", false) => search_core::bfs(&start, unit, at_goal).unwrap().1 as u64,
                ("bfs_cost", _) => search_core::bfs_cost(&start, unit, at_goal).unwrap() as u64,
                ("dijkstra", true) => {
                    u64::from(pathfinding::prelude::dijkstra(&start, random_successors, at_goal).unwrap().1)
                }
                ("dijkstra", false) => u64::from(search_core::dijkstra(&start, random_successors, at_goal).unwrap().1),
                ("dijkstra_cost", _) => {
                    u64::from(search_core::dijkstra_cost(&start, random_successors, at_goal).unwrap())
                }
                _ => panic!("unknown search {search}"),
            }
        }
        _ => panic!("unknown graph {graph}"),
    }
}

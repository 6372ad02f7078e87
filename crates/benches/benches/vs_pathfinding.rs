//! search-core against the `pathfinding` crate on the same graphs.
//!
//! Run with `cargo bench -p benches --bench vs_pathfinding`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};

mod graphs;

use graphs::{random_successors, Maze};

fn maze(c: &mut Criterion) {
    let m = Maze::new(300);
    let goal = m.goal();
    let at_goal = |p: &(i32, i32)| *p == goal;
    let mut g = c.benchmark_group("maze");
    g.bench_function("bfs/pathfinding", |b| {
        b.iter(|| pathfinding::prelude::bfs(black_box(&(0, 0)), |p| m.neighbours(p), at_goal))
    });
    g.bench_function("bfs/search-core", |b| {
        b.iter(|| search_core::bfs(black_box(&(0, 0)), |p| m.neighbours(p), at_goal))
    });
    g.bench_function("bfs_cost/search-core", |b| {
        b.iter(|| search_core::bfs_cost(black_box(&(0, 0)), |p| m.neighbours(p), at_goal))
    });
    g.bench_function("dijkstra/pathfinding", |b| {
        b.iter(|| pathfinding::prelude::dijkstra(black_box(&(0, 0)), |p| m.weighted(p), at_goal))
    });
    g.bench_function("dijkstra/search-core", |b| {
        b.iter(|| search_core::dijkstra(black_box(&(0, 0)), |p| m.weighted(p), at_goal))
    });
    g.bench_function("dijkstra_cost/search-core", |b| {
        b.iter(|| search_core::dijkstra_cost(black_box(&(0, 0)), |p| m.weighted(p), at_goal))
    });
    g.bench_function("astar/pathfinding", |b| {
        b.iter(|| pathfinding::prelude::astar(black_box(&(0, 0)), |p| m.weighted(p), |p| m.manhattan(p), at_goal))
    });
    g.bench_function("astar/search-core", |b| {
        b.iter(|| search_core::astar(black_box(&(0, 0)), |p| m.weighted(p), |p| m.manhattan(p), at_goal))
    });
    g.bench_function("astar_cost/search-core", |b| {
        b.iter(|| search_core::astar_cost(black_box(&(0, 0)), |p| m.weighted(p), |p| m.manhattan(p), at_goal))
    });
    g.finish();
}

fn random_graph(c: &mut Criterion) {
    let goal = 123_457u64;
    let at_goal = |n: &u64| *n == goal;
    let unit = |n: &u64| random_successors(n).map(|(m, _)| m);
    let mut g = c.benchmark_group("random");
    g.bench_function("bfs/pathfinding", |b| b.iter(|| pathfinding::prelude::bfs(black_box(&1), unit, at_goal)));
    g.bench_function("bfs/search-core", |b| b.iter(|| search_core::bfs(black_box(&1), unit, at_goal)));
    g.bench_function("bfs_cost/search-core", |b| b.iter(|| search_core::bfs_cost(black_box(&1), unit, at_goal)));
    g.bench_function("dijkstra/pathfinding", |b| {
        b.iter(|| pathfinding::prelude::dijkstra(black_box(&1), random_successors, at_goal))
    });
    g.bench_function("dijkstra/search-core", |b| {
        b.iter(|| search_core::dijkstra(black_box(&1), random_successors, at_goal))
    });
    g.bench_function("dijkstra_cost/search-core", |b| {
        b.iter(|| search_core::dijkstra_cost(black_box(&1), random_successors, at_goal))
    });
    g.finish();
}

criterion_group!(benches, maze, random_graph);
criterion_main!(benches);

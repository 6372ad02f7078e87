//! search-core against the `pathfinding` crate on the same graphs.
//!
//! Run with `cargo bench -p benches --bench vs_pathfinding`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use test_kit::Rng;

/// A 300x300 maze, about 30% walls, with per-cell entry costs 1..=9, from a fixed seed.
struct Maze {
    size: i32,
    wall: Vec<bool>,
    weight: Vec<u32>,
}

impl Maze {
    fn new(size: i32) -> Self {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        let cells = (size * size) as usize;
        let mut wall: Vec<bool> = (0..cells).map(|_| rng.below(100) < 30).collect();
        wall[0] = false;
        wall[cells - 1] = false;
        let weight = (0..cells).map(|_| rng.below(9) as u32 + 1).collect();
        Maze { size, wall, weight }
    }

    fn goal(&self) -> (i32, i32) {
        (self.size - 1, self.size - 1)
    }

    fn open(&self, (x, y): (i32, i32)) -> bool {
        (0..self.size).contains(&x) && (0..self.size).contains(&y) && !self.wall[(y * self.size + x) as usize]
    }

    fn neighbours(&self, &(x, y): &(i32, i32)) -> impl Iterator<Item = (i32, i32)> + '_ {
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].into_iter().filter(|&p| self.open(p))
    }

    fn weighted(&self, p: &(i32, i32)) -> impl Iterator<Item = ((i32, i32), u32)> + '_ {
        self.neighbours(p).map(|q| (q, self.weight[(q.1 * self.size + q.0) as usize]))
    }

    fn manhattan(&self, &(x, y): &(i32, i32)) -> u32 {
        let (gx, gy) = self.goal();
        (gx - x).unsigned_abs() + (gy - y).unsigned_abs()
    }
}

/// An implicit graph on 200,000 nodes: each node has four pseudo-random successors.
fn random_successors(&n: &u64) -> impl Iterator<Item = (u64, u32)> {
    (0..4u64).map(move |i| {
        let mut h = (n ^ (i << 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
        (h % 200_000, (h >> 40) as u32 % 50 + 1)
    })
}

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

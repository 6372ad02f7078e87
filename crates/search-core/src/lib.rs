//! Generic, fast shortest-path searches over implicit graphs.
//!
//! The API follows the shape of the [`pathfinding`](https://docs.rs/pathfinding) crate, so
//! that a user of it feels at home: free functions over a `start` state, a `successors`
//! closure returning any [`IntoIterator`], and a `success` predicate. What this crate adds is
//! what a fast puzzle solver needs:
//!
//! * **cost-only variants** ([`bfs_cost`], [`dijkstra_cost`], [`astar_cost`]) that keep no
//!   parent map and never clone a state more than once per generation;
//! * **statistics** on request (the `*_with_stats` twins): states expanded, states generated,
//!   peak frontier size, dead ends dropped;
//! * **dead ends**: a heuristic may return `Option<C>`, `None` for a state no goal can be
//!   reached from ([`Estimate`]); A* and IDA* drop it when they first reach it, so a puzzle's
//!   deadlock test runs once per state and dead states are never queued;
//! * a priority queue that keeps the priority **apart from the state**, so states need not be
//!   `Ord`, and A* that breaks ties between equal `f = g + h` towards the **deeper** state,
//!   which makes a tight heuristic run straight to the goal;
//! * [`ahash`] for every seen-set.
//!
//! | search | edges | result |
//! |---|---|---|
//! | [`bfs`](fn@bfs) / [`bfs_cost`] | unit cost | fewest steps |
//! | [`bfs_reach`] | unit cost | every reachable state with its fewest steps from the starts |
//! | [`bfs_indexed`] / [`bfs_indexed_cost`] | unit cost, states numbered densely | fewest steps, a byte per state instead of a hash set |
//! | [`dijkstra`] / [`dijkstra_cost`] | non-negative costs | cheapest path |
//! | [`astar`] / [`astar_cost`] | non-negative costs + admissible heuristic | cheapest path |
//! | [`astar_partial`] / [`astar_partial_cost`] | as A*, plus a lower bound on each successor's `f` known before building it | cheapest path, building only successors whose bound the search reaches |
//! | [`astar_lazy_with_stats`] / [`astar_lazy_cost_with_stats`] | as A*, plus a dead-end test kept apart from the heuristic | cheapest path, testing only states popped or queued at their parent's priority |
//! | [`idastar_cost`] / [`bounded_dfs_cost`] | same as A* | cheapest cost, little memory; certifies a tight bound |
//!
//! Every search returns `None` when no reachable state satisfies `success`; on a finite
//! reachable graph every search terminates.
//!
//! # Example
//!
//! ```
//! use search_core::{astar, dijkstra_cost};
//!
//! // Walk on the number line from 1 to 17; a step of +1 costs 1, doubling costs 3.
//! let successors = |&n: &u32| [(n + 1, 1u32), (n * 2, 3)].into_iter().filter(|&(m, _)| m <= 64);
//! // Admissible: any state but the goal is at least one step away.
//! let heuristic = |&n: &u32| u32::from(n != 17);
//! let (path, cost) = astar(&1, successors, heuristic, |&n| n == 17).expect("17 is reachable");
//! assert_eq!(path, [1, 2, 3, 4, 8, 16, 17]); // doubling pays off only from 4 on
//! assert_eq!(cost, 10);
//! assert_eq!(dijkstra_cost(&1, successors, |&n| n == 17), Some(10));
//! ```

#![warn(missing_docs)]

mod bfs;
mod cost;
mod estimate;
mod ida;
mod indexed;
mod partial;
mod queue;
mod rows;
mod stats;
mod tables;
mod weighted;

pub use bfs::{bfs, bfs_cost, bfs_cost_with_stats, bfs_reach, bfs_with_stats, BfsReach};
pub use cost::Cost;
pub use estimate::Estimate;
pub use ida::{bounded_dfs_cost, bounded_dfs_cost_with_stats, idastar_cost, idastar_cost_with_stats, Bounded};
pub use indexed::{bfs_indexed, bfs_indexed_cost, bfs_indexed_cost_with_stats, bfs_indexed_with_stats};
pub use partial::{
    astar_partial, astar_partial_cost, astar_partial_cost_with_stats, astar_partial_with_stats, Slice, Sliced,
};
pub use stats::Stats;
pub use weighted::{
    astar, astar_cost, astar_cost_with_stats, astar_lazy_cost_with_stats, astar_lazy_with_stats, astar_with_stats,
    dijkstra, dijkstra_cost, dijkstra_cost_with_stats, dijkstra_with_stats,
};

/// The hasher every seen-set in this crate uses.
pub type FastHasher = ahash::RandomState;

/// A `HashMap` with [`FastHasher`], for callers that want the same speed in their own code.
pub type FastMap<K, V> = std::collections::HashMap<K, V, FastHasher>;

/// A `HashSet` with [`FastHasher`].
pub type FastSet<K> = std::collections::HashSet<K, FastHasher>;

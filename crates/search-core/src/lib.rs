//! Generic, fast shortest-path searches over implicit graphs.
//!
//! The API follows the shape of the [`pathfinding`](https://docs.rs/pathfinding) crate, so
//! that a user of it feels at home: free functions over a `start` state, a `successors`
//! closure returning any [`IntoIterator`], and a `success` predicate. What this crate adds is
//! what a fast puzzle solver needs:
//!
//! * **cost-only forms** ([`bfs_cost`], [`dijkstra_cost`], [`astar_cost`]) that keep no
//!   parent map and never clone a state more than once per generation;
//! * **one configurable search**, [`Search`], for the fast paths: Dijkstra or A*, with
//!   **statistics** (states expanded and generated, peak frontier, dead ends), a **dead-end
//!   test** made lazily with a patience, and **partial expansion** (successors built a
//!   [`Slice`] at a time, those above the answer never), asked for its cost or its path.
//!   Each option is a type, not a flag, so a configured search compiles to the code a
//!   hand-written one would;
//! * **dead ends**: a heuristic may return `Option<C>`, `None` for a state no goal can be
//!   reached from ([`Estimate`]); A* and IDA* drop it when they first reach it;
//! * a priority queue that keeps the priority **apart from the state**, so states need not be
//!   `Ord`, and A* that breaks ties between equal `f = g + h` towards the **deeper** state,
//!   which makes a tight heuristic run straight to the goal;
//! * [`ahash`] for every seen-set.
//!
//! | search | edges | result |
//! |---|---|---|
//! | [`bfs`](fn@bfs) / [`bfs_cost`] | unit cost | fewest steps |
//! | [`bfs_reach`] | unit cost | every reachable state with its fewest steps from the starts |
//! | [`Numbered`]: `bfs`, `contours`, `path_at_bound` | unit cost, states numbered densely ([`Numbering`]) | fewest steps (by BFS, or A* contour by contour for a heuristic every step moves by one), or a path as long as the bound; a byte or a bit per state instead of a hash set |
//! | [`dijkstra`] / [`dijkstra_cost`] | non-negative costs | cheapest path |
//! | [`astar`] / [`astar_cost`] | non-negative costs + admissible heuristic | cheapest path |
//! | [`Search`] | as Dijkstra or A*, with statistics, a lazy dead-end test, partial expansion | cheapest cost or path |
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
mod expand;
mod guide;
mod ida;
mod numbered;
mod partial;
mod queue;
mod rows;
mod search;
mod stats;
mod tables;
mod weighted;

pub use bfs::{BfsReach, bfs, bfs_cost, bfs_reach};
pub use cost::Cost;
pub use estimate::Estimate;
pub use ida::{Bounded, bounded_dfs_cost, idastar_cost};
pub use numbered::{Numbered, Numbering};
pub use partial::{Slice, Sliced};
pub use search::{Run, Search};
pub use stats::Stats;
pub use weighted::{astar, astar_cost, dijkstra, dijkstra_cost};

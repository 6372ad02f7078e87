//! The pieces a configured search is made of, by name: for code that writes a [`Search`]'s
//! or a [`Numbered`]'s type, or a bound over it.
//!
//! Each option of [`Search`] changes the builder's type rather than setting a flag (so a
//! configured search compiles to what a hand-written one would): its type parameters are an
//! [`Expand`] (how successors come: [`All`] at once, or [`Slices`]), a [`Guide`] (how the
//! queue is ordered: [`ByCost`], [`ByEstimate`] or [`ByEstimateTestingLate`]) and a
//! [`Recording`] (`()`, or the caller's `&mut Stats`). [`Numbered`] takes a [`Recording`]
//! too. The builders make these values; nothing else needs to.
//!
//! The traits are **sealed**: implemented for this module's types only, because the search
//! loops rely on what they promise (a priority never below its parent's, a fresh mark on a
//! first expansion) and a type from outside could break that unnoticed. They are named here
//! so that they can be written in bounds:
//!
//! ```
//! use std::hash::Hash;
//! use search_core::config::{Expand, Guide, Recording};
//! use search_core::{Search, Stats};
//!
//! /// The cost of any configured search, and how many states it expanded.
//! fn cost_and_work<N, X, G, FS>(search: Search<'_, N, X, G, FS, ()>) -> (Option<u32>, u64)
//! where
//!     N: Eq + Hash + Clone,
//!     X: Expand<N, u32>,
//!     G: Guide<N, u32>,
//!     FS: FnMut(&N) -> bool,
//!     for<'s> &'s mut Stats: Recording,
//! {
//!     let mut stats = Stats::default();
//!     let cost = search.stats(&mut stats).cost();
//!     (cost, stats.expanded)
//! }
//!
//! let steps = |&n: &u32| [(n + 1, 1u32), (n * 2, 1)];
//! let (plain, plain_work) = cost_and_work(Search::new(&1, steps, |&n| n == 16));
//! let (guided, guided_work) = cost_and_work(Search::new(&1, steps, |&n| n == 16).heuristic(|&n: &u32| u32::from(n != 16)));
//! assert_eq!((plain, guided), (Some(4), Some(4)));
//! assert!(guided_work <= plain_work);
//! ```
//!
//! [`Search`]: crate::Search
//! [`Numbered`]: crate::Numbered

pub use crate::partial::Slices;
pub use crate::stats::{Recorder, Recording};
pub use crate::weighted::{All, ByCost, ByEstimate, ByEstimateTestingLate, Expand, Guide};

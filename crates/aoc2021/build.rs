//! Writes this crate's own cargo-aoc metadata. See `crates/aoc-build.rs` (shared by every
//! year crate) for why.
include!("../aoc-build.rs");

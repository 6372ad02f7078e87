//! Building one day, not its whole year: each day of a year crate is a cargo feature.
//!
//! An edit of a day recompiles its year crate, and the cost of that grows with every day
//! in the crate: the whole crate is expanded, checked and written out again, whatever
//! changed. So each day's module is compiled only with its feature, `day<N>`, and the
//! feature `all-days` (a year crate's default) turns every day on:
//!
//! ```text
//! [features]                               // crates/aoc2015/Cargo.toml
//! default = ["all-days"]
//! all-days = []
//! day3 = []
//!
//! #[cfg(any(feature = "all-days", feature = "day3"))]   // crates/aoc2015/src/lib.rs
//! pub mod day3;
//! ```
//!
//! `cargo test`, `cargo aoc`, `cargo bench` and `time` build every day; `cargo xtask run
//! 2015-3` builds day 3 alone (and the days its code names: `aoc_workspace::day_features`).
//! A day without a `day<N>` feature (written by hand, say) is simply always built. What
//! this bought is measured in docs/benchmarks.md ("The solving loop").

use std::collections::BTreeSet;

use toml_edit::DocumentMut;

use crate::sources::day_of_name;

/// The feature of a year crate that turns on every day: its default.
pub const ALL_DAYS: &str = "all-days";

/// The feature that turns on day `day` of a year crate: `day3`.
pub fn feature(day: u8) -> String {
    format!("day{day}")
}

/// The days whose feature (`day<N> = ...`) a manifest's `[features]` table declares (none
/// when it is no valid TOML: cargo says what is wrong with it).
pub fn declared_days(manifest: &str) -> BTreeSet<u8> {
    let Ok(doc) = manifest.parse::<DocumentMut>() else { return BTreeSet::new() };
    let features = doc.get("features").and_then(|f| f.as_table_like());
    features.into_iter().flat_map(|t| t.iter()).filter_map(|(name, _)| day_of_name(name)).collect()
}

/// Which days a build of a year crate compiles, from its manifest and the features the
/// build has on (`on`): every day but those whose feature is declared and off, unless
/// [`ALL_DAYS`] is on. The year crate's build script lists these days, and no others.
pub fn built_days(manifest: &str, on: impl Fn(&str) -> bool) -> impl Fn(u8) -> bool {
    let gated = declared_days(manifest);
    let all = on(ALL_DAYS);
    let on: BTreeSet<u8> = gated.iter().copied().filter(|&day| on(&feature(day))).collect();
    move |day| all || !gated.contains(&day) || on.contains(&day)
}

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
//! `cargo test`, `cargo aoc`, `cargo bench` and `time` build every day, as before; `cargo
//! xtask run 2015-3` builds `aoc-days` with the features [`cargo_features`] lists, so day 3
//! alone (and the days its code names) is compiled. Each set of features is a build of its
//! own in the target folder, so going back to a day, or to the whole year, rebuilds
//! nothing. A day without a `day<N>` feature (written by hand, say) is simply always built.
//! What this bought is measured in docs/benchmarks.md ("The solving loop").

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use toml_edit::DocumentMut;

use crate::sources::{self, Reaches};
use crate::DayId;

/// The feature of a year crate that turns on every day: its default.
pub const ALL_DAYS: &str = "all-days";

/// The feature that turns on day `day` of a year crate: `day3`.
pub fn feature(day: u8) -> String {
    format!("day{day}")
}

/// The days whose feature (`day<N> = ...`) a manifest's `[features]` table declares.
pub fn declared_days(manifest: &str) -> BTreeSet<u8> {
    feature_names(manifest)
        .iter()
        .filter_map(|name| name.strip_prefix("day")?.parse().ok())
        .filter(|day| (1..=25).contains(day))
        .collect()
}

/// The names a manifest's `[features]` table declares (none when it is no valid TOML:
/// cargo says what is wrong with it).
fn feature_names(manifest: &str) -> Vec<String> {
    let Ok(doc) = manifest.parse::<DocumentMut>() else { return Vec::new() };
    let features = doc.get("features").and_then(|f| f.as_table_like());
    features.map(|t| t.iter().map(|(name, _)| name.to_string()).collect()).unwrap_or_default()
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

/// Whether a manifest declares [`ALL_DAYS`]: its days are built by feature.
pub fn builds_days_by_feature(manifest: &str) -> bool {
    feature_names(manifest).iter().any(|name| name == ALL_DAYS)
}

/// Whether the manifest of `aoc-days` takes `year`'s days by feature: its own `all-days` names
/// the year's (`"aoc2015/all-days"`).
fn aoc_days_gates(aoc_days: &str, year: u16) -> bool {
    let Ok(doc) = aoc_days.parse::<DocumentMut>() else { return false };
    let all = doc.get("features").and_then(|f| f.get(ALL_DAYS)).and_then(|a| a.as_array());
    let wanted = format!("aoc{year}/{ALL_DAYS}");
    all.is_some_and(|a| a.iter().any(|v| v.as_str() == Some(wanted.as_str())))
}

/// The features `cargo build -p aoc-days --no-default-features --features ...` needs to run
/// `days`: each day's own and those of the days its code needs (see [`days_needed`]).
/// `None` when a day cannot be built alone (its year crate or its feature is missing, the
/// binary `aoc-days` does not take its year's days by feature, or what it needs cannot be
/// read): `aoc-days` then gets every day.
pub fn cargo_features(root: &Path, days: &[DayId]) -> Option<Vec<String>> {
    if days.is_empty() {
        return None;
    }
    let aoc_days = fs::read_to_string(root.join("crates/aoc-days/Cargo.toml")).ok()?;
    let years: BTreeSet<u16> = days.iter().map(|id| id.year).collect();
    let mut features = Vec::new();
    for year in years {
        if !aoc_days_gates(&aoc_days, year) {
            return None;
        }
        let dir = root.join("crates").join(format!("aoc{year}"));
        let manifest = fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        let declared = declared_days(&manifest);
        let asked: BTreeSet<u8> = days.iter().filter(|id| id.year == year).map(|id| id.day).collect();
        if !builds_days_by_feature(&manifest) || !asked.is_subset(&declared) {
            return None;
        }
        let needed = days_needed(&sources::read_year_crate(&dir), &asked, &declared)?;
        features.extend(needed.intersection(&declared).map(|&day| format!("aoc{year}/{}", feature(day))));
    }
    Some(features)
}

/// `asked`, with every day a needed day's code needs, and every day needed by the code that
/// is always compiled (the crate's shared modules, and the days not `gated` by a feature of
/// their own). Day X needs day Y when X's paths name Y, X calls a macro Y defines (and X
/// does not), or Y's `impl` blocks extend X's types or traits. `None`: a needed day's code
/// is [`Reaches::unsure`], so it needs the whole year. Reading a day too many only builds
/// a day more; a day too few is caught by the build, which then builds the whole year.
pub fn days_needed(year: &sources::YearSources, asked: &BTreeSet<u8>, gated: &BTreeSet<u8>) -> Option<BTreeSet<u8>> {
    let none = Reaches::default();
    let reaches = |owner: Option<u8>| year.reaches.get(&owner).unwrap_or(&none);
    let needs = |owner: Option<u8>| -> BTreeSet<u8> {
        let mine = reaches(owner);
        let mut days = mine.days.clone();
        for (other, theirs) in &year.reaches {
            let Some(other) = *other else { continue };
            let defines_mine =
                theirs.defines_macros.iter().any(|m| mine.calls_macros.contains(m) && !mine.defines_macros.contains(m));
            if defines_mine || owner.is_some_and(|day| theirs.extends.contains(&day)) {
                days.insert(other);
            }
        }
        days
    };
    let always = year.reaches.keys().copied().filter(|owner| owner.is_none_or(|day| !gated.contains(&day)));
    let mut needed: BTreeSet<u8> = asked.clone();
    let mut todo: Vec<Option<u8>> = always.chain(asked.iter().map(|&d| Some(d))).collect();
    let mut done = BTreeSet::new();
    while let Some(owner) = todo.pop() {
        if !done.insert(owner) {
            continue;
        }
        if owner.is_some() && reaches(owner).unsure {
            return None;
        }
        for day in needs(owner) {
            needed.insert(day);
            todo.push(Some(day));
        }
    }
    Some(needed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = "[package]\nname = \"aoc2015\"\n\n[features]\n# every day\ndefault = [\"all-days\"]\nall-days = []\nday3 = []\n\"day9\" = [] # quoted\n\n[dependencies]\nday4 = \"1\"\n";

    #[test]
    fn the_declared_days_are_those_of_the_features_table() {
        assert_eq!(declared_days(MANIFEST), BTreeSet::from([3, 9]));
        assert!(builds_days_by_feature(MANIFEST));
        assert!(!builds_days_by_feature("[dependencies]\nall-days = \"1\"\n"));
        assert!(declared_days("[package]\nname = \"x\"\n").is_empty());
    }

    #[test]
    fn a_build_compiles_the_days_it_has_on_and_those_without_a_feature() {
        let some = built_days(MANIFEST, |f| f == "day9");
        assert_eq!((1..=10).filter(|&d| some(d)).collect::<Vec<_>>(), [1, 2, 4, 5, 6, 7, 8, 9, 10]);
        let all = built_days(MANIFEST, |f| f == ALL_DAYS);
        assert!(all(3) && all(9));
    }

    fn year(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join("src").join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn a_day_needs_the_days_its_code_names_and_those_the_shared_code_names() {
        let dir = year(&[
            (
                "lib.rs",
                "#[cfg(any(feature = \"all-days\", feature = \"day3\"))]\npub mod day3;\npub mod grid;\nmod day1; mod day2; mod day7; mod day9;\n",
            ),
            ("grid.rs", "pub use crate::day1::Point;\n"),
            ("day1.rs", "pub struct Point;\n"),
            ("day3/mod.rs", "mod solve;\n"),
            ("day3/solve.rs", "use crate::day9::Vm;\n"),
            ("day9.rs", "use super::day2::Op;\n"),
            ("day2/mod.rs", "pub enum Op {}\n"),
            ("day7/mod.rs", "use crate::day8::X;\n"),
        ]);
        let sources = crate::sources::read_year_crate(dir.path());
        let needed = |asked: &[u8], gated: &[u8]| {
            days_needed(&sources, &asked.iter().copied().collect(), &gated.iter().copied().collect())
        };
        let gated = [1, 2, 3, 7, 9];
        assert_eq!(needed(&[3], &gated), Some(BTreeSet::from([1, 2, 3, 9])));
        assert_eq!(needed(&[2], &gated), Some(BTreeSet::from([1, 2])));
        // Day 7 has no feature: always compiled, it needs day 8 in every build.
        assert_eq!(needed(&[2], &[1, 2, 3, 9]), Some(BTreeSet::from([1, 2, 8])));
    }

    #[test]
    fn macros_impls_and_what_cannot_be_read_reach_the_days_that_need_them() {
        let dir = year(&[
            ("lib.rs", "mod day1; mod day2; mod day3; mod day4; mod day5; mod day6;\n"),
            ("day1.rs", "#[macro_export]\nmacro_rules! numbers { () => { 6 } }\n"),
            ("day2.rs", "fn f() -> i64 { crate::numbers!() }\npub struct Thing;\n"),
            ("day3.rs", "impl crate::day2::Thing { pub fn extra(&self) {} }\n"),
            // Its own macro of the same name: day 1's is not needed.
            ("day4.rs", "macro_rules! numbers { () => { 4 } }\nfn f() -> i64 { numbers!() }\n"),
            ("day5.rs", "use crate::*;\n"),
            ("day6.rs", "fn f() { crate::day5::g() }\n"),
        ]);
        let sources = crate::sources::read_year_crate(dir.path());
        let all: BTreeSet<u8> = (1..=6).collect();
        let needed = |day: u8| days_needed(&sources, &BTreeSet::from([day]), &all);
        // Day 4's `numbers` is a day too many: the name is all the reading goes by.
        assert_eq!(needed(2), Some(BTreeSet::from([1, 2, 3, 4])));
        assert_eq!(needed(4), Some(BTreeSet::from([4])));
        assert_eq!(needed(5), None, "a glob of the crate root: the whole year");
        assert_eq!(needed(6), None, "through day 5");
    }

    #[test]
    fn the_features_of_a_run_or_none_when_a_day_has_no_feature() {
        let root = tempfile::tempdir().unwrap();
        let krate = root.path().join("crates/aoc2015");
        std::fs::create_dir_all(krate.join("src/day3")).unwrap();
        std::fs::create_dir_all(root.path().join("crates/aoc-days")).unwrap();
        let aoc_days = "[dependencies]\naoc2015 = { path = \"../aoc2015\", default-features = false }\n\n[features]\ndefault = [\"all-days\"]\nall-days = [\"aoc2015/all-days\"]\n";
        std::fs::write(root.path().join("crates/aoc-days/Cargo.toml"), aoc_days).unwrap();
        std::fs::write(krate.join("Cargo.toml"), MANIFEST).unwrap();
        std::fs::write(krate.join("src/lib.rs"), "mod day3;\nmod day9;\n").unwrap();
        std::fs::write(krate.join("src/day3/mod.rs"), "use crate::day9::X;\n").unwrap();
        let id = |day| DayId { year: 2015, day };
        assert_eq!(cargo_features(root.path(), &[id(3)]), Some(vec!["aoc2015/day3".into(), "aoc2015/day9".into()]));
        assert_eq!(cargo_features(root.path(), &[id(4)]), None, "no feature day4");
        assert_eq!(cargo_features(root.path(), &[DayId { year: 2016, day: 1 }]), None, "no crate");
        assert_eq!(cargo_features(root.path(), &[]), None);
        std::fs::write(
            root.path().join("crates/aoc-days/Cargo.toml"),
            "[dependencies]\naoc2015 = { path = \"../aoc2015\" }\n",
        )
        .unwrap();
        assert_eq!(cargo_features(root.path(), &[id(3)]), None, "aoc-days takes every day of 2015");
        std::fs::write(root.path().join("crates/aoc-days/Cargo.toml"), aoc_days).unwrap();
        std::fs::write(krate.join("Cargo.toml"), "[features]\nday3 = []\n").unwrap();
        assert_eq!(cargo_features(root.path(), &[id(3)]), None, "no all-days: the days are not gated");
    }
}

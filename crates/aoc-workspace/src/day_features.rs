//! Building one day, not its whole year (each day of a year crate is a cargo feature:
//! `aoc_build::features`, re-exported here): the features `cargo xtask run <day>` builds
//! `aoc-days` with, so that day alone is compiled, and the days its code needs with it.
//! Each set of features is a build of its own in the target folder, so going back to a day,
//! or to the whole year, rebuilds nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use toml_edit::DocumentMut;

pub use aoc_build::features::{declared_days, feature, ALL_DAYS};

use crate::sources::{self, Reaches};
use crate::DayId;

/// Whether a year crate's manifest declares [`ALL_DAYS`]: its days are built by feature.
pub fn builds_days_by_feature(manifest: &str) -> bool {
    let doc = manifest.parse::<DocumentMut>().ok();
    doc.is_some_and(|doc| doc.get("features").and_then(|f| f.get(ALL_DAYS)).is_some())
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
        let needed = days_needed(&sources::reaches(&dir), &asked, &declared)?;
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
pub fn days_needed(
    year: &BTreeMap<Option<u8>, Reaches>,
    asked: &BTreeSet<u8>,
    gated: &BTreeSet<u8>,
) -> Option<BTreeSet<u8>> {
    let none = Reaches::default();
    let reaches = |owner: Option<u8>| year.get(&owner).unwrap_or(&none);
    let needs = |owner: Option<u8>| -> BTreeSet<u8> {
        let mine = reaches(owner);
        let mut days = mine.days.clone();
        for (other, theirs) in year {
            let Some(other) = *other else { continue };
            let defines_mine =
                theirs.defines_macros.iter().any(|m| mine.calls_macros.contains(m) && !mine.defines_macros.contains(m));
            if defines_mine || owner.is_some_and(|day| theirs.extends.contains(&day)) {
                days.insert(other);
            }
        }
        days
    };
    let always = year.keys().copied().filter(|owner| owner.is_none_or(|day| !gated.contains(&day)));
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
    use crate::sources::tests::year;

    const MANIFEST: &str =
        "[package]\nname = \"aoc2015\"\n\n[features]\ndefault = [\"all-days\"]\nall-days = []\nday3 = []\nday9 = []\n";

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
        let sources = crate::sources::reaches(dir.path());
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
        let sources = crate::sources::reaches(dir.path());
        let all: BTreeSet<u8> = (1..=6).collect();
        let needed = |day: u8| days_needed(&sources, &BTreeSet::from([day]), &all);
        // Day 4's `numbers` is a day too many: the name is all the reading goes by.
        assert_eq!(needed(2), Some(BTreeSet::from([1, 2, 3, 4])));
        assert_eq!(needed(4), Some(BTreeSet::from([4])));
        assert_eq!(needed(5), None, "a glob of the crate root: the whole year");
        assert_eq!(needed(6), None, "through day 5");
    }

    #[test]
    fn a_year_builds_its_days_by_feature_when_it_declares_all_days() {
        assert!(builds_days_by_feature(MANIFEST));
        assert!(builds_days_by_feature("features = { all-days = [] }\n[package]\nname = \"x\"\n"));
        assert!(!builds_days_by_feature("[dependencies]\nall-days = \"1\"\n"));
        assert!(!builds_days_by_feature("[features]\nday3 = []\n") && !builds_days_by_feature("not toml ["));
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

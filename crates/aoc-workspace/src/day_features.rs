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
//! xtask run 2015-3` builds the runner with the features [`cargo_features`] lists, so day 3
//! alone (and the days its code names) is compiled. Each set of features is a build of its
//! own in the target folder, so going back to a day, or to the whole year, rebuilds
//! nothing. A day without a `day<N>` feature (written by hand, say) is simply always built.
//! What this bought is measured in docs/benchmarks.md ("The solving loop").

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

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
        .filter_map(|name| name.strip_prefix("day")?.parse().ok())
        .filter(|day| (1..=25).contains(day))
        .collect()
}

/// The names a manifest's `[features]` table declares: a plain reading of the table's
/// lines, which is how `cargo xtask scaffold` writes them; build scripts read it too, and
/// cannot afford a TOML parser.
fn feature_names(manifest: &str) -> impl Iterator<Item = &str> {
    let mut in_features = false;
    manifest.lines().map(str::trim).filter_map(move |line| {
        if line.starts_with('[') {
            in_features = line.split('#').next().is_some_and(|header| header.trim() == "[features]");
            return None;
        }
        let name = line.split('=').next()?.trim().trim_matches('"');
        (in_features && line.contains('=') && !name.starts_with('#')).then_some(name)
    })
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

/// The days whose feature a year crate's `lib.rs` names (`feature = "day4"`), comments
/// aside: each must be declared in its manifest, or the day is never compiled.
pub fn named_in_lib(lib: &str) -> BTreeSet<u8> {
    let code = crate::sources::code_without_comments(lib);
    code.match_indices("feature = \"day")
        .filter_map(|(at, found)| {
            let rest = &code[at + found.len()..];
            rest.split('"').next()?.parse().ok()
        })
        .collect()
}

/// Whether a manifest declares [`ALL_DAYS`]: its days are built by feature.
pub fn builds_days_by_feature(manifest: &str) -> bool {
    feature_names(manifest).any(|name| name == ALL_DAYS)
}

/// The features `cargo build -p aoc-days --no-default-features --features ...` needs to run
/// `days`: each day's own and those of the days its code names. `None` when a day cannot be
/// built alone (its year crate or its feature is missing, or the runner does not take its
/// year's days by feature: the runner then gets every day, and says itself what is wrong).
pub fn cargo_features(root: &Path, days: &[DayId]) -> Option<Vec<String>> {
    if days.is_empty() {
        return None;
    }
    let runner = fs::read_to_string(root.join("crates/aoc-days/Cargo.toml")).ok()?;
    let years: BTreeSet<u16> = days.iter().map(|id| id.year).collect();
    let mut features = Vec::new();
    for year in years {
        // The runner's `all-days` names the year's: the runner depends on it, by feature.
        if !runner.contains(&format!("\"aoc{year}/{ALL_DAYS}\"")) {
            return None;
        }
        let dir = root.join("crates").join(format!("aoc{year}"));
        let manifest = fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        let declared = declared_days(&manifest);
        let asked: BTreeSet<u8> = days.iter().filter(|id| id.year == year).map(|id| id.day).collect();
        if !builds_days_by_feature(&manifest) || !asked.is_subset(&declared) {
            return None;
        }
        let needed = days_needed(&dir, &asked, &declared);
        features.extend(needed.intersection(&declared).map(|&day| format!("aoc{year}/{}", feature(day))));
    }
    Some(features)
}

/// `asked`, with every day whose module the code of a needed day names (`crate::day9::Vm`,
/// `use super::day9;`), and every day named by the code that is always compiled: the
/// crate's shared modules (of no day) and the days not `gated` by a feature of their own.
/// Reading a name too many only builds a day more.
pub fn days_needed(crate_dir: &Path, asked: &BTreeSet<u8>, gated: &BTreeSet<u8>) -> BTreeSet<u8> {
    let src = crate_dir.join("src");
    let mut named_by: Vec<(Option<u8>, BTreeSet<u8>)> = Vec::new();
    for path in crate::sources::rust_files(&src) {
        let Ok(text) = fs::read_to_string(&path) else { continue };
        let owner = path.strip_prefix(&src).ok().and_then(day_of_file);
        named_by.push((owner, named_days(&text)));
    }
    let mut needed = asked.clone();
    for (owner, named) in &named_by {
        if owner.is_none_or(|day| !gated.contains(&day)) {
            needed.extend(named);
        }
    }
    loop {
        let more: BTreeSet<u8> = named_by
            .iter()
            .filter(|(owner, _)| owner.is_some_and(|day| needed.contains(&day)))
            .flat_map(|(_, named)| named.iter().copied())
            .filter(|day| !needed.contains(day))
            .collect();
        if more.is_empty() {
            return needed;
        }
        needed.extend(more);
    }
}

/// The day a source file belongs to, from its path below `src/`: `day3.rs` or `day3/...`.
fn day_of_file(relative: &Path) -> Option<u8> {
    let first = relative.components().next()?.as_os_str().to_str()?;
    first.strip_suffix(".rs").unwrap_or(first).strip_prefix("day")?.parse().ok()
}

/// The day modules `text`'s code names (`day9` as a whole word), leaving out comments,
/// strings, attributes (`#[aoc(day3, part1)]`, `#[cfg(feature = "day3")]`) and module
/// declarations.
pub fn named_days(text: &str) -> BTreeSet<u8> {
    let code = crate::sources::code_without_comments_or_strings(text);
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut days = BTreeSet::new();
    for line in code.lines().map(str::trim) {
        if line.starts_with("#[") || line.starts_with("mod ") || line.starts_with("pub mod ") {
            continue;
        }
        for (at, _) in line.match_indices("day") {
            if line[..at].chars().next_back().is_some_and(is_ident) {
                continue;
            }
            let rest = &line[at + 3..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let whole = !rest[digits.len()..].starts_with(is_ident);
            if let Some(day) = digits.parse::<u8>().ok().filter(|d| whole && (1..=25).contains(d)) {
                days.insert(day);
            }
        }
    }
    days
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

    #[test]
    fn the_features_lib_rs_names() {
        let lib = "#[cfg(any(feature = \"all-days\", feature = \"day4\"))]\npub mod day4;\n// feature = \"day5\"\n#[cfg(feature = \"day12\")]\nmod x;\n";
        assert_eq!(named_in_lib(lib), BTreeSet::from([4, 12]));
    }

    #[test]
    fn a_day_names_another_by_its_module_only() {
        let code = "use crate::day9::Vm;\n// day4 in a comment\n#[aoc(day3, part1)]\npub mod day5;\nlet x = super::day10::run(today1, day11x);\nuse crate::{day12, day13::X};\n";
        assert_eq!(named_days(code), BTreeSet::from([9, 10, 12, 13]));
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
            ("lib.rs", "#[cfg(any(feature = \"all-days\", feature = \"day3\"))]\npub mod day3;\npub mod grid;\n"),
            ("grid.rs", "pub use crate::day1::Point;\n"),
            ("day1.rs", "pub struct Point;\n"),
            ("day3/mod.rs", "mod solve;\n"),
            ("day3/solve.rs", "use crate::day9::Vm;\n"),
            ("day9/mod.rs", "use super::day2::Op;\n"),
            ("day2/mod.rs", "pub enum Op {}\n"),
            ("day7/mod.rs", "use crate::day8::X;\n"),
        ]);
        let gated = BTreeSet::from([1, 2, 3, 7, 9]);
        assert_eq!(days_needed(dir.path(), &BTreeSet::from([3]), &gated), BTreeSet::from([1, 2, 3, 9]));
        assert_eq!(days_needed(dir.path(), &BTreeSet::from([2]), &gated), BTreeSet::from([1, 2]));
        // Day 7 has no feature: always compiled, it needs day 8 in every build.
        let gated = BTreeSet::from([1, 2, 3, 9]);
        assert_eq!(days_needed(dir.path(), &BTreeSet::from([2]), &gated), BTreeSet::from([1, 2, 8]));
    }

    #[test]
    fn the_features_of_a_run_or_none_when_a_day_has_no_feature() {
        let root = tempfile::tempdir().unwrap();
        let krate = root.path().join("crates/aoc2015");
        std::fs::create_dir_all(krate.join("src/day3")).unwrap();
        std::fs::create_dir_all(root.path().join("crates/aoc-days")).unwrap();
        let runner = "[dependencies]\naoc2015 = { path = \"../aoc2015\", default-features = false }\n\n[features]\ndefault = [\"all-days\"]\nall-days = [\"aoc2015/all-days\"]\n";
        std::fs::write(root.path().join("crates/aoc-days/Cargo.toml"), runner).unwrap();
        std::fs::write(krate.join("Cargo.toml"), MANIFEST).unwrap();
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
        assert_eq!(cargo_features(root.path(), &[id(3)]), None, "the runner takes every day of 2015");
        std::fs::write(root.path().join("crates/aoc-days/Cargo.toml"), runner).unwrap();
        std::fs::write(krate.join("Cargo.toml"), "[features]\nday3 = []\n").unwrap();
        assert_eq!(cargo_features(root.path(), &[id(3)]), None, "no all-days: the days are not gated");
    }
}

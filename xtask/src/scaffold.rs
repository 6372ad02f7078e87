//! `cargo xtask scaffold`: add a day (and, for a new year, its crate) so that it works at
//! once with `cargo xtask run`, `cargo aoc` and `cargo test`.
//!
//! Edits to existing files are single inserted lines, placed in order, so the files stay
//! formatted; nothing that exists is ever overwritten.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::days::DayId;

/// What a scaffold created and changed, relative to the workspace root.
#[derive(Debug, Default)]
pub struct Report {
    /// Files and links created.
    pub created: Vec<PathBuf>,
    /// Files edited.
    pub edited: Vec<PathBuf>,
}

/// Adds day `id` under `root`.
pub fn scaffold(root: &Path, id: DayId) -> Result<Report> {
    let mut report = Report::default();
    let krate = format!("aoc{}", id.year);
    let crate_dir = root.join("crates").join(&krate);
    let module = crate_dir.join("src").join(format!("day{}.rs", id.day));
    if module.exists() {
        bail!("{} exists already; scaffold never overwrites", module.strip_prefix(root).unwrap_or(&module).display());
    }
    let registry = root.join("xtask/src/days.rs");
    let registry_text = read(&registry)?;
    if registry_text.contains(&format!("day!({} - {},", id.year, id.day)) {
        bail!("{id} is already registered in xtask/src/days.rs");
    }
    if !crate_dir.exists() {
        new_year_crate(root, id.year, &mut report)?;
    }
    let lib = crate_dir.join("src/lib.rs");
    let lib_text = read(&lib)?;
    let lib_text =
        add_module(&lib_text, id.day).with_context(|| format!("cannot register the module in {}", lib.display()))?;
    create(root, &module, &day_module(id), &mut report)?;
    format_with_rustfmt(root, &module);
    write(root, &lib, &lib_text, &mut report)?;
    let registry_text =
        add_registry_entry(&registry_text, id).context("cannot find the DAYS list in xtask/src/days.rs")?;
    write(root, &registry, &registry_text, &mut report)?;
    Ok(report)
}

fn new_year_crate(root: &Path, year: u16, report: &mut Report) -> Result<()> {
    let dir = root.join("crates").join(format!("aoc{year}"));
    create(root, &dir.join("Cargo.toml"), &crate_manifest(year), report)?;
    create(root, &dir.join("build.rs"), BUILD_RS, report)?;
    create(
        root,
        &dir.join("src/lib.rs"),
        &format!("//! Advent of Code {year}.\n\nuse aoc_runner_derive::aoc_lib;\n\naoc_lib! {{ year = {year} }}\n"),
        report,
    )?;
    let link = dir.join("input");
    #[cfg(unix)]
    std::os::unix::fs::symlink("../../inputs", &link).with_context(|| format!("cannot create {}", link.display()))?;
    #[cfg(not(unix))]
    std::fs::write(&link, "cargo aoc needs a link `input -> ../../inputs` here\n")?;
    report.created.push(rel(root, &link));
    let manifest = root.join("Cargo.toml");
    let text = add_exclude(&read(&manifest)?, year).context("cannot find the `exclude` list in the root Cargo.toml")?;
    write(root, &manifest, &text, report)?;
    let xtask_manifest = root.join("xtask/Cargo.toml");
    let text = add_xtask_dependency(&read(&xtask_manifest)?, year)
        .context("cannot find the year crates in xtask/Cargo.toml")?;
    write(root, &xtask_manifest, &text, report)
}

const BUILD_RS: &str = "//! Writes this crate's own cargo-aoc metadata. See `crates/aoc-build.rs` (shared by every\n//! year crate) for why.\ninclude!(\"../aoc-build.rs\");\n";

fn crate_manifest(year: u16) -> String {
    format!(
        r#"[package]
name = "aoc{year}"
version = "0.1.0"
edition.workspace = true
rust-version.workspace = true
license.workspace = true
publish.workspace = true

[dependencies]
aoc-runner.workspace = true
aoc-runner-derive.workspace = true
search-core.workspace = true
ahash.workspace = true
itertools.workspace = true
thiserror.workspace = true

[dev-dependencies]
proptest.workspace = true

[lints]
workspace = true
"#
    )
}

/// The new day's module: parse -> model -> solve skeleton whose parts say "not solved yet".
fn day_module(id: DayId) -> String {
    let (year, day) = (id.year, id.day);
    format!(
        r#"//! # {year} day {day}
//!
//! Describe the puzzle, the model and the algorithm here: why it is correct on every
//! valid input and why it is fast.

use aoc_runner_derive::{{aoc, aoc_generator}};
use thiserror::Error;

/// The example from the puzzle text.
pub const EXAMPLE: &str = "";

/// The parsed puzzle input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {{
    /// The input's lines.
    pub lines: Vec<String>,
}}

/// Why the input was rejected or a part has no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {{
    /// The part has not been written yet.
    #[error("not solved yet: write part {{0}} in crates/aoc{year}/src/day{day}.rs")]
    NotSolvedYet(u8),
}}

#[aoc_generator(day{day})]
fn generator(input: &str) -> Result<Input, Error> {{
    Ok(Input {{ lines: input.lines().map(str::to_string).collect() }})
}}

#[aoc(day{day}, part1)]
fn part1(input: &Input) -> Result<u64, Error> {{
    let _ = input;
    Err(Error::NotSolvedYet(1))
}}

#[aoc(day{day}, part2)]
fn part2(input: &Input) -> Result<u64, Error> {{
    let _ = input;
    Err(Error::NotSolvedYet(2))
}}

/// The solution of `part` drawn step by step, for `cargo xtask run --explain`.
pub fn explain(input: &str, part: u8) -> Result<String, String> {{
    let _ = (input, part);
    Err("--explain is not written yet for {year}-{day}".to_string())
}}

#[cfg(test)]
mod tests {{
    use super::*;

    /// The example's answers from the puzzle text, once known.
    const EXPECTED: [Option<u64>; 2] = [None, None];

    #[test]
    fn example() {{
        let input = generator(EXAMPLE).unwrap();
        if let Some(answer) = EXPECTED[0] {{
            assert_eq!(part1(&input), Ok(answer));
        }}
        if let Some(answer) = EXPECTED[1] {{
            assert_eq!(part2(&input), Ok(answer));
        }}
    }}
}}
"#
    )
}

/// Inserts `pub mod day<N>;` among the `pub mod day..;` lines, in day order, or before
/// `aoc_lib!` when there are none yet.
pub fn add_module(lib: &str, day: u8) -> Option<String> {
    let line = format!("pub mod day{day};");
    insert_in_order(
        lib,
        &line,
        |l| l.strip_prefix("pub mod day")?.strip_suffix(';')?.parse::<u32>().ok(),
        u32::from(day),
        |l| l.starts_with("aoc_lib!"),
    )
    .map(|text| text.replace("use aoc_runner_derive::aoc_lib;\npub mod", "use aoc_runner_derive::aoc_lib;\n\npub mod"))
}

/// Inserts the day's `day!(...)` line into `DAYS`, in (year, day) order.
pub fn add_registry_entry(registry: &str, id: DayId) -> Option<String> {
    let (y, d) = (id.year, id.day);
    let line = format!("    day!({y} - {d}, aoc{y}::day{d}, Day{d}Part1::day{d}_part1, Day{d}Part2::day{d}_part2),");
    let key = |l: &str| {
        let rest = l.trim_start().strip_prefix("day!(")?;
        let (year, rest) = rest.split_once(" - ")?;
        let (day, _) = rest.split_once(',')?;
        Some(year.parse::<u32>().ok()? * 100 + day.parse::<u32>().ok()?)
    };
    let start = registry.find("pub static DAYS")?;
    let (head, tail) = registry.split_at(start);
    let tail = insert_in_order(tail, &line, key, u32::from(y) * 100 + u32::from(d), |l| l.trim() == "];")?;
    Some(format!("{head}{tail}"))
}

/// Adds `"crates/aoc<year>/target",` to the root manifest's `exclude` list.
pub fn add_exclude(manifest: &str, year: u16) -> Option<String> {
    let line = format!("    \"crates/aoc{year}/target\",");
    let key = |l: &str| l.trim().strip_prefix("\"crates/aoc")?.strip_suffix("/target\",")?.parse::<u32>().ok();
    let start = manifest.find("exclude = [")?;
    let (head, tail) = manifest.split_at(start);
    Some(format!("{head}{}", insert_in_order(tail, &line, key, u32::from(year), |l| l.trim() == "]")?))
}

/// Adds `aoc<year> = { path = ... }` beside the other year crates in xtask's manifest.
pub fn add_xtask_dependency(manifest: &str, year: u16) -> Option<String> {
    let line = format!("aoc{year} = {{ path = \"../crates/aoc{year}\" }}");
    let key = |l: &str| l.strip_prefix("aoc")?.split_once(' ')?.0.parse::<u32>().ok();
    insert_in_order(manifest, &line, key, u32::from(year), |l| l.trim().is_empty() || l.starts_with('['))
}

/// Inserts `line` before the first line whose `key` is greater than `new_key`; with no
/// such line, after the last keyed line, or failing that before the first `end` line.
fn insert_in_order(
    text: &str,
    line: &str,
    key: impl Fn(&str) -> Option<u32>,
    new_key: u32,
    end: impl Fn(&str) -> bool,
) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let keyed: Vec<(usize, u32)> = lines.iter().enumerate().filter_map(|(i, l)| Some((i, key(l)?))).collect();
    let at = match keyed.iter().find(|&&(_, k)| k > new_key) {
        Some(&(i, _)) => i,
        None => match keyed.last() {
            Some(&(i, _)) => i + 1,
            None => lines.iter().position(|l| end(l))?,
        },
    };
    let mut out: Vec<&str> = lines[..at].to_vec();
    out.push(line);
    out.extend_from_slice(&lines[at..]);
    let mut joined = out.join("\n");
    if text.ends_with('\n') {
        joined.push('\n');
    }
    Some(joined)
}

/// Formats a created file with the workspace's rustfmt settings, when rustfmt is there, so
/// the template stays formatted whatever `rustfmt.toml` says. Best effort: the template is
/// already formatted for the current settings.
fn format_with_rustfmt(root: &Path, file: &Path) {
    let _ = std::process::Command::new("rustfmt")
        .args(["--edition", "2021"])
        .arg(file)
        .current_dir(root)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

fn rel(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}

fn create(root: &Path, path: &Path, text: &str, report: &mut Report) -> Result<()> {
    if path.exists() {
        bail!("{} exists already; scaffold never overwrites", rel(root, path).display());
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    report.created.push(rel(root, path));
    Ok(())
}

fn write(root: &Path, path: &Path, text: &str, report: &mut Report) -> Result<()> {
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    report.edited.push(rel(root, path));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modules_go_in_day_order_before_aoc_lib() {
        let lib =
            "//! Y.\n\nuse aoc_runner_derive::aoc_lib;\n\npub mod day3;\npub mod day11;\n\naoc_lib! { year = 2016 }\n";
        let with_5 = add_module(lib, 5).unwrap();
        assert_eq!(with_5, lib.replace("pub mod day3;\n", "pub mod day3;\npub mod day5;\n"));
        let with_12 = add_module(lib, 12).unwrap();
        assert!(with_12.contains("pub mod day11;\npub mod day12;\n\naoc_lib!"));
        let fresh = "//! Y.\n\nuse aoc_runner_derive::aoc_lib;\n\naoc_lib! { year = 2015 }\n";
        assert_eq!(
            add_module(fresh, 1).unwrap(),
            "//! Y.\n\nuse aoc_runner_derive::aoc_lib;\n\npub mod day1;\naoc_lib! { year = 2015 }\n"
        );
    }

    #[test]
    fn registry_entries_go_in_year_and_day_order() {
        let registry = "x\n#[rustfmt::skip]\npub static DAYS: &[Day] = &[\n    day!(2016 - 11, aoc2016::day11, A::a, B::b),\n    day!(2021 - 23, aoc2021::day23, A::a, B::b),\n];\n\nfn f() {}\n";
        let added = add_registry_entry(registry, "2016-12".parse().unwrap()).unwrap();
        assert!(added.contains("day11, A::a, B::b),\n    day!(2016 - 12, aoc2016::day12, Day12Part1::day12_part1, Day12Part2::day12_part2),\n    day!(2021"));
        let first = add_registry_entry(registry, "2015-1".parse().unwrap()).unwrap();
        assert!(first.contains("&[\n    day!(2015 - 1, aoc2015::day1,"));
        let last = add_registry_entry(registry, "2022-1".parse().unwrap()).unwrap();
        assert!(last
            .contains("B::b),\n    day!(2022 - 1, aoc2022::day1, Day1Part1::day1_part1, Day1Part2::day1_part2),\n];"));
        assert!(last.ends_with("fn f() {}\n"));
    }

    #[test]
    fn manifests_get_one_line_each() {
        let root = "[workspace]\nmembers = [\"crates/*\", \"xtask\"]\nexclude = [\n    \"crates/aoc2016/target\",\n    \"crates/aoc2021/target\",\n]\n\n[x]\n";
        let added = add_exclude(root, 2015).unwrap();
        assert_eq!(added, root.replace("exclude = [\n", "exclude = [\n    \"crates/aoc2015/target\",\n"));
        let xtask = "[dependencies]\nanyhow.workspace = true\naoc2016 = { path = \"../crates/aoc2016\" }\naoc2021 = { path = \"../crates/aoc2021\" }\n\n[lints]\n";
        let added = add_xtask_dependency(xtask, 2022).unwrap();
        assert!(added.contains("aoc2021\" }\naoc2022 = { path = \"../crates/aoc2022\" }\n\n[lints]"));
    }

    #[test]
    fn the_template_has_everything_the_registry_macro_uses() {
        // `day!` in xtask/src/days.rs reaches into the module for these.
        let module = day_module("2016-12".parse().unwrap());
        for needed in [
            "pub const EXAMPLE: &str",
            "pub fn explain(input: &str, part: u8) -> Result<String, String>",
            "#[aoc(day12, part1)]",
            "#[aoc(day12, part2)]",
            "#[aoc_generator(day12)]",
        ] {
            assert!(module.contains(needed), "the template lacks `{needed}`");
        }
        let registry = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/days.rs")).unwrap();
        assert!(
            registry.contains("example: $krate::$module::EXAMPLE")
                && registry.contains("explain: $krate::$module::explain")
        );
    }

    #[test]
    fn refuses_to_overwrite_and_to_register_twice() {
        let root = tempfile::tempdir().unwrap();
        let src = root.path().join("crates/aoc2016/src");
        std::fs::create_dir_all(&src).unwrap();
        std::fs::create_dir_all(root.path().join("xtask/src")).unwrap();
        std::fs::write(
            root.path().join("xtask/src/days.rs"),
            "pub static DAYS: &[Day] = &[\n    day!(2016 - 11, a, b, c),\n];\n",
        )
        .unwrap();
        std::fs::write(src.join("day12.rs"), "mine").unwrap();
        let err = scaffold(root.path(), "2016-12".parse().unwrap()).unwrap_err();
        assert!(err.to_string().contains("exists already"), "{err}");
        assert_eq!(std::fs::read_to_string(src.join("day12.rs")).unwrap(), "mine");
        let err = scaffold(root.path(), "2016-11".parse().unwrap()).unwrap_err();
        assert!(err.to_string().contains("already registered"), "{err}");
    }
}

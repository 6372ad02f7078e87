//! `cargo xtask scaffold`: add a day (and, for a new year, its crate) so that it works at
//! once with `cargo xtask run` and `time`, `cargo aoc`, `cargo test` and `cargo bench`.
//!
//! A day is registered by its module alone: the year crate's build script derives the day
//! list from the `#[aoc]` attributes (crate `aoc-build`). So a day in an existing year
//! touches nothing outside `crates/aoc<year>/`: the folder `src/day<N>/`, a
//! `pub mod day<N>;` line in `src/lib.rs` and, where the year builds its days by feature
//! (`aoc_workspace::day_features`), the feature `day<N>` in its manifest and the attribute
//! that compiles the module with it. A new year adds its crate, one `exclude` entry in the
//! root manifest and one dependency in the manifest of `aoc-days` (the binary that links
//! every year: with the year in its `all-days`), all edited with `toml_edit` so that
//! comments and formatting stay. The
//! README's days table and quick start are rewritten to show the day (module `readme`).
//! Nothing that exists is overwritten.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use aoc_workspace::files::{write_whole, Access};
use aoc_workspace::sources::{aoc_lib_line, day_modules};
use aoc_workspace::{day_features, DayId};

use crate::manifest::{add_day_feature, add_exclude, add_year_dependency};

/// What a scaffold or a removal created, deleted and edited, relative to the workspace root.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Files, folders and links created.
    pub created: Vec<PathBuf>,
    /// Files and folders deleted.
    pub deleted: Vec<PathBuf>,
    /// Files edited.
    pub edited: Vec<PathBuf>,
    /// Files that still name something removed, in code `remove` does not edit.
    pub still_naming: Vec<(PathBuf, String)>,
}

/// The changes of a scaffold or a removal, all worked out (and checked) before the first is
/// made: paths absolute.
#[derive(Debug, Default)]
pub(crate) struct Plan {
    /// Files to create, in order, with their text: none may exist.
    pub create: Vec<(PathBuf, String)>,
    /// Files and folders to delete.
    pub delete: BTreeSet<PathBuf>,
    /// Files to rewrite, with their new text.
    pub edit: BTreeMap<PathBuf, String>,
    /// Files that name something removed in their code, which is left to the user.
    pub still_naming: Vec<(PathBuf, String)>,
}

impl Plan {
    /// The text `path` will have: as created or edited so far, else as it is.
    pub fn text(&self, path: &Path) -> Result<String> {
        let created = self.create.iter().find(|(file, _)| file == path).map(|(_, text)| text);
        self.edit.get(path).or(created).cloned().map_or_else(|| read(path), Ok)
    }

    /// Whether `path` is deleted, itself or with its folder.
    pub fn deletes(&self, path: &Path) -> bool {
        self.delete.iter().any(|deleted| path.starts_with(deleted))
    }

    /// Plans `path` as `change` rewrites its [`Plan::text`]: edited only if that changes it.
    pub fn edit_with(&mut self, path: PathBuf, change: impl FnOnce(&str) -> Result<String>) -> Result<()> {
        let text = change(&self.text(&path)?).with_context(|| format!("cannot edit {}", path.display()))?;
        if let Some((_, created)) = self.create.iter_mut().find(|(file, _)| *file == path) {
            *created = text;
        } else if text != read(&path)? {
            self.edit.insert(path, text);
        }
        Ok(())
    }

    /// Makes the changes (none if a file to create exists): deletes (a link as a file,
    /// never followed), creates, edits.
    pub fn apply(self, root: &Path) -> Result<Report> {
        if let Some((taken, _)) = self.create.iter().find(|(file, _)| file.exists() || file.is_symlink()) {
            bail!("{} exists already; scaffold never overwrites", rel(root, taken).display());
        }
        let mut report = Report::default();
        for path in &self.delete {
            let removed = if path.is_dir() && !path.is_symlink() {
                std::fs::remove_dir_all(path)
            } else {
                std::fs::remove_file(path)
            };
            removed.with_context(|| format!("cannot delete {}", path.display()))?;
            report.deleted.push(rel(root, path));
        }
        for (path, text) in &self.create {
            write_whole(path, text.as_bytes(), Access::Shared)?;
            report.created.push(rel(root, path));
        }
        for (path, text) in &self.edit {
            write_whole(path, text.as_bytes(), Access::Shared)?;
            report.edited.push(rel(root, path));
        }
        report.still_naming = self.still_naming.into_iter().map(|(path, name)| (rel(root, &path), name)).collect();
        Ok(report)
    }
}

/// The files of a new day, relative to its year crate's `src/`.
pub fn day_files(id: DayId) -> [(String, String); 5] {
    let dir = format!("day{}", id.day);
    [
        (format!("{dir}/mod.rs"), day_module(id)),
        (format!("{dir}/parse.rs"), PARSE_RS.to_string()),
        (format!("{dir}/solve.rs"), solve_module(id)),
        (format!("{dir}/tests.rs"), TESTS_RS.to_string()),
        // Empty until a downloaded page fills it (aoc-site's `fill`), or the user does.
        (format!("{dir}/examples.txt"), String::new()),
    ]
}

/// Adds day `id` under `root`.
pub fn scaffold(root: &Path, id: DayId) -> Result<Report> {
    let crate_dir = root.join("crates").join(format!("aoc{}", id.year));
    let src = crate_dir.join("src");
    for taken in [src.join(format!("day{}.rs", id.day)), src.join(format!("day{}", id.day))] {
        if taken.exists() {
            bail!("{} exists already; scaffold never overwrites", rel(root, &taken).display());
        }
    }
    let (lib, manifest) = (src.join("lib.rs"), crate_dir.join("Cargo.toml"));
    let new_year = !crate_dir.exists();
    let mut plan = Plan::default();
    if new_year {
        // Its crate, one `exclude` entry and a dependency of each crate that links every year.
        let build = (crate_dir.join("build.rs"), BUILD_RS.to_string());
        plan.create = vec![(manifest.clone(), crate_manifest(id.year)), build, (lib.clone(), year_lib(id.year))];
        plan.edit_with(root.join("Cargo.toml"), |text| add_exclude(text, id.year))?;
        for linking in ["crates/aoc-days/Cargo.toml", "crates/benches/Cargo.toml"] {
            plan.edit_with(root.join(linking), |text| add_year_dependency(text, id.year))?;
        }
    }
    let declared = day_modules(&plan.text(&lib)?).with_context(|| format!("cannot read {}", lib.display()))?;
    if let Some(module) = declared.iter().find(|m| m.day == id.day && m.path.is_some()) {
        bail!(
            "{} line {} declares day {} already, from `{}`; scaffold never overwrites",
            rel(root, &lib).display(),
            module.lines.start(),
            id.day,
            module.path.as_deref().unwrap_or_default()
        );
    }
    // The day gets a feature of its own where the year builds its days by feature.
    let by_feature = day_features::builds_days_by_feature(&plan.text(&manifest)?);
    plan.edit_with(lib, |text| add_module(text, id.day, by_feature))?;
    if by_feature {
        plan.edit_with(manifest, |text| add_day_feature(text, id.day))?;
    }
    plan.create.extend(day_files(id).map(|(path, text)| (src.join(path), text)));
    let mut report = plan.apply(root)?;
    // The template formatted with the workspace's rustfmt settings, whatever `rustfmt.toml`
    // says, when rustfmt is there (its `mod.rs`, and so the modules it declares). Best
    // effort: it is formatted for the current settings.
    let _ = std::process::Command::new("rustfmt")
        .args(["--edition", "2021"])
        .arg(src.join(format!("day{}/mod.rs", id.day)))
        .current_dir(root)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
    if new_year {
        let link = crate_dir.join("input");
        #[cfg(unix)]
        std::os::unix::fs::symlink("../../inputs", &link)
            .with_context(|| format!("cannot create {}", link.display()))?;
        #[cfg(not(unix))]
        std::fs::write(&link, "cargo aoc needs a link `input -> ../../inputs` here\n")?;
        report.created.push(rel(root, &link));
    }
    if crate::readme::refresh_file(root)? {
        report.edited.push(PathBuf::from("README.md"));
    }
    Ok(report)
}

/// [`scaffold`] for `today`, which two terminals may run at once: `None` when the day, or
/// its new year's crate, appeared while this one was scaffolding it (the other command
/// scaffolds it; a second scaffold would only fail on what the first wrote).
pub fn scaffold_unless_raced(root: &Path, id: DayId) -> Result<Option<Report>> {
    let year_dir = root.join("crates").join(format!("aoc{}", id.year));
    let new_year = !year_dir.exists();
    match scaffold(root, id) {
        Ok(report) => Ok(Some(report)),
        Err(_) if year_dir.join(format!("src/day{}", id.day)).exists() || (new_year && year_dir.exists()) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Inserts `pub mod day<N>;` among the day modules (any form, read with
/// [`day_modules`]), in day order, or before `aoc_lib!` when there are none yet; `gated`:
/// compiled only with the day's feature or `all-days` (`aoc_workspace::day_features`).
/// Line endings are kept as the file has them.
pub fn add_module(lib: &str, day: u8, gated: bool) -> Result<String> {
    let modules = day_modules(lib)?;
    let aoc_lib = aoc_lib_line(lib)?.context("no `aoc_lib! { year = ... }`")?;
    if modules.iter().any(|m| m.day == day) {
        // Left by a day whose folder was deleted by hand: it declares the new one.
        return Ok(lib.to_string());
    }
    let newline = if lib.contains("\r\n") { "\r\n" } else { "\n" };
    let mut lines: Vec<String> = lib.lines().map(str::to_string).collect();
    let mut new = Vec::new();
    if gated {
        new.push(format!(
            "#[cfg(any(feature = \"{}\", feature = \"{}\"))]",
            day_features::ALL_DAYS,
            day_features::feature(day)
        ));
    }
    new.push(format!("pub mod day{day};"));
    // Line numbers are 1-based; a later day's attributes and doc comments stay with it.
    let later = modules.iter().filter(|m| m.day > day).map(|m| *m.lines.start() - 1).min();
    let at = match later.or_else(|| modules.iter().map(|m| *m.lines.end()).max()) {
        Some(at) => at,
        None => {
            new.push(String::new());
            aoc_lib - 1
        }
    };
    lines.splice(at..at, new);
    Ok(lines.join(newline) + newline)
}

pub(crate) fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

pub(crate) fn rel(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}

// ---- templates ----

const BUILD_RS: &str = "//! Registers this crate's days and writes its cargo-aoc metadata (crate `aoc-build`).

fn main() {
    aoc_build::year_crate();
}
";

pub(crate) fn year_lib(year: u16) -> String {
    format!(
        "//! Advent of Code {year}.

// A build of some days alone (`cargo xtask run <day>`) leaves code that only other days
// use unused: that is expected, not worth a warning. Every day's build still warns.
#![cfg_attr(not(feature = \"all-days\"), allow(dead_code, unused_imports))]

use aoc_runner_derive::aoc_lib;

// Each day is compiled with its feature or `all-days` (see Cargo.toml), so that
// `cargo xtask run <day>` builds that day alone. Code shared by several days goes in a
// module of its own here, which every build compiles.

aoc_lib! {{ year = {year} }}

// `DAYS`: every day of this crate, written by the build script from the `#[aoc]` attributes.
include!(concat!(env!(\"OUT_DIR\"), \"/days.rs\"));
"
    )
}

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
aoc-day.workspace = true
thiserror.workspace = true
# Add what a day needs: `cargo add -p aoc{year} regex`, or a workspace dependency, e.g.:
# search-core.workspace = true   # BFS, Dijkstra, A* with statistics
# itertools.workspace = true
# Every crate added here runs optimised under `run`, `time` and `cargo aoc`.

[features]
# `cargo test`, `cargo aoc`, `cargo bench` and `time` build every day; `cargo xtask run <day>`
# builds its day alone (feature `day<N>`), so an edit recompiles that day, not the year
# (`aoc_build::features`). `cargo xtask scaffold` adds each day's.
default = ["all-days"]
all-days = []

[build-dependencies]
aoc-build.workspace = true

[lints]
workspace = true
"#
    )
}

/// The new day's `mod.rs`: the doc comment to fill in, the aoc-runner wiring, the example
/// and `explain`.
fn day_module(id: DayId) -> String {
    let (year, day) = (id.year, id.day);
    format!(
        r#"//! # {year} day {day}
//!
//! Describe the puzzle, the model and the algorithm here: why it is correct on every
//! valid input and why it is fast.

mod parse;
mod solve;
#[cfg(test)]
mod tests;

use aoc_runner_derive::{{aoc, aoc_generator}};

pub use parse::{{parse, Input, ParseError}};
pub use solve::{{part1, part2, Answer1, Answer2, SolveError}};

/// The puzzle's examples, each with the answers the puzzle gives for it, in examples.txt
/// beside this file (its format: `aoc_day::examples`). `cargo xtask fetch` and
/// `today` fill it in from the puzzle page while it is empty; `run` uses the first example
/// when you have no input, and `run --example`, `check` and the tests check them all.
pub const EXAMPLE: &str = include_str!("examples.txt");

/// `cargo xtask` hands every day its input normalised already (no byte-order mark, `\n`
/// line endings, no blank lines at the end); `cargo aoc` does not, so it is done here too.
#[aoc_generator(day{day})]
fn generator(input: &str) -> Result<Input, ParseError> {{
    parse(&aoc_day::text::normalize(input))
}}

#[aoc(day{day}, part1)]
fn solve_part1(input: &Input) -> Result<Answer1, SolveError> {{
    part1(input)
}}

#[aoc(day{day}, part2)]
fn solve_part2(input: &Input) -> Result<Answer2, SolveError> {{
    part2(input)
}}

/// The solution of `part` drawn step by step, for `cargo xtask run --explain`.
pub fn explain(input: &str, part: aoc_day::Part) -> Result<String, String> {{
    let _ = (input, part);
    Err("--explain is not written yet for {year}-{day}".to_string())
}}
"#
    )
}

const PARSE_RS: &str = r#"//! Reading the puzzle input.

use thiserror::Error;

/// The parsed puzzle input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The input's lines.
    pub lines: Vec<String>,
}

/// Why the input was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A line that is not what the puzzle describes.
    #[error("line {line}: {problem}")]
    Line {
        /// The 1-based line number.
        line: usize,
        /// What is wrong with it.
        problem: String,
    },
}

/// Reads the puzzle input.
pub fn parse(input: &str) -> Result<Input, ParseError> {
    Ok(Input { lines: input.lines().map(str::to_string).collect() })
}
"#;

fn solve_module(id: DayId) -> String {
    let (year, day) = (id.year, id.day);
    format!(
        r#"//! Solving both parts.

use thiserror::Error;

use super::parse::Input;

/// Part 1's answer: any type that prints (`u64`, `usize`, `String`, ...).
pub type Answer1 = i64;
/// Part 2's answer: any type that prints (`u64`, `usize`, `String`, ...).
pub type Answer2 = i64;

/// Why a part has no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {{
    /// The part has not been written yet.
    #[error("not solved yet: write part {{0}} in crates/aoc{year}/src/day{day}/solve.rs")]
    NotSolvedYet(u8),
}}

/// Part 1's answer.
pub fn part1(input: &Input) -> Result<Answer1, SolveError> {{
    let _ = input;
    Err(SolveError::NotSolvedYet(1))
}}

/// Part 2's answer.
pub fn part2(input: &Input) -> Result<Answer2, SolveError> {{
    let _ = input;
    Err(SolveError::NotSolvedYet(2))
}}
"#
    )
}

const TESTS_RS: &str = r#"use aoc_day::Part;

use super::*;

/// Each example of examples.txt, each part's answer compared as it prints: `Answer1` and
/// `Answer2` may be any type that prints (`i64` for a negative answer, `String` for a word).
/// A part not solved yet is skipped; an example with no answer given checks the parser only.
#[test]
fn examples() {
    for example in aoc_day::examples::parse(EXAMPLE).unwrap() {
        let input = generator(&example.input).unwrap();
        if let Some(want) = example.expected(Part::One) {
            match part1(&input) {
                Err(SolveError::NotSolvedYet(_)) => {}
                got => assert_eq!(got.map(|answer| answer.to_string()), Ok(want.to_string())),
            }
        }
        if let Some(want) = example.expected(Part::Two) {
            match part2(&input) {
                Err(SolveError::NotSolvedYet(_)) => {}
                got => assert_eq!(got.map(|answer| answer.to_string()), Ok(want.to_string())),
            }
        }
    }
}

/// An input saved with a byte-order mark and Windows line endings reads as any other.
#[test]
fn input_as_any_editor_saves_it() {
    assert_eq!(generator("\u{feff}1\r\n2\r\n\r\n"), generator("1\n2\n"));
}
"#;

#[cfg(test)]
mod tests;

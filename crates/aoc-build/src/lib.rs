//! Build-script helpers, so that a day is registered by writing it and nothing else.
//!
//! * [`year_crate`], called by each year crate's `build.rs`, reads the crate's sources
//!   for `aoc_lib! { year = ... }` and the `#[aoc(dayN, partM)]` attributes, and writes
//!   1. the crate's `DAYS` list (`$OUT_DIR/days.rs`, included by its `lib.rs`), which the
//!      runner binary reads: the registry lives in the year crate and is derived, never
//!      written by hand;
//!   2. cargo-aoc's list of days (`target/aoc/completed.json` in the crate's folder).
//!      `aoc_lib!` writes that file relative to rustc's working directory, which in a
//!      workspace is the workspace root, shared by every year crate, so `cargo aoc`
//!      would see another year's days.
//! * [`implemented_days`], called by the xtask: the same reading, for every year crate of a
//!   workspace, so that "which days exist" has one answer everywhere.
//! * [`runner`], called by the runner's `build.rs`, lists the year crates it depends on
//!   (`aoc<year>` in its manifest) as `$OUT_DIR/years.rs`, so a new year is one line in
//!   that manifest.
//!
//! Conventions (kept by `cargo xtask scaffold`): day `N` of a year is the module
//! `crate::dayN` (`src/dayN.rs` or `src/dayN/mod.rs`), which defines `EXAMPLE` and
//! `explain` next to its `#[aoc]` functions.

#![warn(missing_docs)]

mod scan;
#[cfg(test)]
mod tests;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub use scan::{
    aoc_attribute, aoc_lib_year, code_without_comments, days_source, unusable_name, year_crates, years_source, Solution,
};

/// What a year crate's sources declare: its year (`aoc_lib!`) and its `#[aoc]` solutions.
#[derive(Debug, Default)]
struct YearSources {
    year: Option<u16>,
    solutions: Vec<Solution>,
    /// The newest source's modification time.
    newest: Option<SystemTime>,
}

/// Reads every `.rs` file below `crate_dir/src`.
fn read_year_crate(crate_dir: &Path) -> YearSources {
    let mut found = YearSources::default();
    for path in rust_files(&crate_dir.join("src")) {
        let Ok(text) = fs::read_to_string(&path) else { continue };
        if let Ok(modified) = fs::metadata(&path).and_then(|m| m.modified()) {
            found.newest = Some(found.newest.map_or(modified, |n| n.max(modified)));
        }
        for line in code_without_comments(&text).lines().map(str::trim) {
            found.year = found.year.or(aoc_lib_year(line));
            found.solutions.extend(aoc_attribute(line));
        }
    }
    // Not deduplicated: two solutions of a part with one name are an error `days_source` names.
    found.solutions.sort();
    found
}

/// Whether day `day`'s module file exists in `crate_dir` (`src/dayN.rs` or `src/dayN/mod.rs`).
fn module_exists(crate_dir: &Path, day: u8) -> bool {
    let src = crate_dir.join("src");
    src.join(format!("day{day}.rs")).is_file() || src.join(format!("day{day}/mod.rs")).is_file()
}

/// The build script of a year crate: writes its `DAYS` list and its cargo-aoc metadata.
/// Problems are reported as build errors (a `compile_error!` in the generated file) or
/// warnings, never as a panic.
pub fn year_crate() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=target/aoc/completed.json");
    let here = Path::new(".");
    let YearSources { year, solutions, newest } = read_year_crate(here);
    write_out_dir("days.rs", &days_source(year, &solutions, |day| module_exists(here, day)));
    match year {
        Some(year) => write_cargo_aoc_metadata(year, &solutions, newest.unwrap_or(SystemTime::UNIX_EPOCH)),
        None => println!("cargo:warning=no `aoc_lib! {{ year = ... }}` found in src: cargo-aoc metadata not written"),
    }
}

/// Every implemented day of the workspace at `root`, as `(year, day)` in order, read from the
/// year crates' sources exactly as their build scripts read them (the days the runner
/// links), without building anything: so the xtask knows them while a day does not compile.
pub fn implemented_days(root: &Path) -> Vec<(u16, u8)> {
    let mut days = Vec::new();
    let Ok(entries) = fs::read_dir(root.join("crates")) else { return days };
    for entry in entries.flatten() {
        let dir = entry.path();
        let named_year = entry.file_name().to_str().and_then(|n| n.strip_prefix("aoc")?.parse::<u16>().ok());
        if named_year.is_none() {
            continue;
        }
        let sources = read_year_crate(&dir);
        let Some(year) = sources.year else { continue };
        days.extend(sources.solutions.iter().map(|s| s.day).filter(|&d| module_exists(&dir, d)).map(|d| (year, d)));
    }
    days.sort_unstable();
    days.dedup();
    days
}

/// The runner's build script: writes `years.rs`, the `DAYS` of every year crate named
/// `aoc<year>` among the dependencies in its manifest.
pub fn runner() {
    println!("cargo:rerun-if-changed=Cargo.toml");
    let manifest = fs::read_to_string("Cargo.toml").unwrap_or_default();
    write_out_dir("years.rs", &years_source(&year_crates(&manifest)));
}

/// Writes `name` into `OUT_DIR` unless it already holds that text (so that nothing
/// downstream rebuilds for nothing).
fn write_out_dir(name: &str, text: &str) {
    let Some(dir) = std::env::var_os("OUT_DIR") else {
        println!("cargo:warning=OUT_DIR is not set: cannot write {name}");
        std::process::exit(1);
    };
    let path = PathBuf::from(dir).join(name);
    if fs::read_to_string(&path).ok().as_deref() == Some(text) {
        return;
    }
    if let Err(e) = fs::write(&path, text) {
        println!("cargo:warning=cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
}

/// cargo-aoc's `target/aoc/completed.json`, its modification time set to that of the
/// newest source so that cargo does not take its own output for a change.
fn write_cargo_aoc_metadata(year: u16, solutions: &[Solution], newest: SystemTime) {
    let entries: Vec<String> = solutions
        .iter()
        .map(|s| {
            let name = s.name.as_ref().map_or("null".to_string(), |n| format!("\"{n}\""));
            format!("    {{ \"day\": {}, \"part\": {}, \"name\": {name} }}", s.day, s.part)
        })
        .collect();
    let json = format!("{{\n  \"year\": {year},\n  \"parts\": [\n{}\n  ]\n}}\n", entries.join(",\n"));
    let path = Path::new("target/aoc/completed.json");
    if fs::read_to_string(path).ok().as_deref() != Some(json.as_str()) {
        let written = fs::create_dir_all("target/aoc").and_then(|()| fs::write(path, &json));
        if let Err(e) = written {
            println!("cargo:warning=cannot write {}: {e}", path.display());
            return;
        }
    }
    if let Ok(file) = fs::File::options().write(true).open(path) {
        let _ = file.set_modified(newest);
    }
}

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                collect(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    collect(dir, &mut files);
    files.sort();
    files
}

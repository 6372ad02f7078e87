//! Build-script helpers, so that a day is registered by writing it and nothing else.
//!
//! * [`year_crate`], called by each year crate's `build.rs`, reads the crate's sources
//!   for `aoc_lib! { year = ... }` and the `#[aoc(dayN, partM)]` attributes, and writes
//!   1. the crate's `DAYS` list (`$OUT_DIR/days.rs`, included by its `lib.rs`), which the
//!      binary `aoc-days` reads: the registry lives in the year crate and is derived, never
//!      written by hand;
//!   2. cargo-aoc's list of days (`target/aoc/completed.json` in the crate's folder).
//!      `aoc_lib!` writes that file relative to rustc's working directory, which in a
//!      workspace is the workspace root, shared by every year crate, so `cargo aoc`
//!      would see another year's days.
//!
//!   Only the days this build compiles are listed: a day whose feature `day<N>` is declared
//!   in the crate's manifest is built with that feature or `all-days` alone ([`features`]).
//!
//!   The reading is [`sources`], which the tools use too (`aoc_workspace::sources`), so
//!   that "which days exist" has one answer everywhere.
//!
//! This crate holds what a year crate's build script runs, and nothing of the tools: the
//! list of year crates the binary `aoc-days` links is its own build script's
//! (`crates/aoc-days/build.rs`), and what the tools read beyond the days (syntax errors,
//! what a day's code reaches) is `aoc_workspace::sources`.
//!
//! Day `N` of a year is the module `crate::dayN`, in any form the compiler accepts; its
//! `EXAMPLE` and `explain` (which `cargo xtask scaffold` writes) are optional: a day written
//! for cargo-aoc, with its `#[aoc]` functions alone, is listed without them.

#![warn(missing_docs)]

pub mod features;
mod scan;
pub mod sources;
#[cfg(test)]
mod tests;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use std::time::SystemTime;

pub use scan::{days_source, unusable_name};

use sources::{read_year_days, Solution, YearSources};

/// The build script of a year crate: writes its `DAYS` list and its cargo-aoc metadata.
/// Problems are reported as build errors (a `compile_error!` in the generated file) or
/// warnings, never as a panic.
pub fn year_crate() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.toml");
    println!("cargo:rerun-if-changed=target/aoc/completed.json");
    let here = Path::new(".");
    let YearSources { year, mut solutions, days, features_named, newest, .. } = read_year_days(here, None);
    // The days built this time ([`features`]): every day but those whose
    // feature is declared and off.
    let manifest = fs::read_to_string("Cargo.toml").unwrap_or_default();
    let built = features::built_days(&manifest, feature_on);
    let every_day = solutions.iter().all(|s| built(s.day));
    solutions.retain(|s| built(s.day));
    let mut source = undeclared_features(&manifest, &features_named);
    source += &days_source(year, &solutions, &days);
    write_out_dir("days.rs", &source);
    match year {
        // cargo-aoc builds every day: a build of some days leaves its list alone.
        Some(year) if every_day => write_cargo_aoc_metadata(year, &solutions, newest.unwrap_or(SystemTime::UNIX_EPOCH)),
        Some(_) => {}
        None => println!("cargo:warning=no `aoc_lib! {{ year = ... }}` found in src: cargo-aoc metadata not written"),
    }
}

/// A build error for each day `lib.rs` compiles with a feature the manifest does not
/// declare: cargo would never turn it on, and the day would be missing from every build.
fn undeclared_features(manifest: &str, named: &BTreeSet<u8>) -> String {
    let declared = features::declared_days(manifest);
    named
        .difference(&declared)
        .map(|day| {
            let feature = features::feature(*day);
            let message = format!(
                "src/lib.rs compiles day {day} with the feature `{feature}`, which Cargo.toml does not declare: add `{feature} = []` under [features]"
            );
            format!("compile_error!({message:?});\n")
        })
        .collect()
}

/// Whether the crate is being built with `feature` (cargo tells build scripts so).
fn feature_on(feature: &str) -> bool {
    let variable = format!("CARGO_FEATURE_{}", feature.to_uppercase().replace('-', "_"));
    std::env::var_os(variable).is_some()
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

//! Saved baselines: named reports in the repository's `timings/` folder, one pretty JSON
//! file each (`timings/<name>.json`), so they diff well, can be committed, and survive
//! `cargo clean`. What is saved is private-safe: times, memory, which input (by hash),
//! the commit and the machine's CPU and core count; never an answer or an error's text
//! (which may quote the input).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use aoc_workspace::files::{write_whole, Access};

use crate::report::Report;

/// The folder baselines are kept in.
pub fn folder(root: &Path) -> PathBuf {
    root.join("timings")
}

/// Where baseline `name` is kept.
pub fn path(root: &Path, name: &str) -> Result<PathBuf> {
    let valid = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        && !name.starts_with('.');
    anyhow::ensure!(valid, "baseline names use letters, digits, `-`, `_` and `.`: `{name}`");
    Ok(folder(root).join(format!("{name}.json")))
}

/// Saves `report` as baseline `name`, without its answers and error texts.
pub fn save(root: &Path, name: &str, report: &Report) -> Result<PathBuf> {
    let path = path(root, name)?;
    let mut kept = report.clone();
    for row in &mut kept.rows {
        row.answer = None;
        row.error = row.error.as_deref().map(|e| e.split(':').next().unwrap_or("error").to_string());
    }
    // Whole or not at all: a run killed while saving leaves the old baseline, never an
    // empty file that `time --history` would fail on.
    write_whole(&path, (serde_json::to_string_pretty(&kept)? + "\n").as_bytes(), Access::Shared)?;
    Ok(path)
}

/// Loads baseline `name`.
pub fn load(root: &Path, name: &str) -> Result<Report> {
    let path = path(root, name)?;
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("no baseline `{name}` (save one with `cargo xtask time --save {name}`)"))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not a timing baseline", path.display()))
}

/// Every saved baseline with its name, oldest first (by when it was measured, then name).
/// A file that is not a baseline is an error that names it.
pub fn all(root: &Path) -> Result<Vec<(String, Report)>> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(folder(root)) else { return Ok(found) };
    for entry in entries.flatten() {
        let file = entry.path();
        let Some(name) =
            file.file_stem().and_then(|s| s.to_str()).filter(|_| file.extension().is_some_and(|e| e == "json"))
        else {
            continue;
        };
        found.push((name.to_string(), load(root, name)?));
    }
    found.sort_by(|a, b| (a.1.created, &a.0).cmp(&(b.1.created, &b.0)));
    Ok(found)
}

//! `cargo xtask remove`: the inverse of `scaffold`, so that the workspace can be made one's
//! own in one command (`cargo xtask remove 2016-11 2021-23`).
//!
//! A day is its module folder (`src/day<N>/` or `src/day<N>.rs`, with its
//! `proptest-regressions/day<N>/`) and its `pub mod day<N>;` line. A year is its crate
//! `crates/aoc<year>/` and the crates that serve it, named `crates/aoc<year>-*` (2016's
//! `aoc2016-day11-model`); it goes when named, or when its last day does. Then everything
//! else that names a removed crate goes too, found rather than listed: its entries in the
//! manifests (dependencies, the workspace's `exclude`, `[workspace.dependencies]`,
//! `[profile.*.package.<crate>]`), and the benchmarks, examples and integration tests of
//! other crates whose source names it (with their `[[bench]]` targets). Manifests are
//! edited with `toml_edit`, so their comments stay.
//!
//! Nothing the user made is lost: `inputs/` and `timings/` are never touched, and nothing
//! is deleted or edited while a file concerned has changes git does not hold, unless
//! `--force`. Everything is planned (and checked) before the first file is touched.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};
use aoc_commands::Removal;
use aoc_workspace::files::{write_whole, Access};
use toml_edit::{DocumentMut, Item, Table};

use crate::scaffold::{declared_day, line_prefix, multiline_array, read, rel, set_line_prefix};

/// What a removal deleted and edited, relative to the workspace root.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Files and folders deleted.
    pub deleted: Vec<PathBuf>,
    /// Files edited.
    pub edited: Vec<PathBuf>,
    /// Files that still name something removed, in code `remove` does not edit.
    pub still_naming: Vec<(PathBuf, String)>,
}

/// Removes `targets` under `root`: see the module documentation.
pub fn remove(root: &Path, targets: &[Removal], force: bool) -> Result<Report> {
    let plan = plan(root, targets)?;
    if !force {
        refuse_unsaved_work(root, &plan)?;
    }
    apply(root, plan)
}

/// Everything a removal will do, worked out before anything is touched.
#[derive(Debug, Default)]
struct Plan {
    /// Files and folders to delete, absolute.
    delete: BTreeSet<PathBuf>,
    /// Files to rewrite, absolute, with their new text.
    edit: BTreeMap<PathBuf, String>,
    /// Files that name something removed in their code, which is left to the user.
    still_naming: Vec<(PathBuf, String)>,
}

/// What is removed, as names other files may use.
#[derive(Debug, Default)]
struct Removed {
    /// Crates removed whole, by package name (`aoc2016`, `aoc2016-day11-model`).
    crates: BTreeSet<String>,
    /// Days removed from a year crate that stays, as Rust paths (`aoc2016::day11`).
    day_paths: BTreeSet<String>,
}

impl Removed {
    /// How Rust code names what is removed: each crate as an identifier, each day as a path.
    fn rust_names(&self) -> Vec<String> {
        self.crates.iter().map(|c| c.replace('-', "_")).chain(self.day_paths.iter().cloned()).collect()
    }
}

fn plan(root: &Path, targets: &[Removal]) -> Result<Plan> {
    let mut plan = Plan::default();
    let mut removed = Removed::default();
    for (year, request) in by_year(targets) {
        plan_year(root, year, &request, &mut plan, &mut removed)?;
    }
    plan_manifests(root, &removed, &mut plan)?;
    plan_sources(root, &removed, &mut plan)?;
    Ok(plan)
}

/// What was asked of one year: the whole of it, or some of its days.
#[derive(Debug, Default)]
struct YearRequest {
    whole: bool,
    days: BTreeSet<u8>,
}

fn by_year(targets: &[Removal]) -> BTreeMap<u16, YearRequest> {
    let mut years: BTreeMap<u16, YearRequest> = BTreeMap::new();
    for target in targets {
        match *target {
            Removal::Year(year) => years.entry(year).or_default().whole = true,
            Removal::Day(id) => {
                years.entry(id.year).or_default().days.insert(id.day);
            }
        }
    }
    years
}

/// The year crate's folder and, for each day asked for, its files; the whole crate (and its
/// helper crates) when the year is asked for or loses its last day.
fn plan_year(root: &Path, year: u16, request: &YearRequest, plan: &mut Plan, removed: &mut Removed) -> Result<()> {
    let krate = format!("aoc{year}");
    let dir = root.join("crates").join(&krate);
    if !dir.is_dir() {
        bail!("crates/{krate} does not exist: {year} has nothing to remove");
    }
    let lib_path = dir.join("src/lib.rs");
    let lib = read(&lib_path)?;
    let declared: BTreeSet<u8> = lib.lines().filter_map(|l| declared_day(l.trim())).collect();
    for &day in &request.days {
        if !declared.contains(&day) && day_files(&dir, day).is_empty() {
            bail!("{year}-{day} does not exist: no `pub mod day{day};` in crates/{krate}/src/lib.rs");
        }
    }
    if request.whole || declared.iter().all(|d| request.days.contains(d)) {
        for helper in year_crates(root, year)? {
            plan.delete.insert(root.join("crates").join(&helper));
            removed.crates.insert(helper);
        }
        return Ok(());
    }
    let mut lib_lines: Vec<&str> = lib.lines().collect();
    for &day in &request.days {
        plan.delete.extend(day_files(&dir, day));
        lib_lines.retain(|l| declared_day(l.trim()) != Some(day));
        removed.day_paths.insert(format!("{krate}::day{day}"));
    }
    plan.edit.insert(lib_path, lib_lines.join("\n") + "\n");
    Ok(())
}

/// Day `day`'s files in a year crate: its module and its proptest regressions.
fn day_files(crate_dir: &Path, day: u8) -> Vec<PathBuf> {
    [
        crate_dir.join(format!("src/day{day}")),
        crate_dir.join(format!("src/day{day}.rs")),
        crate_dir.join(format!("proptest-regressions/day{day}")),
    ]
    .into_iter()
    .filter(|p| p.exists())
    .collect()
}

/// The crates of a year: `aoc<year>` and the ones that serve it, `aoc<year>-*`.
fn year_crates(root: &Path, year: u16) -> Result<Vec<String>> {
    let own = format!("aoc{year}");
    let mut crates = Vec::new();
    for entry in std::fs::read_dir(root.join("crates")).context("cannot list crates/")? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if name == own || name.starts_with(&format!("{own}-")) {
            crates.push(name);
        }
    }
    crates.sort();
    Ok(crates)
}

/// Every manifest that stays (the root's, each remaining crate's, the xtask's), without the
/// removed crates: dependencies, `exclude`, `[workspace.dependencies]`, profile overrides,
/// and the targets whose source files are deleted (decided in [`plan_sources`], which
/// runs after this one and edits the same documents again).
fn plan_manifests(root: &Path, removed: &Removed, plan: &mut Plan) -> Result<()> {
    if removed.crates.is_empty() {
        return Ok(());
    }
    let workspace = root.join("Cargo.toml");
    let mut doc = parse_manifest(&workspace)?;
    drop_from_workspace(&mut doc, &removed.crates);
    drop_dependencies(doc.as_table_mut(), &removed.crates);
    edit_if_changed(plan, workspace, doc)?;
    for manifest in remaining_manifests(root, plan)? {
        let mut doc = parse_manifest(&manifest)?;
        drop_dependencies(doc.as_table_mut(), &removed.crates);
        edit_if_changed(plan, manifest, doc)?;
    }
    Ok(())
}

fn parse_manifest(path: &Path) -> Result<DocumentMut> {
    read(path)?.parse().with_context(|| format!("{} is not valid TOML", path.display()))
}

/// Records `doc` as the new text of `path` if it differs from the file's.
fn edit_if_changed(plan: &mut Plan, path: PathBuf, doc: DocumentMut) -> Result<()> {
    let text = doc.to_string();
    if text != read(&path)? {
        plan.edit.insert(path, text);
    }
    Ok(())
}

/// The manifests of the crates that stay, and the xtask's.
fn remaining_manifests(root: &Path, plan: &Plan) -> Result<Vec<PathBuf>> {
    let mut manifests = vec![root.join("xtask/Cargo.toml")];
    for entry in std::fs::read_dir(root.join("crates")).context("cannot list crates/")? {
        let dir = entry?.path();
        if !plan.delete.contains(&dir) && dir.join("Cargo.toml").is_file() {
            manifests.push(dir.join("Cargo.toml"));
        }
    }
    manifests.retain(|m| m.is_file());
    manifests.sort();
    Ok(manifests)
}

/// The root manifest's `exclude` entries, `[workspace.dependencies]` and
/// `[profile.*.package.<crate>]` sections of the removed crates.
fn drop_from_workspace(doc: &mut DocumentMut, crates: &BTreeSet<String>) {
    let inside_removed =
        |path: &str| crates.iter().any(|c| path == format!("crates/{c}") || path.starts_with(&format!("crates/{c}/")));
    if let Some(workspace) = doc.get_mut("workspace").and_then(Item::as_table_mut) {
        if let Some(exclude) = workspace.get_mut("exclude").and_then(Item::as_array_mut) {
            let kept: Vec<String> =
                exclude.iter().filter_map(|v| v.as_str()).filter(|p| !inside_removed(p)).map(str::to_string).collect();
            if kept.len() != exclude.len() {
                *exclude = if kept.is_empty() { toml_edit::Array::new() } else { multiline_array(&kept) };
            }
        }
        if let Some(dependencies) = workspace.get_mut("dependencies").and_then(Item::as_table_mut) {
            for krate in crates {
                remove_keeping_comment(dependencies, krate);
            }
        }
    }
    if let Some(profiles) = doc.get_mut("profile").and_then(Item::as_table_mut) {
        for (_, profile) in profiles.iter_mut() {
            if let Some(packages) = profile.get_mut("package").and_then(Item::as_table_mut) {
                for krate in crates {
                    packages.remove(krate);
                }
            }
        }
    }
}

/// A manifest's dependencies of every kind on the removed crates.
fn drop_dependencies(manifest: &mut Table, crates: &BTreeSet<String>) {
    for kind in ["dependencies", "dev-dependencies", "build-dependencies"] {
        if let Some(table) = manifest.get_mut(kind).and_then(Item::as_table_mut) {
            for krate in crates {
                remove_keeping_comment(table, krate);
            }
        }
    }
}

/// Removes `key` from `table`; a comment written above it (which explains the table more
/// often than the key: "The year crates: ...") moves to the line that follows.
fn remove_keeping_comment(table: &mut Table, key: &str) {
    let comment = line_prefix(table, key).filter(|p| p.contains('#'));
    let position = table.iter().position(|(k, _)| k == key);
    if table.remove(key).is_none() {
        return;
    }
    let (Some(comment), Some(position)) = (comment, position) else { return };
    let Some(next) = table.iter().nth(position).map(|(k, _)| k.to_string()) else { return };
    let own = line_prefix(table, &next).unwrap_or_default();
    set_line_prefix(table, &next, comment + own.trim_start_matches('\n'));
}

/// The benchmarks, examples and integration tests of the remaining crates that name a
/// removed crate or day: deleted, with their targets in the crate's manifest. Library and
/// binary sources that name one are reported, not edited: that is the user's code.
fn plan_sources(root: &Path, removed: &Removed, plan: &mut Plan) -> Result<()> {
    let names = removed.rust_names();
    if names.is_empty() {
        return Ok(());
    }
    for manifest in remaining_manifests(root, plan)? {
        let Some(crate_dir) = manifest.parent().map(Path::to_path_buf) else { continue };
        let mut deleted_targets = Vec::new();
        for (folder, kind) in [("benches", "bench"), ("examples", "example"), ("tests", "test")] {
            for file in rust_files(&crate_dir.join(folder)) {
                if plan.delete.iter().any(|d| file.starts_with(d)) {
                    continue;
                }
                if names_any(&read(&file)?, &names).is_some() {
                    deleted_targets.push((kind, file.clone()));
                    plan.delete.insert(file);
                }
            }
        }
        for file in rust_files(&crate_dir.join("src")).into_iter().chain([crate_dir.join("build.rs")]) {
            if plan.delete.iter().any(|d| file.starts_with(d)) || !file.is_file() {
                continue;
            }
            let text = plan.edit.get(&file).cloned().map_or_else(|| read(&file), Ok)?;
            if let Some(name) = names_any(&text, &names) {
                plan.still_naming.push((file, name));
            }
        }
        if !deleted_targets.is_empty() {
            let text = plan.edit.get(&manifest).cloned().map_or_else(|| read(&manifest), Ok)?;
            let mut doc: DocumentMut =
                text.parse().with_context(|| format!("{} is not valid TOML", manifest.display()))?;
            drop_targets(&mut doc, &crate_dir, &deleted_targets);
            plan.edit.insert(manifest, doc.to_string());
        }
    }
    Ok(())
}

/// The `[[bench]]`, `[[example]]` and `[[test]]` entries built from the deleted files.
fn drop_targets(doc: &mut DocumentMut, crate_dir: &Path, deleted: &[(&str, PathBuf)]) {
    for &(kind, ref file) in deleted {
        let Some(targets) = doc.get_mut(kind).and_then(Item::as_array_of_tables_mut) else { continue };
        let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        targets.retain(|target| {
            let by_path = target.get("path").and_then(Item::as_str).is_some_and(|p| crate_dir.join(p) == *file);
            let by_name = target.get("path").is_none() && target.get("name").and_then(Item::as_str) == Some(&stem);
            !(by_path || by_name)
        });
        if targets.is_empty() {
            doc.remove(kind);
        }
    }
}

/// The first of `names` that `text`'s code uses as a Rust path (`aoc2016::day11::parse`,
/// `aoc2016::day11;`), if any: a name in a comment or a folder (`crates/aoc2016/`) is no
/// use of the crate.
fn names_any(text: &str, names: &[String]) -> Option<String> {
    let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
    names.iter().find(|name| code.iter().any(|line| uses(line, name))).cloned()
}

/// Whether `line` uses `name` as the start of a Rust path.
fn uses(line: &str, name: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(name).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = &line[at + name.len()..];
        // A crate is used through a path; a day's path may also end there (`use aoc2016::day11;`).
        let used = after.starts_with("::") || (name.contains("::") && !after.starts_with(is_ident));
        used && !before.is_some_and(|c| is_ident(c) || c == '/' || c == '-' || c == ':')
    })
}

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Refuses when a file the plan deletes or edits has changes git does not hold (modified,
/// staged, or untracked inside a deleted folder): they would be lost.
fn refuse_unsaved_work(root: &Path, plan: &Plan) -> Result<()> {
    let paths: Vec<PathBuf> = plan.delete.iter().chain(plan.edit.keys()).map(|p| rel(root, p)).collect();
    let output = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all", "--"])
        .args(&paths)
        .current_dir(root)
        .output()
        .context("cannot run git to see whether the files have changes of yours")?;
    if !output.status.success() {
        bail!(
            "nothing removed: git cannot tell whether these files have changes of yours ({}); pass --force to remove them anyway",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let unsaved = String::from_utf8_lossy(&output.stdout);
    if !unsaved.trim().is_empty() {
        bail!(
            "nothing removed: these files have changes git does not hold; commit or stash them, or pass --force to lose them:\n{}",
            unsaved.trim_end()
        );
    }
    Ok(())
}

fn apply(root: &Path, plan: Plan) -> Result<Report> {
    let mut report = Report::default();
    for path in &plan.delete {
        let removed = if path.is_dir() && !path.is_symlink() {
            std::fs::remove_dir_all(path)
        } else {
            std::fs::remove_file(path)
        };
        removed.with_context(|| format!("cannot delete {}", path.display()))?;
        report.deleted.push(rel(root, path));
    }
    for (path, text) in &plan.edit {
        write_whole(path, text.as_bytes(), Access::Shared)?;
        report.edited.push(rel(root, path));
    }
    report.still_naming = plan.still_naming.into_iter().map(|(path, name)| (rel(root, &path), name)).collect();
    Ok(report)
}

#[cfg(test)]
mod tests;

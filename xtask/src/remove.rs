//! `cargo xtask remove`: the inverse of `scaffold`, so that the workspace can be made one's
//! own in one command (`cargo xtask remove 2016-11 2021-23`). It deletes only what scaffold
//! made, and only inside the checkout.
//!
//! A day is its module folder (`src/day<N>/` or `src/day<N>.rs`, or what its `#[path]`
//! names, with its `proptest-regressions/day<N>/`), its module item in `lib.rs` with its
//! attributes, in whatever form it was written (read with `syn`, as the compiler reads it),
//! its feature `day<N>`, and its documentation (module `docs`: its page and scripts, and
//! the passages of other pages marked as about it). A year is its crate `crates/aoc<year>/`;
//! it goes when named, or when its last day does and nothing of the user's is left in its
//! `lib.rs` (a day not named, a module or an item scaffold does not write). A crate of a day's or a year's own goes with it when its manifest says so
//! (`[package.metadata.aoc] serves = "2016-11"`, as 2016's `aoc2016-day11-model`), never
//! because its name merely starts alike (`aoc2016-viz` is the user's). Then everything else
//! that names a removed crate goes too, found rather than listed: its entries in the
//! manifests (dependencies, `[features]` entries, the workspace's `exclude`,
//! `[workspace.dependencies]`, `[profile.*.package.<crate>]`), and the benchmarks, examples and integration tests of
//! other crates whose source names it and nothing that stays (with their `[[bench]]`
//! targets); a file that also names what stays is never deleted: it stops the removal, named
//! (`--force`: kept, and listed). The README's days table and quick start are rewritten
//! for the days left (module `readme`). Manifests are edited with `toml_edit`, so their
//! comments stay.
//!
//! Nothing the user made is lost: `inputs/` and `timings/` are never touched; a symlink is
//! removed, never followed (a linked page is edited where it leads, inside the checkout);
//! and nothing is deleted or edited while a file concerned has changes git does not hold
//! (modified, untracked or git-ignored), unless `--force`. Everything is planned (and
//! checked) before the first file is touched, so what `remove` cannot read for sure (Rust
//! that does not parse, a Markdown marker it did not write) stops it with the file and line.

mod code;
mod docs;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};
use aoc_commands::DayOrYear;
use aoc_workspace::sources::{day_modules, DayModule};
use aoc_workspace::DayId;
use toml_edit::{DocumentMut, Item};

use crate::manifest::{drop_dependencies, drop_features, drop_from_workspace, drop_targets, edit_toml};
use crate::scaffold::{read, rel, Plan, Report};
use code::{listing, names_any, other_items, paths, rust_files, stays, without_lines};

/// Removes `targets` under `root`: see the module documentation.
pub fn remove(root: &Path, targets: &[DayOrYear], force: bool) -> Result<Report> {
    let Removal { mut plan, shared, .. } = plan(root, targets)?;
    ensure_inside(root, &plan)?;
    if force {
        // The files that also serve what stays are kept, and listed.
        plan.still_naming.extend(shared.into_iter().map(|(file, gone, _)| (file, gone)));
    } else {
        let problems: Vec<String> =
            [shared_files(root, &shared), unsaved_work(root, &plan)?].into_iter().flatten().collect();
        if !problems.is_empty() {
            bail!("nothing removed: {}", problems.join("\n"));
        }
    }
    plan.apply(root)
}

/// A removal worked out before anything is touched: its changes, and what goes, as names
/// other files may use.
#[derive(Debug, Default)]
struct Removal {
    /// The files deleted and edited.
    plan: Plan,
    /// Benchmarks, examples and tests that name something removed (the first name) and
    /// something that stays (the second): never deleted.
    shared: Vec<(PathBuf, String, String)>,
    /// Crates removed whole, by package name (`aoc2016`, `aoc2016-day11-model`).
    crates: BTreeSet<String>,
    /// Every day removed, its year's whole crate or not.
    days: BTreeSet<DayId>,
}

/// Why to refuse, if a benchmark, example or test serves both what is removed and what
/// stays: deleting it would lose the latter's, keeping it would not build.
fn shared_files(root: &Path, shared: &[(PathBuf, String, String)]) -> Option<String> {
    let list =
        shared.iter().map(|(file, gone, kept)| format!("\n  {} uses `{gone}` and `{kept}`", rel(root, file).display()));
    let list: String = list.collect();
    (!list.is_empty()).then(|| format!(
        "these files serve what is removed and what stays; take the removed part out of them (or delete them), then run remove again:{list}"
    ))
}

/// Everything a removal will do, worked out before anything is touched.
fn plan(root: &Path, targets: &[DayOrYear]) -> Result<Removal> {
    // What is asked of each year: the whole of it, and the days named.
    let mut years: BTreeMap<u16, (bool, BTreeSet<u8>)> = BTreeMap::new();
    for target in targets {
        match *target {
            DayOrYear::Year(year) => years.entry(year).or_default().0 = true,
            DayOrYear::Day(id) => _ = years.entry(id.year).or_default().1.insert(id.day),
        }
    }
    let mut removal = Removal::default();
    for (year, (whole, named)) in years {
        removal.plan_year(root, year, whole, &named)?;
    }
    removal.plan_helpers(root)?;
    removal.plan_crates(root)?;
    removal.plan_docs(root)?;
    Ok(removal)
}

impl Removal {
    /// The year crate's folder and, for each day asked for, its files; the whole crate when the
    /// year is asked for or loses its last day.
    fn plan_year(&mut self, root: &Path, year: u16, whole: bool, named: &BTreeSet<u8>) -> Result<()> {
        let krate = format!("aoc{year}");
        let dir = root.join("crates").join(&krate);
        if !dir.is_dir() || dir.is_symlink() {
            bail!("crates/{krate} does not exist: {year} has nothing to remove");
        }
        let lib_path = dir.join("src/lib.rs");
        let lib = read(&lib_path)?;
        let lib_name = format!("crates/{krate}/src/lib.rs");
        let modules =
            day_modules(&lib).with_context(|| format!("nothing removed: {lib_name} is not Rust as it stands"))?;
        let starts: Vec<usize> = modules.iter().map(|m| *m.lines.start()).collect();
        let others = other_items(&lib, &crate::scaffold::year_lib(year), &starts)
            .map_err(|e| anyhow::anyhow!("nothing removed: {lib_name}:{}: {e}", e.span().start().line))?;
        for &day in named {
            if !modules.iter().any(|m| m.day == day) && day_files(&dir, day, None).is_empty() {
                bail!("{year}-{day} does not exist: no module `day{day}` in {lib_name}");
            }
        }
        // The crate goes only when nothing of the user's would go with it: a day not named, a
        // module or an item scaffold does not write.
        let whole = whole || (modules.iter().all(|m| named.contains(&m.day)) && others.iter().all(|&(_, ours)| ours));
        let days: BTreeSet<u8> =
            if whole { modules.iter().map(|m| m.day).chain(named.iter().copied()).collect() } else { named.clone() };
        self.days.extend(days.iter().map(|&day| DayId { year, day }));
        if whole {
            self.plan.delete.insert(dir);
            self.crates.insert(krate);
            return Ok(());
        }
        let going: Vec<&DayModule> = modules.iter().filter(|m| named.contains(&m.day)).collect();
        let staying = modules.iter().filter(|m| !named.contains(&m.day)).map(|m| m.lines.clone());
        for module in &going {
            // A line is cut whole: one it shares with code that stays would take that too.
            let shared = others.iter().map(|(lines, _)| lines.clone()).chain(staying.clone());
            if let Some(line) = shared.flatten().find(|line| module.lines.contains(line)) {
                bail!("nothing removed: {lib_name}:{line}: `day{}` shares this line with other code; give it a line of its own", module.day);
            }
        }
        for &day in named {
            let path = going.iter().find(|m| m.day == day).and_then(|m| m.path.as_deref());
            self.plan.delete.extend(day_files(&dir, day, path));
        }
        let ranges: Vec<_> = going.iter().map(|m| m.lines.clone()).collect();
        self.plan.edit_with(lib_path, |lib| Ok(without_lines(lib, &ranges)))
    }

    /// The crates of a day's or a year's own, which go with it, as their manifest says
    /// (`[package.metadata.aoc] serves = "2016-11"`).
    fn plan_helpers(&mut self, root: &Path) -> Result<()> {
        for dir in crate_dirs(root)? {
            let manifest = dir.join("Cargo.toml");
            let Some(doc) = read(&manifest).ok().and_then(|text| text.parse::<DocumentMut>().ok()) else { continue };
            let package = doc.get("package");
            let name = package.and_then(|p| p.get("name")).and_then(Item::as_str);
            let serves = package.and_then(|p| p.get("metadata")?.get("aoc")?.get("serves")?.as_str());
            let (Some(name), Some(serves)) = (name, serves) else { continue };
            let serves: DayOrYear = serves.parse().map_err(|e| {
                anyhow::anyhow!("{}: `serves = {serves:?}` is not a day or a year: {e}", rel(root, &manifest).display())
            })?;
            let (year, day_goes) = match serves {
                DayOrYear::Year(year) => (year, false),
                DayOrYear::Day(id) => (id.year, self.days.contains(&id)),
            };
            if day_goes || self.crates.contains(&format!("aoc{year}")) {
                self.plan.delete.insert(dir);
                self.crates.insert(name.to_string());
            }
        }
        Ok(())
    }

    /// Every manifest that stays (the root's, each remaining crate's, the xtask's) without the
    /// removed crates: dependencies, features, `exclude`, `[workspace.dependencies]` and profile
    /// overrides. In the crates that stay, the benchmarks, examples and integration tests that
    /// name a removed crate or day and nothing that stays are deleted, with their targets;
    /// those that also name what stays are `shared`. Library and binary sources that name one
    /// are reported, not edited: that is the user's code.
    fn plan_crates(&mut self, root: &Path) -> Result<()> {
        self.plan.edit_with(root.join("Cargo.toml"), |text| {
            edit_toml(text, |doc| {
                drop_from_workspace(doc, &self.crates);
                drop_dependencies(doc.as_table_mut(), &self.crates);
            })
        })?;
        // How Rust code names what is removed: each crate as an identifier, each day of a year
        // that stays as a path (`aoc2016::day11`).
        let in_kept_year = |id: &&DayId| !self.crates.contains(&format!("aoc{}", id.year));
        let days = self.days.iter().filter(in_kept_year).map(|id| format!("aoc{}::day{}", id.year, id.day));
        let names: Vec<String> = self.crates.iter().map(|c| c.replace('-', "_")).chain(days).collect();
        let crates: Vec<PathBuf> =
            crate_dirs(root)?.into_iter().filter(|dir| !self.plan.delete.contains(dir)).collect();
        // The year crates that stay: what a file that also names one serves.
        let kept: Vec<String> = crates.iter().filter_map(|dir| Some(format!("aoc{}", year_of(dir)?))).collect();
        for crate_dir in crates.into_iter().chain([root.join("xtask")]).filter(|dir| dir.join("Cargo.toml").is_file()) {
            let manifest = crate_dir.join("Cargo.toml");
            // A year crate that stays loses its removed days: their features, and the paths
            // that name them as `crate::day2` (`grid.rs`: `use crate::day2::Dims`).
            let year = year_of(&crate_dir);
            let own: BTreeSet<u8> = self.days.iter().filter(|id| Some(id.year) == year).map(|id| id.day).collect();
            let names: Vec<String> =
                names.iter().cloned().chain(own.iter().map(|day| format!("crate::day{day}"))).collect();
            let mut deleted_targets = Vec::new();
            for (folder, kind) in [("benches", "bench"), ("examples", "example"), ("tests", "test")] {
                for file in rust_files(&crate_dir.join(folder)) {
                    if self.plan.deletes(&file) {
                        continue;
                    }
                    let paths = paths(&read(&file)?)
                        .map_err(|e| anyhow::anyhow!("nothing removed: {}: {e}", rel(root, &file).display()))?;
                    let Some(gone) = names_any(&paths, &names) else { continue };
                    match stays(&kept, &names, &paths) {
                        Some(stays) => self.shared.push((file, gone, stays)),
                        None => {
                            deleted_targets.push((kind, file.clone()));
                            self.plan.delete.insert(file);
                        }
                    }
                }
            }
            for file in rust_files(&crate_dir.join("src")).into_iter().chain([crate_dir.join("build.rs")]) {
                if self.plan.deletes(&file) {
                    continue;
                }
                // A file that does not read as Rust yet names nothing: this is only a note.
                if let Some(name) = self.plan.text(&file).ok().and_then(|text| names_any(&paths(&text).ok()?, &names)) {
                    self.plan.still_naming.push((file, name));
                }
            }
            self.plan.edit_with(manifest, |text| {
                edit_toml(text, |doc| {
                    drop_dependencies(doc.as_table_mut(), &self.crates);
                    drop_features(doc.as_table_mut(), &self.crates, &own, &self.days);
                    drop_targets(doc, &crate_dir, &deleted_targets);
                })
            })?;
        }
        Ok(())
    }

    /// The removed days' documentation: their own pages and scripts deleted, the passages
    /// marked as theirs taken out of the other pages, and the README's days table, quick start
    /// and timings rewritten for the days that stay.
    fn plan_docs(&mut self, root: &Path) -> Result<()> {
        for &id in &self.days {
            self.plan.delete.extend(docs::owned_files(root, id));
        }
        let remaining: Vec<DayId> =
            aoc_workspace::sources::implemented_days(root).into_iter().filter(|id| !self.days.contains(id)).collect();
        let removed_days: Vec<DayId> = self.days.iter().copied().collect();
        let readme = inside_checkout(root, &root.join("README.md"))?;
        for page in docs::pages(root) {
            let page = inside_checkout(root, &page)?;
            if self.plan.delete.contains(&page) {
                continue;
            }
            let text = read(&page)?;
            let name = rel(root, &page);
            let problem =
                |(line, why): (usize, String)| anyhow::anyhow!("nothing removed: {}:{line}: {why}", name.display());
            let mut edited = docs::without_days(&text, &self.days).map_err(problem)?;
            if page == readme {
                let refreshed = crate::readme::refresh(&edited, &remaining, Some(root)).map_err(problem)?;
                edited = crate::readme::forget_timings(&refreshed, &removed_days).map_err(problem)?;
            }
            if edited != text {
                self.plan.edit.insert(page, edited);
            }
        }
        Ok(())
    }
}

/// The folders under `crates/` (a symlinked one is no crate of this checkout's), sorted.
fn crate_dirs(root: &Path) -> Result<Vec<PathBuf>> {
    let entries = listing(&root.join("crates")).context("cannot list crates/")?;
    Ok(entries.into_iter().filter(|e| e.file_type().is_ok_and(|kind| kind.is_dir())).map(|e| e.path()).collect())
}

/// The year of a year crate's folder (`crates/aoc2016`).
fn year_of(crate_dir: &Path) -> Option<u16> {
    crate_dir.file_name()?.to_str()?.strip_prefix("aoc")?.parse().ok()
}

/// Day `day`'s files in a year crate: its module (the file its `#[path]` names, if it has
/// one) and its proptest regressions.
fn day_files(crate_dir: &Path, day: u8, path: Option<&str>) -> Vec<PathBuf> {
    let src = crate_dir.join("src");
    let module = match path.map(|path| src.join(path)) {
        // A `mod.rs` is its folder's, below `src/`: the module's own files are there too.
        Some(file)
            if file.ends_with("mod.rs") && !path.is_some_and(|p| p.contains("..")) && file.parent() != Some(&src) =>
        {
            file.parent().map(Path::to_path_buf).into_iter().collect()
        }
        Some(file) => vec![file],
        None => vec![src.join(format!("day{day}")), src.join(format!("day{day}.rs"))],
    };
    let regressions = crate_dir.join(format!("proptest-regressions/day{day}"));
    module.into_iter().chain([regressions]).filter(|p| p.exists() || p.is_symlink()).collect()
}

/// The file `path` is, a link resolved to what it leads to (so that editing it leaves the
/// link a link); an error for one that leads out of the checkout: never followed there.
fn inside_checkout(root: &Path, path: &Path) -> Result<PathBuf> {
    if !path.is_symlink() {
        return Ok(path.to_path_buf());
    }
    let canonical = root.canonicalize().with_context(|| format!("cannot resolve {}", root.display()))?;
    match path.canonicalize().map(|target| target.strip_prefix(&canonical).map(|inside| root.join(inside))) {
        Ok(Ok(target)) => Ok(target),
        _ => bail!("nothing removed: {} is a link out of the checkout; remove follows none there", path.display()),
    }
}

/// Refuses a plan that would delete or edit anything outside `root` (through a symlinked
/// folder on the way): a last guard, since nothing above follows links.
fn ensure_inside(root: &Path, plan: &Plan) -> Result<()> {
    let root = root.canonicalize().with_context(|| format!("cannot resolve {}", root.display()))?;
    for path in plan.delete.iter().chain(plan.edit.keys()) {
        let folder = path.parent().and_then(|p| p.canonicalize().ok());
        if !folder.is_some_and(|f| f.starts_with(&root)) {
            bail!("nothing removed: {} is outside the checkout ({})", path.display(), root.display());
        }
    }
    Ok(())
}

/// Why to refuse, if a file the plan deletes or edits has changes git does not hold
/// (modified, staged, untracked or git-ignored inside a deleted folder): they would be lost.
/// An error when git cannot tell.
fn unsaved_work(root: &Path, plan: &Plan) -> Result<Option<String>> {
    let paths: Vec<PathBuf> = plan.delete.iter().chain(plan.edit.keys()).map(|p| rel(root, p)).collect();
    let output = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all", "--ignored=matching", "--"])
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
    let status = String::from_utf8_lossy(&output.stdout);
    let unsaved: String =
        status.lines().filter(|line| !is_build_output(line)).map(|line| format!("\n{line}")).collect();
    Ok((!unsaved.is_empty()).then(|| format!(
        "these files have changes git does not hold (`!!`: git-ignored, `??`: untracked); commit, stash or move them, or pass --force to lose them:{unsaved}"
    )))
}

/// Whether a `git status` line is a git-ignored build folder (`target/`, cargo-aoc's inside
/// a year crate): made by cargo, not by the user.
fn is_build_output(line: &str) -> bool {
    line.strip_prefix("!! ")
        .is_some_and(|path| Path::new(path.trim_matches('"')).components().any(|c| c.as_os_str() == "target"))
}

#[cfg(test)]
mod tests;

//! Manifests without the removed crates, edited with `toml_edit` so that their comments
//! stay: dependencies of every kind, the workspace's `exclude`, `[workspace.dependencies]`,
//! `[profile.*.package.<crate>]`, and the targets of deleted files.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use aoc_workspace::day_features::feature;
use aoc_workspace::DayId;
use toml_edit::{DocumentMut, Item, Table};

use crate::scaffold::{line_prefix, multiline_array, read, set_line_prefix};

pub fn parse_manifest(path: &Path) -> Result<DocumentMut> {
    read(path)?.parse().with_context(|| format!("{} is not valid TOML", path.display()))
}

/// The root manifest's `exclude` entries, `[workspace.dependencies]` and
/// `[profile.*.package.<crate>]` sections of the removed crates.
pub fn drop_from_workspace(doc: &mut DocumentMut, crates: &BTreeSet<String>) {
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
pub fn drop_dependencies(manifest: &mut Table, crates: &BTreeSet<String>) {
    for kind in ["dependencies", "dev-dependencies", "build-dependencies"] {
        if let Some(table) = manifest.get_mut(kind).and_then(Item::as_table_mut) {
            for krate in crates {
                remove_keeping_comment(table, krate);
            }
        }
    }
}

/// A manifest's `[features]` without what is removed: the features of the days `own` (in
/// their year crate's manifest: `day11 = []`), and every entry that names one of them, a
/// removed crate or a removed day of another crate (`"day11"`, `"aoc2016/all-days"`,
/// `"aoc2016?/x"`, `"dep:aoc2016"`, `"aoc2016/day11"`), which cargo would refuse.
pub fn drop_features(manifest: &mut Table, crates: &BTreeSet<String>, own: &BTreeSet<u8>, days: &BTreeSet<DayId>) {
    let Some(features) = manifest.get_mut("features").and_then(Item::as_table_mut) else { return };
    for &day in own {
        remove_keeping_comment(features, &feature(day));
    }
    let names_removed = |entry: &str| {
        let entry = entry.strip_prefix("dep:").unwrap_or(entry);
        match entry.split_once('/') {
            Some((krate, of_it)) => {
                let krate = krate.trim_end_matches('?');
                let a_removed_day =
                    days.iter().any(|id| krate == format!("aoc{}", id.year) && of_it == feature(id.day));
                crates.contains(krate) || a_removed_day
            }
            None => crates.contains(entry) || own.iter().any(|&day| feature(day) == entry),
        }
    };
    for (_, enabled) in features.iter_mut() {
        let Some(list) = enabled.as_array_mut() else { continue };
        let kept: Vec<String> =
            list.iter().filter_map(|v| v.as_str()).filter(|e| !names_removed(e)).map(str::to_string).collect();
        if kept.len() != list.len() {
            let multiline =
                list.iter().any(|v| v.decor().prefix().and_then(|p| p.as_str()).is_some_and(|p| p.contains('\n')));
            *list = if multiline && !kept.is_empty() {
                multiline_array(&kept)
            } else {
                kept.iter().map(String::as_str).collect()
            };
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

/// The `[[bench]]`, `[[example]]` and `[[test]]` entries built from the deleted files.
pub fn drop_targets(doc: &mut DocumentMut, crate_dir: &Path, deleted: &[(&str, PathBuf)]) {
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

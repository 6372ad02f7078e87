//! The manifest edits of `scaffold` and `remove`, with `toml_edit` so that comments and
//! formatting stay: a new year's `exclude` entry and dependencies, a new day's feature;
//! and without the removed crates: dependencies of every kind, the workspace's `exclude`,
//! `[workspace.dependencies]`, `[profile.*.package.<crate>]`, and the targets of deleted
//! files. A comment above an entry is the table's more often than the entry's, so it stays
//! where it is when an entry comes or goes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use aoc_workspace::day_features::{self, feature};
use aoc_workspace::sources::day_of_name;
use aoc_workspace::DayId;
use toml_edit::{Array, DocumentMut, InlineTable, Item, Key, Table, Value};

/// `manifest` as `change` edits it.
pub fn edit_toml(manifest: &str, change: impl FnOnce(&mut DocumentMut)) -> Result<String> {
    let mut doc: DocumentMut = manifest.parse().context("not valid TOML")?;
    change(&mut doc);
    Ok(doc.to_string())
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
                *exclude = if kept.is_empty() { Array::new() } else { multiline_array(&kept) };
            }
        }
        drop_dependencies(workspace, crates); // [workspace.dependencies]
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

/// Adds `day<N> = []` to a year crate's `[features]`: after the days before it, else before
/// the days after it, else after `all-days`.
pub fn add_day_feature(manifest: &str, day: u8) -> Result<String> {
    let mut doc: DocumentMut = manifest.parse().context("not valid TOML")?;
    let features = doc.get_mut("features").and_then(Item::as_table_mut).context("no [features] table")?;
    let name = day_features::feature(day);
    if features.contains_key(&name) {
        // Left by a day whose folder was deleted by hand: it serves the new one as it is.
        return Ok(manifest.to_string());
    }
    let keys: Vec<String> = features.iter().map(|(k, _)| k.to_string()).collect();
    let earlier = keys.iter().rposition(|k| day_of_name(k).is_some_and(|d| d < day));
    let later = keys.iter().position(|k| day_of_name(k).is_some_and(|d| d > day));
    let all_days = keys.iter().position(|k| k == day_features::ALL_DAYS);
    let at = match (earlier, later, all_days) {
        (Some(i), _, _) => i + 1,
        (None, Some(i), _) => i,
        (None, None, Some(i)) => i + 1,
        (None, None, None) => keys.len(),
    };
    insert_at(features, at, &name, Item::Value(Value::Array(Array::new())));
    Ok(doc.to_string())
}

/// Inserts `key = item` into `table` as its entry number `at` (the last when `at` is past
/// the end): `toml_edit` appends it, so the entries are then sorted, stably, to put it before
/// the old entry number `at`, keys, values and comments kept.
fn insert_at(table: &mut Table, at: usize, key: &str, item: Item) {
    let old: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
    table.insert(key, item);
    let rank = |k: &Key| match old.iter().position(|o| o == k.get()) {
        _ if k.get() == key => (at, 0),
        old_at => (old_at.unwrap_or(usize::MAX), 1),
    };
    table.sort_values_by(|a, _, b, _| rank(a).cmp(&rank(b)));
}

/// Adds `crates/aoc<year>/target` to the root manifest's `workspace.exclude`, in order.
pub fn add_exclude(manifest: &str, year: u16) -> Result<String> {
    let mut doc: DocumentMut = manifest.parse().context("not valid TOML")?;
    let exclude = doc
        .get_mut("workspace")
        .and_then(|w| w.get_mut("exclude"))
        .and_then(Item::as_array_mut)
        .context("no `exclude` list in [workspace]")?;
    let mut paths: Vec<String> = exclude.iter().filter_map(|v| v.as_str().map(str::to_string)).collect();
    paths.push(format!("crates/aoc{year}/target"));
    paths.sort();
    paths.dedup();
    *exclude = multiline_array(&paths);
    Ok(doc.to_string())
}

/// `[ "a", "b" ]` written one entry per line with a trailing comma, as rustfmt-minded
/// people write them.
fn multiline_array(items: &[String]) -> Array {
    let mut array = Array::new();
    for item in items {
        let mut value = Value::from(item.as_str());
        value.decor_mut().set_prefix("\n    ");
        array.push_formatted(value);
    }
    array.set_trailing_comma(true);
    array.set_trailing("\n");
    array
}

/// Adds `aoc<year> = { path = "../aoc<year>" }` to a manifest's `[dependencies]` (the
/// `aoc-days`'s, the benchmarks'), after the year crates before it; where the manifest has an
/// `all-days` feature (`aoc-days`'s), without the year's default features and with
/// `"aoc<year>/all-days"` in it.
pub fn add_year_dependency(manifest: &str, year: u16) -> Result<String> {
    let mut doc: DocumentMut = manifest.parse().context("not valid TOML")?;
    let name = format!("aoc{year}");
    if doc.get("dependencies").and_then(Item::as_table).context("no [dependencies] table")?.contains_key(&name) {
        bail!("it already depends on {name}");
    }
    let mut path = InlineTable::new();
    path.insert("path", Value::from(format!("../{name}")));
    // A manifest that turns on every year's days by its own `all-days` (`aoc-days`'s) takes
    // the year's days by feature too (`aoc_workspace::day_features`).
    let all_days = doc
        .get_mut("features")
        .and_then(|features| features.get_mut(day_features::ALL_DAYS))
        .and_then(Item::as_array_mut);
    if let Some(all_days) = all_days {
        path.insert("default-features", Value::from(false));
        let mut years: Vec<String> = all_days.iter().filter_map(|v| v.as_str().map(str::to_string)).collect();
        years.push(format!("{name}/{}", day_features::ALL_DAYS));
        years.sort();
        years.dedup();
        *all_days = years.iter().map(String::as_str).collect();
    }
    let deps = doc.get_mut("dependencies").and_then(Item::as_table_mut).context("no [dependencies] table")?;
    let is_year =
        |key: &str| key.strip_prefix("aoc").is_some_and(|y| y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()));
    let is_earlier_year = |key: &str| is_year(key) && key < name.as_str();
    // After the last year before it, else first.
    let at = deps.iter().enumerate().filter(|(_, (k, _))| is_earlier_year(k)).last().map_or(0, |(i, _)| i + 1);
    insert_at(deps, at, &name, Item::Value(Value::InlineTable(path)));
    // A comment above the entry the new one goes before ("The year crates: ...") stays
    // above the year crates.
    let next = deps.iter().nth(at + 1).map(|(k, _)| k.to_string()).unwrap_or_default();
    if let Some(comment) = line_prefix(deps, &next).filter(|p| p.contains('#')) {
        set_line_prefix(deps, &name, comment);
        set_line_prefix(deps, &next, String::new());
    }
    Ok(doc.to_string())
}

/// What is written before the line of `key` (blank lines, comments). A dotted key
/// (`anyhow.workspace = true`) keeps it on its innermost key.
fn line_prefix(table: &Table, key: &str) -> Option<String> {
    match table.get(key) {
        Some(Item::Table(inner)) if inner.is_dotted() => {
            let first = inner.iter().next()?.0.to_string();
            line_prefix(inner, &first)
        }
        _ => table.key(key)?.leaf_decor().prefix()?.as_str().map(str::to_string),
    }
}

fn set_line_prefix(table: &mut Table, key: &str, prefix: String) {
    if let Some(Item::Table(inner)) = table.get_mut(key) {
        if inner.is_dotted() {
            let first = inner.iter().next().map(|(k, _)| k.to_string());
            if let Some(first) = first {
                set_line_prefix(inner, &first, prefix);
            }
            return;
        }
    }
    if let Some(mut key) = table.key_mut(key) {
        key.leaf_decor_mut().set_prefix(prefix);
    }
}

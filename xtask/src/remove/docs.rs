//! A day's documentation, which goes with the day: its own files (`docs/<day>.md`,
//! `scripts/<day>-*`, as its `ci` script lives in its module folder), and the passages of
//! the other pages (README.md, `docs/*.md`) that are about it, marked so that they can be
//! found:
//!
//! ```text
//! <!-- day 2016-11 -->              a block: this line, and every one to `<!-- /day -->`
//! | 2016-11 | ... | <!-- day 2016-11 -->   a line: this line alone
//! ```
//!
//! A marker may name several days (`<!-- day 2016-11 2021-23 -->`): the passage goes when
//! any of them goes, since it speaks of each.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use aoc_workspace::DayId;

/// The files of `id`'s own under `root`: its page and its scripts (named by the day, padded
/// or not: `docs/2016-11.md`, `scripts/2016-11-scale.sh`, `docs/2015-1.md`).
pub fn owned_files(root: &Path, id: DayId) -> Vec<PathBuf> {
    let names = [format!("{}-{:02}", id.year, id.day), id.to_string()];
    let mut files = Vec::new();
    for folder in ["docs", "scripts"] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else { continue };
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            let owned = names
                .iter()
                .any(|name| file.strip_prefix(name.as_str()).is_some_and(|rest| rest.starts_with(['.', '-', '_'])));
            if owned {
                files.push(entry.path());
            }
        }
    }
    files.sort();
    files.dedup();
    files
}

/// The pages whose marked passages are read: README.md and every `docs/*.md`.
pub fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages = vec![root.join("README.md")];
    if let Ok(entries) = std::fs::read_dir(root.join("docs")) {
        pages.extend(entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "md")));
    }
    pages.retain(|p| p.is_file());
    pages.sort();
    pages
}

/// The days a line's marker names, if it has one: `<!-- day 2016-11 2021-23 -->`.
fn marked_days(line: &str) -> Option<Vec<DayId>> {
    let start = line.find("<!-- day ")?;
    let rest = &line[start + "<!-- day ".len()..];
    let end = rest.find("-->")?;
    Some(rest[..end].split_whitespace().filter_map(|d| d.parse().ok()).collect())
}

/// `text` without the passages marked as about one of `removed` (the module's
/// documentation); unchanged when none is. The blank line a passage leaves is not doubled.
pub fn without_days(text: &str, removed: &BTreeSet<DayId>) -> String {
    let mut kept: Vec<&str> = Vec::new();
    let mut lines = text.lines();
    let mut just_removed = false;
    let mut changed = false;
    while let Some(line) = lines.next() {
        let goes = marked_days(line).is_some_and(|days| days.iter().any(|d| removed.contains(d)));
        if !goes {
            let doubled_blank =
                just_removed && line.trim().is_empty() && kept.last().is_none_or(|l| l.trim().is_empty());
            if !doubled_blank {
                kept.push(line);
            }
            just_removed = false;
            continue;
        }
        changed = true;
        just_removed = true;
        if line.trim().starts_with("<!-- day ") && line.trim().ends_with("-->") {
            // A block: everything to its end marker (nested blocks inside it go too).
            let mut depth = 1;
            for inner in lines.by_ref() {
                if marked_days(inner).is_some() && inner.trim().starts_with("<!-- day ") {
                    depth += 1;
                } else if inner.trim() == "<!-- /day -->" {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
        }
    }
    if !changed {
        return text.to_string();
    }
    // A passage that ended the page leaves no blank line behind.
    while kept.last().is_some_and(|l| l.trim().is_empty()) {
        kept.pop();
    }
    let mut out = kept.join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;

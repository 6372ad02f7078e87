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
//! any of them goes, since it speaks of each. Markers are matched exactly as the tools write
//! them (outside code): one that is reworded, unclosed or doubled stops `remove`, since a
//! guess at where its passage ends could take the user's own text with it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use aoc_workspace::DayId;

use super::code::{listing, without_lines};

/// The files of `id`'s own under `root`: its page and its scripts (named by the day, padded
/// or not: `docs/2016-11.md`, `scripts/2016-11-scale.sh`, `docs/2015-1.md`).
pub fn owned_files(root: &Path, id: DayId) -> Vec<PathBuf> {
    let names = [format!("{}-{:02}", id.year, id.day), id.to_string()];
    let owned = |file: &str| {
        names.iter().any(|name| file.strip_prefix(name.as_str()).is_some_and(|rest| rest.starts_with(['.', '-', '_'])))
    };
    let entries = ["docs", "scripts"].into_iter().flat_map(|folder| listing(&root.join(folder)).unwrap_or_default());
    entries.filter(|e| owned(&e.file_name().to_string_lossy())).map(|e| e.path()).collect()
}

/// The pages whose marked passages are read: README.md and every `docs/*.md`.
pub fn pages(root: &Path) -> Vec<PathBuf> {
    let docs = listing(&root.join("docs")).unwrap_or_default().into_iter().map(|e| e.path());
    let pages = docs.filter(|page| page.extension().is_some_and(|e| e == "md"));
    [root.join("README.md")].into_iter().chain(pages).filter(|page| page.is_file()).collect()
}

/// A marker the tools write, as a line holds it.
enum Marker {
    /// `<!-- day 2016-11 2021-23 -->`, a line of its own: a passage to its `Close`.
    Open(Vec<DayId>),
    /// `<!-- /day -->`, a line of its own.
    Close,
    /// `| 2016-11 | ... | <!-- day 2016-11 -->`: this line alone.
    Line(Vec<DayId>),
}

/// The marker `line` holds, if any; an error for anything that looks like one but is not
/// written as the tools write it (`<!-- day 2016-11 was hard -->`, two on a line), since
/// guessing where such a passage ends could take the user's own text with it. Code spans
/// (`` `<!-- day -->` ``) are text, not markers.
fn marker(line: &str) -> Result<Option<Marker>, String> {
    let text: String = line.split('`').step_by(2).collect();
    let looks_like = |at: &str| {
        let rest = at.trim_start().trim_start_matches('/');
        rest.strip_prefix("day").is_some_and(|r| r.starts_with(char::is_whitespace) || r.starts_with('-'))
    };
    if !text.split("<!--").skip(1).any(looks_like) {
        return Ok(None);
    }
    // The last comment on the line is the marker; any other before it is a second one.
    let (before, marker) = text.trim().rsplit_once("<!--").unwrap_or_default();
    let list = marker.strip_prefix(" day ").and_then(|m| m.strip_suffix(" -->")).unwrap_or_default();
    let days: Vec<DayId> = list.split_whitespace().map_while(|d| d.parse().ok()).collect();
    let named = !days.is_empty() && days.len() == list.split_whitespace().count();
    match (before.contains("<!--"), before.trim(), marker) {
        (false, "", " /day -->") => Ok(Some(Marker::Close)),
        (false, "", _) if named => Ok(Some(Marker::Open(days))),
        (false, _, _) if named && before.ends_with(' ') => Ok(Some(Marker::Line(days))),
        _ => Err(format!(
            "`{}` is not a marker as remove writes them (`<!-- day 2016-11 -->`, `<!-- /day -->`, one a line); write it so, or reword it",
            line.trim()
        )),
    }
}

/// `text` without the passages marked as about one of `removed` (the module's
/// documentation); unchanged when none is. The blank line a passage leaves is not doubled.
/// An error, with its line, for a marker not as the tools write it, a passage opened inside
/// another, a close with no opening or an opening never closed: wherever the passage was
/// meant to end, a guess could take the user's own text.
pub fn without_days(text: &str, removed: &BTreeSet<DayId>) -> Result<String, (usize, String)> {
    let goes = |days: &[DayId]| days.iter().any(|d| removed.contains(d));
    let (mut dropped, mut open, mut fence) = (Vec::new(), None, None);
    for (n, line) in text.lines().enumerate().map(|(i, line)| (i + 1, line)) {
        let found = if fence.is_some() { None } else { marker(line).map_err(|e| (n, e))? };
        if let Some(mark) = ["```", "~~~"].into_iter().find(|m| line.trim_start().starts_with(m)) {
            fence = if fence == Some(mark) { None } else { fence.or(Some(mark)) };
        }
        let in_passage = open.is_some_and(|(_, goes)| goes);
        let drop = match found {
            None => in_passage,
            Some(Marker::Line(days)) => in_passage || goes(&days),
            Some(Marker::Open(days)) => {
                if let Some((at, _)) = open.replace((n, goes(&days))) {
                    return Err((n, format!("a passage opens here inside the one opened at line {at}: close that one first (`<!-- /day -->`)")));
                }
                goes(&days)
            }
            Some(Marker::Close) => open.take().ok_or((n, "`<!-- /day -->` closes no passage".to_string()))?.1,
        };
        if drop {
            dropped.push(n..=n);
        }
    }
    if let Some((at, _)) = open {
        return Err((at, "this passage is never closed: end it with a line `<!-- /day -->`".to_string()));
    }
    if dropped.is_empty() {
        return Ok(text.to_string());
    }
    // A passage that ended the page leaves no blank line behind.
    let ending = ["\r\n", "\n"].into_iter().find(|e| text.ends_with(e)).unwrap_or_default();
    Ok(without_lines(text, &dropped).trim_end().to_string() + ending)
}

#[cfg(test)]
mod tests;

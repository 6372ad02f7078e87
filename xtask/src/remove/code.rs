//! Which Rust files name what: a crate or a day used as a path in code (comments aside),
//! the `.rs` files of a folder, found without following a symlinked folder, and what of a
//! year crate's `lib.rs` is the user's, read with `syn`.

use std::collections::BTreeSet;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use syn::spanned::Spanned;

/// The top-level items and inner attributes of a year crate's `lib.rs` other than its day
/// modules (those starting on a line of `day_starts`), each with its lines and whether
/// scaffold's `template` has it as it is (doc comments aside: they are prose, not code).
pub fn other_items(lib: &str, template: &str, day_starts: &[usize]) -> syn::Result<Vec<(RangeInclusive<usize>, bool)>> {
    let (file, template) = (syn::parse_file(lib)?, syn::parse_file(template)?);
    let lines = |span: proc_macro2::Span| span.start().line..=span.end().line;
    let attrs = file.attrs.iter().filter(|a| !a.path().is_ident("doc"));
    let items = file.items.iter().filter(|item| !day_starts.contains(&item.span().start().line));
    Ok(attrs
        .map(|a| (lines(a.span()), template.attrs.contains(a)))
        .chain(items.map(|item| (lines(item.span()), template.items.contains(item))))
        .collect())
}

/// `text` without its lines in `gone` (1-based), every other line as written (CRLF too); a
/// blank line the cut leaves doubled goes as well, as rustfmt wants.
pub fn without_lines(text: &str, gone: &[RangeInclusive<usize>]) -> String {
    let (mut out, mut cut, mut last_blank) = (String::new(), false, true);
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if gone.iter().any(|range| range.contains(&(i + 1))) {
            cut = true;
            continue;
        }
        let blank = line.trim().is_empty();
        if !(cut && blank && last_blank) {
            out.push_str(line);
            last_blank = blank;
        }
        cut = false;
    }
    out
}

/// The first of `names` that `text`'s code uses as a Rust path (`aoc2016::day11::parse`,
/// `aoc2016::day11;`), if any: a name in a comment or a folder (`crates/aoc2016/`) is no
/// use of the crate.
pub fn names_any(text: &str, names: &[String]) -> Option<String> {
    let code = aoc_workspace::sources::code_without_comments_or_strings(text);
    names.iter().find(|name| code.lines().any(|line| uses(line, name))).cloned()
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

/// Every `.rs` file below `dir`, sorted. A symlinked folder is not entered: what it
/// leads to may be outside the checkout, and is never this command's to delete (a
/// symlinked file is listed: deleting it removes the link alone).
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else { continue };
            let path = entry.path();
            if kind.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && (kind.is_file() || path.is_file()) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// What stays, as Rust code names it: the year crates not removed, and in a year that
/// loses some days, the paths into it that lead elsewhere.
pub struct Kept {
    /// Year crates that stay whole.
    pub crates: Vec<String>,
    /// A year crate that stays, with the days it loses (`aoc2016`, `[11]`).
    pub partly: Vec<(String, BTreeSet<u8>)>,
}

impl Kept {
    /// The first thing that stays which `text`'s code uses, if any.
    pub fn named_in(&self, text: &str) -> Option<String> {
        if let Some(name) = names_any(text, &self.crates) {
            return Some(name);
        }
        let code = aoc_workspace::sources::code_without_comments_or_strings(text);
        for (krate, losing) in &self.partly {
            let prefix = format!("{krate}::");
            for line in code.lines() {
                for (at, _) in line.match_indices(&prefix).filter(|&(at, _)| uses(&line[at..], krate)) {
                    let next: String =
                        line[at + prefix.len()..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    let removed_day = next
                        .strip_prefix("day")
                        .and_then(|d| d.parse::<u8>().ok())
                        .is_some_and(|d| losing.contains(&d));
                    if !removed_day {
                        return Some(format!("{krate}::{next}"));
                    }
                }
            }
        }
        None
    }
}

//! Which Rust files name what: a crate or a day used as a path in code (comments aside),
//! the `.rs` files of a folder, found without following a symlinked folder, and what of a
//! year crate's `lib.rs` is the user's, read with `syn`.

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use proc_macro2::{LexError, Punct, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;

/// The top-level items and inner attributes of a year crate's `lib.rs` other than its day
/// modules (those starting on a line of `day_starts`), each with its lines and whether
/// scaffold's `template` has it as it is (doc comments aside: they are prose, not code).
pub fn other_items(lib: &str, template: &str, day_starts: &[usize]) -> syn::Result<Vec<(RangeInclusive<usize>, bool)>> {
    let (file, template) = (syn::parse_file(lib)?, syn::parse_file(template)?);
    // Compared as tokens: spacing, line breaks and comments are not code.
    let tokens = |node: &dyn ToTokens| node.to_token_stream().to_string();
    let ours: Vec<String> =
        template.attrs.iter().map(|a| tokens(a)).chain(template.items.iter().map(|i| tokens(i))).collect();
    let attrs = file.attrs.iter().filter(|a| !a.path().is_ident("doc")).map(|a| a as &dyn ToTokens);
    let items = file.items.iter().filter(|item| !day_starts.contains(&item.span().start().line));
    let nodes = attrs.chain(items.map(|item| item as &dyn ToTokens));
    Ok(nodes.map(|node| (node.span().start().line..=node.span().end().line, ours.contains(&tokens(node)))).collect())
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

/// The paths `text` uses, as their first two segments (`aoc2016::day11::parse` ->
/// `("aoc2016", "day11")`, `aoc2016::{..}` -> `("aoc2016", "")`), read with Rust's own
/// lexer: a name in a comment, a string or a folder (`crates/aoc2016/`) is no use of it.
pub fn paths(text: &str) -> Result<Vec<(String, String)>, String> {
    let stream: TokenStream = text.parse().map_err(|e: LexError| format!("line {}: {e}", e.span().start().line))?;
    let mut tokens = Vec::new();
    flatten(stream, &mut tokens);
    let ident = |at: usize| match tokens.get(at) {
        Some(TokenTree::Ident(ident)) => Some(ident.to_string()),
        _ => None,
    };
    let colon = |at: usize, spacing| matches!(tokens.get(at), Some(TokenTree::Punct(p)) if p.as_char() == ':' && p.spacing() == spacing);
    let separator = |at: usize| colon(at, Spacing::Joint) && colon(at + 1, Spacing::Alone);
    let starts = (0..tokens.len()).filter(|&at| !(at >= 2 && separator(at - 2)) && separator(at + 1));
    Ok(starts.filter_map(|at| Some((ident(at)?, ident(at + 3).unwrap_or_default()))).collect())
}

/// The tokens of `stream`, groups opened, each group's edge a `;` so that no path runs across it.
fn flatten(stream: TokenStream, into: &mut Vec<TokenTree>) {
    for tree in stream {
        match tree {
            TokenTree::Group(group) => {
                into.push(TokenTree::Punct(Punct::new(';', Spacing::Alone)));
                flatten(group.stream(), into);
                into.push(TokenTree::Punct(Punct::new(';', Spacing::Alone)));
            }
            leaf => into.push(leaf),
        }
    }
}

/// The first of `names` (a crate, `aoc2016`, or a day, `aoc2016::day11`) that `paths` use.
pub fn names_any(paths: &[(String, String)], names: &[String]) -> Option<String> {
    let uses =
        |name: &String| paths.iter().any(|(first, second)| name == first || *name == format!("{first}::{second}"));
    names.iter().find(|name| uses(name)).cloned()
}

/// Every `.rs` file below `dir`, sorted. A symlinked folder is not entered: what it
/// leads to may be outside the checkout, and is never this command's to delete (a
/// symlinked file is listed: deleting it removes the link alone).
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in listing(dir).unwrap_or_default() {
        let path = entry.path();
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") && path.is_file() {
            files.push(path);
        }
    }
    files
}

/// The entries of the folder `dir`, sorted.
pub fn listing(dir: &Path) -> std::io::Result<Vec<std::fs::DirEntry>> {
    let mut entries = std::fs::read_dir(dir)?.collect::<std::io::Result<Vec<_>>>()?;
    entries.sort_by_key(|entry| entry.path());
    Ok(entries)
}

/// The first thing that stays which `paths` use: a year crate of `kept` that loses no day
/// (`aoc2015`), or a path into one that loses some (`aoc2015::day2`, not one of `removed`).
pub fn stays(kept: &[String], removed: &[String], paths: &[(String, String)]) -> Option<String> {
    paths.iter().filter(|(first, _)| kept.contains(first)).find_map(|(first, second)| {
        let path = format!("{first}::{second}");
        let loses = removed.iter().any(|name| name.starts_with(&format!("{first}::")));
        (!removed.contains(&path)).then(|| if loses { path } else { first.clone() })
    })
}

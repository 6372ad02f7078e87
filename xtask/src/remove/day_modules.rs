//! STAND-IN, to be replaced at merge by `aoc_workspace::sources::day_modules` (same shape:
//! `day_modules`, `DayModule`, `SourceError`), then this file goes and `remove.rs`'s `use`
//! changes: the days a year crate's `lib.rs` declares, read with `syn` as the compiler
//! reads them, in whatever form they were written (`mod day5;`, `pub(crate) mod day5 { .. }`,
//! under `#[cfg]`, `#[path]` or doc attributes).

use std::ops::RangeInclusive;

use syn::spanned::Spanned;
use syn::{Expr, ExprLit, Item, Lit, Meta};

/// A module `day<N>` at the top of a year crate's `lib.rs`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayModule {
    pub day: u8,
    /// 1-based lines of the item with its attributes.
    pub lines: RangeInclusive<usize>,
    /// Its `#[path]` value, if it has one.
    pub path: Option<String>,
}

/// Why a source could not be read as Rust, with the line where the compiler stops too.
#[derive(Debug)]
pub struct SourceError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SourceError {}

/// The day modules `source` declares at its top level, in source order.
pub fn day_modules(source: &str) -> Result<Vec<DayModule>, SourceError> {
    let file =
        syn::parse_file(source).map_err(|e| SourceError { line: e.span().start().line, message: e.to_string() })?;
    Ok(file.items.iter().filter_map(day_module).collect())
}

fn day_module(item: &Item) -> Option<DayModule> {
    let Item::Mod(module) = item else { return None };
    let name = module.ident.to_string();
    let day: u8 = name.strip_prefix("day")?.parse().ok()?;
    // `day05` is a module of the user's, not day 5: scaffold writes `day5`.
    if name != format!("day{day}") {
        return None;
    }
    let path = module.attrs.iter().find_map(|attr| match &attr.meta {
        Meta::NameValue(pair) if pair.path.is_ident("path") => match &pair.value {
            Expr::Lit(ExprLit { lit: Lit::Str(text), .. }) => Some(text.value()),
            _ => None,
        },
        _ => None,
    });
    let span = item.span();
    Some(DayModule { day, lines: span.start().line..=span.end().line, path })
}

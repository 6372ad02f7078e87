//! Which days a workspace has and what each day's code takes from the others, read from
//! the year crates' sources as the compiler reads them (`syn`). The days are read as the
//! year crates' build scripts read them (`aoc_build::sources`, re-exported here), so the
//! tools know the days the runner links without building anything, also while a day does
//! not compile; beyond that, the tools read the day modules a crate root declares, and
//! where a source stops being Rust (for `scaffold` and `remove`), and the days, macros and
//! impls one day's code reaches in another (for building a day without its year:
//! `day_features`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::ops::RangeInclusive;
use std::path::Path;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::visit::Visit;

pub use aoc_build::sources::{day_of_name, path_attribute, read_year_days, Offers, Solution, YearSources};

use crate::DayId;

/// Source that does not parse as Rust: where, and what the parser says.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct SourceError {
    /// 1-based.
    pub line: usize,
    /// The parser's words.
    pub message: String,
}

/// `source` as a syntax tree, or where it stops being Rust: syn places an early end at no
/// line, so that is its last.
pub fn parse(source: &str) -> Result<syn::File, SourceError> {
    syn::parse_file(source).map_err(|error| {
        let message = error.to_string();
        let line = if message.starts_with("unexpected end of input") {
            source.lines().count().max(1)
        } else {
            error.span().start().line
        };
        SourceError { line, message }
    })
}

/// `day3` -> 3 (days 1 to 25).
pub fn day_of_ident(ident: &syn::Ident) -> Option<u8> {
    day_of_name(&ident.unraw().to_string())
}

/// A day module a crate root declares: `mod day3;`, `pub mod day3 { ... }`, with or
/// without attributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayModule {
    /// The day of December, from the module's name `day<N>`.
    pub day: u8,
    /// 1-based lines of the item with its attributes (`#[cfg]`, `#[path]`, doc comments).
    pub lines: RangeInclusive<usize>,
    /// A `#[path = ".."]` attribute's value.
    pub path: Option<String>,
}

/// The day modules a crate root's source (`lib.rs`) declares, in source order.
pub fn day_modules(source: &str) -> Result<Vec<DayModule>, SourceError> {
    Ok(parse(source)?
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Mod(module) => Some(module),
            _ => None,
        })
        .filter_map(|module| {
            let day = day_of_ident(&module.ident)?;
            let lines = first_line(&module.attrs, module.span())..=module.span().end().line;
            Some(DayModule { day, lines, path: path_attribute(&module.attrs) })
        })
        .collect())
}

/// The first line (its attributes included) of a crate root's `aoc_lib!`, if it has one.
pub fn aoc_lib_line(source: &str) -> Result<Option<usize>, SourceError> {
    Ok(parse(source)?.items.iter().find_map(|item| match item {
        syn::Item::Macro(m) if m.mac.path.segments.last().is_some_and(|s| s.ident == "aoc_lib") => {
            Some(first_line(&m.attrs, m.mac.path.span()))
        }
        _ => None,
    }))
}

/// The first line of an item that starts at `start`, its attributes included.
fn first_line(attrs: &[syn::Attribute], start: proc_macro2::Span) -> usize {
    attrs.iter().map(|a| a.span().start().line).fold(start.start().line, usize::min)
}

/// What one day's code (or the crate's shared code, of no day) reaches beyond itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reaches {
    /// Days its paths name (`crate::day9::Vm`, `use super::day9 as vm;`).
    pub days: BTreeSet<u8>,
    /// Days whose types or traits its `impl` blocks extend: those days need this code.
    pub extends: BTreeSet<u8>,
    /// The `macro_rules!` it defines.
    pub defines_macros: BTreeSet<String>,
    /// The macros it calls, by their last name (`crate::numbers!` -> `numbers`).
    pub calls_macros: BTreeSet<String>,
    /// It glob-imports the crate root, `include!`s a file or takes a module from a
    /// `#[path]`: what it needs cannot be read, so it needs the whole year.
    pub unsure: bool,
}

/// What each day's code (`None`: the crate's shared code, compiled in every build) of the
/// crate at `crate_dir` reaches beyond itself.
pub fn reaches(crate_dir: &Path) -> BTreeMap<Option<u8>, Reaches> {
    let mut reader = Reader { found: BTreeMap::new(), depth: 0, owner: None };
    read_year_days(
        crate_dir,
        Some(&mut |depth, owner, file| {
            (reader.depth, reader.owner) = (depth, owner);
            reader.visit_file(file);
        }),
    );
    reader.found
}

/// Walks a file's syntax tree, recording what the code of each day reaches.
struct Reader {
    found: BTreeMap<Option<u8>, Reaches>,
    /// Module depth: 0 at the crate root.
    depth: usize,
    /// The day whose code this is.
    owner: Option<u8>,
}

impl Reader {
    fn reaches(&mut self) -> &mut Reaches {
        self.found.entry(self.owner).or_default()
    }

    /// A use of `segments` as a path: the day it names, if any (`crate::day3::x`,
    /// `super::day3`, `day3::x`). Reading a day too many only builds a day more.
    fn path(&mut self, segments: &[String]) {
        let day =
            segments.iter().find(|s| !matches!(s.as_str(), "crate" | "super" | "self")).and_then(|s| day_of_name(s));
        if let Some(day) = day {
            self.reaches().days.insert(day);
        }
    }

    /// Whether `segments` (a glob's prefix) lead to the crate root from here.
    fn is_crate_root(&self, segments: &[String]) -> bool {
        match segments {
            [] => self.depth == 0,
            [only] if only == "crate" => true,
            [only] if only == "self" => self.depth == 0,
            supers => supers.len() == self.depth && supers.iter().all(|s| s == "super"),
        }
    }

    fn use_tree(&mut self, tree: &syn::UseTree, prefix: &mut Vec<String>) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.unraw().to_string());
                self.use_tree(&p.tree, prefix);
                prefix.pop();
            }
            syn::UseTree::Name(syn::UseName { ident }) | syn::UseTree::Rename(syn::UseRename { ident, .. }) => {
                prefix.push(ident.unraw().to_string());
                let segments = prefix.clone();
                self.path(&segments);
                prefix.pop();
            }
            syn::UseTree::Glob(_) => {
                let segments = prefix.clone();
                self.path(&segments);
                if self.owner.is_some() && self.is_crate_root(&segments) {
                    self.reaches().unsure = true;
                }
            }
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(t, prefix)),
        }
    }

    /// Macro bodies are tokens, not syntax: a day after or before `::`, a macro call
    /// (`name!`), an `include!`, anywhere in them.
    fn tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let colon = |t: Option<&TokenTree>| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == ':');
        for (i, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Group(g) => self.tokens(g.stream()),
                TokenTree::Ident(ident) => {
                    let name = ident.unraw().to_string();
                    let before = i.checked_sub(1).and_then(|b| trees.get(b));
                    if let Some(day) = day_of_name(&name).filter(|_| colon(before) || colon(trees.get(i + 1))) {
                        self.reaches().days.insert(day);
                    }
                    let bang = matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!' && p.spacing() == Spacing::Alone);
                    let called = bang
                        && matches!(trees.get(i + 2), Some(TokenTree::Group(g)) if g.delimiter() != Delimiter::None);
                    if called {
                        self.call(&name);
                    }
                }
                _ => {}
            }
        }
    }

    fn call(&mut self, name: &str) {
        if name == "include" && self.owner.is_some() {
            self.reaches().unsure = true;
        }
        self.reaches().calls_macros.insert(name.to_string());
    }
}

fn segments(path: &syn::Path) -> Vec<String> {
    path.segments.iter().map(|s| s.ident.unraw().to_string()).collect()
}

/// The days the paths of a type or trait name, whatever their place in it.
#[derive(Default)]
struct DaysIn(BTreeSet<u8>);

impl<'ast> Visit<'ast> for DaysIn {
    fn visit_path_segment(&mut self, segment: &'ast syn::PathSegment) {
        self.0.extend(day_of_ident(&segment.ident));
        syn::visit::visit_path_segment(self, segment);
    }
}

impl<'ast> Visit<'ast> for Reader {
    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        // Attributes are no uses (`#[aoc(day3, part1)]`); a `#[path]` inside a day is a
        // module the reading cannot place.
        if self.owner.is_some() && attr.path().is_ident("path") {
            self.reaches().unsure = true;
        }
    }

    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        for attr in &module.attrs {
            self.visit_attribute(attr);
        }
        let owner = match (self.depth, day_of_ident(&module.ident)) {
            (0, Some(day)) => Some(day),
            _ => self.owner,
        };
        if self.depth == 0 && owner.is_some() && path_attribute(&module.attrs).is_some() {
            self.found.entry(owner).or_default().unsure = true;
        }
        if let Some((_, items)) = &module.content {
            let outer = self.owner;
            self.owner = owner;
            self.depth += 1;
            items.iter().for_each(|item| self.visit_item(item));
            self.depth -= 1;
            self.owner = outer;
        }
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if let (Some(name), true) = (&item.ident, item.mac.path.is_ident("macro_rules")) {
            self.reaches().defines_macros.insert(name.unraw().to_string());
            self.tokens(item.mac.tokens.clone());
            return;
        }
        syn::visit::visit_item_macro(self, item);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if let Some(last) = mac.path.segments.last() {
            self.call(&last.ident.unraw().to_string());
        }
        self.path(&segments(&mac.path));
        self.tokens(mac.tokens.clone());
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        let mut days = DaysIn::default();
        days.visit_type(&item.self_ty);
        if let Some((_, path, _)) = &item.trait_ {
            days.visit_path(path);
        }
        self.reaches().extends.extend(days.0);
        syn::visit::visit_item_impl(self, item);
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        item.attrs.iter().for_each(|a| self.visit_attribute(a));
        self.use_tree(&item.tree, &mut Vec::new());
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.path(&segments(path));
        syn::visit::visit_path(self, path);
    }
}

/// Every implemented day of the workspace at `root`, as `(year, day)` in order, read from the
/// year crates' sources exactly as their build scripts read them (the days the runner
/// links), without building anything: so the xtask knows them while a day does not compile.
pub fn implemented_days(root: &Path) -> Vec<DayId> {
    let mut days = BTreeSet::new();
    let Ok(entries) = fs::read_dir(root.join("crates")) else { return Vec::new() };
    for entry in entries.flatten() {
        let named_year = entry.file_name().to_str().and_then(|n| n.strip_prefix("aoc")?.parse::<u16>().ok());
        if named_year.is_none() {
            continue;
        }
        let sources = read_year_days(&entry.path(), None);
        let Some(year) = sources.year else { continue };
        // The days with a module and `#[aoc]` solutions: the days the runner links.
        let implemented = sources.solutions.iter().filter(|s| sources.days.contains_key(&s.day));
        days.extend(implemented.map(|s| DayId { year, day: s.day }));
    }
    days.into_iter().collect()
}

#[cfg(test)]
pub(crate) mod tests;

//! Which days a workspace has and what each day's code takes from the others, read from
//! the year crates' sources as the compiler reads them (`syn`): each year crate's
//! `aoc_lib! { year = ... }`, its day modules (`mod dayN;` in every form the compiler
//! accepts), their `#[aoc(dayN, partM[, name])]` solutions, whether a day offers `EXAMPLE`
//! and `explain`, and the days, macros and impls one day's code reaches in another. The
//! year crates' build scripts (crate `aoc-build`) read them so to write the `DAYS` the
//! runner links, and the tools ([`implemented_days`]: the xtask, the site client) so to
//! know the days without building anything, also while a day does not compile: one
//! reading, one answer everywhere.
//!
//! The reading follows the module tree from `src/lib.rs` (`#[path]`, `dayN.rs`,
//! `dayN/mod.rs`, inline modules); a file that does not parse is left out and named in
//! [`YearSources::errors`], and the compiler says the rest.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::visit::Visit;

use crate::DayId;

/// One `#[aoc(dayN, partM[, name])]` solution.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Solution {
    /// The day of December.
    pub day: u8,
    /// 1 or 2.
    pub part: u8,
    /// The optional name of an alternative solution.
    pub name: Option<String>,
}

/// Source that does not parse as Rust: where, and what the parser says.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}line {line}: {message}", file.as_ref().map(|f| format!("{}: ", f.display())).unwrap_or_default())]
pub struct SourceError {
    /// The file, when the text came from one.
    pub file: Option<PathBuf>,
    /// 1-based.
    pub line: usize,
    /// The parser's words.
    pub message: String,
}

impl SourceError {
    /// `source` did not parse: syn places an early end at no line, so that is its last.
    fn parse(error: &syn::Error, source: &str) -> SourceError {
        let message = error.to_string();
        let line = if message.starts_with("unexpected end of input") {
            source.lines().count().max(1)
        } else {
            error.span().start().line
        };
        SourceError { file: None, line, message }
    }
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

fn parse(source: &str) -> Result<syn::File, SourceError> {
    syn::parse_file(source).map_err(|e| SourceError::parse(&e, source))
}

/// The first line of an item that starts at `start`, its attributes included.
fn first_line(attrs: &[syn::Attribute], start: proc_macro2::Span) -> usize {
    attrs.iter().map(|a| a.span().start().line).fold(start.start().line, usize::min)
}

/// `day3` -> 3 (days 1 to 25).
fn day_of_ident(ident: &syn::Ident) -> Option<u8> {
    day_of_name(&ident.unraw().to_string())
}

fn day_of_name(name: &str) -> Option<u8> {
    let digits = name.strip_prefix("day")?;
    if digits.starts_with('0') || digits.starts_with('+') {
        return None;
    }
    digits.parse().ok().filter(|d| (1..=25).contains(d))
}

/// The value of a `#[path = "..."]` attribute among `attrs`.
fn path_attribute(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| match &a.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
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

/// What a day's module offers the runner besides its `#[aoc]` solutions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Offers {
    /// A public `EXAMPLE: &str`.
    pub example: bool,
    /// A public `explain(&str, Part) -> Result<..>`.
    pub explain: bool,
}

/// What a year crate's sources declare.
#[derive(Debug, Default)]
pub struct YearSources {
    /// The year its `aoc_lib!` names.
    pub year: Option<u16>,
    /// Its `#[aoc]` solutions, in order (not deduplicated: two solutions of a part with one
    /// name are an error the build names).
    pub solutions: Vec<Solution>,
    /// The day modules `lib.rs` declares, and what each offers.
    pub days: BTreeMap<u8, Offers>,
    /// What each day's code reaches (`None`: the shared code, compiled in every build).
    pub reaches: BTreeMap<Option<u8>, Reaches>,
    /// The days whose feature `lib.rs`'s `cfg` attributes name (`feature = "day4"`).
    pub features_named: BTreeSet<u8>,
    /// The newest source's modification time.
    pub newest: Option<SystemTime>,
    /// Files that do not parse (the compiler names them too).
    pub errors: Vec<SourceError>,
}

/// Reads the crate at `crate_dir` by its module tree from `src/lib.rs`, what each day
/// reaches of the others included.
pub fn read_year_crate(crate_dir: &Path) -> YearSources {
    read(crate_dir, true)
}

/// [`read_year_crate`] but for [`YearSources::reaches`], which stays incomplete: what the
/// build script and [`implemented_days`] need. Faster: below a day's root module, a file
/// without the letters `aoc` or `mod` can declare no solution and no module, so it is not
/// parsed (the edit loop reads a year on every build).
pub fn read_year_days(crate_dir: &Path) -> YearSources {
    read(crate_dir, false)
}

fn read(crate_dir: &Path, reaches: bool) -> YearSources {
    let mut found = YearSources::default();
    let src = crate_dir.join("src");
    let mut pending = vec![Pending { file: src.join("lib.rs"), dir: src.clone(), depth: 0, owner: None }];
    let mut seen = BTreeSet::new();
    while let Some(next) = pending.pop() {
        if !seen.insert(next.file.clone()) {
            continue;
        }
        let Ok(text) = fs::read_to_string(&next.file) else { continue };
        if let Ok(modified) = fs::metadata(&next.file).and_then(|m| m.modified()) {
            found.newest = Some(found.newest.map_or(modified, |n| n.max(modified)));
        }
        if !reaches && next.depth >= 2 && !text.contains("aoc") && !text.contains("mod") {
            continue;
        }
        let file = match syn::parse_file(&text) {
            Ok(file) => file,
            Err(e) => {
                found.errors.push(SourceError { file: Some(next.file.clone()), ..SourceError::parse(&e, &text) });
                continue;
            }
        };
        let file_dir = next.file.parent().map_or_else(|| src.clone(), Path::to_path_buf);
        let mut reader = Reader {
            found: &mut found,
            pending: &mut pending,
            depth: next.depth,
            owner: next.owner,
            dir: next.dir,
            file_dir,
        };
        if next.depth == 1 {
            if let Some(day) = next.owner {
                reader.found.days.insert(day, offers(&file.items));
            }
        }
        reader.visit_file(&file);
    }
    // Not deduplicated: two solutions of a part with one name are an error `days_source` names.
    found.solutions.sort();
    found
}

/// A module file still to read: where its children live, how deep it is, whose it is.
struct Pending {
    file: PathBuf,
    dir: PathBuf,
    depth: usize,
    owner: Option<u8>,
}

/// Whether `items` (a day module's) define `EXAMPLE` and `explain` as the runner takes them.
fn offers(items: &[syn::Item]) -> Offers {
    let mut offers = Offers::default();
    let public = |vis: &syn::Visibility| !matches!(vis, syn::Visibility::Inherited);
    let is_str_ref = |ty: &syn::Type| matches!(ty, syn::Type::Reference(r) if matches!(&*r.elem, syn::Type::Path(p) if p.path.is_ident("str")));
    for item in items {
        match item {
            syn::Item::Const(syn::ItemConst { ident, vis, ty, .. })
            | syn::Item::Static(syn::ItemStatic { ident, vis, ty, .. })
                if ident == "EXAMPLE" && public(vis) && is_str_ref(ty) =>
            {
                offers.example = true
            }
            syn::Item::Fn(f) if f.sig.ident == "explain" && public(&f.vis) => {
                let inputs: Vec<&syn::Type> = f
                    .sig
                    .inputs
                    .iter()
                    .filter_map(|arg| match arg {
                        syn::FnArg::Typed(t) => Some(&*t.ty),
                        syn::FnArg::Receiver(_) => None,
                    })
                    .collect();
                let last_is = |ty: &syn::Type, name: &str| matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == name));
                let returns_result = matches!(&f.sig.output, syn::ReturnType::Type(_, ty) if last_is(ty, "Result"));
                offers.explain =
                    inputs.len() == 2 && is_str_ref(inputs[0]) && last_is(inputs[1], "Part") && returns_result;
            }
            _ => {}
        }
    }
    offers
}

/// Walks one file's syntax tree, recording into `found` and queueing the module files it
/// declares.
struct Reader<'a> {
    found: &'a mut YearSources,
    pending: &'a mut Vec<Pending>,
    /// Module depth: 0 at the crate root.
    depth: usize,
    /// The day whose code this is.
    owner: Option<u8>,
    /// Where the current module's child modules live.
    dir: PathBuf,
    /// The folder of the file being read (what `#[path]` is relative to).
    file_dir: PathBuf,
}

impl Reader<'_> {
    fn reaches(&mut self) -> &mut Reaches {
        self.found.reaches.entry(self.owner).or_default()
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

    fn solution(&mut self, attr: &syn::Attribute) {
        let parsed = attr.parse_args_with(syn::punctuated::Punctuated::<syn::Ident, syn::Token![,]>::parse_terminated);
        let Ok(args) = parsed else { return };
        let args: Vec<String> = args.iter().map(|i| i.unraw().to_string()).collect();
        let day = args.first().and_then(|d| day_of_name(d));
        let part = args.get(1).and_then(|p| p.strip_prefix("part")?.parse().ok()).filter(|p| (1..=2).contains(p));
        if let (Some(day), Some(part), 2..=3) = (day, part, args.len()) {
            self.found.solutions.push(Solution { day, part, name: args.get(2).cloned() });
        }
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

impl<'ast> Visit<'ast> for Reader<'_> {
    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        // Attributes are no uses (`#[aoc(day3, part1)]`), but they say what a day solves,
        // which features the root gates days with, and where a module's file is.
        let last = attr.path().segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        match last.as_str() {
            "aoc" => self.solution(attr),
            "path" if self.owner.is_some() => self.reaches().unsure = true,
            "cfg" | "cfg_attr" if self.depth == 0 => {
                if let syn::Meta::List(list) = &attr.meta {
                    let names = literals_of("feature", list.tokens.clone()).into_iter();
                    let names = names.filter_map(|lit| syn::parse_str::<syn::LitStr>(&lit).ok());
                    self.found.features_named.extend(names.filter_map(|name| day_of_name(&name.value())));
                }
            }
            _ => {}
        }
    }

    fn visit_item_mod(&mut self, module: &'ast syn::ItemMod) {
        for attr in &module.attrs {
            self.visit_attribute(attr);
        }
        let name = module.ident.unraw().to_string();
        let owner = match (self.depth, day_of_ident(&module.ident)) {
            (0, Some(day)) => Some(day),
            _ => self.owner,
        };
        let path = path_attribute(&module.attrs);
        if self.depth == 0 && owner.is_some() && path.is_some() {
            self.found.reaches.entry(owner).or_default().unsure = true;
        }
        match &module.content {
            Some((_, items)) => {
                if let (0, Some(day)) = (self.depth, owner) {
                    self.found.days.insert(day, offers(items));
                }
                let (outer_owner, outer_dir) = (self.owner, self.dir.clone());
                self.owner = owner;
                self.dir = self.dir.join(&name);
                self.depth += 1;
                items.iter().for_each(|item| self.visit_item(item));
                self.depth -= 1;
                self.owner = outer_owner;
                self.dir = outer_dir;
            }
            None => {
                let (file, dir) = match path {
                    Some(path) => {
                        let file = self.file_dir.join(path);
                        let dir = file.parent().map_or_else(|| self.dir.clone(), Path::to_path_buf);
                        (file, dir)
                    }
                    None => {
                        let flat = self.dir.join(format!("{name}.rs"));
                        let file = if flat.is_file() { flat } else { self.dir.join(&name).join("mod.rs") };
                        (file, self.dir.join(&name))
                    }
                };
                if let (0, Some(day)) = (self.depth, owner) {
                    // Listed even when its file is missing: the compiler says so.
                    self.found.days.entry(day).or_default();
                }
                self.pending.push(Pending { file, dir, depth: self.depth + 1, owner });
            }
        }
    }

    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        if let (Some(name), true) = (&item.ident, item.mac.path.is_ident("macro_rules")) {
            self.reaches().defines_macros.insert(name.unraw().to_string());
            self.tokens(item.mac.tokens.clone());
            return;
        }
        if self.depth == 0 && item.mac.path.segments.last().is_some_and(|s| s.ident == "aoc_lib") {
            let year = literals_of("year", item.mac.tokens.clone()).iter().find_map(|y| y.parse().ok());
            self.found.year = self.found.year.or(year);
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

/// The literals after `key =` anywhere in `tokens`, as written (`year = 2016` in
/// `aoc_lib!`, `feature = "day4"` in a `cfg`).
fn literals_of(key: &str, tokens: TokenStream) -> Vec<String> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut found = Vec::new();
    for (i, tree) in trees.iter().enumerate() {
        match (tree, trees.get(i + 1), trees.get(i + 2)) {
            (TokenTree::Group(g), ..) => found.extend(literals_of(key, g.stream())),
            (TokenTree::Ident(k), Some(TokenTree::Punct(eq)), Some(TokenTree::Literal(value)))
                if k == key && eq.as_char() == '=' =>
            {
                found.push(value.to_string())
            }
            _ => {}
        }
    }
    found
}

impl YearSources {
    /// The days that have a module and `#[aoc]` solutions: the days the runner links.
    pub fn implemented(&self) -> BTreeSet<u8> {
        self.solutions.iter().map(|s| s.day).filter(|d| self.days.contains_key(d)).collect()
    }
}

/// Every implemented day of the workspace at `root`, as `(year, day)` in order, read from the
/// year crates' sources exactly as their build scripts read them (the days the runner
/// links), without building anything: so the xtask knows them while a day does not compile.
pub fn implemented_days(root: &Path) -> Vec<DayId> {
    let mut days = Vec::new();
    let Ok(entries) = fs::read_dir(root.join("crates")) else { return days };
    for entry in entries.flatten() {
        let named_year = entry.file_name().to_str().and_then(|n| n.strip_prefix("aoc")?.parse::<u16>().ok());
        if named_year.is_none() {
            continue;
        }
        let sources = read_year_days(&entry.path());
        let Some(year) = sources.year else { continue };
        days.extend(sources.implemented().into_iter().map(|day| DayId { year, day }));
    }
    days.sort_unstable();
    days
}

#[cfg(test)]
mod tests;

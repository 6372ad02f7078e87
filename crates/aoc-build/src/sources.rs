//! Which days a year crate has, read from its sources as the compiler reads them (`syn`):
//! its `aoc_lib! { year = ... }`, its day modules (`mod dayN;` in every form the compiler
//! accepts), their `#[aoc(dayN, partM[, name])]` solutions, and whether a day offers
//! `EXAMPLE` and `explain`. The build script reads them so to write the `DAYS` the runner
//! links, and the tools (crate `aoc-workspace`) so to know the days without building
//! anything, also while a day does not compile: one reading, one answer everywhere.
//!
//! The reading follows the module tree from `src/lib.rs` (`#[path]`, `dayN.rs`,
//! `dayN/mod.rs`, inline modules); a file that does not parse is left out, and the compiler
//! names it. What the tools read beyond the days (where a file stops being Rust, what a
//! day's code reaches) is theirs: `aoc_workspace::sources`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use proc_macro2::{TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::visit::Visit;

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

/// `"day3"` -> 3 (days 1 to 25): the one reading of a day's module, file or feature name.
pub fn day_of_name(name: &str) -> Option<u8> {
    let digits = name.strip_prefix("day")?;
    if digits.starts_with('0') || digits.starts_with('+') {
        return None;
    }
    digits.parse().ok().filter(|d| (1..=25).contains(d))
}

/// The value of a `#[path = "..."]` attribute among `attrs`.
pub fn path_attribute(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| match &a.meta.require_name_value().ok()?.value {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) if a.path().is_ident("path") => Some(s.value()),
        _ => None,
    })
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
    /// The days whose feature `lib.rs`'s `cfg` attributes name (`feature = "day4"`).
    pub features_named: BTreeSet<u8>,
    /// The newest source's modification time.
    pub newest: Option<SystemTime>,
}

/// What [`read_year_days`] hands every file of a year crate's module tree to, parsed: the
/// file's module depth (0 for `lib.rs`, 1 for a day's root module), the day whose module
/// tree it is in (`None`: the crate's shared code), its syntax tree.
pub type EachFile<'a> = &'a mut dyn FnMut(usize, Option<u8>, &syn::File);

/// Reads the crate at `crate_dir` by its module tree from `src/lib.rs`. Fast: below a day's
/// root module, a file without the letters `aoc` or `mod` can declare no solution and no
/// module, so it is not parsed (the edit loop reads a year on every build); unless `each`
/// is given, for what the tools read beyond the days (what each day's code reaches of the
/// others): it is handed every file.
pub fn read_year_days(crate_dir: &Path, mut each: Option<EachFile>) -> YearSources {
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
        if each.is_none() && next.depth >= 2 && !text.contains("aoc") && !text.contains("mod") {
            continue;
        }
        // The compiler names what is wrong with it.
        let Ok(file) = syn::parse_file(&text) else { continue };
        let file_dir = next.file.parent().map_or_else(|| src.clone(), Path::to_path_buf);
        let mut reader = Reader {
            found: &mut found,
            pending: &mut pending,
            depth: next.depth,
            owner: next.owner,
            dir: next.dir,
            file_dir,
        };
        if let (1, Some(day)) = (next.depth, next.owner) {
            reader.found.days.insert(day, offers(&file.items));
        }
        reader.visit_file(&file);
        if let Some(each) = each.as_mut() {
            each(next.depth, next.owner, &file);
        }
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
                let last_is = |ty: &syn::Type, name: &str| matches!(ty, syn::Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == name));
                let returns_result = matches!(&f.sig.output, syn::ReturnType::Type(_, ty) if last_is(ty, "Result"));
                // `(input: &str, part: Part)`, with any names.
                let inputs: Vec<&syn::FnArg> = f.sig.inputs.iter().collect();
                offers.explain = returns_result
                    && matches!(inputs[..], [syn::FnArg::Typed(input), syn::FnArg::Typed(part)]
                        if is_str_ref(&input.ty) && last_is(&part.ty, "Part"));
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

impl<'ast> Visit<'ast> for Reader<'_> {
    fn visit_attribute(&mut self, attr: &'ast syn::Attribute) {
        // `#[aoc(day3, part1)]` says what a day solves; the root's `cfg`s, which features
        // gate its days.
        let last = attr.path().segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        match last.as_str() {
            "aoc" => self.solution(attr),
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
        let owner = match (self.depth, day_of_name(&name)) {
            (0, Some(day)) => Some(day),
            _ => self.owner,
        };
        match &module.content {
            Some((_, items)) => {
                if let (0, Some(day)) = (self.depth, owner) {
                    self.found.days.insert(day, offers(items));
                }
                let outer = (self.owner, self.dir.clone(), self.depth);
                (self.owner, self.dir, self.depth) = (owner, self.dir.join(&name), self.depth + 1);
                items.iter().for_each(|item| self.visit_item(item));
                (self.owner, self.dir, self.depth) = outer;
            }
            None => {
                let (file, dir) = match path_attribute(&module.attrs) {
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
        if self.depth == 0 && item.mac.path.segments.last().is_some_and(|s| s.ident == "aoc_lib") {
            let year = literals_of("year", item.mac.tokens.clone()).iter().find_map(|y| y.parse().ok());
            self.found.year = self.found.year.or(year);
        }
        syn::visit::visit_item_macro(self, item);
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

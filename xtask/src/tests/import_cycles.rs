//! No module of the workspace's own crates (the tools and shared libraries, not the days)
//! imports one that imports it back, directly or through others (docs/architecture.md): a
//! module two others share is a third module. Read from
//! the sources: each `crate::a::b` and `super::a` path outside comments and test modules is
//! an arrow from the module it is written in to the module it names.

// Test code throughout: a failure is a panic.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A crate's modules by path (`day11::solve`), each with its file.
fn modules(src: &Path) -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    let mut folders = vec![src.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(src).unwrap().with_extension("");
                let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
                if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                    parts.pop();
                }
                found.insert(parts.join("::"), path);
            }
        }
    }
    found
}

/// The code of a module without comments and without its `#[cfg(test)] mod tests { .. }`.
fn code(text: &str) -> String {
    let end = text.find("#[cfg(test)]\nmod tests {").unwrap_or(text.len());
    text[..end].lines().filter(|line| !line.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The modules `module` imports, as paths of `all`: neither itself, nor its ancestors or
/// descendants (a module and its children are one room).
fn imports(module: &str, text: &str, all: &BTreeMap<String, PathBuf>) -> BTreeSet<String> {
    let own: Vec<&str> = if module.is_empty() { Vec::new() } else { module.split("::").collect() };
    let parent = own[..own.len().saturating_sub(1)].to_vec();
    let mut found = BTreeSet::new();
    for (keyword, base) in [("crate::", Vec::new()), ("super::", parent)] {
        for (at, _) in text.match_indices(keyword) {
            if text[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue; // `mysuper::`, not `super::`
            }
            let rest = &text[at + keyword.len()..];
            let path = rest.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).next().unwrap_or_default();
            let named: Vec<&str> = base.iter().copied().chain(path.split("::").filter(|p| !p.is_empty())).collect();
            let target = (1..=named.len()).rev().map(|k| named[..k].join("::")).find(|m| all.contains_key(m));
            let Some(target) = target else { continue };
            let related = target == module
                || module.starts_with(&format!("{target}::"))
                || target.starts_with(&format!("{module}::"));
            if !related {
                found.insert(target);
            }
        }
    }
    found
}

/// A circle of imports among `edges`, if there is one.
fn circle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn walk(
        at: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == at) {
            let mut found = path[start..].to_vec();
            found.push(at.to_string());
            return Some(found);
        }
        if !done.insert(at.to_string()) {
            return None;
        }
        path.push(at.to_string());
        for next in edges.get(at).into_iter().flatten() {
            if let Some(found) = walk(next, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    edges.keys().find_map(|start| walk(start, edges, &mut Vec::new(), &mut done))
}

/// The crates this rule is ours to keep in: the tools and the shared libraries. A day's crate
/// is the user's own, and code the compiler accepts passes `cargo test` there.
const OURS: [&str; 13] = [
    "xtask",
    "crates/aoc-build",
    "crates/aoc-commands",
    "crates/aoc-day",
    "crates/aoc-days",
    "crates/aoc-site",
    "crates/aoc-timings",
    "crates/aoc-watch",
    "crates/aoc-workspace",
    "crates/benches",
    "crates/runner",
    "crates/search-core",
    "crates/test-kit",
];

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let sources = OURS.iter().map(|krate| root.join(krate).join("src")).filter(|src| src.is_dir());
    let mut circles = Vec::new();
    for src in sources {
        let all = modules(&src);
        let edges: BTreeMap<String, BTreeSet<String>> = all
            .iter()
            .filter(|(module, _)| !module.split("::").any(|part| part == "tests"))
            .map(|(module, file)| {
                (module.clone(), imports(module, &code(&std::fs::read_to_string(file).unwrap()), &all))
            })
            .collect();
        if let Some(found) = circle(&edges) {
            circles.push(format!("{}: {}", src.display(), found.join(" -> ")));
        }
    }
    assert!(
        circles.is_empty(),
        "import circles (a module two others share is a third module):\n{}",
        circles.join("\n")
    );
}

#[test]
fn a_circle_is_found_and_a_shared_module_is_none() {
    let all: BTreeMap<String, PathBuf> =
        ["", "solve", "tight", "space"].iter().map(|m| (m.to_string(), PathBuf::new())).collect();
    let edges = |pairs: &[(&str, &str)]| {
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in pairs {
            edges.entry(from.to_string()).or_default().insert(to.to_string());
        }
        edges
    };
    assert_eq!(
        imports("solve", "use super::tight::path;\nuse crate::space::*;", &all),
        ["space", "tight"].map(String::from).into()
    );
    assert!(imports("solve", &code("// see super::tight\nfn f() {}"), &all).is_empty(), "comments import nothing");
    assert!(imports("solve", "mysuper::tight::x();", &all).is_empty());
    assert!(circle(&edges(&[("solve", "tight"), ("tight", "solve")])).is_some());
    assert!(circle(&edges(&[("solve", "space"), ("tight", "space")])).is_none());
}

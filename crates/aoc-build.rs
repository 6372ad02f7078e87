// The build script of every year crate (each `crates/aocYYYY/build.rs` includes this file).
//
// `cargo aoc` (cargo-aoc 0.3) runs `cargo check` in the crate's directory, then reads the
// list of implemented days from `<crate>/target/aoc/completed.json`. aoc-runner's
// `aoc_lib!` writes that file relative to rustc's working directory, which in a workspace
// is the workspace root, shared by every year crate: so cargo-aoc either finds nothing or
// another year's days. This script writes the crate's own file instead, from the
// `#[aoc(dayN, partM)]` attributes in its sources and the year in `aoc_lib!`.
//
// It reruns only when a source file changes or the metadata file is missing. To keep
// cargo from seeing its own output as a change, the file's modification time is set to
// that of the newest source.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=target/aoc/completed.json");
    let mut sources = Vec::new();
    collect_rust_files(Path::new("src"), &mut sources);
    sources.sort();
    let mut year = None;
    let mut parts = Vec::new();
    let mut newest = SystemTime::UNIX_EPOCH;
    for path in &sources {
        let Ok(text) = fs::read_to_string(path) else { continue };
        if let Ok(modified) = fs::metadata(path).and_then(|m| m.modified()) {
            newest = newest.max(modified);
        }
        for line in text.lines().map(str::trim).filter(|l| !l.starts_with("//")) {
            if let Some(found) = aoc_lib_year(line) {
                year = Some(found);
            }
            if let Some(part) = aoc_attribute(line) {
                parts.push(part);
            }
        }
    }
    let Some(year) = year else {
        println!("cargo:warning=no `aoc_lib! {{ year = ... }}` found in src: cargo-aoc metadata not written");
        return;
    };
    parts.sort();
    parts.dedup();
    let entries: Vec<String> = parts
        .iter()
        .map(|(day, part, name)| {
            let name = name.as_ref().map_or("null".to_string(), |n| format!("\"{n}\""));
            format!("    {{ \"day\": {day}, \"part\": {part}, \"name\": {name} }}")
        })
        .collect();
    let json = format!("{{\n  \"year\": {year},\n  \"parts\": [\n{}\n  ]\n}}\n", entries.join(",\n"));
    let path = Path::new("target/aoc/completed.json");
    if fs::read_to_string(path).ok().as_deref() != Some(json.as_str()) {
        let written = fs::create_dir_all("target/aoc").and_then(|()| fs::write(path, &json));
        if let Err(e) = written {
            println!("cargo:warning=cannot write {}: {e}", path.display());
            return;
        }
    }
    if let Ok(file) = fs::File::options().write(true).open(path) {
        let _ = file.set_modified(newest);
    }
}

fn collect_rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `aoc_lib! { year = 2016 }` -> 2016.
fn aoc_lib_year(line: &str) -> Option<u32> {
    let rest = line.strip_prefix("aoc_lib!")?;
    let rest = &rest[rest.find("year")? + 4..];
    let digits: String = rest.trim_start_matches([' ', '=']).chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// `#[aoc(day11, part1)]` / `#[aoc(day11, part2, fast)]` -> (11, 2, Some("fast")).
fn aoc_attribute(line: &str) -> Option<(u32, u32, Option<String>)> {
    let inner = line.strip_prefix("#[aoc(")?.split(")]").next()?;
    let mut args = inner.split(',').map(str::trim);
    let day = args.next()?.strip_prefix("day")?.parse().ok()?;
    let part = args.next()?.strip_prefix("part")?.parse().ok()?;
    let name = args.next().filter(|n| !n.is_empty()).map(str::to_string);
    Some((day, part, name))
}

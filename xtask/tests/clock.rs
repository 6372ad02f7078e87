//! `cargo xtask today` and `scaffold` with a clock or a year the site does not have: a
//! usage error in one line (exit 2) before anything is created.

// Test code throughout: a failure is a panic.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// Every file and folder under `dir`, sorted.
fn tree(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            if entry.file_type().unwrap().is_dir() {
                folders.push(entry.path());
            }
            found.push(entry.path());
        }
    }
    found.sort();
    found
}

fn xtask(root: &Path, words: &[&str], clock: Option<&str>) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_xtask"));
    command.args(words).env("AOC_ROOT", root).env_remove("AOC_NOW");
    if let Some(clock) = clock {
        command.env("AOC_NOW", clock);
    }
    command.output().unwrap()
}

#[test]
fn a_clock_or_year_the_site_does_not_have_is_one_line_and_exit_2_creating_nothing() {
    let root = tempfile::tempdir().unwrap();
    std::fs::write(root.path().join("Cargo.toml"), "[workspace]\nmembers = [\"crates/*\"]\nexclude = []\n").unwrap();
    std::fs::create_dir_all(root.path().join("crates/runner")).unwrap();
    let before = tree(root.path());
    let cases: [(&[&str], Option<&str>, &str); 5] = [
        (&["today"], Some("2101-12-01T05:00:00Z"), "outside the years Advent of Code has"),
        (&["today"], Some("99999-12-01T05:00:00Z"), "is not an RFC 3339 time"),
        (&["today"], Some("2026-02-31T12:00:00Z"), "is not an RFC 3339 time"),
        (&["today", "--year", "2100", "--day", "1"], None, "2100 has no Advent of Code"),
        (&["scaffold", "2100-1"], None, "2100 has no Advent of Code"),
    ];
    for (words, clock, says) in cases {
        let output = xtask(root.path(), words, clock);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{words:?} {clock:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{words:?}: {}", String::from_utf8_lossy(&output.stdout));
        assert_eq!(stderr.lines().count(), 1, "{words:?} {clock:?}: {stderr}");
        assert!(stderr.starts_with("error: ") && stderr.contains(says), "{words:?} {clock:?}: {stderr}");
        assert_eq!(tree(root.path()), before, "{words:?} {clock:?} created something");
    }
}

use super::*;

/// A small workspace under git, shaped like the real one: two years (2015 with two days,
/// 2017 with one and a helper crate), the runner and benchmark manifests that list them, a
/// benchmark and an example that name a day, and the user's input and timings.
fn workspace() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = root.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "Cargo.toml",
        "[workspace]\nmembers = [\"crates/*\", \"xtask\"]\nexclude = [\n    \"crates/aoc2015/target\",\n    \"crates/aoc2017/target\",\n]\n\n[workspace.dependencies]\naoc-runner = \"0.3\"\naoc2017-day7-model = { path = \"crates/aoc2017-day7-model\" }\n\n[profile.release]\nopt-level = 3\n\n# The day 7 table.\n[profile.release.package.aoc2017-day7-model]\nopt-level = 3\n",
    );
    write("xtask/Cargo.toml", "[package]\nname = \"xtask\"\n\n[dependencies]\nanyhow = \"1\"\n");
    write(
        "crates/runner/Cargo.toml",
        "[package]\nname = \"runner\"\n\n[dependencies]\n# The year crates.\naoc2015 = { path = \"../aoc2015\" }\naoc2017 = { path = \"../aoc2017\" }\nanyhow.workspace = true\n",
    );
    write("crates/runner/src/main.rs", "// aoc2017::day7 in a comment is no use, nor \"crates/aoc2017/\"\nfn main() {\n    let _ = aoc2017::DAYS;\n}\n");
    write(
        "crates/benches/Cargo.toml",
        "[package]\nname = \"benches\"\n\n[dependencies]\naoc2015 = { path = \"../aoc2015\" }\naoc2017 = { path = \"../aoc2017\" }\n\n[[bench]]\nname = \"days\"\nharness = false\n\n[[bench]]\nname = \"day7\"\nharness = false\n",
    );
    write("crates/benches/benches/days.rs", "fn main() {}\n");
    write("crates/benches/benches/day7.rs", "use aoc2017::day7::parse;\nfn main() {}\n");
    write(
        "crates/aoc2015/Cargo.toml",
        "[package]\nname = \"aoc2015\"\n\n[[example]]\nname = \"prof1\"\n\n[[example]]\nname = \"other\"\n",
    );
    write("crates/aoc2015/src/lib.rs", "pub mod day1;\npub mod day2;\n\naoc_lib! { year = 2015 }\n");
    write("crates/aoc2015/src/day1/mod.rs", "// day 1\n");
    write("crates/aoc2015/src/day2.rs", "// day 2\n");
    write("crates/aoc2015/examples/prof1.rs", "use aoc2015::day1::parse;\nfn main() {}\n");
    write("crates/aoc2015/examples/other.rs", "use aoc2015::day10::parse;\nfn main() {}\n");
    write("crates/aoc2017/Cargo.toml", "[package]\nname = \"aoc2017\"\n");
    write("crates/aoc2017/src/lib.rs", "pub mod day7;\n\naoc_lib! { year = 2017 }\n");
    write("crates/aoc2017/src/day7/mod.rs", "// day 7\n");
    write(
        "crates/aoc2017-day7-model/Cargo.toml",
        "[package]\nname = \"aoc2017-day7-model\"\n\n[package.metadata.aoc]\nserves = \"2017-7\"\n",
    );
    write("crates/aoc2017-day7-model/src/lib.rs", "\n");
    write("timings/mine.json", "{}\n");
    let git = |args: &[&str]| {
        let status = Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@localhost"])
            .args(args)
            .current_dir(root.path())
            .output()
            .unwrap();
        assert!(status.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&status.stderr));
    };
    git(&["init", "-q"]);
    git(&["add", "-A"]);
    git(&["commit", "-qm", "base"]);
    // The user's input is not in git, and must survive.
    write("inputs/2017/day7.txt", "my input\n");
    root
}

fn read(root: &Path, path: &str) -> String {
    std::fs::read_to_string(root.join(path)).unwrap()
}

fn paths(list: &[PathBuf]) -> Vec<String> {
    list.iter().map(|p| p.display().to_string()).collect()
}

#[test]
fn a_day_of_a_year_that_keeps_others_goes_with_its_line_and_what_names_it() {
    let root = workspace();
    let report = remove(root.path(), &[Removal::Day("2015-1".parse().unwrap())], false).unwrap();
    assert_eq!(paths(&report.deleted), ["crates/aoc2015/examples/prof1.rs", "crates/aoc2015/src/day1"]);
    assert_eq!(paths(&report.edited), ["crates/aoc2015/Cargo.toml", "crates/aoc2015/src/lib.rs"]);
    assert_eq!(read(root.path(), "crates/aoc2015/src/lib.rs"), "pub mod day2;\n\naoc_lib! { year = 2015 }\n");
    let manifest = read(root.path(), "crates/aoc2015/Cargo.toml");
    assert!(!manifest.contains("prof1") && manifest.contains("name = \"other\""), "{manifest}");
    assert!(root.path().join("crates/aoc2015/examples/other.rs").exists(), "day10 is not day1");
    assert!(read(root.path(), "crates/runner/Cargo.toml").contains("aoc2015"), "the year stays");
}

#[test]
fn a_year_goes_with_its_crates_and_every_line_that_names_them() {
    let root = workspace();
    // Its last day named is the whole year.
    let report = remove(root.path(), &[Removal::Day("2017-7".parse().unwrap())], false).unwrap();
    assert_eq!(
        paths(&report.deleted),
        ["crates/aoc2017", "crates/aoc2017-day7-model", "crates/benches/benches/day7.rs"]
    );
    assert_eq!(paths(&report.edited), ["Cargo.toml", "crates/benches/Cargo.toml", "crates/runner/Cargo.toml"]);
    // Code that is not a benchmark, example or test is the user's to edit: named, kept.
    assert_eq!(report.still_naming, [(PathBuf::from("crates/runner/src/main.rs"), "aoc2017".to_string())]);
    let workspace = read(root.path(), "Cargo.toml");
    assert!(workspace.contains("exclude = [\n    \"crates/aoc2015/target\",\n]"), "{workspace}");
    assert!(!workspace.contains("aoc2017") && !workspace.contains("The day 7 table"), "{workspace}");
    assert!(workspace.contains("aoc-runner = \"0.3\"") && workspace.contains("[profile.release]\nopt-level = 3"));
    let runner = read(root.path(), "crates/runner/Cargo.toml");
    assert!(
        runner.contains("[dependencies]\n# The year crates.\naoc2015 = { path = \"../aoc2015\" }\nanyhow"),
        "{runner}"
    );
    let benches = read(root.path(), "crates/benches/Cargo.toml");
    assert!(
        !benches.contains("aoc2017") && !benches.contains("day7") && benches.contains("name = \"days\""),
        "{benches}"
    );
    assert_eq!(read(root.path(), "inputs/2017/day7.txt"), "my input\n", "inputs stay");
    assert!(root.path().join("timings/mine.json").exists(), "timings stay");
    // The last year too (its manifests were just edited: forced): the lists that name
    // years are left empty, not broken.
    remove(root.path(), &[Removal::Year(2015)], true).unwrap();
    let workspace = read(root.path(), "Cargo.toml");
    assert!(workspace.contains("exclude = []"), "{workspace}");
    assert_eq!(
        read(root.path(), "crates/runner/Cargo.toml"),
        "[package]\nname = \"runner\"\n\n[dependencies]\n# The year crates.\nanyhow.workspace = true\n"
    );
    // And scaffold starts again from there.
    crate::scaffold::scaffold(root.path(), "2015-1".parse().unwrap()).unwrap();
    assert!(read(root.path(), "Cargo.toml").contains("exclude = [\n    \"crates/aoc2015/target\",\n]"));
    let runner = read(root.path(), "crates/runner/Cargo.toml");
    assert!(runner.contains("# The year crates.\naoc2015 = { path = \"../aoc2015\" }\nanyhow"), "{runner}");
}

#[test]
fn changes_git_does_not_hold_stop_it_before_anything_is_deleted() {
    let root = workspace();
    let day = root.path().join("crates/aoc2017/src/day7/mod.rs");
    std::fs::write(&day, "// my unsaved work\n").unwrap();
    let eleven = [Removal::Day("2017-7".parse().unwrap())];
    let err = remove(root.path(), &eleven, false).unwrap_err().to_string();
    assert!(err.starts_with("nothing removed: ") && err.contains("crates/aoc2017/src/day7/mod.rs"), "{err}");
    assert_eq!(std::fs::read_to_string(&day).unwrap(), "// my unsaved work\n");
    assert!(read(root.path(), "Cargo.toml").contains("aoc2017"), "nothing edited");
    // An untracked file inside a day counts too.
    Command::new("git").args(["checkout", "-q", "--", "."]).current_dir(root.path()).status().unwrap();
    std::fs::write(root.path().join("crates/aoc2017/src/day7/notes.rs"), "// new\n").unwrap();
    let err = remove(root.path(), &eleven, false).unwrap_err().to_string();
    assert!(err.contains("crates/aoc2017/src/day7/notes.rs"), "{err}");
    let report = remove(root.path(), &eleven, true).unwrap();
    assert!(!root.path().join("crates/aoc2017").exists() && !report.deleted.is_empty());
}

#[test]
fn what_does_not_exist_is_named_and_nothing_happens() {
    let root = workspace();
    let err = remove(root.path(), &[Removal::Day("2015-3".parse().unwrap()), Removal::Year(2017)], false).unwrap_err();
    assert!(err.to_string().contains("2015-03 does not exist"), "{err}");
    let err = remove(root.path(), &[Removal::Year(2019)], false).unwrap_err();
    assert!(err.to_string().contains("crates/aoc2019 does not exist"), "{err}");
    assert!(root.path().join("crates/aoc2017").exists());
}

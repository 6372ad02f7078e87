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
        "crates/aoc-days/Cargo.toml",
        "[package]\nname = \"aoc-days\"\n\n[dependencies]\n# The year crates.\naoc2015 = { path = \"../aoc2015\" }\naoc2017 = { path = \"../aoc2017\" }\nanyhow.workspace = true\n",
    );
    write("crates/aoc-days/src/main.rs", "// aoc2017::day7 in a comment is no use, nor \"crates/aoc2017/\"\nfn main() {\n    let _ = aoc2017::DAYS;\n}\n");
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
    write("crates/aoc2015/src/day1/mod.rs", "#[aoc(day1, part1)]\nfn one() {}\n");
    write("crates/aoc2015/src/day2.rs", "#[aoc(day2, part1)]\nfn two() {}\n");
    write("crates/aoc2015/examples/prof1.rs", "use aoc2015::day1::parse;\nfn main() {}\n");
    write("crates/aoc2015/examples/other.rs", "use aoc2015::day10::parse;\nfn main() {}\n");
    write("crates/aoc2017/Cargo.toml", "[package]\nname = \"aoc2017\"\n");
    write("crates/aoc2017/src/lib.rs", "pub mod day7;\n\naoc_lib! { year = 2017 }\n");
    write("crates/aoc2017/src/day7/mod.rs", "#[aoc(day7, part1)]\nfn seven() {}\n");
    write(
        "crates/aoc2017-day7-model/Cargo.toml",
        "[package]\nname = \"aoc2017-day7-model\"\n\n[package.metadata.aoc]\nserves = \"2017-7\"\n",
    );
    write("crates/aoc2017-day7-model/src/lib.rs", "\n");
    write("timings/mine.json", "{}\n");
    write(".gitignore", "/crates/*/target\n/inputs/\n");
    write(
        "README.md",
        "# Mine\n\n<!-- days:start (kept) -->\n| day | puzzle | approach |\n|---|---|---|\n| 2015-01 | One | a loop |\n| 2015-02 | Two | a map |\n| 2017-07 | Seven | a tree |\n<!-- days:end -->\n\n<!-- quickstart:start (kept) -->\n```sh\ncargo xtask run 2015-01\n```\n<!-- quickstart:end -->\n\n<!-- day 2017-7 -->\nAll about 2017-07.\n<!-- /day -->\n\nThe end.\n",
    );
    write("docs/2017-07.md", "# 2017-07\n");
    write("docs/commands.md", "# Commands\n\ncargo xtask run 2015-1\n\n| 2017-07 | deep | <!-- day 2017-7 -->\n");
    write("scripts/2017-07-scale.sh", "#!/bin/sh\n");
    write("scripts/all.sh", "#!/bin/sh\n");
    git(root.path(), &["init", "-q"]);
    git(root.path(), &["add", "-A"]);
    git(root.path(), &["commit", "-qm", "base"]);
    // The user's input is not in git, and must survive.
    write("inputs/2017/day7.txt", "my input\n");
    root
}

fn git(root: &Path, args: &[&str]) {
    let status = Command::new("git")
        // No background maintenance: a process after every commit, for a throwaway repository.
        .args(["-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "maintenance.auto=false"])
        .args(args)
        .current_dir(root)
        .output()
        .unwrap();
    assert!(status.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&status.stderr));
}

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
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
    let report = remove(root.path(), &[DayOrYear::Day("2015-1".parse().unwrap())], false).unwrap();
    assert_eq!(paths(&report.deleted), ["crates/aoc2015/examples/prof1.rs", "crates/aoc2015/src/day1"]);
    assert_eq!(paths(&report.edited), ["README.md", "crates/aoc2015/Cargo.toml", "crates/aoc2015/src/lib.rs"]);
    let readme = read(root.path(), "README.md");
    assert!(!readme.contains("2015-01") && readme.contains("```sh\ncargo xtask run 2015-2 "), "{readme}");
    assert_eq!(read(root.path(), "crates/aoc2015/src/lib.rs"), "pub mod day2;\n\naoc_lib! { year = 2015 }\n");
    let manifest = read(root.path(), "crates/aoc2015/Cargo.toml");
    assert!(!manifest.contains("prof1") && manifest.contains("name = \"other\""), "{manifest}");
    assert!(root.path().join("crates/aoc2015/examples/other.rs").exists(), "day10 is not day1");
    assert!(read(root.path(), "crates/aoc-days/Cargo.toml").contains("aoc2015"), "the year stays");
}

#[test]
fn a_year_goes_with_its_crates_and_every_line_that_names_them() {
    let root = workspace();
    // Its last day named is the whole year.
    let report = remove(root.path(), &[DayOrYear::Day("2017-7".parse().unwrap())], false).unwrap();
    assert_eq!(
        paths(&report.deleted),
        [
            "crates/aoc2017",
            "crates/aoc2017-day7-model",
            "crates/benches/benches/day7.rs",
            "docs/2017-07.md",
            "scripts/2017-07-scale.sh"
        ]
    );
    assert_eq!(
        paths(&report.edited),
        ["Cargo.toml", "README.md", "crates/aoc-days/Cargo.toml", "crates/benches/Cargo.toml", "docs/commands.md"]
    );
    // Code that is not a benchmark, example or test is the user's to edit: named, kept.
    assert_eq!(report.still_naming, [(PathBuf::from("crates/aoc-days/src/main.rs"), "aoc2017".to_string())]);
    let workspace = read(root.path(), "Cargo.toml");
    assert!(workspace.contains("exclude = [\n    \"crates/aoc2015/target\",\n]"), "{workspace}");
    assert!(!workspace.contains("aoc2017") && !workspace.contains("The day 7 table"), "{workspace}");
    assert!(workspace.contains("aoc-runner = \"0.3\"") && workspace.contains("[profile.release]\nopt-level = 3"));
    let runner = read(root.path(), "crates/aoc-days/Cargo.toml");
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
    let report = remove(root.path(), &[DayOrYear::Year(2015)], true).unwrap();
    assert_eq!(report.still_naming, [], "the runner's main.rs names aoc2017, gone already, not aoc2015");
    assert_eq!(
        paths(&report.edited),
        ["Cargo.toml", "README.md", "crates/aoc-days/Cargo.toml", "crates/benches/Cargo.toml"],
        "each manifest that named aoc2015, and the README's days; nothing else"
    );
    let workspace = read(root.path(), "Cargo.toml");
    assert!(workspace.contains("exclude = []"), "{workspace}");
    assert_eq!(
        read(root.path(), "crates/aoc-days/Cargo.toml"),
        "[package]\nname = \"aoc-days\"\n\n[dependencies]\n# The year crates.\nanyhow.workspace = true\n"
    );
    // And scaffold starts again from there.
    crate::scaffold::scaffold(root.path(), "2015-1".parse().unwrap()).unwrap();
    assert!(read(root.path(), "Cargo.toml").contains("exclude = [\n    \"crates/aoc2015/target\",\n]"));
    let runner = read(root.path(), "crates/aoc-days/Cargo.toml");
    assert!(runner.contains("# The year crates.\naoc2015 = { path = \"../aoc2015\" }\nanyhow"), "{runner}");
}

#[test]
fn changes_git_does_not_hold_stop_it_before_anything_is_deleted() {
    let root = workspace();
    let day = root.path().join("crates/aoc2017/src/day7/mod.rs");
    std::fs::write(&day, "// my unsaved work\n").unwrap();
    let eleven = [DayOrYear::Day("2017-7".parse().unwrap())];
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
    let err =
        remove(root.path(), &[DayOrYear::Day("2015-3".parse().unwrap()), DayOrYear::Year(2017)], false).unwrap_err();
    assert!(err.to_string().contains("2015-3 does not exist"), "{err}");
    let err = remove(root.path(), &[DayOrYear::Year(2019)], false).unwrap_err();
    assert!(err.to_string().contains("crates/aoc2019 does not exist"), "{err}");
    assert!(root.path().join("crates/aoc2017").exists());
}

#[test]
fn a_git_ignored_file_under_a_deleted_folder_stops_it_and_is_named() {
    let root = workspace();
    std::fs::write(root.path().join(".git/info/exclude"), "*.local\n").unwrap();
    write(root.path(), "crates/aoc2017/src/day7/ideas.local", "my notes\n");
    // cargo-aoc's build folder, git-ignored too, is cargo's, not the user's.
    write(root.path(), "crates/aoc2017/target/aoc/completed.json", "{}\n");
    let err = remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap_err().to_string();
    assert!(err.starts_with("nothing removed: ") && err.contains("!! crates/aoc2017/src/day7/ideas.local"), "{err}");
    assert!(!err.contains("target"), "{err}");
    assert_eq!(read(root.path(), "crates/aoc2017/src/day7/ideas.local"), "my notes\n");
    std::fs::remove_file(root.path().join("crates/aoc2017/src/day7/ideas.local")).unwrap();
    remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap();
    assert!(!root.path().join("crates/aoc2017").exists());
}

#[cfg(unix)]
#[test]
fn a_symlink_is_removed_or_left_never_followed() {
    let root = workspace();
    let outside = tempfile::tempdir().unwrap();
    write(outside.path(), "shared/day7.rs", "use aoc2017::day7::parse;\nfn main() {}\n");
    write(outside.path(), "one.rs", "use aoc2017::day7::parse;\nfn main() {}\n");
    let benches = root.path().join("crates/benches/benches");
    std::os::unix::fs::symlink(outside.path().join("shared"), benches.join("shared")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("one.rs"), benches.join("one.rs")).unwrap();
    git(root.path(), &["add", "-A"]);
    git(root.path(), &["commit", "-qm", "links"]);
    let report = remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap();
    assert!(paths(&report.deleted).contains(&"crates/benches/benches/one.rs".to_string()), "{report:?}");
    assert!(!benches.join("one.rs").exists() && !benches.join("one.rs").is_symlink(), "the link goes");
    assert_eq!(read(outside.path(), "one.rs"), "use aoc2017::day7::parse;\nfn main() {}\n", "its target stays");
    assert!(benches.join("shared").is_symlink(), "a linked folder is not entered");
    assert_eq!(read(outside.path(), "shared/day7.rs"), "use aoc2017::day7::parse;\nfn main() {}\n");
}

#[test]
fn a_crate_named_like_a_year_is_the_users_and_stays() {
    let root = workspace();
    write(
        root.path(),
        "crates/aoc2017-viz/Cargo.toml",
        "[package]\nname = \"aoc2017-viz\"\n\n[dependencies]\naoc2017 = { path = \"../aoc2017\" }\nanyhow = \"1\"\n",
    );
    write(root.path(), "crates/aoc2017-viz/src/main.rs", "fn main() {\n    let _ = aoc2017::DAYS;\n}\n");
    git(root.path(), &["add", "-A"]);
    git(root.path(), &["commit", "-qm", "viz"]);
    let report = remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap();
    assert!(!paths(&report.deleted).iter().any(|p| p.contains("viz")), "{report:?}");
    assert_eq!(read(root.path(), "crates/aoc2017-viz/src/main.rs"), "fn main() {\n    let _ = aoc2017::DAYS;\n}\n");
    assert!(paths(&report.edited).contains(&"crates/aoc2017-viz/Cargo.toml".to_string()), "{report:?}");
    assert_eq!(
        read(root.path(), "crates/aoc2017-viz/Cargo.toml"),
        "[package]\nname = \"aoc2017-viz\"\n\n[dependencies]\nanyhow = \"1\"\n"
    );
    assert!(report.still_naming.contains(&(PathBuf::from("crates/aoc2017-viz/src/main.rs"), "aoc2017".to_string())));
    assert!(!root.path().join("crates/aoc2017-day7-model").exists(), "the crate that says it serves 2017-7 goes");
}

#[test]
fn a_test_that_also_serves_what_stays_is_never_deleted() {
    let root = workspace();
    let both = "use aoc2015::day1;\nuse aoc2017::day7;\n\n#[test]\nfn fifteen() {}\n\n#[test]\nfn seventeen() {}\n";
    write(root.path(), "crates/aoc-days/tests/both.rs", both);
    write(
        root.path(),
        "crates/aoc-days/tests/days12.rs",
        "use aoc2015::day1::parse;\nuse aoc2015::day2::parse as p;\n",
    );
    git(root.path(), &["add", "-A"]);
    git(root.path(), &["commit", "-qm", "tests"]);
    // Both reasons at once, each with its files.
    write(root.path(), "crates/aoc2017/src/day7/draft.rs", "// mine\n");
    let err = remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap_err().to_string();
    assert!(err.starts_with("nothing removed: these files serve what is removed and what stays"), "{err}");
    assert!(err.contains("crates/aoc-days/tests/both.rs uses `aoc2017` and `aoc2015`"), "{err}");
    assert!(
        err.contains("\nthese files have changes git does not hold")
            && err.contains("?? crates/aoc2017/src/day7/draft.rs"),
        "{err}"
    );
    std::fs::remove_file(root.path().join("crates/aoc2017/src/day7/draft.rs")).unwrap();
    assert!(root.path().join("crates/aoc2017").exists(), "nothing removed");
    // A day of a year that keeps others: the other day's path is what stays.
    let err = remove(root.path(), &[DayOrYear::Day("2015-1".parse().unwrap())], false).unwrap_err().to_string();
    assert!(err.contains("crates/aoc-days/tests/days12.rs uses `aoc2015::day1` and `aoc2015::day2`"), "{err}");
    // Forced, the file is kept and named.
    let report = remove(root.path(), &[DayOrYear::Year(2017)], true).unwrap();
    assert_eq!(read(root.path(), "crates/aoc-days/tests/both.rs"), both);
    assert!(report.still_naming.contains(&(PathBuf::from("crates/aoc-days/tests/both.rs"), "aoc2017".to_string())));
    assert!(!paths(&report.deleted).iter().any(|p| p.contains("tests/")), "{report:?}");
}

#[test]
fn a_days_pages_scripts_and_passages_go_with_it_and_the_readme_follows() {
    let root = workspace();
    let report = remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap();
    let deleted = paths(&report.deleted);
    for owned in ["docs/2017-07.md", "scripts/2017-07-scale.sh"] {
        assert!(deleted.contains(&owned.to_string()) && !root.path().join(owned).exists(), "{owned}: {deleted:?}");
    }
    assert!(root.path().join("scripts/all.sh").exists());
    assert_eq!(read(root.path(), "docs/commands.md"), "# Commands\n\ncargo xtask run 2015-1\n");
    let readme = read(root.path(), "README.md");
    assert!(!readme.contains("2017") && readme.contains("| 2015-02 | Two | a map |\n<!-- days:end -->"), "{readme}");
    assert!(readme.contains("<!-- quickstart:start (kept) -->\n```sh\ncargo xtask run 2015-1 "), "{readme}");
    assert!(readme.ends_with("<!-- quickstart:end -->\n\nThe end.\n"), "{readme}");
    let edited = paths(&report.edited);
    assert!(edited.contains(&"README.md".to_string()) && edited.contains(&"docs/commands.md".to_string()));
    // Every edited file changed.
    Command::new("git").args(["add", "-A"]).current_dir(root.path()).status().unwrap();
    let changed =
        Command::new("git").args(["diff", "--cached", "--name-only"]).current_dir(root.path()).output().unwrap();
    let changed = String::from_utf8(changed.stdout).unwrap();
    for file in &edited {
        assert!(changed.lines().any(|l| l == file), "{file} listed as edited but unchanged: {changed}");
    }
    // With no day left, the README starts the reader on their own first.
    remove(root.path(), &[DayOrYear::Year(2015)], true).unwrap();
    let readme = read(root.path(), "README.md");
    assert!(readme.contains("No days yet") && readme.contains("cargo xtask scaffold 2015-1 "), "{readme}");
}

#[test]
fn a_day_built_by_feature_goes_with_its_feature_and_a_year_with_its_all_days() {
    let root = workspace();
    let gate = |d: u8| format!("#[cfg(any(feature = \"all-days\", feature = \"day{d}\"))]\npub mod day{d};\n");
    write(root.path(), "crates/aoc2015/src/lib.rs", &format!("{}{}\naoc_lib! {{ year = 2015 }}\n", gate(1), gate(2)));
    write(
        root.path(),
        "crates/aoc2015/Cargo.toml",
        "[package]\nname = \"aoc2015\"\n\n[features]\ndefault = [\"all-days\"]\nall-days = []\nday1 = []\n# the second\nday2 = []\nslow = [\"day1\", \"day2\"]\n",
    );
    write(
        root.path(),
        "crates/aoc-days/Cargo.toml",
        "[package]\nname = \"aoc-days\"\n\n[dependencies]\naoc2015 = { path = \"../aoc2015\", default-features = false }\naoc2017 = { path = \"../aoc2017\", default-features = false }\n\n[features]\ndefault = [\"all-days\"]\nall-days = [\"aoc2015/all-days\", \"aoc2017/all-days\"]\nslow = [\"aoc2017?/x\", \"dep:aoc2017\", \"aoc2015/slow\"]\ntwo = [\"aoc2015/day2\", \"aoc2015?/day1\"]\n",
    );
    git(root.path(), &["add", "-A"]);
    git(root.path(), &["commit", "-qm", "by feature"]);
    remove(root.path(), &[DayOrYear::Day(DayId { year: 2015, day: 2 }), DayOrYear::Year(2017)], false).unwrap();
    assert_eq!(read(root.path(), "crates/aoc2015/src/lib.rs"), format!("{}\naoc_lib! {{ year = 2015 }}\n", gate(1)));
    assert_eq!(
        read(root.path(), "crates/aoc2015/Cargo.toml"),
        "[package]\nname = \"aoc2015\"\n\n[features]\ndefault = [\"all-days\"]\nall-days = []\nday1 = []\n# the second\nslow = [\"day1\"]\n"
    );
    assert_eq!(
        read(root.path(), "crates/aoc-days/Cargo.toml"),
        "[package]\nname = \"aoc-days\"\n\n[dependencies]\naoc2015 = { path = \"../aoc2015\", default-features = false }\n\n[features]\ndefault = [\"all-days\"]\nall-days = [\"aoc2015/all-days\"]\nslow = [\"aoc2015/slow\"]\ntwo = [\"aoc2015?/day1\"]\n"
    );
}

#[test]
fn code_of_the_year_that_uses_a_removed_day_is_named() {
    let root = workspace();
    write(root.path(), "crates/aoc2015/src/grid.rs", "pub use crate::day2::Dims;\n");
    write(root.path(), "crates/aoc2015/src/day1/solve.rs", "// crate::day2 in a comment\nlet s = \"day2\";\n");
    git(root.path(), &["add", "-A"]);
    git(root.path(), &["commit", "-qm", "grid"]);
    let report = remove(root.path(), &[DayOrYear::Day("2015-2".parse().unwrap())], false).unwrap();
    assert_eq!(report.still_naming, [(PathBuf::from("crates/aoc2015/src/grid.rs"), "crate::day2".to_string())]);
    assert_eq!(read(root.path(), "crates/aoc2015/src/grid.rs"), "pub use crate::day2::Dims;\n", "the user's code");
}

/// The fixture with 2016's days 5 and 11 scaffolded, committed: the year crate as scaffold
/// writes it, and its `lib.rs`.
fn scaffolded() -> (tempfile::TempDir, String) {
    // Scaffolded once and copied, .git included: a scaffold runs rustfmt on each file it
    // writes, and the tests ask for this workspace more than a dozen times.
    static TEMPLATE: std::sync::OnceLock<(tempfile::TempDir, String)> = std::sync::OnceLock::new();
    let (template, lib) = TEMPLATE.get_or_init(|| {
        let root = workspace();
        for day in ["2016-5", "2016-11"] {
            crate::scaffold::scaffold(root.path(), day.parse().unwrap()).unwrap();
        }
        git(root.path(), &["add", "-A"]);
        git(root.path(), &["commit", "-qm", "2016"]);
        let lib = read(root.path(), "crates/aoc2016/src/lib.rs");
        (root, lib)
    });
    let root = tempfile::tempdir().unwrap();
    copy_tree(template.path(), root.path());
    (root, lib.clone())
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let (target, kind) = (to.join(entry.file_name()), entry.file_type().unwrap());
        // As it was, relative: scaffold links a year's inputs folder, which may not exist.
        #[cfg(unix)]
        if kind.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(entry.path()).unwrap(), target).unwrap();
            continue;
        }
        if kind.is_dir() {
            std::fs::create_dir(&target).unwrap();
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn gate(day: u8) -> String {
    format!("#[cfg(any(feature = \"all-days\", feature = \"day{day}\"))]\npub mod day{day};\n")
}

fn commit_file(root: &Path, path: &str, text: &str) {
    write(root, path, text);
    git(root, &["add", "-A"]);
    git(root, &["commit", "-qm", "mine"]);
}

#[test]
fn a_day_module_goes_in_every_form_it_is_written_with_its_attributes() {
    let gated = |item: &str| format!("#[cfg(any(feature = \"all-days\", feature = \"day5\"))]\n{item}");
    let forms = [
        "mod day5;\n".to_string(),
        "pub mod day5; // WIP\n".to_string(),
        gated("pub mod day5; // WIP\n"),
        "pub(crate) mod day5;\n".to_string(),
        format!("/// The fifth day.\n{}", gated("pub mod day5;\n")),
        "#[path = \"day5/mod.rs\"]\npub mod day5;\n".to_string(),
        gated("pub mod day5 {\n    pub fn five() {}\n}\n"),
        gated("pub mod day5;\r\n").replace('\n', "\r\n").replace("\r\r", "\r"),
    ];
    for form in forms {
        let (root, lib) = scaffolded();
        let crlf = form.contains('\r');
        let eol = |text: String| if crlf { text.replace('\n', "\r\n") } else { text };
        let written = eol(lib.replace(&gate(5), "")).replacen(&eol(gate(11)), &format!("{form}{}", eol(gate(11))), 1);
        assert_ne!(written, eol(lib.replace(&gate(5), "")), "{form:?} written");
        commit_file(root.path(), "crates/aoc2016/src/lib.rs", &written);
        let report = remove(root.path(), &[DayOrYear::Day("2016-5".parse().unwrap())], false).unwrap();
        assert_eq!(read(root.path(), "crates/aoc2016/src/lib.rs"), eol(lib.replace(&gate(5), "")), "{form:?}");
        assert!(paths(&report.deleted).contains(&"crates/aoc2016/src/day5".to_string()), "{form:?}: {report:?}");
        assert!(root.path().join("crates/aoc2016/src/day11/mod.rs").exists(), "{form:?}");
        assert!(!read(root.path(), "crates/aoc2016/Cargo.toml").contains("day5 = []"), "{form:?}: its feature goes");
    }
}

#[test]
fn a_day_not_named_or_code_of_the_users_keeps_the_year_crate() {
    for (mine, file) in [
        ("pub mod day5; // WIP\n", "crates/aoc2016/src/day5.rs"),
        ("mod day5;\n", "crates/aoc2016/src/day5.rs"),
        ("pub mod grid;\n", "crates/aoc2016/src/grid.rs"),
        ("pub fn shared() {}\n", ""),
    ] {
        let (root, lib) = scaffolded();
        remove(root.path(), &[DayOrYear::Day("2016-5".parse().unwrap())], false).unwrap();
        let lib = lib.replace(&gate(5), "");
        commit_file(
            root.path(),
            "crates/aoc2016/src/lib.rs",
            &lib.replacen(&gate(11), &format!("{mine}{}", gate(11)), 1),
        );
        if !file.is_empty() {
            commit_file(root.path(), file, "// mine\n");
        }
        // Its last day as scaffold knows it: the crate would go, but for the user's line.
        let report = remove(root.path(), &[DayOrYear::Day("2016-11".parse().unwrap())], false).unwrap();
        assert!(!paths(&report.deleted).contains(&"crates/aoc2016".to_string()), "{mine:?}: {report:?}");
        assert!(!root.path().join("crates/aoc2016/src/day11").exists(), "{mine:?}");
        assert_eq!(read(root.path(), "crates/aoc2016/src/lib.rs"), lib.replace(&gate(11), mine), "{mine:?}");
        if !file.is_empty() {
            assert_eq!(read(root.path(), file), "// mine\n");
        }
    }
    // As scaffold wrote it, the year goes with its last day.
    let (root, _) = scaffolded();
    remove(
        root.path(),
        &[DayOrYear::Day("2016-5".parse().unwrap()), DayOrYear::Day("2016-11".parse().unwrap())],
        false,
    )
    .unwrap();
    assert!(!root.path().join("crates/aoc2016").exists());
}

#[test]
fn a_day_sharing_its_line_or_a_lib_rs_that_is_not_rust_stops_it() {
    let (root, lib) = scaffolded();
    let shared = lib.replace(&gate(5), "pub mod day5; pub mod day6;\n");
    commit_file(root.path(), "crates/aoc2016/src/lib.rs", &shared);
    let err = remove(root.path(), &[DayOrYear::Day("2016-5".parse().unwrap())], false).unwrap_err().to_string();
    assert!(err.starts_with("nothing removed: crates/aoc2016/src/lib.rs:13: `day5` shares this line"), "{err}");
    commit_file(root.path(), "crates/aoc2016/src/lib.rs", &lib.replace(&gate(5), "pub mod day5\n"));
    let err = format!("{:#}", remove(root.path(), &[DayOrYear::Year(2016)], false).unwrap_err());
    assert!(err.contains("crates/aoc2016/src/lib.rs is not Rust") && err.contains("line "), "{err}");
    assert!(root.path().join("crates/aoc2016/src/day5").exists(), "nothing removed");
}

#[test]
fn a_marker_not_as_the_tools_write_it_stops_it_before_anything_is_touched() {
    let passage = "<!-- day 2017-7 -->\nAll about 2017-07.\n<!-- /day -->\n";
    for (instead, expected) in [
        (
            "<!-- day 2017-7 -->\nAll about 2017-07.\n<!-- /day 2017-7 -->\n",
            "README.md:19: `<!-- /day 2017-7 -->` is not a marker",
        ),
        (
            "<!-- day 2017-7 -->\nAll about 2017-07.\n<!-- end of day -->\n",
            "README.md:17: this passage is never closed",
        ),
        ("<!-- day 2016-11 was hard -->\n", "README.md:17: `<!-- day 2016-11 was hard -->` is not a marker"),
        (
            "<!-- day 2017-7 -->\n<!-- day 2017-7 -->\nTwice.\n<!-- /day -->\n",
            "README.md:18: a passage opens here inside",
        ),
        ("All about 2017-07. <!-- day 2017-7 --> <!-- day 2017-7 -->\n", "README.md:17: `All about"),
        ("Mine.\n<!-- /day -->\n", "README.md:18: `<!-- /day -->` closes no passage"),
    ] {
        let root = workspace();
        let readme = read(root.path(), "README.md").replace(passage, instead);
        commit_file(root.path(), "README.md", &readme);
        let err = remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap_err().to_string();
        assert!(err.starts_with(&format!("nothing removed: {expected}")), "{instead:?}: {err}");
        assert_eq!(read(root.path(), "README.md"), readme, "{instead:?}");
        assert!(root.path().join("crates/aoc2017").exists() && read(root.path(), "Cargo.toml").contains("aoc2017"));
        assert!(root.path().join("docs/2017-07.md").exists(), "{instead:?}");
    }
    // The generated blocks too: one whose end was reworded or doubled.
    let root = workspace();
    let readme = read(root.path(), "README.md").replace("<!-- days:end -->", "<!-- end of days -->");
    commit_file(root.path(), "README.md", &readme);
    let err = remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap_err().to_string();
    assert!(err.starts_with("nothing removed: README.md:3: `<!-- days:start` has no `<!-- days:end -->`"), "{err}");
    let readme = readme.replace("<!-- end of days -->", "<!-- days:end -->\n<!-- days:end -->");
    commit_file(root.path(), "README.md", &readme);
    let err = remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap_err().to_string();
    assert!(err.starts_with("nothing removed: README.md:10: a second"), "{err}");
    assert!(root.path().join("crates/aoc2017").exists());
}

#[test]
fn the_days_table_keeps_the_users_columns_rows_and_footnotes() {
    let root = workspace();
    let table = "| day | puzzle | approach | stars |\n|:--|---|---|--:|\n| 2015-01 | One | a loop | 2 |\n| 2015-02 | Two | a map [1] | 1 |\n| 2017-07 | Seven | a tree | 2 |\n| all | | | 5 |\n\n[1]: a `<!-- day 2017-7 -->` in code is no marker.\n";
    let readme = read(root.path(), "README.md");
    let start = readme.find("| day |").unwrap();
    let end = readme.find("<!-- days:end -->").unwrap();
    commit_file(root.path(), "README.md", &format!("{}{table}{}", &readme[..start], &readme[end..]));
    remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap();
    let left = read(root.path(), "README.md");
    assert!(
        left.contains(&format!(
            "(kept) -->\n{}<!-- days:end -->",
            table.replace("| 2017-07 | Seven | a tree | 2 |\n", "")
        )),
        "{left}"
    );
    // A day added later fits the user's columns.
    crate::scaffold::scaffold(root.path(), "2015-3".parse().unwrap()).unwrap();
    let left = read(root.path(), "README.md");
    assert!(left.contains("| 2015-02 | Two | a map [1] | 1 |\n| 2015-3 | | [crates/aoc2015/src/day3/](crates/aoc2015/src/day3/mod.rs) | |\n| all |"), "{left}");
    // With no day left, the table makes way for the note; the user's footnote stays.
    remove(root.path(), &[DayOrYear::Year(2015)], true).unwrap();
    let left = read(root.path(), "README.md");
    assert!(left.contains("(kept) -->\nNo days yet: `cargo xtask today`"), "{left}");
    assert!(
        left.contains("(quick start below).\n\n[1]: a `<!-- day 2017-7 -->` in code is no marker.\n<!-- days:end -->"),
        "{left}"
    );
}

#[cfg(unix)]
#[test]
fn a_readme_that_is_a_link_stays_one_and_one_out_of_the_checkout_is_refused() {
    let root = workspace();
    std::fs::create_dir(root.path().join("site")).unwrap();
    std::fs::rename(root.path().join("README.md"), root.path().join("site/README.md")).unwrap();
    std::os::unix::fs::symlink("site/README.md", root.path().join("README.md")).unwrap();
    git(root.path(), &["add", "-A"]);
    git(root.path(), &["commit", "-qm", "link"]);
    let report = remove(root.path(), &[DayOrYear::Day("2015-1".parse().unwrap())], false).unwrap();
    assert!(root.path().join("README.md").is_symlink(), "the link stays a link");
    assert!(paths(&report.edited).contains(&"site/README.md".to_string()), "{report:?}");
    assert!(!read(root.path(), "site/README.md").contains("2015-01"));
    // Out of the checkout: never followed, nothing touched.
    let outside = tempfile::tempdir().unwrap();
    std::fs::rename(root.path().join("site/README.md"), outside.path().join("README.md")).unwrap();
    std::fs::remove_file(root.path().join("README.md")).unwrap();
    std::os::unix::fs::symlink(outside.path().join("README.md"), root.path().join("README.md")).unwrap();
    git(root.path(), &["add", "-A"]);
    git(root.path(), &["commit", "-qm", "link out"]);
    let err = remove(root.path(), &[DayOrYear::Year(2017)], false).unwrap_err().to_string();
    assert!(err.starts_with("nothing removed: ") && err.contains("README.md is a link out of the checkout"), "{err}");
    assert!(read(outside.path(), "README.md").contains("2017-07") && root.path().join("crates/aoc2017").exists());
}

#[test]
fn paths_are_read_as_rusts_lexer_reads_them() {
    let text = "use aoc2016::day11::parse;\nlet x: aoc2017::Grid = aoc2015::{day1, day2};\n// aoc2018::day1\nlet s = \"aoc2019::day1\";\nlet v = crates::aoc2020::day1;\n";
    let found = code::paths(text).unwrap();
    let found: Vec<String> = found.iter().map(|(a, b)| format!("{a}::{b}")).collect();
    assert_eq!(found, ["aoc2016::day11", "aoc2017::Grid", "aoc2015::", "crates::aoc2020"]);
    assert!(code::paths("fn f() {\n").unwrap_err().starts_with("line "));
}

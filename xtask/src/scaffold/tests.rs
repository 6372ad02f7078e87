use super::*;

fn day(s: &str) -> DayId {
    s.parse().unwrap()
}

/// A workspace with the files scaffold reads: root and runner manifests, a 2016 crate.
fn workspace() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = root.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("Cargo.toml", "[workspace]\nmembers = [\"crates/*\", \"xtask\"]\n# cargo-aoc's runner crates\nexclude = [\n    \"crates/aoc2016/target\",\n]\n");
    write(
        "crates/aoc-days/Cargo.toml",
        "[package]\nname = \"runner\"\n\n# The year crates.\n[dependencies]\naoc2016 = { path = \"../aoc2016\", default-features = false }\nanyhow.workspace = true # errors\n\n[features]\ndefault = [\"all-days\"]\nall-days = [\"aoc2016/all-days\"]\n",
    );
    write(
        "crates/benches/Cargo.toml",
        "[package]\nname = \"benches\"\n\n[dependencies]\naoc2016 = { path = \"../aoc2016\" }\n",
    );
    write("crates/aoc2016/Cargo.toml", &add_day_feature(&crate_manifest(2016), 11).unwrap());
    write("crates/aoc2016/src/lib.rs", &add_module(&year_lib(2016), 11, true).unwrap());
    write("crates/aoc2016/src/day11/mod.rs", "// mine\n");
    root
}

fn read(root: &Path, path: &str) -> String {
    std::fs::read_to_string(root.join(path)).unwrap()
}

#[test]
fn a_day_in_an_existing_year_touches_only_its_year_crate() {
    let root = workspace();
    let manifests = (read(root.path(), "Cargo.toml"), read(root.path(), "crates/aoc-days/Cargo.toml"));
    let report = scaffold(root.path(), day("2016-12")).unwrap();
    for path in report.created.iter().chain(&report.edited) {
        assert!(path.starts_with("crates/aoc2016/"), "{} is outside the year crate", path.display());
    }
    let created: Vec<String> = report.created.iter().map(|p| p.display().to_string()).collect();
    assert_eq!(
        created,
        ["mod.rs", "parse.rs", "solve.rs", "tests.rs", "examples.txt"].map(|f| format!("crates/aoc2016/src/day12/{f}"))
    );
    assert_eq!(report.edited, ["crates/aoc2016/Cargo.toml", "crates/aoc2016/src/lib.rs"].map(PathBuf::from));
    let gate = |d: u8| format!("#[cfg(any(feature = \"all-days\", feature = \"day{d}\"))]\npub mod day{d};\n");
    let lib = read(root.path(), "crates/aoc2016/src/lib.rs");
    assert!(lib.contains(&format!("{}{}\naoc_lib!", gate(11), gate(12))), "{lib}");
    let manifest = read(root.path(), "crates/aoc2016/Cargo.toml");
    assert!(manifest.contains("default = [\"all-days\"]\nall-days = []\nday11 = []\nday12 = []\n"), "{manifest}");
    assert_eq!((read(root.path(), "Cargo.toml"), read(root.path(), "crates/aoc-days/Cargo.toml")), manifests);
    assert!(read(root.path(), "crates/aoc2016/src/day12/solve.rs").contains("crates/aoc2016/src/day12/solve.rs"));
}

#[test]
fn a_new_year_adds_its_crate_and_one_line_per_manifest() {
    let root = workspace();
    let before = (read(root.path(), "Cargo.toml"), read(root.path(), "crates/aoc-days/Cargo.toml"));
    let report = scaffold(root.path(), day("2015-1")).unwrap();
    for file in ["Cargo.toml", "build.rs", "src/lib.rs", "src/day1/mod.rs", "src/day1/tests.rs"] {
        assert!(root.path().join("crates/aoc2015").join(file).is_file(), "{file} missing");
    }
    let lib = read(root.path(), "crates/aoc2015/src/lib.rs");
    assert!(lib.contains("feature = \"day1\"))]\npub mod day1;\n\naoc_lib! { year = 2015 }"), "{lib}");
    assert!(read(root.path(), "crates/aoc2015/Cargo.toml").contains("all-days = []\nday1 = []\n"));
    let after = (read(root.path(), "Cargo.toml"), read(root.path(), "crates/aoc-days/Cargo.toml"));
    let added = |old: &str, new: &str| {
        let old: Vec<&str> = old.lines().collect();
        new.lines().filter(|l| !old.contains(l)).map(str::to_string).collect::<Vec<_>>()
    };
    assert_eq!(added(&before.0, &after.0), ["    \"crates/aoc2015/target\","]);
    assert_eq!(
        added(&before.1, &after.1),
        [
            "aoc2015 = { path = \"../aoc2015\", default-features = false }",
            "all-days = [\"aoc2015/all-days\", \"aoc2016/all-days\"]"
        ]
    );
    assert_eq!(after.0.lines().count(), before.0.lines().count() + 1, "{}", after.0);
    assert!(after.0.contains("# cargo-aoc's runner crates\nexclude = [\n    \"crates/aoc2015/target\",\n    \"crates/aoc2016/target\",\n]"), "{}", after.0);
    assert!(after.1.contains("# The year crates.\n[dependencies]\naoc2015 = { path = \"../aoc2015\", default-features = false }\naoc2016 = { path = \"../aoc2016\", default-features = false }\nanyhow.workspace = true # errors\n"), "{}", after.1);
    let benches = read(root.path(), "crates/benches/Cargo.toml");
    assert!(benches.contains("[dependencies]\naoc2015 = { path = \"../aoc2015\" }\naoc2016 = "), "{benches}");
    let edited = ["Cargo.toml", "crates/aoc-days/Cargo.toml", "crates/benches/Cargo.toml"].map(PathBuf::from);
    assert_eq!(report.edited, edited);
}

/// The build script of `aoc-days` (and of the benchmarks), compiled here for its test:
/// cargo runs no build script's own. (Its `main`, unused here, is cargo's to call.)
#[allow(dead_code)]
#[path = "../../../crates/aoc-days/build.rs"]
mod days_build;

#[test]
fn the_years_linked_are_the_year_crates_a_manifest_depends_on() {
    let manifest = "[package]\nname = \"aoc-days\"\n\n[dependencies]\naoc-day.workspace = true\naoc2023 = { path = \"../aoc2023\" }\naoc2017.workspace = true\naoc20170 = \"1\"\n\n[dev-dependencies]\naoc2015 = \"1\"\n";
    let source = days_build::years_source(manifest);
    assert!(source.contains("= &[\n    aoc2017::DAYS,\n    aoc2023::DAYS,\n];"), "{source}");
    // A year scaffold adds is linked.
    let added = days_build::years_source(&add_year_dependency(manifest, 2016).unwrap());
    assert!(added.contains("= &[\n    aoc2016::DAYS,\n    aoc2017::DAYS,\n    aoc2023::DAYS,\n];"), "{added}");
    assert!(days_build::years_source("not toml [").contains("= &[\n];"));
}

#[test]
fn later_years_go_after_the_earlier_ones() {
    let manifest = "[dependencies]\naoc2016 = { path = \"../aoc2016\" }\naoc2021 = { path = \"../aoc2021\" }\nclap.workspace = true\n";
    let added = add_year_dependency(manifest, 2017).unwrap();
    assert!(
        added.contains("aoc2016 = { path = \"../aoc2016\" }\naoc2017 = { path = \"../aoc2017\" }\naoc2021"),
        "{added}"
    );
    let last = add_year_dependency(manifest, 2024).unwrap();
    assert!(last.contains("aoc2021 = { path = \"../aoc2021\" }\naoc2024 = { path = \"../aoc2024\" }\nclap"), "{last}");
    assert!(add_year_dependency(manifest, 2016).unwrap_err().to_string().contains("already depends"));
    // A crate of seven characters from `aoc` (`aoc-cli`, say) is no year.
    let tools =
        add_year_dependency("[dependencies]\naoc2016 = { path = \"../aoc2016\" }\naoc-cli.workspace = true\n", 2015);
    assert!(tools.unwrap().contains("[dependencies]\naoc2015 = { path = \"../aoc2015\" }\naoc2016"));
    // The comment above the first year crate stays above the year crates.
    let commented = "[dependencies]\n# The year crates.\naoc2016 = { path = \"../aoc2016\" }\nclap.workspace = true\n";
    let first = add_year_dependency(commented, 2015).unwrap();
    assert!(
        first.contains("[dependencies]\n# The year crates.\naoc2015 = { path = \"../aoc2015\" }\naoc2016 = "),
        "{first}"
    );
    assert!(add_exclude("[workspace]\nmembers = []\n", 2015).is_err());
    assert!(add_exclude("not toml [", 2015).is_err());
}

#[test]
fn modules_go_in_day_order_before_aoc_lib() {
    let lib =
        "//! Y.\n\nuse aoc_runner_derive::aoc_lib;\n\npub mod day3;\npub mod day11;\n\naoc_lib! { year = 2016 }\n";
    assert_eq!(add_module(lib, 5, false).unwrap(), lib.replace("pub mod day3;\n", "pub mod day3;\npub mod day5;\n"));
    assert!(add_module(lib, 12, false).unwrap().contains("pub mod day11;\npub mod day12;\n\naoc_lib!"));
    assert!(add_module(lib, 1, false).unwrap().contains("\npub mod day1;\npub mod day3;\n"));
    let fresh = year_lib(2015);
    assert!(add_module(&fresh, 1, false).unwrap().contains("compiles.\n\npub mod day1;\n\naoc_lib! { year = 2015 }\n"));
    assert!(add_module("fn no_macro_here() {}\n", 1, false).is_err());
    let broken = add_module("pub mod day3\naoc_lib! { year = 2016 }\n", 1, false).unwrap_err();
    assert!(format!("{broken:#}").contains("line 2"), "{broken:#}");
    assert_eq!(add_module(lib, 11, false).unwrap(), lib, "a module declared already stays as it is");
}

#[test]
fn every_form_of_module_is_found_and_kept() {
    // Days as a user writes them: private, inline, with a path, on one line, CRLF.
    let lib = "/// Three.\r\nmod day3; // mine\r\n#[path = \"x/eleven.rs\"]\r\npub(crate) mod day11;\r\npub mod day7 {\r\n}\r\naoc_lib! { year = 2016 }\r\n";
    let added = add_module(lib, 5, false).unwrap();
    assert_eq!(added, lib.replace("mod day3; // mine\r\n", "mod day3; // mine\r\npub mod day5;\r\n"), "{added}");
    assert_eq!(add_module(lib, 7, false).unwrap(), lib, "an inline module is a day");
    let first = add_module(lib, 1, false).unwrap();
    assert!(first.starts_with("pub mod day1;\r\n/// Three."), "{first}");
    let twelve = add_module(lib, 12, false).unwrap();
    assert!(twelve.contains("pub mod day7 {\r\n}\r\npub mod day12;\r\naoc_lib!"), "{twelve}");
}

#[test]
fn a_gated_module_goes_with_its_attribute_in_day_order() {
    let gate = |d: u8| format!("#[cfg(any(feature = \"all-days\", feature = \"day{d}\"))]\npub mod day{d};\n");
    let lib = add_module(&year_lib(2016), 11, true).unwrap();
    let lib = add_module(&lib, 3, true).unwrap();
    let lib = add_module(&lib, 5, true).unwrap();
    let lib = add_module(&lib, 12, true).unwrap();
    assert!(lib.contains(&format!("{}{}{}{}\naoc_lib!", gate(3), gate(5), gate(11), gate(12))), "{lib}");
}

#[test]
fn day_features_go_in_day_order_after_all_days() {
    let manifest = crate_manifest(2015);
    let one = add_day_feature(&manifest, 7).unwrap();
    assert!(one.contains("default = [\"all-days\"]\nall-days = []\nday7 = []\n\n[build-dependencies]"), "{one}");
    let more = add_day_feature(&add_day_feature(&one, 12).unwrap(), 2).unwrap();
    assert!(more.contains("all-days = []\nday2 = []\nday7 = []\nday12 = []\n"), "{more}");
    assert_eq!(add_day_feature(&more, 7).unwrap(), more, "a feature there already stays as it is");
    let other = "[features]\ndefault = [\"all-days\"]\nall-days = []\nday1 = []\nextra = [\"day1\"]\n";
    assert!(add_day_feature(other, 2).unwrap().contains("day1 = []\nday2 = []\nextra = [\"day1\"]\n"));
    assert!(add_day_feature("[package]\n", 2).is_err(), "no features table");
}

#[test]
fn a_year_crate_without_day_features_gets_a_plain_module() {
    let root = workspace();
    std::fs::write(root.path().join("crates/aoc2016/Cargo.toml"), "[package]\nname = \"aoc2016\"\n").unwrap();
    let report = scaffold(root.path(), day("2016-12")).unwrap();
    assert_eq!(report.edited, [PathBuf::from("crates/aoc2016/src/lib.rs")]);
    assert!(read(root.path(), "crates/aoc2016/src/lib.rs").contains("))]\npub mod day11;\npub mod day12;\n\naoc_lib!"));
}

#[test]
fn the_template_has_what_the_day_registry_reads() {
    // The build script (crate `aoc-build`) registers `crate::day<N>::{EXAMPLE, explain}`.
    let [(path, module), ..] = day_files(day("2016-12"));
    assert_eq!(path, "day12/mod.rs");
    for needed in [
        "pub const EXAMPLE: &str",
        "pub fn explain(input: &str, part: aoc_day::Part) -> Result<String, String>",
        "#[aoc(day12, part1)]",
        "#[aoc(day12, part2)]",
        "#[aoc_generator(day12)]",
        "mod parse;\nmod solve;\n#[cfg(test)]\nmod tests;",
    ] {
        assert!(module.contains(needed), "the template lacks `{needed}`");
    }
}

#[test]
fn refuses_to_overwrite_a_module_file_or_folder() {
    let root = workspace();
    let err = scaffold(root.path(), day("2016-11")).unwrap_err();
    assert!(err.to_string().contains("crates/aoc2016/src/day11 exists already"), "{err}");
    assert_eq!(read(root.path(), "crates/aoc2016/src/day11/mod.rs"), "// mine\n");
    std::fs::write(root.path().join("crates/aoc2016/src/day12.rs"), "mine").unwrap();
    let err = scaffold(root.path(), day("2016-12")).unwrap_err();
    assert!(err.to_string().contains("day12.rs exists already"), "{err}");
    assert!(!root.path().join("crates/aoc2016/src/day12").exists());
    assert_eq!(read(root.path(), "crates/aoc2016/src/day12.rs"), "mine");
}

#[test]
fn refuses_a_day_the_crate_root_takes_from_elsewhere_and_names_a_root_that_does_not_parse() {
    let root = workspace();
    let lib = root.path().join("crates/aoc2016/src/lib.rs");
    let text = read(root.path(), "crates/aoc2016/src/lib.rs");
    std::fs::write(&lib, format!("{text}#[path = \"old/twelve.rs\"]\nmod day12;\n")).unwrap();
    let err = scaffold(root.path(), day("2016-12")).unwrap_err().to_string();
    let line = text.lines().count() + 1;
    assert!(err.contains(&format!("lib.rs line {line} declares day 12 already, from `old/twelve.rs`")), "{err}");
    assert!(!root.path().join("crates/aoc2016/src/day12").exists());
    std::fs::write(&lib, format!("{text}mod day12\n")).unwrap();
    let err = format!("{:#}", scaffold(root.path(), day("2016-13")).unwrap_err());
    assert!(err.contains("cannot read") && err.contains(&format!("line {line}: ")), "{err}");
}

#[test]
fn the_readme_shows_the_new_day() {
    let root = workspace();
    let readme = "# Mine\n\n<!-- days:start (x) -->\nNo days yet.\n<!-- days:end -->\n\n<!-- quickstart:start (x) -->\n```sh\ncargo xtask scaffold 2015-1\n```\n<!-- quickstart:end -->\n";
    std::fs::write(root.path().join("README.md"), readme).unwrap();
    let report = scaffold(root.path(), day("2015-1")).unwrap();
    assert_eq!(report.edited.last(), Some(&PathBuf::from("README.md")));
    let text = read(root.path(), "README.md");
    assert!(text.contains("| day | puzzle | approach |\n|---|---|---|\n| 2015-1 | |"), "{text}");
    assert!(text.contains("```sh\ncargo xtask run 2015-1 "), "{text}");
}

#[test]
fn a_day_another_command_scaffolds_meanwhile_is_no_error() {
    let root = workspace();
    // Another `today` got there first: its folder is there, though not yet declared.
    std::fs::create_dir_all(root.path().join("crates/aoc2016/src/day12")).unwrap();
    assert!(scaffold_unless_raced(root.path(), day("2016-12")).unwrap().is_none());
    assert!(scaffold(root.path(), day("2016-12")).is_err(), "scaffold itself never overwrites");
    // Anything else that stops a scaffold is still an error.
    std::fs::write(root.path().join("crates/aoc2016/src/lib.rs"), "no aoc_lib here\n").unwrap();
    assert!(scaffold_unless_raced(root.path(), day("2016-13")).is_err());
    assert!(scaffold_unless_raced(root.path(), day("2015-1")).unwrap().is_some(), "a new year, alone");
}

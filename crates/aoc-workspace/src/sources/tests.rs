use super::*;

fn module(day: u8, lines: RangeInclusive<usize>, path: Option<&str>) -> DayModule {
    DayModule { day, lines, path: path.map(str::to_string) }
}

#[test]
fn every_form_of_a_day_module_the_compiler_accepts_is_a_day() {
    let gate = "#[cfg(any(feature = \"all-days\", feature = \"day3\"))]";
    let table: &[(&str, &str, Vec<DayModule>)] = &[
        ("plain", "mod day3;\n", vec![module(3, 1..=1, None)]),
        ("pub", "pub mod day3;\n", vec![module(3, 1..=1, None)]),
        ("pub(crate)", "pub(crate) mod day3;\n", vec![module(3, 1..=1, None)]),
        ("trailing comment", "pub mod day3; // the third\n", vec![module(3, 1..=1, None)]),
        ("gated", &format!("{gate}\npub mod day3;\n"), vec![module(3, 1..=2, None)]),
        (
            "doc comment, cfg and path",
            &format!("/// Third.\n{gate}\n#[path = \"third.rs\"]\nmod day3;\n"),
            vec![module(3, 1..=4, Some("third.rs"))],
        ),
        (
            "CRLF",
            &format!("{gate}\r\npub mod day3;\r\npub mod day4;\r\n"),
            vec![module(3, 1..=2, None), module(4, 3..=3, None)],
        ),
        ("inline", "pub mod day3 {\n    pub fn x() {}\n}\nmod grid;\n", vec![module(3, 1..=3, None)]),
        ("one line", "mod day3; mod day12;", vec![module(3, 1..=1, None), module(12, 1..=1, None)]),
        ("raw name", "mod r#day7;\n", vec![module(7, 1..=1, None)]),
        ("not days", "mod day0;\nmod day26;\nmod day03;\nmod days;\nmod grid;\n// mod day4;\n", vec![]),
        ("in a block comment", "/* mod day4; */ mod day5;\n", vec![module(5, 1..=1, None)]),
    ];
    for (name, source, want) in table {
        assert_eq!(&day_modules(source).unwrap(), want, "{name}: {source:?}");
    }
}

#[test]
fn a_lib_that_does_not_parse_is_an_error_naming_its_line() {
    let error = day_modules("pub mod day1;\n\npub mod day2\nfn x() {}\n").unwrap_err();
    assert_eq!(error.line, 4, "{error}");
    assert!(error.to_string().starts_with("line 4: "), "{error}");
    let early_end = day_modules("pub mod day1;\n\npub mod day2\n").unwrap_err();
    assert_eq!(early_end.line, 3, "{early_end}");
}

/// A year crate in a temporary folder with the given source files.
pub(crate) fn year(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join("src").join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn a_day_behind_a_path_attribute_needs_the_whole_year() {
    let dir = year(&[
        ("lib.rs", "#[path = \"elsewhere/five.rs\"]\npub mod day5;\nmod day6;\n"),
        ("elsewhere/five.rs", ""),
        ("day6.rs", ""),
    ]);
    let reaches = reaches(dir.path());
    assert!(reaches[&Some(5)].unsure);
    assert!(!reaches.get(&Some(6)).is_some_and(|r| r.unsure));
}

#[test]
fn what_one_day_takes_from_another_is_read_in_every_form() {
    let dir = year(&[
        ("lib.rs", "mod day1; mod day2; mod day3; mod day4; mod day5; mod day6; mod grid;\n"),
        // A path in a `use` with a rename, a path inside a macro call, an attribute line.
        ("day1.rs", "use crate::{day2 as two, grid::*};\n#[inline] fn f() -> i64 { assert_eq!(1, crate::day3::helper()); two::x() }\n#[aoc(day4, part1)]\nfn g() {}\n"),
        ("day2.rs", "#[macro_export]\nmacro_rules! numbers { ($s:expr) => { 6 } }\nmod tests { use super::*; }\n"),
        ("day3.rs", "fn f() -> i64 { crate::numbers!(\"1 2 3\") }\nimpl crate::day5::Thing { pub fn extra(&self) {} }\n"),
        ("day4.rs", "use crate::*;\n"),
        ("day5.rs", "include!(\"table.rs\");\n"),
        ("day6.rs", "use super::*;\n"),
        ("grid.rs", "pub use super::day6::Point;\n"),
    ]);
    let found = reaches(dir.path());
    let reaches = |day: Option<u8>| found.get(&day).cloned().unwrap_or_default();
    assert_eq!(reaches(Some(1)).days, BTreeSet::from([2, 3]), "attributes are no uses");
    assert!(!reaches(Some(1)).unsure, "a glob of a shared module is no glob of the root");
    assert_eq!(reaches(Some(2)).defines_macros, BTreeSet::from(["numbers".to_string()]));
    assert!(!reaches(Some(2)).unsure, "`super::*` in a day's own tests is the day");
    assert!(reaches(Some(3)).calls_macros.contains("numbers"));
    assert_eq!(reaches(Some(3)).extends, BTreeSet::from([5]));
    assert!(reaches(Some(4)).unsure && reaches(Some(5)).unsure && reaches(Some(6)).unsure);
    assert_eq!(reaches(None).days, BTreeSet::from([6]));
}

#[test]
fn the_implemented_days_of_a_workspace() {
    let root = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = root.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    // Day 8 has a module but no solution, day 9 a solution but no module: neither is a day.
    write(
        "crates/aoc2016/src/lib.rs",
        "pub mod day11;\nmod day8;\n#[aoc(day9, part1)]\nfn b() {}\naoc_lib! { year = 2016 }\n",
    );
    write("crates/aoc2016/src/day8.rs", "fn c() {}\n");
    write("crates/aoc2016/src/day11/mod.rs", "#[aoc(day11, part1)]\nfn a() {}\n#[aoc(day11, part2)]\nfn b() {}\n");
    write("crates/aoc2015/src/lib.rs", "mod day1;\r\naoc_lib! { year = 2015 }\r\n");
    write("crates/aoc2015/src/day1.rs", "#[aoc(day1, part2)]\r\nfn a() {}\r\n");
    write("crates/search-core/src/lib.rs", "mod day2;\naoc_lib! { year = 2017 }\n");
    write("crates/search-core/src/day2.rs", "#[aoc(day2, part1)]\nfn a() {}\n");
    let ids: Vec<String> = implemented_days(root.path()).iter().map(DayId::to_string).collect();
    assert_eq!(ids, ["2015-1", "2016-11"]);
    assert!(implemented_days(&root.path().join("nowhere")).is_empty());
}

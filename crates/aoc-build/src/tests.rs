use super::*;
use crate::sources::Solution;

#[test]
fn a_name_the_runner_cannot_use_is_a_build_error_naming_it() {
    for bad in ["fast-2", "r#type", "a b"] {
        let solution = Solution { day: 5, part: 1, name: Some(bad.into()) };
        let source = days_source(Some(2015), &[solution], &scan::tests::scaffolded(&[5]));
        assert!(source.contains("compile_error!("), "{bad}: {source}");
        assert!(source.contains(&format!("the solution name `{bad}`")), "{source}");
        assert!(source.contains("use letters, digits and `_` only"), "{source}");
    }
    for taken in ["default", "Default", "DEFAULT"] {
        let source = days_source(
            Some(2015),
            &[Solution { day: 5, part: 1, name: Some(taken.into()) }],
            &scan::tests::scaffolded(&[5]),
        );
        assert!(source.contains(&format!("the solution name `{taken}` is taken")), "{source}");
    }
    for good in ["fast", "ñandú", "astar_2", "2nd"] {
        assert_eq!(unusable_name(good), None, "{good}");
    }
}

/// A year crate under a temporary folder with the given source files.
pub(crate) fn year(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let path = dir.path().join("src").join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn the_crate_is_read_along_its_module_tree() {
    let dir = year(&[
        (
            "lib.rs",
            "#[cfg(any(feature = \"all-days\", feature = \"day11\"))]\npub mod day11;\nmod day3;\n#[path = \"elsewhere/five.rs\"]\npub mod day5;\npub mod day6 {\n    #[aoc(day6, part1)]\n    fn a() {}\n    pub const EXAMPLE: &str = \"\";\n}\nmod day8;\naoc_lib! { year = 2016 }\n",
        ),
        ("day11/mod.rs", "mod solve;\npub const EXAMPLE: &str = \"\";\npub fn explain(input: &str, part: aoc_day::Part) -> Result<String, String> { todo!() }\n"),
        ("day11/solve.rs", "#[aoc(day11, part1)]\nfn a() {}\n#[aoc(day11, part2, fast)]\nfn b() {}\n"),
        // cargo-aoc's own form: no EXAMPLE, no explain; a private EXAMPLE is none either.
        ("day3.rs", "const EXAMPLE: &str = \"\";\n#[aoc(day3, part1)]\nfn a(x: &[i64]) -> usize { 0 }\n"),
        ("elsewhere/five.rs", "#[aoc(day5, part2)]\nfn a() {}\n"),
        // A day kept in a comment is no day; a file outside the module tree is not read.
        ("day8.rs", "/*\n#[aoc(day8, part2, old)]\nfn old() {}\n*/\n"),
        ("day9.rs", "#[aoc(day9, part1)]\nfn a() {}\n"),
    ]);
    let mut owners = BTreeSet::new();
    let sources = sources::read_year_days(dir.path(), Some(&mut |_, owner, _| _ = owners.insert(owner)));
    assert_eq!(sources.year, Some(2016));
    let solved: Vec<(u8, u8, Option<&str>)> =
        sources.solutions.iter().map(|s| (s.day, s.part, s.name.as_deref())).collect();
    assert_eq!(solved, [(3, 1, None), (5, 2, None), (6, 1, None), (11, 1, None), (11, 2, Some("fast"))]);
    assert_eq!(sources.days.keys().copied().collect::<BTreeSet<_>>(), BTreeSet::from([3, 5, 6, 8, 11]));
    assert_eq!(sources.days[&11], sources::Offers { example: true, explain: true });
    assert_eq!(sources.days[&3], sources::Offers::default());
    assert_eq!(sources.days[&6], sources::Offers { example: true, explain: false });
    assert_eq!(sources.features_named, BTreeSet::from([11]));
    assert_eq!(owners, BTreeSet::from([None, Some(3), Some(5), Some(8), Some(11)]), "day 9 is outside the tree");
    let days = sources::read_year_days(dir.path(), None);
    assert_eq!((days.year, days.solutions, days.days), (sources.year, sources.solutions, sources.days));
}

#[test]
fn explain_is_offered_only_with_the_signature_the_runner_calls() {
    let offered = |explain: &str| {
        let dir = year(&[("lib.rs", "mod day1;\naoc_lib! { year = 2015 }\n"), ("day1.rs", explain)]);
        sources::read_year_days(dir.path(), None).days[&1].explain
    };
    assert!(offered("pub fn explain(text: &str, p: aoc_day::Part) -> Result<String, String> { todo!() }"));
    assert!(offered("pub(crate) fn explain(_: &'static str, part: Part) -> std::result::Result<String, E> { x }"));
    assert!(!offered("fn explain(input: &str, part: Part) -> Result<String, String> { todo!() }"), "private");
    assert!(!offered("pub fn explain(input: &str) -> Result<String, String> { todo!() }"));
    assert!(!offered("pub fn explain(input: String, part: Part) -> Result<String, String> { todo!() }"));
    assert!(!offered("pub fn explain(input: &str, part: Part, more: u8) -> Result<String, String> { todo!() }"));
    assert!(!offered("pub fn explain(input: &str, part: Part) -> String { todo!() }"));
}

#[test]
fn a_file_that_does_not_parse_is_left_to_the_compiler() {
    let dir = year(&[
        ("lib.rs", "mod day1;\nmod day2;\naoc_lib! { year = 2015 }\n"),
        ("day1.rs", "fn x() {\n\nfn y(\n"),
        ("day2.rs", "#[aoc(day2, part1)]\nfn a() {}\n"),
    ]);
    let sources = sources::read_year_days(dir.path(), None);
    let solved: Vec<u8> = sources.solutions.iter().map(|s| s.day).collect();
    assert_eq!((sources.year, solved), (Some(2015), vec![2]), "the rest is read");
}

const MANIFEST: &str = "[package]\nname = \"aoc2015\"\n\n[features]\n# every day\ndefault = [\"all-days\"]\nall-days = []\nday3 = []\n\"day9\" = [] # quoted\n\n[dependencies]\nday4 = \"1\"\n";

#[test]
fn the_declared_days_are_those_of_the_features_table() {
    assert_eq!(features::declared_days(MANIFEST), BTreeSet::from([3, 9]));
    assert!(features::declared_days("[package]\nname = \"x\"\n").is_empty());
}

#[test]
fn a_build_compiles_the_days_it_has_on_and_those_without_a_feature() {
    let some = features::built_days(MANIFEST, |f| f == "day9");
    assert_eq!((1..=10).filter(|&d| some(d)).collect::<Vec<_>>(), [1, 2, 4, 5, 6, 7, 8, 9, 10]);
    let all = features::built_days(MANIFEST, |f| f == features::ALL_DAYS);
    assert!(all(3) && all(9));
}

use super::*;

/// A year crate folder under `root/crates/<name>` with the given source files.
fn year_crate_at(root: &Path, name: &str, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join("crates").join(name).join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

#[test]
fn the_implemented_days_are_read_as_the_build_scripts_read_them() {
    let dir = std::env::temp_dir().join(format!("aoc-build-days-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let lib = |year: u16| format!("aoc_lib! {{ year = {year} }}\n");
    year_crate_at(
        &dir,
        "aoc2016",
        &[
            ("src/lib.rs", &lib(2016)),
            ("src/day11/mod.rs", "#[aoc(day11, part1)]\nfn a() {}\n#[aoc(day11, part2)]\nfn b() {}\n"),
            ("src/day3.rs", "#[aoc(day3, part1)]\nfn a() {}\n"),
            // Solutions without a module of their own are a build error, not a day.
            ("src/other.rs", "#[aoc(day4, part1)]\nfn a() {}\n// #[aoc(day5, part1)]\n"),
            // A day kept in a block comment is no day (the build once looked for its trait).
            ("src/day6.rs", "/*\n#[aoc(day6, part2, old)]\nfn old() {}\n*/\n"),
        ],
    );
    year_crate_at(&dir, "aoc2015", &[("src/lib.rs", &lib(2015)), ("src/day1.rs", "#[aoc(day1, part2)]\nfn a() {}\n")]);
    year_crate_at(&dir, "search-core", &[("src/day2.rs", "#[aoc(day2, part1)]\nfn a() {}\n")]);
    assert_eq!(implemented_days(&dir), [(2015, 1), (2016, 3), (2016, 11)]);
    let sources = read_year_crate(&dir.join("crates/aoc2016"));
    assert!(!sources.solutions.iter().any(|s| s.day == 6), "{:?}", sources.solutions);
    assert!(implemented_days(&dir.join("nowhere")).is_empty());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn attributes_in_comments_are_no_solutions() {
    let source = "#[aoc(day2, part1)]\nfn a() {}\n/* the old one:\n#[aoc(day2, part2, old)]\n/* nested */ #[aoc(day2, part2, older)]\n*/\n/// #[aoc(day2, part2, doc)]\n// #[aoc(day2, part2, line)]\nconst S: &str = \"/*\";\n#[aoc(day2, part2)]\nfn b() {}\n";
    let code = code_without_comments(source);
    assert_eq!(code.lines().count(), source.lines().count(), "lines stay where they were");
    let found: Vec<Solution> = code.lines().map(str::trim).filter_map(aoc_attribute).collect();
    let want = [(2, 1), (2, 2)].map(|(day, part)| Solution { day, part, name: None });
    assert_eq!(found, want, "{code}");
    // A comment opener inside a string, a raw string or a character is text, not a comment.
    let tricky =
        "let a = r#\"/* x\"#; let b = '\"'; let c = '\\''; fn f<'a>(x: &'a str) {}\n#[aoc(day3, part1, fast)]\n";
    let found: Vec<Solution> = code_without_comments(tricky).lines().map(str::trim).filter_map(aoc_attribute).collect();
    assert_eq!(found, [Solution { day: 3, part: 1, name: Some("fast".into()) }]);
}

#[test]
fn a_name_the_runner_cannot_use_is_a_build_error_naming_it() {
    for bad in ["fast-2", "r#type", "a b"] {
        let solution = Solution { day: 5, part: 1, name: Some(bad.into()) };
        let source = days_source(Some(2015), &[solution], |_| true);
        assert!(source.contains("compile_error!("), "{bad}: {source}");
        assert!(source.contains(&format!("the solution name `{bad}`")), "{source}");
        assert!(source.contains("use letters, digits and `_` only"), "{source}");
    }
    for taken in ["default", "Default", "DEFAULT"] {
        let source = days_source(Some(2015), &[Solution { day: 5, part: 1, name: Some(taken.into()) }], |_| true);
        assert!(source.contains(&format!("the solution name `{taken}` is taken")), "{source}");
    }
    for good in ["fast", "ñandú", "astar_2", "2nd"] {
        assert_eq!(unusable_name(good), None, "{good}");
    }
}

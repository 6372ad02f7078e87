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
        ],
    );
    year_crate_at(&dir, "aoc2015", &[("src/lib.rs", &lib(2015)), ("src/day1.rs", "#[aoc(day1, part2)]\nfn a() {}\n")]);
    year_crate_at(&dir, "search-core", &[("src/day2.rs", "#[aoc(day2, part1)]\nfn a() {}\n")]);
    assert_eq!(implemented_days(&dir), [(2015, 1), (2016, 3), (2016, 11)]);
    assert!(implemented_days(&dir.join("nowhere")).is_empty());
    fs::remove_dir_all(&dir).unwrap();
}

//! The implemented days, read from the year crates' sources (each `pub mod dayN;` in
//! `crates/aoc<year>/src/lib.rs`) instead of linking them: so `fetch` works while a day
//! does not compile.

use std::path::Path;

use aoc_workspace::DayId;

/// Every day some year crate declares, in order.
pub fn implemented(root: &Path) -> Vec<DayId> {
    let mut days = Vec::new();
    let Ok(entries) = std::fs::read_dir(root.join("crates")) else { return days };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(year) = name.strip_prefix("aoc").and_then(|y| y.parse::<u16>().ok()) else { continue };
        let Ok(lib) = std::fs::read_to_string(entry.path().join("src/lib.rs")) else { continue };
        days.extend(declared_days(&lib).into_iter().map(|day| DayId { year, day }));
    }
    days.sort();
    days
}

/// The days a year crate's `lib.rs` declares as modules (`pub mod day11;`).
pub fn declared_days(lib: &str) -> Vec<u8> {
    lib.lines().filter_map(|l| declared_day(l.trim())).collect()
}

/// The day a line declares as a module: `pub mod day11;` -> 11.
pub fn declared_day(line: &str) -> Option<u8> {
    line.strip_prefix("pub mod day")?.strip_suffix(';')?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_come_from_the_module_declarations() {
        assert_eq!(declared_days("//! Y.\n\npub mod day3;\npub mod day11;\nmod helpers;\n// pub mod day4;\n"), [3, 11]);
        let root = tempfile::tempdir().unwrap();
        for (krate, lib) in
            [("aoc2016", "pub mod day11;\n"), ("aoc2015", "pub mod day1;\n"), ("search-core", "pub mod day2;\n")]
        {
            std::fs::create_dir_all(root.path().join("crates").join(krate).join("src")).unwrap();
            std::fs::write(root.path().join("crates").join(krate).join("src/lib.rs"), lib).unwrap();
        }
        let days: Vec<String> = implemented(root.path()).iter().map(ToString::to_string).collect();
        assert_eq!(days, ["2015-01", "2016-11"]);
    }

    #[test]
    fn this_workspace_declares_its_days() {
        let root = aoc_workspace::root::workspace_root().unwrap();
        let days: Vec<String> = implemented(&root).iter().map(ToString::to_string).collect();
        assert!(days.contains(&"2016-11".to_string()) && days.contains(&"2021-23".to_string()), "{days:?}");
    }
}

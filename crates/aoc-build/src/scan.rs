//! Writing the generated Rust: pure functions, tested here without a build. (Reading the
//! sources is [`crate::sources`].)

use std::collections::BTreeMap;

use crate::sources::{Offers, Solution};

/// Why a solution name cannot be used, if it cannot: aoc-runner builds a trait and a method
/// name from it (`Day11Part1FAST`, `day11_part1_fast`), so it must be letters, digits and
/// `_` alone; and `default` (in any case) is the name of the part's unnamed solution.
pub fn unusable_name(name: &str) -> Option<String> {
    let allowed = |c: char| c.is_alphabetic() || c.is_ascii_digit() || c == '_';
    if let Some(bad) = name.chars().find(|&c| !allowed(c)) {
        return Some(format!(
            "the solution name `{}` has {bad:?}, which a Rust name cannot: use letters, digits and `_` only",
            name.escape_default()
        ));
    }
    if name.to_lowercase() == "default" {
        return Some(format!(
            "the solution name `{name}` is taken: `--solution default` picks the part's unnamed solution; name it otherwise"
        ));
    }
    None
}

/// The factory method aoc-runner generates for a solution, as a path from the crate root:
/// `<crate::Factory as crate::Day11Part1>::day11_part1` (named ones get the name appended,
/// upper-cased in the trait and lower-cased in the method, as aoc-runner-derive does).
fn factory(s: &Solution) -> String {
    let (trait_suffix, method_suffix) = match &s.name {
        Some(name) => (name.to_uppercase(), format!("_{}", name.to_lowercase())),
        None => (String::new(), String::new()),
    };
    format!(
        "<crate::Factory as crate::Day{d}Part{p}{trait_suffix}>::day{d}_part{p}{method_suffix}",
        d = s.day,
        p = s.part
    )
}

/// The Rust source of a year crate's `DAYS`: one entry per day, each part's default being
/// its unnamed solution (or, without one, the first named one) and every other named
/// solution listed among the day's `alternatives`, part by part; its `example` and
/// `explain` where its module (`days`) offers them. A day whose module is not
/// `crate::dayN`, and two solutions of one part with the same name (aoc-runner tells names
/// apart regardless of case), become build errors that say so.
pub fn days_source(year: Option<u16>, solutions: &[Solution], days: &BTreeMap<u8, Offers>) -> String {
    let mut out = String::from(
        "// Written by the build script (crate `aoc-build`) from the `#[aoc]` attributes. Do not edit.\n\n",
    );
    let Some(year) = year else {
        out += "compile_error!(\"no `aoc_lib! { year = ... }` in this crate's sources\");\n";
        out += "/// Every day this crate implements.\npub static DAYS: &[::aoc_day::Day] = &[];\n";
        return out;
    };
    for problem in solutions.iter().filter_map(|s| unusable_name(s.name.as_deref()?)) {
        out += &format!("compile_error!({:?});\n", format!("{year}: {problem}"));
    }
    let solutions: Vec<Solution> =
        solutions.iter().filter(|s| s.name.as_deref().and_then(unusable_name).is_none()).cloned().collect();
    let key = |s: &Solution| (s.day, s.part, s.name.as_ref().map(|n| n.to_lowercase()));
    let mut solutions = solutions.to_vec();
    solutions.sort_by_key(key);
    for pair in solutions.windows(2) {
        if key(&pair[0]) == key(&pair[1]) {
            let named = pair[1].name.as_ref().map_or("unnamed".to_string(), |n| format!("named `{n}`"));
            out += &format!(
                "compile_error!(\"{year} day {} part {} has two solutions {named}: each of a part's solutions needs a name of its own (aoc-runner ignores case)\");\n",
                pair[1].day, pair[1].part
            );
        }
    }
    solutions.dedup_by_key(|s| key(s));
    let mut solved: Vec<u8> = solutions.iter().map(|s| s.day).collect();
    solved.dedup();
    out += "/// Every day this crate implements, in order.\npub static DAYS: &[::aoc_day::Day] = &[\n";
    for &day in &solved {
        let Some(offers) = days.get(&day) else {
            out += &format!(
                "    compile_error!(\"day {day} has #[aoc] solutions but src/lib.rs declares no module `day{day}`\"),\n"
            );
            continue;
        };
        let offered = |yes: bool, item: &str| {
            if yes {
                format!("Some(crate::day{day}::{item})")
            } else {
                "None".to_string()
            }
        };
        let mine = |p: u8| solutions.iter().filter(move |s| s.day == day && s.part == p);
        let default = |p: u8| mine(p).find(|s| s.name.is_none()).or_else(|| mine(p).next());
        let part = |p: u8| default(p).map_or("None".to_string(), |s| format!("Some({})", factory(s)));
        let mut alternatives = String::new();
        for p in 1..=2 {
            for s in mine(p).filter(|&s| Some(s) != default(p)) {
                let name = s.name.as_deref().unwrap_or_default();
                alternatives += &format!(
                    "\n            ::aoc_day::Alternative {{ part: ::aoc_day::Part::{}, name: {name:?}, factory: {} }},",
                    if p == 1 { "One" } else { "Two" },
                    factory(s)
                );
            }
        }
        if !alternatives.is_empty() {
            alternatives += "\n        ";
        }
        out += &format!(
            "    ::aoc_day::Day {{\n        id: ::aoc_day::DayId {{ year: {year}, day: {day} }},\n        example: {},\n        parts: [{}, {}],\n        alternatives: &[{alternatives}],\n        explain: {},\n    }},\n",
            offered(offers.example, "EXAMPLE"),
            part(1),
            part(2),
            offered(offers.explain, "explain"),
        );
    }
    out += "];\n";
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn solution(day: u8, part: u8, name: Option<&str>) -> Solution {
        Solution { day, part, name: name.map(str::to_string) }
    }

    /// Day modules offering both `EXAMPLE` and `explain`, as scaffold writes them.
    pub(crate) fn scaffolded(days: &[u8]) -> BTreeMap<u8, Offers> {
        days.iter().map(|&d| (d, Offers { example: true, explain: true })).collect()
    }

    #[test]
    fn days_prefer_the_unnamed_solution_and_allow_a_missing_part() {
        let solutions =
            [solution(1, 1, None), solution(11, 1, Some("fast")), solution(11, 2, Some("b")), solution(11, 2, None)];
        let source = days_source(Some(2016), &solutions, &scaffolded(&[1, 11]));
        assert!(source.contains("id: ::aoc_day::DayId { year: 2016, day: 1 }"), "{source}");
        assert!(source.contains("parts: [Some(<crate::Factory as crate::Day1Part1>::day1_part1), None]"), "{source}");
        assert!(source.contains(
            "parts: [Some(<crate::Factory as crate::Day11Part1FAST>::day11_part1_fast), Some(<crate::Factory as crate::Day11Part2>::day11_part2)]"
        ), "{source}");
        assert!(
            source.contains("example: Some(crate::day11::EXAMPLE)")
                && source.contains("explain: Some(crate::day11::explain)")
        );
        // Day 11's part 2 keeps `b` beside its default; part 1's only solution is its default.
        assert!(source.contains(
            "alternatives: &[\n            ::aoc_day::Alternative { part: ::aoc_day::Part::Two, name: \"b\", factory: <crate::Factory as crate::Day11Part2B>::day11_part2_b },\n        ],"
        ), "{source}");
        assert!(source.contains("alternatives: &[],"), "day 1 has none: {source}");
    }

    #[test]
    fn every_named_solution_is_an_alternative_in_name_order() {
        let solutions = [
            solution(23, 2, Some("dijkstra")),
            solution(23, 1, None),
            solution(23, 1, Some("dijkstra")),
            solution(23, 1, Some("astar")),
            solution(23, 2, None),
        ];
        let source = days_source(Some(2021), &solutions, &scaffolded(&[23]));
        let names: Vec<&str> = source
            .match_indices("name: \"")
            .map(|(i, _)| &source[i + 7..][..source[i + 7..].find('"').unwrap()])
            .collect();
        assert_eq!(names, ["astar", "dijkstra", "dijkstra"], "{source}");
        assert!(source.contains("Part::Two, name: \"dijkstra\", factory: <crate::Factory as crate::Day23Part2DIJKSTRA>::day23_part2_dijkstra"), "{source}");
        assert!(!source.contains("compile_error!"), "{source}");
    }

    #[test]
    fn two_solutions_of_a_part_with_one_name_are_a_build_error_naming_it() {
        let solutions = [
            solution(23, 1, Some("fast")),
            solution(23, 1, Some("apple")),
            solution(23, 1, Some("Fast")),
            solution(23, 2, Some("fast")),
        ];
        let source = days_source(Some(2021), &solutions, &scaffolded(&[23]));
        assert!(
            source.to_lowercase().contains("compile_error!(\"2021 day 23 part 1 has two solutions named `fast`"),
            "{source}"
        );
        assert_eq!(source.matches("compile_error!").count(), 1, "part 2's `fast` is its own: {source}");
        let twice = days_source(Some(2021), &[solution(23, 1, None), solution(23, 1, None)], &scaffolded(&[23]));
        assert!(twice.contains("compile_error!(\"2021 day 23 part 1 has two solutions unnamed"), "{twice}");
    }

    #[test]
    fn problems_become_build_errors() {
        let source = days_source(Some(2016), &[solution(4, 1, None)], &BTreeMap::new());
        assert!(
            source.contains("compile_error!(\"day 4 has #[aoc] solutions but src/lib.rs declares no module `day4`"),
            "{source}"
        );
        assert!(days_source(None, &[], &BTreeMap::new()).contains("compile_error!(\"no `aoc_lib!"));
        assert!(days_source(Some(2015), &[], &BTreeMap::new()).contains("DAYS: &[::aoc_day::Day] = &[\n];"));
    }

    #[test]
    fn a_day_without_example_or_explain_is_listed_without_them() {
        let days = BTreeMap::from([(25, Offers::default()), (3, Offers { example: true, explain: false })]);
        let source = days_source(Some(2016), &[solution(3, 1, None), solution(25, 1, None)], &days);
        assert!(source.contains("example: Some(crate::day3::EXAMPLE),"), "{source}");
        assert!(source.contains("example: None,") && !source.contains("day25::EXAMPLE"), "{source}");
        assert!(!source.contains("::explain") && source.matches("explain: None,").count() == 2, "{source}");
    }
}

use super::*;

/// The first way `text` still names `id` (its id, `2016 day 11`, `inputs/2016/day11`) or,
/// when its whole year goes, its year's crate (`aoc2016`), if any. A year alone is not a
/// mention: pages speak of years for other reasons (the examples' corpus, by year).
pub fn mention(text: &str, id: DayId, whole_year: bool) -> Option<String> {
    let (y, d) = (id.year, id.day);
    let mut names = vec![
        format!("{y}-{d:02}"),
        format!("{y} day {d}"),
        format!("inputs/{y}/day{d}."),
        format!("aoc{y}::day{d}"),
        format!("{y}-{d}"),
    ];
    if whole_year {
        names.push(format!("aoc{y}"));
    }
    let is_digit_around = |at: usize, len: usize| {
        text[..at].chars().next_back().is_some_and(|c| c.is_ascii_digit())
            || text[at + len..].chars().next().is_some_and(|c| c.is_ascii_digit())
    };
    for name in &names {
        if text.match_indices(name.as_str()).any(|(at, _)| !is_digit_around(at, name.len())) {
            return Some(name.clone());
        }
    }
    None
}

fn day(s: &str) -> DayId {
    s.parse().unwrap()
}

fn days(list: &[&str]) -> BTreeSet<DayId> {
    list.iter().map(|s| day(s)).collect()
}

#[test]
fn marked_blocks_and_lines_go_with_their_days_and_nothing_else_does() {
    let text = "# Page\n\nIntro.\n\n<!-- day 2016-11 -->\nAbout 2016-11.\n\n```sh\ncargo xtask run 2016-11\n```\n<!-- /day -->\n\nMiddle.\n\n| a | b |\n|---|---|\n| 2016-11 | x | <!-- day 2016-11 -->\n| 2021-23 | y | <!-- day 2021-23 -->\n\n<!-- day 2016-11 2021-23 -->\nBoth.\n<!-- /day -->\n\nEnd.\n";
    let without = without_days(text, &days(&["2016-11"])).unwrap();
    assert_eq!(
        without,
        "# Page\n\nIntro.\n\nMiddle.\n\n| a | b |\n|---|---|\n| 2021-23 | y | <!-- day 2021-23 -->\n\nEnd.\n"
    );
    assert_eq!(without_days(text, &days(&["2015-01"])).unwrap(), text, "another day's removal changes nothing");
    let last = without_days("Text.\n\n<!-- day 2016-11 -->\nLast.\n<!-- /day -->\n", &days(&["2016-11"])).unwrap();
    assert_eq!(last, "Text.\n", "no blank line is left at the end");
    let neither = without_days(text, &days(&["2016-11", "2021-23"])).unwrap();
    assert_eq!(neither, "# Page\n\nIntro.\n\nMiddle.\n\n| a | b |\n|---|---|\n\nEnd.\n");
    // Line endings stay as written, and a marker in code is text.
    let crlf = text.replace('\n', "\r\n") + "```\r\n<!-- day 2016-11 -->\r\n```\r\n";
    let expected = without.replace('\n', "\r\n") + "```\r\n<!-- day 2016-11 -->\r\n```\r\n";
    assert_eq!(without_days(&crlf, &days(&["2016-11"])).unwrap(), expected);
}

#[test]
fn a_days_own_files_are_its_page_and_its_scripts() {
    let root = tempfile::tempdir().unwrap();
    for file in [
        "docs/2016-11.md",
        "docs/2016-1.md",
        "docs/2016-110.md",
        "docs/commands.md",
        "scripts/2016-11-scale.sh",
        "scripts/2016-11.sh",
        "scripts/all.sh",
    ] {
        let path = root.path().join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "").unwrap();
    }
    let owned: Vec<String> = owned_files(root.path(), day("2016-11"))
        .iter()
        .map(|p| p.strip_prefix(root.path()).unwrap().display().to_string())
        .collect();
    assert_eq!(owned, ["docs/2016-11.md", "scripts/2016-11-scale.sh", "scripts/2016-11.sh"]);
    let first: Vec<PathBuf> = owned_files(root.path(), day("2016-1"));
    assert_eq!(first, [root.path().join("docs/2016-1.md")]);
}

#[test]
fn mentions_are_found_as_words() {
    assert_eq!(mention("run 2016-11 now", day("2016-11"), false).as_deref(), Some("2016-11"));
    assert_eq!(mention("see 2016 day 11", day("2016-11"), false).as_deref(), Some("2016 day 11"));
    assert_eq!(mention("2016-110 and 12016-11", day("2016-11"), false), None);
    assert_eq!(mention("crates/aoc2016/", day("2016-11"), true).as_deref(), Some("aoc2016"));
    assert_eq!(mention("the 2016 pages", day("2016-11"), true), None, "a year alone names no day");
    assert_eq!(mention("32,016 states; 20160 ns", day("2016-11"), true), None);
    assert_eq!(mention("day 2015-12 is not 2015-1", day("2015-1"), false).as_deref(), Some("2015-1"));
    assert_eq!(mention("day 2015-12", day("2015-1"), false), None);
}

/// This repository's own pages and scripts: with the days it ships removed (as a new user
/// does), nothing in README.md, docs/ or scripts/ names one of them, and the README starts
/// the reader on their own first day. So a page that speaks of a shipped day must mark the
/// passage. The shipped days are named here, not read from the crates: a user's own days
/// (2015-1, the pages' example day, say) are not this test's business, and once the
/// shipped ones are removed there is nothing left to check.
#[test]
fn the_shipped_pages_name_no_shipped_day_once_they_are_removed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let present = aoc_workspace::sources::implemented_days(root);
    let shipped: Vec<DayId> = [DayId { year: 2016, day: 11 }, DayId { year: 2021, day: 23 }]
        .into_iter()
        .filter(|d| present.contains(d))
        .collect();
    let removed: BTreeSet<DayId> = shipped.iter().copied().collect();
    let owned: Vec<PathBuf> = shipped.iter().flat_map(|&id| owned_files(root, id)).collect();
    let mut files = pages(root);
    files.extend(
        std::fs::read_dir(root.join("scripts"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file()),
    );
    let mut named = Vec::new();
    for file in files.iter().filter(|f| !owned.contains(f)) {
        let text = std::fs::read_to_string(file).unwrap();
        let mut left = without_days(&text, &removed).unwrap();
        if *file == root.join("README.md") {
            let others: Vec<DayId> = present.iter().copied().filter(|id| !shipped.contains(id)).collect();
            left = crate::readme::forget_timings(&crate::readme::refresh(&left, &others, None).unwrap(), &shipped)
                .unwrap();
            if others.is_empty() {
                assert!(left.contains("cargo xtask scaffold 2015-1"), "the README starts no first day:\n{left}");
            }
        }
        for &id in &shipped {
            // Its year is named no more unless a day of the user's stays in it.
            let whole_year = !present.iter().any(|day| day.year == id.year && !removed.contains(day));
            if let Some(name) = mention(&left, id, whole_year) {
                let line = left.lines().find(|l| mention(l, id, whole_year).is_some()).unwrap_or_default();
                named.push(format!("{}: `{name}` in: {line}", file.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(
        named.is_empty(),
        "still named once every day is removed (mark the passage `<!-- day ... -->`):\n{}",
        named.join("\n")
    );
}

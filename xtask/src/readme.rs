//! The README's parts that describe the days present, generated so that `scaffold`,
//! `remove` and `fetch` keep them true: the table of days (a day's puzzle title read from
//! the page `fetch` saved) and the quick start (which runs the first
//! day there is, or, with none, starts the reader on their own first one). Each sits
//! between markers of its own (`<!-- days:start ... -->` to `<!-- days:end -->`, and
//! `quickstart`); the timings table (`timings`, written by `cargo xtask time --readme`) is
//! emptied by `remove` when it shows a removed day. A README without the markers is left
//! as it is.

use std::path::Path;

use aoc_workspace::DayId;

/// A block's marker missing or written twice, with its line.
pub type Problem = (usize, String);

/// Rewrites the workspace's README.md for the days present: whether it changed. No README
/// is no error: the user's to have or not.
pub fn refresh_file(root: &Path) -> anyhow::Result<bool> {
    let path = root.join("README.md");
    if !path.is_file() {
        return Ok(false);
    }
    let text = std::fs::read_to_string(&path)?;
    let days = aoc_workspace::sources::implemented_days(root);
    let refreshed =
        refresh(&text, &days, Some(root)).map_err(|(line, why)| anyhow::anyhow!("README.md:{line}: {why}"))?;
    if refreshed == text {
        return Ok(false);
    }
    aoc_workspace::files::write_whole(&path, refreshed.as_bytes(), aoc_workspace::files::Access::Shared)?;
    Ok(true)
}

/// `readme` with its days table and quick start written for `days` (in order).
pub fn refresh(readme: &str, days: &[DayId], root: Option<&Path>) -> Result<String, Problem> {
    let Some(table) = block(readme, "days")? else { return Ok(readme.to_string()) };
    let text = replace_block(readme, "days", &days_table(table, days, root))?;
    replace_block(&text, "quickstart", &quick_start(days.first().copied()))
}

/// `readme` with its timings table replaced by a note when it shows one of `removed`: its
/// total and relative figures were measured with them.
pub fn forget_timings(readme: &str, removed: &[DayId]) -> Result<String, Problem> {
    let Some(table) = block(readme, "timings")? else { return Ok(readme.to_string()) };
    if !table.lines().any(|line| row_day(line).is_some_and(|id| removed.contains(&id))) {
        return Ok(readme.to_string());
    }
    let note = "_No timings yet: `cargo xtask time --readme` writes the table of your days here._\n";
    replace_block(readme, "timings", note)
}

/// The day a table row starts with (`| 2016-11 | ...`), if any.
fn row_day(line: &str) -> Option<DayId> {
    line.strip_prefix('|')?.split('|').next()?.trim().parse().ok()
}

/// The days table for `days`, edited in place: the rows of the days gone are dropped, a new
/// day's row is added in day order, and everything else the user wrote (the header, their
/// columns, rows and footnotes) stays as written.
fn days_table(block: &str, days: &[DayId], root: Option<&Path>) -> String {
    let mut lines: Vec<String> = block.lines().map(str::to_string).collect();
    let header = lines.iter().position(|l| l.starts_with('|'));
    let header = header.filter(|&h| lines.get(h + 1).is_some_and(|l| l.starts_with('|'))).unwrap_or_else(|| {
        // No table: the note written when there were no days, ours to replace.
        lines = ["| day | puzzle | approach |", "|---|---|---|"].map(String::from).to_vec();
        0
    });
    let end = (header + 2..lines.len()).find(|&i| !lines[i].starts_with('|')).unwrap_or(lines.len());
    let mut rows = lines.splice(header + 2..end, []).collect::<Vec<_>>();
    rows.retain(|row| row_day(row).is_none_or(|id| days.contains(&id)));
    let columns = lines[header].trim().trim_matches('|').split('|').count();
    let puzzle = lines[header].trim().trim_matches('|').split('|').position(|cell| cell.trim() == "puzzle");
    for &id in days {
        if rows.iter().any(|row| row_day(row) == Some(id)) {
            continue;
        }
        let mut cells = vec![id.to_string(), String::new(), module_link(id, root)];
        cells.resize(columns.max(cells.len()), String::new());
        let at = rows.iter().position(|row| row_day(row).is_some_and(|day| day > id));
        let last = rows.iter().rposition(|row| row_day(row).is_some()).map_or(0, |i| i + 1);
        rows.insert(at.unwrap_or(last), format!("| {} |", cells.join(" | ")).replace("|  |", "| |"));
    }
    // A puzzle cell left empty gets the title once `fetch` has saved the page.
    for row in &mut rows {
        let title = row_day(row).zip(root).and_then(|(id, root)| puzzle_title(root, id));
        if let (Some(title), Some(column)) = (title, puzzle) {
            fill_empty_cell(row, column, &title);
        }
    }
    if days.is_empty() {
        // The table goes (the user's other rows with it), their footnotes stay.
        let note = "No days yet: `cargo xtask today` starts the day's puzzle in December,\n`cargo xtask scaffold 2015-1` any other (quick start below).";
        lines.splice(header..header + 2, note.lines().map(String::from));
    } else {
        lines.splice(header + 2..header + 2, rows);
    }
    lines.join("\n") + "\n"
}

/// Day `id`'s puzzle title, from the page `fetch` saved (`<h2>--- Day 1: Not Quite Lisp
/// ---</h2>`), as Markdown: text from the site, so nothing in it may end the cell or open
/// markup.
fn puzzle_title(root: &Path, id: DayId) -> Option<String> {
    let page = std::fs::read_to_string(aoc_workspace::inputs::puzzle_page_path(root, id)).ok()?;
    let heading = page.split("<h2>").nth(1)?.split("</h2>").next()?;
    let title = heading.strip_prefix(&format!("--- Day {}: ", id.day))?.strip_suffix(" ---")?;
    let mut escaped = String::new();
    for c in title.chars().filter(|c| !c.is_control()) {
        if "\\`*_[]<>|".contains(c) {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    (!escaped.trim().is_empty()).then_some(escaped)
}

/// Puts `text` in cell `column` (0 the first) of a table row, if that cell is empty; a `|`
/// escaped inside a cell does not end it.
fn fill_empty_cell(row: &mut String, column: usize, text: &str) {
    let bytes = row.as_bytes();
    let pipes: Vec<usize> =
        (0..bytes.len()).filter(|&i| bytes[i] == b'|' && (i == 0 || bytes[i - 1] != b'\\')).collect();
    if let Some(&[start, end]) = pipes.get(column..column + 2) {
        if row[start + 1..end].trim().is_empty() {
            row.replace_range(start + 1..end, &format!(" {text} "));
        }
    }
}

/// A link to day `id`'s module: its folder's `mod.rs`, or its one file (`src/day4.rs`)
/// where the workspace at `root` has that.
fn module_link(id: DayId, root: Option<&Path>) -> String {
    let file = format!("crates/aoc{}/src/day{}.rs", id.year, id.day);
    if root.is_some_and(|root| root.join(&file).is_file()) {
        return format!("[{file}]({file})");
    }
    let folder = format!("crates/aoc{}/src/day{}/", id.year, id.day);
    format!("[{folder}]({folder}mod.rs)")
}

fn quick_start(first: Option<DayId>) -> String {
    let commands = match first {
        Some(id) => format!(
            "{:<29}# solve a day: answers, first-call times, memory (optimised build)\n",
            format!("cargo xtask run {id}")
        ),
        None => {
            "cargo xtask scaffold 2015-1      # your first day: crates/aoc2015/src/day1/ (a puzzle of your choice)\n\
                 cargo xtask fetch 2015-1         # its input and page (your session token: below)\n\
                 cargo xtask run 2015-1           # solve it once written: answers, times, memory\n"
                .to_string()
        }
    };
    let test = "cargo test --workspace";
    let width = if first.is_some() { 29 } else { 33 };
    format!("```sh\n{commands}{test:<width$}# the quick tests: unit, property (cross-checked) and doc tests\n```\n")
}

/// The text between `<!-- <name>:start ... -->` and `<!-- <name>:end -->`; `None` without
/// them (a README of the user's own), an error for one without the other or either twice.
fn block<'a>(text: &'a str, name: &str) -> Result<Option<&'a str>, Problem> {
    Ok(block_range(text, name)?.map(|(start, end)| &text[start..end]))
}

fn block_range(text: &str, name: &str) -> Result<Option<(usize, usize)>, Problem> {
    let line = |at: usize| text[..at].matches('\n').count() + 1;
    let (open, close) = (format!("<!-- {name}:start"), format!("<!-- {name}:end -->"));
    let opens: Vec<usize> = text.match_indices(&open).map(|(at, _)| at).collect();
    let closes: Vec<usize> = text.match_indices(&close).map(|(at, _)| at).collect();
    let start = opens.first().and_then(|&at| Some(at + text[at..].find('\n')? + 1));
    match (opens.as_slice(), closes.as_slice(), start) {
        ([], [], _) => Ok(None),
        ([_], [end], Some(start)) if start <= *end => Ok(Some((start, *end))),
        ([_, second, ..], _, _) | (_, [_, second, ..], _) => {
            Err((line(*second), format!("a second `{open}` or `{close}`: which block is meant?")))
        }
        ([at], _, _) => Err((line(*at), format!("`{open}` has no `{close}` after it"))),
        (_, [at], _) => Err((line(*at), format!("`{close}` has no `{open}` before it"))),
    }
}

/// `text` with the block `name` holding `content` (unchanged without its markers).
fn replace_block(text: &str, name: &str, content: &str) -> Result<String, Problem> {
    Ok(match block_range(text, name)? {
        Some((start, end)) => format!("{}{content}{}", &text[..start], &text[end..]),
        None => text.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> DayId {
        s.parse().unwrap()
    }

    const README: &str = "# Title\n\n<!-- days:start (kept) -->\n| day | puzzle | approach |\n|---|---|---|\n| 2016-11 | Generators | a table |\n| 2021-23 | Amphipod | A* |\n<!-- days:end -->\n\n## Quick start\n\n<!-- quickstart:start (kept) -->\n```sh\ncargo xtask run 2016-11\n```\n<!-- quickstart:end -->\n\nTimings:\n\n<!-- timings:start (cargo xtask time --readme) -->\n| day | step |\n|---|---|\n| 2016-11 | parse |\n| 2021-23 | parse |\n<!-- timings:end -->\n";

    #[test]
    fn a_one_file_day_is_linked_as_its_file() {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join("crates/aoc2015/src")).unwrap();
        std::fs::write(root.path().join("crates/aoc2015/src/day4.rs"), "").unwrap();
        assert_eq!(
            module_link(day("2015-4"), Some(root.path())),
            "[crates/aoc2015/src/day4.rs](crates/aoc2015/src/day4.rs)"
        );
        assert_eq!(
            module_link(day("2015-5"), Some(root.path())),
            "[crates/aoc2015/src/day5/](crates/aoc2015/src/day5/mod.rs)"
        );
    }

    #[test]
    fn the_days_present_keep_their_rows_and_a_new_one_gets_its_own() {
        let text = refresh(README, &[day("2015-1"), day("2021-23")], None).unwrap();
        assert!(!text.contains("2016-11 | Generators") && text.contains("| 2021-23 | Amphipod | A* |\n"), "{text}");
        assert!(text.contains("| 2015-1 | | [crates/aoc2015/src/day1/](crates/aoc2015/src/day1/mod.rs) |"), "{text}");
        assert!(text.contains("```sh\ncargo xtask run 2015-1"), "the first day is the quick start's: {text}");
        assert!(text.contains("<!-- days:start (kept) -->\n| day |") && text.contains("<!-- quickstart:end -->"));
        assert_eq!(
            refresh(&text, &[day("2015-1"), day("2021-23")], None).unwrap(),
            text,
            "a second refresh changes nothing"
        );
    }

    #[test]
    fn no_days_at_all_start_the_reader_on_their_own_first() {
        let text = forget_timings(&refresh(README, &[], None).unwrap(), &[day("2016-11"), day("2021-23")]).unwrap();
        for gone in ["2016-11", "2021-23", "Amphipod"] {
            assert!(!text.contains(gone), "{gone}: {text}");
        }
        assert!(text.contains("No days yet: `cargo xtask today`"), "{text}");
        assert!(text.contains("cargo xtask scaffold 2015-1 ") && text.contains("cargo xtask run 2015-1 "), "{text}");
        assert!(text.contains("<!-- timings:start (cargo xtask time --readme) -->\n_No timings yet"), "{text}");
        // A README without the markers is the user's own: untouched.
        assert_eq!(refresh("# Mine\n", &[], None).unwrap(), "# Mine\n");
        // Timings that show no removed day stay.
        assert_eq!(forget_timings(README, &[day("2015-1")]).unwrap(), README);
    }

    #[test]
    fn a_fetched_page_names_its_puzzle_once_and_safely() {
        let root = tempfile::tempdir().unwrap();
        let page = |id: &str, html: &str| {
            let path = aoc_workspace::inputs::puzzle_page_path(root.path(), day(id));
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, html).unwrap();
        };
        page("2015-1", "<main><h2>--- Day 1: Not | *Quite* Lisp ---</h2><h2 id=\"part2\">--- Part Two ---</h2>");
        page("2021-23", "<h2>--- Day 23: Someone Else's Title ---</h2>");
        page("2015-2", "<h2>--- Day 3: Another Day's Page ---</h2>");
        let mine = README.replace("| 2021-23 | Amphipod | A* |", "| 2021-23 | | A* \\| B |");
        let days = [day("2015-1"), day("2015-2"), day("2021-23")];
        let text = refresh(&mine, &days, Some(root.path())).unwrap();
        assert!(text.contains("| 2015-1 | Not \\| \\*Quite\\* Lisp | [crates/aoc2015/src/day1/]"), "{text}");
        assert!(text.contains("| 2015-2 | | [crates/aoc2015/src/day2/]"), "a page of another day: {text}");
        assert!(text.contains("| 2021-23 | Someone Else's Title | A* \\| B |"), "an empty cell filled: {text}");
        let named = refresh(README, &days, Some(root.path())).unwrap();
        assert!(named.contains("| 2021-23 | Amphipod | A* |"), "the user's title stays: {named}");
        assert_eq!(refresh(&text, &days, Some(root.path())).unwrap(), text, "a second refresh changes nothing");
    }

    /// This repository's README, as shipped (both shipped days there), is what `scaffold`
    /// and `remove` would write for its days. A user's README is theirs to shape.
    #[test]
    fn the_shipped_readme_is_as_generated() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let present = aoc_workspace::sources::implemented_days(root);
        let shipped = |text: &str| text.parse::<DayId>().is_ok_and(|id| present.contains(&id));
        if !shipped("2016-11") || !shipped("2021-23") {
            return;
        }
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        let days: Vec<DayId> = present.clone();
        assert!(block(&readme, "days").unwrap().is_some() && block(&readme, "quickstart").unwrap().is_some());
        assert_eq!(refresh(&readme, &days, None).unwrap(), readme);
    }
}

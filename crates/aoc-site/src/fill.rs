//! A new day's examples, written from the page it was downloaded with: the day's
//! `examples.txt` (beside its module; the scaffold makes it empty, and the day's `EXAMPLE`
//! reads it) gets the examples and expected answers module `example` finds.
//!
//! What the user wrote is never overwritten: the file is filled only while it is empty, or
//! while it is exactly what this module wrote from an earlier page (part 2's answer is then
//! added when part 2 unlocks). A day without `examples.txt` (the shipped days, or a day the
//! user laid out otherwise) is left alone.

use std::io::Write;
use std::path::Path;

use aoc_workspace::examples::{self, Example};
use aoc_workspace::files::{write_whole, Access};
use aoc_workspace::inputs::{examples_path, shown};
use aoc_workspace::{DayId, Part};

use crate::example::{examples_of_day, Example as Found};

/// Fills `id`'s `examples.txt` from `html` where it is empty or still the tool's own, and
/// says what it took and from where on `out`.
pub fn fill_examples(root: &Path, id: DayId, html: &str, out: &mut dyn Write) -> anyhow::Result<()> {
    let path = examples_path(root, id);
    let Ok(current) = std::fs::read_to_string(&path) else { return Ok(()) };
    let (found, from_the_table) = examples_of_day(html, id.year, id.day);
    if found.is_empty() {
        return Ok(());
    }
    let wanted = render(&found.iter().cloned().map(Example::from).collect::<Vec<_>>());
    let ours_before = render(&part_one_only(&found));
    if current == wanted {
        return Ok(());
    }
    if !current.trim().is_empty() && current != ours_before {
        return Ok(()); // the user's own: left as it is
    }
    write_whole(&path, wanted.as_bytes(), Access::Shared)?;
    let how = if from_the_table {
        "from aocd-example-parser's hand-checked locators"
    } else {
        "a guess from the page: check it"
    };
    writeln!(out, "{id}: {} -> {} ({how})", summary(&found), shown(root, &path))?;
    Ok(())
}

/// What the page gave before part 2 unlocked: its part 1 examples and their answers.
fn part_one_only(found: &[Found]) -> Vec<Example> {
    found
        .iter()
        .filter(|f| f.part == Part::One)
        .map(|f| Example { expected: [f.expected[0].clone(), None], ..f.clone().into() })
        .collect()
}

/// `list` as examples text, which `examples::parse` reads back exactly: an input line that
/// would read as a marker is written with a backslash before it.
pub(crate) fn render(list: &[Example]) -> String {
    let mut out = String::new();
    for example in list {
        match &example.source {
            Some(source) => out += &format!("== example ({source})\n"),
            None => out += "== example\n",
        }
        for line in example.input.lines() {
            if examples::needs_escape(line) {
                out.push('\\');
            }
            out += line;
            out.push('\n');
        }
        for part in Part::BOTH {
            if let Some(expected) = &example.expected[part.index()] {
                let kind = if expected.guess { " (guess)" } else { "" };
                out += &format!("== part {part}{kind}: {}\n", expected.answer);
            }
        }
    }
    out
}

/// "example: 6 lines from the first code block of part 1; part 1 expects 42"
fn summary(found: &[Found]) -> String {
    let mut parts = Vec::new();
    for example in found {
        let lines = example.input.lines().count();
        let mut said = format!("example: {lines} line{} from {}", if lines == 1 { "" } else { "s" }, example.source);
        for part in Part::BOTH {
            if let Some(expected) = &example.expected[part.index()] {
                let answer = aoc_workspace::terminal_safe(&expected.answer);
                let how = if expected.guess { " (a guess: not stated plainly, so never marked ✗)" } else { "" };
                said += &format!("; part {part} expects {answer}{how}");
            }
        }
        parts.push(said);
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use aoc_workspace::examples::Expected;

    const PART_ONE: &str = "<article><p>For example:</p><pre><code>1\n<em>2</em>\n</code></pre>\
        <p>The sum is <code><em>3</em></code>.</p></article>";
    const BOTH: &str = "<article><p>For example:</p><pre><code>1\n<em>2</em>\n</code></pre>\
        <p>The sum is <code><em>3</em></code>.</p></article><p>Your puzzle answer was <code>9</code>.</p>\
        <article><p>Now multiply: in the above example, <code><em>2</em></code>.</p></article>";

    /// A puzzle later than aocd-example-parser's table (as every new puzzle is): the rule
    /// reads its page.
    fn day() -> DayId {
        DayId { year: 2026, day: 6 }
    }

    fn fill(root: &Path, html: &str) -> String {
        fill_day(root, day(), html)
    }

    fn fill_day(root: &Path, id: DayId, html: &str) -> String {
        let mut out = Vec::new();
        fill_examples(root, id, html, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_puzzle_the_table_knows_is_written_from_its_locators() {
        // 2020/01's locators: the input `a_pre[0]`, the answers `a_code[-2]`, `b_code[-2]`.
        let id = DayId { year: 2020, day: 1 };
        let one = "<article><p>For example:</p><pre><code>1721\n979\n</code></pre>\
            <p>Multiplying them produces <code><em>514579</em></code>.</p><p>Sum to <code>2020</code>.</p></article>";
        let both = format!(
            "{one}<article><p>They multiply to <code><em>241861950</em></code>.</p><p><code>2020</code></p></article>"
        );
        let root = tempfile::tempdir().unwrap();
        let path = examples_path(root.path(), id);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "").unwrap();
        let said = fill_day(root.path(), id, one);
        assert!(said.contains("part 1 expects 514579 -> "), "{said}");
        assert!(said.contains("hand-checked"), "{said}");
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(written.starts_with("== example (`a_pre[0]`, by aocd-example-parser"), "{written}");
        assert!(written.ends_with("1721\n979\n== part 1: 514579\n"), "{written}");
        fill_day(root.path(), id, &both);
        let read = examples::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!((read[0].expected(Part::One), read[0].expected(Part::Two)), (Some("514579"), Some("241861950")));
    }

    #[test]
    fn an_empty_examples_file_is_filled_and_part_two_added_later() {
        let root = tempfile::tempdir().unwrap();
        let path = examples_path(root.path(), day());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "").unwrap();
        let said = fill(root.path(), PART_ONE);
        assert!(said.contains("example: 2 lines from the first code block of part 1; part 1 expects 3"), "{said}");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "== example (the first code block of part 1)\n1\n2\n== part 1: 3\n"
        );
        let said = fill(root.path(), BOTH);
        assert!(said.contains("part 2 expects 2"), "{said}");
        assert!(std::fs::read_to_string(&path).unwrap().ends_with("== part 1: 3\n== part 2: 2\n"));
        // Nothing new: nothing written, nothing said.
        assert_eq!(fill(root.path(), BOTH), "");
    }

    #[test]
    fn what_the_user_wrote_is_never_overwritten() {
        let root = tempfile::tempdir().unwrap();
        let path = examples_path(root.path(), day());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "my own example\n").unwrap();
        assert_eq!(fill(root.path(), BOTH), "");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "my own example\n");
        // An edited expectation is the user's too.
        std::fs::write(&path, "== example (the first code block of part 1)\n1\n2\n== part 1: 4\n").unwrap();
        assert_eq!(fill(root.path(), BOTH), "");
        assert!(std::fs::read_to_string(&path).unwrap().contains("part 1: 4"));
    }

    #[test]
    fn a_day_without_an_examples_file_is_left_alone() {
        let root = tempfile::tempdir().unwrap();
        assert_eq!(fill(root.path(), BOTH), "");
        assert!(!examples_path(root.path(), day()).exists());
    }

    #[test]
    fn an_example_line_that_looks_like_a_marker_round_trips() {
        let root = tempfile::tempdir().unwrap();
        let path = examples_path(root.path(), day());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "").unwrap();
        let page = "<article><p>For example:</p><pre><code>== part 1: 99\n== example\nx\n</code></pre>\
            <p>The answer is <code><em>3</em></code>.</p></article>";
        fill(root.path(), page);
        let written = std::fs::read_to_string(&path).unwrap();
        let read = examples::parse(&written).unwrap();
        assert_eq!(read.len(), 1, "{written}");
        assert_eq!(read[0].input, "== part 1: 99\n== example\nx\n");
        assert_eq!(read[0].expected(Part::One), Some("3"));
    }

    #[test]
    fn a_guess_is_written_as_one() {
        let root = tempfile::tempdir().unwrap();
        let path = examples_path(root.path(), day());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "").unwrap();
        let page = "<article><p>For example:</p><pre><code>abc\n</code></pre><p>It spells <code><em>CAB</em></code>.</p></article>";
        let said = fill(root.path(), page);
        assert!(said.contains("part 1 expects CAB (a guess"), "{said}");
        let read = examples::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(read[0].expected, [Some(Expected { answer: "CAB".into(), guess: true }), None]);
    }

    fn example(input: &str, source: Option<&str>, expected: [Option<Expected>; 2]) -> Example {
        Example { input: input.to_string(), source: source.map(str::to_string), expected }
    }

    fn answer(answer: &str, guess: bool) -> Option<Expected> {
        Some(Expected { answer: answer.to_string(), guess })
    }

    #[test]
    fn examples_round_trip() {
        let examples = vec![
            example("3 4\n4 3\n", Some("the first code block of part 1"), [answer("21", false), None]),
            example("two1nine\n", None, [None, answer("-112", false)]),
            example("    [D]\n 1\n", None, [answer("CMZ", false), answer("MCD", true)]),
        ];
        let text = render(&examples);
        assert_eq!(examples::parse(&text), Ok(examples));
        assert!(text.starts_with("== example (the first code block of part 1)\n3 4\n4 3\n== part 1: 21\n"));
        assert!(text.ends_with("== part 1: CMZ\n== part 2 (guess): MCD\n"), "{text}");
    }

    #[test]
    fn any_input_line_round_trips_even_one_that_looks_like_a_marker() {
        let input = "== part 1: 5\n== example\n\\== x\n\\\\== y\n\\n\n==x\n\n";
        let examples = vec![example(input, None, [answer("7", false), None])];
        let text = render(&examples);
        assert!(text.contains("\n\\== part 1: 5\n\\== example\n\\\\== x\n\\\\\\== y\n\\n\n==x\n"), "{text}");
        assert_eq!(examples::parse(&text), Ok(examples));
    }
}

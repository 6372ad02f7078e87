//! The puzzle's examples as a check: `run --example` runs each day on each of its examples
//! and marks each part against the answer the puzzle gives for it; `check` counts them with
//! the user's own answers. Answers are compared as they print, so a part of any answer type
//! is checked alike. An answer the page did not plainly state (a guess, see
//! `aoc_workspace::examples`) is shown beside the part's answer as unverified, `?`, and
//! never counts against it: a guess must never mark a right solution wrong.

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use aoc_workspace::terminal_safe;
use aoc_workspace::{Day, Part};

use aoc_commands::SolutionChoice;
use aoc_runner::ArcStr;

use crate::input::{self, where_examples_are, where_examples_go};
use crate::solutions::{self, agrees, solve_one};

/// How a day's examples went.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ExampleTally {
    /// Parts whose answer is the one the puzzle gives.
    pub right: usize,
    /// Parts whose answer is not, or that gave none (not solved yet, bad input).
    pub wrong: usize,
    /// Parts whose example has only a guessed answer: shown, not counted right or wrong.
    pub unverified: usize,
    /// Whether the day has no example at all, or examples that cannot be read.
    pub missing: bool,
    /// Whether its examples cannot be read (a failure of `check` too).
    pub unreadable: bool,
}

/// Runs `day` on each of its examples, the `parts` asked for, one line per part and solution
/// (those `choice` keeps, the default first: `2100-5 example 1 part 1 loop: 6 ✓`) on `out`:
/// `2100-1 example 1 part 1: -2 ✓`. With `quiet`, only parts the puzzle gives an answer for
/// (or a guess at one) are shown (what `check` wants); otherwise every part, and a day
/// without examples says where they go.
pub fn check_examples(
    root: &Path,
    day: &Day,
    parts: &[Part],
    choice: &SolutionChoice,
    quiet: bool,
    out: &mut dyn Write,
) -> Result<ExampleTally> {
    let id = day.id;
    let mut tally = ExampleTally::default();
    // `EXAMPLE` as examples text (a plain example is one example with no answers given).
    let examples = match aoc_workspace::examples::parse(day.example.unwrap_or_default()) {
        Ok(examples) => examples,
        Err(e) => {
            let place = where_examples_are(root, id);
            writeln!(out, "{id}: ✗ the examples cannot be read: {place}, line {}: {}", e.line, e.problem)?;
            return Ok(ExampleTally { missing: true, unreadable: true, ..tally });
        }
    };
    // No `EXAMPLE` at all reads as no examples.
    if examples.iter().all(|e| e.input.trim().is_empty()) {
        if !quiet && day.example.is_none() {
            writeln!(out, "{id}: no examples: {}", input::no_example_defined(root, id))?;
        } else if !quiet {
            writeln!(out, "{id}: no example yet: {}", where_examples_go(root, id))?;
        }
        return Ok(ExampleTally { missing: true, ..tally });
    }
    for (number, example) in examples.iter().enumerate() {
        let text = ArcStr::from(example.input.as_str());
        for &part in parts {
            let expected = &example.expected[part.index()];
            if quiet && expected.is_none() {
                continue;
            }
            for solution in solutions::of(day, part, choice) {
                let result = solve_one(&solution, &text);
                let got = match &result {
                    Ok(answer) => answer.clone(),
                    Err(why) => format!("no answer ({})", why.message),
                };
                let mark = match expected {
                    Some(want) if !want.guess && agrees(result.as_deref().ok(), &want.answer) => {
                        tally.right += 1;
                        " ✓".to_string()
                    }
                    Some(want) if !want.guess => {
                        tally.wrong += 1;
                        format!(" ✗ (expected: {})", terminal_safe(&want.answer))
                    }
                    Some(guess) => {
                        tally.unverified += 1;
                        format!(" ? (unverified: the page's answer guessed as {})", terminal_safe(&guess.answer))
                    }
                    None => " (the puzzle gives no answer for it)".to_string(),
                };
                let which = format!("{id} example {} part {part}{}", number + 1, solution.suffix());
                writeln!(out, "{which}: {}{mark}", terminal_safe(&got))?;
            }
        }
    }
    Ok(tally)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::registry;
    use crate::testdays::{FRESH, SUMS};

    fn checked(day: aoc_workspace::DayId, quiet: bool) -> (ExampleTally, String) {
        let root = tempfile::tempdir().unwrap();
        let mut out = Vec::new();
        let day = registry::find(day).unwrap();
        let tally = check_examples(root.path(), day, &Part::BOTH, &SolutionChoice::default(), quiet, &mut out).unwrap();
        (tally, String::from_utf8(out).unwrap())
    }

    #[test]
    fn each_example_is_marked_against_the_puzzles_answer() {
        let (tally, out) = checked(SUMS, false);
        assert_eq!((tally.right, tally.wrong, tally.missing), (3, 1, false), "{out}");
        assert!(out.contains("2100-1 example 1 part 1: -2 ✓"), "{out}");
        assert!(out.contains("2100-1 example 1 part 2: negative ✓"), "{out}");
        // A word compared as a word, a number as it prints.
        assert!(out.contains("2100-1 example 2 part 1: 7 ✓"), "{out}");
        assert!(out.contains("2100-1 example 2 part 2: positive ✗ (expected: zero)"), "{out}");
        // No answer given: shown, not counted.
        assert!(out.contains("2100-1 example 3 part 1: 5 (the puzzle gives no answer for it)"), "{out}");
    }

    #[test]
    fn quietly_only_parts_with_an_answer_are_shown() {
        let (tally, out) = checked(SUMS, true);
        assert_eq!((tally.right, tally.wrong), (3, 1));
        assert!(!out.contains("example 3"), "{out}");
    }

    #[test]
    fn a_day_without_examples_says_where_they_go() {
        let (tally, out) = checked(FRESH, false);
        assert!(tally.missing);
        assert!(out.contains("2100-2: no example yet: fill `EXAMPLE` in crates/aoc2100/src/day2/mod.rs"), "{out}");
        let (tally, out) = checked(FRESH, true);
        assert!(tally.missing && out.is_empty(), "{out}");
        let (tally, out) = checked(crate::testdays::BARE, false);
        assert!(tally.missing && out.starts_with("2100-3: no examples: its module defines no `EXAMPLE`"), "{out}");
    }

    /// 2100-1 (sums, and the sign as a word) with other examples.
    pub(crate) fn sums_with(example: &'static str) -> Day {
        let sums = registry::find(SUMS).unwrap();
        Day {
            id: sums.id,
            example: Some(example),
            parts: sums.parts,
            alternatives: sums.alternatives,
            explain: sums.explain,
        }
    }

    fn checked_day(day: &Day, quiet: bool) -> (ExampleTally, String) {
        let root = tempfile::tempdir().unwrap();
        let mut out = Vec::new();
        let tally = check_examples(root.path(), day, &Part::BOTH, &SolutionChoice::default(), quiet, &mut out).unwrap();
        (tally, String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_guess_is_shown_unverified_never_wrong() {
        let day = sums_with("== example\n1\n2\n== part 1 (guess): 4\n== part 2 (guess): positive\n");
        for quiet in [false, true] {
            let (tally, out) = checked_day(&day, quiet);
            assert_eq!((tally.right, tally.wrong, tally.unverified), (0, 0, 2), "{out}");
            assert!(out.contains("2100-1 example 1 part 1: 3 ? (unverified: the page's answer guessed as 4)"), "{out}");
            assert!(out.contains("2100-1 example 1 part 2: positive ? (unverified"), "{out}");
            assert!(!out.contains('✗'), "{out}");
        }
    }

    #[test]
    fn a_byte_order_mark_does_not_hide_a_wrong_answer() {
        let (tally, out) = checked_day(&sums_with("\u{feff}== example\r\n1\r\n2\r\n== part 1: 4\r\n"), false);
        assert_eq!((tally.right, tally.wrong), (0, 1), "{out}");
        assert!(out.contains("2100-1 example 1 part 1: 3 ✗ (expected: 4)"), "{out}");
    }

    #[test]
    fn examples_that_cannot_be_read_are_named_with_their_line() {
        let (tally, out) = checked_day(&sums_with("== example\n1\n== part 3: 4\n"), true);
        assert!(tally.missing && tally.unreadable, "{out}");
        assert!(out.starts_with("2100-1: ✗ the examples cannot be read: `EXAMPLE` in crates/aoc2100/src/day1/mod.rs, line 3: there is no part"), "{out}");
    }
}

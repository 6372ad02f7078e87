//! The puzzle's examples as a check: `run --example` runs each day on each of its examples
//! and marks each part against the answer the puzzle gives for it; `check` counts them with
//! the user's own answers. Answers are compared as they print, so a part of any answer type
//! is checked alike.

use std::io::Write;
use std::path::Path;

use anyhow::Result;
use aoc_workspace::text::terminal_safe;
use aoc_workspace::{Day, Part};

use aoc_commands::SolutionChoice;
use aoc_runner::ArcStr;

use crate::check::{agrees, solve_one};
use crate::input::where_examples_go;
use crate::solutions;

/// How a day's examples went.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ExampleTally {
    /// Parts whose answer is the one the puzzle gives.
    pub right: usize,
    /// Parts whose answer is not, or that gave none (not solved yet, bad input).
    pub wrong: usize,
    /// Whether the day has no example at all, or examples that cannot be read.
    pub missing: bool,
}

/// Runs `day` on each of its examples, the `parts` asked for, one line per part and solution
/// (those `choice` keeps, the default first: `2100-5 example 1 part 1 loop: 6 ✓`) on `out`:
/// `2100-1 example 1 part 1: -2 ✓`. With `quiet`, only parts the puzzle gives an answer for
/// are shown (what `check` wants); otherwise every part, and a day without examples says
/// where they go.
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
    let examples = match day.examples() {
        Ok(examples) => examples,
        Err(e) => {
            writeln!(out, "{id}: ✗ the examples cannot be read: {e}")?;
            return Ok(ExampleTally { missing: true, ..tally });
        }
    };
    if examples.is_empty() || examples.iter().all(|e| e.input.trim().is_empty()) {
        if !quiet {
            writeln!(out, "{id}: no example yet: {}", where_examples_go(root, id))?;
        }
        return Ok(ExampleTally { missing: true, ..tally });
    }
    for (number, example) in examples.iter().enumerate() {
        let wanted: Vec<Part> = parts.iter().copied().filter(|&p| !quiet || example.expected(p).is_some()).collect();
        if wanted.is_empty() {
            continue;
        }
        let text = ArcStr::from(example.input.as_str());
        for part in wanted {
            for solution in solutions::of(day, part, choice) {
                let result = solve_one(&solution, &text);
                let expected = example.expected(part);
                let got = match &result {
                    Ok(answer) => answer.clone(),
                    Err(why) => format!("no answer ({})", why.message),
                };
                let mark = match expected {
                    None => " (the puzzle gives no answer for it)".to_string(),
                    Some(want) if agrees(result.as_deref().ok(), want) => {
                        tally.right += 1;
                        " ✓".to_string()
                    }
                    Some(want) => {
                        tally.wrong += 1;
                        format!(" ✗ (expected: {})", terminal_safe(want))
                    }
                };
                let which = format!("{id} example {} part {part}{}", number + 1, solution.suffix());
                writeln!(out, "{which}: {}{mark}", terminal_safe(&got))?;
            }
        }
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
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
        assert_eq!(tally, ExampleTally { right: 3, wrong: 1, missing: false }, "{out}");
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
    }
}

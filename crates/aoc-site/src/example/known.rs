//! Known puzzles: the examples of a puzzle listed in wimglenn's aocd-example-parser
//! (`data/aocd-examples.json`, MIT; see `data/README.md`), whose hand-checked locators say
//! where each example's input and answers are on the page. Guessing from prose (the rule of
//! module `example`) has both input and answer right on only about half the parts of pages
//! it had not seen (`docs/commands.md`); a locator someone checked against the page is
//! right unless the page changed.
//!
//! The table's locators are Python expressions; `scripts/convert-aocd-examples.py`
//! translates them once into `data/aocd-locators.json` (module `locator`), so that nothing
//! here reads Python. A puzzle is taken from the table only when its locators find
//! something sensible on the page (a non-empty input, answers of one line). Part 2's
//! locators are read only when the page shows part 2, and day 25 has no part 2 answer, as
//! aocd's `extraction.py` does. Anything else (a puzzle not listed, as every puzzle of a new
//! year is; one the script could not convert; an index the page does not have) gives
//! `None`, and the rule reads the page instead.

use std::collections::HashMap;

use aoc_workspace::Part;
use serde::Deserialize;

use super::answer::{guessed, stated};
use super::Example;
use locator::{text, Locator, Page};

const TABLE: &str = include_str!("../../data/aocd-locators.json");

/// The last puzzle the table's version (2025.12.12) was checked up to: aocd-example-parser
/// promises verified results for every puzzle up to its version's date, the puzzles it does
/// not list being those its default locators read right. A later puzzle is left to the rule.
const VERIFIED_THROUGH: (u16, u8) = (2025, 12);

/// Answers aocd's table writes where the page draws the answer instead of stating it:
/// 2022/10's `CRT` stands for the screen's picture (whose example spells no letters).
const PLACEHOLDERS: [&str; 1] = ["CRT"];

#[derive(Deserialize)]
struct Table {
    default: Entry,
    puzzles: HashMap<String, Vec<Entry>>,
    unconverted: HashMap<String, String>,
}

/// One example's locators: its input (and the expression it came from), each part's
/// answer, and what else the answer depends on (aocd's `extra`: "after 10 steps").
#[derive(Debug, Deserialize)]
pub(super) struct Entry {
    source: String,
    input: Locator,
    #[serde(default)]
    part_two: bool,
    answers: [Answer; 2],
    extra: Option<String>,
}

/// A part's answer locator, and whether the table leaves it to the defaults
/// (`b_code[-1].split()[-1]`): a default that finds nothing on the page is no answer, as
/// in aocd, where the table's own locator finding nothing means the page is not the one
/// it was checked against. So is one that reads part 2 before the page shows it.
#[derive(Debug, Deserialize)]
struct Answer {
    of: Locator,
    #[serde(default)]
    by_default: bool,
    #[serde(default)]
    part_two: bool,
}

/// The locators the table gives for `year`'s `day`: those it lists, or for a puzzle up to
/// [`VERIFIED_THROUGH`] that it does not list, its default ones (checked right there).
/// `None` for a later puzzle, or one the script could not convert.
pub(super) fn locators(year: u16, day: u8) -> Option<Vec<Entry>> {
    let mut table: Table = serde_json::from_str(TABLE).ok()?;
    let key = format!("{year}/{day:02}");
    if table.unconverted.contains_key(&key) {
        return None;
    }
    table.puzzles.remove(&key).or_else(|| ((year, day) <= VERIFIED_THROUGH).then(|| vec![table.default]))
}

/// The examples the table gives for `year`'s `day` on `html`, or `None` when the puzzle is
/// to be left to the rule. A puzzle the table lists with no example (an Intcode day, whose
/// examples are programs' worlds, not inputs) has none.
pub(super) fn examples(html: &str, year: u16, day: u8) -> Option<Vec<Example>> {
    let entries = locators(year, day)?;
    let tokens = crate::html::tokens(html);
    let page = Page::new(&tokens);
    let part_two_shown = page.articles.len() >= 2;
    let mut found = Vec::new();
    for entry in &entries {
        if entry.part_two && !part_two_shown {
            continue; // an example of part 2, which the page does not show yet
        }
        let input = text(page.value(&entry.input)?)??;
        // An empty input only where the table writes one (`''`: 2017/10's hash of nothing);
        // a locator that finds an empty text has missed.
        let input = match input.trim().is_empty() {
            true if entry.input == Locator::Literal(String::new()) => String::new(),
            true => return None,
            false => format!("{input}\n"),
        };
        let mut expected = [None, None];
        for (part, answer) in Part::BOTH.into_iter().zip(&entry.answers) {
            if part == Part::Two && (!part_two_shown || day == 25) {
                continue;
            }
            let answer = match page.value(&answer.of).and_then(text) {
                Some(answer) => answer,
                None if answer.by_default || (answer.part_two && !part_two_shown) => None,
                None => return None,
            };
            if answer.as_ref().is_some_and(|a| a.trim().is_empty() || a.contains('\n')) {
                return None; // an answer is one line of text
            }
            // An answer that holds only with a setting the example's text gives ("after 10
            // steps") is not the one the user's solution gives on the input alone, and a
            // value that cannot be an answer is not one: shown, never held against it.
            expected[part.index()] = answer.map(|a| match entry.extra.is_none() && can_be_an_answer(&a) {
                true => stated(a),
                false => guessed(a),
            });
        }
        let mut source = format!("`{}`, by aocd-example-parser's checked locators", entry.source);
        if let Some(extra) = &entry.extra {
            source += &format!("; the answers hold with {extra}");
        }
        let part = if entry.part_two { Part::Two } else { Part::One };
        found.push(Example { input, part, source, expected, sure: true });
    }
    Some(found)
}

/// Whether a table value can be what a part gives: one word of printable ASCII, as every
/// answer the site takes is, and no placeholder. A word list, or a drawing described
/// (2021/13's folded square `□`), is not.
fn can_be_an_answer(value: &str) -> bool {
    value.chars().all(|c| c.is_ascii_graphic()) && !PLACEHOLDERS.contains(&value)
}

mod locator;

#[cfg(test)]
mod tests;

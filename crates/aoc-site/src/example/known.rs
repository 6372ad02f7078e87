//! Known puzzles: the examples of a puzzle listed in wimglenn's aocd-example-parser
//! (`data/aocd-examples.json`, MIT; see `data/README.md`), whose hand-checked locators say
//! where each example's input and answers are on the page. Guessing from prose (the rule of
//! module `example`) is right on only about three pages in five it has not seen; a locator
//! someone checked against the page is right unless the page changed.
//!
//! A puzzle is taken from the table only when every one of its locators is in the subset
//! module `expr` reads and evaluates on the page to something sensible (a non-empty input,
//! answers that are text or nothing). Part 2's locators are evaluated only when the page
//! shows part 2, and day 25 has no part 2 answer, as aocd's `extraction.py` does. Anything
//! else (a puzzle not listed, as every puzzle of a new year is; a form outside the subset;
//! an index the page does not have) gives `None`, and the rule reads the page instead.

use std::collections::HashMap;

use aoc_workspace::examples::Expected;
use aoc_workspace::Part;

use super::Example;
use expr::{evaluate, joined, parse, Expr, Scope, Value};
use tree::Element;

const TABLE: &str = include_str!("../../data/aocd-examples.json");

/// The last puzzle the table's version (2025.12.12) was checked up to: aocd-example-parser
/// promises verified results for every puzzle up to its version's date, the puzzles it does
/// not list being those its default locators read right. A later puzzle is left to the rule.
const VERIFIED_THROUGH: (u16, u8) = (2025, 12);

/// One example's locators: its input, each part's answer, and what else the answer
/// depends on (aocd's `extra`: "after 10 steps" as `{"steps": 10}`), as text.
#[derive(Debug)]
pub(super) struct Locator {
    input: (String, Expr),
    answers: [Answer; 2],
    extra: Option<String>,
}

/// A part's answer locator, and whether the table gives it or leaves it to the defaults
/// (`b_code[-1].split()[-1]`): a default that finds nothing on the page is no answer, as
/// in aocd, where the table's own locator finding nothing means the page is not the one
/// it was checked against.
#[derive(Debug)]
struct Answer {
    expr: Expr,
    by_default: bool,
}

/// The locators the table gives for `year`'s `day`: those it lists, or for a puzzle up to
/// [`VERIFIED_THROUGH`] that it does not list, its default ones (checked right there).
/// `None` for a later puzzle, `Some(Err)` when a locator is outside the subset.
pub(super) fn locators(year: u16, day: u8) -> Option<Result<Vec<Locator>, String>> {
    let table: serde_json::Value = serde_json::from_str(TABLE).ok()?;
    let default = table.get("default_locators")?;
    let Some(listed) = table.get(format!("{year}/{day:02}")) else {
        let checked = (year, day) <= VERIFIED_THROUGH;
        return checked.then(|| locator(&serde_json::json!({}), default).map(|l| vec![l]));
    };
    Some(listed.as_array()?.iter().map(|entry| locator(entry, default)).collect())
}

fn locator(entry: &serde_json::Value, default: &serde_json::Value) -> Result<Locator, String> {
    let expression = |key: &str| -> Result<(String, Expr), String> {
        let text = entry.get(key).or_else(|| default.get(key)).and_then(|v| v.as_str()).ok_or("no locator")?;
        Ok((text.to_string(), parse(text)?))
    };
    let answer = |key: &str| -> Result<Answer, String> {
        Ok(Answer { expr: expression(key)?.1, by_default: entry.get(key).is_none() })
    };
    let extra = entry.get("extra").filter(|e| !e.is_null()).map(extra_text);
    Ok(Locator { input: expression("input_data")?, answers: [answer("answer_a")?, answer("answer_b")?], extra })
}

/// `{"wire": "d", "steps": 10}` as `wire=d, steps=10`.
fn extra_text(extra: &serde_json::Value) -> String {
    match extra.as_object() {
        Some(fields) => fields
            .iter()
            .map(|(key, value)| match value.as_str() {
                Some(text) => format!("{key}={text}"),
                None => format!("{key}={value}"),
            })
            .collect::<Vec<_>>()
            .join(", "),
        None => extra.to_string(),
    }
}

/// The examples the table gives for `year`'s `day` on `html`, or `None` when the puzzle is
/// to be left to the rule. A puzzle the table lists with no example (an Intcode day, whose
/// examples are programs' worlds, not inputs) has none.
pub(super) fn examples(html: &str, year: u16, day: u8) -> Option<Vec<Example>> {
    let locators = locators(year, day)?.ok()?;
    if locators.is_empty() {
        return Some(Vec::new());
    }
    let root = tree::parse(html);
    let articles = root.find_all("article");
    let part_two_shown = articles.len() >= 2;
    let scope = scope(&root, &articles);
    let mut found = Vec::new();
    for locator in &locators {
        let input_of_part_two = uses_part_two(&locator.input.1);
        if input_of_part_two && !part_two_shown {
            continue; // an example of part 2, which the page does not show yet
        }
        let input = text(evaluate(&locator.input.1, &scope).ok()?).ok()??;
        // An empty input only where the table writes one (`''`: 2017/10's hash of nothing);
        // a locator that finds an empty text has missed.
        let input = match input.trim().is_empty() {
            true if locator.input.1 == Expr::Str(String::new()) => String::new(),
            true => return None,
            false => format!("{input}\n"),
        };
        let mut expected = [None, None];
        for (part, answer) in Part::BOTH.into_iter().zip(&locator.answers) {
            if part == Part::Two && (!part_two_shown || day == 25) {
                continue;
            }
            let answer = match evaluate(&answer.expr, &scope).and_then(text) {
                Ok(answer) => answer,
                Err(_) if answer.by_default => None,
                Err(_) if uses_part_two(&answer.expr) && !part_two_shown => None,
                Err(_) => return None,
            };
            if answer.as_ref().is_some_and(|a| a.trim().is_empty() || a.contains('\n')) {
                return None; // an answer is one line of text
            }
            // An answer that holds only with a setting the example's text gives ("after 10
            // steps") is not the one the user's solution gives on the input alone: shown,
            // never held against it.
            expected[part.index()] =
                answer.map(|a| if locator.extra.is_some() { Expected::guessed(a) } else { Expected::stated(a) });
        }
        let mut source = format!("`{}`, by aocd-example-parser's checked locators", locator.input.0);
        if let Some(extra) = &locator.extra {
            source += &format!("; the answers hold with {extra}");
        }
        let part = if input_of_part_two { Part::Two } else { Part::One };
        found.push(Example { input, part, source, expected, sure: true });
    }
    Some(found)
}

/// The names a locator reads, as aocd's page offers them: each part's texts of every
/// `<code>`, `<pre>` and `<em>` (`a_code`, `b_pre`), its list items (`a_li`), and the page.
fn scope<'p>(root: &'p Element, articles: &[&'p Element]) -> Scope<'p> {
    let mut scope: Scope<'p> = HashMap::new();
    scope.insert("page".to_string(), Value::Element(root));
    for (part, article) in ["a", "b"].into_iter().zip(articles) {
        for tag in ["code", "pre", "em"] {
            let texts = article.find_all(tag).iter().map(|e| Value::Str(e.text())).collect();
            scope.insert(format!("{part}_{tag}"), Value::List(texts));
        }
        let items = article.find_all("li").into_iter().map(Value::Element).collect();
        scope.insert(format!("{part}_li"), Value::List(items));
    }
    scope
}

fn uses_part_two(expr: &Expr) -> bool {
    expr.names().iter().any(|name| name.starts_with("b_"))
}

/// A locator's value as aocd takes it: a list is its items a line each; trailing line
/// breaks go. `Ok(None)` for Python's `None`; anything else is not a text.
fn text(value: Value<'_>) -> Result<Option<String>, String> {
    match value {
        Value::None => Ok(None),
        Value::Str(text) => Ok(Some(text.trim_end_matches(['\r', '\n']).to_string())),
        list @ Value::List(_) => Ok(Some(joined(list, "\n")?.trim_end_matches(['\r', '\n']).to_string())),
        other => Err(format!("not a text: {other:?}")),
    }
}

mod expr;
mod tree;

#[cfg(test)]
mod tests;

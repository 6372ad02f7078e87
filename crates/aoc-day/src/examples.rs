//! A day's examples and the answers the puzzle says they give, as one text: what a day's
//! `EXAMPLE` holds, and what `cargo xtask fetch` writes into a new day's `examples.txt`
//! (the writing is `aoc-site`'s `fill`; the reading, [`parse`], is here, for the runner and
//! a day's own tests alike).
//!
//! ```text
//! == example (the first code block of part 1)
//! 3 4
//! 4 3
//! == part 1: 21
//! == example (list item 2 of part 2)
//! two1nine
//! == part 2 (guess): 112
//! ```
//!
//! Each `== example` line starts an example (what follows it in brackets says where it was
//! found, and is optional); the lines up to the next `== ` line are its input; `== part N:
//! ANSWER` says what part N gives on it, written as the puzzle writes it, so that an answer of
//! any type is compared as text. `== part N (guess): ANSWER` is an answer the page did not
//! plainly state: it is shown beside the part's answer, never held against it.
//!
//! An input line that starts with `== ` is written with a backslash before it (`\== `), and
//! one that starts with backslashes and then `== ` with one backslash more, so that any
//! input reads back exactly as it was. A text that does not start with `== example` is one
//! example with no answers given: a plain example, as the shipped days' `EXAMPLE` once was.
//! A byte-order mark before the text and `\r\n` line endings are read as an editor means
//! them: as nothing, and as `\n`.

use std::fmt;

use crate::Part;

/// One example: its input, and the answer each part gives on it where the puzzle says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The example's input, ending in a newline.
    pub input: String,
    /// Where the example was found ("the first code block of part 1"), if said.
    pub source: Option<String>,
    /// What each part gives on it, as the puzzle writes it, or as guessed from the page.
    pub expected: [Option<Expected>; 2],
}

/// What a part gives on an example.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    /// The answer, as the puzzle writes it.
    pub answer: String,
    /// True for a guess (`== part N (guess): …`): shown, never held against the part.
    pub guess: bool,
}

impl Example {
    /// What `part` gives on this example where the puzzle states it (a guess is not).
    pub fn expected(&self, part: Part) -> Option<&str> {
        self.expected[part.index()].as_ref().filter(|e| !e.guess).map(|e| e.answer.as_str())
    }
}

/// Why an examples text cannot be read. Its `Debug` is its message, so that a day's test
/// that unwraps [`parse`] names the line too.
#[derive(Clone, PartialEq, Eq)]
pub struct ExamplesError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong with it.
    pub problem: String,
}

impl fmt::Display for ExamplesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "examples, line {}: {}", self.line, self.problem)
    }
}

impl fmt::Debug for ExamplesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for ExamplesError {}

const MARK: &str = "== ";

/// The examples of `text`; none for an empty text.
pub fn parse(text: &str) -> Result<Vec<Example>, ExamplesError> {
    let text = without_bom(text);
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    if !text.starts_with("== example") {
        let input = text.lines().map(|line| format!("{line}\n")).collect();
        return Ok(vec![Example { input, source: None, expected: [None, None] }]);
    }
    let mut examples: Vec<Example> = Vec::new();
    let mut answers_started = false;
    // `lines` takes a `\r\n` ending as `\n`.
    for (index, line) in text.lines().enumerate() {
        let error = |problem: String| ExamplesError { line: index + 1, problem };
        let Some(mark) = line.strip_prefix(MARK) else {
            let Some(example) = examples.last_mut().filter(|_| !answers_started) else {
                return Err(error(format!("{line:?} stands after the answers: start an example with `== example`")));
            };
            example.input.push_str(unescaped(line));
            example.input.push('\n');
            continue;
        };
        if let Some(rest) = mark.strip_prefix("example") {
            let source = rest.trim().strip_prefix('(').and_then(|s| s.strip_suffix(')')).map(str::to_string);
            if !rest.trim().is_empty() && source.is_none() {
                return Err(error(format!("`== example` takes only a note in brackets, not {:?}", rest.trim())));
            }
            examples.push(Example { input: String::new(), source, expected: [None, None] });
            answers_started = false;
        } else if let Some((said, answer)) = mark.strip_prefix("part ").and_then(|rest| rest.split_once(':')) {
            let (part, guess) = part_and_kind(said).map_err(error)?;
            let answer = answer.trim();
            if answer.is_empty() {
                return Err(error(format!("part {part} has no answer after the colon")));
            }
            let Some(example) = examples.last_mut() else {
                return Err(error("an answer before any `== example`".to_string()));
            };
            example.expected[part.index()] = Some(Expected { answer: answer.to_string(), guess });
            answers_started = true;
        } else {
            return Err(error(format!(
                "{line:?}: expected `== example` or `== part N: ANSWER` (an input line that starts with `== ` is written `\\== `)"
            )));
        }
    }
    Ok(examples)
}

/// `1` or `2 (guess)`: the part, and whether its answer is a guess.
fn part_and_kind(said: &str) -> Result<(Part, bool), String> {
    let said = said.trim();
    let (number, guess) = match said.strip_suffix("(guess)") {
        Some(number) => (number.trim(), true),
        None => (said, false),
    };
    let part = match number {
        "1" => Part::One,
        "2" => Part::Two,
        other => {
            return Err(format!("there is no part {other:?}: parts are 1 and 2 (`== part 1:` or `== part 1 (guess):`)"))
        }
    };
    Ok((part, guess))
}

fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Whether an input line must be escaped (a backslash before it) to be read back as it is:
/// backslashes (perhaps none), then `== `.
pub fn needs_escape(line: &str) -> bool {
    line.trim_start_matches('\\').starts_with(MARK)
}

fn unescaped(line: &str) -> &str {
    match line.strip_prefix('\\') {
        Some(rest) if needs_escape(rest) => rest,
        _ => line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(input: &str, source: Option<&str>, expected: [Option<Expected>; 2]) -> Example {
        Example { input: input.to_string(), source: source.map(str::to_string), expected }
    }

    fn stated(answer: &str) -> Option<Expected> {
        Some(Expected { answer: answer.to_string(), guess: false })
    }

    #[test]
    fn escaped_input_lines_read_back_as_they_were() {
        // As `aoc-site` writes them (its `fill` tests the round trip).
        let text =
            "== example (block 1)\n\\== part 1: 5\n\\== example\n\\\\== x\n\\\\\\== y\n\\n\n==x\n\n== part 1: 7\n";
        let input = "== part 1: 5\n== example\n\\== x\n\\\\== y\n\\n\n==x\n\n";
        assert_eq!(parse(text), Ok(vec![example(input, Some("block 1"), [stated("7"), None])]));
        assert!(needs_escape("== x") && needs_escape("\\\\== x") && !needs_escape("==x") && !needs_escape("\\n"));
    }

    #[test]
    fn a_guess_is_kept_apart_from_a_stated_answer() {
        let examples = parse("== example\n1\n== part 1 (guess): 4\n== part 2: 5\n").unwrap();
        assert_eq!(examples[0].expected, [Some(Expected { answer: "4".into(), guess: true }), stated("5")]);
        assert_eq!((examples[0].expected(Part::One), examples[0].expected(Part::Two)), (None, Some("5")));
    }

    #[test]
    fn a_byte_order_mark_and_crlf_are_read_as_meant() {
        let plain = parse("== example\n1\n2\n== part 1: 3\n").unwrap();
        assert_eq!(parse("\u{feff}== example\r\n1\r\n2\r\n== part 1: 3\r\n").unwrap(), plain);
        assert_eq!(parse("\u{feff}1\r\n2\r\n").unwrap(), vec![example("1\n2\n", None, [None, None])]);
    }

    #[test]
    fn a_plain_text_is_one_example_without_answers() {
        assert_eq!(parse("1\n2"), Ok(vec![example("1\n2\n", None, [None, None])]));
        assert_eq!(parse(""), Ok(vec![]));
        assert_eq!(parse("\n"), Ok(vec![]));
        assert_eq!(parse("\u{feff}"), Ok(vec![]));
    }

    #[test]
    fn bad_lines_are_named() {
        let err = |text: &str| parse(text).unwrap_err().to_string();
        assert!(err("== example\n1\n== part 3: 4\n").starts_with("examples, line 3: there is no part \"3\""));
        assert_eq!(err("== example\n1\n== part 1:\n"), "examples, line 3: part 1 has no answer after the colon");
        assert_eq!(
            err("== example\n1\n== part 1: 2\n3\n"),
            "examples, line 4: \"3\" stands after the answers: start an example with `== example`"
        );
        assert!(err("== example\n== answer 1\n").contains("line 2"));
        assert!(err("== example\n== answer 1\n").contains("written `\\== `"));
        assert!(err("== example x\n").contains("only a note in brackets"));
        assert!(err("== example\n1\n== part 1 (maybe): 2\n").contains("line 3"));
        // As a day's test shows it when it unwraps the result.
        assert_eq!(
            format!("{:?}", parse("== example\n== part 3: 1\n").unwrap_err()),
            err("== example\n== part 3: 1\n")
        );
    }
}

//! A day's examples and the answers the puzzle says they give, as one text: what a day's
//! `EXAMPLE` holds, and what `cargo xtask fetch` writes into a new day's `examples.txt`.
//!
//! ```text
//! == example (the first code block of part 1)
//! 3 4
//! 4 3
//! == part 1: 21
//! == example (the second code block of part 2)
//! two1nine
//! == part 2: 112
//! ```
//!
//! Each `== example` line starts an example (what follows it in brackets says where it was
//! found, and is optional); the lines up to the next `== ` line are its input; `== part N:
//! ANSWER` says what part N gives on it, written as the puzzle writes it, so that an answer of
//! any type is compared as text. A text that does not start with `== example` is one
//! example with no answers given: a plain example, as the shipped days' `EXAMPLE` is. Input
//! lines cannot start with `== `.

use std::fmt;

use crate::Part;

/// One example: its input, and the answer each part gives on it where the puzzle says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The example's input, ending in a newline.
    pub input: String,
    /// Where the example was found ("the first code block of part 1"), if said.
    pub source: Option<String>,
    /// What each part gives on it, as the puzzle writes it.
    pub expected: [Option<String>; 2],
}

impl Example {
    /// What `part` gives on this example, where the puzzle says.
    pub fn expected(&self, part: Part) -> Option<&str> {
        self.expected[part.index()].as_deref()
    }
}

/// Why an examples text cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
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

impl std::error::Error for ExamplesError {}

const MARK: &str = "== ";

/// Whether `text` is in this format (else it is one plain example).
pub fn is_structured(text: &str) -> bool {
    text.starts_with("== example")
}

/// The examples of `text`; none for an empty text.
pub fn parse(text: &str) -> Result<Vec<Example>, ExamplesError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    if !is_structured(text) {
        return Ok(vec![Example { input: with_newline(text), source: None, expected: [None, None] }]);
    }
    let mut examples: Vec<Example> = Vec::new();
    let mut answers_started = false;
    for (index, line) in text.lines().enumerate() {
        let error = |problem: String| ExamplesError { line: index + 1, problem };
        let Some(mark) = line.strip_prefix(MARK) else {
            let Some(example) = examples.last_mut().filter(|_| !answers_started) else {
                return Err(error(format!("{line:?} stands after the answers: start an example with `== example`")));
            };
            example.input.push_str(line);
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
        } else if let Some((part, answer)) = mark.strip_prefix("part ").and_then(|rest| rest.split_once(':')) {
            let part = match part.trim() {
                "1" => Part::One,
                "2" => Part::Two,
                other => return Err(error(format!("there is no part {other:?}: parts are 1 and 2"))),
            };
            let answer = answer.trim();
            if answer.is_empty() {
                return Err(error(format!("part {part} has no answer after the colon")));
            }
            let Some(example) = examples.last_mut() else {
                return Err(error("an answer before any `== example`".to_string()));
            };
            example.expected[part.index()] = Some(answer.to_string());
            answers_started = true;
        } else {
            return Err(error(format!("{line:?}: expected `== example` or `== part N: ANSWER`")));
        }
    }
    Ok(examples)
}

/// `examples` as text that [`parse`] reads back.
pub fn render(examples: &[Example]) -> String {
    let mut out = String::new();
    for example in examples {
        match &example.source {
            Some(source) => out += &format!("== example ({source})\n"),
            None => out += "== example\n",
        }
        out += &with_newline(&example.input);
        for part in Part::BOTH {
            if let Some(answer) = example.expected(part) {
                out += &format!("== part {part}: {answer}\n");
            }
        }
    }
    out
}

fn with_newline(text: &str) -> String {
    if text.ends_with('\n') {
        text.to_string()
    } else {
        format!("{text}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(input: &str, source: Option<&str>, expected: [Option<&str>; 2]) -> Example {
        Example {
            input: input.to_string(),
            source: source.map(str::to_string),
            expected: expected.map(|e| e.map(str::to_string)),
        }
    }

    #[test]
    fn examples_round_trip() {
        let examples = vec![
            example("3 4\n4 3\n", Some("the first code block of part 1"), [Some("21"), None]),
            example("two1nine\n", None, [None, Some("-112")]),
            example("    [D]\n 1\n", None, [Some("CMZ"), Some("MCD")]),
        ];
        let text = render(&examples);
        assert_eq!(parse(&text), Ok(examples));
        assert!(text.starts_with("== example (the first code block of part 1)\n3 4\n4 3\n== part 1: 21\n"));
    }

    #[test]
    fn a_plain_text_is_one_example_without_answers() {
        assert_eq!(parse("1\n2"), Ok(vec![example("1\n2\n", None, [None, None])]));
        assert_eq!(parse(""), Ok(vec![]));
        assert_eq!(parse("\n"), Ok(vec![]));
    }

    #[test]
    fn bad_lines_are_named() {
        let err = |text: &str| parse(text).unwrap_err().to_string();
        assert_eq!(err("== example\n1\n== part 3: 4\n"), "examples, line 3: there is no part \"3\": parts are 1 and 2");
        assert_eq!(err("== example\n1\n== part 1:\n"), "examples, line 3: part 1 has no answer after the colon");
        assert_eq!(
            err("== example\n1\n== part 1: 2\n3\n"),
            "examples, line 4: \"3\" stands after the answers: start an example with `== example`"
        );
        assert!(err("== example\n== answer 1\n").contains("line 2"));
        assert!(err("== example x\n").contains("only a note in brackets"));
    }
}

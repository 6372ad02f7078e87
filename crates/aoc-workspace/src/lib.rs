//! What the workspace's tools share (the xtask, the runner, the site client): none of it is
//! built into a year crate, whose contract is the crate `aoc-day` (re-exported here, so that
//! the tools name one crate).
//!
//! * [`answers`]: every answer the site accepted or rejected, and the checks made before
//!   submitting one;
//! * [`day_features`]: each day of a year crate a cargo feature, so that a day is built
//!   without the rest of its year;
//! * [`files`]: every file written whole or not at all (a temporary file, then a rename);
//! * [`inputs`]: where a user's puzzle input lives (`inputs/<year>/day<N>.txt`), and their
//!   answers and the cached puzzle page beside it;
//! * [`root`]: where the workspace is, found at run time;
//! * [`sources`]: which days the workspace has and what each day's code reaches of the
//!   others, read from the year crates' sources;
//! * [`when`]: when a puzzle unlocks, and dates as text;
//! * [`terminal_safe`]: text from the site made safe for a terminal;
//! * [`is_unsolvable`]: whether a part's error is the answer "no solution".
//!
//! This crate links nothing of the solutions, so the xtask can use it and keep working
//! while a day does not compile.

#![warn(missing_docs)]

pub mod answers;
pub mod day_features;
pub mod files;
pub mod inputs;
pub mod root;
pub mod sources;
pub mod when;

pub use aoc_day::*;

/// Whether a part's `error` is the answer "no solution" ([`Unsolvable`] anywhere in its
/// `source()` chain): the one error that does not fail `run`, `check` or `time`.
pub fn is_unsolvable(error: &(dyn std::error::Error + 'static)) -> bool {
    std::iter::successors(Some(error), |e| e.source()).any(|e| e.is::<Unsolvable>())
}

/// The line `run --submit`'s runner prints for an answer it showed on the user's own input,
/// `to submit: 2016-11 part 1: 31`; the xtask reads it back ([`read_to_submit`]) and submits
/// it, so nothing is solved twice. `None` for an answer of several lines: none is sent.
pub fn to_submit(day: DayId, part: Part, answer: &str) -> Option<String> {
    (!answer.contains(['\n', '\r'])).then(|| format!("to submit: {day} part {part}: {answer}"))
}

/// The day, part and answer of a [`to_submit`] line.
pub fn read_to_submit(line: &str) -> Option<(DayId, Part, &str)> {
    let (day_part, answer) = line.strip_prefix("to submit: ")?.split_once(": ")?;
    let (day, part) = day_part.split_once(" part ")?;
    Some((day.parse().ok()?, part.parse().ok()?, answer))
}

/// `text` as it may reach a terminal: every control character but the newline and the tab
/// written out (`\u{1b}`), so that text from the site (a page, a verdict, an answer the
/// page recorded, an error body) cannot move the cursor, change colours or retitle the
/// window. The one escaping function: every command prints site text through it.
pub fn terminal_safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            out += &c.escape_unicode().to_string();
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_to_submit_survive_the_line() {
        let day = "2021-23".parse::<DayId>().unwrap();
        for answer in ["-60", "a b: c", "31"] {
            let line = to_submit(day, Part::Two, answer).unwrap();
            assert_eq!(read_to_submit(&line), Some((day, Part::Two, answer)));
        }
        assert_eq!(to_submit(day, Part::One, "two\nlines"), None);
        assert_eq!(read_to_submit("to submit: 2016-11 part 3: x"), None);
        assert_eq!(read_to_submit("2016-11 part 1: 31 ✓"), None);
    }

    #[test]
    fn control_characters_never_reach_the_terminal() {
        assert_eq!(terminal_safe("a\u{1b}[2Jb\n\tc\u{7}\r"), "a\\u{1b}[2Jb\n\tc\\u{7}\\u{d}");
        assert_eq!(terminal_safe("\u{9b}31m"), "\\u{9b}31m", "the one-byte CSI too");
    }
}

//! Answers handed from one workspace binary to the next, so that nothing is solved twice:
//! `run --submit` has the runner (`aoc-days`) write the answers it showed on the user's own
//! input, and `submit` without `--answer` has the xtask write the one it asked for; the site
//! client then reads them. The file is named by [`VARIABLE`], holds one line
//! `<day> <part> <answer>` an answer, is private to the user (answers are theirs) and is
//! removed when the xtask is done with it ([`HandoverFile`]).

use std::path::PathBuf;

use crate::files::{write_whole, Access, WriteError};
use crate::{DayId, Part};

/// The variable naming the hand-over file.
pub const VARIABLE: &str = "AOC_SHOWN_ANSWERS";

/// One answer shown on the user's own input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownAnswer {
    /// The day.
    pub day: DayId,
    /// The part.
    pub part: Part,
    /// The answer as shown (one line).
    pub answer: String,
}

impl ShownAnswer {
    /// The answer as one line of the hand-over file; `None` for an answer of several lines,
    /// which cannot be submitted.
    pub fn to_line(&self) -> Option<String> {
        (!self.answer.contains(['\n', '\r'])).then(|| format!("{} {} {}\n", self.day, self.part, self.answer))
    }

    /// Every well-formed line of a hand-over file.
    pub fn read_lines(text: &str) -> Vec<ShownAnswer> {
        let read = |line: &str| {
            let mut fields = line.splitn(3, ' ');
            let day = fields.next()?.parse().ok()?;
            let part = fields.next()?.parse().ok()?;
            Some(ShownAnswer { day, part, answer: fields.next()?.to_string() })
        };
        text.lines().filter_map(read).collect()
    }
}

/// The answers handed over through [`VARIABLE`], if it names a file.
pub fn handed_over() -> Vec<ShownAnswer> {
    std::env::var_os(VARIABLE)
        .and_then(|path| std::fs::read_to_string(path).ok())
        .map_or_else(Vec::new, |text| ShownAnswer::read_lines(&text))
}

/// Hands `shown` back through the file [`VARIABLE`] names, if it names one.
pub fn hand_back(shown: &[ShownAnswer]) -> Result<(), WriteError> {
    match std::env::var_os(VARIABLE) {
        Some(path) => write(&PathBuf::from(path), shown),
        None => Ok(()),
    }
}

fn write(path: &std::path::Path, answers: &[ShownAnswer]) -> Result<(), WriteError> {
    let lines: String = answers.iter().filter_map(ShownAnswer::to_line).collect();
    // The user's answers: private, and whole when the next binary reads them.
    write_whole(path, lines.as_bytes(), Access::Private)
}

/// A hand-over file for one command, removed when dropped.
#[derive(Debug)]
pub struct HandoverFile {
    /// Where it is: the value to give [`VARIABLE`].
    pub path: PathBuf,
}

impl HandoverFile {
    /// A new file in the temporary folder holding `answers`.
    pub fn new(answers: &[ShownAnswer]) -> Result<HandoverFile, WriteError> {
        let path = std::env::temp_dir().join(format!("aoc-xtask-{}-answers.txt", std::process::id()));
        write(&path, answers)?;
        Ok(HandoverFile { path })
    }

    /// The answers in the file now (those the binary given it wrote back).
    pub fn answers(&self) -> Vec<ShownAnswer> {
        std::fs::read_to_string(&self.path).map_or_else(|_| Vec::new(), |text| ShownAnswer::read_lines(&text))
    }
}

impl Drop for HandoverFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_answers_survive_the_hand_over() {
        let day = |text: &str| text.parse::<DayId>().unwrap();
        let shown = [
            ShownAnswer { day: day("2016-11"), part: Part::One, answer: "31".into() },
            ShownAnswer { day: day("2021-23"), part: Part::Two, answer: "a b c".into() },
            ShownAnswer { day: day("2015-1"), part: Part::One, answer: "-60".into() },
        ];
        let file = HandoverFile::new(&shown).unwrap();
        assert_eq!(file.answers(), shown);
        assert_eq!(ShownAnswer { answer: "two\nlines".into(), ..shown[0].clone() }.to_line(), None);
        assert!(ShownAnswer::read_lines("2016-11 3 x\nnonsense\n").is_empty());
        let path = file.path.clone();
        drop(file);
        assert!(!path.exists(), "removed when done");
    }
}

//! Every answer a user gave the site, per day: the accepted one, each rejected one with its
//! verdict and time, and the bounds learned from "too high" and "too low". Kept in
//! `inputs/<year>/day<N>.answers.toml` (git-ignored, like the input), written atomically;
//! a file that cannot be read is an error naming it, never silently replaced.
//!
//! An answer is recorded as *sent, verdict unknown* (`unjudged`) before it is posted, and
//! that entry gives way to the verdict when it arrives; an entry left behind means the
//! command was interrupted, and the same answer is not sent again without `--force`.
//!
//! [`Answers::refusal`] is the memory that keeps a user from submitting an answer that
//! cannot be right: one already rejected, one outside a known bound, an empty one, one for
//! a part already solved, or part 2 before part 1.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use toml_edit::{DocumentMut, Item};

use crate::files::{write_whole, Access};
use crate::when::rfc3339;
use crate::Part;

/// Why the site rejected an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum Wrong {
    /// "your answer is too high".
    #[serde(rename = "too high")]
    TooHigh,
    /// "your answer is too low".
    #[serde(rename = "too low")]
    TooLow,
    /// Wrong, without a hint.
    #[serde(rename = "wrong")]
    Wrong,
}

impl fmt::Display for Wrong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wrong::TooHigh => "too high",
            Wrong::TooLow => "too low",
            Wrong::Wrong => "wrong",
        })
    }
}

/// One rejected answer.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub struct Rejection {
    /// The answer as submitted.
    pub answer: String,
    /// What the site said.
    pub verdict: Wrong,
    /// When, as `2026-12-01T05:03:12Z`.
    pub at: String,
}

/// An answer sent to the site whose verdict never arrived.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, expecting = "a table")]
pub struct Sent {
    /// The answer as sent.
    pub answer: String,
    /// When, as `2026-12-01T05:03:12Z`.
    pub at: String,
}

/// What is known of one part. In the file, what is unknown or empty is left out.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields, expecting = "a table")]
pub struct PartRecord {
    /// The answer the site accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accepted: Option<String>,
    /// Answers must be greater than this (the largest "too low").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub greater_than: Option<Integer>,
    /// Answers must be less than this (the smallest "too high").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub less_than: Option<Integer>,
    /// Every rejected answer, oldest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rejected: Vec<Rejection>,
    /// Answers sent without a verdict on record (an interrupted `submit`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unjudged: Vec<Sent>,
}

/// A whole number of any length, as an answer may be: compared as decimal text, so that a
/// bound refuses every answer beyond it however many digits it has (past `i128` too: on
/// the real site, sending one costs a lockout). Stored as a string, since TOML's integers
/// stop at 64 bits.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "String", into = "String")]
pub struct Integer {
    negative: bool,
    /// No leading zeros; zero is `0`, never negative.
    digits: String,
}

impl std::str::FromStr for Integer {
    type Err = ();

    /// `-42`, `+42`, `0042`: an optional sign, then decimal digits only.
    fn from_str(text: &str) -> Result<Integer, ()> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(digits) => (true, digits),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(());
        }
        let digits = match digits.trim_start_matches('0') {
            "" => "0",
            significant => significant,
        };
        Ok(Integer { negative: negative && digits != "0", digits: digits.to_string() })
    }
}

impl TryFrom<String> for Integer {
    type Error = String;

    fn try_from(text: String) -> Result<Integer, String> {
        text.parse().map_err(|()| format!("`{text}` is not a whole number"))
    }
}

impl From<Integer> for String {
    fn from(number: Integer) -> String {
        number.to_string()
    }
}

impl From<i128> for Integer {
    fn from(number: i128) -> Integer {
        Integer { negative: number < 0, digits: number.unsigned_abs().to_string() }
    }
}

impl Ord for Integer {
    /// A negative number first (zero is never negative), then by magnitude: its digits'
    /// count, then the digits, reversed for two negative numbers.
    fn cmp(&self, other: &Integer) -> std::cmp::Ordering {
        let magnitude = self.digits.len().cmp(&other.digits.len()).then_with(|| self.digits.cmp(&other.digits));
        other.negative.cmp(&self.negative).then(if self.negative { magnitude.reverse() } else { magnitude })
    }
}

impl PartialOrd for Integer {
    fn partial_cmp(&self, other: &Integer) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", if self.negative { "-" } else { "" }, self.digits)
    }
}

/// Why an answer is not sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Nothing to send.
    #[error("the answer is empty")]
    Empty,
    /// The part is solved already.
    #[error("this part is solved already: the site accepted `{0}`")]
    AlreadyAccepted(String),
    /// Part 2 opens once part 1 is accepted.
    #[error("part 2 opens once part 1 is accepted: submit part 1 first")]
    PartOneFirst,
    /// The site rejected this very answer before.
    #[error("`{}` was already rejected ({}) at {}; the site would say so again", .0.answer, .0.verdict, .0.at)]
    AlreadyRejected(Rejection),
    /// A rejected answer was too high, and this one is not lower.
    #[error("the answer must be less than {0}: that one was too high")]
    NotBelow(Integer),
    /// A rejected answer was too low, and this one is not higher.
    #[error("the answer must be greater than {0}: that one was too low")]
    NotAbove(Integer),
    /// This answer was sent before and its verdict never arrived (`--force` sends it).
    #[error(
        "`{}` was sent at {} but its verdict never arrived (interrupted?); the site may have judged it: \
         `cargo xtask read` shows an accepted answer; add --force to send it again",
        .0.answer, .0.at
    )]
    Unjudged(Sent),
}

impl Refusal {
    /// Whether `--force` may override this refusal: only an unknown verdict can.
    pub fn forceable(&self) -> bool {
        matches!(self, Refusal::Unjudged(_))
    }
}

/// Reading or writing an answers file went wrong.
#[derive(Debug, thiserror::Error)]
pub enum AnswersError {
    /// The file (the path) could not be read or written, and why.
    #[error("cannot use {}: {}", .0.display(), .1)]
    Io(PathBuf, std::io::Error),
    /// The file (the path) is not an answers file, and what is wrong with it.
    #[error("{} is not a valid answers file ({}); fix or remove it (it is never replaced silently)", .0.display(), .1)]
    Corrupt(PathBuf, String),
}

/// A day's answers, part 1 and part 2.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Answers {
    /// `parts[0]` is part 1.
    pub parts: [PartRecord; 2],
}

impl Answers {
    /// The record of `part`.
    pub fn part(&self, part: Part) -> &PartRecord {
        &self.parts[part.index()]
    }

    fn part_mut(&mut self, part: Part) -> &mut PartRecord {
        &mut self.parts[part.index()]
    }

    /// The accepted answer of `part`, if any.
    pub fn accepted(&self, part: Part) -> Option<&str> {
        self.part(part).accepted.as_deref()
    }

    /// Why `answer` for `part` must not be sent, if it must not.
    pub fn refusal(&self, part: Part, answer: &str) -> Option<Refusal> {
        let answer = answer.trim();
        let record = self.part(part);
        if answer.is_empty() {
            return Some(Refusal::Empty);
        }
        if let Some(accepted) = &record.accepted {
            return Some(Refusal::AlreadyAccepted(accepted.clone()));
        }
        if part == Part::Two && self.accepted(Part::One).is_none() {
            return Some(Refusal::PartOneFirst);
        }
        if let Some(r) = record.rejected.iter().find(|r| r.answer == answer) {
            return Some(Refusal::AlreadyRejected(r.clone()));
        }
        if let Some(sent) = record.unjudged.iter().find(|s| s.answer == answer) {
            return Some(Refusal::Unjudged(sent.clone()));
        }
        let number: Integer = answer.parse().ok()?;
        if let Some(bound) = record.less_than.clone().filter(|b| number >= *b) {
            return Some(Refusal::NotBelow(bound));
        }
        record.greater_than.clone().filter(|b| number <= *b).map(Refusal::NotAbove)
    }

    /// Records that the site accepted `answer` for `part`: nothing of the part is
    /// unjudged any more.
    pub fn record_accepted(&mut self, part: Part, answer: &str) {
        let record = self.part_mut(part);
        record.accepted = Some(answer.trim().to_string());
        record.unjudged.clear();
    }

    /// Records that `answer` is about to be sent at `at_seconds` (Unix time): until its
    /// verdict is recorded, it is *sent, verdict unknown*.
    pub fn record_sent(&mut self, part: Part, answer: &str, at_seconds: u64) {
        let answer = answer.trim().to_string();
        let record = self.part_mut(part);
        record.unjudged.retain(|s| s.answer != answer);
        record.unjudged.push(Sent { answer, at: rfc3339(at_seconds) });
    }

    /// Forgets that `answer` was sent: the site did not judge it (too soon, wrong level)
    /// or it never left this machine.
    pub fn forget_sent(&mut self, part: Part, answer: &str) {
        let answer = answer.trim();
        self.part_mut(part).unjudged.retain(|s| s.answer != answer);
    }

    /// Records a rejection at `at_seconds` (Unix time), and the bound it teaches.
    pub fn record_rejected(&mut self, part: Part, answer: &str, verdict: Wrong, at_seconds: u64) {
        let answer = answer.trim().to_string();
        let record = self.part_mut(part);
        record.unjudged.retain(|s| s.answer != answer);
        if let Ok(number) = answer.parse::<Integer>() {
            match verdict {
                Wrong::TooHigh => {
                    record.less_than = Some(record.less_than.take().map_or(number.clone(), |b| b.min(number)))
                }
                Wrong::TooLow => {
                    record.greater_than = Some(record.greater_than.take().map_or(number.clone(), |b| b.max(number)))
                }
                Wrong::Wrong => {}
            }
        }
        if !record.rejected.iter().any(|r| r.answer == answer) {
            record.rejected.push(Rejection { answer, verdict, at: rfc3339(at_seconds) });
        }
    }

    /// Reads `path`; a missing file is an empty record.
    pub fn load(path: &Path) -> Result<Answers, AnswersError> {
        match std::fs::read_to_string(path) {
            Ok(text) => Answers::from_toml(&text).map_err(|problem| AnswersError::Corrupt(path.to_path_buf(), problem)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Answers::default()),
            Err(e) => Err(AnswersError::Io(path.to_path_buf(), e)),
        }
    }

    /// Writes `path` whole or not at all (module `files`), so that an interrupted write
    /// leaves the old file as it was; private to its owner, like the input beside it.
    pub fn save(&self, path: &Path, title: &str) -> Result<(), AnswersError> {
        let io = |e| AnswersError::Io(path.to_path_buf(), e);
        // The records are strings and lists, which always serialize; were one not to,
        // nothing is written.
        let text = self.to_toml(title).map_err(|e| io(std::io::Error::other(e)))?;
        write_whole(path, text.as_bytes(), Access::Private).map_err(|e| io(e.cause))
    }

    /// The file's text. `title` names the day in its header comment.
    fn to_toml(&self, title: &str) -> Result<String, toml_edit::ser::Error> {
        let [part1, part2] = self.parts.clone();
        let mut doc = toml_edit::ser::to_document(&File { part1, part2 })?;
        doc.decor_mut().set_prefix(format!(
            "# Your answers to {title}, kept by `cargo xtask submit` and `cargo xtask fetch`.\n# Private like your input: git-ignored.\n\n"
        ));
        // The serializer writes every record inline; a reader finds `[part1]` tables, each
        // list entry on a line of its own, and a word on what `unjudged` means.
        for (_, part) in doc.iter_mut() {
            let inline = std::mem::take(part);
            *part = inline.into_table().map_or_else(|item| item, Item::Table);
            let Some(table) = part.as_table_mut() else { continue };
            for (_, list) in table.iter_mut() {
                let Some(list) = list.as_array_mut() else { continue };
                list.iter_mut().for_each(|entry| entry.decor_mut().set_prefix("\n    "));
                list.set_trailing_comma(true);
                list.set_trailing("\n");
            }
            if let Some(mut key) = table.key_mut("unjudged") {
                key.leaf_decor_mut().set_prefix("# Sent, verdict unknown (an interrupted submit):\n");
            }
        }
        Ok(doc.to_string())
    }

    /// Reads the file's text.
    fn from_toml(text: &str) -> Result<Answers, String> {
        let doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| e.message().to_string())?;
        // Deserialized without its text, an error ends with the field it is about
        // ("in `part1.accepted`") instead of quoting the line.
        let file: File = toml_edit::de::from_document(doc).map_err(|e| e.to_string().trim_end().replace('\n', " "))?;
        Ok(Answers { parts: [file.part1, file.part2] })
    }
}

/// The file: `[part1]` and `[part2]`, either of which may be missing.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    part1: PartRecord,
    #[serde(default)]
    part2: PartRecord,
}

#[cfg(test)]
mod tests {
    use super::*;

    mod of_any_type;

    #[test]
    fn any_toml_form_of_the_same_data_is_read_alike() {
        let mut expected = Answers::default();
        expected.record_rejected(Part::One, "29", Wrong::TooLow, 1_700_000_000);
        expected.record_accepted(Part::One, "31");
        let forms = [
            "[part1]\naccepted = \"31\"\ngreater_than = \"29\"\nrejected = [{ answer = \"29\", verdict = \"too low\", at = \"2023-11-14T22:13:20Z\" }]\n",
            "part1 = { accepted = \"31\", greater_than = \"29\", rejected = [{ answer = \"29\", verdict = \"too low\", at = \"2023-11-14T22:13:20Z\" }] }\n",
            "part1.accepted = \"31\"\npart1.greater_than = \"29\"\n[[part1.rejected]]\nanswer = \"29\"\nverdict = \"too low\"\nat = \"2023-11-14T22:13:20Z\"\n",
        ];
        for form in forms {
            assert_eq!(Answers::from_toml(form), Ok(expected.clone()), "{form}");
        }
        let mut accepted_only = Answers::default();
        accepted_only.record_accepted(Part::One, "31");
        assert_eq!(Answers::from_toml("part1 = { accepted = \"31\" }\n"), Ok(accepted_only));
    }

    #[test]
    fn bounds_narrow_and_refuse_answers_outside_them() {
        let mut a = Answers::default();
        a.record_rejected(Part::One, "500", Wrong::TooHigh, 0);
        a.record_rejected(Part::One, "100", Wrong::TooLow, 60);
        a.record_rejected(Part::One, "600", Wrong::TooHigh, 120); // a weaker bound changes nothing
        a.record_rejected(Part::One, "300", Wrong::Wrong, 180);
        assert_eq!(
            (&a.part(Part::One).greater_than, &a.part(Part::One).less_than),
            (&Some(100.into()), &Some(500.into()))
        );
        assert!(matches!(a.refusal(Part::One, "500"), Some(Refusal::AlreadyRejected(_))));
        assert_eq!(a.refusal(Part::One, "501"), Some(Refusal::NotBelow(500.into())));
        assert_eq!(a.refusal(Part::One, "100"), a.refusal(Part::One, " 100 "));
        assert_eq!(a.refusal(Part::One, "99"), Some(Refusal::NotAbove(100.into())));
        assert!(matches!(a.refusal(Part::One, "300"), Some(Refusal::AlreadyRejected(r)) if r.verdict == Wrong::Wrong));
        assert_eq!(a.refusal(Part::One, "250"), None);
        assert_eq!(a.refusal(Part::One, "abc"), None, "bounds apply to numbers only");
        assert_eq!(a.refusal(Part::One, "  "), Some(Refusal::Empty));
        assert_eq!(a.refusal(Part::Two, "7"), Some(Refusal::PartOneFirst));
        a.record_accepted(Part::One, "250");
        assert_eq!(a.refusal(Part::One, "251"), Some(Refusal::AlreadyAccepted("250".into())));
        assert_eq!(a.refusal(Part::Two, "7"), None);
        assert!(Refusal::NotAbove(100.into()).to_string().contains("greater than 100"));
    }

    #[test]
    fn a_sent_answer_without_verdict_is_refused_until_forced_or_judged() {
        let mut a = Answers::default();
        a.record_sent(Part::One, " 42 ", 0);
        let refusal = a.refusal(Part::One, "42").unwrap();
        assert!(matches!(&refusal, Refusal::Unjudged(s) if s.answer == "42" && s.at == "1970-01-01T00:00:00Z"));
        assert!(refusal.forceable() && !Refusal::NotBelow(3.into()).forceable());
        assert!(refusal.to_string().contains("--force"), "{refusal}");
        assert_eq!(a.refusal(Part::One, "43"), None, "another answer may go");
        a.forget_sent(Part::One, "42");
        assert_eq!(a.refusal(Part::One, "42"), None);
        a.record_sent(Part::One, "42", 0);
        a.record_rejected(Part::One, "42", Wrong::TooLow, 5);
        assert!(a.part(Part::One).unjudged.is_empty(), "the verdict replaces the unknown");
        a.record_sent(Part::One, "50", 9);
        a.record_accepted(Part::One, "50");
        assert!(a.part(Part::One).unjudged.is_empty());
    }

    #[test]
    fn files_round_trip_and_corrupt_ones_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("day11.answers.toml");
        assert_eq!(Answers::load(&path).unwrap(), Answers::default());
        let mut a = Answers::default();
        a.record_rejected(Part::One, "29", Wrong::TooLow, 1_700_000_000);
        a.record_rejected(Part::One, "x y", Wrong::Wrong, 1_700_000_060);
        a.record_accepted(Part::One, "31");
        a.record_rejected(Part::Two, "70", Wrong::TooHigh, 1_700_000_120);
        a.record_sent(Part::Two, "65", 1_700_000_180);
        a.save(&path, "2016 day 11").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# Your answers to 2016 day 11"), "{text}");
        assert!(text.contains("[part1]\naccepted = \"31\"\ngreater_than = \"29\"\nrejected = [\n    { answer = \"29\", verdict = \"too low\", at = \"2023-11-14T22:13:20Z\" },"), "{text}");
        assert!(text.contains("[part2]\nless_than = \"70\"\nrejected = [\n"), "{text}");
        assert!(
            text.contains("# Sent, verdict unknown (an interrupted submit):\nunjudged = [\n    { answer = \"65\""),
            "{text}"
        );
        assert_eq!(Answers::load(&path).unwrap(), a);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "private like the input: {mode:o}");
        }
        for (bad, problem) in [
            ("[part1\n", "unclosed table"),
            ("[part3]\n", "unknown field `part3`, expected `part1` or `part2`"),
            ("[part1]\naccepted = 31\n", "integer `31`, expected a string in `part1.accepted`"),
            ("part1 = \"31\"\n", "string \"31\", expected a table in `part1`"),
            ("[part1]\nrejected = \"29\"\n", "string \"29\", expected a sequence in `part1.rejected`"),
            ("[part1]\nrejected = [29]\n", "integer `29`, expected a table in `part1.rejected`"),
            (
                "[part1]\nrejected = [{ answer = 29, verdict = \"too low\", at = \"t\" }]\n",
                "integer `29`, expected a string in `part1.rejected.answer`",
            ),
            ("[part1]\ngreater_than = 5\n", "integer `5`, expected a string in `part1.greater_than`"),
            ("[part1]\nless_than = \"x\"\n", "`x` is not a whole number in `part1.less_than`"),
            (
                "[part1]\nrejected = [{ answer = \"1\", verdict = \"meh\", at = \"t\" }]\n",
                "unknown variant `meh`, expected one of `too high`, `too low`, `wrong` in `part1.rejected.verdict`",
            ),
            ("[part1]\ncolour = \"red\"\n", "unknown field `colour`, expected one of `accepted`"),
            (
                "[part1]\nrejected = [{ answer = \"1\", verdict = \"wrong\", at = \"t\", by = \"me\" }]\n",
                "unknown field `by`",
            ),
            ("[part1]\nunjudged = [{ answer = \"1\" }]\n", "missing field `at` in `part1.unjudged`"),
        ] {
            std::fs::write(&path, bad).unwrap();
            let err = Answers::load(&path).unwrap_err().to_string();
            assert!(err.contains("day11.answers.toml") && err.contains(problem), "{bad:?}: {err}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), bad, "a corrupt file is left as it is");
        }
    }
}

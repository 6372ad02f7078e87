//! What `time` prints and keeps: rows per step, the table (terminal or Markdown), changes
//! against a baseline, and the README's timing section.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use crate::{Memory, Summary};

/// One row: a day's parser or one of its parts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// `2016-11`.
    pub day: String,
    /// `parse`, `part 1` or `part 2`.
    pub step: String,
    /// Which of the part's solutions: `None` for its default (the unnamed one, and every
    /// row of a baseline saved before solutions were told apart), else the name of
    /// `#[aoc(dayN, partM, name)]`. Left out of the JSON for the default, so a default's
    /// row is written as it always was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// The part's answer (parts only).
    pub answer: Option<String>,
    /// Why the step failed, if it did.
    pub error: Option<String>,
    /// Whether that error fails the command: everything but a proof of no solution.
    #[serde(default)]
    pub fails: bool,
    /// Timing, when the step ran.
    pub timing: Option<Summary>,
    /// What one call allocated, when the step ran.
    #[serde(default)]
    pub memory: Option<Memory>,
    /// Which input was timed (absent in baselines saved before it was recorded).
    #[serde(default)]
    pub input: Option<InputId>,
}

/// Which input a row timed, as stored: `example` (the day's example), `yours:<hash>` (your
/// own input, `inputs/<year>/day<N>.txt`) or `file:<hash>` (a file given with `--input`);
/// by a hash of the text, never the text (inputs are private).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String")]
pub struct InputId(String);

impl InputId {
    /// The example from the puzzle text.
    pub fn example() -> InputId {
        InputId("example".into())
    }

    /// Your own input `text`.
    pub fn yours(text: &str) -> InputId {
        InputId(format!("yours:{}", hash(text)))
    }

    /// A given file's `text`.
    pub fn file(text: &str) -> InputId {
        InputId(format!("file:{}", hash(text)))
    }

    /// As a table shows it: `example`, `yours 3f2a9c1e`, `file 0b1c2d3e`.
    pub fn short(&self) -> String {
        self.0.split_once(':').map_or(self.0.clone(), |(kind, h)| format!("{kind} {}", &h[..h.len().min(8)]))
    }
}

/// FNV-1a (64 bits) of `text`, as 16 hex digits: stable across Rust versions and
/// machines, enough to tell inputs apart, and says nothing of the text.
pub fn hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        h ^= u64::from(byte);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl TryFrom<String> for InputId {
    type Error = String;

    fn try_from(text: String) -> Result<InputId, String> {
        let hex = |h: &str| h.len() == 16 && h.chars().all(|c| c.is_ascii_hexdigit());
        match text.split_once(':') {
            None if text == "example" => Ok(InputId(text)),
            Some(("yours" | "file", h)) if hex(h) => Ok(InputId(text)),
            _ => Err(format!("`{text}` is not `example`, `yours:<16 hex digits>` or `file:<16 hex digits>`")),
        }
    }
}

/// A set of timings, as printed, saved and compared.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Where it was measured.
    pub machine: String,
    /// The commit measured (`-dirty` with uncommitted changes).
    pub commit: String,
    /// Seconds since the Unix epoch.
    pub created: u64,
    /// The clock the figures are on: `thread CPU time` or `wall clock` (baselines saved
    /// before the clock was named were on the wall clock).
    #[serde(default = "wall_clock")]
    pub clock: String,
    /// One row per day and step.
    pub rows: Vec<Row>,
}

fn wall_clock() -> String {
    WALL_CLOCK.to_string()
}

/// [`Report::clock`] of a run on the wall clock.
pub const WALL_CLOCK: &str = "wall clock";

impl Report {
    /// The row of the same day, step and solution as `row`, if measured.
    pub fn same_step(&self, row: &Row) -> Option<&Row> {
        self.rows.iter().find(|r| (&r.day, &r.step, &r.solution) == (&row.day, &row.step, &row.solution))
    }
}

/// The steps of `rows`, each once (its first row of a day, step and solution), in order:
/// what a table over several reports has a row or a column for.
pub fn steps<'a>(rows: impl IntoIterator<Item = &'a Row>) -> Vec<&'a Row> {
    let mut steps: Vec<&Row> = Vec::new();
    for row in rows {
        if !steps.iter().any(|s| (&s.day, &s.step, &s.solution) == (&row.day, &row.step, &row.solution)) {
            steps.push(row);
        }
    }
    steps
}

impl Row {
    /// A row of `step` of `day` that failed with `error`.
    pub fn failed(day: impl ToString, step: &str, error: String) -> Row {
        Row { day: day.to_string(), step: step.into(), error: Some(error), fails: true, ..Row::default() }
    }

    /// The step as tables and charts name it: `part 1`, or `part 1 dijkstra` for a named
    /// solution.
    pub fn label(&self) -> String {
        match &self.solution {
            Some(name) => format!("{} {name}", self.step),
            None => self.step.clone(),
        }
    }
}

pub const README_START: &str = "<!-- timings:start (cargo xtask time --readme) -->";
pub const README_END: &str = "<!-- timings:end -->";

/// The start marker of a timing table in another Markdown file (`time --doc FILE`): the
/// command that rewrites it follows the marker's fixed head, `<!-- timings:start`.
pub const DOC_START: &str = "<!-- timings:start";

/// Replaces the table after the first line starting with `start` (kept as it is, so a
/// file's marker may say which command wrote it) and before the next `timings:end` marker
/// with `table`.
pub fn rewrite_between(text: &str, start: &str, table: &str) -> Result<String> {
    let begin = text.find(start).context("no timings start marker (`<!-- timings:start ... -->`)")?;
    let line_end = text[begin..].find('\n').map(|i| begin + i + 1).context("the start marker ends the file")?;
    let end = text[line_end..]
        .find(README_END)
        .map(|i| line_end + i)
        .context("no timings end marker (`<!-- timings:end -->`)")?;
    Ok(format!("{}{table}{}", &text[..line_end], &text[end..]))
}

//! What `time` prints and keeps: rows per step, the table (terminal or Markdown), changes
//! against a baseline, and the README's timing section.

use anyhow::{Context, Result};
use comfy_table::{presets, CellAlignment, Table};
use serde::{Deserialize, Serialize};

use crate::{units, Memory, Summary};

/// One row: a day's parser or one of its parts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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

/// Which input a row timed: the day's example, your own input, or a file given with
/// `--input`; the last two by a hash of their text, never the text (inputs are private).
/// Stored as `example`, `yours:<hash>` or `file:<hash>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum InputId {
    /// The example from the puzzle text.
    Example,
    /// `inputs/<year>/day<N>.txt`, by its hash.
    Yours(String),
    /// A file given with `--input`, by its hash.
    File(String),
}

impl InputId {
    /// Your own input `text`.
    pub fn yours(text: &str) -> InputId {
        InputId::Yours(hash(text))
    }

    /// A given file's `text`.
    pub fn file(text: &str) -> InputId {
        InputId::File(hash(text))
    }

    /// As a table shows it: `example`, `yours 3f2a9c1e`, `file 0b1c2d3e`.
    pub fn short(&self) -> String {
        match self {
            InputId::Example => "example".into(),
            InputId::Yours(h) => format!("yours {}", &h[..h.len().min(8)]),
            InputId::File(h) => format!("file {}", &h[..h.len().min(8)]),
        }
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

impl From<InputId> for String {
    fn from(id: InputId) -> String {
        match id {
            InputId::Example => "example".into(),
            InputId::Yours(h) => format!("yours:{h}"),
            InputId::File(h) => format!("file:{h}"),
        }
    }
}

impl TryFrom<String> for InputId {
    type Error = String;

    fn try_from(text: String) -> Result<InputId, String> {
        let hex = |h: &str| h.len() == 16 && h.chars().all(|c| c.is_ascii_hexdigit());
        match text.split_once(':') {
            None if text == "example" => Ok(InputId::Example),
            Some(("yours", h)) if hex(h) => Ok(InputId::Yours(h.into())),
            Some(("file", h)) if hex(h) => Ok(InputId::File(h.into())),
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
    /// One row per day and step.
    pub rows: Vec<Row>,
}

impl Report {
    /// Sum of the medians of the rows that ran, the defaults' only.
    pub fn total(&self) -> f64 {
        self.rows.iter().filter(|r| r.solution.is_none()).filter_map(|r| r.timing).map(|t| t.median).sum()
    }

    /// The row of `day` and `step` of the default solution, if measured.
    pub fn row(&self, day: &str, step: &str) -> Option<&Row> {
        self.row_of(day, step, None)
    }

    /// The row of `day`, `step` and `solution` (`None`: the default), if measured.
    pub fn row_of(&self, day: &str, step: &str, solution: Option<&str>) -> Option<&Row> {
        self.rows.iter().find(|r| r.day == day && r.step == step && r.solution.as_deref() == solution)
    }

    /// Whether any row is a named solution's (the tables then show which).
    pub fn has_alternatives(&self) -> bool {
        self.rows.iter().any(|r| r.solution.is_some())
    }
}

impl Row {
    /// The step as tables and charts name it: `part 1`, or `part 1 dijkstra` for a named
    /// solution.
    pub fn label(&self) -> String {
        match &self.solution {
            Some(name) => format!("{} {name}", self.step),
            None => self.step.clone(),
        }
    }
}

/// How a solution's median compares with its part's default's: `1.00` for the default,
/// `4.1x slower` or `1.3x faster`, and `± u` when the uncertainty (both runs' spreads
/// relative to their medians, added in quadrature) is larger than the difference, so a
/// reader never takes noise for a ratio.
pub fn relative(default: &Summary, solution: &Summary, is_default: bool) -> String {
    if is_default {
        return "1.00".to_string();
    }
    if default.median <= 0.0 || solution.median <= 0.0 {
        return "-".to_string();
    }
    let ratio = solution.median / default.median;
    let uncertainty =
        ratio * ((default.spread / default.median).powi(2) + (solution.spread / solution.median).powi(2)).sqrt();
    let (factor, direction) = if ratio >= 1.0 { (ratio, "slower") } else { (1.0 / ratio, "faster") };
    let digits = if factor < 10.0 {
        2
    } else if factor < 100.0 {
        1
    } else {
        0
    };
    let mut text = format!("{factor:.digits$}x {direction}");
    if uncertainty > (ratio - 1.0).abs() {
        text = format!("{ratio:.2}x ± {uncertainty:.2}");
    }
    text
}

/// A row's change against the baseline.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Change {
    /// New median / old median.
    pub ratio: f64,
    /// The change in percent.
    pub percent: f64,
    /// Larger than both runs' spreads together.
    pub significant: bool,
}

/// Compares two timings of the same step.
pub fn change(old: &Summary, new: &Summary) -> Change {
    let ratio = new.median / old.median;
    let significant = (new.median - old.median).abs() > old.spread + new.spread;
    Change { ratio, percent: (ratio - 1.0) * 100.0, significant }
}

/// A memory change in words: `same`, or what moved (`peak 1.2 KiB -> 800 B, allocs 12 -> 10`).
pub fn memory_change(old: &Memory, new: &Memory) -> String {
    let mut parts = Vec::new();
    if old.peak_bytes != new.peak_bytes {
        parts.push(format!("peak {} -> {}", units::bytes(old.peak_bytes), units::bytes(new.peak_bytes)));
    }
    if old.allocations != new.allocations {
        parts.push(format!("allocs {} -> {}", old.allocations, new.allocations));
    }
    if parts.is_empty() {
        "same".to_string()
    } else {
        parts.join(", ")
    }
}

/// A time in nanoseconds as the tables show it.
pub fn ns(value: f64) -> String {
    units::nanos(value)
}

const HEADER: [&str; 12] = [
    "day",
    "step",
    "input",
    "answer",
    "first call",
    "median",
    "min",
    "max",
    "spread",
    "samples",
    "peak heap",
    "allocs",
];

/// How a table is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Markdown (for the README) instead of aligned terminal text.
    pub markdown: bool,
    /// Whether the answers are shown (they are private, like the inputs).
    pub answers: bool,
}

impl Style {
    /// For a terminal, answers shown.
    pub const TERMINAL: Style = Style { markdown: false, answers: true };
}

/// The table, aligned for a terminal or as Markdown, with changes against `baseline`.
pub fn table(report: &Report, baseline: Option<&Report>, style: Style) -> String {
    let markdown = style.markdown;
    let mut header = HEADER.to_vec();
    // A day with named solutions: a column naming each row's, and each one's time against
    // its part's default.
    let alternatives = report.has_alternatives();
    if alternatives {
        header.insert(2, "solution");
        header.push("relative");
    }
    let width = header.len();
    if baseline.is_some() {
        header.extend(["before", "change", "memory change"]);
    }
    let mut lines: Vec<Vec<String>> = Vec::new();
    let mut notes = Vec::new();
    for row in &report.rows {
        let input = row.input.as_ref().map_or("-".to_string(), InputId::short);
        let mut cells = vec![row.day.clone(), row.step.clone()];
        if alternatives {
            let is_part = row.step.starts_with("part");
            cells.push(if is_part {
                row.solution.clone().unwrap_or_else(|| "default".to_string())
            } else {
                String::new()
            });
        }
        cells.push(input);
        match (&row.error, &row.timing) {
            (Some(error), _) => {
                // Errors can be long: a short label here, the full text under the table.
                notes.push(format!("[{}] {} {}: {error}", notes.len() + 1, row.day, row.label()));
                let label = error.split(':').next().unwrap_or("error");
                cells.push(format!("{label} [{}]", notes.len()));
            }
            (None, Some(t)) => {
                cells.push(row.answer.clone().unwrap_or_default());
                cells.extend([ns(t.first), ns(t.median), ns(t.min), ns(t.max), ns(t.spread)]);
                cells.push(if t.batch > 1 { format!("{} x {}", t.runs, t.batch) } else { t.runs.to_string() });
                match row.memory {
                    Some(m) => cells.extend([units::bytes(m.peak_bytes), m.allocations.to_string()]),
                    None => cells.extend(["-".to_string(), "-".to_string()]),
                }
                if alternatives {
                    let default = report.row(&row.day, &row.step).and_then(|r| r.timing);
                    let shown = match default {
                        Some(d) if row.step.starts_with("part") => relative(&d, t, row.solution.is_none()),
                        _ => String::new(),
                    };
                    cells.push(shown);
                }
            }
            (None, None) => {}
        }
        if let Some(base) = baseline {
            cells.resize(width, String::new());
            cells.extend(against(base, row));
        }
        lines.push(cells);
    }
    // The total is the defaults' (what a day costs), so it stays comparable with baselines
    // saved before there were alternatives.
    let mut total = vec!["total".to_string()];
    total.resize(if alternatives { 6 } else { 5 }, String::new());
    total.push(ns(report.total()));
    if let Some(base) = baseline {
        total.resize(width, String::new());
        let (old, new) = (base.total(), report.total());
        total.extend([ns(old), format!("x{:.2} ({:+.1}%)", new / old, (new / old - 1.0) * 100.0)]);
    }
    lines.push(total);
    let mut header: Vec<String> = header.into_iter().map(String::from).collect();
    let answer_column = if alternatives { 4 } else { 3 };
    let mut right_from = answer_column + 1;
    if !style.answers {
        // An error's label sits in the answer's column: it stays, and moves nothing.
        let errors = report.rows.iter().map(|r| r.error.is_some()).chain([false]);
        for (cells, is_error) in lines.iter_mut().zip(errors) {
            let dropped = if is_error { answer_column + 1 } else { answer_column };
            if cells.len() > dropped {
                cells.remove(dropped);
            }
        }
        header.remove(answer_column);
        right_from = answer_column;
    }
    let mut table = Table::new();
    table.load_preset(if markdown { presets::ASCII_MARKDOWN } else { presets::NOTHING });
    table.set_header(header.clone());
    for cells in lines {
        table.add_row(cells);
    }
    for index in right_from..header.len() {
        if let Some(column) = table.column_mut(index) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    let text = table.to_string();
    // The borderless preset pads every line with one leading space; drop it.
    let unpad = |l: &'_ str| {
        if markdown {
            l.trim_end().to_string()
        } else {
            l.strip_prefix(' ').unwrap_or(l).trim_end().to_string()
        }
    };
    let mut out = text.lines().map(unpad).collect::<Vec<_>>().join("\n") + "\n";
    if !notes.is_empty() {
        out.push('\n');
        for note in notes {
            out += &note;
            out += if markdown { "  \n" } else { "\n" };
        }
    }
    out
}

/// A row's columns against the baseline: the old median, the change, the memory change.
fn against(base: &Report, row: &Row) -> [String; 3] {
    let old = base.row_of(&row.day, &row.step, row.solution.as_deref());
    let timing = match (old.and_then(|r| r.timing), row.timing) {
        (Some(old), Some(new)) => {
            let c = change(&old, &new);
            let verdict = match (c.significant, c.ratio < 1.0) {
                (false, _) => "within noise",
                (true, true) => "faster",
                (true, false) => "slower",
            };
            [ns(old.median), format!("x{:.2} ({:+.1}%) {verdict}", c.ratio, c.percent)]
        }
        _ => ["-".to_string(), "-".to_string()],
    };
    let memory = match (old.and_then(|r| r.memory), row.memory) {
        (Some(old), Some(new)) => memory_change(&old, &new),
        _ => "-".to_string(),
    };
    let [before, change] = timing;
    [before, change, memory]
}

pub const README_START: &str = "<!-- timings:start (cargo xtask time --readme) -->";
pub const README_END: &str = "<!-- timings:end -->";

/// Replaces the text between the README's timing markers with `table`, keeping the rest.
pub fn rewrite_readme(readme: &str, table: &str) -> Result<String> {
    rewrite_between(readme, README_START, table).context("README.md")
}

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

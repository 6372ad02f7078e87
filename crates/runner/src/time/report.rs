//! What `time` prints and keeps: rows per step, the table (terminal or Markdown), changes
//! against a baseline, and the README's timing section.

use anyhow::{Context, Result};
use comfy_table::{presets, CellAlignment, Table};
use serde::{Deserialize, Serialize};

use super::measure::Summary;
use crate::alloc::Memory;
use crate::units;

/// One row: a day's parser or one of its parts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// `2016-11`.
    pub day: String,
    /// `parse`, `part 1` or `part 2`.
    pub step: String,
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
    /// Sum of the medians of the rows that ran.
    pub fn total(&self) -> f64 {
        self.rows.iter().filter_map(|r| r.timing).map(|t| t.median).sum()
    }

    /// The row of `day` and `step`, if measured.
    pub fn row(&self, day: &str, step: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.day == day && r.step == step)
    }
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

pub(crate) fn ns(value: f64) -> String {
    units::nanos(value)
}

const HEADER: [&str; 11] =
    ["day", "step", "answer", "first call", "median", "min", "max", "spread", "samples", "peak heap", "allocs"];

/// The table, aligned for a terminal or as Markdown, with changes against `baseline`.
pub fn table(report: &Report, baseline: Option<&Report>, markdown: bool) -> String {
    let mut table = Table::new();
    table.load_preset(if markdown { presets::ASCII_MARKDOWN } else { presets::NOTHING });
    let mut header = HEADER.to_vec();
    if baseline.is_some() {
        header.extend(["before", "change", "memory change"]);
    }
    table.set_header(header);
    let mut notes = Vec::new();
    for row in &report.rows {
        let mut cells = vec![row.day.clone(), row.step.clone()];
        match (&row.error, &row.timing) {
            (Some(error), _) => {
                // Errors can be long: a short label here, the full text under the table.
                notes.push(format!("[{}] {} {}: {error}", notes.len() + 1, row.day, row.step));
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
            }
            (None, None) => {}
        }
        if let Some(base) = baseline {
            cells.resize(HEADER.len(), String::new());
            let old = base.row(&row.day, &row.step);
            match (old.and_then(|r| r.timing), row.timing) {
                (Some(old), Some(new)) => {
                    let c = change(&old, &new);
                    let verdict = match (c.significant, c.ratio < 1.0) {
                        (false, _) => "within noise",
                        (true, true) => "faster",
                        (true, false) => "slower",
                    };
                    cells.extend([ns(old.median), format!("x{:.2} ({:+.1}%) {verdict}", c.ratio, c.percent)]);
                }
                _ => cells.extend(["-".to_string(), "-".to_string()]),
            }
            match (old.and_then(|r| r.memory), row.memory) {
                (Some(old), Some(new)) => cells.push(memory_change(&old, &new)),
                _ => cells.push("-".to_string()),
            }
        }
        table.add_row(cells);
    }
    let mut total = vec!["total".to_string(), String::new(), String::new(), String::new(), ns(report.total())];
    if let Some(base) = baseline {
        total.resize(HEADER.len(), String::new());
        let (old, new) = (base.total(), report.total());
        total.extend([ns(old), format!("x{:.2} ({:+.1}%)", new / old, (new / old - 1.0) * 100.0)]);
    }
    table.add_row(total);
    for index in 3..HEADER.len() {
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

pub(crate) const README_START: &str = "<!-- timings:start (cargo xtask time --readme) -->";
pub(crate) const README_END: &str = "<!-- timings:end -->";

/// Replaces the text between the README's timing markers with `table`, keeping the rest.
pub fn rewrite_readme(readme: &str, table: &str) -> Result<String> {
    let start = readme.find(README_START).context("README.md has no timings start marker")?;
    let end = readme[start..].find(README_END).map(|i| start + i).context("README.md has no timings end marker")?;
    Ok(format!("{}{README_START}\n{table}{}", &readme[..start], &readme[end..]))
}

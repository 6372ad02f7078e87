//! Timings as `cargo xtask time` keeps them.
//!
//! * [`Report`]: one run of `time`, a [`Row`] per day and step (parser, part 1, part 2),
//!   each with its [`Summary`] (nanoseconds per call) and [`Memory`], and which input it
//!   timed ([`InputId`]: the example, or a hash of yours, never the text);
//! * [`table::table`]: the table, for a terminal or Markdown, with changes against a
//!   baseline;
//! * [`store`]: named baselines in the repository's `timings/` folder (pretty JSON, one
//!   file each, so they diff well and survive `cargo clean`);
//! * [`history`]: every baseline in the order measured, as a table or an SVG chart;
//! * [`paired`]: `time --against`, two builds timed in one session, judged by paired rounds.
//!
//! The runner measures; the xtask lists (`--history`) and compares (`--compare`) on its
//! own, so neither needs the days to be built.

mod chart;
pub mod compare;
pub mod history;
pub mod paired;
pub mod report;
pub mod store;
mod summary;
pub mod table;
pub mod units;

pub use report::{InputId, Report, Row};
pub use summary::{Memory, Summary, Wall};

#[cfg(test)]
mod tests;

use std::io::Write;
use std::path::Path;

use anyhow::Result;

/// `time --history [DAYS] [--plot FILE]`: every saved baseline in the order measured (the
/// `days`, if given, choose the columns), and the chart when asked for.
pub fn print_history(root: &Path, days: Option<&[String]>, plot: Option<&Path>, out: &mut dyn Write) -> Result<()> {
    let baselines = store::all(root)?;
    anyhow::ensure!(
        !baselines.is_empty(),
        "no saved baselines in {}: save one with `cargo xtask time --save NAME`",
        store::folder(root).display()
    );
    write!(out, "{}", history::table(&baselines, days))?;
    if let Some(path) = plot {
        history::plot(&baselines, days, path)?;
        eprintln!("drew {}", path.display());
    }
    Ok(())
}

/// `time --compare OLD NEW`: the newer baseline's table with its changes against the older,
/// fitted to the terminal's width unless `wide`.
pub fn print_comparison(root: &Path, old: &str, new: &str, wide: bool, out: &mut dyn Write) -> Result<()> {
    let (old, new) = (store::load(root, old)?, store::load(root, new)?);
    write!(out, "{}", table::table(&new, Some(&old), table::Style::terminal(wide)))?;
    Ok(())
}

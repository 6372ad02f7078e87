//! `time --history`: every saved baseline in the order it was measured, as a table (each
//! step's fastest sample, and its change when larger than noise) and as an SVG chart of
//! each step's median (log scale).

use std::path::Path;

use anyhow::Result;

use aoc_workspace::files::{write_whole, Access};

use crate::chart::{line_chart, Series};
use crate::compare;
use crate::report::{Report, Row};
use crate::table::render;
use crate::units::nanos;
use crate::Summary;

/// The steps to show: each (day, step, solution) any baseline timed, in first-seen order,
/// kept to `days` when given.
fn steps<'a>(baselines: &'a [(String, Report)], days: Option<&[String]>) -> Vec<&'a Row> {
    let timed = baselines.iter().flat_map(|(_, r)| &r.rows).filter(|r| r.timing.is_some());
    crate::report::steps(timed.filter(|row| days.is_none_or(|days| days.contains(&row.day))))
}

/// One line per baseline (oldest first): its name, when and at which commit it was
/// measured, and each step's fastest sample per call (what comparisons judge, module
/// `compare`), with its change from the baseline before when that is more than the two
/// resolve: `1.62 ms (+98%)`.
pub fn table(baselines: &[(String, Report)], days: Option<&[String]>) -> String {
    let steps = steps(baselines, days);
    let mut header = vec!["baseline".to_string(), "measured (UTC)".to_string(), "commit".to_string()];
    header.extend(steps.iter().map(|row| name(row)));
    let mut before: Vec<Option<(&Report, Summary)>> = vec![None; steps.len()];
    let mut lines = Vec::new();
    for (name, report) in baselines {
        let mut cells = vec![name.clone(), date_time(report.created), report.commit.clone()];
        for (step, last) in steps.iter().zip(&mut before) {
            let Some(timing) = report.same_step(step).and_then(|r| r.timing) else {
                cells.push("-".to_string());
                continue;
            };
            let mut cell = nanos(timing.min);
            if let Some((old_report, old)) = last {
                let judged = compare::incomparable(old_report, report).is_none();
                let change = compare::change(old, &timing, judged);
                if change.is_change() {
                    cell += &format!(" ({:+.0}%)", (change.ratio - 1.0) * 100.0);
                }
            }
            *last = Some((report, timing));
            cells.push(cell);
        }
        lines.push(cells);
    }
    render(&header, &lines, |i| i >= 3, false)
}

/// Draws each step's median over the baselines (x: baselines oldest first, y: time per
/// call, log scale) as an SVG file, its folder created if need be.
pub fn plot(baselines: &[(String, Report)], days: Option<&[String]>, path: &Path) -> Result<()> {
    let steps = steps(baselines, days);
    let series: Vec<Series> = steps
        .iter()
        .map(|&step| {
            let medians =
                baselines.iter().enumerate().filter_map(|(x, (_, r))| Some((x, r.same_step(step)?.timing?.median)));
            (name(step), medians.filter(|&(_, median)| median > 0.0).collect())
        })
        .collect();
    anyhow::ensure!(
        series.iter().any(|(_, points)| !points.is_empty()),
        "no saved baseline has timings to plot (save some with `--save NAME`)"
    );
    let labels: Vec<String> = baselines
        .iter()
        .map(|(name, r)| if *name == r.commit { name.clone() } else { format!("{name} ({})", r.commit) })
        .collect();
    let svg = line_chart("Median time per call over saved baselines", &labels, &series, nanos);
    Ok(write_whole(path, svg.as_bytes(), Access::Shared)?)
}

/// A step's column or legend name: `2021-23 part 1`, `2021-23 part 1 dijkstra`.
fn name(row: &Row) -> String {
    format!("{} {}", row.day, row.label())
}

/// `2026-11-23 14:05` from seconds since the Unix epoch (UTC).
pub fn date_time(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let (y, m, d) = aoc_workspace::when::civil_from_days(days);
    let minute = seconds % 86_400 / 60;
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", minute / 60, minute % 60)
}

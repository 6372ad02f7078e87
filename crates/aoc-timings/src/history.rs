//! `time --history`: every saved baseline in the order it was measured, as a table (each
//! step's fastest sample, and its change when larger than noise) and as an SVG chart of
//! each step's median (log scale).

use std::path::Path;

use anyhow::{anyhow, Result};
use comfy_table::{presets, CellAlignment, Table};

use aoc_workspace::files::{write_whole, Access};

use crate::chart::{line_chart, Series};
use crate::compare::{self, Verdict};
use crate::report::Report;
use crate::table::ns;
use crate::Summary;

/// A step as history follows it: day, step and solution (`None`: the default).
pub type Step = (String, String, Option<String>);

/// The steps to show: every (day, step, solution) any baseline measured, in first-seen
/// order, kept to `days` when given.
pub fn steps(baselines: &[(String, Report)], days: Option<&[String]>) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for (_, report) in baselines {
        for row in report.rows.iter().filter(|r| r.timing.is_some()) {
            let wanted = days.is_none_or(|days| days.contains(&row.day));
            let key = (row.day.clone(), row.step.clone(), row.solution.clone());
            if wanted && !steps.contains(&key) {
                steps.push(key);
            }
        }
    }
    steps
}

/// One line per baseline (oldest first): its name, when and at which commit it was
/// measured, and each step's fastest sample per call (what comparisons judge, module
/// `compare`), with its change from the baseline before when that is more than the two
/// resolve: `1.62 ms (+98%)`.
pub fn table(baselines: &[(String, Report)], days: Option<&[String]>) -> String {
    let steps = steps(baselines, days);
    let mut table = Table::new();
    table.load_preset(presets::NOTHING);
    let mut header = vec!["baseline".to_string(), "measured (UTC)".to_string(), "commit".to_string()];
    header.extend(steps.iter().map(name));
    table.set_header(header);
    let mut before: Vec<Option<(&Report, Summary)>> = vec![None; steps.len()];
    for (name, report) in baselines {
        let mut cells = vec![name.clone(), date_time(report.created), report.commit.clone()];
        for ((day, step, solution), last) in steps.iter().zip(&mut before) {
            let Some(timing) = report.row_of(day, step, solution.as_deref()).and_then(|r| r.timing) else {
                cells.push("-".to_string());
                continue;
            };
            let mut cell = ns(timing.min);
            if let Some((old_report, old)) = last {
                let judged = compare::incomparable(old_report, report).is_none();
                let change = compare::change(old, &timing, judged);
                if matches!(change.verdict(), Verdict::Faster | Verdict::Slower) {
                    cell += &format!(" ({:+.0}%)", (change.ratio - 1.0) * 100.0);
                }
            }
            *last = Some((report, timing));
            cells.push(cell);
        }
        table.add_row(cells);
    }
    for index in 3..3 + steps.len() {
        if let Some(column) = table.column_mut(index) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    crate::table::plain(&table)
}

/// Draws each step's median over the baselines (x: baselines oldest first, y: time per
/// call, log scale) as an SVG file.
pub fn plot(baselines: &[(String, Report)], days: Option<&[String]>, path: &Path) -> Result<()> {
    let steps = steps(baselines, days);
    let series: Vec<Series> = steps
        .iter()
        .map(|step| {
            let (day, part, solution) = step;
            let points = baselines
                .iter()
                .enumerate()
                .filter_map(|(x, (_, r))| Some((x, r.row_of(day, part, solution.as_deref())?.timing?.median)))
                .filter(|&(_, median)| median > 0.0)
                .collect();
            Series { name: name(step), points }
        })
        .collect();
    anyhow::ensure!(
        series.iter().any(|s| !s.points.is_empty()),
        "no saved baseline has timings to plot (save some with `--save NAME`)"
    );
    let labels: Vec<String> = baselines
        .iter()
        .map(|(name, r)| if *name == r.commit { name.clone() } else { format!("{name} ({})", r.commit) })
        .collect();
    let svg = line_chart("Median time per call over saved baselines", &labels, &series, ns);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    write_whole(path, svg.as_bytes(), Access::Shared).map_err(|e| anyhow!("cannot write {}: {e}", path.display()))
}

/// A step's column or legend name: `2021-23 part 1`, `2021-23 part 1 dijkstra`.
fn name(step: &Step) -> String {
    let (day, part, solution) = step;
    match solution {
        Some(solution) => format!("{day} {part} {solution}"),
        None => format!("{day} {part}"),
    }
}

/// `2026-11-23 14:05` from seconds since the Unix epoch (UTC).
pub fn date_time(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let (y, m, d) = aoc_workspace::when::civil_from_days(days);
    let minute = seconds % 86_400 / 60;
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", minute / 60, minute % 60)
}

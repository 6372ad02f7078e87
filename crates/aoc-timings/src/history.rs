//! `time --history`: every saved baseline in the order it was measured, as a table (each
//! step's fastest sample, and its change when larger than noise) and as an SVG chart of
//! each step's median (log scale).

use std::path::Path;

use anyhow::{anyhow, Result};
use comfy_table::{presets, CellAlignment, Table};
use plotters::prelude::*;

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
                let change = compare::change(old, &old_report.clock, &timing, &report.clock);
                if change.verdict() != Verdict::Same {
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
    table.to_string().lines().map(|l| l.strip_prefix(' ').unwrap_or(l).trim_end()).collect::<Vec<_>>().join("\n") + "\n"
}

/// Draws each step's median over the baselines (x: baselines oldest first, y: time per
/// call, log scale) as an SVG file.
pub fn plot(baselines: &[(String, Report)], days: Option<&[String]>, path: &Path) -> Result<()> {
    let steps = steps(baselines, days);
    let medians: Vec<f64> = baselines
        .iter()
        .flat_map(|(_, r)| steps.iter().filter_map(move |(d, s, n)| r.row_of(d, s, n.as_deref())?.timing))
        .map(|t| t.median)
        .filter(|&m| m > 0.0)
        .collect();
    anyhow::ensure!(!medians.is_empty(), "no saved baseline has timings to plot (save some with `--save NAME`)");
    let low = medians.iter().copied().fold(f64::INFINITY, f64::min) / 2.0;
    let high = medians.iter().copied().fold(0.0, f64::max) * 2.0;
    let labels: Vec<String> = baselines
        .iter()
        .map(|(name, r)| if *name == r.commit { name.clone() } else { format!("{name} ({})", r.commit) })
        .collect();
    let last = baselines.len() as f64 - 0.5;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let draw = || -> Result<(), Box<dyn std::error::Error>> {
        let root = SVGBackend::new(path, (960, 540)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("Median time per call over saved baselines", ("sans-serif", 22))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(-0.5..last, (low..high).log_scale())?;
        chart
            .configure_mesh()
            .x_labels(baselines.len().max(2))
            .x_label_formatter(&|x| label_at(&labels, *x))
            .y_label_formatter(&|y| ns(*y))
            .y_desc("median per call (log scale)")
            .disable_x_mesh()
            .draw()?;
        for (index, step) in steps.iter().enumerate() {
            let (day, part, solution) = step;
            let color = Palette99::pick(index).to_rgba();
            let points: Vec<(f64, f64)> = baselines
                .iter()
                .enumerate()
                .filter_map(|(x, (_, r))| Some((x as f64, r.row_of(day, part, solution.as_deref())?.timing?.median)))
                .filter(|&(_, m)| m > 0.0)
                .collect();
            chart
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))?
                .label(name(step))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            chart.draw_series(points.iter().map(|&p| Circle::new(p, 4, color.filled())))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
        Ok(())
    };
    draw().map_err(|e| anyhow!("cannot draw {}: {e}", path.display()))
}

/// A step's column or legend name: `2021-23 part 1`, `2021-23 part 1 dijkstra`.
fn name(step: &Step) -> String {
    let (day, part, solution) = step;
    match solution {
        Some(solution) => format!("{day} {part} {solution}"),
        None => format!("{day} {part}"),
    }
}

/// The label of the baseline at x (only at whole positions).
fn label_at(labels: &[String], x: f64) -> String {
    let index = x.round();
    if (x - index).abs() > 1e-6 || index < 0.0 {
        return String::new();
    }
    labels.get(index as usize).cloned().unwrap_or_default()
}

/// `2026-11-23 14:05` from seconds since the Unix epoch (UTC).
pub fn date_time(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let (y, m, d) = aoc_workspace::when::civil_from_days(days);
    let minute = seconds % 86_400 / 60;
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", minute / 60, minute % 60)
}

//! `cargo xtask time`: per-day timings with statistics, baselines and comparisons.
//!
//! Each day's parser and each part are timed separately on the resolved input: a warm-up,
//! then enough runs to fill about a second (at least ten), summarised by median, min, max
//! and spread (the interquartile range). Results can be saved as named baselines under
//! `target/xtask/baselines/` and compared: a change counts as significant only when it is
//! larger than the spreads of both runs together.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use aoc_runner::ArcStr;
use comfy_table::{presets, CellAlignment, Table};
use serde::{Deserialize, Serialize};

use aoc_workspace::{Day, DayId};

use crate::{input, registry, units};

/// Statistics of one timed step, in nanoseconds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// How many timed runs.
    pub runs: usize,
    /// Median run time.
    pub median: f64,
    /// Fastest run.
    pub min: f64,
    /// Slowest run.
    pub max: f64,
    /// Interquartile range: the middle half of the runs lies within this width.
    pub spread: f64,
}

impl Summary {
    /// Summarises run times (nanoseconds); `None` for no runs.
    pub fn of(samples: &[f64]) -> Option<Summary> {
        let mut s = samples.to_vec();
        s.sort_by(f64::total_cmp);
        let n = s.len();
        if n == 0 {
            return None;
        }
        let quantile = |q: f64| {
            let pos = q * (n - 1) as f64;
            let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
            s[lo] + (s[hi] - s[lo]) * (pos - lo as f64)
        };
        Some(Summary {
            runs: n,
            median: quantile(0.5),
            min: s[0],
            max: s[n - 1],
            spread: quantile(0.75) - quantile(0.25),
        })
    }
}

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
    /// Timing, when the step ran.
    pub timing: Option<Summary>,
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
}

/// How long to aim to spend on each step, and the least number of runs.
pub struct Budget {
    /// Time per step.
    pub per_step: Duration,
    /// Fewest timed runs.
    pub min_runs: usize,
}

/// Times `run` after a warm-up, calibrated to the budget.
fn measure(budget: &Budget, mut run: impl FnMut()) -> Summary {
    let warm = Instant::now();
    run();
    while warm.elapsed() < budget.per_step / 10 {
        run();
    }
    let once = Instant::now();
    run();
    let single = once.elapsed().max(Duration::from_nanos(1));
    let runs = ((budget.per_step.as_secs_f64() / single.as_secs_f64()) as usize).clamp(budget.min_runs, 1_000_000);
    let samples: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            run();
            t.elapsed().as_nanos() as f64
        })
        .collect();
    Summary::of(&samples).unwrap_or(Summary { runs: 0, median: 0.0, min: 0.0, max: 0.0, spread: 0.0 })
}

/// Times every requested day; failures become rows with their error.
pub fn time_days(root: &Path, ids: &[DayId], budget: &Budget, progress: &indicatif::ProgressBar) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    for &id in ids {
        let Some(day) = registry::find(id) else {
            rows.push(failed(id, "parse", format!("{id} is not implemented yet")));
            continue;
        };
        let input = input::resolve(root, day, None)?;
        progress.set_message(format!("{id}"));
        rows.extend(time_day(day, &input.text, budget, progress));
    }
    Ok(rows)
}

fn failed(id: DayId, step: &str, error: String) -> Row {
    Row { day: id.to_string(), step: step.into(), answer: None, error: Some(error), timing: None }
}

fn time_day(day: &Day, text: &str, budget: &Budget, progress: &indicatif::ProgressBar) -> Vec<Row> {
    let text = ArcStr::from(text);
    let id = day.id;
    let Some(generator) = day.parts.iter().flatten().next() else {
        progress.inc(3);
        return vec![failed(id, "parse", format!("{id} has no parts"))];
    };
    if let Err(e) = generator(text.clone()) {
        progress.inc(3);
        return vec![failed(id, "parse", format!("bad input: {e}"))];
    }
    let parse = measure(budget, || drop(generator(text.clone())));
    progress.inc(1);
    let mut rows =
        vec![Row { day: id.to_string(), step: "parse".into(), answer: None, error: None, timing: Some(parse) }];
    for (index, factory) in day.parts.iter().enumerate() {
        let step = format!("part {}", index + 1);
        let Some(factory) = factory else {
            progress.inc(1);
            continue;
        };
        let row = match factory(text.clone()) {
            Err(e) => failed(id, &step, format!("bad input: {e}")),
            Ok(runner) => match runner.try_run() {
                Err(e) => failed(id, &step, e.to_string()),
                Ok(answer) => {
                    let timing = measure(budget, || drop(runner.try_run()));
                    Row {
                        day: id.to_string(),
                        step,
                        answer: Some(answer.to_string()),
                        error: None,
                        timing: Some(timing),
                    }
                }
            },
        };
        progress.inc(1);
        rows.push(row);
    }
    rows
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

fn ns(value: f64) -> String {
    units::duration(Duration::from_nanos(value.round() as u64))
}

/// The table, aligned for a terminal or as Markdown, with changes against `baseline`.
pub fn table(report: &Report, baseline: Option<&Report>, markdown: bool) -> String {
    let mut table = Table::new();
    table.load_preset(if markdown { presets::ASCII_MARKDOWN } else { presets::NOTHING });
    let mut header = vec!["day", "step", "answer", "median", "min", "max", "spread", "runs"];
    if baseline.is_some() {
        header.extend(["before", "change"]);
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
                cells.extend([ns(t.median), ns(t.min), ns(t.max), ns(t.spread), t.runs.to_string()]);
            }
            (None, None) => {}
        }
        if let Some(base) = baseline {
            cells.resize(8, String::new());
            let old = base.rows.iter().find(|r| r.day == row.day && r.step == row.step).and_then(|r| r.timing);
            match (old, row.timing) {
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
        }
        table.add_row(cells);
    }
    let mut total = vec!["total".to_string(), String::new(), String::new(), ns(report.total())];
    if let Some(base) = baseline {
        total.resize(8, String::new());
        let (old, new) = (base.total(), report.total());
        total.extend([ns(old), format!("x{:.2} ({:+.1}%)", new / old, (new / old - 1.0) * 100.0)]);
    }
    table.add_row(total);
    for index in 3..8 {
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

/// Where baseline `name` is kept.
pub fn baseline_path(root: &Path, name: &str) -> Result<PathBuf> {
    let valid = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        && !name.starts_with('.');
    anyhow::ensure!(valid, "baseline names use letters, digits, `-`, `_` and `.`: `{name}`");
    Ok(root.join("target/xtask/baselines").join(format!("{name}.json")))
}

/// Saves `report` as baseline `name`.
pub fn save(root: &Path, name: &str, report: &Report) -> Result<PathBuf> {
    let path = baseline_path(root, name)?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(&path, serde_json::to_string_pretty(report)?)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

/// Loads baseline `name`.
pub fn load(root: &Path, name: &str) -> Result<Report> {
    let path = baseline_path(root, name)?;
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("no baseline `{name}` (save one with `cargo xtask time --save {name}`)"))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not a timing baseline", path.display()))
}

const README_START: &str = "<!-- timings:start (cargo xtask time --readme) -->";
const README_END: &str = "<!-- timings:end -->";

/// Replaces the text between the README's timing markers with `table`, keeping the rest.
pub fn rewrite_readme(readme: &str, table: &str) -> Result<String> {
    let start = readme.find(README_START).context("README.md has no timings start marker")?;
    let end = readme[start..].find(README_END).map(|i| start + i).context("README.md has no timings end marker")?;
    Ok(format!("{}{README_START}\n{table}{}", &readme[..start], &readme[end..]))
}

/// The machine, for baselines: host name, CPU model and core count.
pub fn machine() -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .map(|h| h.trim().to_string())
        .unwrap_or_else(|_| "unknown host".into());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!("{host}, {cpu}, {cores} cores")
}

/// The current commit, `-dirty` when the tree has uncommitted changes.
pub fn commit(root: &Path) -> String {
    let git = |args: &[&str]| {
        std::process::Command::new("git").args(args).current_dir(root).output().ok().filter(|o| o.status.success())
    };
    let Some(head) = git(&["rev-parse", "--short", "HEAD"]) else { return "unknown".into() };
    let head = String::from_utf8_lossy(&head.stdout).trim().to_string();
    let dirty = git(&["status", "--porcelain"]).is_some_and(|o| !o.stdout.is_empty());
    if dirty {
        format!("{head}-dirty")
    } else {
        head
    }
}

/// What `cargo xtask time` was asked to do.
pub struct TimeArgs {
    /// The days (`None`: every implemented day).
    pub days: Option<Vec<DayId>>,
    /// Print JSON instead of a table.
    pub json: bool,
    /// Save the results under this name.
    pub save: Option<String>,
    /// Compare with this saved baseline.
    pub baseline: Option<String>,
    /// Compare two saved baselines, without timing anything.
    pub compare: Option<(String, String)>,
    /// Write the table into README.md.
    pub readme: bool,
    /// Time per step.
    pub seconds: f64,
}

/// Runs `cargo xtask time`.
pub fn command(root: &Path, args: &TimeArgs, out: &mut dyn Write) -> Result<()> {
    if let Some((old, new)) = &args.compare {
        let (old, new) = (load(root, old)?, load(root, new)?);
        write!(out, "{}", table(&new, Some(&old), false))?;
        return Ok(());
    }
    let ids: Vec<DayId> = match &args.days {
        Some(ids) => ids.clone(),
        None => registry::days().iter().map(|d| d.id).collect(),
    };
    let progress = indicatif::ProgressBar::new(3 * ids.len() as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} steps timed {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let budget = Budget { per_step: Duration::from_secs_f64(args.seconds.max(0.001)), min_runs: 10 };
    let rows = time_days(root, &ids, &budget, &progress)?;
    progress.finish_and_clear();
    let created = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let report = Report { machine: machine(), commit: commit(root), created, rows };
    let baseline = args.baseline.as_deref().map(|name| load(root, name)).transpose()?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        write!(out, "{}", table(&report, baseline.as_ref(), false))?;
    }
    if let Some(name) = &args.save {
        let path = save(root, name, &report)?;
        eprintln!("saved baseline `{name}` to {}", path.strip_prefix(root).unwrap_or(&path).display());
    }
    if args.readme {
        let path = root.join("README.md");
        let readme = std::fs::read_to_string(&path)?;
        let note =
            format!("\n_{} at {} on {}._\n", "Measured by `cargo xtask time --readme`", report.commit, report.machine);
        std::fs::write(&path, rewrite_readme(&readme, &(table(&report, None, true) + &note))?)?;
        eprintln!("updated the timings table in README.md");
    }
    Ok(())
}

#[cfg(test)]
mod tests;

//! `cargo xtask time`: per-day timings that are right at every scale, with memory beside
//! them, saved baselines, comparisons and history.
//!
//! Each day's parser and each part are timed separately on the resolved input (the same
//! rules as `run`, `--input` included): the first call alone (what a user waits for), then
//! after a warm-up, batched samples filling about a second per step (module `measure`),
//! summarised per call by median, min, max and spread (the interquartile range). What one
//! call allocates (peak heap, allocations) is counted in a separate, untimed call (module
//! `crate::alloc`). Each row says which input it timed (the example, or yours by a hash).
//! Keeping, comparing and listing results is crate `aoc_timings`'s: baselines in the
//! repository's `timings/` folder (`--save`, `--baseline`), compared (a change counts as
//! significant only when it is larger than the spreads of both runs together), and
//! followed over time (`--history`, `--plot`; the xtask answers those itself).

pub mod measure;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use aoc_runner::{ArcStr, Runner};
use aoc_workspace::files::{write_whole, Access};
use aoc_workspace::{Day, DayId};

use aoc_timings::report::{self, Style};
use aoc_timings::{store, InputId, Memory, Report, Row, Summary};

use crate::input::Source;
use crate::run::Outcome;
use crate::{alloc, input, registry};
use measure::{Budget, Clock, SystemClock};

/// Times every requested day; failures become rows with their error. `given` is an input
/// file for a single day.
pub fn time_days(
    root: &Path,
    ids: &[DayId],
    given: Option<&Path>,
    budget: &Budget,
    progress: &indicatif::ProgressBar,
) -> Result<Vec<Row>> {
    let clock = SystemClock::new();
    let mut rows = Vec::new();
    for &id in ids {
        let Some(day) = registry::find(id) else {
            rows.push(failed(id, "parse", format!("{id} is not implemented yet")));
            progress.inc(3);
            continue;
        };
        let input = input::resolve(root, day, given)?;
        progress.set_message(format!("{id}"));
        let which = match input.source {
            Source::Example => InputId::Example,
            Source::Inputs(_) => InputId::yours(&input.text),
            Source::Given(_) => InputId::file(&input.text),
        };
        let timed = time_day(&clock, day, &input.text, budget, progress);
        rows.extend(timed.into_iter().map(|row| Row { input: Some(which.clone()), ..row }));
    }
    Ok(rows)
}

fn failed(id: DayId, step: &str, error: String) -> Row {
    Row {
        day: id.to_string(),
        step: step.into(),
        answer: None,
        error: Some(error),
        fails: true,
        timing: None,
        memory: None,
        input: None,
    }
}

fn time_day(clock: &impl Clock, day: &Day, text: &str, budget: &Budget, progress: &indicatif::ProgressBar) -> Vec<Row> {
    let text = ArcStr::from(text);
    let id = day.id;
    let Some(generator) = day.parts.iter().flatten().next() else {
        progress.inc(3);
        return vec![failed(id, "parse", format!("{id} has no parts"))];
    };
    let parse = match time_step(clock, budget, || generator(text.clone())) {
        Ok((_, timing, memory)) => Row {
            day: id.to_string(),
            step: "parse".into(),
            answer: None,
            error: None,
            fails: false,
            timing: Some(timing),
            memory: Some(memory),
            input: None,
        },
        Err(e) => {
            progress.inc(3);
            return vec![failed(id, "parse", format!("bad input: {e}"))];
        }
    };
    progress.inc(1);
    let mut rows = vec![parse];
    for (index, factory) in day.parts.iter().enumerate() {
        let step = format!("part {}", index + 1);
        let Some(factory) = factory else {
            progress.inc(1);
            continue;
        };
        let row = match factory(text.clone()) {
            Err(e) => failed(id, &step, format!("bad input: {e}")),
            Ok(runner) => time_part(clock, runner.as_ref(), id, step, budget),
        };
        progress.inc(1);
        rows.push(row);
    }
    rows
}

/// One part: its answer (or error) from the first call, then its timing and memory.
fn time_part(clock: &impl Clock, runner: &dyn Runner, id: DayId, step: String, budget: &Budget) -> Row {
    match time_step(clock, budget, || runner.try_run()) {
        Err(e) => Row { fails: !aoc_workspace::is_unsolvable(e.as_ref()), ..failed(id, &step, e.to_string()) },
        Ok((answer, timing, memory)) => Row {
            day: id.to_string(),
            step,
            answer: Some(answer.to_string()),
            error: None,
            fails: false,
            timing: Some(timing),
            memory: Some(memory),
            input: None,
        },
    }
}

/// A step measured the same way for the parser and for each part: its very first call,
/// cold and timed alone, which also tells whether the step works (its error ends it there);
/// then what one call allocates, counted in a call of its own; then the batched samples.
fn time_step<T, E>(
    clock: &impl Clock,
    budget: &Budget,
    mut call: impl FnMut() -> Result<T, E>,
) -> Result<(T, Summary, Memory), E> {
    let started = clock.now();
    let outcome = call();
    let first = clock.now().saturating_sub(started) as f64;
    let value = outcome?;
    let (_, memory) = alloc::measure(|| call().is_ok());
    let mut timing = measure::measure(clock, budget, || call().is_ok());
    timing.first = first;
    Ok((value, timing, memory))
}

/// The machine, for baselines and the README: CPU model and core count, nothing that
/// names the computer or its owner.
pub fn machine() -> String {
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
    format!("{cpu}, {cores} cores")
}

/// The suffix of a commit measured with uncommitted changes.
const DIRTY: &str = "-dirty";

/// The current commit, `-dirty` when the tree has uncommitted changes. The tool's own
/// files under `timings/` do not count: saving baseline A must not make baseline B's
/// commit `-dirty`.
pub fn commit(root: &Path) -> String {
    let git = |args: &[&str]| {
        std::process::Command::new("git").args(args).current_dir(root).output().ok().filter(|o| o.status.success())
    };
    let Some(head) = git(&["rev-parse", "--short", "HEAD"]) else { return "unknown".into() };
    let head = String::from_utf8_lossy(&head.stdout).trim().to_string();
    let dirty = git(&["status", "--porcelain", "--", ".", ":(exclude)timings"]).is_some_and(|o| !o.stdout.is_empty());
    if dirty {
        format!("{head}{DIRTY}")
    } else {
        head
    }
}

/// The README's line under the timings table: where and on what it was measured, and, when
/// the tree had uncommitted changes, that the figures belong to no commit.
fn readme_note(commit: &str, machine: &str) -> String {
    let at = match commit.strip_suffix(DIRTY) {
        Some(head) => format!("{head} **with uncommitted changes** (regenerate at a clean commit)"),
        None => commit.to_string(),
    };
    format!(
        "\n_Measured by `cargo xtask time --readme` at {at} on {machine}: per call, batched; first call is the cold one; `input` says which input each row timed._\n"
    )
}

/// What `cargo xtask time` was asked to do.
pub struct TimeArgs {
    /// The days, in order.
    pub days: Vec<DayId>,
    /// Whether the user named them (with `--history`, they then choose the columns).
    pub days_named: bool,
    /// Read the input from this file (one day only).
    pub input: Option<PathBuf>,
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
    /// With `readme`: show the answers too.
    pub with_answers: bool,
    /// Time per step.
    pub seconds: f64,
    /// List the saved baselines over time instead of timing anything.
    pub history: bool,
    /// With `history`: also draw the medians over time into this SVG file.
    pub plot: Option<PathBuf>,
}

/// Runs `cargo xtask time`: [`Outcome::Failed`] when a step failed or an answer disagrees
/// with your accepted one.
pub fn command(root: &Path, args: &TimeArgs, out: &mut dyn Write) -> Result<Outcome> {
    if let Some((old, new)) = &args.compare {
        aoc_timings::print_comparison(root, old, new, out)?;
        return Ok(Outcome::Ok);
    }
    if args.history {
        let days: Option<Vec<String>> = args.days_named.then(|| args.days.iter().map(ToString::to_string).collect());
        aoc_timings::print_history(root, days.as_deref(), args.plot.as_deref(), out)?;
        return Ok(Outcome::Ok);
    }
    let ids = &args.days;
    if args.input.is_some() {
        anyhow::ensure!(
            ids.len() == 1,
            "--input is one day's input: name exactly one day (e.g. `time 2016-11 --input FILE`)"
        );
    }
    let progress = indicatif::ProgressBar::new(3 * ids.len() as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} steps timed {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let rows = time_days(root, ids, args.input.as_deref(), &Budget::new(args.seconds), &progress)?;
    progress.finish_and_clear();
    let created = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let report = Report { machine: machine(), commit: commit(root), created, rows };
    let base = args.baseline.as_deref().map(|name| store::load(root, name)).transpose()?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        write!(out, "{}", report::table(&report, base.as_ref(), Style::TERMINAL))?;
    }
    // Accepted answers belong to the user's own input, never to another file.
    let wrong = if args.input.is_none() {
        let answered: Vec<_> = report.rows.iter().map(|r| (r.day.clone(), r.step.clone(), r.answer.clone())).collect();
        crate::check::disagreements(root, &answered)?
    } else {
        Vec::new()
    };
    for disagreement in &wrong {
        eprintln!("error: {disagreement}");
    }
    if let Some(name) = &args.save {
        anyhow::ensure!(
            wrong.is_empty(),
            "not saving baseline `{name}`: answers disagree with your accepted ones ({}); see `cargo xtask check`",
            wrong.join("; ")
        );
        let path = store::save(root, name, &report)?;
        eprintln!("saved baseline `{name}` to {}", aoc_workspace::inputs::shown(root, &path));
    }
    if args.readme {
        let path = root.join("README.md");
        let readme = std::fs::read_to_string(&path)?;
        let note = readme_note(&report.commit, &report.machine);
        let style = Style { markdown: true, answers: args.with_answers };
        let rewritten = report::rewrite_readme(&readme, &(report::table(&report, None, style) + &note))?;
        write_whole(&path, rewritten.as_bytes(), Access::Shared)?;
        eprintln!("updated the timings table in README.md");
    }
    let failed = report.rows.iter().any(|r| r.fails) || !wrong.is_empty();
    Ok(if failed { Outcome::Failed } else { Outcome::Ok })
}

#[cfg(test)]
mod tests;

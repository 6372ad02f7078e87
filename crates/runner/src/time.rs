//! `cargo xtask time`: per-day timings that are right at every scale, with memory beside
//! them, saved baselines, comparisons and history.
//!
//! Each day's parser and each part are timed separately on the resolved input (the same
//! rules as `run`, `--input` included): the first call alone (what a user waits for), then
//! after a warm-up, batched samples filling about a second per step (module `measure`),
//! summarised per call by median, min, max and spread (the interquartile range). What one
//! call allocates (peak heap, allocations) is counted in a separate, untimed call (module
//! `crate::alloc`). Each row says which input it timed (the example, or yours by a hash).
//! Keeping and comparing results is crate `aoc_timings`'s: baselines in the repository's
//! `timings/` folder (`--save`, `--baseline`). The xtask answers `--history`, `--compare`
//! and `--against` itself (it drives two builds of this runner through `time --json`).

pub mod clock;
pub mod measure;

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};
use aoc_commands::{SolutionChoice, TimeArgs};
use aoc_runner::{ArcStr, Runner};
use aoc_workspace::files::{write_whole, Access};
use aoc_workspace::{Day, DayId, Part};

use aoc_timings::report;
use aoc_timings::table::{table, Style};
use aoc_timings::{store, InputId, Memory, Report, Row, Summary};

use crate::input::Source;
use crate::run::Outcome;
use crate::solutions::{self, guarded};
use crate::{alloc, input, registry};
use measure::Clocks;

/// Times every requested day, the solutions `choice` keeps of each part; failures become
/// rows with their error. `given` is an input file for a single day. `progress` counts the
/// steps timed, and each day's whole count once it is done, timed or not.
pub fn time_solutions(
    root: &Path,
    ids: &[DayId],
    given: Option<&Path>,
    choice: &SolutionChoice,
    per_step: Duration,
    progress: &indicatif::ProgressBar,
) -> Result<Vec<Row>> {
    let clocks = Clocks::best();
    progress.set_length(ids.iter().map(|&id| steps(id, choice)).sum());
    let (mut rows, mut done) = (Vec::new(), 0);
    for &id in ids {
        progress.set_position(done);
        done += steps(id, choice);
        let Some(day) = registry::find(id) else {
            rows.push(Row::failed(id, "parse", format!("{id} is not implemented yet")));
            continue;
        };
        if let Some(unknown) = solutions::unknown(day, choice) {
            rows.push(Row::failed(id, "parse", unknown));
            continue;
        }
        let input = input::resolve(root, day, given)?;
        if input.source == Source::Example && day.example.is_none() {
            rows.push(Row::failed(id, "parse", format!("no input, and {}", input::no_example_defined(root, id))));
            continue;
        }
        progress.set_message(format!("{id}"));
        let which = match input.source {
            Source::Example => InputId::example(),
            Source::Inputs(_) => InputId::yours(&input.text),
            Source::Given(_) => InputId::file(&input.text),
        };
        let timed = time_day(clocks, day, &input.text, choice, per_step, progress);
        rows.extend(timed.into_iter().map(|row| Row { input: Some(which.clone()), ..row }));
    }
    Ok(rows)
}

/// How many steps `time` takes for day `id`: its parser and each solution of each part.
fn steps(id: DayId, choice: &SolutionChoice) -> u64 {
    let Some(day) = registry::find(id) else { return 3 };
    1 + Part::BOTH.iter().map(|&part| solutions::of(day, part, choice).len().max(1) as u64).sum::<u64>()
}

fn time_day(
    clocks: Clocks<'_>,
    day: &Day,
    text: &str,
    choice: &SolutionChoice,
    per_step: Duration,
    progress: &indicatif::ProgressBar,
) -> Vec<Row> {
    let text = ArcStr::from(text);
    let id = day.id;
    let Some(generator) = day.parts.iter().flatten().next() else {
        return vec![Row::failed(id, "parse", format!("{id} has no parts"))];
    };
    let failed = |why: String| vec![Row::failed(id, "parse", why)];
    let parse = match time_step(clocks, per_step, || generator(text.clone()), |_| Ok(())) {
        Ok(Ok((_, timing, memory))) => timed(id, "parse", None, timing, memory),
        Ok(Err(e)) => return failed(format!("bad input: {e}")),
        Err(why) => return failed(why),
    };
    progress.inc(1);
    let mut rows = vec![parse];
    for part in Part::BOTH {
        let step = format!("part {part}");
        if day.parts[part.index()].is_none() {
            continue;
        }
        // Every solution's answer must be the first's (the default's) before it is timed.
        let mut first: Option<Option<String>> = None;
        for solution in solutions::of(day, part, choice) {
            let row = match guarded(|| (solution.factory)(text.clone())) {
                Err(panic) => Row::failed(id, &step, format!("its generator {panic}")),
                Ok(Err(e)) => Row::failed(id, &step, format!("bad input: {e}")),
                Ok(Ok(runner)) => time_part(clocks, runner.as_ref(), id, step.clone(), first.as_ref(), per_step),
            };
            progress.inc(1);
            first.get_or_insert_with(|| row.answer.clone());
            rows.push(Row { solution: solution.name.map(str::to_string), ..row });
        }
    }
    rows
}

/// One part: its answer (or error) from the first call, then its timing and memory. With
/// `agree`, the first solution's answer, a different answer is the row's error and nothing
/// is timed.
fn time_part(
    clocks: Clocks<'_>,
    runner: &dyn Runner,
    id: DayId,
    step: String,
    agree: Option<&Option<String>>,
    per_step: Duration,
) -> Row {
    #[allow(clippy::borrowed_box)] // what `Runner::try_run` hands back
    let verify = |answer: &Box<dyn std::fmt::Display>| match agree {
        Some(Some(expected)) if answer.as_ref().to_string() != *expected => {
            Err(format!("answer {} differs from the default's {expected}: not timed", answer))
        }
        _ => Ok(()),
    };
    match time_step(clocks, per_step, || runner.try_run(), verify) {
        Ok(Err(e)) => {
            let fails = !aoc_workspace::is_unsolvable(e.as_ref()) && !not_written_yet(&e.to_string());
            Row { fails, ..Row::failed(id, &step, e.to_string()) }
        }
        Err(why) => Row { fails: !not_written_yet(&why), ..Row::failed(id, &step, why) },
        Ok(Ok((answer, timing, memory))) => timed(id, &step, Some(answer.to_string()), timing, memory),
    }
}

/// The row of a step that ran.
fn timed(id: DayId, step: &str, answer: Option<String>, timing: Summary, memory: Memory) -> Row {
    Row { day: id.to_string(), step: step.into(), answer, timing: Some(timing), memory: Some(memory), ..Row::default() }
}

/// Whether a part's error says it is not written yet, which `time` reports without failing
/// (what it timed is still saved): the scaffold's placeholder (`not solved yet: write part
/// N in ...`), or a `todo!()` or `unimplemented!()` left in the part.
fn not_written_yet(error: &str) -> bool {
    let panicked = error.strip_prefix("panicked: ").unwrap_or_default();
    error.starts_with("not solved yet")
        || panicked.starts_with("not yet implemented")
        || panicked.starts_with("not implemented")
}

/// A step measured the same way for the parser and for each part: its very first call,
/// cold and timed alone, which also tells whether the step works (its error, a panic, or a
/// result `verify` refuses ends it there: the returned error inside, why it panicked or
/// was refused outside); then what one call allocates, counted in a call
/// of its own; then the batched samples. Only the first call is guarded against a panic:
/// the sampled calls run exactly as before.
fn time_step<T, E>(
    clocks: Clocks<'_>,
    per_step: Duration,
    mut call: impl FnMut() -> Result<T, E>,
    verify: impl FnOnce(&T) -> Result<(), String>,
) -> Result<Result<(T, Summary, Memory), E>, String> {
    let (outcome, first) = guarded(|| {
        let started = clocks.main.now();
        let outcome = call();
        (outcome, clocks.main.now().saturating_sub(started) as f64)
    })?;
    let value = match outcome {
        Ok(value) => value,
        Err(e) => return Ok(Err(e)),
    };
    verify(&value)?;
    let (_, memory) = alloc::measure(|| call().is_ok());
    let before = load_now();
    let mut timing = measure::measure(clocks, per_step, || call().is_ok());
    timing.first = first;
    timing.load = before.zip(load_now()).map(|(a, b)| (a + b) / 2.0);
    Ok(Ok((value, timing, memory)))
}

/// How many other tasks are runnable right now: the fourth field of `/proc/loadavg`
/// (`3/99`: runnable/all, this thread among the runnable); `None` where there is none.
fn load_now() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let running: f64 = text.split_whitespace().nth(3)?.split('/').next()?.parse().ok()?;
    Some((running - 1.0).max(0.0))
}

/// The machine, for baselines and the README: CPU model and core count, nothing that
/// names the computer or its owner.
pub fn machine() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info.lines().find(|l| l.starts_with("model name")).and_then(|l| l.split(':').nth(1));
    let cpu = model.map_or(std::env::consts::ARCH, str::trim);
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
    format!("{head}{}", if dirty { DIRTY } else { "" })
}

/// The line under a written table: which command measured it, where and on what, and,
/// when the tree had uncommitted changes, that the figures belong to no commit.
fn measured_note(command: &str, report: &Report, about: &str) -> String {
    let at = match report.commit.strip_suffix(DIRTY) {
        Some(head) => format!("{head} **with uncommitted changes** (regenerate at a clean commit)"),
        None => report.commit.clone(),
    };
    let date = aoc_timings::history::date_time(report.created);
    format!(
        "\n_Measured by `cargo xtask time {command}` at {at} on {}, {date} UTC: per call, batched; first call is the cold one; {about}._\n",
        report.machine
    )
}

/// Runs `cargo xtask time` on the days `ids` (`args`' paths absolute): [`Outcome::Failed`]
/// when a step failed or an answer disagrees with your accepted one.
pub fn command(root: &Path, ids: &[DayId], args: &TimeArgs, out: &mut dyn Write) -> Result<Outcome> {
    let progress = indicatif::ProgressBar::new(0);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} steps timed {msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let per_step = Duration::from_secs_f64(args.seconds.max(0.001));
    let rows = time_solutions(root, ids, args.input.as_deref(), &args.solution, per_step, &progress)?;
    progress.finish_and_clear();
    let created = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let clock = Clocks::best().name.to_string();
    let report = Report { machine: machine(), commit: commit(root), created, clock, rows };
    let base = args.baseline.as_deref().map(|name| store::load(root, name)).transpose()?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        write!(out, "{}", table(&report, base.as_ref(), Style::terminal(args.wide)))?;
    }
    // The defaults' answers (another solution's that differs is already its row's error),
    // and on your input only: accepted answers belong to it, never to another file.
    let defaults = report.rows.iter().filter(|r| r.solution.is_none() && args.input.is_none());
    let answered: Vec<_> = defaults.map(|r| (r.day.clone(), r.step.clone(), r.answer.clone())).collect();
    let wrong = crate::check::disagreements(root, &answered)?;
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
        let note = measured_note("--readme", &report, "`input` says which input each row timed");
        let style = Style { markdown: true, answers: args.with_answers, width: None };
        rewrite(&root.join("README.md"), report::README_START, &(table(&report, None, style) + &note))?;
        eprintln!("updated the timings table in README.md");
    }
    if let Some(path) = &args.doc {
        write_doc(path, ids, args, &report)?;
    }
    let failed = report.rows.iter().any(|r| r.fails) || !wrong.is_empty();
    Ok(if failed { Outcome::Failed } else { Outcome::Ok })
}

/// `--doc FILE`: the table, answers included (a doc times the example and generated
/// inputs, never yours), into FILE's timing markers for this input:
/// `<!-- timings:start example ... -->` without `--input`, `<!-- timings:start NAME ... -->`
/// with `--input .../NAME`, so one page keeps a table per input; the rest of the marker
/// line is free (the command that writes it, say).
fn write_doc(path: &Path, ids: &[DayId], args: &TimeArgs, report: &Report) -> Result<()> {
    let input = match &args.input {
        None => "example".to_string(),
        Some(file) => file.file_name().map_or("-".into(), |n| n.to_string_lossy().into_owned()),
    };
    let days: Vec<String> = ids.iter().map(ToString::to_string).collect();
    let given = if args.input.is_some() { format!(" --input {input}") } else { String::new() };
    let about = "`relative` is each solution's median against its part's default's";
    let note = measured_note(&format!("{}{given} --doc FILE", days.join(" ")), report, about);
    let style = Style { markdown: true, answers: true, width: None };
    rewrite(path, &format!("{} {input} ", report::DOC_START), &(table(report, None, style) + &note))?;
    eprintln!("updated the `{input}` timings table in {}", path.display());
    Ok(())
}

/// Replaces the timing table after the marker line starting with `start` in the Markdown
/// file at `path` with `table`.
fn rewrite(path: &Path, start: &str, table: &str) -> Result<()> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let marker = start.trim_end_matches("-->");
    let rewritten = report::rewrite_between(&text, start, table)
        .with_context(|| format!("cannot rewrite {} (its marker for this input: `{marker}...-->`)", path.display()))?;
    Ok(write_whole(path, rewritten.as_bytes(), Access::Shared)?)
}

#[cfg(test)]
pub(crate) mod tests;

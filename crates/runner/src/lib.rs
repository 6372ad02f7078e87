//! The runner: every command that needs the days (`run`, `check`, `time`, `answer`,
//! `example`), for whichever days it is given. The binary `aoc-days` (crate
//! `crates/aoc-days`) is this crate's [`main`] handed the year crates' day lists; it is kept
//! apart so that an edit of a day recompiles that day's year crate and a few lines that link
//! it, never this crate (the solving loop: docs/benchmarks.md). The xtask builds that binary
//! and hands it the user's words, which it parses with the same definition (crate
//! `aoc-commands`), so the xtask itself links no solution. It can also be run directly
//! (`target/release/aoc-days run 2016-11`); the workspace is then found from the current folder.

mod alloc;
mod check;
mod examples;
mod input;
mod registry;
mod run;
mod solutions;
#[cfg(test)]
#[path = "tests/testdays.rs"]
mod testdays;
mod time;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use aoc_commands::{Command, Days};
use aoc_workspace::DayId;

/// Counts what each step allocates (see `alloc`).
#[global_allocator]
static ALLOCATOR: alloc::Counting = alloc::Counting;

/// The days named, `all` and years standing for every implemented one (of that year; see
/// `aoc_commands::expand`); no days named means all of them. A workspace without any day,
/// or a year named without one, says how to add one, rather than doing nothing successfully.
fn selected(root: &Path, days: &[Days]) -> Result<Vec<DayId>> {
    let days = if days.is_empty() { &[Days::All][..] } else { days };
    let implemented: Vec<DayId> = registry::days().iter().map(|d| d.id).collect();
    // A year or `all` of a binary built with some days alone would skip the others quietly.
    // (A day named one by one gets its own message where it is solved; the sources are read
    // only for the others, so `run <day>` reads none.)
    let groups: Vec<Days> = days.iter().filter(|d| !matches!(d, Days::One(_))).copied().collect();
    let skipped =
        if groups.is_empty() { Vec::new() } else { aoc_commands::expand(&groups, &registry::not_built(root)) };
    anyhow::ensure!(
        skipped.is_empty(),
        "this build of aoc-days has {} alone, not {}: {}",
        registry::implemented(),
        skipped.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "),
        registry::BUILD_ALL
    );
    let add_one = "add one with `cargo xtask scaffold <year>-<day>`, e.g. 2015-1";
    anyhow::ensure!(!implemented.is_empty(), "no days yet: {add_one}");
    for year in days.iter().filter_map(|d| if let Days::Year(year) = d { Some(*year) } else { None }) {
        anyhow::ensure!(
            implemented.iter().any(|id| id.year == year),
            "no day of {year} is implemented (implemented: {}): {add_one}",
            registry::implemented()
        );
    }
    Ok(aoc_commands::expand(days, &implemented))
}

/// A path the user typed, relative to where they typed the command.
fn absolute(path: &Path) -> Result<PathBuf> {
    if path == Path::new("-") {
        return Ok(path.to_path_buf());
    }
    std::path::absolute(path).with_context(|| format!("bad path {}", path.display()))
}

/// The `main` of `aoc-days`: parses the process's words and runs the command on the days of
/// `years` (each year crate's `DAYS`).
pub fn main(years: &'static [&'static [aoc_workspace::Day]]) -> ExitCode {
    registry::link(years);
    aoc_commands::main(|cli| try_main(cli.command))
}

fn success_if(ok: bool) -> ExitCode {
    ExitCode::from(u8::from(!ok))
}

fn try_main(command: Command) -> Result<ExitCode> {
    let root = aoc_workspace::root::workspace_root()?;
    match command {
        Command::Run(args) if args.example => {
            let parts = args.parts();
            let mut ok = true;
            for id in selected(&root, &args.days)? {
                let Some(day) = registry::find(id) else {
                    eprintln!("error: {}", registry::why_missing(&root, id));
                    ok = false;
                    continue;
                };
                let tally =
                    examples::check_examples(&root, day, &parts, &args.solution, false, &mut std::io::stdout())?;
                ok &= tally.wrong == 0 && !tally.missing;
            }
            Ok(success_if(ok))
        }
        Command::Run(mut args) => {
            let days = selected(&root, &args.days)?;
            args.input = args.input.as_deref().map(absolute).transpose()?;
            let (outcome, shown) = run::run(&root, &days, &args, &mut std::io::stdout(), &mut std::io::stderr())?;
            // The xtask reads these lines and submits them (`run --submit`).
            for line in shown.iter().filter(|_| args.submit).filter_map(|(d, p, a)| aoc_workspace::to_submit(*d, *p, a))
            {
                println!("{line}");
            }
            Ok(success_if(outcome == run::Outcome::Ok))
        }
        Command::Time(args) if args.reads_saved_timings() || args.against.is_some() => {
            anyhow::bail!("--history, --compare and --against are the xtask's: `cargo xtask time ...`")
        }
        Command::Time(mut args) => {
            let days = selected(&root, &args.days)?;
            args.input = args.input.as_deref().map(absolute).transpose()?;
            args.doc = args.doc.as_deref().map(absolute).transpose()?;
            let outcome = time::command(&root, &days, &args, &mut std::io::stdout())?;
            Ok(success_if(outcome == run::Outcome::Ok))
        }
        Command::Check(args) => {
            let tally = check::check(&root, &selected(&root, &args.days)?, &args, &mut std::io::stdout())?;
            Ok(success_if(tally.mismatches == 0 && tally.failures == 0 && tally.examples_wrong == 0))
        }
        Command::Answer(aoc_commands::DayPart { day: id, part, solution }) => {
            let day = registry::find(id).with_context(|| registry::why_missing(&root, id))?;
            let input = input::resolve(&root, day, None)?;
            anyhow::ensure!(input.source != input::Source::Example, "{}", input::no_input_to_answer(&root, id));
            anyhow::ensure!(day.parts[part.index()].is_some(), "{id} has no part {part}");
            // The default, unless `--solution` names another.
            let chosen = if solution.name.is_some() { solution } else { aoc_commands::SolutionChoice::only_default() };
            let Some(one) = solutions::of(day, part, &chosen).into_iter().next() else {
                let names = solutions::unknown(day, &chosen);
                anyhow::bail!("{}", names.unwrap_or_else(|| format!("{id} part {part} has no solution of that name")))
            };
            let answer = solutions::solve_one(&one, &aoc_runner::ArcStr::from(input.text.as_str()))
                .map_err(|why| anyhow::anyhow!("{id} part {part}{}: {}", one.suffix(), why.message))?;
            println!("{answer}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Example(aoc_commands::OneDay { day }) => {
            let day = registry::find(day).with_context(|| registry::why_missing(&root, day))?;
            anyhow::ensure!(day.example.is_some(), "{}: {}", day.id, input::no_example_defined(&root, day.id));
            print!("{}", aoc_workspace::inputs::example_input(day));
            Ok(ExitCode::SUCCESS)
        }
        // list, fetch, submit, read, scaffold, today, remove.
        _ => {
            eprintln!(
                "error: this command is the xtask's: `cargo xtask {}`",
                std::env::args().nth(1).unwrap_or_default()
            );
            Ok(ExitCode::from(aoc_commands::USAGE))
        }
    }
}

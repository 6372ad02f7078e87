//! `aoc`: the binary that links every day. `cargo xtask run` and `cargo xtask time` build
//! it and call it with their arguments, so the xtask itself links no solution; it can also
//! be run directly (`target/release/aoc run 2016-11`).

mod alloc;
mod check;
mod input;
mod registry;
mod run;
mod time;
mod units;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use aoc_workspace::DayId;
use clap::{Parser, Subcommand};

/// Counts what each step allocates (in untimed calls only; see `alloc`).
#[global_allocator]
static ALLOCATOR: alloc::Counting = alloc::Counting;

#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask", about = "Run and time the workspace's Advent of Code days")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve days and print each part's answer, the time of its first call (parse and
    /// solve) and what it allocates.
    Run {
        /// `<year>-<day>` (e.g. 2016-11), several of them, or `all`.
        #[arg(required = true, value_name = "DAY|all")]
        days: Vec<String>,
        /// Run only this part (1 or 2).
        #[arg(short, long, value_name = "1|2", value_parser = clap::value_parser!(u8).range(1..=2))]
        part: Option<u8>,
        /// Read the input from this file (`-`: standard input) instead of
        /// inputs/<year>/day<N>.txt; one day only.
        #[arg(short, long, value_name = "FILE")]
        input: Option<PathBuf>,
        /// Show each part's optimal solution step by step, with search statistics.
        #[arg(long)]
        explain: bool,
    },
    /// Time each day's parser and parts (first call, then the warm median, min, max and
    /// spread per call, from batched samples), with peak heap and allocations; save,
    /// compare and follow baselines.
    Time {
        /// `<year>-<day>` days, or `all` (the default).
        #[arg(value_name = "DAY|all")]
        days: Vec<String>,
        /// Read the input from this file (`-`: standard input) instead of
        /// inputs/<year>/day<N>.txt; one day only.
        #[arg(short, long, value_name = "FILE")]
        input: Option<PathBuf>,
        /// Print the results as JSON.
        #[arg(long)]
        json: bool,
        /// Save the results as a named baseline (under target/xtask/baselines/).
        #[arg(long, value_name = "NAME")]
        save: Option<String>,
        /// Show each row's change against a saved baseline.
        #[arg(long, value_name = "NAME")]
        baseline: Option<String>,
        /// Compare two saved baselines without timing anything.
        #[arg(long, num_args = 2, value_names = ["OLD", "NEW"], conflicts_with_all = ["baseline", "save", "readme"])]
        compare: Option<Vec<String>>,
        /// Write the table into README.md between its timing markers.
        #[arg(long)]
        readme: bool,
        /// Seconds to spend timing each step.
        #[arg(long, default_value_t = 1.0)]
        seconds: f64,
        /// List every saved baseline in the order measured, with its commit and medians,
        /// instead of timing anything (the DAYs, if given, choose the columns).
        #[arg(long, conflicts_with_all = ["save", "baseline", "compare", "readme", "json", "input"])]
        history: bool,
        /// With --history: also draw each step's median over the baselines (log scale) as SVG.
        #[arg(long, value_name = "FILE.svg", requires = "history")]
        plot: Option<PathBuf>,
    },
    /// Check every day that has recorded answers (inputs/<year>/day<N>.answers.toml) against
    /// them: one line per part (match, mismatch, no recorded answer, no input), a summary,
    /// and a non-zero exit on any mismatch.
    Check {
        /// `<year>-<day>` days, or `all` (the default).
        #[arg(value_name = "DAY|all")]
        days: Vec<String>,
    },
    /// Print one part's answer on your own input and nothing else (what `submit` sends).
    Answer {
        /// `<year>-<day>`, e.g. 2016-11.
        day: DayId,
        /// The part: 1 or 2.
        #[arg(value_name = "1|2", value_parser = clap::value_parser!(u8).range(1..=2))]
        part: u8,
    },
    /// Print a day's bundled example (the one from the puzzle text), e.g. to try `cargo aoc`.
    Example {
        /// `<year>-<day>`, e.g. 2016-11.
        day: DayId,
    },
    /// List the implemented days, one per line.
    List,
}

/// Day ids, `all` standing for every implemented day; in the order given, each once. A day
/// named beside `all` that is not implemented stays in the list, so it is reported.
fn parse_days(words: &[String]) -> Result<Option<Vec<DayId>>> {
    let mut ids: Vec<DayId> = Vec::new();
    for word in words {
        let more: Vec<DayId> = if word == "all" {
            registry::days().iter().map(|d| d.id).collect()
        } else {
            vec![word.parse::<DayId>().map_err(anyhow::Error::msg)?]
        };
        for id in more {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    Ok(Some(ids))
}

/// A path the user typed, relative to where they typed the command.
fn absolute(path: &Path) -> Result<PathBuf> {
    if path == Path::new("-") {
        return Ok(path.to_path_buf());
    }
    std::path::absolute(path).with_context(|| format!("bad path {}", path.display()))
}

/// The workspace root: two folders above this crate.
fn project_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.ancestors().nth(2).map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

fn main() -> ExitCode {
    match try_main() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn try_main() -> Result<ExitCode> {
    let cli = Cli::parse();
    let root = project_root();
    match cli.command {
        Command::Run { days, part, input, explain } => {
            let input = input.map(|p| absolute(&p)).transpose()?;
            let args = run::RunArgs { days: parse_days(&days)?, part, input, explain };
            let outcome = run::run(&root, &args, &mut std::io::stdout(), &mut std::io::stderr())?;
            Ok(if outcome == run::Outcome::Ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        Command::Time { days, input, json, save, baseline, compare, readme, seconds, history, plot } => {
            let days = if days.is_empty() { None } else { parse_days(&days)? };
            let compare = compare.and_then(|names| Some((names.first()?.clone(), names.get(1)?.clone())));
            let input = input.map(|p| absolute(&p)).transpose()?;
            let plot = plot.map(|p| absolute(&p)).transpose()?;
            let args = time::TimeArgs { days, input, json, save, baseline, compare, readme, seconds, history, plot };
            time::command(&root, &args, &mut std::io::stdout())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { days } => {
            let days = if days.is_empty() { None } else { parse_days(&days)? };
            let tally = check::check(&root, days.as_deref(), &mut std::io::stdout())?;
            Ok(if tally.mismatches == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        Command::Answer { day: id, part } => {
            let day = registry::find(id)
                .with_context(|| format!("{id} is not implemented yet (implemented: {})", registry::implemented()))?;
            let input = input::resolve(&root, day, None)?;
            anyhow::ensure!(
                input.source != input::Source::Example,
                "{}",
                input::example_notice(&root, id)
                    .replace("so the puzzle's example is used", "and only your own input can be submitted")
            );
            match check::solve(day, &input.text)[usize::from(part - 1)].clone() {
                Some(Ok(answer)) => {
                    println!("{answer}");
                    Ok(ExitCode::SUCCESS)
                }
                Some(Err(why)) => anyhow::bail!("{id} part {part}: {why}"),
                None => anyhow::bail!("{id} has no part {part}"),
            }
        }
        Command::Example { day } => {
            let day = registry::find(day)
                .with_context(|| format!("{day} is not implemented yet (implemented: {})", registry::implemented()))?;
            print!("{}", day.example);
            Ok(ExitCode::SUCCESS)
        }
        Command::List => {
            for day in registry::days() {
                println!("{}", day.id);
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_beside_named_days_keeps_them_once() {
        let words = |ws: &[&str]| ws.iter().map(ToString::to_string).collect::<Vec<_>>();
        let ids = parse_days(&words(&["all", "2016-12", "2016-11"])).unwrap().unwrap();
        let shown: Vec<String> = ids.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["2016-11", "2021-23", "2016-12"], "2016-12 stays, to be reported as not implemented");
        assert!(parse_days(&words(&["all", "x"])).is_err());
    }
}

//! `aoc`: the binary that links every day. `cargo xtask run` and `cargo xtask time` build
//! it and call it with their arguments, so the xtask itself links no solution; it can also
//! be run directly (`target/release/aoc run 2016-11`).

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

#[derive(Parser)]
#[command(name = "cargo xtask", about = "Run and time the workspace's Advent of Code days")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve days and print each part's answer with its parse and solve time.
    Run {
        /// `<year>-<day>` (e.g. 2016-11), several of them, or `all`.
        #[arg(required = true, value_name = "DAY|all")]
        days: Vec<String>,
        /// Run only this part (1 or 2).
        #[arg(short, long, value_name = "1|2", value_parser = clap::value_parser!(u8).range(1..=2))]
        part: Option<u8>,
        /// Read the input from this file instead of inputs/<year>/day<N>.txt.
        #[arg(short, long, value_name = "FILE")]
        input: Option<PathBuf>,
        /// Show each part's optimal solution step by step, with search statistics.
        #[arg(long)]
        explain: bool,
    },
    /// Time each day's parser and parts (median, min, max, spread), compare with baselines.
    Time {
        /// `<year>-<day>` days, or `all` (the default).
        #[arg(value_name = "DAY|all")]
        days: Vec<String>,
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
    },
    /// Print a day's bundled example (the one from the puzzle text), e.g. to try `cargo aoc`.
    Example {
        /// `<year>-<day>`, e.g. 2016-11.
        day: DayId,
    },
    /// List the implemented days, one per line.
    List,
}

/// `all` or a list of day ids.
fn parse_days(words: &[String]) -> Result<Option<Vec<DayId>>> {
    if words.iter().any(|w| w == "all") {
        return Ok(None);
    }
    let ids = words.iter().map(|w| w.parse::<DayId>().map_err(anyhow::Error::msg)).collect::<Result<_>>()?;
    Ok(Some(ids))
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
            // A relative --input is relative to where the user typed the command.
            let input = input
                .map(|p| std::path::absolute(&p).with_context(|| format!("bad path {}", p.display())))
                .transpose()?;
            let args = run::RunArgs { days: parse_days(&days)?, part, input, explain };
            let outcome = run::run(&root, &args, &mut std::io::stdout(), &mut std::io::stderr())?;
            Ok(if outcome == run::Outcome::Ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        Command::Time { days, json, save, baseline, compare, readme, seconds } => {
            let days = if days.is_empty() { None } else { parse_days(&days)? };
            let compare = compare.and_then(|names| Some((names.first()?.clone(), names.get(1)?.clone())));
            let args = time::TimeArgs { days, json, save, baseline, compare, readme, seconds };
            time::command(&root, &args, &mut std::io::stdout())?;
            Ok(ExitCode::SUCCESS)
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

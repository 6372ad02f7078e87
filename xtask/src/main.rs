//! The workspace's own commands (`cargo xtask <command>`, see `.cargo/config.toml`).
//!
//! The xtask links no solution: `run`, `time` and `example` build the runner binary (crate
//! `runner`) and hand it their arguments, while `fetch` and `scaffold` work on files and
//! the network only, so they keep working while a day does not compile.

mod days;
mod fetch;
mod runner;
mod scaffold;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Result;
use aoc_workspace::DayId;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask", about = "Advent of Code workspace commands", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Arguments handed to the runner as they are (its own `--help` lists them).
#[derive(clap::Args)]
struct RunnerArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
    args: Vec<OsString>,
}

#[derive(Subcommand)]
enum Command {
    /// Solve days and print each part's answer with its parse and solve time
    /// (`cargo xtask run --help` for the options).
    #[command(disable_help_flag = true)]
    Run(RunnerArgs),
    /// Time each day's parser and parts, save and compare baselines
    /// (`cargo xtask time --help` for the options).
    #[command(disable_help_flag = true)]
    Time(RunnerArgs),
    /// Print a day's bundled example (the one from the puzzle text), e.g. to try `cargo aoc`.
    #[command(disable_help_flag = true)]
    Example(RunnerArgs),
    /// Download your puzzle input to inputs/<year>/day<N>.txt. Sends one GET request to
    /// adventofcode.com (or AOC_BASE_URL) with your session cookie (AOC_SESSION or
    /// ~/.adventofcode.session); nothing else is sent. A whole year fetches every
    /// implemented day of it.
    Fetch {
        /// `<year>-<day>` (e.g. 2016-11) or a year (e.g. 2016).
        #[arg(value_name = "DAY|YEAR")]
        target: String,
        /// Download again even if the file exists.
        #[arg(long)]
        force: bool,
    },
    /// Add a new day (and its year crate if needed), ready for run, time, cargo aoc and tests.
    Scaffold {
        /// `<year>-<day>`, e.g. 2016-12.
        day: DayId,
        /// Also download the day's input.
        #[arg(long)]
        fetch: bool,
    },
}

/// The workspace root: the xtask's parent directory.
fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
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
    let forward =
        |command: &str, args: RunnerArgs| runner::call(&root, runner::profile_for(command), command, &args.args);
    match cli.command {
        Command::Run(args) => forward("run", args),
        Command::Time(args) => forward("time", args),
        Command::Example(args) => forward("example", args),
        Command::Fetch { target, force } => {
            fetch::command(&root, &target, force)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Scaffold { day, fetch } => {
            let report = scaffold::scaffold(&root, day)?;
            for path in &report.created {
                println!("created {}", path.display());
            }
            for path in &report.edited {
                println!("edited  {}", path.display());
            }
            println!(
                "{day} is ready: write it in crates/aoc{}/src/day{}/, then `cargo xtask run {day}`",
                day.year, day.day
            );
            if fetch {
                fetch::command(&root, &day.to_string(), false)?;
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

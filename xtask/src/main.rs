//! The workspace's own commands (`cargo xtask <command>`, see `.cargo/config.toml`).
//!
//! The xtask links no solution: `run`, `time` and `example` build the runner binary (crate
//! `runner`) and hand it their arguments, while `fetch` and `scaffold` work on files and
//! the network only, so they keep working while a day does not compile.

mod days;
mod fetch;
mod page;
mod runner;
mod scaffold;
mod submit;
#[cfg(test)]
mod testsite;

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
    /// Solve days and print each part's answer, marked against your accepted answers
    /// (`cargo xtask run --help` for the options). With `--submit` (one day, your input):
    /// then submit the parts not yet accepted, part 1 first, as `submit` does (`--wait` too).
    #[command(disable_help_flag = true)]
    Run(RunnerArgs),
    /// Check every day that has recorded answers against them: one line per part, a
    /// summary, and a non-zero exit on any mismatch (`cargo xtask check --help`).
    #[command(disable_help_flag = true)]
    Check(RunnerArgs),
    /// Time each day's parser and parts, save and compare baselines
    /// (`cargo xtask time --help` for the options).
    #[command(disable_help_flag = true)]
    Time(RunnerArgs),
    /// Print a day's bundled example (the one from the puzzle text), e.g. to try `cargo aoc`.
    #[command(disable_help_flag = true)]
    Example(RunnerArgs),
    /// Download your puzzle input to inputs/<year>/day<N>.txt, and the puzzle page to
    /// inputs/<year>/day<N>.puzzle.html, recording the answers it shows for solved parts.
    /// Sends GET requests to adventofcode.com (or AOC_BASE_URL) with your session cookie
    /// (AOC_SESSION or ~/.adventofcode.session) and the User-Agent, at least 5 s apart;
    /// nothing else is sent. A whole year fetches every implemented day of it.
    Fetch {
        /// `<year>-<day>` (e.g. 2016-11) or a year (e.g. 2016).
        #[arg(value_name = "DAY|YEAR")]
        target: String,
        /// Download again even if the file exists.
        #[arg(long)]
        force: bool,
    },
    /// Submit an answer: solves the part on your input (or takes --answer) and sends one
    /// POST to adventofcode.com/<year>/day/<day>/answer (or AOC_BASE_URL) with the form
    /// fields `level` and `answer`, your session cookie and the User-Agent; nothing else.
    /// Answers that cannot be right (rejected before, outside a too-high/too-low bound,
    /// empty, for a solved part, part 2 first, puzzle locked) are refused without a request.
    /// The verdict is recorded in inputs/<year>/day<N>.answers.toml.
    Submit {
        /// `<year>-<day>`, e.g. 2016-11.
        day: DayId,
        /// The part: 1 or 2.
        #[arg(value_name = "1|2", value_parser = clap::value_parser!(u8).range(1..=2))]
        part: u8,
        /// Submit this answer instead of solving the part.
        #[arg(long, value_name = "ANSWER")]
        answer: Option<String>,
        /// When the site says you answered too recently, wait as long as it says (with a
        /// countdown) and try once more.
        #[arg(long)]
        wait: bool,
    },
    /// Print the puzzle text as terminal text (or Markdown), from the page cached under
    /// inputs/ by `fetch`; without a cached page, downloads it first (one GET request with
    /// your session cookie, as `fetch` does).
    Read {
        /// `<year>-<day>`, e.g. 2016-11.
        day: DayId,
        /// Markdown instead of terminal text.
        #[arg(long)]
        markdown: bool,
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

/// `run`, handed to the runner; with `--submit`, then the submissions.
fn run(root: &Path, args: RunnerArgs) -> Result<ExitCode> {
    let wants = |flag: &str| args.args.iter().any(|a| a == flag);
    let (submitting, wait) = (wants("--submit"), wants("--wait"));
    let rest: Vec<OsString> = args.args.into_iter().filter(|a| a != "--submit" && a != "--wait").collect();
    let code = runner::call(root, runner::profile_for("run"), "run", &rest)?;
    if !submitting {
        anyhow::ensure!(!wait, "--wait goes with --submit");
        return Ok(code);
    }
    let (day, parts) = submission_plan(&rest)?;
    let fetcher = fetch::Fetcher::from_environment(root)?;
    let answers = aoc_workspace::answers::Answers::load(&aoc_workspace::inputs::answers_path(root, day))?;
    let mut all_accepted = true;
    for part in parts {
        if let Some(accepted) = answers.accepted(part) {
            println!("{day} part {part}: already accepted (`{accepted}`), not submitted");
            continue;
        }
        let answer = runner::answer(root, day, part)?;
        let (mut out, mut log) = (std::io::stdout(), std::io::stderr());
        if submit::submit(&fetcher, root, (day, part), &answer, wait, &mut out, &mut log)? != submit::Outcome::Accepted
        {
            all_accepted = false;
            break; // part 2 waits for part 1
        }
    }
    Ok(if all_accepted { code } else { ExitCode::FAILURE })
}

/// The one day and its parts that `run --submit` may submit: your input only.
fn submission_plan(args: &[OsString]) -> Result<(DayId, Vec<u8>)> {
    let words: Vec<String> = args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    anyhow::ensure!(
        !words.iter().any(|w| w == "-i" || w.starts_with("--input") || w == "--explain"),
        "--submit sends the answers to your own input (inputs/<year>/day<N>.txt): drop --input and --explain"
    );
    let mut part = None;
    let mut days = Vec::new();
    let mut words = words.iter();
    while let Some(word) = words.next() {
        if word == "-p" || word == "--part" {
            part = words.next().and_then(|p| p.parse::<u8>().ok());
        } else if let Some(p) = word.strip_prefix("--part=") {
            part = p.parse().ok();
        } else if !word.starts_with('-') {
            days.push(word.parse::<DayId>().map_err(anyhow::Error::msg)?);
        }
    }
    let [day] = days[..] else {
        anyhow::bail!("--submit goes with exactly one day, e.g. `cargo xtask run 2016-11 --submit`")
    };
    Ok((day, part.map_or(vec![1, 2], |p| vec![p])))
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
        Command::Run(args) => run(&root, args),
        Command::Check(args) => forward("check", args),
        Command::Submit { day, part, answer, wait } => {
            let answer = match answer {
                Some(answer) => answer,
                None => runner::answer(&root, day, part)?,
            };
            let fetcher = fetch::Fetcher::from_environment(&root)?;
            let outcome = submit::submit(
                &fetcher,
                &root,
                (day, part),
                &answer,
                wait,
                &mut std::io::stdout(),
                &mut std::io::stderr(),
            )?;
            Ok(if outcome == submit::Outcome::Accepted { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }
        Command::Read { day, markdown } => {
            page::read_command(&root, day, markdown)?;
            Ok(ExitCode::SUCCESS)
        }
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

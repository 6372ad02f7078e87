//! The workspace's own commands (`cargo xtask <command>`, see `.cargo/config.toml`).
//!
//! Every command and flag is declared once, in crate `aoc-cli`: the words are parsed here,
//! so `--help` and usage errors answer before anything is built. The xtask links no
//! solution: the commands that need the days build the runner binary (crate `runner`) and
//! hand it the same words, which it parses with the same definition. `fetch`, `read`,
//! `submit --answer` and `scaffold` work on files and the network only, so they keep
//! working while a day does not compile.

mod days;
mod fetch;
mod page;
mod runner;
mod scaffold;
mod submit;
#[cfg(test)]
mod testsite;

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use aoc_cli::{Cli, Command, RunArgs, ScaffoldArgs, SubmitArgs};

fn main() -> ExitCode {
    let cli = aoc_cli::parse();
    match try_main(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn try_main(cli: Cli) -> Result<ExitCode> {
    let root = aoc_workspace::root::workspace_root()?;
    // The words after `cargo xtask`, handed to the runner as they are: it parses them with
    // the same definition.
    let words: Vec<_> = std::env::args_os().skip(1).collect();
    match cli.command {
        Command::Run(args) if args.submit => run_and_submit(&root, &args, &words),
        command if command.needs_the_days() => runner::call(&root, runner::Profile::for_command(&command), &words),
        Command::Submit(args) => submit(&root, args),
        Command::Read(args) => {
            page::read_command(&root, args.day, args.markdown)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Fetch(args) => {
            fetch::command(&root, args.target, args.force)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Scaffold(args) => scaffold(&root, args),
        Command::Run(_)
        | Command::Check(_)
        | Command::Time(_)
        | Command::Answer(_)
        | Command::Example(_)
        | Command::List => unreachable!("the runner's commands are handed on above"),
    }
}

/// `run --submit`: the runner solves and shows the parts once and hands back what it
/// showed; then each part not accepted yet is submitted, part 1 first.
fn run_and_submit(root: &Path, args: &RunArgs, words: &[std::ffi::OsString]) -> Result<ExitCode> {
    let Some(day) = args.submitted_day() else {
        anyhow::bail!("--submit goes with exactly one day") // checked by `aoc_cli::try_parse`
    };
    let (code, shown) = runner::call_for_answers(root, words)?;
    let fetcher = fetch::Fetcher::from_environment(root)?;
    let answers = aoc_workspace::answers::Answers::load(&aoc_workspace::inputs::answers_path(root, day))?;
    let mut all_accepted = true;
    for part in args.parts() {
        if let Some(accepted) = answers.accepted(part) {
            println!("{day} part {part}: already accepted (`{accepted}`), not submitted");
            continue;
        }
        let Some(answer) = shown.iter().find(|s| s.day == day && s.part == part) else {
            println!("{day} part {part}: no answer on your own input, not submitted");
            all_accepted = false;
            break;
        };
        let (mut out, mut log) = (std::io::stdout(), std::io::stderr());
        let outcome = submit::submit(&fetcher, root, (day, part), &answer.answer, args.wait, &mut out, &mut log)?;
        if outcome != submit::Outcome::Accepted {
            all_accepted = false;
            break; // part 2 waits for part 1
        }
    }
    Ok(if all_accepted { code } else { ExitCode::FAILURE })
}

fn submit(root: &Path, args: SubmitArgs) -> Result<ExitCode> {
    let answer = match args.answer {
        Some(answer) => answer,
        None => runner::answer(root, args.day, args.part)?,
    };
    let fetcher = fetch::Fetcher::from_environment(root)?;
    let (mut out, mut log) = (std::io::stdout(), std::io::stderr());
    let outcome = submit::submit(&fetcher, root, (args.day, args.part), &answer, args.wait, &mut out, &mut log)?;
    Ok(if outcome == submit::Outcome::Accepted { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn scaffold(root: &Path, args: ScaffoldArgs) -> Result<ExitCode> {
    let day = args.day;
    let report = scaffold::scaffold(root, day)?;
    for path in &report.created {
        println!("created {}", path.display());
    }
    for path in &report.edited {
        println!("edited  {}", path.display());
    }
    println!("{day} is ready: write it in crates/aoc{}/src/day{}/, then `cargo xtask run {day}`", day.year, day.day);
    if args.fetch {
        fetch::command(root, aoc_cli::FetchTarget::Day(day), false)?;
    }
    Ok(ExitCode::SUCCESS)
}

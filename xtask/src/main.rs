//! The workspace's own commands (`cargo xtask <command>`, see `.cargo/config.toml`).
//!
//! Every command and flag is declared once, in crate `aoc-commands`: the words are parsed here,
//! so `--help` and usage errors answer before anything is built. The xtask links neither a
//! solution nor an HTTP stack (module `binaries`): the commands that need the days are
//! handed to the binary `aoc-days`, the site commands to the site client, each with the same
//! words, which it parses with the same definition. `scaffold`, `remove`, `list` (read from the
//! sources by `aoc_workspace::sources::implemented_days`), `time --history` / `--compare` (saved
//! baselines, crate `aoc_timings`) and `time --against` (two builds of `aoc-days`, module `against`) are
//! the xtask's own.

mod against;
mod binaries;
mod checkout;
mod manifest;
mod readme;
mod remove;
mod scaffold;
#[cfg(test)]
mod tests;
mod watch;

use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use aoc_commands::{Cli, Command, RemoveArgs, ScaffoldArgs, TodayArgs};
use aoc_workspace::sources::implemented_days;
use aoc_workspace::terminal_safe;
use aoc_workspace::Part;
use binaries::Profile;

fn main() -> ExitCode {
    aoc_commands::main(try_main)
}

fn try_main(cli: Cli) -> Result<ExitCode> {
    let root = aoc_workspace::root::workspace_root()?;
    // The words after `cargo xtask`, handed on as they are: each binary parses them with
    // the same definition.
    let words: Vec<OsString> = std::env::args_os().skip(1).collect();
    // A day named but not scaffolded is told before anything is built.
    let implemented = implemented_days(&root);
    if let Some(&missing) = cli.command.each_day_named().iter().find(|id| !implemented.contains(id)) {
        let scaffold = aoc_workspace::when::check_event_year(missing.year).is_ok();
        let hint = if scaffold { format!(": `cargo xtask scaffold {missing}` adds it") } else { String::new() };
        bail!("{missing} is not implemented yet{hint}");
    }
    // The days the command names one by one: `aoc-days` is built with those alone.
    let named = cli.command.days_named();
    match cli.command {
        Command::Run(args) if args.watch => {
            watch::watch(&root, &named, args.input.as_deref(), &words)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Run(args) if args.submit => {
            let (ran, shown) = binaries::call_for_answers(&root, &named, &words)?;
            let submitted = submit_shown(&root, &args, &shown)?;
            Ok(if ran == ExitCode::SUCCESS { submitted } else { ran })
        }
        Command::Time(args) if args.against.is_some() => against::against(&root, &args),
        command if command.needs_the_days() => binaries::call(&root, Profile::for_command(&command), &named, &words),
        // `--history` and `--compare` read the saved baselines: no build of the days.
        Command::Time(args) => {
            let mut out = std::io::stdout();
            match args.compare.as_deref() {
                Some([old, new]) => aoc_timings::print_comparison(&root, old, new, args.wide, &mut out)?,
                _ => {
                    let days = args.named_days(&implemented);
                    aoc_timings::print_history(&root, days.as_deref(), args.plot.as_deref(), &mut out)?
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Submit(args) if args.answer.is_none() => {
            let answer = binaries::answer(&root, args.day, args.part, args.solution.name.as_deref())?;
            binaries::call_site(&root, &[words, vec![format!("--answer={answer}").into()]].concat())
        }
        Command::Scaffold(args) => scaffold(&root, &args, &words),
        Command::Today(args) => today(&root, &args),
        Command::Remove(args) => remove(&root, &args),
        Command::List => {
            for id in implemented {
                println!("{id}");
            }
            Ok(ExitCode::SUCCESS)
        }
        // fetch, read, submit --answer; a page fetched names its puzzle in the README.
        command => {
            let code = binaries::call_site(&root, &words)?;
            if matches!(command, Command::Fetch(_)) {
                refresh_readme(&root);
            }
            Ok(code)
        }
    }
}

fn scaffold(root: &Path, args: &ScaffoldArgs, words: &[OsString]) -> Result<ExitCode> {
    let day = args.day;
    if let Err(e) = aoc_workspace::when::check_event_year(day.year) {
        return Ok(usage_error(&e));
    }
    print_scaffolded(day, &scaffold::scaffold(root, day)?);
    if args.fetch {
        // The site client reads `scaffold DAY --fetch` as "fetch DAY".
        let code = binaries::call_site(root, words)?;
        refresh_readme(root);
        return Ok(code);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_scaffolded(day: aoc_workspace::DayId, report: &scaffold::Report) {
    print_paths("created", &report.created);
    print_paths("edited", &report.edited);
    println!("{day} is ready: write it in crates/aoc{}/src/day{}/, then `cargo xtask run {day}`", day.year, day.day);
}

/// `today`: the puzzle of the day (or the one named), scaffolded here if it is not yet,
/// then handed to the site client by name, which waits for the unlock, downloads what is
/// missing and prints the puzzle. Before a far unlock, or with `--no-wait`, nothing is
/// scaffolded: the site client says when it unlocks.
///
/// A clock (`AOC_NOW`) or a `--year` outside the years the site has, or a day it does not
/// have, is a usage error (exit 2, one line) before anything is created.
fn today(root: &Path, args: &TodayArgs) -> Result<ExitCode> {
    use aoc_workspace::when;
    let now = match when::now() {
        Ok(now) => now,
        Err(e) => return Ok(usage_error(&e)),
    };
    let id = match args.named() {
        Some(Ok(id)) => id,
        Some(Err(e)) => return Ok(usage_error(&e)),
        None => match when::todays_puzzle(now) {
            Ok(id) => id,
            Err(next) => {
                println!("{next}");
                return Ok(ExitCode::SUCCESS);
            }
        },
    };
    if let Err(e) = when::check_event_year(id.year) {
        return Ok(usage_error(&e));
    }
    let only_says_when = when::until_unlock(id, now).is_some_and(|wait| args.no_wait || wait > when::NEAR);
    let scaffolded = implemented_days(root).contains(&id);
    if !only_says_when && !scaffolded {
        match scaffold::scaffold_unless_raced(root, id)? {
            Some(report) => print_scaffolded(id, &report),
            None => println!("{id}: scaffolded by another command meanwhile"),
        }
    }
    let mut words: Vec<OsString> =
        ["today", "--year", &id.year.to_string(), "--day", &id.day.to_string()].map(OsString::from).into();
    if only_says_when {
        words.push("--no-wait".into()); // the site client says when, and waits only if told to
    }
    let code = binaries::call_site(root, &words)?;
    refresh_readme(root);
    Ok(code)
}

/// The README's days table after a fetch: a page saved names its puzzle there. The fetch
/// succeeded whatever the README holds, so a marker out of place is only a note.
fn refresh_readme(root: &Path) {
    match readme::refresh_file(root) {
        Ok(true) => println!("edited  README.md"),
        Ok(false) => {}
        Err(e) => eprintln!("note: the README's days table is as it was: {e:#}"),
    }
}

/// A usage error found after parsing: `error: …` on one line, exit 2.
fn usage_error(message: &str) -> ExitCode {
    eprintln!("{}", aoc_commands::error_line(&message));
    ExitCode::from(aoc_commands::USAGE)
}

fn remove(root: &Path, args: &RemoveArgs) -> Result<ExitCode> {
    let report = remove::remove(root, &args.targets, args.force)?;
    print_paths("deleted", &report.deleted);
    print_paths("edited", &report.edited);
    if lock_file_updated(root) {
        println!("edited  Cargo.lock");
    }
    for (path, name) in &report.still_naming {
        println!("note: {} still names `{name}`: edit it by hand", path.display());
    }
    println!("inputs/, your answers and timings/ are kept");
    Ok(ExitCode::SUCCESS)
}

/// One line a file, `created crates/aoc2015/src/lib.rs`, the paths aligned.
fn print_paths(verb: &str, paths: &[std::path::PathBuf]) {
    for path in paths {
        println!("{verb:<7} {}", path.display());
    }
}

/// Brings `Cargo.lock` in line with the manifests (without the removed crates), offline:
/// whether it changed. Best effort: the next cargo command would do it anyway.
fn lock_file_updated(root: &Path) -> bool {
    let lock = root.join("Cargo.lock");
    let before = std::fs::read(&lock).ok();
    let _ = std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["metadata", "--offline", "--format-version", "1"])
        .current_dir(root)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
    before.is_some() && std::fs::read(&lock).ok() != before
}

/// `run --submit`, after the runner ran: each part it showed that is not accepted yet, part
/// 1 first, through the site client's `submit`; a part that is not accepted stops the rest
/// (part 2 waits for part 1).
fn submit_shown(root: &Path, args: &aoc_commands::RunArgs, shown: &[(Part, String)]) -> Result<ExitCode> {
    let Some(day) = args.submitted_day() else {
        anyhow::bail!("--submit goes with exactly one day") // checked by `aoc_commands::try_parse`
    };
    let answers = aoc_workspace::answers::Answers::load(&aoc_workspace::inputs::answers_path(root, day))?;
    for part in args.parts() {
        if let Some(accepted) = answers.accepted(part) {
            println!("{day} part {part}: already accepted (`{}`), not submitted", terminal_safe(accepted));
            continue;
        }
        let Some((_, answer)) = shown.iter().find(|(p, _)| *p == part) else {
            println!("{day} part {part}: no answer on your own input, not submitted");
            return Ok(ExitCode::FAILURE);
        };
        let mut words: Vec<OsString> =
            ["submit".into(), day.to_string(), part.to_string(), format!("--answer={answer}")].map(Into::into).into();
        words.extend(args.wait.then(|| "--wait".into()).into_iter().chain(args.force.then(|| "--force".into())));
        if binaries::call_site(root, &words)? != ExitCode::SUCCESS {
            return Ok(ExitCode::FAILURE);
        }
    }
    Ok(ExitCode::SUCCESS)
}

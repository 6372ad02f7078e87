//! `aoc-site`: the Advent of Code site client behind `cargo xtask fetch`, `read`, `submit`,
//! the submits of `run --submit`, `scaffold --fetch` and the site's half of `today`.
//!
//! A binary of its own, built the first time a site command runs: the xtask stays light,
//! so the first answer of a fresh clone never waits for an HTTP and TLS stack to compile.
//! It parses the user's words with the workspace's one command-line definition (crate
//! `aoc-commands`). Answers that need the days to be solved (`submit` without `--answer`,
//! `run --submit`) are solved by the runner first and given here by the xtask as
//! `submit <day> <part> --answer=<answer>`; this binary links no solution.
//!
//! Modules, each using only those listed before it (no cycles):
//! `token` (the session cookie), `lock` (one site command at a time), `html` (tokens and
//! entities); `client` (every request, and the clock); `render` (a page as text or
//! Markdown), `example` (the examples a page gives, and their answers), `fill` (them into a
//! new day's examples.txt), `page` (the cached page and the answers it shows); `fetch`,
//! `submit` and `today` (the commands). Tests only: `testsite` (`tests/common/site.rs`,
//! the stand-in site every test talks to, the example `fake_site` included) and
//! `tests::hostile` (pages no site should send).

mod client;
mod example;
mod fetch;
mod fill;
mod html;
mod lock;
mod page;
mod render;
mod submit;
#[cfg(test)]
#[path = "../tests/common/site.rs"]
mod testsite;
#[cfg(test)]
mod tests {
    mod hostile;
}
mod today;
mod token;

use std::process::ExitCode;

use anyhow::Result;
use aoc_commands::{Command, DayOrYear};

/// Every text that came from the site (a page, a verdict, an answer it recorded, an error
/// body) reaches the terminal through `aoc_workspace::terminal_safe`: the messages
/// that quote it escape it, and `aoc_commands::main` escapes every error.
fn main() -> ExitCode {
    aoc_commands::main(|cli| try_main(cli.command))
}

fn try_main(command: Command) -> Result<ExitCode> {
    let root = aoc_workspace::root::workspace_root()?;
    let (mut out, mut log) = (std::io::stdout(), std::io::stderr());
    match command {
        Command::Fetch(args) => fetch::command(&root, args.target, args.force)?,
        Command::Read(args) => {
            page::read(&root, args.day, args.markdown, || client::Fetcher::from_environment(&root), &mut out, &mut log)?
        }
        // `submit` is given its answer: `cargo xtask` solves one first when none is given,
        // and gives each of `run --submit`'s this way.
        Command::Submit(args) => {
            let fetcher = client::Fetcher::from_environment(&root)?;
            if !submit::submit(&fetcher, &root, &args, &mut out, &mut log)? {
                return Ok(ExitCode::FAILURE);
            }
        }
        Command::Today(args) => {
            // `cargo xtask today` decides which puzzle is today's and names it here.
            let Some(id) = args.named() else { anyhow::bail!("run `cargo xtask today`: it names the day") };
            today::today(&root, id.map_err(anyhow::Error::msg)?, args.no_wait, &mut out, &mut log)?
        }
        Command::Scaffold(args) if args.fetch => fetch::command(&root, DayOrYear::Day(args.day), false)?,
        _ => {
            eprintln!("error: not a site command: use `cargo xtask`");
            return Ok(ExitCode::from(aoc_commands::USAGE));
        }
    }
    Ok(ExitCode::SUCCESS)
}

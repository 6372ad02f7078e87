//! The workspace's command line, declared once.
//!
//! Every command and flag of `cargo xtask` is declared here (clap derive). The xtask parses
//! the user's words with it, so `--help` and every usage error answer at once, before
//! anything is built. The commands that need the days (`run`, `check`, `time`, `answer`,
//! `example`) are then handed to the binary `aoc-days`, which parses the same words with
//! this same definition: no flag is ever read a second way by hand.
//!
//! Exit codes, one rule for every command ([`EXIT_CODES`]): 0 when everything asked for
//! succeeded, 1 when a day failed (or the site or a file did), 2 for a usage error, found
//! before any work.

#![warn(missing_docs)]
// The doc comments of the argument types are the commands' `--help` text, where `<year>` is a
// placeholder the reader types, not an HTML tag.
#![allow(rustdoc::invalid_html_tags)]

use std::path::PathBuf;
use std::str::FromStr;

use aoc_workspace::{DayId, Part};
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

/// The exit-code rule, shown in `--help`.
pub const EXIT_CODES: &str = "Exit codes: 0 everything asked for succeeded; 1 a day failed (bad input, a part
not solved yet, an answer that disagrees with your accepted one, a day not implemented)
or the site or a file did; 2 a usage error, reported before any work.";

/// A usage error's exit code (clap's own).
pub const USAGE: u8 = 2;

/// `cargo xtask`: the Advent of Code workspace's commands.
#[derive(Parser, Debug, Clone, PartialEq)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    about = "Advent of Code workspace commands",
    version,
    after_help = EXIT_CODES
)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// One command.
#[derive(Subcommand, Debug, Clone, PartialEq)]
pub enum Command {
    /// Solve days: each part's answer, the time of its first call, what it allocates
    ///
    /// Each answer is marked against your accepted one (inputs/<year>/day<N>.answers.toml).
    /// With `--submit`: then submit the parts it ran and showed that are not accepted yet,
    /// part 1 first.
    Run(RunArgs),
    /// Check days against your recorded answers
    ///
    /// Solves each day on your input: one line per part (inputs/<year>/day<N>.answers.toml
    /// holds the accepted answers), a summary, and exit 1 on any mismatch or failure.
    Check(CheckArgs),
    /// Time each day's parser and parts; save, compare and follow baselines
    ///
    /// The first call, then the warm median, min, max and spread per call from batched
    /// samples, with peak heap and allocations.
    Time(TimeArgs),
    /// Print one part's answer on your own input and nothing else (what `submit` sends)
    Answer(DayPart),
    /// Print a day's example from the puzzle text (e.g. to try `cargo aoc`)
    Example(OneDay),
    /// List the implemented days, one per line
    List,
    /// Download your puzzle input and the puzzle page
    ///
    /// The input goes to inputs/<year>/day<N>.txt, the puzzle page to
    /// inputs/<year>/day<N>.puzzle.html, recording the answers it shows for solved parts.
    /// Sends GET requests to adventofcode.com (or AOC_BASE_URL) with your session cookie
    /// (AOC_SESSION, ADVENT_OF_CODE_SESSION, ~/.adventofcode.session,
    /// ~/.config/adventofcode.session or ~/.config/aocd/token) and the User-Agent, at least
    /// 5 s apart; nothing else is sent. A failing GET (5xx, timeout) is tried once more. A
    /// whole year fetches every implemented day of it.
    Fetch(FetchArgs),
    /// Submit an answer, once: answers that cannot be right are refused without a request
    ///
    /// Solves the part on your input (or takes --answer) and sends one
    /// POST to adventofcode.com/<year>/day/<day>/answer (or AOC_BASE_URL) with the form
    /// fields `level` and `answer`, your session cookie and the User-Agent; nothing else.
    /// Answers that cannot be right (rejected before, outside a too-high/too-low bound,
    /// empty, for a solved part, part 2 first, puzzle locked) are refused without a request.
    /// The verdict is recorded in inputs/<year>/day<N>.answers.toml.
    Submit(SubmitArgs),
    /// Print the puzzle text, as terminal text or Markdown
    ///
    /// Reads the page cached under
    /// inputs/ by `fetch`; without a cached page, downloads it first (one GET request with
    /// your session cookie, as `fetch` does).
    Read(ReadArgs),
    /// Add a new day (and its year crate if needed)
    ///
    /// Ready at once for run, time, cargo aoc, cargo test and cargo bench.
    Scaffold(ScaffoldArgs),
    /// Start today's puzzle: scaffold it, wait for its unlock, fetch it, fill its example
    ///
    /// Today's puzzle is the one of the current day at UTC-5 (25 a year until 2024, 12 from
    /// 2025), or the next one when it unlocks within the hour: `today` then counts down on one
    /// line and sleeps, sending nothing before the unlock (Ctrl-C stops it cleanly). Then, for
    /// whatever is still missing: scaffold the day, download the input and the page (GET
    /// requests, as `fetch` sends them), write the page's example and expected answers into
    /// the new day's examples.txt, and print the puzzle. Running it again does only what is
    /// still missing: no second request. Outside the season it says when the next puzzle
    /// unlocks. The clock can be set for tests: AOC_NOW=2026-12-01T04:59:00Z (RFC 3339).
    Today(TodayArgs),
    /// Remove days or whole years: the inverse of `scaffold`
    ///
    /// Deletes each day's module and its `mod` line; a year named, or whose last day goes
    /// with nothing else of yours left in its crate, is removed with its crate, the crates
    /// named `aoc<year>-*`, and every line elsewhere that names them (dependencies,
    /// benchmarks, the workspace's `exclude` and profiles). To start your own Advent of Code,
    /// remove the days the template ships (`cargo xtask list` names them).
    /// Never deletes inputs/, answers or timings/. Refuses, deleting nothing, when a file it
    /// would delete or edit has changes git does not hold (--force: remove anyway).
    Remove(RemoveArgs),
}

/// Days as typed: `2015-1`, a year (`2015`: its implemented days), or `all` for every
/// implemented day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Days {
    /// Every implemented day.
    All,
    /// Every implemented day of a year.
    Year(u16),
    /// One day.
    One(DayId),
}

impl FromStr for Days {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "all" {
            return Ok(Days::All);
        }
        if s.contains('-') {
            return s.parse().map(Days::One);
        }
        year(s).map(Days::Year)
    }
}

/// A year as typed (`2015`), checked as a day's year is.
fn year(text: &str) -> Result<u16, String> {
    match text.parse::<u16>() {
        // The day parser's checks (and messages) for the year.
        Ok(year) => format!("{year}-1").parse::<DayId>().map(|_| year),
        Err(_) => Err(format!("`{text}` is neither a day nor a year: write 2015-1 or 2015")),
    }
}

/// `all` and years standing for every day of `implemented` (of that year), in the order
/// given, each once. A day named that is not implemented stays in the list, so that it is
/// reported.
pub fn expand(days: &[Days], implemented: &[DayId]) -> Vec<DayId> {
    let mut ids: Vec<DayId> = Vec::new();
    for days in days {
        let more = match days {
            Days::All => implemented.to_vec(),
            Days::Year(year) => implemented.iter().copied().filter(|id| id.year == *year).collect(),
            Days::One(id) => vec![*id],
        };
        for id in more {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

/// The one day a list of [`Days`] names, if it names exactly one (`all` never does).
fn single_day(days: &[Days]) -> Option<DayId> {
    match days {
        [Days::One(id)] => Some(*id),
        _ => None,
    }
}

/// `--solution NAME`: which of a part's solutions to use, declared once for every command
/// that solves. Without it, `run`, `check` and `time` take every solution (the default, the
/// unnamed one, first) and `answer` and `submit` the default.
#[derive(Args, Debug, Clone, Default, PartialEq, Eq)]
pub struct SolutionChoice {
    /// Only this solution of each part: a name from `#[aoc(dayN, partM, NAME)]`, or
    /// `default` for the unnamed one. A part without it is skipped (`answer`, `submit`:
    /// an error).
    #[arg(long = "solution", value_name = "NAME")]
    pub name: Option<String>,
}

impl SolutionChoice {
    /// The name `default` stands for a part's default solution.
    pub const DEFAULT: &'static str = "default";

    /// The default solution alone (what `answer` and `submit` take unless told).
    pub fn only_default() -> SolutionChoice {
        SolutionChoice { name: Some(Self::DEFAULT.to_string()) }
    }

    /// Whether the solution `name` (`None`: the default) is chosen. Names match as users
    /// type them, in any case (`ÑANDÚ` is `ñandú`), as aoc-runner tells them apart.
    pub fn includes(&self, name: Option<&str>) -> bool {
        let chosen = |wanted: &str| self.name.as_ref().is_none_or(|c| c.to_lowercase() == wanted.to_lowercase());
        chosen(name.unwrap_or(Self::DEFAULT))
    }
}

/// `run`'s words.
#[derive(Args, Debug, Clone, PartialEq)]
#[command(after_help = EXIT_CODES)]
pub struct RunArgs {
    /// `<year>-<day>` (e.g. 2015-1), several of them, a year (its days), or `all`.
    #[arg(required = true, value_name = "DAY|YEAR|all")]
    pub days: Vec<Days>,
    /// Run only this part (1 or 2).
    #[arg(short, long, value_name = "1|2")]
    pub part: Option<Part>,
    /// Read the input from this file (`-`: standard input) instead of
    /// inputs/<year>/day<N>.txt; one day only.
    #[arg(short, long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Show each part's optimal solution step by step, with search statistics.
    #[arg(long, conflicts_with = "submit")]
    pub explain: bool,
    /// Run on the puzzle's examples instead of your input, each part marked against the
    /// answer the puzzle gives for it (the day's examples.txt or `EXAMPLE`).
    #[arg(long, conflicts_with_all = ["input", "submit", "explain"])]
    pub example: bool,
    /// Then submit the parts shown (one day, your own input), as `submit` does.
    #[arg(long, conflicts_with = "input")]
    pub submit: bool,
    /// Run again after each save of the workspace's sources, manifests, inputs or examples,
    /// until Ctrl-C (a compile error is shown, and the watch goes on).
    #[arg(long, conflicts_with_all = ["submit", "explain"])]
    pub watch: bool,
    /// With --submit: when the site says you answered too recently, wait as long as it
    /// says and try once more.
    #[arg(long, requires = "submit")]
    pub wait: bool,
    /// With --submit: send an answer again whose verdict never arrived.
    #[arg(long, requires = "submit")]
    pub force: bool,
    /// Which solutions (with --submit: the one whose answers are sent).
    #[command(flatten)]
    pub solution: SolutionChoice,
}

impl RunArgs {
    /// The parts this run shows (and with `--submit`, submits).
    pub fn parts(&self) -> Vec<Part> {
        self.part.map_or(Part::BOTH.to_vec(), |p| vec![p])
    }

    /// The day `--submit` submits for.
    pub fn submitted_day(&self) -> Option<DayId> {
        single_day(&self.days)
    }
}

impl TimeArgs {
    /// Whether only saved baselines are read (`--history`, `--compare`): nothing is timed.
    pub fn reads_saved_timings(&self) -> bool {
        self.history || self.compare.is_some()
    }

    /// The days `--history` shows, when named (`all` or none: every day); a year stands for
    /// its days in `implemented`.
    pub fn named_days(&self, implemented: &[DayId]) -> Option<Vec<String>> {
        if self.days.is_empty() || self.days.contains(&Days::All) {
            return None;
        }
        Some(expand(&self.days, implemented).iter().map(DayId::to_string).collect())
    }
}

/// `check`'s words.
#[derive(Args, Debug, Clone, PartialEq)]
#[command(after_help = EXIT_CODES)]
pub struct CheckArgs {
    /// `<year>-<day>` days, years (their days), or `all` (the default).
    #[arg(value_name = "DAY|YEAR|all")]
    pub days: Vec<Days>,
    /// Which solutions.
    #[command(flatten)]
    pub solution: SolutionChoice,
}

/// `time`'s words.
#[derive(Args, Debug, Clone, PartialEq)]
#[command(after_help = EXIT_CODES)]
pub struct TimeArgs {
    /// `<year>-<day>` days, years (their days), or `all` (the default).
    #[arg(value_name = "DAY|YEAR|all")]
    pub days: Vec<Days>,
    /// Read the input from this file (`-`: standard input) instead of
    /// inputs/<year>/day<N>.txt; one day only.
    #[arg(short, long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Print the results as JSON.
    #[arg(long)]
    pub json: bool,
    /// Save the results as a named baseline in timings/<NAME>.json (times, memory, which
    /// input by a hash, commit, CPU; never answers).
    #[arg(long, value_name = "NAME")]
    pub save: Option<String>,
    /// Show each row's change against a saved baseline.
    #[arg(long, value_name = "NAME")]
    pub baseline: Option<String>,
    /// Compare two saved baselines without timing anything.
    #[arg(long, num_args = 2, value_names = ["OLD", "NEW"], conflicts_with_all = ["baseline", "save", "readme"])]
    pub compare: Option<Vec<String>>,
    /// Is this tree faster? Time it (uncommitted changes included) against a build of the
    /// revision REV (e.g. HEAD), both in one session, alternating, each step judged on the
    /// paired rounds.
    #[arg(long, value_name = "REV", conflicts_with_all = ["save", "baseline", "compare", "readme", "json", "history", "doc"])]
    pub against: Option<String>,
    /// Write the table into README.md between its timing markers: times and which input,
    /// not your answers.
    #[arg(long)]
    pub readme: bool,
    /// With --readme: show your answers in the table too.
    #[arg(long, requires = "readme")]
    pub with_answers: bool,
    /// Seconds to spend timing each step.
    #[arg(long, default_value_t = 1.0, value_parser = seconds)]
    pub seconds: f64,
    /// List every saved baseline in the order measured, with its commit and fastest times,
    /// instead of timing anything (the DAYs, if given, choose the columns).
    #[arg(long, conflicts_with_all = ["save", "baseline", "compare", "readme", "json", "input"])]
    pub history: bool,
    /// With --history: also draw each step's median over the baselines (log scale) as SVG.
    #[arg(long, value_name = "FILE.svg", requires = "history")]
    pub plot: Option<PathBuf>,
    /// Write the table into this Markdown file between its timing markers, as --readme
    /// does for README.md (e.g. a day's page in docs/, comparing its solutions).
    #[arg(long, value_name = "FILE.md", conflicts_with_all = ["compare", "history"])]
    pub doc: Option<PathBuf>,
    /// Show every column (input, p10, max, spread, wall-clock median, samples, ...), however
    /// wide; without it, tables fit the terminal (`COLUMNS`, else 100 columns).
    #[arg(long)]
    pub wide: bool,
    /// Which solutions.
    #[command(flatten)]
    pub solution: SolutionChoice,
}

/// A time budget: a finite number of seconds, zero or more.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s >= 0.0 => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds (e.g. 0.5)")),
    }
}

/// One day.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct OneDay {
    /// `<year>-<day>`, e.g. 2015-1.
    pub day: DayId,
}

/// One day and part.
#[derive(Args, Debug, Clone, PartialEq)]
#[command(after_help = EXIT_CODES)]
pub struct DayPart {
    /// `<year>-<day>`, e.g. 2015-1.
    pub day: DayId,
    /// The part: 1 or 2.
    #[arg(value_name = "1|2")]
    pub part: Part,
    /// Which solution (the default unless named).
    #[command(flatten)]
    pub solution: SolutionChoice,
}

/// `fetch`'s words.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct FetchArgs {
    /// `<year>-<day>` (e.g. 2015-1) or a year (e.g. 2015).
    #[arg(value_name = "DAY|YEAR")]
    pub target: DayOrYear,
    /// Download again even if the file exists.
    #[arg(long)]
    pub force: bool,
}

/// A day (`2015-1`) or a whole year (`2015`): what `fetch` downloads and `remove` removes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayOrYear {
    /// One day.
    Day(DayId),
    /// A year: every implemented day of it (`remove`: with its crate).
    Year(u16),
}

impl FromStr for DayOrYear {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.contains('-') {
            return s.parse().map(DayOrYear::Day);
        }
        year(s).map(DayOrYear::Year)
    }
}

/// `submit`'s words.
#[derive(Args, Debug, Clone, PartialEq)]
#[command(after_help = EXIT_CODES)]
pub struct SubmitArgs {
    /// `<year>-<day>`, e.g. 2015-1.
    pub day: DayId,
    /// The part: 1 or 2.
    #[arg(value_name = "1|2")]
    pub part: Part,
    /// Submit this answer instead of solving the part (a negative number too: `--answer -60`).
    #[arg(long, value_name = "ANSWER", allow_negative_numbers = true)]
    pub answer: Option<String>,
    /// When the site says you answered too recently, wait as long as it says (with a
    /// countdown) and try once more.
    #[arg(long)]
    pub wait: bool,
    /// Send an answer again whose verdict never arrived (an interrupted submit); the
    /// other refusals stand.
    #[arg(long)]
    pub force: bool,
    /// Which solution solves the part (the default unless named).
    #[command(flatten)]
    pub solution: SolutionChoice,
}

/// `read`'s words.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct ReadArgs {
    /// `<year>-<day>`, e.g. 2015-1.
    pub day: DayId,
    /// Markdown instead of terminal text.
    #[arg(long)]
    pub markdown: bool,
}

/// `today`'s words.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct TodayArgs {
    /// Another puzzle's year (with --day), e.g. to catch up.
    #[arg(long, requires = "day", value_name = "YEAR")]
    pub year: Option<u16>,
    /// Another puzzle's day (with --year).
    #[arg(long, requires = "year", value_name = "DAY")]
    pub day: Option<u8>,
    /// Do not wait for the unlock: say when it is, and stop.
    #[arg(long)]
    pub no_wait: bool,
}

impl TodayArgs {
    /// The puzzle named by --year and --day, if they are given (and name one).
    pub fn named(&self) -> Option<Result<DayId, String>> {
        let (year, day) = (self.year?, self.day?);
        Some(format!("{year}-{day}").parse())
    }
}

/// `scaffold`'s words.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct ScaffoldArgs {
    /// `<year>-<day>`, e.g. 2015-2.
    pub day: DayId,
    /// Also download the day's input.
    #[arg(long)]
    pub fetch: bool,
}

/// `remove`'s words.
#[derive(Args, Debug, Clone, PartialEq)]
pub struct RemoveArgs {
    /// Days (`<year>-<day>`, e.g. 2015-1) or years (e.g. 2015).
    #[arg(required = true, value_name = "DAY|YEAR")]
    pub targets: Vec<DayOrYear>,
    /// Remove even files with changes git does not hold (they are lost).
    #[arg(long)]
    pub force: bool,
}

impl Command {
    /// Whether the command needs the days compiled, and so the binary `aoc-days` (`list` reads
    /// the days from their sources: see `aoc_workspace::sources::implemented_days`; `time --history`
    /// and `time --compare` read saved baselines only).
    pub fn needs_the_days(&self) -> bool {
        match self {
            Command::Time(args) => !args.reads_saved_timings(),
            command => {
                matches!(command, Command::Run(_) | Command::Check(_) | Command::Answer(_) | Command::Example(_))
            }
        }
    }

    /// The days a command that needs the days solves, when it names each one (`run 2015-3
    /// 2015-4`): `aoc-days` is then built with those alone. Empty when it names a year,
    /// `all` or nothing, or times: `aoc-days` is built with every day.
    pub fn days_named(&self) -> Vec<DayId> {
        let one_by_one = |days: &[Days]| days.iter().all(|d| matches!(d, Days::One(_)));
        match self {
            Command::Run(args) if !one_by_one(&args.days) => Vec::new(),
            Command::Check(args) if !one_by_one(&args.days) => Vec::new(),
            Command::Time(_) => Vec::new(),
            _ => self.each_day_named(),
        }
    }

    /// Every day a command that solves names by itself (`run all 2015-3`: 2015-3), each of
    /// which must exist before anything is built.
    pub fn each_day_named(&self) -> Vec<DayId> {
        let ones =
            |days: &[Days]| days.iter().filter_map(|d| if let Days::One(id) = d { Some(*id) } else { None }).collect();
        match self {
            Command::Run(args) => ones(&args.days),
            Command::Check(args) => ones(&args.days),
            Command::Time(args) if !args.reads_saved_timings() => ones(&args.days),
            Command::Answer(args) => vec![args.day],
            Command::Example(args) => vec![args.day],
            Command::Submit(args) if args.answer.is_none() => vec![args.day],
            _ => Vec::new(),
        }
    }

    /// The rules that span several arguments, beyond what clap's attributes say: each
    /// broken one is a usage error.
    pub fn validate(&self) -> Result<(), clap::Error> {
        match self.broken_rule() {
            Some(message) => Err(Cli::command().error(ErrorKind::ArgumentConflict, message)),
            None => Ok(()),
        }
    }

    fn broken_rule(&self) -> Option<&'static str> {
        let one_day = |days: &[Days]| single_day(days).is_some();
        match self {
            Command::Run(run) if run.input.is_some() && !one_day(&run.days) => {
                Some("--input is one day's input: name exactly one day (e.g. `run 2015-1 --input FILE`)")
            }
            Command::Run(run) if run.watch && run.input.as_deref() == Some(std::path::Path::new("-")) => {
                Some("--watch reruns on saves: it cannot read standard input (--input -); name a file")
            }
            Command::Run(run) if run.submit && !one_day(&run.days) => {
                Some("--submit goes with exactly one day, e.g. `cargo xtask run 2015-1 --submit`")
            }
            Command::Today(today) if today.named().is_some_and(|id| id.is_err()) => {
                Some("--year and --day name no puzzle: years from 2015, days 1 to 25 (1 to 12 from 2025)")
            }
            Command::Time(time) if time.input.is_some() && !one_day(&time.days) => {
                Some("--input is one day's input: name exactly one day (e.g. `time 2015-1 --input FILE`)")
            }
            _ => None,
        }
    }
}

/// Parses `words` (the program name first) and checks the rules across arguments. The
/// error is clap's, ready to print with the right exit code (`error.exit()`).
pub fn try_parse<I, T>(words: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let matches = Cli::command().try_get_matches_from(words)?;
    let cli = Cli::from_arg_matches(&matches)?;
    cli.command.validate()?;
    Ok(cli)
}

/// The process's own words, parsed; help, version and usage errors print and exit here
/// (0 for help, [`USAGE`] for an error).
pub fn parse() -> Cli {
    try_parse(std::env::args_os()).unwrap_or_else(|e| e.exit())
}

/// The `main` of every workspace binary: parses the process's words ([`parse`]), runs the
/// command, and turns an error into `error: …` on standard error and exit code 1. An
/// error may quote the site (a reply, a redirect, an answer it recorded), so it is made
/// terminal-safe here, where every error of every command is printed.
pub fn main<E: std::fmt::Display>(
    command: impl FnOnce(Cli) -> Result<std::process::ExitCode, E>,
) -> std::process::ExitCode {
    match command(parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{}", error_line(&e));
            std::process::ExitCode::FAILURE
        }
    }
}

/// `error: …` as [`main`] prints it: the whole chain (`{:#}`), terminal-safe.
pub fn error_line(error: &impl std::fmt::Display) -> String {
    format!("error: {}", aoc_workspace::terminal_safe(&format!("{error:#}")))
}

#[cfg(test)]
mod tests;

//! `cargo xtask time DAYS --against REV`: this tree (uncommitted changes included) against
//! a revision, both timed in one session.
//!
//! The revision is checked out as a `git worktree` in the target folder
//! (`<target>/against/<commit>/src`), its `aoc-days` built there in the same `timing` profile
//! into the same target folder (the dependencies are built once for both), copied to
//! `<target>/against/<commit>/aoc-days` and the worktree removed: that binary is reused
//! while the commit is the same. This tree's `aoc-days` is built as `time` builds it, and copied
//! for the session, so that another command's build cannot replace it midway.
//!
//! The protocol is the one every `aoc-days` already speaks: `aoc-days time DAYS --json
//! --seconds S`, one whole run of every step, its report as JSON. Each round runs both
//! binaries once, in alternating order (A B, B A, A B, ...: a trend in the machine's load
//! falls on both sides alike), each a fresh process with the same start: so the same code
//! on both sides meets the same conditions, and a revision from before this command is
//! timed too. The rounds' figures are paired and judged by crate `aoc_timings`' module
//! `paired`. Both read this workspace's inputs (`AOC_ROOT`).

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use anyhow::{anyhow, bail, Context, Result};
use aoc_commands::TimeArgs;
use aoc_timings::Report;
use aoc_workspace::root::ROOT_VARIABLE;
use aoc_workspace::sources::implemented_days;

/// How many rounds: 12 ratios give an interval of the median at 96% (module `paired`).
const ROUNDS: usize = 12;

/// A file removed when dropped: this tree's `aoc-days`, copied for one session.
struct Temporary(PathBuf);

impl Drop for Temporary {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs `time --against`: the table of paired ratios; exit 1 when a step of this tree fails.
pub fn against(root: &Path, args: &TimeArgs) -> Result<ExitCode> {
    let rev = args.against.as_deref().unwrap_or("HEAD");
    let spec = format!("{rev}^{{commit}}");
    let commit = git(root, &["rev-parse", "--verify", "--quiet", "--end-of-options", &spec])
        .map_err(|_| anyhow!("`{rev}` names no commit of this repository"))?;
    let short = commit.get(..7).unwrap_or(&commit).to_string();
    let folder = crate::checkout::target_folder(root)?.join("against");
    let theirs = folder.join(&commit).join("aoc-days");
    if !theirs.is_file() {
        build_revision(root, rev, &commit, &theirs)?;
    }
    let ours = Temporary(folder.join(format!("this-tree-{}", std::process::id())));
    crate::binaries::timing_aoc_days(root, &ours.0)?;

    let implemented = implemented_days(root);
    let days = if args.days.is_empty() { implemented.clone() } else { aoc_commands::expand(&args.days, &implemented) };
    let mut words: Vec<OsString> = vec!["time".into()];
    words.extend(days.iter().map(|d| d.to_string().into()));
    words.extend(["--json".into(), "--seconds".into(), format!("{}", args.seconds / ROUNDS as f64).into()]);
    if let Some(input) = &args.input {
        words.push("--input".into());
        words.push(std::path::absolute(input).with_context(|| format!("bad path {}", input.display()))?.into());
    }
    if let Some(name) = &args.solution.name {
        words.extend(["--solution".into(), name.into()]);
    }
    let revision = if commit.starts_with(rev) { short.clone() } else { format!("{rev} ({short})") };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let terminal = std::io::stderr().is_terminal();
    for round in 0..ROUNDS {
        if terminal {
            eprint!("\rround {}/{ROUNDS}: this tree and {revision}, alternating", round + 1);
        }
        // This tree first in even rounds, the revision first in odd ones.
        let mut sides = [(&ours.0, &mut a, "this tree"), (&theirs, &mut b, revision.as_str())];
        sides.rotate_left(round % 2);
        for (binary, reports, side) in sides {
            reports.push(run(binary, &words, root, side)?);
        }
    }
    if terminal {
        eprint!("\r\x1b[2K");
    }
    print!("{}", aoc_timings::paired::table(&a, &b, &revision));
    let failed = a.first().is_some_and(|r| r.rows.iter().any(|row| row.fails));
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Checks out `commit` in a worktree beside `to`, builds its `aoc-days` to `to`, and removes
/// the worktree, whether the build succeeded or not.
fn build_revision(root: &Path, rev: &str, commit: &str, to: &Path) -> Result<()> {
    let folder = to.parent().context("no folder for the revision's build")?;
    let checkout = folder.join("src");
    let checkout_arg = checkout.to_string_lossy().into_owned();
    // What an interrupted run left behind: the folder, then git's record of it.
    let _ = std::fs::remove_dir_all(&checkout);
    let _ = git(root, &["worktree", "prune"]);
    std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
    git(root, &["worktree", "add", "--detach", "--force", &checkout_arg, commit])
        .with_context(|| format!("cannot check out {rev} in {}", checkout.display()))?;
    eprintln!("building {rev} ({commit:.7}) in {} (profile timing; kept for later runs)", checkout.display());
    let built = crate::binaries::timing_aoc_days(&checkout, to)
        .with_context(|| format!("revision {rev} ({commit:.7}) cannot be timed: its aoc-days does not build"));
    let _ = git(root, &["worktree", "remove", "--force", &checkout_arg]);
    built
}

/// One run of an `aoc-days`: its report, parsed from `time --json`.
fn run(executable: &Path, words: &[OsString], root: &Path, side: &str) -> Result<Report> {
    let output = Command::new(executable)
        .args(words)
        .env(ROOT_VARIABLE, root)
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("cannot start aoc-days of {side}"))?;
    serde_json::from_slice(&output.stdout).map_err(|_| {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let why = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message");
        anyhow!("aoc-days of {side} gave no timings ({}): {why}", output.status)
    })
}

/// `git <args>` in `root`: its standard output, trimmed, or an error with git's message.
fn git(root: &Path, args: &[&str]) -> Result<String> {
    let output =
        Command::new("git").args(args).current_dir(root).stdin(Stdio::null()).output().context("cannot run git")?;
    if !output.status.success() {
        bail!("git {}: {}", args.join(" "), String::from_utf8_lossy(&output.stderr).trim());
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

//! `cargo xtask run <days> --watch`: the solving loop in one terminal. Runs the days, then
//! again after each save of what can change their answers (any file of the workspace, and
//! the `--input` file), until Ctrl-C ends it at once: the terminal sends Ctrl-C to the whole process
//! group, the build or run under way included, and nothing here holds it back. A day that
//! does not compile shows cargo's errors, and the watch goes on.
//!
//! The watching itself is the binary `aoc-watch` (crate `crates/aoc-watch`, which says what
//! counts as a change), built the first time someone watches, so the xtask stays small: it
//! prints a line per burst of saves, and saves made during a run wait in the pipe and give
//! one more run after it.

use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::path::Path;

use anyhow::{bail, Context, Result};
use aoc_workspace::DayId;

use crate::binaries::{self, Profile};

/// Runs `aoc-days <words>` now and after every save (of the workspace, and of `input`, the
/// file `--input` names), until Ctrl-C; the runner is built with the days `named` one by one
/// alone (all of them when none is).
pub fn watch(root: &Path, named: &[DayId], input: Option<&Path>, words: &[OsString]) -> Result<()> {
    let mut watcher = Stopped(binaries::watcher(root, input)?);
    let mut changes = BufReader::new(watcher.0.stdout.take().context("the file watcher has no output")?).lines();
    let mut next = || -> Result<String> {
        match changes.next() {
            Some(line) => Ok(line.context("cannot read the file watcher")?),
            None => bail!("the file watcher stopped (its error is above)"),
        }
    };
    anyhow::ensure!(next()? == "ready", "the file watcher did not start");
    let mut why = String::from("watching");
    loop {
        eprintln!("\n── {} ── {why}; Ctrl-C to stop", clock());
        match binaries::call(root, Profile::Release, named, words) {
            Ok(_) => {}
            // The day does not compile: cargo's errors are above; wait for the fix.
            Err(error) => eprintln!("{}", aoc_commands::error_line(&error)),
        }
        let line = next()?;
        why = line.strip_prefix("changed ").map_or(line.clone(), |what| format!("{what} changed"));
    }
}

/// The watcher, stopped when the watch ends some other way than by Ctrl-C (which stops it too).
struct Stopped(std::process::Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The time of day, UTC, for the line between runs.
fn clock() -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let s = now.as_secs() % 86_400;
    format!("{:02}:{:02}:{:02} UTC", s / 3600, s % 3600 / 60, s % 60)
}

//! `cargo xtask run <days> --watch`: the solving loop in one terminal. Runs the days, then
//! again after each save of what can change their answers (any file of the workspace, and
//! the `--input` file), until Ctrl-C ends it at once: the terminal sends Ctrl-C to the whole
//! process group, the build or run under way included, and nothing here holds it back. A
//! day that does not compile shows cargo's errors, and the watch goes on.
//!
//! The watching itself is the binary `aoc-watch` (crate `crates/aoc-watch`, which says what
//! counts as a change), built the first time someone watches, so the xtask stays small: it
//! prints a line per burst of saves. Saves made during a run, however many bursts, give
//! exactly one more run after it: a run reads every file as it is when it starts, so one
//! run answers for all of them.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::sync::mpsc::{channel, Receiver};

use anyhow::{Context, Result};
use aoc_workspace::when::{now_seconds, rfc3339};
use aoc_workspace::DayId;

use crate::binaries::{self, Profile};

/// Runs `aoc-days <words>` now and after every save (of the workspace, and of `input`, the
/// file `--input` names), until Ctrl-C; `aoc-days` is built with the days `named` one by one
/// alone (all of them when none is).
pub fn watch(root: &Path, named: &[DayId], input: Option<&Path>, words: &[OsString]) -> Result<()> {
    let mut watcher = Stopped(binaries::watcher(root, input)?);
    let out = watcher.0.stdout.take().context("the file watcher has no output")?;
    // The lines are read as they come, during the runs too, so that those waiting when a
    // run ends can be told from those still to come.
    let (send, lines) = channel();
    std::thread::spawn(move || BufReader::new(out).lines().map_while(Result::ok).try_for_each(|line| send.send(line)));
    rerun(&lines, |why| {
        // The time of day, UTC: `05:03:12` of `2026-12-01T05:03:12Z`.
        eprintln!("\n── {} UTC ── {why}; Ctrl-C to stop", &rfc3339(now_seconds())[11..19]);
        if let Err(error) = binaries::call(root, Profile::Release, named, words) {
            // The day does not compile: cargo's errors are above; wait for the fix.
            eprintln!("{}", aoc_commands::error_line(&error));
        }
    })
}

/// After the watcher's `ready`, runs, then runs again for each change: all the lines that
/// came during a run give one run. Ends, with an error, only when the watcher does.
fn rerun(lines: &Receiver<String>, mut run: impl FnMut(&str)) -> Result<()> {
    let stopped = || anyhow::anyhow!("the file watcher stopped (its error is above)");
    anyhow::ensure!(lines.recv().map_err(|_| stopped())? == "ready", "the file watcher did not start");
    let mut why = String::from("watching");
    loop {
        run(&why);
        let changed = std::iter::once(lines.recv().map_err(|_| stopped())?).chain(lines.try_iter());
        let what: BTreeSet<String> =
            changed.map(|line| line.strip_prefix("changed ").unwrap_or(&line).into()).collect();
        why = format!("{} changed", what.into_iter().collect::<Vec<_>>().join(", "));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Five saves a second apart during a 6 s run: the watcher prints five lines while the
    /// run goes on (here, the fake run prints them itself), and they give one more run.
    #[test]
    fn saves_during_a_run_give_exactly_one_more_run() {
        let (send, lines) = channel();
        send.send("ready".to_string()).unwrap();
        let mut send = Some(send);
        let mut runs = Vec::new();
        let stopped = rerun(&lines, |why| {
            runs.push(why.to_string());
            match runs.len() {
                1 => {
                    for file in ["day1/mod.rs", "day1/mod.rs", "day2/solve.rs", "day1/mod.rs", "day1/mod.rs"] {
                        send.as_ref().unwrap().send(format!("changed {file}")).unwrap();
                    }
                }
                // A save during the second run: a third run, then the watcher stops.
                2 => send.take().unwrap().send("changed inputs/2015/day1.txt".to_string()).unwrap(),
                _ => {}
            }
        });
        assert!(stopped.unwrap_err().to_string().contains("the file watcher stopped"));
        assert_eq!(runs, ["watching", "day1/mod.rs, day2/solve.rs changed", "inputs/2015/day1.txt changed"]);
    }

    #[test]
    fn a_watcher_that_does_not_start_is_named() {
        let (send, lines) = channel();
        send.send("error: cannot watch /w: no space".to_string()).unwrap();
        let error = rerun(&lines, |_| panic!("no run without a watcher")).unwrap_err();
        assert_eq!(error.to_string(), "the file watcher did not start");
        drop(send);
        let (_, lines) = channel::<String>();
        assert!(rerun(&lines, |_| {}).unwrap_err().to_string().contains("stopped"));
    }
}

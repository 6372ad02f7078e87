//! `cargo xtask run <days> --watch`: the solving loop in one terminal. Runs the days, then
//! again after each save of what can change their answers, until Ctrl-C.
//!
//! What is watched: every workspace crate's sources and manifest (a day's helpers may live
//! in a module of its year, or in a crate of the user's own), the root manifest, and the
//! days' inputs (`inputs/<year>/day<N>.txt`, or `--input FILE`). Another day's module of a
//! watched year is left out: saving day 5 does not rerun day 3. Folders are watched rather
//! than files, so editors that save by writing a new file and renaming it are seen too.
//!
//! Only writes, creations, renames and removals count (crate `notify`: inotify, FSEvents, ...):
//! the compiler *reading* the sources is no change, or each build would start the next.
//! Saves in quick succession (an editor's "save all", a formatter rewriting on save) are
//! gathered into one rerun, and a save made while a run is under way gives one more run
//! after it. A day that does not compile shows cargo's errors, and
//! the watch goes on. Ctrl-C ends it at once: the terminal sends it to the whole process
//! group, the build or run under way included, and nothing here holds it back.

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use anyhow::{Context, Result};
use aoc_workspace::DayId;
use notify::event::{AccessKind, AccessMode, ModifyKind};
use notify::{Event, EventKind, RecursiveMode, Watcher};

use crate::binaries::{self, Profile};

/// How long a burst of saves may last and still give one rerun.
const QUIET: Duration = Duration::from_millis(200);

/// What the watch reruns for.
#[derive(Debug, Clone)]
pub struct Watched {
    root: PathBuf,
    days: Vec<DayId>,
    /// `--input FILE`, as an absolute path.
    input: Option<PathBuf>,
}

impl Watched {
    /// The days to run, and `--input`'s file if given.
    pub fn new(root: &Path, days: Vec<DayId>, input: Option<&Path>) -> Result<Watched> {
        let input = match input {
            Some(path) if path != Path::new("-") => {
                Some(std::path::absolute(path).with_context(|| format!("bad path {}", path.display()))?)
            }
            _ => None,
        };
        Ok(Watched { root: root.to_path_buf(), days, input })
    }

    /// The folders to watch, each with how deep.
    fn folders(&self) -> Vec<(PathBuf, RecursiveMode)> {
        let mut folders = vec![(self.root.clone(), RecursiveMode::NonRecursive)];
        let crates = self.root.join("crates");
        let members = std::fs::read_dir(&crates).into_iter().flatten().flatten().map(|entry| entry.path());
        for member in members.filter(|path| path.join("Cargo.toml").is_file()) {
            folders.push((member.clone(), RecursiveMode::NonRecursive));
            for sources in ["src", "benches", "examples", "tests"] {
                if member.join(sources).is_dir() {
                    folders.push((member.join(sources), RecursiveMode::Recursive));
                }
            }
        }
        let inputs = self.days.iter().map(|id| aoc_workspace::inputs::input_path(&self.root, *id));
        let input_folders = inputs.chain(self.input.clone()).filter_map(|file| file.parent().map(Path::to_path_buf));
        for folder in input_folders {
            if folder.is_dir() && !folders.iter().any(|(f, _)| *f == folder) {
                folders.push((folder, RecursiveMode::NonRecursive));
            }
        }
        folders
    }

    /// Whether a change of `path` can change the answers of the watched days.
    pub fn concerns(&self, path: &Path) -> bool {
        let Ok(inside) = path.strip_prefix(&self.root) else {
            return self.input.as_deref() == Some(path);
        };
        let parts: Vec<&str> = inside
            .components()
            .filter_map(|c| match c {
                Component::Normal(part) => part.to_str(),
                _ => None,
            })
            .collect();
        let Some(name) = parts.last() else { return false };
        if is_editor_scratch(name) {
            return false;
        }
        match parts.as_slice() {
            ["Cargo.toml"] => true,
            ["inputs", ..] => self.is_input(path),
            ["crates", krate, "src", module, ..] => self.is_module_of_watched_year(krate, module),
            ["crates", _, rest @ ..] => !rest.contains(&"target"),
            _ => self.input.as_deref() == Some(path),
        }
    }

    fn is_input(&self, path: &Path) -> bool {
        let named = |id: &DayId| {
            aoc_workspace::inputs::input_candidates(&self.root, *id).iter().any(|candidate| candidate == path)
        };
        self.input.as_deref() == Some(path) || (self.input.is_none() && self.days.iter().any(named))
    }

    /// A year crate's module `dayN` (folder or file) counts only for a watched day; every
    /// other module of any crate (shared helpers) counts.
    fn is_module_of_watched_year(&self, krate: &str, module: &str) -> bool {
        let year = krate.strip_prefix("aoc").and_then(|y| y.parse::<u16>().ok());
        let day = module.strip_prefix("day").map(|d| d.trim_end_matches(".rs")).and_then(|d| d.parse::<u8>().ok());
        match (year, day) {
            (Some(year), Some(day)) => self.days.iter().any(|id| id.year == year && id.day == day),
            _ => true,
        }
    }
}

/// Files editors write beside the one being saved: swap files, backups, lock links.
fn is_editor_scratch(name: &str) -> bool {
    name.ends_with('~') || name.ends_with(".swp") || name.ends_with(".swx") || name.starts_with(".#") || name == "4913"
    // vim's test of whether it may write the folder
}

/// Runs `aoc-days <words>` now and after every change that concerns `watched`, until Ctrl-C.
pub fn watch(watched: &Watched, words: &[OsString]) -> Result<()> {
    let (send, events) = channel::<notify::Result<Event>>();
    let mut watcher = notify::recommended_watcher(send).context("cannot watch the workspace's files")?;
    for (folder, mode) in watched.folders() {
        watcher.watch(&folder, mode).with_context(|| format!("cannot watch {}", folder.display()))?;
    }
    let mut why = String::from("watching");
    loop {
        eprintln!("\n── {} ── {why}; Ctrl-C to stop", clock());
        match binaries::call(&watched.root, Profile::Release, words) {
            Ok(_) => {}
            // The day does not compile: cargo's errors are above; wait for the fix.
            Err(error) => eprintln!("{}", aoc_commands::error_line(&error)),
        }
        why = next_change(watched, &events)?;
    }
}

/// Waits for the next burst of changes that concerns `watched`, until [`QUIET`] passes
/// without another; says what changed.
fn next_change(watched: &Watched, events: &Receiver<notify::Result<Event>>) -> Result<String> {
    let mut changed: Vec<PathBuf> = Vec::new();
    loop {
        let wait = if changed.is_empty() { Duration::from_secs(3600) } else { QUIET };
        let event = match events.recv_timeout(wait) {
            Ok(Ok(event)) => event,
            Ok(Err(error)) => {
                eprintln!("warning: the file watcher reported: {error}");
                continue;
            }
            Err(RecvTimeoutError::Timeout) if changed.is_empty() => continue,
            Err(RecvTimeoutError::Timeout) => break,
            Err(RecvTimeoutError::Disconnected) => anyhow::bail!("the file watcher stopped"),
        };
        if is_a_change(&event.kind) {
            changed.extend(event.paths.into_iter().filter(|path| watched.concerns(path)));
        }
    }
    changed.sort();
    changed.dedup();
    let shown = changed[0].strip_prefix(&watched.root).unwrap_or(&changed[0]).display().to_string();
    let more = if changed.len() > 1 { format!(" and {} more", changed.len() - 1) } else { String::new() };
    Ok(format!("{shown}{more} changed"))
}

/// Whether an event changed a file's content or name (not a read, not its permissions).
fn is_a_change(kind: &EventKind) -> bool {
    match kind {
        EventKind::Create(_) | EventKind::Remove(_) => true,
        EventKind::Modify(ModifyKind::Metadata(_)) => false,
        EventKind::Modify(_) => true,
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) | EventKind::Any | EventKind::Other => false,
    }
}

/// The time of day, UTC, for the line between runs.
fn clock() -> String {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let s = now.as_secs() % 86_400;
    format!("{:02}:{:02}:{:02} UTC", s / 3600, s % 3600 / 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watched(days: &[&str], input: Option<&str>) -> Watched {
        let days = days.iter().map(|d| d.parse().unwrap()).collect();
        Watched { root: PathBuf::from("/w"), days, input: input.map(PathBuf::from) }
    }

    #[test]
    fn a_days_own_files_its_years_helpers_and_its_input_rerun_it() {
        let w = watched(&["2015-3"], None);
        for path in [
            "/w/crates/aoc2015/src/day3/solve.rs",
            "/w/crates/aoc2015/src/day3/examples.txt",
            "/w/crates/aoc2015/src/day3.rs",
            "/w/crates/aoc2015/src/grid.rs",
            "/w/crates/aoc2015/src/lib.rs",
            "/w/crates/aoc2015/Cargo.toml",
            "/w/crates/my-utils/src/lib.rs",
            "/w/Cargo.toml",
            "/w/inputs/2015/day3.txt",
            "/w/inputs/2015/day03.txt",
        ] {
            assert!(w.concerns(Path::new(path)), "{path}");
        }
    }

    #[test]
    fn other_days_build_output_and_editor_scratch_do_not() {
        let w = watched(&["2015-3"], None);
        for path in [
            "/w/crates/aoc2015/src/day5/solve.rs",
            "/w/crates/aoc2015/src/day13.rs",
            "/w/crates/aoc2015/target/aoc/completed.json",
            "/w/crates/aoc2015/src/day3/.solve.rs.swp",
            "/w/crates/aoc2015/src/day3/solve.rs~",
            "/w/crates/aoc2015/src/day3/4913",
            "/w/inputs/2015/day4.txt",
            "/w/inputs/2015/day3.answers.toml",
            "/w/inputs/2015/day3.puzzle.html",
            "/w/target/release/aoc-days",
            "/w/README.md",
            "/elsewhere/day3.txt",
        ] {
            assert!(!w.concerns(Path::new(path)), "{path}");
        }
    }

    #[test]
    fn with_an_input_file_that_file_is_the_input() {
        let w = watched(&["2015-3"], Some("/tmp/big.txt"));
        assert!(w.concerns(Path::new("/tmp/big.txt")));
        assert!(!w.concerns(Path::new("/w/inputs/2015/day3.txt")), "not the input of this run");
        assert!(w.concerns(Path::new("/w/crates/aoc2015/src/day3/solve.rs")));
    }

    /// The compiler opening a source to read it must not start the next build.
    #[test]
    fn reads_and_permission_changes_are_not_saves() {
        use notify::event::{CreateKind, DataChange, MetadataKind, RenameMode};
        assert!(!is_a_change(&EventKind::Access(AccessKind::Open(AccessMode::Any))));
        assert!(!is_a_change(&EventKind::Access(AccessKind::Close(AccessMode::Read))));
        assert!(!is_a_change(&EventKind::Modify(ModifyKind::Metadata(MetadataKind::Any))));
        assert!(is_a_change(&EventKind::Access(AccessKind::Close(AccessMode::Write))));
        assert!(is_a_change(&EventKind::Modify(ModifyKind::Data(DataChange::Any))));
        assert!(is_a_change(&EventKind::Modify(ModifyKind::Name(RenameMode::To))));
        assert!(is_a_change(&EventKind::Create(CreateKind::File)));
    }

    #[test]
    fn every_day_of_a_year_counts_when_the_year_is_watched() {
        let w = watched(&["2015-3", "2015-5", "2016-1"], None);
        assert!(w.concerns(Path::new("/w/crates/aoc2015/src/day5/solve.rs")));
        assert!(!w.concerns(Path::new("/w/crates/aoc2016/src/day5/solve.rs")));
    }
}

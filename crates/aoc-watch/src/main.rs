//! `aoc-watch`: the file watcher behind `cargo xtask run <days> --watch`, a binary of its own
//! so that the xtask, which every command builds first, stays small (crate `notify` and its
//! platform backends are built only the first time someone watches).
//!
//! Started by the xtask with the workspace root (`AOC_ROOT`), the watched days and
//! `--input FILE` if given, it watches, prints `ready`, then one line `changed <what>` per
//! burst of saves that concerns those days, until its standard input or output closes (the
//! xtask ended) or it is stopped. The xtask reruns the days on each line; saves made during a run wait in the pipe
//! and give one more run after it.
//!
//! What is watched: every workspace crate's sources and manifest (a day's helpers may live
//! in a module of its year, or in a crate of the user's own), the root manifest, and the
//! days' inputs (`inputs/<year>/day<N>.txt`, or `--input FILE`). Another day's module of a
//! watched year is left out: saving day 5 does not rerun day 3. Folders are watched rather
//! than files, so editors that save by writing a new file and renaming it are seen too.
//! Only writes, creations, renames and removals count: the compiler *reading* the sources is
//! no change, or each build would start the next. Saves in quick succession (an editor's
//! "save all", a formatter rewriting on save) are gathered into one line.

use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use aoc_workspace::DayId;
use notify::event::{AccessKind, AccessMode, ModifyKind};
use notify::{Event, EventKind, RecursiveMode, Watcher};

fn main() -> ExitCode {
    match watch() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Reads the words (`[--input FILE] DAY...`), watches, and reports each burst of changes.
fn watch() -> Result<(), String> {
    let root = aoc_workspace::root::workspace_root().map_err(|e| e.to_string())?;
    let mut words = std::env::args().skip(1);
    let (mut days, mut input) = (Vec::new(), None);
    while let Some(word) = words.next() {
        if word == "--input" {
            let path = PathBuf::from(words.next().ok_or("--input needs a file")?);
            input = Some(std::path::absolute(&path).map_err(|e| format!("bad path {}: {e}", path.display()))?);
        } else {
            days.push(word.parse::<DayId>()?);
        }
    }
    let watched = Watched { root, days, input };
    // The xtask holds our standard input open while it lives: when it ends, however it ends,
    // so does this watcher.
    std::thread::spawn(|| {
        let _ = std::io::copy(&mut std::io::stdin(), &mut std::io::sink());
        std::process::exit(0);
    });
    let (send, events) = channel::<notify::Result<Event>>();
    let mut watcher =
        notify::recommended_watcher(send).map_err(|e| format!("cannot watch the workspace's files: {e}"))?;
    for (folder, mode) in watched.folders() {
        watcher.watch(&folder, mode).map_err(|e| format!("cannot watch {}: {e}", folder.display()))?;
    }
    let mut out = std::io::stdout();
    let mut say = |line: &str| writeln!(out, "{line}").and_then(|()| out.flush());
    if say("ready").is_err() {
        return Ok(()); // the xtask is gone
    }
    loop {
        let what = next_change(&watched, &events)?;
        if say(&format!("changed {what}")).is_err() {
            return Ok(());
        }
    }
}

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

/// Waits for the next burst of changes that concerns `watched`, until [`QUIET`] passes
/// without another; says what changed.
fn next_change(watched: &Watched, events: &Receiver<notify::Result<Event>>) -> Result<String, String> {
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
            Err(RecvTimeoutError::Disconnected) => return Err("the operating system's file events stopped".to_string()),
        };
        if is_a_change(&event.kind) {
            changed.extend(event.paths.into_iter().filter(|path| watched.concerns(path)));
        }
    }
    changed.sort();
    changed.dedup();
    let shown = changed[0].strip_prefix(&watched.root).unwrap_or(&changed[0]).display().to_string();
    let more = if changed.len() > 1 { format!(" and {} more", changed.len() - 1) } else { String::new() };
    Ok(format!("{shown}{more}"))
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

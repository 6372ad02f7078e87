//! `aoc-watch`: the file watcher behind `cargo xtask run <days> --watch`, a binary of its own
//! so that the xtask, which every command builds first, stays small (crate `notify` and its
//! platform backends are built only the first time someone watches).
//!
//! Started by the xtask with the workspace root (`AOC_ROOT`) and `--input FILE` if given, it
//! watches, prints `ready`, then one line `changed <what>` per burst of saves, until its
//! standard input or output closes (the xtask ended) or it is stopped. The xtask reruns on
//! each line, all the lines that came during a run giving one run after it.
//!
//! What counts is every file of the workspace's crates (their folders whole: any day may use
//! any other day's module, a crate of the user's own, or `include_str!` a file beside it),
//! of `inputs/` and `.cargo/`, the root's manifest, lock and toolchain files, and the
//! `--input` file: a selection of "the files this day reads" is stale the day it misses
//! one, while a rerun that did not matter costs one run. Left out: build output (folders
//! named `target`, `$CARGO_TARGET_DIR`, any folder cargo tagged with `CACHEDIR.TAG`), hidden
//! files and folders but `.cargo` (`.git`, editors' settings and swap files), the scratch
//! files editors and tools write beside a file they save ([`is_editor_scratch`]), and the
//! root's other files (see [`Watched::concerns`]).
//!
//! Every folder is watched on its own (never `target/`: inotify would need a watch for each
//! of its thousands of folders), and a folder created later is watched when its creation is
//! seen; the files it already holds by then count as changed, since their own events came
//! before the watch. Folders are watched rather than files, so editors that save by writing
//! a new file and renaming it are seen too. Only writes, creations, renames and removals
//! count: the compiler *reading* the sources is no change, or each build would start the
//! next. Saves in quick succession (an editor's "save all", a formatter rewriting on save)
//! are gathered into one line.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use notify::event::{AccessKind, AccessMode, ModifyKind};
use notify::{Event, EventKind, RecursiveMode, Watcher};

fn main() -> ExitCode {
    match watch() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Reads the words (`[--input FILE]`), watches, and reports each burst of changes.
fn watch() -> Result<()> {
    let root = aoc_workspace::root::workspace_root()?;
    let mut words = std::env::args().skip(1);
    let input = match (words.next().as_deref(), words.next(), words.next()) {
        (None, _, _) => None,
        (Some("--input"), Some(file), None) => {
            Some(std::path::absolute(&file).with_context(|| format!("bad path {file}"))?)
        }
        _ => bail!("usage: aoc-watch [--input FILE] (the xtask starts it)"),
    };
    let target = std::env::var_os("CARGO_TARGET_DIR").and_then(|dir| std::path::absolute(dir).ok());
    let watched = Watched { root, input, target };
    // The xtask holds our standard input open while it lives: when it ends, however it ends,
    // so does this watcher.
    std::thread::spawn(|| {
        let _ = std::io::copy(&mut std::io::stdin(), &mut std::io::sink());
        std::process::exit(0);
    });
    let (send, events) = channel::<notify::Result<Event>>();
    let mut watcher = notify::recommended_watcher(send).context("cannot watch the workspace's files")?;
    watched.arm(&mut watcher, &watched.root, &mut Vec::new()).with_context(|| cannot_watch(&watched.root))?;
    // An input outside the watched folders: its folder, for it alone (`concerns` says so).
    let outside = watched.input.as_deref().filter(|input| !watched.in_workspace(input));
    if let Some(folder) = outside.and_then(Path::parent).filter(|f| f.is_dir()) {
        watcher.watch(folder, RecursiveMode::NonRecursive).with_context(|| cannot_watch(folder))?;
    }
    let mut out = std::io::stdout();
    let mut say = |line: &str| writeln!(out, "{line}").and_then(|()| out.flush());
    let mut line = String::from("ready");
    // Until the xtask is gone.
    while say(&line).is_ok() {
        line = format!("changed {}", watched.next_change(&mut watcher, &events)?);
    }
    Ok(())
}

fn cannot_watch(folder: &Path) -> String {
    format!("cannot watch {}", folder.display())
}

/// How long a burst of saves may last and still give one rerun.
const QUIET: Duration = Duration::from_millis(200);

/// What the watch reruns for.
struct Watched {
    root: PathBuf,
    /// `--input FILE`, as an absolute path.
    input: Option<PathBuf>,
    /// `$CARGO_TARGET_DIR`, as an absolute path: build output, wherever it is.
    target: Option<PathBuf>,
}

impl Watched {
    /// Watches `folder` and every folder below it but those left out, and adds the files
    /// they hold to `found`.
    fn arm(&self, watcher: &mut impl Watcher, folder: &Path, found: &mut Vec<PathBuf>) -> notify::Result<()> {
        // The watch first, then the listing: a file made in between is in one or the other.
        watcher.watch(folder, RecursiveMode::NonRecursive)?;
        for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
            let path = entry.path();
            // `file_type` does not follow symbolic links: no loops, nothing outside.
            match entry.file_type() {
                Ok(kind) if kind.is_dir() && !self.leaves_out(&path) => self.arm_or_warn(watcher, &path, found),
                Ok(kind) if !kind.is_dir() => found.push(path),
                _ => {}
            }
        }
        Ok(())
    }

    /// [`Watched::arm`] for a folder below the root, whose failure leaves the rest watched.
    fn arm_or_warn(&self, watcher: &mut impl Watcher, folder: &Path, found: &mut Vec<PathBuf>) {
        // A folder removed meanwhile is no loss; anything else is worth a word.
        if let Err(error) = self.arm(watcher, folder, found) {
            if folder.exists() {
                eprintln!("warning: cannot watch {} (its saves will not rerun): {error}", folder.display());
            }
        }
    }

    /// Whether the folder `path` holds build output or hidden files (see the module's
    /// documentation).
    fn leaves_out(&self, path: &Path) -> bool {
        let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
        is_left_out(&name) || self.target.as_deref() == Some(path) || path.join("CACHEDIR.TAG").is_file()
    }

    /// Whether a change of `path` can change the answers: the input, any file of a crate (a
    /// folder below the root with a `Cargo.toml`), of `inputs/` or `.cargo/`, the root's
    /// manifest, lock and toolchain files; never build output, a hidden folder's or an
    /// editor's scratch file. Nothing else at the root: a log the run writes there (`run
    /// --watch > watch.log`) would start the next run, for ever.
    fn concerns(&self, path: &Path) -> bool {
        let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
        let top = path.strip_prefix(&self.root).ok().and_then(|p| p.iter().next()).and_then(|p| p.to_str());
        let mut folders = path.ancestors().skip(1).take_while(|folder| *folder != self.root);
        let read = matches!(top, Some("inputs" | ".cargo" | "Cargo.toml" | "Cargo.lock" | "rust-toolchain.toml"))
            || folders.any(|folder| folder.join("Cargo.toml").is_file());
        let scratch = is_editor_scratch(&name) || is_left_out(&name);
        self.input.as_deref() == Some(path) || (read && self.in_workspace(path) && !scratch)
    }

    /// Whether `path` is in the workspace and in no folder left out (itself aside).
    fn in_workspace(&self, path: &Path) -> bool {
        let Ok(inside) = path.strip_prefix(&self.root) else { return false };
        let in_target = self.target.as_deref().is_some_and(|target| path.starts_with(target));
        let mut folders = inside.parent().unwrap_or(Path::new("")).components();
        !in_target && folders.all(|part| matches!(part, Component::Normal(p) if !is_left_out(&p.to_string_lossy())))
    }

    /// Waits for the next burst of changes that concern the watch, until [`QUIET`] passes
    /// without another, watching each folder made meanwhile; says what changed.
    fn next_change(&self, watcher: &mut impl Watcher, events: &Receiver<notify::Result<Event>>) -> Result<String> {
        let mut changed = BTreeSet::new();
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
                Err(RecvTimeoutError::Disconnected) => bail!("the operating system's file events stopped"),
            };
            if !is_a_change(&event.kind) {
                continue;
            }
            // A folder made, or moved in, after the watch began.
            let new_folder = matches!(event.kind, EventKind::Create(_) | EventKind::Modify(ModifyKind::Name(_)));
            for path in event.paths {
                if !path.is_dir() {
                    if self.concerns(&path) {
                        changed.insert(path);
                    }
                } else if new_folder && self.in_workspace(&path) && !self.leaves_out(&path) {
                    let mut found = Vec::new();
                    self.arm_or_warn(watcher, &path, &mut found);
                    changed.extend(found.into_iter().filter(|file| self.concerns(file)));
                }
            }
        }
        let shown = |path: &PathBuf| path.strip_prefix(&self.root).unwrap_or(path).display().to_string();
        let more = if changed.len() > 1 { format!(" and {} more", changed.len() - 1) } else { String::new() };
        Ok(format!("{}{more}", changed.first().map(shown).unwrap_or_default()))
    }
}

/// Folders left out: build output and hidden ones (`.git`, editors' settings), but cargo's
/// own settings (`.cargo/config.toml` can change a build).
fn is_left_out(folder: &str) -> bool {
    folder == "target" || (folder.starts_with('.') && folder != ".cargo")
}

/// Files that editors and tools write beside the one being saved: hidden ones (vim's
/// `.x.swp` and `.x.swx`, Emacs's lock link `.#x`, our own `.x.<n>.tmp`), Emacs's autosave
/// `#x#`, backups `x~`, atomic saves' `x.tmp` and JetBrains' `x___jb_tmp___`, vim's probe of
/// whether it may write the folder (`4913`), and `sed -i`'s `sedXXXXXX`.
fn is_editor_scratch(name: &str) -> bool {
    let sed = name.len() == 9 && name.starts_with("sed") && name.bytes().all(|b| b.is_ascii_alphanumeric());
    let autosave = name.len() > 1 && name.starts_with('#') && name.ends_with('#');
    let marked = name.starts_with('.') || name.ends_with('~') || name.ends_with(".tmp") || name.contains("___jb_");
    sed || autosave || marked || name == "4913"
}

/// Whether an event changed a file's content or name (not a read, not its permissions).
fn is_a_change(kind: &EventKind) -> bool {
    let written = EventKind::Access(AccessKind::Close(AccessMode::Write));
    let modified = matches!(kind, EventKind::Modify(modify) if !matches!(modify, ModifyKind::Metadata(_)));
    modified || *kind == written || matches!(kind, EventKind::Create(_) | EventKind::Remove(_))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A workspace with two crates, the one of 2015 and one of the user's own.
    fn watched(input: Option<&str>) -> (tempfile::TempDir, Watched) {
        let root = tempfile::tempdir().unwrap();
        for krate in ["crates/aoc2015", "crates/my-utils"] {
            std::fs::create_dir_all(root.path().join(krate)).unwrap();
            std::fs::write(root.path().join(krate).join("Cargo.toml"), "[package]\n").unwrap();
        }
        let w = Watched {
            root: root.path().to_path_buf(),
            input: input.map(PathBuf::from),
            target: Some(root.path().join("build")),
        };
        (root, w)
    }

    #[test]
    fn every_file_of_a_crate_and_every_input_counts_another_days_and_a_new_years_included() {
        let (root, w) = watched(None);
        for path in [
            "crates/aoc2015/src/day1/mod.rs",
            "crates/aoc2015/src/day3/examples.txt",
            "crates/aoc2015/src/day3/table.bin",
            "crates/aoc2015/Cargo.toml",
            "crates/my-utils/src/lib.rs",
            "Cargo.toml",
            "Cargo.lock",
            ".cargo/config.toml",
            "inputs/2016/day5.txt",
            "inputs/2016/day05.txt",
        ] {
            assert!(w.concerns(&root.path().join(path)), "{path}");
        }
    }

    #[test]
    fn build_output_hidden_folders_editor_scratch_and_other_root_files_do_not() {
        let (root, w) = watched(None);
        for path in [
            "target/release/build/x/out/days.rs",
            "build/release/build/x/out/days.rs",
            "crates/aoc2015/target/aoc/completed.json",
            ".git/index",
            ".idea/workspace.xml",
            "target",
            "watch.log",
            "notes.txt",
            "crates/aoc2015/src/day3/.solve.rs.swp",
            "crates/aoc2015/src/day3/.solve.rs.swx",
            "crates/aoc2015/src/day3/4913",
            "crates/aoc2015/src/day3/solve.rs~",
            "crates/aoc2015/src/day3/#solve.rs#",
            "crates/aoc2015/src/day3/.#solve.rs",
            "crates/aoc2015/src/day3/sed422zGW",
            "crates/aoc2015/src/day3/solve.rs.tmp",
            "crates/aoc2015/src/day3/solve.rs___jb_tmp___",
            "inputs/2015/.day3.txt.123.0.tmp",
        ] {
            assert!(!w.concerns(&root.path().join(path)), "{path}");
        }
        assert!(!w.concerns(Path::new("/elsewhere/day3.txt")));
        let sediment = root.path().join("crates/aoc2015/src/sediment.rs");
        assert!(w.concerns(&sediment), "sed's names have six letters after it");
    }

    #[test]
    fn an_input_file_counts_wherever_it_is_and_alone_in_its_folder() {
        let (root, w) = watched(Some("/tmp/.big.txt"));
        assert!(w.concerns(Path::new("/tmp/.big.txt")));
        assert!(!w.concerns(Path::new("/tmp/other.txt")));
        assert!(w.concerns(&root.path().join("inputs/2015/day3.txt")), "the workspace still counts");
    }

    /// The compiler opening a source to read it, or the xtask marking the sources for
    /// cargo (`checkout`), must not start the next build.
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
}

//! The watcher as `run --watch` meets it: started on a workspace of a user's own, it prints
//! one line per burst of saves of any of the workspace's files (another day's module, a
//! folder made after it started), and none for editors' scratch files or build output.
//!
//! Every check waits for lines with a generous bound and asserts their exact text, so a
//! scratch file that counted (whose name sorts before the saved file's) or a save that did
//! not would show; a burst split in two by a slow machine only repeats a line, which is
//! allowed.

// Helpers of tests: a failure is the test's failure.
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A running `aoc-watch` on a temporary workspace.
struct Watch {
    child: Child,
    lines: Receiver<String>,
    root: tempfile::TempDir,
    /// The last line expected, which a slow machine may print twice.
    last: Option<String>,
}

/// A workspace with year 2015 scaffolded (days 1 and 2), built once (`target/`), in git.
fn workspace() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    for (file, text) in [
        ("Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\n"),
        ("crates/aoc2015/Cargo.toml", "[package]\nname = \"aoc2015\"\n"),
        ("crates/aoc2015/src/lib.rs", "pub mod day1;\npub mod day2;\n"),
        ("crates/aoc2015/src/day1/mod.rs", "pub const BONUS: i64 = 1;\n"),
        ("crates/aoc2015/src/day1/solve.rs", "\n"),
        ("crates/aoc2015/src/day2/mod.rs", "pub fn part1() -> i64 { crate::day1::BONUS }\n"),
        ("target/CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n"),
        ("target/release/aoc-days", "\n"),
        (".git/HEAD", "ref: refs/heads/main\n"),
    ] {
        save(root.path(), file, text);
    }
    root
}

fn save(root: &Path, file: &str, text: &str) {
    let path = root.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

impl Watch {
    fn start(root: tempfile::TempDir, words: &[&str]) -> Watch {
        let mut child = Command::new(env!("CARGO_BIN_EXE_aoc-watch"))
            .args(words)
            .env("AOC_ROOT", root.path())
            .env_remove("CARGO_TARGET_DIR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let (send, lines) = channel();
        let out = BufReader::new(child.stdout.take().unwrap());
        std::thread::spawn(move || out.lines().map_while(Result::ok).try_for_each(|line| send.send(line)));
        let mut watch = Watch { child, lines, root, last: None };
        watch.expect("ready");
        watch
    }

    fn path(&self, file: &str) -> PathBuf {
        self.root.path().join(file)
    }

    fn save(&self, file: &str, text: &str) {
        save(self.root.path(), file, text);
    }

    /// Saves `file` and waits for the watcher to name it.
    fn save_and_expect(&mut self, file: &str, text: &str) {
        self.save(file, text);
        self.expect(&format!("changed {file}"));
    }

    /// Waits for the line `want`, allowing only repeats of the last one expected before it.
    fn expect(&mut self, want: &str) {
        loop {
            let line = self.lines.recv_timeout(Duration::from_secs(60)).unwrap_or_else(|_| {
                panic!("no line `{want}` within 60 s");
            });
            if line == want {
                self.last = Some(line);
                return;
            }
            assert_eq!(Some(&line), self.last.as_ref(), "waiting for `{want}`");
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Day 2 uses day 1's `BONUS`: the watch of day 2 must see day 1's module change.
#[test]
fn a_save_of_another_days_module_or_any_crate_file_is_a_change() {
    let mut watch = Watch::start(workspace(), &[]);
    watch.save_and_expect("crates/aoc2015/src/day1/mod.rs", "pub const BONUS: i64 = 2;\n");
    watch.save_and_expect("crates/aoc2015/src/day2/examples.txt", "1\n");
    watch.save_and_expect("Cargo.toml", "[workspace]\nmembers = [\"crates/*\", \"utils\"]\n");
}

/// `run 2016-5 --watch` started before `inputs/2016/` exists, then `fetch` writes the input
/// (a temporary file renamed into place), then the user edits it.
#[test]
fn folders_made_after_the_start_are_watched() {
    let mut watch = Watch::start(workspace(), &[]);
    watch.save("inputs/2016/.day5.txt.1.0.tmp", "1\n");
    std::fs::rename(watch.path("inputs/2016/.day5.txt.1.0.tmp"), watch.path("inputs/2016/day5.txt")).unwrap();
    watch.expect("changed inputs/2016/day5.txt");
    // The folder is watched now, not only seen once: a later save counts too.
    std::thread::sleep(Duration::from_millis(500));
    watch.save_and_expect("inputs/2016/day5.txt", "2\n");
    // New folders two deep, made at once (`mkdir -p` and a save).
    watch.save_and_expect("crates/aoc2015/src/grid/cells/mod.rs", "\n");
    watch.save_and_expect("crates/aoc2015/src/grid/cells/mod.rs", "pub struct Cell;\n");
    // A crate of the user's own: its manifest first, then its code.
    watch.save_and_expect("crates/my-utils/Cargo.toml", "[package]\nname = \"my-utils\"\n");
    watch.save_and_expect("crates/my-utils/src/lib.rs", "\n");
}

/// What editors and `sed -i` write beside a file they save neither counts nor is named.
#[test]
fn editors_scratch_files_and_build_output_are_no_change() {
    let mut watch = Watch::start(workspace(), &[]);
    let day = "crates/aoc2015/src/day1";
    // Emacs: an autosave and a lock link, then the save; the autosave is removed after it.
    watch.save(&format!("{day}/#solve.rs#"), "draft\n");
    watch.save(&format!("{day}/.#solve.rs"), "user@host.1234\n");
    // vim: its probe of the folder, its swap files, a backup.
    watch.save(&format!("{day}/4913"), "");
    std::fs::remove_file(watch.path(&format!("{day}/4913"))).unwrap();
    watch.save(&format!("{day}/.solve.rs.swp"), "swap\n");
    watch.save(&format!("{day}/.solve.rs.swx"), "swap\n");
    watch.save(&format!("{day}/solve.rs~"), "\n");
    watch.save(&format!("{day}/solve.rs"), "// saved\n");
    std::fs::remove_file(watch.path(&format!("{day}/#solve.rs#"))).unwrap();
    std::fs::remove_file(watch.path(&format!("{day}/.#solve.rs"))).unwrap();
    watch.expect(&format!("changed {day}/solve.rs"));
    // `sed -i`: a new file `sedXXXXXX` renamed over the old one; an atomic save: `x.tmp`.
    watch.save(&format!("{day}/sed422zGW"), "// by sed\n");
    std::fs::rename(watch.path(&format!("{day}/sed422zGW")), watch.path(&format!("{day}/solve.rs"))).unwrap();
    watch.save(&format!("{day}/solve.rs.tmp"), "// atomically\n");
    std::fs::rename(watch.path(&format!("{day}/solve.rs.tmp")), watch.path(&format!("{day}/solve.rs"))).unwrap();
    watch.expect(&format!("changed {day}/solve.rs"));
    // Build output, git, and a log beside the manifest (`run --watch > watch.log`, which
    // must not start a run per run), then one save, which must come alone.
    watch.save("watch.log", "── 12:00:00 UTC ── watching\n");
    watch.save("target/release/build/aoc2015-1/out/days.rs", "\n");
    watch.save("target/release/aoc-days", "new\n");
    watch.save("crates/aoc2015/target/aoc/completed.json", "{}\n");
    watch.save(".git/index", "\n");
    std::fs::create_dir_all(watch.path("target/debug/new")).unwrap();
    watch.save_and_expect("inputs/2015/day1.txt", "1\n");
}

/// `--input FILE` outside the workspace: that file counts, its neighbours do not.
#[test]
fn an_input_outside_the_workspace_counts_alone_in_its_folder() {
    let elsewhere = tempfile::tempdir().unwrap();
    let input = elsewhere.path().join("big.txt");
    std::fs::write(&input, "1\n").unwrap();
    let mut watch = Watch::start(workspace(), &["--input", input.to_str().unwrap()]);
    std::fs::write(elsewhere.path().join("notes.txt"), "no\n").unwrap();
    std::fs::write(&input, "2\n").unwrap();
    watch.expect(&format!("changed {}", input.display()));
}

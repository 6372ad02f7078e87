//! The `aoc-site` binary as a user runs it, against a stand-in site on 127.0.0.1: what
//! reaches the terminal, and what an interrupted command leaves behind.

// Test code throughout (helpers included): a failure is a panic.
#![allow(clippy::unwrap_used)]

#[allow(dead_code)]
#[path = "common/site.rs"]
mod testsite;

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use aoc_workspace::answers::Answers;
use aoc_workspace::inputs::{answers_path, puzzle_page_path};
use aoc_workspace::Part;
use testsite::{Puzzle, Reply, Site};

/// An answer as a hostile page holds it: escapes that retitle the window and turn text red.
const HOSTILE_HTML: &str = "&#27;]0;PWNED&#7;&#27;[31mRED&#27;[0m";

/// The binary with a workspace at `root`, the site at `url` and a made-up token.
fn aoc_site(root: &Path, url: &str, words: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_aoc-site"));
    command
        .args(words)
        .env("AOC_ROOT", root)
        .env("AOC_BASE_URL", url)
        .env("AOC_SESSION", "cli-test-token")
        .env("AOC_USER_AGENT", "aoc-site tests");
    command
}

/// Says the last request was `ago` before now, as the spacing reads it.
fn last_request(root: &Path, ago: Duration) {
    let at = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().saturating_sub(ago);
    std::fs::create_dir_all(root.join("target/xtask")).unwrap();
    std::fs::write(root.join("target/xtask/last-request"), at.as_millis().to_string()).unwrap();
}

fn printed(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

/// The stand-in site's page of 2016-11, part 1 solved with `answer`.
fn page(answer: &str) -> String {
    testsite::page("2016", "11", &[answer])
}

#[test]
fn fetch_read_and_submit_print_no_escape_from_the_site() {
    let root = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(root.path().join("inputs/2016")).unwrap();
    std::fs::write(root.path().join("inputs/2016/day11.txt"), "input\n").unwrap();
    let unknown = format!("<html><body><main><article><p>Hmm {HOSTILE_HTML}</p></article></main></body></html>");
    let site = Site::start(vec![Reply::With(200, page(HOSTILE_HTML)), Reply::With(200, unknown)]);
    let commands: [&[&str]; 4] = [
        &["fetch", "2016-11"],                         // records the page's answer
        &["read", "2016-11"],                          // shows it
        &["submit", "2016-11", "1", "--answer", "31"], // refuses, quoting it
        &["submit", "2016-11", "2", "--answer", "7"],  // shows a reply it does not know
    ];
    for words in commands {
        last_request(root.path(), Duration::from_secs(60));
        let output = aoc_site(root.path(), &site.url, words).output().unwrap();
        let text = printed(&output);
        assert!(text.contains("\\u{1b}]0;PWNED"), "{words:?} shows the answer, escaped: {text}");
        assert!(!text.contains(['\u{1b}', '\u{7}']), "{words:?} let a raw escape through: {text:?}");
        assert!(!text.contains("cli-test-token"), "{words:?} printed the token");
    }
    assert_eq!(site.requests().len(), 2, "the page, then part 2's answer; the rest refused");
}

#[cfg(unix)]
#[test]
#[ignore = "deep check (waits out real time): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
fn ctrl_c_during_the_wait_records_nothing_and_sends_nothing() {
    let root = tempfile::tempdir().unwrap();
    let site = Site::start(vec![Reply::With(200, "<article><p>That's not the right answer.</p></article>".into())]);
    last_request(root.path(), Duration::ZERO);
    let mut command = aoc_site(root.path(), &site.url, &["submit", "2016-11", "1", "--answer", "31"]);
    // A command started in the background by a shell without job control (`cargo test &`,
    // nohup) inherits Ctrl-C ignored; at a terminal it has Ctrl-C's default, as here.
    #[allow(unsafe_code)]
    // SAFETY: between fork and exec only `signal`, which is async-signal-safe, is called.
    unsafe {
        use std::os::unix::process::CommandExt;
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let submit = command.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn().unwrap();
    std::thread::sleep(Duration::from_secs(2)); // into its wait of about five seconds
    let interrupted = Command::new("kill").args(["-INT", &submit.id().to_string()]).status().unwrap();
    assert!(interrupted.success());
    let output = submit.wait_with_output().unwrap();
    assert!(!output.status.success());
    assert!(printed(&output).contains("waiting "), "{}", printed(&output));
    assert!(!root.path().join("inputs/2016/day11.answers.toml").exists(), "recorded as sent, never sent");
    assert!(site.requests().is_empty());
}

/// 2015 day 1's answer is negative: `--answer -60`, as a user types it, sends -60.
#[test]
fn a_negative_answer_typed_as_users_type_it_is_sent() {
    // Judged too low (a wrong answer fails the command): nothing is sent after it, so neither run waits out the
    // spacing (an accepted one refreshes the page five seconds later).
    for words in [&["submit", "2015-1", "1", "--answer", "-60"][..], &["submit", "2015-1", "1", "--answer=-60"]] {
        let root = tempfile::tempdir().unwrap();
        let site = Site::judging(Puzzle { answers: vec!["-59".into()], ..Puzzle::default() });
        last_request(root.path(), Duration::from_secs(60));
        let output = aoc_site(root.path(), &site.url, words).output().unwrap();
        let requests = site.requests();
        assert!(requests.len() == 1 && requests[0].ends_with("\nlevel=1&answer=-60"), "{words:?}: {requests:?}");
        let judged = "`-60` is not the right answer (your answer is too low)";
        assert!(printed(&output).contains(judged), "{words:?}: {}", printed(&output));
    }
}

#[test]
fn two_fetches_of_one_day_at_once_send_one_request_for_what_is_missing() {
    // The page is here already and both answers are recorded (nothing left to refresh): the
    // one request is the input's, so no spacing is waited out.
    let root = tempfile::tempdir().unwrap();
    let id = "2016-11".parse().unwrap();
    std::fs::create_dir_all(root.path().join("inputs/2016")).unwrap();
    std::fs::write(puzzle_page_path(root.path(), id), page("12")).unwrap();
    let mut answers = Answers::default();
    Part::BOTH.iter().for_each(|&part| answers.record_accepted(part, "12"));
    answers.save(&answers_path(root.path(), id), "Day 11").unwrap();
    let site = Site::start(vec![Reply::With(200, "4\n8\n".into())]);
    last_request(root.path(), Duration::from_secs(60));
    let fetch = || {
        aoc_site(root.path(), &site.url, &["fetch", "2016-11"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (first, second) = (fetch(), fetch());
    for output in [first.wait_with_output().unwrap(), second.wait_with_output().unwrap()] {
        assert!(output.status.success(), "{}", printed(&output));
    }
    let requests = site.requests();
    let paths: Vec<&str> = requests.iter().filter_map(|r| r.split_whitespace().nth(1)).collect();
    assert_eq!(paths, ["/2016/day/11/input"], "{requests:?}");
    assert_eq!(std::fs::read_to_string(root.path().join("inputs/2016/day11.txt")).unwrap(), "4\n8\n");
}

#[test]
fn today_again_with_the_input_and_page_here_sends_nothing_and_waits_for_nothing() {
    let root = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(root.path().join("inputs/2016")).unwrap();
    std::fs::write(root.path().join("inputs/2016/day11.txt"), "input\n").unwrap();
    std::fs::write(root.path().join("inputs/2016/day11.puzzle.html"), page("12")).unwrap();
    let site = Site::start(vec![]);
    // A clock just before the unlock, as a second `today` on a machine whose time is off.
    let output = aoc_site(root.path(), &site.url, &["today", "--year", "2016", "--day", "11"])
        .env("AOC_NOW", "2016-12-11T04:59:30Z")
        .output()
        .unwrap();
    let text = printed(&output);
    assert!(output.status.success(), "{text}");
    assert!(!text.contains("unlocks"), "no countdown: {text}");
    assert!(text.contains("nothing to download") && text.contains("Day 11"), "{text}");
    assert!(site.requests().is_empty());
}

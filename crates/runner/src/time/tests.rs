use std::time::Duration;

use super::*;
use crate::testdays::{FRESH, SUMS};

/// `time`'s arguments from its words (`time` first), as the command line parses them.
pub(crate) fn parsed(words: &[&str]) -> TimeArgs {
    match aoc_commands::try_parse(std::iter::once("aoc-days").chain(words.iter().copied())).unwrap().command {
        aoc_commands::Command::Time(args) => args,
        other => panic!("not time: {other:?}"),
    }
}

#[test]
fn timing_the_examples_gives_answers_memory_and_failures_in_rows() {
    let root = tempfile::tempdir().unwrap();
    let per_step = Duration::from_millis(5);
    let ids = [SUMS, FRESH, "2099-01".parse().unwrap()];
    let rows = time_solutions(
        root.path(),
        &ids,
        None,
        &SolutionChoice::default(),
        per_step,
        &indicatif::ProgressBar::hidden(),
    )
    .unwrap();
    let steps: Vec<(&str, &str)> = rows.iter().map(|r| (r.day.as_str(), r.step.as_str())).collect();
    let expected = [
        ("2100-1", "parse"),
        ("2100-1", "part 1"),
        ("2100-1", "part 2"),
        ("2100-2", "parse"),
        ("2100-2", "part 1"),
        ("2099-1", "parse"),
    ];
    assert_eq!(steps, expected);
    assert_eq!((rows[1].answer.as_deref(), rows[2].answer.as_deref()), (Some("-2"), Some("negative")));
    let timing = rows[1].timing.unwrap();
    assert!(timing.runs >= 10 && timing.first > 0.0, "{timing:?}");
    // Parsing collects the numbers: it allocates.
    assert!(rows[0].memory.unwrap().allocations > 0);
    assert_eq!(rows[4].error.as_deref(), Some("not solved yet"));
    assert!(!rows[4].fails, "a part not written yet is reported, and does not fail `time`");
    assert!(rows[5].error.as_deref().unwrap().contains("not implemented yet"));
    assert!(rows[5].fails);
    assert!(rows[..5].iter().all(|r| r.input == Some(InputId::example())), "{rows:?}");
}

#[test]
fn no_solution_is_an_answer_and_another_input_is_named_by_a_hash() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("empty.txt");
    std::fs::write(&file, "\u{feff}\r\n").unwrap();
    let per_step = Duration::from_millis(2);
    let rows = time_solutions(
        root.path(),
        &[SUMS],
        Some(&file),
        &SolutionChoice::default(),
        per_step,
        &indicatif::ProgressBar::hidden(),
    )
    .unwrap();
    assert_eq!(rows[1].answer.as_deref(), Some("0"));
    assert!(rows[2].error.as_deref().unwrap().starts_with("no solution"));
    assert!(!rows[2].fails, "no solution is an answer");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(rows[1].input, Some(InputId::file(aoc_workspace::text::normalize(&text).as_ref())), "named by a hash");
}

#[test]
fn the_machine_is_named_by_its_cpu_and_cores_only() {
    let machine = machine();
    assert!(machine.ends_with(" cores"), "{machine}");
    if let Ok(host) = std::fs::read_to_string("/etc/hostname") {
        let host = host.trim();
        assert!(host.is_empty() || !machine.contains(host), "the host name is private: {machine}");
    }
}

#[test]
fn saved_timings_do_not_make_the_commit_dirty_and_the_readme_says_when_it_is() {
    let root = tempfile::tempdir().unwrap();
    let git = |args: &[&str]| {
        let done = std::process::Command::new("git")
            .args(["-c", "user.name=t", "-c", "user.email=t@localhost"])
            .args(args)
            .current_dir(root.path())
            .output()
            .unwrap();
        assert!(done.status.success(), "git {args:?}");
    };
    std::fs::write(root.path().join("README.md"), "readme\n").unwrap();
    git(&["init", "-q"]);
    git(&["add", "-A"]);
    git(&["commit", "-qm", "base"]);
    let clean = commit(root.path());
    assert!(!clean.ends_with(DIRTY) && clean != "unknown", "{clean}");
    std::fs::create_dir_all(root.path().join("timings")).unwrap();
    std::fs::write(root.path().join("timings/a.json"), "{}").unwrap();
    assert_eq!(commit(root.path()), clean, "a saved baseline is the tool's own file");
    std::fs::write(root.path().join("README.md"), "changed\n").unwrap();
    assert_eq!(commit(root.path()), format!("{clean}{DIRTY}"));
    let at = |commit: String, machine: &str| {
        let report =
            Report { machine: machine.into(), commit, created: 1796101200, clock: String::new(), rows: Vec::new() };
        measured_note("--readme", &report, "")
    };
    let note = at(commit(root.path()), "a CPU, 2 cores");
    assert!(note.contains(&format!("at {clean} **with uncommitted changes**")) && !note.contains(DIRTY), "{note}");
    assert!(at(clean.clone(), "x").contains(&format!("at {clean} on x, 2026-12-01 05:00 UTC:")));
}

#[test]
fn a_part_not_written_yet_is_reported_and_saved_without_failing_the_command() {
    let root = tempfile::tempdir().unwrap();
    let args = parsed(&["time", "--save", "fresh", "--seconds", "0.002"]);
    let mut out = Vec::new();
    let outcome = command(root.path(), &[FRESH], &args, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(outcome, Outcome::Ok, "{text}");
    assert!(text.contains("not solved yet [1]"), "{text}");
    assert!(root.path().join("timings/fresh.json").exists(), "saved what it timed");
    // The scaffold's placeholder, `todo!()` and `unimplemented!()`; nothing else.
    assert!(not_written_yet("not solved yet: write part 1 in crates/aoc2100/src/day2/solve.rs"));
    assert!(not_written_yet("panicked: not yet implemented"));
    assert!(not_written_yet("panicked: not implemented: part 2"));
    assert!(!not_written_yet("panicked: out of cheese"));
    assert!(!not_written_yet("bad input: line 1: not solved yet"));
}

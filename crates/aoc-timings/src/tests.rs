use super::report::{change, memory_change, rewrite_readme, table, Style, README_END, README_START};
use super::*;

const MARKDOWN: Style = Style { markdown: true, answers: false };

fn summary(median: f64, spread: f64) -> Summary {
    Summary { runs: 10, batch: 1, first: median * 3.0, median, min: median - spread, max: median + spread, spread }
}

fn report(rows: Vec<Row>) -> Report {
    Report { machine: "test machine".into(), commit: "abc1234".into(), created: 1, rows }
}

fn row(day: &str, step: &str, timing: Option<Summary>, error: Option<&str>) -> Row {
    Row {
        day: day.into(),
        step: step.into(),
        solution: None,
        answer: timing.map(|_| "42".into()),
        error: error.map(str::to_string),
        fails: error.is_some(),
        timing,
        memory: timing.map(|_| Memory { peak_bytes: 2048, allocations: 3 }),
        input: Some(InputId::Example),
    }
}

#[test]
fn a_change_is_significant_only_beyond_both_spreads() {
    let old = summary(100.0, 10.0);
    let noisy = change(&old, &summary(115.0, 10.0));
    assert!(!noisy.significant);
    assert!((noisy.ratio - 1.15).abs() < 1e-9 && (noisy.percent - 15.0).abs() < 1e-9);
    assert!(change(&old, &summary(121.0, 10.0)).significant);
    assert!(change(&old, &summary(50.0, 1.0)).significant);
    let m = |peak_bytes, allocations| Memory { peak_bytes, allocations };
    assert_eq!(memory_change(&m(10, 1), &m(10, 1)), "same");
    assert_eq!(memory_change(&m(2048, 3), &m(1000, 2)), "peak 2.00 KiB -> 1000 B, allocs 3 -> 2");
}

#[test]
fn the_table_aligns_rows_shows_errors_memory_and_totals() {
    let mut batched = summary(1_500.0, 100.0);
    batched.batch = 16;
    let r = report(vec![
        row("2016-11", "parse", Some(batched), None),
        row("2016-11", "part 1", Some(summary(2_500_000.0, 1_000.0)), None),
        row("2016-11", "part 2", None, Some("no solution: nothing works")),
    ]);
    let text = table(&r, None, Style::TERMINAL);
    let lines: Vec<&str> = text.lines().collect();
    let header: Vec<&str> = lines[0].split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
    assert_eq!(
        header,
        [
            "day",
            "step",
            "input",
            "answer",
            "first call",
            "median",
            "min",
            "max",
            "spread",
            "samples",
            "peak heap",
            "allocs"
        ]
    );
    assert!(lines[1].contains("example") && lines[2].contains(" 42 "), "{text}");
    assert!(lines[1].contains("2016-11") && lines[1].contains("4.50 µs") && lines[1].contains("1.50 µs"), "{text}");
    assert!(lines[1].contains("10 x 16") && lines[1].contains("2.00 KiB") && lines[1].ends_with('3'), "{text}");
    assert!(lines[2].contains("2.50 ms"));
    assert!(lines[3].contains("no solution [1]"));
    assert!(lines[4].starts_with("total") && lines[4].contains("2.50 ms"));
    assert_eq!(lines[6], "[1] 2016-11 part 2: no solution: nothing works");
    // Right-aligned timing columns end at the same column (in characters: `µ` is two bytes).
    let end = |l: &str, s: &str| l.find(s).map(|i| l[..i].chars().count() + s.chars().count());
    assert_eq!(end(lines[1], "1.50 µs"), end(lines[2], "2.50 ms"));
    let md = table(&r, None, MARKDOWN);
    assert!(md.lines().next().unwrap().starts_with("| day"), "{md}");
    assert!(md.lines().nth(1).unwrap().starts_with("|--"), "{md}");
    // The README's table: no answers unless asked for; errors keep their label.
    assert!(!md.contains("answer") && !md.contains(" 42 "), "{md}");
    assert!(md.contains("no solution [1]") && md.contains("| example "), "{md}");
    let cells = |line: &str| line.split('|').count();
    assert!(md.lines().take(6).all(|l| cells(l) == cells(md.lines().next().unwrap())), "{md}");
    let with_answers = table(&r, None, Style { markdown: true, answers: true });
    assert!(with_answers.contains("| answer ") && with_answers.contains(" 42 "), "{with_answers}");
}

#[test]
fn inputs_are_named_by_a_hash_never_by_their_text() {
    let yours = InputId::yours("secret input\n");
    assert_eq!(yours, InputId::yours("secret input\n"));
    assert_ne!(yours, InputId::yours("secret input 2\n"));
    let stored = String::from(yours.clone());
    assert!(stored.starts_with("yours:") && !stored.contains("secret") && stored.len() == 6 + 16, "{stored}");
    assert_eq!(InputId::try_from(stored).unwrap(), yours);
    assert_eq!(InputId::try_from("example".to_string()).unwrap(), InputId::Example);
    assert!(InputId::try_from("yours:secret input".to_string()).is_err());
    assert_eq!(report::hash(""), "cbf29ce484222325", "FNV-1a's offset basis");
    assert_eq!(report::hash("a"), "af63dc4c8601ec8c", "FNV-1a 64 of `a`");
}

#[test]
fn json_round_trips_and_old_baselines_still_load() {
    let r = report(vec![row("2021-23", "part 2", Some(summary(1e6, 1e4)), None)]);
    let text = serde_json::to_string_pretty(&r).unwrap();
    assert!(text.contains("\"median\": 1000000.0") && text.contains("\"commit\": \"abc1234\""));
    assert!(text.contains("\"peak_bytes\": 2048") && text.contains("\"batch\": 1"));
    assert_eq!(serde_json::from_str::<Report>(&text).unwrap(), r);
    // Saved before batching and memory: no batch, first call or memory.
    let old = r#"{"machine":"m","commit":"c","created":5,"rows":[{"day":"2016-11","step":"parse","answer":null,"error":null,"timing":{"runs":10,"median":5.0,"min":4.0,"max":6.0,"spread":1.0}}]}"#;
    let loaded: Report = serde_json::from_str(old).unwrap();
    let timing = loaded.rows[0].timing.unwrap();
    assert_eq!((timing.batch, timing.first, loaded.rows[0].memory), (1, 0.0, None));
}

#[test]
fn baselines_save_load_compare_and_list_in_time_order() {
    let root = tempfile::tempdir().unwrap();
    let mut old = report(vec![row("2016-11", "part 1", Some(summary(100.0, 5.0)), None)]);
    let mut new = report(vec![row("2016-11", "part 1", Some(summary(50.0, 5.0)), None)]);
    (old.created, new.created) = (1_700_000_000, 1_700_000_600);
    new.rows[0].memory = Some(Memory { peak_bytes: 1024, allocations: 1 });
    // Names sort the other way round from the times: the listing follows the times.
    let path = store::save(root.path(), "z-before", &old).unwrap();
    assert!(path.ends_with("timings/z-before.json"), "in the repository, not under target/");
    store::save(root.path(), "a-after", &new).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(!saved.contains("42") && saved.contains("\"input\": \"example\""), "no answers saved: {saved}");
    old.rows[0].answer = None;
    assert_eq!(store::load(root.path(), "z-before").unwrap(), old);
    let listed: Vec<String> = store::all(root.path()).unwrap().into_iter().map(|(n, _)| n).collect();
    assert_eq!(listed, ["z-before", "a-after"]);
    let err = store::load(root.path(), "missing").unwrap_err();
    assert!(format!("{err:#}").contains("no baseline `missing`"));
    assert!(store::path(root.path(), "../escape").is_err());
    let mut out = Vec::new();
    print_comparison(root.path(), "z-before", "a-after", &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("x0.50 (-50.0%) faster"), "{text}");
    assert!(text.contains("peak 2.00 KiB -> 1.00 KiB, allocs 3 -> 1"), "{text}");

    let mut out = Vec::new();
    let svg = root.path().join("history.svg");
    print_history(root.path(), None, Some(&svg), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("baseline") && lines[0].contains("2016-11 part 1"), "{text}");
    assert!(lines[1].starts_with("z-before") && lines[1].contains("2023-11-14 22:13") && lines[1].contains("100 ns"));
    assert!(lines[2].starts_with("a-after") && lines[2].contains("2023-11-14 22:23") && lines[2].contains("50.0 ns"));
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.starts_with("<svg") && drawn.contains("2016-11 part 1") && drawn.contains("a-after (abc1234)"));
    std::fs::write(store::folder(root.path()).join("broken.json"), "{").unwrap();
    assert!(format!("{:#}", store::all(root.path()).unwrap_err()).contains("broken.json"));
}

#[test]
fn error_texts_are_cut_to_their_label_when_saved() {
    let root = tempfile::tempdir().unwrap();
    let r = report(vec![row("2016-11", "parse", None, Some("bad input: line 3: `a secret line` is not a floor"))]);
    let path = store::save(root.path(), "b", &r).unwrap();
    let saved = std::fs::read_to_string(path).unwrap();
    assert!(saved.contains("\"error\": \"bad input\"") && !saved.contains("secret"), "{saved}");
    let err = print_history(tempfile::tempdir().unwrap().path(), None, None, &mut Vec::new()).unwrap_err();
    assert!(err.to_string().contains("no saved baselines"), "{err}");
}

#[test]
fn the_readme_rewrite_keeps_everything_outside_the_markers() {
    let readme = format!("# Title\n\nintro\n\n{README_START}\nold table\n{README_END}\n\n## After\ntext\n");
    let new = rewrite_readme(&readme, "| new |\n").unwrap();
    assert_eq!(new, format!("# Title\n\nintro\n\n{README_START}\n| new |\n{README_END}\n\n## After\ntext\n"));
    assert_eq!(rewrite_readme(&new, "| newer |\n").unwrap(), new.replace("| new |", "| newer |"));
    assert!(rewrite_readme("# no markers\n", "x").is_err());
}

/// Set in the child process of the test below: the workspace root it saves baselines into.
const WRITER_ROOT: &str = "AOC_TEST_BASELINE_WRITER_ROOT";

/// A baseline large enough that writing it takes a while (a third of a megabyte of JSON).
fn large_report(created: u64) -> Report {
    let rows = (0..1000).map(|n| row(&format!("2016-{:02}", n % 25 + 1), "part 1", Some(summary(100.0, 1.0)), None));
    Report { created, ..report(rows.collect()) }
}

/// Not a test of its own: the writer the next test starts as a child process and kills.
/// It says when it starts, then saves baseline `killed` over and over until it is killed.
#[test]
fn baseline_writer_child_process() {
    let Some(root) = std::env::var_os(WRITER_ROOT) else { return };
    let root = std::path::PathBuf::from(root);
    let reports = [large_report(2), large_report(3)];
    std::fs::write(root.join("writing"), "").unwrap();
    for generation in 0.. {
        store::save(&root, "killed", &reports[generation % 2]).unwrap();
    }
}

#[test]
fn a_save_killed_at_any_moment_leaves_the_old_baseline_or_the_new_one() {
    let root = tempfile::tempdir().unwrap();
    let path = store::save(root.path(), "killed", &large_report(1)).unwrap();
    let whole = std::fs::metadata(&path).unwrap().len();
    for round in 0..30u64 {
        let _ = std::fs::remove_file(root.path().join("writing"));
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "tests::baseline_writer_child_process", "--test-threads=1", "--nocapture"])
            .env(WRITER_ROOT, root.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        while !root.path().join("writing").exists() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        // Somewhere in the child's first saves, and at once if the baseline is ever seen
        // partly written (a writer that truncates first is caught in the act).
        let until = std::time::Instant::now() + std::time::Duration::from_millis(round * 37 % 200);
        while std::time::Instant::now() < until && std::fs::metadata(&path).is_ok_and(|m| m.len() == whole) {}
        child.kill().unwrap(); // SIGKILL: no clean-up runs
        child.wait().unwrap();
        let baseline = store::load(root.path(), "killed");
        assert!(baseline.as_ref().is_ok_and(|b| b.rows.len() == 1000), "round {round}: {baseline:?}");
        assert!(store::all(root.path()).is_ok(), "round {round}: `time --history` reads every baseline");
    }
}

/// A row of the named solution `name`.
fn named(day: &str, step: &str, name: &str, timing: Option<Summary>, error: Option<&str>) -> Row {
    Row { solution: Some(name.to_string()), ..row(day, step, timing, error) }
}

/// 2100-5 with a default and two named solutions of part 1.
fn compared(scale: f64) -> Report {
    report(vec![
        row("2100-5", "parse", Some(summary(50.0, 1.0)), None),
        row("2100-5", "part 1", Some(summary(100.0, 2.0)), None),
        named("2100-5", "part 1", "dijkstra", Some(summary(410.0 * scale, 4.0)), None),
        named("2100-5", "part 1", "astar", Some(summary(77.0, 1.0)), None),
        named("2100-5", "part 1", "close", Some(summary(101.0, 5.0)), None),
        row("2100-5", "part 2", Some(summary(1000.0, 10.0)), None),
    ])
}

#[test]
fn solutions_get_a_column_and_a_ratio_to_their_default() {
    let text = table(&compared(1.0), None, Style::TERMINAL);
    let lines: Vec<&str> = text.lines().collect();
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert!(header.starts_with(&["day", "step", "solution", "input"]) && lines[0].ends_with("relative"), "{text}");
    let line = |name: &str| *lines.iter().find(|l| l.contains(name)).unwrap();
    assert!(line("part 1  default").ends_with(" 1.00"), "{text}");
    assert!(line("dijkstra").ends_with(" 4.10x slower"), "{text}");
    assert!(line("astar").ends_with(" 1.30x faster"), "{text}");
    // 1% apart with spreads of 2% and 5%: the uncertainty is shown, not a direction.
    assert!(line("close").ends_with(" 1.01x ± 0.05"), "{text}");
    assert!(line("parse").trim_end().ends_with(" 3"), "no ratio for the parser: {text}");
    assert!(line("total").contains("1.15 µs"), "the total is the defaults': {text}");
    // Without named solutions the table is as it always was.
    let plain = table(&report(vec![row("2100-5", "part 1", Some(summary(100.0, 2.0)), None)]), None, MARKDOWN);
    assert!(!plain.contains("solution") && !plain.contains("relative"), "{plain}");
    // Markdown without answers keeps the columns in place.
    let markdown = table(&compared(1.0), None, MARKDOWN);
    assert!(markdown.starts_with("| day    | step   | solution | input   | first call |"), "{markdown}");
    assert!(markdown.contains("| 2100-5 | part 1 | dijkstra | example |"), "{markdown}");
}

#[test]
fn a_failed_solution_is_named_under_the_table() {
    let mut rows = compared(1.0).rows;
    rows.push(named("2100-5", "part 1", "wrong", None, Some("answer 7 differs from the default's 42: not timed")));
    let text = table(&report(rows), None, Style::TERMINAL);
    assert!(text.contains("[1] 2100-5 part 1 wrong: answer 7 differs from the default's 42: not timed"), "{text}");
}

#[test]
fn a_baseline_with_solutions_is_compared_per_solution_and_old_ones_still_read() {
    let root = tempfile::tempdir().unwrap();
    store::save(root.path(), "before", &compared(1.0)).unwrap();
    store::save(root.path(), "after", &compared(0.5)).unwrap();
    let saved = std::fs::read_to_string(root.path().join("timings/before.json")).unwrap();
    assert!(saved.contains("\"solution\": \"dijkstra\""), "{saved}");
    assert_eq!(saved.matches("\"solution\"").count(), 3, "a default's row is written as before: {saved}");
    let mut out = Vec::new();
    print_comparison(root.path(), "before", "after", &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let dijkstra = text.lines().find(|l| l.contains("dijkstra")).unwrap();
    assert!(dijkstra.contains("410 ns") && dijkstra.contains("x0.50 (-50.0%) faster"), "{text}");
    let astar = text.lines().find(|l| l.contains("astar")).unwrap();
    assert!(astar.contains("x1.00 (+0.0%) within noise"), "{text}");
    // A baseline saved before solutions were told apart: every row is a default's.
    let old = saved.replace("      \"solution\": \"dijkstra\",\n", "").replace("      \"solution\": \"astar\",\n", "");
    let old: Report = serde_json::from_str(&old).unwrap();
    assert!(old.rows.iter().filter(|r| r.step == "part 1").filter(|r| r.solution.is_none()).count() >= 2);
    let mut out = Vec::new();
    print_history(root.path(), None, None, &mut out).unwrap();
    let history = String::from_utf8(out).unwrap();
    assert!(history.lines().next().unwrap().contains("2100-5 part 1 dijkstra"), "{history}");
    let svg = root.path().join("chart.svg");
    history::plot(&store::all(root.path()).unwrap(), None, &svg).unwrap();
    assert!(std::fs::read_to_string(&svg).unwrap().contains("2100-5 part 1 astar"));
}

#[test]
fn a_docs_table_is_rewritten_between_its_markers() {
    let page =
        "# Day\n\n<!-- timings:start (cargo xtask time 2100-5 --doc docs/x.md) -->\nold\n<!-- timings:end -->\nafter\n";
    let new = report::rewrite_between(page, report::DOC_START, "| new |\n").unwrap();
    assert_eq!(new, "# Day\n\n<!-- timings:start (cargo xtask time 2100-5 --doc docs/x.md) -->\n| new |\n<!-- timings:end -->\nafter\n");
    assert!(report::rewrite_between("no markers", report::DOC_START, "x").is_err());
}

use super::compare::{change, relative, resolution, Change, FLOOR};
use super::report::{rewrite_between, README_END, README_START};
use super::table::{memory_change, table, Style};
use super::*;

const MARKDOWN: Style = Style { markdown: true, answers: false, width: None };
const WIDE: Style = Style { markdown: false, answers: true, width: None };

fn summary(median: f64, spread: f64) -> Summary {
    Summary {
        runs: 10,
        batch: 1,
        first: median * 3.0,
        median,
        min: median - spread,
        max: median + spread,
        spread,
        low: None,
        wall: None,
        calibration: Some(34.0),
        load: Some(0.0),
    }
}

/// A report of another commit than the fixtures' when `scale` is not 1: a comparison
/// between the two is a comparison of different code.
fn at_scale(scale: f64, report: Report) -> Report {
    if scale == 1.0 {
        report
    } else {
        Report { commit: format!("{scale}"), ..report }
    }
}

fn report(rows: Vec<Row>) -> Report {
    Report {
        machine: "test machine".into(),
        commit: "abc1234".into(),
        created: 1,
        clock: "thread CPU time".into(),
        rows,
    }
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
        input: Some(InputId::example()),
    }
}

/// A timing whose samples lie between `min` and `median`-ish: its tenth percentile
/// `low_above` (a fraction) above the fastest.
fn sampled(min: f64, low_above: f64) -> Summary {
    Summary { low: Some(min * (1.0 + low_above)), ..summary(min * (1.0 + 2.0 * low_above), min * low_above) }
        .with_min(min)
}

trait WithMin {
    fn with_min(self, min: f64) -> Self;
}

impl WithMin for Summary {
    fn with_min(self, min: f64) -> Summary {
        Summary { min, ..self }
    }
}

#[test]
fn a_change_counts_only_beyond_what_the_runs_resolve() {
    let steady = sampled(100.0, 0.02);
    // The fastest samples are compared: a loaded run's median rose by half, its min by 8%.
    let loaded = Summary { median: 160.0, ..sampled(108.0, 0.04) };
    let c = change(&steady, &loaded, true);
    assert!((c.ratio - 1.08).abs() < 1e-9 && c.old == 100.0, "{c:?}");
    assert_eq!((c.resolution, c.is_change()), (FLOOR, false));
    assert_eq!(c.words(), "no change (±15%)");
    let twice = change(&steady, &sampled(200.0, 0.02), true);
    assert_eq!((twice.is_change(), twice.words()), (true, "2.00x slower".to_string()));
    let half = change(&steady, &sampled(50.0, 0.02), true);
    assert_eq!(half.words(), "2.00x faster");
    // When most samples were slowed (the tenth percentile 60% above the fastest), the
    // fastest is a rarer sample: the resolution widens to half that.
    let rough = sampled(100.0, 0.6);
    assert!((resolution(&steady, &rough) - 0.3).abs() < 1e-9);
    assert!(!change(&steady, &sampled(125.0, 0.6), true).is_change());
    assert_eq!(change(&steady, &sampled(200.0, 0.6), true).words(), "2.00x slower");
    // Nothing to compare with: never faster or slower.
    let nothing = Change { old: 0.0, ratio: f64::NAN, resolution: FLOOR, judged: true };
    assert!(!nothing.is_change());
    let m = |peak_bytes, allocations| Memory { peak_bytes, allocations };
    assert_eq!(memory_change(&m(10, 1), &m(10, 1)), "same");
    assert_eq!(memory_change(&m(2048, 3), &m(1000, 2)), "peak 2.00 KiB -> 1000 B, allocs 3 -> 2");
}

/// `report`'s rows with every time multiplied by `times` and every calibration by
/// `calibration`, measured at another commit.
fn scaled(report: &Report, times: f64, calibration: f64) -> Report {
    let mut copy = Report { commit: "def5678".into(), ..report.clone() };
    for timing in copy.rows.iter_mut().filter_map(|r| r.timing.as_mut()) {
        let low = timing.low.map(|l| l * times);
        *timing = Summary {
            median: timing.median * times,
            min: timing.min * times,
            max: timing.max * times,
            low,
            calibration: timing.calibration.map(|c| c * calibration),
            ..*timing
        };
    }
    copy
}

#[test]
fn runs_of_two_sessions_get_a_verdict_only_when_nothing_says_they_differ() {
    let base = report(vec![row("2021-23", "part 1", Some(sampled(100.0, 0.02)), None)]);
    let text = |old: &Report, new: &Report| table(new, Some(old), WIDE);
    // The issue's two adversarial copies: never `no change` for a 100x or 3x difference.
    for (times, calibration, shown) in [(0.01, 1.5, "0.01x, no verdict"), (3.0, 2.0, "3.00x, no verdict")] {
        let copy = scaled(&base, times, calibration);
        let out = text(&base, &copy);
        assert!(!out.contains("no change") && out.contains(shown), "{out}");
        assert!(out.contains("calibration workload ran") && out.contains("--against REV"), "{out}");
    }
    // Comparable runs: a verdict, both ways.
    assert!(text(&base, &scaled(&base, 2.0, 1.0)).contains("2.00x slower"));
    assert!(text(&base, &scaled(&base, 0.5, 1.05)).contains("2.00x faster"));
    // The same clean commit is the same code: never faster or slower.
    let same = Report { commit: base.commit.clone(), ..scaled(&base, 0.5, 1.0) };
    let out = text(&base, &same);
    assert!(out.contains("0.50x, no verdict") && out.contains("the same code"), "{out}");
    let dirty = |r: &Report| Report { commit: "abc1234-dirty".into(), ..r.clone() };
    assert!(text(&dirty(&base), &dirty(&scaled(&base, 0.5, 1.0))).contains("2.00x faster"), "uncommitted: may differ");
    // Another machine, another load, or a load not recorded: no verdict, and why.
    let elsewhere = Report { machine: "another CPU, 8 cores".into(), ..scaled(&base, 2.0, 1.0) };
    assert!(text(&base, &elsewhere).contains("the machines differ"));
    let on_the_wall = Report { clock: report::WALL_CLOCK.into(), ..scaled(&base, 2.0, 1.0) };
    assert!(text(&base, &on_the_wall).contains("the clocks differ (thread CPU time; wall clock)"));
    let mut busy = scaled(&base, 1.3, 1.0);
    busy.rows[0].timing.as_mut().unwrap().load = Some(4.0);
    let out = text(&base, &busy);
    assert!(out.contains("1.30x, no verdict") && out.contains("the load differs (0.0 and 4.0"), "{out}");
    busy.rows[0].timing.as_mut().unwrap().load = None;
    assert!(text(&base, &busy).contains("does not record its load"));
    // History marks a change only between comparable runs.
    let (mut old, mut new) = (base.clone(), scaled(&base, 0.01, 1.5));
    (old.created, new.created) = (1, 2);
    let listed = history::table(&[("a".into(), old), ("b".into(), new)], None);
    assert!(!listed.contains('%'), "{listed}");
}

#[test]
fn solutions_within_noise_of_their_default_are_the_same() {
    let default = sampled(100.0, 0.02);
    assert_eq!(relative(&default, &default), "same (±15%)");
    assert_eq!(relative(&default, &sampled(110.0, 0.02)), "same (±15%)");
    assert_eq!(relative(&default, &sampled(410.0, 0.02)), "4.10x slower");
    assert_eq!(relative(&default, &sampled(25.0, 0.02)), "4.00x faster");
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
    let text = table(&r, None, WIDE);
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
            "p10",
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
    let with_answers = table(&r, None, Style { answers: true, ..MARKDOWN });
    assert!(with_answers.contains("| answer ") && with_answers.contains(" 42 "), "{with_answers}");
}

#[test]
fn inputs_are_named_by_a_hash_never_by_their_text() {
    let yours = InputId::yours("secret input\n");
    assert_eq!(yours, InputId::yours("secret input\n"));
    assert_ne!(yours, InputId::yours("secret input 2\n"));
    let stored = serde_json::to_value(&yours).unwrap().as_str().unwrap().to_string();
    assert!(stored.starts_with("yours:") && !stored.contains("secret") && stored.len() == 6 + 16, "{stored}");
    assert_eq!(InputId::try_from(stored).unwrap(), yours);
    assert_eq!(InputId::try_from("example".to_string()).unwrap(), InputId::example());
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
    new.commit = "def5678".into();
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
    print_comparison(root.path(), "z-before", "a-after", true, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("2.11x faster"), "95 ns to 45 ns: {text}");
    assert!(text.contains("peak 2.00 KiB -> 1.00 KiB, allocs 3 -> 1"), "{text}");

    let mut out = Vec::new();
    let svg = root.path().join("history.svg");
    print_history(root.path(), None, Some(&svg), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("baseline") && lines[0].contains("2016-11 part 1"), "{text}");
    assert!(lines[1].starts_with("z-before") && lines[1].contains("2023-11-14 22:13") && lines[1].contains("95.0 ns"));
    // The fastest samples, 95 ns then 45 ns: more than the runs resolve, so the change shows.
    assert!(
        lines[2].starts_with("a-after") && lines[2].contains("2023-11-14 22:23") && lines[2].contains("45.0 ns (-53%)")
    );
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.starts_with("<svg") && drawn.contains("2016-11 part 1") && drawn.contains("a-after (def5678)"));
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
    let new = rewrite_between(&readme, README_START, "| new |\n").unwrap();
    assert_eq!(new, format!("# Title\n\nintro\n\n{README_START}\n| new |\n{README_END}\n\n## After\ntext\n"));
    assert_eq!(rewrite_between(&new, README_START, "| newer |\n").unwrap(), new.replace("| new |", "| newer |"));
    assert!(rewrite_between("# no markers\n", README_START, "x").is_err());
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
    // Each round is a process and up to 200 ms of waiting: ten spread the kill over the
    // first saves in a plain `cargo test`, the deep checks try thirty moments.
    for round in 0..u64::from(test_kit::cases(10, 30)) {
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
    at_scale(
        scale,
        report(vec![
            row("2100-5", "parse", Some(summary(50.0, 1.0)), None),
            row("2100-5", "part 1", Some(summary(100.0, 2.0)), None),
            named("2100-5", "part 1", "dijkstra", Some(summary(410.0 * scale, 4.0)), None),
            named("2100-5", "part 1", "astar", Some(summary(77.0, 1.0)), None),
            named("2100-5", "part 1", "close", Some(summary(101.0, 5.0)), None),
            row("2100-5", "part 2", Some(summary(1000.0, 10.0)), None),
        ]),
    )
}

#[test]
fn solutions_get_a_column_and_a_ratio_to_their_default() {
    let text = table(&compared(1.0), None, WIDE);
    let lines: Vec<&str> = text.lines().collect();
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert!(header.starts_with(&["day", "step", "solution", "input"]) && lines[0].ends_with("relative"), "{text}");
    let line = |name: &str| *lines.iter().find(|l| l.contains(name)).unwrap();
    assert!(line("part 1  default").ends_with(" 1.00"), "{text}");
    // On the fastest samples: 406 ns and 76 ns against the default's 98 ns.
    assert!(line("dijkstra").ends_with(" 4.14x slower"), "{text}");
    assert!(line("astar").ends_with(" 1.29x faster"), "{text}");
    // 2% apart: within what one run resolves.
    assert!(line("close").ends_with(" same (±15%)"), "{text}");
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
    print_comparison(root.path(), "before", "after", true, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let dijkstra = text.lines().find(|l| l.contains("dijkstra")).unwrap();
    assert!(dijkstra.contains("406 ns") && dijkstra.contains("2.02x faster"), "{text}");
    let astar = text.lines().find(|l| l.contains("astar")).unwrap();
    assert!(astar.contains("76.0 ns") && astar.contains("no change (±15%)"), "{text}");
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

/// A report with long names and answers, against a baseline: what a user's day can look like.
fn wide_report(scale: f64) -> Report {
    let mut rows = compared(scale).rows;
    rows[1].answer = Some("a rather long answer word".into());
    rows.push(row("2100-5", "part 2", None, Some("bad input: line 3: `x` is not a number, and this message is long enough to wrap twice over at eighty columns or so")));
    for row in &mut rows {
        row.input = Some(InputId::yours("input"));
        if let Some(t) = row.timing.as_mut() {
            t.wall = Some(Wall { median: t.median * 1.5, low: t.min * 1.1, min: t.min });
            t.low = Some(t.min * 1.01);
        }
    }
    at_scale(scale, report(rows))
}

#[test]
fn terminal_tables_fit_their_width_and_wide_shows_every_column() {
    let (old, new) = (wide_report(1.0), wide_report(0.5));
    for width in [100, 90] {
        let style = Style { width: Some(width), ..Style::TERMINAL };
        for text in [table(&new, None, style), table(&new, Some(&old), style)] {
            let longest = text.lines().map(|l| l.chars().count()).max().unwrap();
            assert!(longest <= width, "{longest} > {width}:\n{text}");
            assert!(text.contains("--wide"), "says where the rest is: {text}");
            assert!(text.contains("[1] 2100-5 part 2: bad input: line 3"), "{text}");
        }
    }
    let narrow = table(&new, Some(&old), Style::TERMINAL);
    let header = narrow.lines().next().unwrap();
    for kept in ["day", "step", "solution", "min", "relative", "min before", "change"] {
        assert!(header.contains(kept), "{kept}: {narrow}");
    }
    // One solution a part: the median and the memory fit beside the change.
    let defaults =
        |r: &Report| Report { rows: r.rows.iter().filter(|r| r.solution.is_none()).cloned().collect(), ..r.clone() };
    let plain = table(&defaults(&new), Some(&defaults(&old)), Style::TERMINAL);
    let header = plain.lines().next().unwrap();
    for kept in ["answer", "median", "min", "peak heap", "allocs", "min before", "change"] {
        assert!(header.contains(kept), "{kept}: {plain}");
    }
    assert!(plain.lines().all(|l| l.chars().count() <= 100), "{plain}");
    assert!(narrow.contains("2.02x faster") && narrow.contains("input: yours "), "{narrow}");
    let wide = table(&new, Some(&old), WIDE);
    let header = wide.lines().next().unwrap();
    for every in [
        "input",
        "first call",
        "p10",
        "max",
        "spread",
        "wall median",
        "samples",
        "peak heap",
        "allocs",
        "memory change",
    ] {
        assert!(header.contains(every), "{every}: {wide}");
    }
    assert!(!wide.contains("--wide") && wide.contains("a rather long answer word"), "{wide}");
    // Narrower still: long answers move under the table.
    let tight = table(&new, None, Style { width: Some(60), ..Style::TERMINAL });
    assert!(
        tight.contains("see [2]") && tight.contains("[2] 2100-5 part 1 answer: a rather long answer word"),
        "{tight}"
    );
}

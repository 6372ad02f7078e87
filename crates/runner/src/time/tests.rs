use super::*;

fn summary(median: f64, spread: f64) -> Summary {
    Summary { runs: 10, median, min: median - spread, max: median + spread, spread }
}

fn report(rows: Vec<Row>) -> Report {
    Report { machine: "test machine".into(), commit: "abc1234".into(), created: 1, rows }
}

fn row(day: &str, step: &str, timing: Option<Summary>, error: Option<&str>) -> Row {
    Row {
        day: day.into(),
        step: step.into(),
        answer: timing.map(|_| "42".into()),
        error: error.map(str::to_string),
        timing,
    }
}

#[test]
fn statistics_of_fixed_samples() {
    let s = Summary::of(&[5.0, 1.0, 4.0, 2.0, 3.0]).unwrap();
    assert_eq!((s.runs, s.median, s.min, s.max, s.spread), (5, 3.0, 1.0, 5.0, 2.0));
    let even = Summary::of(&[1.0, 2.0, 3.0, 10.0]).unwrap();
    assert_eq!(even.median, 2.5);
    assert_eq!(even.spread, 4.75 - 1.75);
    assert_eq!(Summary::of(&[7.0]).unwrap().spread, 0.0);
    assert!(Summary::of(&[]).is_none());
}

#[test]
fn a_change_is_significant_only_beyond_both_spreads() {
    let old = summary(100.0, 10.0);
    let noisy = change(&old, &summary(115.0, 10.0));
    assert!(!noisy.significant);
    assert!((noisy.ratio - 1.15).abs() < 1e-9 && (noisy.percent - 15.0).abs() < 1e-9);
    assert!(change(&old, &summary(121.0, 10.0)).significant);
    assert!(change(&old, &summary(50.0, 1.0)).significant);
}

#[test]
fn the_table_aligns_rows_shows_errors_and_totals() {
    let r = report(vec![
        row("2016-11", "parse", Some(summary(1_500.0, 100.0)), None),
        row("2016-11", "part 1", Some(summary(2_500_000.0, 1_000.0)), None),
        row("2016-11", "part 2", None, Some("no solution: nothing works")),
    ]);
    let text = table(&r, None, false);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].split_whitespace().eq(["day", "step", "answer", "median", "min", "max", "spread", "runs"]));
    assert!(lines[1].contains("2016-11") && lines[1].contains("1.50 µs") && lines[1].ends_with("10"));
    assert!(lines[2].contains("2.50 ms"));
    assert!(lines[3].contains("no solution [1]"));
    assert!(lines[4].starts_with("total") && lines[4].contains("2.50 ms"));
    assert_eq!(lines[6], "[1] 2016-11 part 2: no solution: nothing works");
    // Right-aligned timing columns end at the same column (in characters: `µ` is two bytes).
    let end = |l: &str, s: &str| l.find(s).map(|i| l[..i].chars().count() + s.chars().count());
    assert_eq!(end(lines[1], "1.50 µs"), end(lines[2], "2.50 ms"));
    let md = table(&r, None, true);
    assert!(md.lines().next().unwrap().starts_with("| day"), "{md}");
    assert!(md.lines().nth(1).unwrap().starts_with("|--"), "{md}");
}

#[test]
fn json_round_trips() {
    let r = report(vec![row("2021-23", "part 2", Some(summary(1e6, 1e4)), None)]);
    let text = serde_json::to_string_pretty(&r).unwrap();
    assert!(text.contains("\"median\": 1000000.0") && text.contains("\"commit\": \"abc1234\""));
    assert_eq!(serde_json::from_str::<Report>(&text).unwrap(), r);
}

#[test]
fn baselines_save_load_and_compare() {
    let root = tempfile::tempdir().unwrap();
    let old = report(vec![row("2016-11", "part 1", Some(summary(100.0, 5.0)), None)]);
    let new = report(vec![row("2016-11", "part 1", Some(summary(50.0, 5.0)), None)]);
    let path = save(root.path(), "before", &old).unwrap();
    assert!(path.ends_with("target/xtask/baselines/before.json"));
    save(root.path(), "after", &new).unwrap();
    assert_eq!(load(root.path(), "before").unwrap(), old);
    let err = load(root.path(), "missing").unwrap_err();
    assert!(format!("{err:#}").contains("no baseline `missing`"));
    assert!(baseline_path(root.path(), "../escape").is_err());
    let mut out = Vec::new();
    let args = TimeArgs {
        days: None,
        json: false,
        save: None,
        baseline: None,
        compare: Some(("before".into(), "after".into())),
        readme: false,
        seconds: 1.0,
    };
    command(root.path(), &args, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("x0.50 (-50.0%) faster"), "{text}");
}

#[test]
fn the_readme_rewrite_keeps_everything_outside_the_markers() {
    let readme = format!("# Title\n\nintro\n\n{README_START}\nold table\n{README_END}\n\n## After\ntext\n");
    let new = rewrite_readme(&readme, "| new |\n").unwrap();
    assert_eq!(new, format!("# Title\n\nintro\n\n{README_START}\n| new |\n{README_END}\n\n## After\ntext\n"));
    assert_eq!(rewrite_readme(&new, "| newer |\n").unwrap(), new.replace("| new |", "| newer |"));
    assert!(rewrite_readme("# no markers\n", "x").is_err());
}

#[test]
fn timing_the_examples_gives_answers_and_failures_in_rows() {
    let root = tempfile::tempdir().unwrap();
    let budget = Budget { per_step: Duration::from_millis(5), min_runs: 10 };
    let ids = ["2016-11".parse().unwrap(), "2016-12".parse().unwrap()];
    let rows = time_days(root.path(), &ids, &budget, &indicatif::ProgressBar::hidden()).unwrap();
    let steps: Vec<(&str, &str)> = rows.iter().map(|r| (r.day.as_str(), r.step.as_str())).collect();
    assert_eq!(steps, [("2016-11", "parse"), ("2016-11", "part 1"), ("2016-11", "part 2"), ("2016-12", "parse")]);
    assert_eq!(rows[1].answer.as_deref(), Some("11"));
    assert!(rows[1].timing.unwrap().runs >= 10);
    assert!(rows[2].error.as_deref().unwrap().starts_with("no solution"));
    assert!(rows[3].error.as_deref().unwrap().contains("not implemented yet"));
}

use std::time::Duration;

use super::measure::Summary;
use super::report::{change, memory_change, rewrite_readme, table, README_END, README_START};
use super::*;
use crate::alloc::Memory;

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
        answer: timing.map(|_| "42".into()),
        error: error.map(str::to_string),
        fails: error.is_some(),
        timing,
        memory: timing.map(|_| Memory { peak_bytes: 2048, allocations: 3 }),
    }
}

fn args() -> TimeArgs {
    TimeArgs {
        days: Vec::new(),
        days_named: false,
        input: None,
        json: false,
        save: None,
        baseline: None,
        compare: None,
        readme: false,
        seconds: 1.0,
        history: false,
        plot: None,
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
    let text = table(&r, None, false);
    let lines: Vec<&str> = text.lines().collect();
    let header: Vec<&str> = lines[0].split("  ").map(str::trim).filter(|c| !c.is_empty()).collect();
    assert_eq!(
        header,
        ["day", "step", "answer", "first call", "median", "min", "max", "spread", "samples", "peak heap", "allocs"]
    );
    assert!(lines[1].contains("2016-11") && lines[1].contains("4.50 µs") && lines[1].contains("1.50 µs"), "{text}");
    assert!(lines[1].contains("10 x 16") && lines[1].contains("2.00 KiB") && lines[1].ends_with('3'), "{text}");
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
    let path = baseline::save(root.path(), "z-before", &old).unwrap();
    assert!(path.ends_with("target/xtask/baselines/z-before.json"));
    baseline::save(root.path(), "a-after", &new).unwrap();
    assert_eq!(baseline::load(root.path(), "z-before").unwrap(), old);
    let listed: Vec<String> = baseline::all(root.path()).unwrap().into_iter().map(|(n, _)| n).collect();
    assert_eq!(listed, ["z-before", "a-after"]);
    let err = baseline::load(root.path(), "missing").unwrap_err();
    assert!(format!("{err:#}").contains("no baseline `missing`"));
    assert!(baseline::path(root.path(), "../escape").is_err());
    let mut out = Vec::new();
    let compare = TimeArgs { compare: Some(("z-before".into(), "a-after".into())), ..args() };
    command(root.path(), &compare, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("x0.50 (-50.0%) faster"), "{text}");
    assert!(text.contains("peak 2.00 KiB -> 1.00 KiB, allocs 3 -> 1"), "{text}");

    let mut out = Vec::new();
    let svg = root.path().join("history.svg");
    let history = TimeArgs { history: true, plot: Some(svg.clone()), ..args() };
    command(root.path(), &history, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("baseline") && lines[0].contains("2016-11 part 1"), "{text}");
    assert!(lines[1].starts_with("z-before") && lines[1].contains("2023-11-14 22:13") && lines[1].contains("100 ns"));
    assert!(lines[2].starts_with("a-after") && lines[2].contains("2023-11-14 22:23") && lines[2].contains("50.0 ns"));
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.starts_with("<svg") && drawn.contains("2016-11 part 1") && drawn.contains("a-after (abc1234)"));
    std::fs::write(baseline::folder(root.path()).join("broken.json"), "{").unwrap();
    assert!(format!("{:#}", baseline::all(root.path()).unwrap_err()).contains("broken.json"));
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
fn timing_the_examples_gives_answers_memory_and_failures_in_rows() {
    let root = tempfile::tempdir().unwrap();
    let budget = Budget { per_step: Duration::from_millis(5), ..Budget::new(1.0) };
    let ids = ["2016-11".parse().unwrap(), "2099-01".parse().unwrap()];
    let rows = time_days(root.path(), &ids, None, &budget, &indicatif::ProgressBar::hidden()).unwrap();
    let steps: Vec<(&str, &str)> = rows.iter().map(|r| (r.day.as_str(), r.step.as_str())).collect();
    assert_eq!(steps, [("2016-11", "parse"), ("2016-11", "part 1"), ("2016-11", "part 2"), ("2099-01", "parse")]);
    assert_eq!(rows[1].answer.as_deref(), Some("11"));
    let timing = rows[1].timing.unwrap();
    assert!(timing.runs >= 10 && timing.first > 0.0, "{timing:?}");
    // Parsing builds the layout: it allocates.
    assert!(rows[0].memory.unwrap().allocations > 0);
    assert!(rows[2].error.as_deref().unwrap().starts_with("no solution"));
    assert!(!rows[2].fails, "no solution is an answer");
    assert!(rows[3].error.as_deref().unwrap().contains("not implemented yet"));
    assert!(rows[3].fails);
}

#[test]
fn another_input_is_timed_for_one_day_only() {
    let root = tempfile::tempdir().unwrap();
    let file = root.path().join("layout.txt");
    std::fs::write(
        &file,
        "The first floor contains a x generator and a x-compatible microchip.\nThe second floor contains nothing relevant.\nThe third floor contains nothing relevant.\nThe fourth floor contains nothing relevant.\n",
    )
    .unwrap();
    let budget = Budget { per_step: Duration::from_millis(2), ..Budget::new(1.0) };
    let ids = ["2016-11".parse().unwrap()];
    let rows = time_days(root.path(), &ids, Some(&file), &budget, &indicatif::ProgressBar::hidden()).unwrap();
    assert_eq!(rows[1].answer.as_deref(), Some("3"));
    let two =
        TimeArgs { days: vec!["2016-11".parse().unwrap(), "2021-23".parse().unwrap()], input: Some(file), ..args() };
    let err = command(root.path(), &two, &mut Vec::new()).unwrap_err();
    assert!(err.to_string().contains("name exactly one day"), "{err}");
}

use std::time::Duration;

use super::*;

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
        with_answers: false,
        seconds: 1.0,
        history: false,
        plot: None,
        doc: None,
        solution: SolutionChoice::default(),
    }
}

#[test]
fn timing_the_examples_gives_answers_memory_and_failures_in_rows() {
    let root = tempfile::tempdir().unwrap();
    let budget = Budget { per_step: Duration::from_millis(5), ..Budget::new(1.0) };
    let ids = ["2016-11".parse().unwrap(), "2099-01".parse().unwrap()];
    let only_default = SolutionChoice::only_default();
    let rows =
        time_solutions(root.path(), &ids, None, &only_default, &budget, &indicatif::ProgressBar::hidden()).unwrap();
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
    assert!(rows[..3].iter().all(|r| r.input == Some(InputId::Example)), "{rows:?}");
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
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(rows[1].input, Some(InputId::file(&text)), "a given file is named by its hash");
    let two =
        TimeArgs { days: vec!["2016-11".parse().unwrap(), "2021-23".parse().unwrap()], input: Some(file), ..args() };
    let err = command(root.path(), &two, &mut Vec::new()).unwrap_err();
    assert!(err.to_string().contains("name exactly one day"), "{err}");
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

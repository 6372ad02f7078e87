use super::*;

fn parse(line: &str) -> Result<Cli, clap::Error> {
    try_parse(std::iter::once("cargo xtask").chain(line.split_whitespace()))
}

fn run(line: &str) -> RunArgs {
    match parse(line).unwrap().command {
        Command::Run(args) => args,
        other => panic!("not a run: {other:?}"),
    }
}

fn day(text: &str) -> DayId {
    text.parse().unwrap()
}

#[test]
fn every_spelling_of_the_part_means_the_same() {
    for spelling in ["-p2", "-p 2", "--part 2", "--part=2"] {
        let args = run(&format!("run 2016-11 {spelling} --submit"));
        assert_eq!(args.part, Some(Part::Two), "{spelling}");
        assert_eq!(args.parts(), [Part::Two], "{spelling}: --submit submits what it shows");
    }
    assert_eq!(run("run 2016-11").parts(), Part::BOTH);
    for bad in ["run 2016-11 -p3", "run 2016-11 --part 0", "run 2016-11 -p x", "submit 2016-11 3"] {
        assert_eq!(parse(bad).unwrap_err().exit_code(), 2, "{bad}");
    }
}

#[test]
fn days_are_parsed_by_the_definition() {
    assert_eq!(run("run all 2099-01").days, [Days::All, Days::One(day("2099-1"))]);
    let err = parse("run 2016-26").unwrap_err();
    assert_eq!(err.exit_code(), 2);
    assert!(err.to_string().contains("days run from 1 to 25"), "{err}");
    assert!(parse("run").is_err(), "run needs a day");
    let implemented = [day("2016-11"), day("2021-23")];
    let expanded = expand(&run("run all 2099-01 2016-11").days, &implemented);
    assert_eq!(expanded, [day("2016-11"), day("2021-23"), day("2099-01")], "each once, unknown days kept");
}

#[test]
fn a_year_stands_for_its_implemented_days() {
    assert_eq!(run("run 2016").days, [Days::Year(2016)]);
    let implemented = [day("2015-1"), day("2015-3"), day("2016-11"), day("2021-23")];
    assert_eq!(expand(&run("run 2015 2016-11").days, &implemented), [day("2015-1"), day("2015-3"), day("2016-11")]);
    assert!(expand(&run("run 2017").days, &implemented).is_empty(), "the runner names a year without days");
    for bad in ["run 2014", "run 16", "run 2016x"] {
        assert_eq!(parse(bad).unwrap_err().exit_code(), 2, "{bad}");
    }
    let time = |line: &str| match parse(line).unwrap().command {
        Command::Time(args) => args,
        other => panic!("not a time: {other:?}"),
    };
    assert_eq!(time("time 2015 --history").named_days(&implemented), Some(vec!["2015-1".into(), "2015-3".into()]));
    assert_eq!(time("time all --history").named_days(&implemented), None);
}

/// 2015 day 1's answer can be negative: every way a user types one sends it.
#[test]
fn a_negative_answer_is_an_answer() {
    let submitted = |words: &[&str]| match try_parse(["cargo xtask"].iter().chain(words)).map(|cli| cli.command) {
        Ok(Command::Submit(args)) => args.answer,
        other => panic!("{words:?}: {other:?}"),
    };
    for words in [&["submit", "2015-1", "1", "--answer", "-60"][..], &["submit", "2015-1", "1", "--answer=-60"]] {
        assert_eq!(submitted(words).as_deref(), Some("-60"), "{words:?}");
    }
    assert_eq!(submitted(&["submit", "2015-1", "--answer", "-60", "1"]).as_deref(), Some("-60"));
    assert_eq!(submitted(&["submit", "2015-1", "2", "--answer", "-1", "--wait"]).as_deref(), Some("-1"));
    assert_eq!(parse("submit 2015-1 1 --answer --wait").unwrap_err().exit_code(), 2, "a flag is not an answer");
}

#[test]
fn rules_across_arguments_are_usage_errors() {
    for bad in [
        "run 2016-11 --wait",
        "run 2016-11 2021-23 --submit",
        "run all --submit",
        "run 2016-11 --submit --input x.txt",
        "run 2016-11 --submit --explain",
        "run all --input x.txt",
        "run 2016-11 2021-23 -i x.txt",
        "time --input x.txt",
        "time 2016-11 --history --save x",
        "time --plot x.svg",
        "time --seconds -1",
        "time --seconds nan",
        "run 2016-11 --watch --submit",
        "run 2016-11 --watch --input -",
    ] {
        let err = parse(bad).unwrap_err();
        assert_eq!(err.exit_code(), 2, "{bad}: {err}");
    }
    let ok = run("run 2016-11 --submit --wait -p 1");
    assert_eq!((ok.submit, ok.wait, ok.submitted_day()), (true, true, Some(day("2016-11"))));
    assert!(parse("time 2016-11 -i x.txt --seconds 0.5").is_ok());
    assert!(run("run 2016-11 --watch --example -p2").watch);
}

#[test]
fn help_lists_every_flag_and_the_exit_codes() {
    let err = parse("run --help").unwrap_err();
    assert_eq!(err.exit_code(), 0);
    let help = err.to_string();
    for flag in ["--part", "--input", "--explain", "--submit", "--wait", "Exit codes"] {
        assert!(help.contains(flag), "run --help lacks {flag}:\n{help}");
    }
    let top = parse("--help").unwrap_err().to_string();
    for command in ["run", "check", "time", "answer", "example", "list", "fetch", "submit", "read", "scaffold"] {
        assert!(top.contains(&format!("  {command} ")), "--help lacks {command}:\n{top}");
    }
}

#[test]
fn fetch_takes_a_day_or_a_year() {
    let target = |line: &str| match parse(line).map(|c| c.command) {
        Ok(Command::Fetch(f)) => Ok(f.target),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e.to_string()),
    };
    assert_eq!(target("fetch 2016"), Ok(DayOrYear::Year(2016)));
    assert_eq!(target("fetch 2016-3"), Ok(DayOrYear::Day(day("2016-03"))));
    assert!(target("fetch 2014").unwrap_err().contains("first was 2015"));
    assert!(target("fetch soon").unwrap_err().contains("neither a day"));
}

#[test]
fn the_commands_that_need_the_days_are_the_runners() {
    let needs = |line: &str| parse(line).unwrap().command.needs_the_days();
    for line in ["run 2016-11", "check", "time", "answer 2016-11 1", "example 2016-11"] {
        assert!(needs(line), "{line}");
    }
    for line in ["list", "fetch 2016", "submit 2016-11 1 --answer 3", "read 2016-11", "scaffold 2099-01"] {
        assert!(!needs(line), "{line}");
    }
}

/// The README shows `cargo xtask --help` as it is, between two markers.
const HELP_START: &str = "<!-- help:start (cargo xtask --help) -->\n```text\n";
const HELP_END: &str = "```\n<!-- help:end -->";

fn readme() -> String {
    let root = aoc_workspace::root::workspace_root().unwrap();
    std::fs::read_to_string(root.join("README.md")).unwrap()
}

#[test]
fn the_readme_shows_the_help_as_it_is() {
    let readme = readme();
    let start = readme.find(HELP_START).expect("the README has a help block") + HELP_START.len();
    let end = start + readme[start..].find(HELP_END).expect("the help block ends");
    let help = parse("--help").unwrap_err().to_string();
    assert_eq!(readme[start..end].trim_end(), help.trim_end(), "README.md's help block is stale");
}

/// docs/commands.md is the full reference of the commands: it names every flag.
#[test]
fn the_command_reference_names_every_flag_of_every_command() {
    let root = aoc_workspace::root::workspace_root().unwrap();
    let reference = std::fs::read_to_string(root.join("docs/commands.md")).unwrap();
    for command in Cli::command().get_subcommands() {
        for flag in command.get_arguments().filter_map(|a| a.get_long()).filter(|&l| l != "help") {
            assert!(
                reference.contains(&format!("--{flag}")),
                "docs/commands.md never mentions `{} --{flag}`",
                command.get_name()
            );
        }
    }
}

#[test]
fn every_error_is_printed_terminal_safe() {
    // An error quoting the site (a reply body, a redirect, an answer it recorded).
    let error = "the site said \u{1b}]0;PWNED\u{7}\u{1b}[31mRED".to_string();
    assert_eq!(error_line(&error), "error: the site said \\u{1b}]0;PWNED\\u{7}\\u{1b}[31mRED");
}

#[test]
fn one_solution_is_chosen_the_same_way_by_every_command_that_solves() {
    let chosen = |line: &str| match parse(line).unwrap().command {
        Command::Run(a) => a.solution,
        Command::Check(a) => a.solution,
        Command::Time(a) => a.solution,
        Command::Answer(a) => a.solution,
        Command::Submit(a) => a.solution,
        other => panic!("does not solve: {other:?}"),
    };
    let dijkstra = SolutionChoice { name: Some("dijkstra".into()) };
    for line in ["run 2099-01", "check 2099-01", "time 2099-01", "answer 2099-01 1", "submit 2099-01 1"] {
        assert_eq!(chosen(&format!("{line} --solution dijkstra")), dijkstra, "{line}");
        assert_eq!(chosen(line), SolutionChoice::default(), "{line}");
    }
    assert!(dijkstra.includes(Some("Dijkstra")) && !dijkstra.includes(None) && !dijkstra.includes(Some("astar")));
    assert!(SolutionChoice::only_default().includes(None) && !SolutionChoice::only_default().includes(Some("astar")));
    assert!(SolutionChoice::default().includes(None) && SolutionChoice::default().includes(Some("astar")));
    assert_eq!(parse("time 2099-01 --doc").unwrap_err().exit_code(), 2, "--doc needs its file");
}

#[test]
fn remove_takes_days_and_years_and_builds_nothing() {
    let Command::Remove(args) = parse("remove 2017-3 2018 --force").unwrap().command else { panic!("not a remove") };
    assert_eq!(args.targets, [DayOrYear::Day(day("2017-03")), DayOrYear::Year(2018)]);
    assert!(args.force);
    assert!(!parse("remove 2017").unwrap().command.needs_the_days());
    for bad in ["remove", "remove 2017-26", "remove 1999", "remove seventeen"] {
        assert_eq!(parse(bad).unwrap_err().exit_code(), 2, "{bad}");
    }
    assert!(parse("remove x").unwrap_err().to_string().contains("neither a day nor a year"));
}

//! A part's solutions: its default (the unnamed `#[aoc(dayN, partM)]`) and every named one
//! (`#[aoc(dayN, partM, name)]`), as `run`, `check` and `time` go through them, the default
//! first; one solution's answer on one text, and whether an answer is the one wanted (what
//! `run`, `check` and the examples check share); and calls that turn a solution's panic into
//! one line naming it, so that the others still run.

use std::panic::{self, AssertUnwindSafe};

use aoc_commands::SolutionChoice;
use aoc_runner::ArcStr;
use aoc_workspace::{Day, Part, PartFactory};

/// One solution of a part.
#[derive(Clone, Copy)]
pub struct Solution {
    /// `None` for the part's default, else the solution's name.
    pub name: Option<&'static str>,
    /// Its generator and solver, through aoc-runner's factory.
    pub factory: PartFactory,
}

impl Solution {
    /// How lines name it after the part: nothing for the default, ` dijkstra` for a named one.
    pub fn suffix(&self) -> String {
        self.name.map_or(String::new(), |name| format!(" {name}"))
    }
}

/// The solutions of `part` of `day` that `choice` keeps: the default first, then the named
/// ones in the order of their names.
pub fn of(day: &Day, part: Part, choice: &SolutionChoice) -> Vec<Solution> {
    let default = day.parts[part.index()].map(|factory| Solution { name: None, factory });
    let named =
        day.alternatives.iter().filter(|a| a.part == part).map(|a| Solution { name: Some(a.name), factory: a.factory });
    default.into_iter().chain(named).filter(|s| choice.includes(s.name)).collect()
}

/// When `--solution NAME` names no solution of any part of `day`: the error, listing the
/// names it has, so that a typo is not taken for "nothing to do".
pub fn unknown(day: &Day, choice: &SolutionChoice) -> Option<String> {
    let name = choice.name.as_deref()?;
    let mut names = vec![SolutionChoice::DEFAULT];
    for alternative in day.alternatives {
        if !names.contains(&alternative.name) {
            names.push(alternative.name);
        }
    }
    let known = Part::BOTH.iter().any(|&part| !of(day, part, choice).is_empty());
    (!known).then(|| format!("{} has no solution named `{name}` (it has: {})", day.id, names.join(", ")))
}

/// Whether `got` (no answer: `None`) is the accepted answer, spaces around it aside.
pub fn agrees(got: Option<&str>, accepted: &str) -> bool {
    got.is_some_and(|got| got.trim() == accepted)
}

/// Why a part has no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoAnswer {
    /// The day's message.
    pub message: String,
    /// Whether it fails the command: everything but a proof that there is no solution.
    pub fails: bool,
}

/// The answer of one solution on `text`; a panic (in its generator or its solver) is an
/// answer-less failure that says so.
pub fn solve_one(solution: &Solution, text: &ArcStr) -> Result<String, NoAnswer> {
    let panicked = |message: String| NoAnswer { message, fails: true };
    match guarded(|| (solution.factory)(text.clone())).map_err(panicked)? {
        Err(e) => Err(NoAnswer { message: format!("bad input: {e}"), fails: true }),
        Ok(runner) => guarded(|| runner.try_run())
            .map_err(panicked)?
            .map(|a| a.to_string())
            .map_err(|e| NoAnswer { message: e.to_string(), fails: !aoc_workspace::is_unsolvable(e.as_ref()) }),
    }
}

/// Calls `f`, turning a panic into `Err` with the panic's message, printed nowhere else:
/// the caller reports it in one line that names the solution. The panic hook is silenced
/// for the call only (the runner is single-threaded), so a panic anywhere else still
/// reports itself in full.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    panic::set_hook(hook);
    result.map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string());
        format!("panicked: {message}")
    })
}

#[cfg(test)]
mod tests {
    //! On the test day with named solutions (2100-5, `testdays`): the runner's tests never
    //! name a day the workspace ships.

    use aoc_workspace::Part;

    use super::*;
    use crate::testdays::{COMPARED, DAYS};

    fn names(solutions: &[Solution]) -> Vec<Option<&'static str>> {
        solutions.iter().map(|s| s.name).collect()
    }

    #[test]
    fn the_default_comes_first_and_a_choice_keeps_one() {
        let day = DAYS.iter().find(|d| d.id == COMPARED).unwrap();
        let every = SolutionChoice::default();
        assert_eq!(
            names(&of(day, Part::One, &every)),
            [None, Some("boom"), Some("loop"), Some("picky"), Some("wrong")]
        );
        assert_eq!(names(&of(day, Part::Two, &every)), [None, Some("twice")]);
        let only = |name: &str| SolutionChoice { name: Some(name.to_string()) };
        assert_eq!(names(&of(day, Part::One, &only("LOOP"))), [Some("loop")], "aoc-runner ignores case too");
        assert!(of(day, Part::Two, &only("loop")).is_empty());
        assert_eq!(names(&of(day, Part::Two, &only("default"))), [None]);
        assert_eq!(names(&of(day, Part::Two, &only("Default"))), [None], "the default, as users type it");
        assert_eq!(names(&of(day, Part::Two, &only("TWICE"))), [Some("twice")]);
        assert_eq!(unknown(day, &only("loop")), None);
        assert_eq!(
            unknown(day, &only("lop")).as_deref(),
            Some("2100-5 has no solution named `lop` (it has: default, boom, loop, picky, wrong, twice)")
        );
    }

    #[test]
    fn names_match_as_users_type_them() {
        let only = |name: &str| SolutionChoice { name: Some(name.to_string()) };
        assert!(only("ÑANDÚ").includes(Some("ñandú")) && only("ñandú").includes(Some("Ñandú")));
        assert!(only("DEFAULT").includes(None) && !only("DEFAULT").includes(Some("fast")));
        assert!(!only("nandu").includes(Some("ñandú")));
        assert!(SolutionChoice::default().includes(None) && SolutionChoice::default().includes(Some("any")));
    }

    #[test]
    fn the_guard_allocates_nothing() {
        let ((), memory) = crate::alloc::measure(|| {
            let _ = guarded(|| ());
        });
        assert_eq!(memory.allocations, 0, "{memory:?}");
    }

    #[test]
    fn a_panic_is_an_error_naming_its_message() {
        assert_eq!(guarded(|| 1), Ok(1));
        assert_eq!(guarded(|| -> u8 { panic!("out of cheese") }), Err("panicked: out of cheese".to_string()));
        let n = 3;
        assert_eq!(guarded(|| -> u8 { panic!("{n} times") }), Err("panicked: 3 times".to_string()));
    }

    /// `run`, on the example or on `input` (a file in the root), as (exit, stdout, stderr).
    fn run(root: &std::path::Path, input: Option<&str>, name: Option<&str>) -> (bool, String, String) {
        let input = input.map(|text| {
            let file = root.join("numbers.txt");
            std::fs::write(&file, text).unwrap();
            file
        });
        let args = aoc_commands::RunArgs {
            input,
            solution: SolutionChoice { name: name.map(str::to_string) },
            ..crate::run::tests::args(COMPARED)
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let (outcome, _) = crate::run::run(root, &[COMPARED], &args, &mut out, &mut err).unwrap();
        (outcome == crate::run::Outcome::Ok, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
    }

    #[test]
    fn run_shows_every_solution_and_fails_on_one_that_differs_or_panics() {
        let root = tempfile::tempdir().unwrap();
        let (ok, out, err) = run(root.path(), None, None);
        assert!(!ok, "`wrong` and `boom` fail the run");
        let heads: Vec<&str> = out.lines().map(|l| l.split("  (first call").next().unwrap()).collect();
        assert_eq!(
            heads,
            [
                "2100-5 part 1: 6",
                "2100-5 part 1 boom: panicked: out of cheese",
                "2100-5 part 1 loop: 6",
                "2100-5 part 1 picky: 6",
                "2100-5 part 1 wrong: 7 ✗ DIFFERS from the default's 6",
                "2100-5 part 2: 3",
                "2100-5 part 2 twice: 3",
            ],
            "{out}"
        );
        assert!(!err.contains("out of cheese"), "the panic is told once, on its line: {err}");
        let (ok, out, _) = run(root.path(), None, Some("loop"));
        assert!(ok, "{out}");
        assert_eq!(out.lines().count(), 1, "part 2 has no `loop`: {out}");
        assert!(out.starts_with("2100-5 part 1 loop: 6  (first call"), "{out}");
        let (ok, _, err) = run(root.path(), None, Some("lop"));
        assert!(!ok && err.contains("2100-5 has no solution named `lop`"), "{err}");
    }

    #[test]
    fn a_named_generator_that_fails_is_one_line_and_the_others_run() {
        let root = tempfile::tempdir().unwrap();
        let (ok, out, err) = run(root.path(), Some("4\n-1\n"), Some("picky"));
        assert!(!ok);
        assert_eq!(err, "error: 2100-5 part 1 picky: bad input: picky's generator takes no negative numbers\n");
        assert!(out.is_empty(), "{out}");
        let (_, out, err) = run(root.path(), Some("4\n-1\n"), None);
        assert!(err.contains("picky: bad input") && out.contains("2100-5 part 1 loop: 3  "), "{out}{err}");
        assert!(out.contains("2100-5 part 2 twice: 2  "), "{out}");
    }

    /// `check` of every day with every solution.
    fn every_solution() -> aoc_commands::CheckArgs {
        aoc_commands::CheckArgs { days: Vec::new(), solution: SolutionChoice::default() }
    }

    #[test]
    fn check_checks_every_solution_against_the_accepted_answer() {
        use aoc_workspace::answers::Answers;
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("inputs/2100");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("day5.txt"), "5\n5\n").unwrap();
        let mut answers = Answers::default();
        answers.record_accepted(Part::One, "10");
        answers.record_accepted(Part::Two, "2");
        answers.save(&dir.join("day5.answers.toml"), "2100 day 5").unwrap();
        let mut out = Vec::new();
        let tally = crate::check::check(root.path(), &[COMPARED], &every_solution(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text.lines().filter(|l| !l.contains(" example ")).collect::<Vec<_>>()[..7],
            [
                "2100-5 part 1: ✓ 10",
                "2100-5 part 1 boom: ✗ MISMATCH: got no answer (panicked: out of cheese), accepted 10",
                "2100-5 part 1 loop: ✓ 10",
                "2100-5 part 1 picky: ✓ 10",
                "2100-5 part 1 wrong: ✗ MISMATCH: got 7, accepted 10",
                "2100-5 part 2: ✓ 2",
                "2100-5 part 2 twice: ✓ 2",
            ],
            "{text}"
        );
        assert_eq!((tally.matches, tally.mismatches), (5, 2));
        let mut out = Vec::new();
        let only =
            aoc_commands::CheckArgs { solution: SolutionChoice { name: Some("wrong".into()) }, ..every_solution() };
        let tally = crate::check::check(root.path(), &[COMPARED], &only, &mut out).unwrap();
        assert_eq!(tally.mismatches, 1, "{}", String::from_utf8(out).unwrap());
    }

    #[test]
    fn time_compares_the_solutions_that_agree_on_the_same_input() {
        use std::time::Duration;

        let root = tempfile::tempdir().unwrap();
        let per_step = Duration::from_millis(2);
        let hidden = indicatif::ProgressBar::hidden();
        let rows = crate::time::time_solutions(root.path(), &[COMPARED], None, &Default::default(), per_step, &hidden)
            .unwrap();
        let seen: Vec<(String, Option<&str>, bool)> =
            rows.iter().map(|r| (r.label(), r.answer.as_deref(), r.timing.is_some())).collect();
        let expected: Vec<(String, Option<&str>, bool)> = vec![
            ("parse".into(), None, true),
            ("part 1".into(), Some("6"), true),
            ("part 1 boom".into(), None, false),
            ("part 1 loop".into(), Some("6"), true),
            ("part 1 picky".into(), Some("6"), true),
            ("part 1 wrong".into(), None, false),
            ("part 2".into(), Some("3"), true),
            ("part 2 twice".into(), Some("3"), true),
        ];
        assert_eq!(seen, expected);
        assert_eq!(rows[2].error.as_deref(), Some("panicked: out of cheese"));
        assert_eq!(rows[5].error.as_deref(), Some("answer 7 differs from the default's 6: not timed"));
        assert!(rows[2].fails && rows[5].fails);
        let clock = String::new();
        let report = aoc_timings::Report { machine: String::new(), commit: String::new(), created: 0, clock, rows };
        let table = aoc_timings::table::table(&report, None, aoc_timings::table::Style::TERMINAL);
        let loop_row = table.lines().find(|l| l.contains(" loop ")).unwrap();
        // Within noise the column names the resolution, which is 15% at best and wider when
        // the machine was busy while timing (aoc_timings::compare).
        let within_noise = loop_row
            .rsplit_once(" same (±")
            .and_then(|(_, rest)| rest.strip_suffix("%)"))
            .is_some_and(|percent| percent.parse::<u32>().is_ok_and(|p| p >= 15));
        assert!(loop_row.ends_with("slower") || loop_row.ends_with("faster") || within_noise, "{table}");
        let only = SolutionChoice { name: Some("twice".into()) };
        let rows = crate::time::time_solutions(root.path(), &[COMPARED], None, &only, per_step, &hidden).unwrap();
        let labels: Vec<String> = rows.iter().map(aoc_timings::Row::label).collect();
        assert_eq!(labels, ["parse", "part 2 twice"]);
    }

    #[test]
    fn time_doc_writes_each_inputs_table_between_its_own_markers() {
        let root = tempfile::tempdir().unwrap();
        let doc = root.path().join("day.md");
        let page = "# Day\n<!-- timings:start example (a script) -->\n<!-- timings:end -->\nmiddle\n<!-- timings:start big.txt -->\nold\n<!-- timings:end -->\n";
        std::fs::write(&doc, page).unwrap();
        let big = root.path().join("big.txt");
        std::fs::write(&big, "1\n2\n3\n4\n").unwrap();
        let args = |input: Option<&std::path::Path>| {
            let mut words = vec!["time", "2100-5", "--seconds", "0.002", "--solution", "twice"];
            words.extend(["--doc", doc.to_str().unwrap()]);
            words.extend(input.map(|i| ["--input", i.to_str().unwrap()]).into_iter().flatten());
            crate::time::tests::parsed(&words)
        };
        crate::time::command(root.path(), &[COMPARED], &args(None), &mut Vec::new()).unwrap();
        crate::time::command(root.path(), &[COMPARED], &args(Some(&big)), &mut Vec::new()).unwrap();
        let text = std::fs::read_to_string(&doc).unwrap();
        let (example, big) = text.split_once("middle").unwrap();
        assert!(example.contains("| 2100-5 | part 2 | twice    | example |"), "{text}");
        assert!(big.contains("| part 2 | twice    | file ") && big.contains("| 4      |"), "{text}");
        assert!(
            big.contains("`cargo xtask time 2100-5 --input big.txt --doc FILE`") && !big.contains("\nold\n"),
            "{text}"
        );
        assert!(text.starts_with("# Day\n<!-- timings:start example (a script) -->\n| day "), "{text}");
    }

    #[test]
    fn the_examples_check_every_solution() {
        let root = tempfile::tempdir().unwrap();
        let day = DAYS.iter().find(|d| d.id == COMPARED).unwrap();
        let mut out = Vec::new();
        let every = SolutionChoice::default();
        let tally = crate::examples::check_examples(root.path(), day, &Part::BOTH, &every, false, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!((tally.right, tally.wrong), (5, 2), "{text}");
        assert!(text.contains("2100-5 example 1 part 1 wrong: 7 ✗ (expected: 6)"), "{text}");
        assert!(text.contains("2100-5 example 1 part 1 boom: no answer (panicked: out of cheese) ✗"), "{text}");
        assert!(text.contains("2100-5 example 1 part 2 twice: 3 ✓"), "{text}");
    }
}

//! `cargo xtask run`: solve days and print answers with timings.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Result;
use aoc_cli::{ShownAnswer, SolutionChoice};
use aoc_runner::ArcStr;
use aoc_workspace::answers::Answers;
use aoc_workspace::inputs::answers_path;
use aoc_workspace::text::terminal_safe;
use aoc_workspace::{Day, DayId, Part};

use crate::input::{self, Source};
use aoc_timings::units;

use crate::solutions::{self, guarded, Solution};
use crate::{alloc, check, registry};

/// What to run.
pub struct RunArgs {
    /// The days, in order.
    pub days: Vec<DayId>,
    /// Only this part.
    pub part: Option<Part>,
    /// Use this input file instead of the default.
    pub input: Option<PathBuf>,
    /// Print each part's optimal solution step by step instead of timing it.
    pub explain: bool,
    /// Which of each part's solutions (all of them, the default first, unless named).
    pub solution: SolutionChoice,
}

/// How a run went, for the exit code.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every requested part has an answer, or a proof that there is none.
    Ok,
    /// Some day was not implemented, its input was rejected, a part failed (not solved
    /// yet, a refusal), or an answer disagreed with the accepted one.
    Failed,
}

/// Runs the requested days, writing answers to `out` and notices and errors to `err`.
/// Also hands back the answers it showed on the user's own input (what `run --submit`
/// submits).
pub fn run(
    root: &Path,
    args: &RunArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(Outcome, Vec<ShownAnswer>)> {
    anyhow::ensure!(
        args.input.is_none() || args.days.len() <= 1,
        "--input is one day's input: name exactly one day (e.g. `cargo xtask run 2016-11 --input FILE`)"
    );
    let mut outcome = Outcome::Ok;
    let mut shown = Vec::new();
    for &id in &args.days {
        let Some(day) = registry::find(id) else {
            writeln!(err, "error: {id} is not implemented yet (implemented: {})", registry::implemented())?;
            outcome = Outcome::Failed;
            continue;
        };
        if run_day(root, day, args, out, err, &mut shown)? == Outcome::Failed {
            outcome = Outcome::Failed;
        }
    }
    Ok((outcome, shown))
}

fn run_day(
    root: &Path,
    day: &Day,
    args: &RunArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
    shown: &mut Vec<ShownAnswer>,
) -> Result<Outcome> {
    let input = input::resolve(root, day, args.input.as_deref())?;
    if input.source == Source::Example {
        writeln!(err, "{}", input::example_notice(root, day.id))?;
    }
    if args.explain {
        return explain_day(day, &input.text, args, out, err);
    }
    let text = ArcStr::from(&input.text);
    // Your accepted answers apply to your own input only.
    let answers = match input.source {
        Source::Inputs(_) => Answers::load(&answers_path(root, day.id))?,
        _ => Answers::default(),
    };
    let mut outcome = Outcome::Ok;
    if let Some(unknown) = solutions::unknown(day, &args.solution) {
        writeln!(err, "error: {unknown}")?;
        return Ok(Outcome::Failed);
    }
    for part in Part::BOTH {
        if args.part.is_some_and(|p| p != part) {
            continue;
        }
        if day.parts[part.index()].is_none() {
            writeln!(out, "{} part {part}: this day has no part {part}", day.id)?;
            continue;
        }
        // The first solution's answer (the default's, unless `--solution` chose another)
        // is the one every other must agree with, and the one `--submit` may send.
        let mut first: Option<Result<String, String>> = None;
        for solution in solutions::of(day, part, &args.solution) {
            let Some(answer) = run_solution(day, part, &solution, &text, err)? else {
                if solution.name.is_none() {
                    // The default's generator refused the input: the input is bad, and
                    // every part says so alike.
                    return Ok(Outcome::Failed);
                }
                outcome = Outcome::Failed;
                continue;
            };
            // "No solution" is an answer; any other error (a refusal, a part not solved
            // yet, a panic) fails the run.
            if answer.failed {
                outcome = Outcome::Failed;
            }
            if first.is_none() {
                if let (Ok(shown_answer), Source::Inputs(_)) = (&answer.answer, &input.source) {
                    shown.push(ShownAnswer { day: day.id, part, answer: shown_answer.clone() });
                }
            }
            let accepted = answers.accepted(part);
            // A failed one (a panic, a refusal) already fails loudly on its own line.
            let disagrees = !answer.failed && first.as_ref().is_some_and(|first| *first != answer.answer);
            if disagrees || accepted.is_some_and(|accepted| !check::agrees(answer.answer.as_deref().ok(), accepted)) {
                outcome = Outcome::Failed;
            }
            let mut mark = check::mark(answer.answer.as_deref().ok(), accepted);
            if let (true, Some(first)) = (disagrees, &first) {
                let theirs = first.as_deref().unwrap_or_else(|e| e);
                mark += &format!(" ✗ DIFFERS from the default's {}", terminal_safe(theirs));
            }
            let shown_text = answer.answer.as_deref().unwrap_or_else(|e| e);
            writeln!(out, "{} part {part}{}: {shown_text}{mark}  {}", day.id, solution.suffix(), answer.timing)?;
            first.get_or_insert(answer.answer);
        }
    }
    Ok(outcome)
}

/// What one solution of a part gave.
struct Solved {
    /// Its answer, or its error's text.
    answer: Result<String, String>,
    /// Whether that fails the run (everything but "no solution").
    failed: bool,
    /// `(first call: parse …, solve …; heap peak … in … allocations)`.
    timing: String,
}

/// Runs one solution once, timed and counted. `None` when its generator refused the input
/// or panicked, which it reports in one line naming the solution.
fn run_solution(
    day: &Day,
    part: Part,
    solution: &Solution,
    text: &ArcStr,
    err: &mut dyn Write,
) -> Result<Option<Solved>> {
    // The panic guards sit outside the clocks and the allocation count: the default's
    // figures are what they were before solutions were guarded.
    let generated = guarded(|| {
        let started = Instant::now();
        let runner = (solution.factory)(text.clone());
        (runner, started.elapsed())
    });
    let (runner, parse_time) = match generated {
        Ok((Ok(runner), took)) => (runner, took),
        Ok((Err(e), _)) => {
            writeln!(err, "error: {} part {part}{}: bad input: {e}", day.id, solution.suffix())?;
            return Ok(None);
        }
        Err(panic) => {
            writeln!(err, "error: {} part {part}{}: its generator {panic}", day.id, solution.suffix())?;
            return Ok(None);
        }
    };
    // One call, timed and counted at once: counting costs each allocation a few
    // nanoseconds (docs/benchmarks.md), which `time`'s batched figures never pay.
    let solved = guarded(|| {
        let started = Instant::now();
        let (answer, memory) = alloc::measure(|| runner.try_run());
        (answer, memory, started.elapsed())
    });
    let (answer, memory, solve_time) = match solved {
        Ok((answer, memory, took)) => (Ok(answer), memory, took),
        Err(panic) => (Err(panic), aoc_timings::Memory::default(), Duration::ZERO),
    };
    let timing = format!(
        "(first call: parse {}, solve {}; heap peak {} in {} allocation{})",
        units::duration(parse_time),
        units::duration(solve_time),
        units::bytes(memory.peak_bytes),
        memory.allocations,
        if memory.allocations == 1 { "" } else { "s" }
    );
    let (answer, failed) = match answer {
        Ok(Ok(answer)) => (Ok(answer.to_string()), false),
        Ok(Err(e)) => (Err(e.to_string()), !aoc_workspace::is_unsolvable(e.as_ref())),
        Err(panic) => (Err(panic), true),
    };
    Ok(Some(Solved { answer, failed, timing }))
}

/// `--explain`: each requested part's solution, drawn by the day's `explain`.
fn explain_day(day: &Day, text: &str, args: &RunArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<Outcome> {
    if let Some(Err(e)) = day.parts.iter().flatten().next().map(|factory| factory(ArcStr::from(text))) {
        writeln!(err, "error: {}: bad input: {e}", day.id)?;
        return Ok(Outcome::Failed);
    }
    for part in Part::BOTH {
        if args.part.is_some_and(|p| p != part) {
            continue;
        }
        writeln!(out, "== {} part {part}", day.id)?;
        match (day.explain)(text, part) {
            Ok(drawn) => write!(out, "{drawn}")?,
            Err(why) => writeln!(out, "{why}")?,
        }
    }
    Ok(Outcome::Ok)
}

#[cfg(test)]
mod tests {

    use super::*;

    fn run_to_strings(root: &Path, args: &RunArgs) -> (Outcome, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let (outcome, _) = run(root, args, &mut out, &mut err).unwrap();
        (outcome, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
    }

    fn args(day: &str) -> RunArgs {
        RunArgs {
            days: vec![day.parse().unwrap()],
            part: None,
            input: None,
            explain: false,
            // The shipped days' named solutions are theirs to test (`solutions::tests` has
            // the runner's tests of them); these tests are about the defaults.
            solution: SolutionChoice::only_default(),
        }
    }

    #[test]
    fn without_an_input_file_the_example_is_used_with_a_notice() {
        let root = tempfile::tempdir().unwrap();
        let (outcome, out, err) = run_to_strings(root.path(), &args("2016-11"));
        assert_eq!(outcome, Outcome::Ok);
        assert!(err.contains("no input at inputs/2016/day11.txt"), "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert!(lines[0].starts_with("2016-11 part 1: 11  (first call: parse "), "{out}");
        assert!(lines[0].contains(", solve ") && lines[0].contains("; heap peak "), "{out}");
        assert!(lines[0].ends_with(" allocations)") || lines[0].ends_with(" 1 allocation)"), "{out}");
        assert!(lines[1].starts_with("2016-11 part 2: no solution: "), "{out}");
    }

    #[test]
    fn the_users_input_file_wins_over_the_example_and_parts_can_be_chosen() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("inputs/2016");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("day11.txt"), crate::input::tests::TWO_PAIRS_ON_TOP).unwrap();
        let mut a = args("2016-11");
        a.part = Some(Part::One);
        let (outcome, out, err) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Ok);
        assert!(err.is_empty(), "{err}");
        assert!(out.starts_with("2016-11 part 1: 3  "), "{out}");
        assert_eq!(out.lines().count(), 1);
    }

    #[test]
    fn answers_are_marked_against_the_accepted_ones_and_a_mismatch_fails() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("inputs/2016");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("day11.txt"), crate::input::tests::TWO_PAIRS_ON_TOP).unwrap();
        let mut answers = Answers::default();
        answers.record_accepted(Part::One, "3");
        answers.save(&dir.join("day11.answers.toml"), "2016 day 11").unwrap();
        let mut a = args("2016-11");
        a.part = Some(Part::One);
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Ok);
        assert!(out.starts_with("2016-11 part 1: 3 ✓  (first call"), "{out}");
        answers.record_accepted(Part::One, "4");
        answers.save(&dir.join("day11.answers.toml"), "2016 day 11").unwrap();
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Failed);
        assert!(out.starts_with("2016-11 part 1: 3 ✗ (accepted: 4)  (first call"), "{out}");
        // An accepted answer read off a hostile page: shown escaped.
        answers.record_accepted(Part::One, "\u{1b}]0;PWNED\u{7}\u{1b}[31mRED\u{1b}[0m");
        answers.save(&dir.join("day11.answers.toml"), "2016 day 11").unwrap();
        let (_, out, err) = run_to_strings(root.path(), &a);
        assert!(out.contains("✗ (accepted: \\u{1b}]0;PWNED\\u{7}\\u{1b}[31mRED\\u{1b}[0m)"), "{out}");
        assert!(!(out + &err).contains(['\u{1b}', '\u{7}']), "a raw escape reached the terminal");
        // Another input file is not the one the answers belong to: no marks.
        a.input = Some(dir.join("day11.txt"));
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Ok);
        assert!(out.starts_with("2016-11 part 1: 3  (first call"), "{out}");
    }

    #[test]
    fn bad_input_names_the_line_and_fails() {
        let root = tempfile::tempdir().unwrap();
        let file = root.path().join("bad.txt");
        std::fs::write(&file, "The first floor contains a plutonium widget.\n").unwrap();
        let mut a = args("2016-11");
        a.input = Some(file);
        let (outcome, out, err) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Failed);
        assert!(out.is_empty());
        assert!(err.contains("line 1: unknown item `a plutonium widget`"), "{err}");
    }

    #[test]
    fn input_goes_with_one_day_only() {
        let root = tempfile::tempdir().unwrap();
        let file = root.path().join("x.txt");
        std::fs::write(&file, "x").unwrap();
        let two = vec!["2016-11".parse().unwrap(), "2099-01".parse().unwrap()];
        let a =
            RunArgs { days: two, part: None, input: Some(file), explain: false, solution: SolutionChoice::default() };
        let err = run(root.path(), &a, &mut Vec::new(), &mut Vec::new()).unwrap_err();
        assert!(err.to_string().contains("name exactly one day"), "{err}");
    }

    #[test]
    fn a_refusal_fails_the_run_but_no_solution_does_not() {
        let root = tempfile::tempdir().unwrap();
        // 29 pairs, all home already: part 1 is 0 rides; part 2 would have 31 pairs.
        let items: Vec<String> = (0..29)
            .map(|i| format!("a {0} generator, a {0}-compatible microchip", "e".to_string() + &"x".repeat(i)))
            .collect();
        let file = root.path().join("big.txt");
        let text = format!("The first floor contains nothing relevant.\nThe second floor contains nothing relevant.\nThe third floor contains nothing relevant.\nThe fourth floor contains {}.\n", items.join(", "));
        std::fs::write(&file, text).unwrap();
        let mut a = args("2016-11");
        a.input = Some(file);
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Failed, "{out}");
        assert!(out.contains("2016-11 part 1: 0") && out.contains("part 2 would have 31 element pairs"), "{out}");
        let (outcome, _, _) = run_to_strings(root.path(), &args("2016-11")); // the example: part 2 has no solution
        assert_eq!(outcome, Outcome::Ok);
    }

    #[test]
    fn a_missing_input_file_is_an_error_and_unimplemented_days_say_so() {
        let root = tempfile::tempdir().unwrap();
        let mut a = args("2016-11");
        a.input = Some(root.path().join("nope.txt"));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let e = run(root.path(), &a, &mut out, &mut err).unwrap_err();
        assert!(format!("{e:#}").contains("cannot read --input"), "{e:#}");
        let (outcome, _, err) = run_to_strings(root.path(), &args("2099-01"));
        assert_eq!(outcome, Outcome::Failed);
        assert!(err.contains("2099-01 is not implemented yet"), "{err}");
    }

    #[test]
    fn every_registered_day_runs_on_its_example() {
        let root = tempfile::tempdir().unwrap();
        let ids: Vec<DayId> = registry::days().iter().map(|d| d.id).collect();
        let all = RunArgs {
            days: ids.clone(),
            part: Some(Part::One),
            input: None,
            explain: false,
            solution: SolutionChoice { name: Some("default".into()) },
        };
        let (_, out, _) = run_to_strings(root.path(), &all);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), ids.len(), "{out}");
        for (line, id) in lines.iter().zip(&ids) {
            assert!(line.starts_with(&format!("{id} part 1: ")), "{out}");
        }
    }

    #[test]
    fn only_answers_on_the_users_own_input_are_handed_back() {
        let root = tempfile::tempdir().unwrap();
        let (_, shown) = run(root.path(), &args("2016-11"), &mut Vec::new(), &mut Vec::new()).unwrap();
        assert!(shown.is_empty(), "the example's answers are never submitted: {shown:?}");
        let dir = root.path().join("inputs/2016");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("day11.txt"), crate::input::tests::TWO_PAIRS_ON_TOP).unwrap();
        let mut a = args("2016-11");
        a.part = Some(Part::Two);
        let (outcome, shown) = run(root.path(), &a, &mut Vec::new(), &mut Vec::new()).unwrap();
        assert_eq!(outcome, Outcome::Ok);
        let day = "2016-11".parse().unwrap();
        // Part 2 adds two pairs on the first floor: 3 + 24 rides.
        assert_eq!(shown, [ShownAnswer { day, part: Part::Two, answer: "27".into() }]);
    }

    #[test]
    fn explain_draws_each_part_or_says_why_not() {
        let root = tempfile::tempdir().unwrap();
        let mut a = args("2016-11");
        a.explain = true;
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Ok);
        assert!(out.starts_with("== 2016-11 part 1\nstart\nF4 "), "{out}");
        assert!(out.contains("11 rides; search: ") && out.contains("expanded"), "{out}");
        assert!(out.contains("== 2016-11 part 2\nno solution: the hydrogen-compatible microchip is fried"), "{out}");
        let mut a = args("2021-23");
        a.explain = true;
        a.part = Some(Part::Two);
        let (_, out, _) = run_to_strings(root.path(), &a);
        assert!(out.contains("energy 44169; search: "), "{out}");
        a.input = Some(root.path().join("bad.txt"));
        std::fs::write(root.path().join("bad.txt"), "#####\n").unwrap();
        let (outcome, _, err) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Failed);
        assert!(err.contains("line 1: expected the top wall"), "{err}");
    }
}

//! `cargo xtask run`: solve days and print answers with timings.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Result;
use aoc_commands::RunArgs;
use aoc_runner::ArcStr;
use aoc_workspace::answers::Answers;
use aoc_workspace::inputs::answers_path;
use aoc_workspace::terminal_safe;
use aoc_workspace::{Day, DayId, Part};

use crate::input::{self, Source};
use aoc_timings::units;

use crate::solutions::{self, guarded, solve_one, Solution};
use crate::{alloc, check, registry};

/// How a run went, for the exit code.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every requested part has an answer, or a proof that there is none.
    Ok,
    /// Some day was not implemented, its input was rejected, a part failed (not solved
    /// yet, a refusal), or an answer disagreed with the accepted one.
    Failed,
}

/// An answer shown on the user's own input: its day, part and text.
pub type Shown = (DayId, Part, String);

/// Runs the days `ids` (`args`' days expanded, its `--input` path absolute), writing answers
/// to `out` and notices and errors to `err`. Also hands back the answers it showed on the
/// user's own input (what `run --submit` submits).
pub fn run(
    root: &Path,
    ids: &[DayId],
    args: &RunArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(Outcome, Vec<Shown>)> {
    let (mut ok, mut shown) = (true, Vec::new());
    for &id in ids {
        match registry::find(id) {
            Some(day) => ok &= run_day(root, day, args, out, err, &mut shown)?,
            None => {
                writeln!(err, "error: {}", registry::why_missing(root, id))?;
                ok = false;
            }
        }
    }
    Ok((if ok { Outcome::Ok } else { Outcome::Failed }, shown))
}

/// One day of [`run`]: whether all went well.
fn run_day(
    root: &Path,
    day: &Day,
    args: &RunArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
    shown: &mut Vec<Shown>,
) -> Result<bool> {
    let input = input::resolve(root, day, args.input.as_deref())?;
    if input.source == Source::Example {
        writeln!(err, "{}", input::example_notice(root, day))?;
        if day.example.is_none() {
            return Ok(false);
        }
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
    if let Some(unknown) = solutions::unknown(day, &args.solution) {
        writeln!(err, "error: {unknown}")?;
        return Ok(false);
    }
    let mut ok = true;
    for part in args.parts() {
        if day.parts[part.index()].is_none() {
            writeln!(out, "{} part {part}: this day has no part {part}", day.id)?;
            continue;
        }
        // The first solution's answer (the default's, unless `--solution` chose another)
        // is the one every other must agree with, and the one `--submit` may send.
        let mut first: Option<Result<String, String>> = None;
        for solution in solutions::of(day, part, &args.solution) {
            let Some(Solved { answer, failed, timing }) = run_solution(day, part, &solution, &text, err)? else {
                // The default's generator refused the input: the input is bad, and every
                // part says so alike.
                if solution.name.is_none() {
                    return Ok(false);
                }
                ok = false;
                continue;
            };
            if let (None, Ok(yours), Source::Inputs(_)) = (&first, &answer, &input.source) {
                shown.push((day.id, part, yours.clone()));
            }
            let accepted = answers.accepted(part);
            // A failed one (a panic, a refusal) already fails loudly on its own line.
            let disagrees = !failed && first.as_ref().is_some_and(|first| *first != answer);
            // "No solution" is an answer; any other error (a refusal, a part not solved
            // yet, a panic) fails the run, as does an answer that is not the accepted one.
            ok &= !failed && !disagrees && accepted.is_none_or(|a| solutions::agrees(answer.as_deref().ok(), a));
            let mut mark = check::mark(answer.as_deref().ok(), accepted);
            if let (true, Some(first)) = (disagrees, &first) {
                let theirs = first.as_deref().unwrap_or_else(|e| e);
                mark += &format!(" ✗ DIFFERS from the default's {}", terminal_safe(theirs));
            }
            let shown_text = answer.as_deref().unwrap_or_else(|e| e);
            writeln!(out, "{} part {part}{}: {shown_text}{mark}  {timing}", day.id, solution.suffix())?;
            first.get_or_insert(answer);
        }
    }
    Ok(ok)
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
    let generated = guarded(|| timed(|| (solution.factory)(text.clone())));
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
    let solved = guarded(|| timed(|| alloc::measure(|| runner.try_run())));
    let (answer, failed, memory, solve_time) = match solved {
        Ok(((Ok(answer), memory), took)) => (Ok(answer.to_string()), false, memory, took),
        Ok(((Err(e), memory), took)) => (Err(e.to_string()), !aoc_workspace::is_unsolvable(e.as_ref()), memory, took),
        Err(panic) => (Err(panic), true, aoc_timings::Memory::default(), Duration::ZERO),
    };
    let timing = format!(
        "(first call: parse {}, solve {}; heap peak {} in {} allocation{})",
        units::nanos(parse_time.as_nanos() as f64),
        units::nanos(solve_time.as_nanos() as f64),
        units::bytes(memory.peak_bytes),
        memory.allocations,
        if memory.allocations == 1 { "" } else { "s" }
    );
    Ok(Some(Solved { answer, failed, timing }))
}

/// `f`'s result, and how long it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    (f(), started.elapsed())
}

/// `--explain`: each requested part's solution, drawn by the day's `explain`. A part with
/// no drawing fails the run, unless the reason is a proof that it has no solution.
fn explain_day(day: &Day, text: &str, args: &RunArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<bool> {
    let Some(explain) = day.explain else {
        writeln!(
            err,
            "error: {}: its module defines no `explain` to draw a solution with (`pub fn explain(input: &str, part: aoc_workspace::Part) -> Result<String, String>`)",
            day.id
        )?;
        return Ok(false);
    };
    if let Some(Err(e)) = day.parts.iter().flatten().next().map(|factory| factory(ArcStr::from(text))) {
        writeln!(err, "error: {}: bad input: {e}", day.id)?;
        return Ok(false);
    }
    let mut ok = true;
    for part in args.parts() {
        writeln!(out, "== {} part {part}", day.id)?;
        match explain(text, part) {
            Ok(drawn) => write!(out, "{drawn}")?,
            Err(why) if proven_unsolvable(day, text, part) => writeln!(out, "{why}")?,
            Err(why) => {
                writeln!(err, "error: {} part {part}: {why}", day.id)?;
                ok = false;
            }
        }
    }
    Ok(ok)
}

/// Whether `part` of `day` is proven to have no solution on `text` (so that having no
/// drawing is the answer, not a failure).
fn proven_unsolvable(day: &Day, text: &str, part: Part) -> bool {
    let Some(factory) = day.parts[part.index()] else { return false };
    solve_one(&Solution { name: None, factory }, &ArcStr::from(text)).is_err_and(|why| !why.fails)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::testdays::{FRESH, SUMS};
    use aoc_commands::{Days, SolutionChoice};

    fn run_to_strings(root: &Path, args: &RunArgs) -> (Outcome, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let (outcome, _) = run(root, &ids(args), args, &mut out, &mut err).unwrap();
        (outcome, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
    }

    /// The days `args` names, each named one by one.
    fn ids(args: &RunArgs) -> Vec<DayId> {
        aoc_commands::expand(&args.days, &[])
    }

    /// `run <day>`, as parsed.
    pub(crate) fn args(day: DayId) -> RunArgs {
        match aoc_commands::try_parse(["aoc-days", "run", &day.to_string()]).unwrap().command {
            aoc_commands::Command::Run(args) => args,
            other => panic!("not run: {other:?}"),
        }
    }

    /// A workspace whose user input for 2100-1 is `text`.
    fn root_with_input(text: &str) -> tempfile::TempDir {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("inputs/2100");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("day1.txt"), text).unwrap();
        root
    }

    #[test]
    fn without_an_input_file_the_example_is_used_with_a_notice() {
        let root = tempfile::tempdir().unwrap();
        let (outcome, out, err) = run_to_strings(root.path(), &args(SUMS));
        assert_eq!(outcome, Outcome::Ok);
        assert!(err.contains("no input at inputs/2100/day1.txt, so the puzzle's example is used"), "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert!(lines[0].starts_with("2100-1 part 1: -2  (first call: parse "), "{out}");
        assert!(lines[0].contains(", solve ") && lines[0].contains("; heap peak "), "{out}");
        assert!(lines[0].ends_with(" allocations)") || lines[0].ends_with(" 1 allocation)"), "{out}");
        assert!(lines[1].starts_with("2100-1 part 2: negative  (first call"), "{out}");
    }

    #[test]
    fn a_day_without_an_example_says_where_to_put_one() {
        let root = tempfile::tempdir().unwrap();
        let (outcome, out, err) = run_to_strings(root.path(), &args(FRESH));
        assert_eq!(outcome, Outcome::Failed, "not solved yet fails");
        assert!(err.contains("no example yet: fill `EXAMPLE` in crates/aoc2100/src/day2/mod.rs"), "{err}");
        assert!(!err.contains("the puzzle's example is used"), "{err}");
        assert!(out.starts_with("2100-2 part 1: not solved yet"), "{out}");
        assert!(out.contains("2100-2 part 2: this day has no part 2"), "{out}");
    }

    #[test]
    fn the_users_input_file_wins_over_the_example_and_parts_can_be_chosen() {
        let root = root_with_input("3\n4\n");
        let mut a = args(SUMS);
        a.part = Some(Part::One);
        let (outcome, out, err) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Ok);
        assert!(err.is_empty(), "{err}");
        assert!(out.starts_with("2100-1 part 1: 7  "), "{out}");
        assert_eq!(out.lines().count(), 1);
    }

    #[test]
    fn an_input_saved_with_a_byte_order_mark_and_crlf_is_read_as_plain_text() {
        let root = root_with_input("\u{feff}10\r\n-30\r\n\r\n");
        let (outcome, out, err) = run_to_strings(root.path(), &args(SUMS));
        assert_eq!(outcome, Outcome::Ok, "{err}");
        assert!(out.starts_with("2100-1 part 1: -20  ") && out.contains("\n2100-1 part 2: negative  "), "{out}");
    }

    #[test]
    fn answers_are_marked_against_the_accepted_ones_and_a_mismatch_fails() {
        let root = root_with_input("3\n-4\n");
        let dir = root.path().join("inputs/2100");
        let mut answers = Answers::default();
        answers.record_accepted(Part::One, "-1");
        answers.record_accepted(Part::Two, "negative");
        answers.save(&dir.join("day1.answers.toml"), "2100 day 1").unwrap();
        let (outcome, out, _) = run_to_strings(root.path(), &args(SUMS));
        assert_eq!(outcome, Outcome::Ok);
        assert!(out.starts_with("2100-1 part 1: -1 ✓  (first call"), "{out}");
        assert!(out.contains("\n2100-1 part 2: negative ✓  (first call"), "{out}");
        answers.record_accepted(Part::One, "1");
        answers.save(&dir.join("day1.answers.toml"), "2100 day 1").unwrap();
        let mut a = args(SUMS);
        a.part = Some(Part::One);
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Failed);
        assert!(out.starts_with("2100-1 part 1: -1 ✗ (accepted: 1)  (first call"), "{out}");
        // An accepted answer read off a hostile page: shown escaped.
        answers.record_accepted(Part::One, "\u{1b}]0;PWNED\u{7}\u{1b}[31mRED\u{1b}[0m");
        answers.save(&dir.join("day1.answers.toml"), "2100 day 1").unwrap();
        let (_, out, err) = run_to_strings(root.path(), &a);
        assert!(out.contains("✗ (accepted: \\u{1b}]0;PWNED\\u{7}\\u{1b}[31mRED\\u{1b}[0m)"), "{out}");
        assert!(!(out + &err).contains(['\u{1b}', '\u{7}']), "a raw escape reached the terminal");
        // Another input file is not the one the answers belong to: no marks.
        a.input = Some(dir.join("day1.txt"));
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Ok);
        assert!(out.starts_with("2100-1 part 1: -1  (first call"), "{out}");
    }

    #[test]
    fn bad_input_names_the_line_and_fails() {
        let root = tempfile::tempdir().unwrap();
        let file = root.path().join("bad.txt");
        std::fs::write(&file, "1\ntwo\n").unwrap();
        let mut a = args(SUMS);
        a.input = Some(file);
        let (outcome, out, err) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Failed);
        assert!(out.is_empty());
        assert!(err.contains("error: 2100-1 part 1: bad input: line 2: `two` is not a whole number"), "{err}");
    }

    #[test]
    fn a_refusal_fails_the_run_but_no_solution_does_not() {
        let root = tempfile::tempdir().unwrap();
        let file = root.path().join("big.txt");
        std::fs::write(&file, "5000000\n").unwrap();
        let mut a = args(SUMS);
        a.input = Some(file.clone());
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Failed, "{out}");
        assert!(out.contains("2100-1 part 1: 5000000 is beyond this solver's limit"), "{out}");
        std::fs::write(&file, "").unwrap(); // no numbers: part 2 has no solution
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Ok, "{out}");
        assert!(out.contains("2100-1 part 1: 0  ") && out.contains("2100-1 part 2: no solution: "), "{out}");
    }

    #[test]
    fn a_missing_input_file_is_an_error_and_unimplemented_days_say_so() {
        let root = tempfile::tempdir().unwrap();
        let mut a = args(SUMS);
        a.input = Some(root.path().join("nope.txt"));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let e = run(root.path(), &[SUMS], &a, &mut out, &mut err).unwrap_err();
        assert!(format!("{e:#}").contains("cannot read --input"), "{e:#}");
        let (outcome, _, err) = run_to_strings(root.path(), &args("2099-01".parse().unwrap()));
        assert_eq!(outcome, Outcome::Failed);
        assert!(err.contains("2099-1 is not implemented yet"), "{err}");
    }

    #[test]
    fn every_registered_day_runs_on_its_example() {
        let root = tempfile::tempdir().unwrap();
        let ids: Vec<DayId> = registry::days().iter().filter(|d| d.example.is_some()).map(|d| d.id).collect();
        let all = RunArgs {
            days: ids.iter().map(|&id| Days::One(id)).collect(),
            part: Some(Part::One),
            solution: SolutionChoice { name: Some("default".into()) },
            ..args(SUMS)
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
        let (_, shown) = run(root.path(), &[SUMS], &args(SUMS), &mut Vec::new(), &mut Vec::new()).unwrap();
        assert!(shown.is_empty(), "the example's answers are never submitted: {shown:?}");
        let root = root_with_input("-4\n");
        let (outcome, shown) = run(root.path(), &[SUMS], &args(SUMS), &mut Vec::new(), &mut Vec::new()).unwrap();
        assert_eq!(outcome, Outcome::Ok);
        assert_eq!(shown, [(SUMS, Part::One, "-4".into()), (SUMS, Part::Two, "negative".into())]);
    }

    #[test]
    fn a_day_without_example_or_explain_runs_on_input_and_says_what_it_lacks() {
        let root = tempfile::tempdir().unwrap();
        let (outcome, _, err) = run_to_strings(root.path(), &args(crate::testdays::BARE));
        assert_eq!(outcome, Outcome::Failed);
        assert!(err.contains("error: 2100-3: no input at inputs/2100/day3.txt, and no example to use instead: its module defines no `EXAMPLE`"), "{err}");
        let file = root.path().join("mine.txt");
        std::fs::write(&file, "4\n5\n").unwrap();
        let mut a = args(crate::testdays::BARE);
        a.input = Some(file);
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Ok, "{out}");
        assert!(out.starts_with("2100-3 part 1: 9  "), "{out}");
        a.explain = true;
        let (outcome, _, err) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Failed);
        assert!(err.contains("error: 2100-3: its module defines no `explain`"), "{err}");
        // The other days of the same run are not held up by it.
        let both = RunArgs { days: vec![Days::One(crate::testdays::BARE), Days::One(SUMS)], ..args(SUMS) };
        let (_, out, _) = run_to_strings(root.path(), &both);
        assert!(out.contains("2100-1 part 1: -2"), "{out}");
    }

    #[test]
    fn explain_draws_each_part_or_says_why_not() {
        let root = tempfile::tempdir().unwrap();
        let mut a = args(SUMS);
        a.explain = true;
        a.part = Some(Part::One);
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Ok);
        assert_eq!(out, "== 2100-1 part 1\n1 + -5 + 2 = -2\n");
        // No drawing written: one line, and the run fails.
        a.part = Some(Part::Two);
        let (outcome, _, err) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Failed);
        assert_eq!(err.lines().filter(|l| l.starts_with("error:")).count(), 1, "{err}");
        assert!(err.contains("error: 2100-1 part 2: --explain is not written yet"), "{err}");
        // No drawing because there is no solution: that is the answer.
        let empty = root.path().join("empty.txt");
        std::fs::write(&empty, "").unwrap();
        a.input = Some(empty);
        let (outcome, out, _) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Ok);
        assert!(out.contains("== 2100-1 part 2\n--explain is not written yet"), "{out}");
        a.input = Some(root.path().join("bad.txt"));
        std::fs::write(root.path().join("bad.txt"), "x\n").unwrap();
        let (outcome, _, err) = run_to_strings(root.path(), &a);
        assert_eq!(outcome, Outcome::Failed);
        assert!(err.contains("line 1: `x` is not a whole number"), "{err}");
    }
}

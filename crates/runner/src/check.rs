//! Your accepted answers as a regression guard: `run` marks each answer against them,
//! `check` runs every day that has some, and `time --save` refuses a baseline whose
//! answers disagree. An accepted answer may be the site's text (read off its page), so it
//! is shown through `terminal_safe`.

use std::collections::hash_map::{Entry, HashMap};
use std::io::Write;
use std::path::Path;

use anyhow::Result;
use aoc_commands::{CheckArgs, Days};
use aoc_runner::ArcStr;
use aoc_workspace::answers::Answers;
use aoc_workspace::inputs::{answers_path, input_candidates, shown};
use aoc_workspace::terminal_safe;
use aoc_workspace::{Day, DayId, Part};

use crate::input::{self, Source};
use crate::registry;
use crate::solutions::{self, agrees, solve_one};

/// `✓` when `got` is the accepted answer, `✗ (accepted: X)` when it is not, nothing
/// without an accepted answer.
pub fn mark(got: Option<&str>, accepted: Option<&str>) -> String {
    match accepted {
        None => String::new(),
        Some(accepted) if agrees(got, accepted) => " ✓".to_string(),
        Some(accepted) => format!(" ✗ (accepted: {})", terminal_safe(accepted)),
    }
}

/// The tally of a check.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Parts whose answer is the accepted one.
    pub matches: usize,
    /// Parts whose answer is not.
    pub mismatches: usize,
    /// Parts with no accepted answer recorded.
    pub unrecorded: usize,
    /// Days without the user's input (a failure too when the day was named).
    pub without_input: usize,
    /// Days not implemented, and parts that failed (bad input, not solved yet, a refusal)
    /// with no recorded answer to disagree with.
    pub failures: usize,
    /// Parts whose answer on an example is the one the puzzle gives for it.
    pub examples_right: usize,
    /// Parts whose answer on an example is not (or that gave none).
    pub examples_wrong: usize,
    /// Parts whose example has only a guessed answer: shown with `?`, neither right nor wrong.
    pub examples_unverified: usize,
}

/// `cargo xtask check [DAY…|all]` on the days `ids` (`args`' days expanded): one line per
/// part and solution (every solution of a part is checked against the accepted answer), then
/// a summary. A day named one by one (not through `all` or its year) that has no input fails
/// the check: it was asked for and cannot be checked.
pub fn check(root: &Path, ids: &[DayId], args: &CheckArgs, out: &mut dyn Write) -> Result<Tally> {
    let mut tally = Tally::default();
    for &id in ids {
        let Some(day) = registry::find(id) else {
            writeln!(out, "{id}: {}", registry::why_missing(root, id))?;
            tally.failures += 1;
            continue;
        };
        check_day(root, day, args, &mut tally, out)?;
    }
    writeln!(
        out,
        "check: {} match, {} mismatch, {} failed, {} without a recorded answer, {} without input; examples: {} right, {} wrong, {} unverified",
        tally.matches, tally.mismatches, tally.failures, tally.unrecorded, tally.without_input,
        tally.examples_right, tally.examples_wrong, tally.examples_unverified
    )?;
    Ok(tally)
}

/// One day of `check`, its lines on `out` and its counts added to `tally`.
fn check_day(root: &Path, day: &Day, args: &CheckArgs, tally: &mut Tally, out: &mut dyn Write) -> Result<()> {
    let (id, choice) = (day.id, &args.solution);
    // The puzzle's examples with the answers it gives: checked whether or not you have
    // an input.
    let examples = crate::examples::check_examples(root, day, &Part::BOTH, choice, true, out)?;
    tally.examples_right += examples.right;
    tally.examples_wrong += examples.wrong;
    tally.examples_unverified += examples.unverified;
    // Examples that cannot be read check nothing: a failure, named above with its line.
    tally.failures += usize::from(examples.unreadable);
    let input = input::resolve(root, day, None)?;
    if input.source == Source::Example {
        let path = shown(root, &aoc_workspace::inputs::input_path(root, id));
        if args.days.contains(&Days::One(id)) {
            writeln!(out, "{id}: ✗ FAILED: no input at {path}: nothing to check")?;
            tally.failures += 1;
        } else {
            writeln!(out, "{id}: no input at {path}")?;
        }
        tally.without_input += 1;
        return Ok(());
    }
    if let Some(unknown) = solutions::unknown(day, choice) {
        writeln!(out, "{unknown}")?;
        tally.failures += 1;
        return Ok(());
    }
    let answers = Answers::load(&answers_path(root, id))?;
    let text = ArcStr::from(input.text.as_str());
    for part in Part::BOTH {
        for solution in solutions::of(day, part, choice) {
            let result = solve_one(&solution, &text);
            let got = match &result {
                Ok(answer) => answer.clone(),
                Err(why) => format!("no answer ({})", why.message),
            };
            let which = format!("{id} part {part}{}", solution.suffix());
            match answers.accepted(part) {
                None if result.as_ref().is_err_and(|why| why.fails) => {
                    writeln!(out, "{which}: ✗ FAILED: {got}")?;
                    tally.failures += 1;
                }
                None => {
                    writeln!(out, "{which}: no recorded answer (got {got})")?;
                    tally.unrecorded += 1;
                }
                Some(accepted) if agrees(result.as_deref().ok(), accepted) => {
                    writeln!(out, "{which}: ✓ {}", terminal_safe(accepted))?;
                    tally.matches += 1;
                }
                Some(accepted) => {
                    writeln!(out, "{which}: ✗ MISMATCH: got {got}, accepted {}", terminal_safe(accepted))?;
                    tally.mismatches += 1;
                }
            }
        }
    }
    Ok(())
}

/// The rows of a timing run (day, step, answer) whose answer disagrees with the accepted
/// one, for days solved on the user's own input: `2016-11 part 1: got 30, accepted 31`.
/// Each day's input is looked for and its answers file read once, not once per row.
pub fn disagreements(root: &Path, rows: &[(String, String, Option<String>)]) -> Result<Vec<String>> {
    let mut answers_of: HashMap<DayId, Option<Answers>> = HashMap::new();
    let mut found = Vec::new();
    for (day, step, answer) in rows {
        let (Ok(id), Some(part)) =
            (day.parse::<DayId>(), step.strip_prefix("part ").and_then(|p| p.parse::<Part>().ok()))
        else {
            continue;
        };
        if let Entry::Vacant(slot) = answers_of.entry(id) {
            // Accepted answers belong to the user's own input: none apply to the example.
            let on_user_input = input_candidates(root, id).iter().any(|path| path.exists());
            slot.insert(if on_user_input { Some(Answers::load(&answers_path(root, id))?) } else { None });
        }
        if let Some(accepted) = answers_of[&id].as_ref().and_then(|a| a.accepted(part)) {
            if !agrees(answer.as_deref(), accepted) {
                let got = answer.as_deref().unwrap_or("no answer");
                found.push(format!("{day} {step}: got {got}, accepted {}", terminal_safe(accepted)));
            }
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testdays::{FRESH, SUMS};
    use aoc_commands::SolutionChoice;

    /// `check` with every solution, naming `days` one by one (none: all).
    fn args(days: &[DayId]) -> CheckArgs {
        CheckArgs { days: days.iter().map(|&id| Days::One(id)).collect(), solution: SolutionChoice::default() }
    }

    /// A workspace root with the user's 2100-1 input (part 1: -3, part 2: "negative"),
    /// saved with a byte-order mark and CRLF line endings, and answers for it.
    fn root_with(answers: &[(Part, &str)]) -> tempfile::TempDir {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("inputs/2100");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("day1.txt"), "\u{feff}4\r\n-7\r\n").unwrap();
        let mut record = Answers::default();
        for &(part, answer) in answers {
            record.record_accepted(part, answer);
        }
        record.save(&dir.join("day1.answers.toml"), "2100 day 1").unwrap();
        root
    }

    fn ids() -> Vec<DayId> {
        vec![SUMS, FRESH]
    }

    #[test]
    fn marks_say_match_or_mismatch() {
        assert_eq!(mark(Some("31"), Some("31")), " ✓");
        assert_eq!(mark(Some("30"), Some("31")), " ✗ (accepted: 31)");
        assert_eq!(mark(None, Some("31")), " ✗ (accepted: 31)");
        assert_eq!(mark(Some("30"), None), "");
    }

    #[test]
    fn check_reports_each_part_and_sums_up() {
        let root = root_with(&[(Part::One, "-3"), (Part::Two, "positive")]);
        let mut out = Vec::new();
        let tally = check(root.path(), &ids(), &args(&[]), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "2100-1 example 1 part 1: -2 ✓\n2100-1 example 1 part 2: negative ✓\n2100-1 example 2 part 1: 7 ✓\n\
             2100-1 example 2 part 2: positive ✗ (expected: zero)\n\
             2100-1 part 1: ✓ -3\n2100-1 part 2: ✗ MISMATCH: got negative, accepted positive\n2100-2: no input at inputs/2100/day2.txt\n\
             check: 1 match, 1 mismatch, 0 failed, 0 without a recorded answer, 1 without input; examples: 3 right, 1 wrong, 0 unverified\n"
        );
        let counts = Tally {
            matches: 1,
            mismatches: 1,
            unrecorded: 0,
            without_input: 1,
            failures: 0,
            examples_right: 3,
            examples_wrong: 1,
            examples_unverified: 0,
        };
        assert_eq!(tally, counts);
        let root = root_with(&[(Part::One, "-3")]);
        let mut out = Vec::new();
        let tally = check(root.path(), &ids()[..1], &args(&[]), &mut out).unwrap();
        assert!(String::from_utf8(out).unwrap().contains("2100-1 part 2: no recorded answer (got negative)"));
        assert_eq!((tally.matches, tally.unrecorded), (1, 1));
    }

    /// An accepted answer as a hostile page would have it recorded.
    const HOSTILE: &str = "\u{1b}]0;PWNED\u{7}\u{1b}[31mRED\u{1b}[0m";

    #[test]
    fn an_accepted_answer_from_the_site_is_shown_escaped() {
        let shown = "\\u{1b}]0;PWNED\\u{7}\\u{1b}[31mRED\\u{1b}[0m";
        assert_eq!(mark(Some("-3"), Some(HOSTILE)), format!(" ✗ (accepted: {shown})"));
        let root = root_with(&[(Part::One, HOSTILE)]);
        let mut out = Vec::new();
        check(root.path(), &ids()[..1], &args(&[]), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(&format!("2100-1 part 1: ✗ MISMATCH: got -3, accepted {shown}")), "{text}");
        assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'), "{text:?}");
        let rows = [("2100-1".to_string(), "part 1".to_string(), Some("-3".to_string()))];
        assert_eq!(disagreements(root.path(), &rows).unwrap(), [format!("2100-1 part 1: got -3, accepted {shown}")]);
    }

    #[test]
    fn a_day_named_without_its_input_fails() {
        let root = root_with(&[(Part::One, "-3")]);
        let mut out = Vec::new();
        let tally = check(root.path(), &[FRESH], &args(&[FRESH]), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("2100-2: ✗ FAILED: no input at inputs/2100/day2.txt: nothing to check\n"), "{text}");
        assert_eq!((tally.failures, tally.without_input), (1, 1));
    }

    #[test]
    fn timing_rows_that_disagree_are_found() {
        let root = root_with(&[(Part::One, "-3"), (Part::Two, "positive")]);
        let rows = vec![
            ("2100-1".to_string(), "parse".to_string(), None),
            ("2100-1".to_string(), "part 1".to_string(), Some("-3".to_string())),
            ("2100-1".to_string(), "part 2".to_string(), Some("negative".to_string())),
            ("2100-2".to_string(), "part 1".to_string(), Some("12521".to_string())),
        ];
        assert_eq!(disagreements(root.path(), &rows).unwrap(), ["2100-1 part 2: got negative, accepted positive"]);
    }

    #[test]
    fn examples_that_cannot_be_read_fail_the_check() {
        let root = root_with(&[(Part::One, "-3")]);
        let day = crate::examples::tests::sums_with("== example\n1\n== part 1 (maybe): 4\n");
        let (mut tally, mut out) = (Tally::default(), Vec::new());
        check_day(root.path(), &day, &args(&[]), &mut tally, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains(
                "2100-1: ✗ the examples cannot be read: `EXAMPLE` in crates/aoc2100/src/day1/mod.rs, line 3:"
            ),
            "{text}"
        );
        assert_eq!((tally.failures, tally.matches), (1, 1), "{text}");
    }
}

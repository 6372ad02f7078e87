//! `time --against REV`: is this tree faster than a revision? Both builds are timed in one
//! session, in alternating rounds, and each step's verdict rests on the ratios of the
//! rounds' paired figures, never on two sessions' (which load and the host move apart:
//! docs/benchmarks.md).
//!
//! A round times every step once on each side, each side's figure being the round's fastest
//! sample per call ([`crate::Summary::min`]). The rounds' ratios (this tree over the revision)
//! have a median, and an interval that holds the true median with at least 95% confidence
//! whatever their distribution (order statistics: the number of ratios below the true
//! median is binomial, n and one half). A step is slower or faster only when that whole
//! interval lies beyond [`RESOLUTION`]; else it is `no change (±x%)`, x as far as the
//! interval reaches.

use crate::compare::called;
use crate::report::{steps, Report};
use crate::summary::{middle, quantile};
use crate::table::{notes_text, render, terminal_width};
use crate::units::nanos;

/// The smallest change `--against` calls: identical code timed beside busy processes
/// stayed well within it (docs/benchmarks.md).
pub const RESOLUTION: f64 = 0.05;

/// The median of paired ratios and its interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paired {
    /// The median ratio, this tree over the revision (2.0: this tree takes twice as long).
    pub ratio: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// The index `k` of the interval `[sorted[k], sorted[n - 1 - k]]` around the median of `n`
/// ratios: the largest whose chance of missing the true median on either side,
/// P(Binomial(n, 1/2) <= k), is at most 2.5%. Below six pairs no interval reaches 95%, and
/// the whole range is taken.
fn interval_index(n: usize) -> usize {
    let mut below = 0.0; // P(Binomial(n, 1/2) <= k)
    let mut term = 0.5f64.powi(n as i32); // P(= k)
    for k in 0..n / 2 {
        below += term;
        if below > 0.025 {
            return k.saturating_sub(1);
        }
        term *= (n - k) as f64 / (k + 1) as f64;
    }
    0
}

impl Paired {
    /// The median of the ratios `ours[i] / theirs[i]` over pairs with both figures positive,
    /// and its interval; `None` without any.
    pub fn of(ours: &[f64], theirs: &[f64]) -> Option<Paired> {
        let mut ratios: Vec<f64> = ours
            .iter()
            .zip(theirs)
            .filter(|&(&a, &b)| a > 0.0 && b > 0.0 && a.is_finite() && b.is_finite())
            .map(|(a, b)| a / b)
            .collect();
        ratios.sort_by(f64::total_cmp);
        let ratio = (!ratios.is_empty()).then(|| quantile(&ratios, 0.5))?;
        let (n, k) = (ratios.len(), interval_index(ratios.len()));
        Some(Paired { ratio, low: ratios[k], high: ratios[n - 1 - k] })
    }

    /// Whether the whole interval lies beyond [`RESOLUTION`]: a change, faster or slower.
    pub fn is_change(&self) -> bool {
        self.low > 1.0 + RESOLUTION || self.high < 1.0 / (1.0 + RESOLUTION)
    }

    /// `1.31x slower`, `2.00x faster`, or `no change (±6%)`: x the resolution, or as far
    /// from 1 as the interval reaches when that is more.
    pub fn words(&self) -> String {
        let reach = (self.high - 1.0).max(1.0 - self.low).max(RESOLUTION);
        if self.is_change() {
            called(self.ratio)
        } else {
            format!("no change (±{:.0}%)", (reach * 100.0).ceil())
        }
    }
}

/// The table of `time --against`: per step, this tree's and the revision's figures (the
/// middle of their rounds), the median ratio with its interval, and the verdict; then what
/// the figures are, and a note per step missing on one side, failing, or answering
/// differently. `ours` and `theirs` are the rounds, paired by index; `revision` names the
/// other side (`HEAD (740b898)`).
pub fn table(ours: &[Report], theirs: &[Report], revision: &str) -> String {
    let (Some(a0), Some(b0)) = (ours.first(), theirs.first()) else {
        return "no rounds were timed\n".to_string();
    };
    let mut notes = Vec::new();
    let mut lines = Vec::new();
    for row in steps(a0.rows.iter().chain(&b0.rows)) {
        let at = format!("{} {}", row.day, row.label());
        match (a0.same_step(row), b0.same_step(row)) {
            (None, _) => notes.push(format!("{at}: not on this tree")),
            (_, None) => notes.push(format!("{at}: not on {revision}")),
            (Some(a), Some(b)) => {
                notes.extend(a.error.iter().map(|e| format!("{at}: this tree: {e}")));
                notes.extend(b.error.iter().map(|e| format!("{at}: {revision}: {e}")));
                if a.error.is_none() && b.error.is_none() && a.answer != b.answer {
                    let (a, b) = (a.answer.as_deref().unwrap_or(""), b.answer.as_deref().unwrap_or(""));
                    notes.push(format!("{at}: the answers differ: {a} here, {b} on {revision} (timed all the same)"));
                }
            }
        }
        // Each round's figure of the step on one side, when it ran without error.
        let figures = |rounds: &[Report]| -> Vec<f64> {
            let found = rounds.iter().filter_map(|r| r.same_step(row)).filter(|r| r.error.is_none());
            found.filter_map(|r| Some(r.timing?.min)).collect()
        };
        let (a, b) = (figures(ours), figures(theirs));
        let paired = Paired::of(&a, &b);
        let cell = |f: fn(&Paired) -> String| paired.as_ref().map_or("-".to_string(), f);
        lines.push(vec![
            row.day.clone(),
            row.label(),
            middle(a).map_or("-".to_string(), nanos),
            middle(b).map_or("-".to_string(), nanos),
            cell(|p| format!("{:.2}", p.ratio)),
            cell(|p| format!("{:.2}-{:.2}", p.low, p.high)),
            cell(Paired::words),
        ]);
    }
    let header = ["day", "step", "this tree", revision, "ratio", "interval", "change"];
    let about = format!(
        "per call, on {}: each side's fastest sample in each of {} rounds, alternating; ratio: \
         this tree / {revision}, the median over the rounds; interval: its 95% range; a change \
         is called only when the whole interval lies beyond ±{:.0}%",
        a0.clock,
        ours.len().min(theirs.len()),
        RESOLUTION * 100.0
    );
    let below: Vec<String> = std::iter::once(about).chain(notes.iter().map(|n| format!("note: {n}"))).collect();
    render(&header, &lines, |i| (2..6).contains(&i), false) + &notes_text(&below, false, Some(terminal_width()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic spread of values around 1: a few percent either way, the kind of
    /// noise two steady rounds show.
    fn noise(n: usize, width: f64) -> Vec<f64> {
        (0..n).map(|i| 1.0 + width * (((i * 7919) % 101) as f64 / 100.0 - 0.5)).collect()
    }

    #[test]
    fn the_interval_is_the_order_statistics_one_of_the_median() {
        // n = 12: P(B <= 2) = 79/4096 = 1.9%, P(B <= 3) = 7.3%: [x(2), x(9)].
        assert_eq!(interval_index(12), 2);
        // n = 10: P(B <= 1) = 1.1%, P(B <= 2) = 5.5%.
        assert_eq!(interval_index(10), 1);
        assert_eq!(interval_index(6), 0, "1/64 = 1.6%");
        assert_eq!((interval_index(5), interval_index(1), interval_index(0)), (0, 0, 0));
        let p = Paired::of(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0], &[1.0; 12]).unwrap();
        assert_eq!((p.ratio, p.low, p.high), (6.5, 3.0, 10.0));
        assert_eq!(Paired::of(&[], &[]), None);
        assert_eq!(Paired::of(&[1.0, 0.0], &[0.0, 1.0]), None, "a missing figure pairs with nothing");
    }

    #[test]
    fn identical_samples_are_no_change() {
        let same = noise(12, 0.1);
        let p = Paired::of(&same, &same).unwrap();
        assert_eq!((p.ratio, p.low, p.high), (1.0, 1.0, 1.0));
        assert!(!p.is_change());
        assert_eq!(p.words(), "no change (±5%)");
    }

    #[test]
    fn a_shift_beyond_the_noise_is_called_both_ways() {
        let theirs = noise(12, 0.04);
        let twice: Vec<f64> = theirs.iter().zip(noise(12, 0.06).iter().rev()).map(|(t, n)| 2.0 * t * n).collect();
        let p = Paired::of(&twice, &theirs).unwrap();
        assert!(p.is_change() && p.ratio > 1.0, "{p:?}");
        assert!((p.ratio - 2.0).abs() < 0.1 && p.words().ends_with("x slower"), "{p:?}");
        let p = Paired::of(&theirs, &twice).unwrap();
        assert!(p.is_change() && p.words().ends_with("x faster"), "{p:?}");
        // 1.3x slower under the same noise is still told.
        let slower: Vec<f64> = theirs.iter().map(|t| 1.3 * t).collect();
        assert!(Paired::of(&slower, &noise(12, 0.06)).unwrap().words().ends_with("x slower"));
    }

    /// A round's report: one row per (step, figure, answer, error).
    fn round(rows: &[(&str, f64, &str, Option<&str>)]) -> Report {
        let rows = rows
            .iter()
            .map(|&(step, min, answer, error)| crate::Row {
                day: "2100-1".into(),
                step: step.into(),
                solution: None,
                answer: Some(answer.into()),
                error: error.map(str::to_string),
                fails: error.is_some(),
                timing: crate::Summary::of(&[min], 1),
                memory: None,
                input: None,
            })
            .collect();
        Report { machine: "m".into(), commit: "c".into(), created: 0, clock: "thread CPU time".into(), rows }
    }

    #[test]
    fn the_table_judges_each_step_and_names_what_differs_between_the_sides() {
        let ours: Vec<Report> = noise(12, 0.04)
            .iter()
            .map(|n| round(&[("parse", 40.0 * n, "", None), ("part 1", 260.0 * n, "7", None)]))
            .collect();
        let theirs: Vec<Report> = noise(12, 0.04)
            .iter()
            .rev()
            .map(|n| {
                round(&[
                    ("parse", 40.0 * n, "", None),
                    ("part 1", 200.0 * n, "8", None),
                    ("part 2", 5.0, "", Some("bad")),
                ])
            })
            .collect();
        let text = table(&ours, &theirs, "HEAD (abc1234)");
        let line = |step: &str| text.lines().find(|l| l.starts_with(&format!("2100-1  {step} "))).unwrap_or_default();
        assert!(line("parse").ends_with("no change (±5%)"), "{text}");
        assert!(line("part 1").ends_with("1.30x slower"), "{text}");
        assert!(text.contains("note: 2100-1 part 1: the answers differ: 7 here, 8 on HEAD (abc1234)"), "{text}");
        assert!(text.contains("note: 2100-1 part 2: not on this tree"), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
        assert_eq!(table(&[], &theirs, "HEAD"), "no rounds were timed\n");
    }

    #[test]
    fn noise_alone_is_no_change_and_says_how_far_it_reaches() {
        // Each side ±15% at random around the same figure: the ratios wander both ways.
        let ours = noise(12, 0.3);
        let theirs: Vec<f64> = noise(12, 0.3).into_iter().rev().collect();
        let p = Paired::of(&ours, &theirs).unwrap();
        assert!(!p.is_change(), "{p:?}");
        let reach = ((p.high - 1.0).max(1.0 - p.low) * 100.0).ceil();
        assert!(reach > 5.0 && p.words() == format!("no change (±{reach:.0}%)"), "{p:?} {}", p.words());
        // A shift inside the resolution, however steady, is no change either.
        let p = Paired::of(&[1.03; 12], &[1.0; 12]).unwrap();
        assert_eq!((p.is_change(), p.words()), (false, "no change (±5%)".to_string()));
    }
}

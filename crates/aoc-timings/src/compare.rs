//! Telling a change from noise: two timings of one step (a baseline's and a new run's, or
//! a solution's and its part's default's in one run) compared on the figure that load
//! disturbs least, with the smallest change the comparison can resolve.
//!
//! A busy machine only ever adds time to a sample: a call that waits for a core, or finds
//! its caches emptied by another process, is slower, never faster. So the fastest sample
//! moves least under load, and comparisons use it ([`Summary::min`]), on the thread's
//! CPU time where the run had it. What each choice gave on this project's
//! machine, idle and beside busy processes, is in docs/benchmarks.md. A change smaller
//! than [`resolution`] is "no change (within ±x%)", never faster or slower.

use crate::summary::middle;
use crate::{units, Report, Row, Summary};

/// The smallest change any comparison claims to resolve: about twice as far as the fastest
/// sample of an unchanged step moved between runs, idle and beside busy processes
/// (docs/benchmarks.md).
pub const FLOOR: f64 = 0.15;

/// A step's time, then and now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Change {
    /// The old figure (per call, nanoseconds).
    pub old: f64,
    /// New figure / old figure.
    pub ratio: f64,
    /// The smallest change this comparison resolves, as a fraction (0.1: ±10%).
    pub resolution: f64,
    /// Whether the two runs can be compared at all ([`incomparable`]).
    pub judged: bool,
}

/// `1.92x slower` or `2.00x faster`: a `ratio` (new over old) that is a change, in words;
/// here, and for `time --against` (module `paired`).
pub fn called(ratio: f64) -> String {
    if ratio > 1.0 {
        format!("{}x slower", units::three_digits(ratio))
    } else {
        format!("{}x faster", units::three_digits(1.0 / ratio))
    }
}

impl Change {
    /// Whether it is a change that can be told from noise, faster or slower: the two runs
    /// can be compared, and the ratio lies beyond the resolution.
    pub fn is_change(&self) -> bool {
        self.judged && self.ratio.is_finite() && (self.ratio - 1.0).abs() > self.resolution
    }

    /// `1.92x slower`, `2.00x faster`, `no change (±15%)` (no change the two runs can
    /// resolve, which is ±15% here), or `0.76x, no verdict` between runs that cannot be
    /// compared.
    pub fn words(&self) -> String {
        if !self.judged {
            format!("{:.2}x, no verdict", self.ratio)
        } else if self.is_change() {
            called(self.ratio)
        } else {
            format!("no change (±{:.0}%)", self.resolution * 100.0)
        }
    }
}

/// How loosely one timing's fastest sample is pinned, as a fraction of it: how far the
/// tenth percentile lies above it (when load slowed most samples, the fastest is a rare
/// one), or for a baseline saved before the percentile was kept, the spread.
fn noise(s: &Summary) -> f64 {
    let fastest = s.min;
    if fastest <= 0.0 {
        return f64::INFINITY;
    }
    (s.low.unwrap_or(fastest + s.spread) - fastest).max(0.0) / fastest
}

/// The smallest change two timings of a step can resolve: [`FLOOR`], or half the looser
/// timing's [`noise`] when that is more (beside busy processes the tenth percentile of a
/// step that fills the caches rose up to 58% above the fastest sample, docs/benchmarks.md).
pub fn resolution(old: &Summary, new: &Summary) -> f64 {
    FLOOR.max(noise(old).max(noise(new)) / 2.0)
}

/// How far two runs' calibration workloads may lie apart for a verdict between them: the
/// machine itself ran at another speed beyond it (a slow spell of the host read 1.19x).
pub const CALIBRATION_BOUND: f64 = 1.10;

/// How far the load of two runs may lie apart for a verdict, in other runnable tasks per
/// core: one busy process on one of two cores.
pub const LOAD_BOUND: f64 = 0.5;

/// The cores of a report's machine (`AMD EPYC, 2 cores`), 1 when it does not say.
fn cores(machine: &str) -> f64 {
    let count = machine.rsplit(", ").next().and_then(|c| c.strip_suffix(" cores"));
    count.and_then(|c| c.parse::<f64>().ok()).filter(|&c| c >= 1.0).unwrap_or(1.0)
}

/// The mean load of a report's rows, in other runnable tasks; `None` when a row lacks it
/// (a baseline saved before it was recorded).
fn load(report: &Report) -> Option<f64> {
    let loads: Option<Vec<f64>> = report.rows.iter().filter_map(|r| r.timing).map(|t| t.load).collect();
    loads.filter(|l| !l.is_empty()).map(|l| l.iter().sum::<f64>() / l.len() as f64)
}

/// Why no verdict can be drawn between two runs of `time` in different sessions, in one
/// line, or `None` when nothing says they differ: the same clean commit (the same code:
/// any difference is the machine's), another machine, calibration workloads further apart
/// than [`CALIBRATION_BOUND`], or loads further apart than [`LOAD_BOUND`] (or not
/// recorded). Thread CPU time is not load-proof across sessions (docs/benchmarks.md).
pub fn incomparable(old: &Report, new: &Report) -> Option<String> {
    let mut why = Vec::new();
    if old.commit == new.commit && !old.commit.ends_with("-dirty") && old.commit != "unknown" {
        why.push(format!("both runs are of commit {}, the same code", old.commit));
    }
    if old.clock != new.clock {
        why.push(format!("the clocks differ ({}; {})", old.clock, new.clock));
    }
    if old.machine != new.machine {
        why.push(format!("the machines differ ({}; {})", old.machine, new.machine));
    }
    // The middle of the calibrations' ratios over the rows both runs timed.
    let ratio =
        |row: &Row| Some(row.timing?.calibration?.max(1e-9) / old.same_step(row)?.timing?.calibration?.max(1e-9));
    let calibration = middle(new.rows.iter().filter_map(ratio).collect());
    match calibration {
        None => why.push("a run lacks the calibration workload".into()),
        Some(r) if r.max(1.0 / r) > CALIBRATION_BOUND => {
            why.push(format!("the calibration workload ran {r:.2}x as long (the machine's own speed changed)"))
        }
        Some(_) => {}
    }
    match (load(old), load(new)) {
        (Some(a), Some(b)) if (a - b).abs() / cores(&new.machine) > LOAD_BOUND => {
            why.push(format!("the load differs ({a:.1} and {b:.1} other runnable tasks)"))
        }
        (Some(_), Some(_)) => {}
        _ => why.push("a run does not record its load".into()),
    }
    (!why.is_empty()).then(|| why.join("; "))
}

/// Compares two timings of one step; `judged`: whether a verdict may be drawn between
/// their runs (see [`incomparable`]).
pub fn change(old: &Summary, new: &Summary, judged: bool) -> Change {
    Change { old: old.min, ratio: new.min / old.min, resolution: resolution(old, new), judged }
}

/// How a solution compares with its part's default in the same run: `4.10x slower`,
/// `1.30x faster`, or `same (±15%)` (within what one run resolves).
pub fn relative(default: &Summary, solution: &Summary) -> String {
    if default.min <= 0.0 || solution.min <= 0.0 {
        return "-".to_string();
    }
    let c = change(default, solution, true);
    if c.is_change() {
        called(c.ratio)
    } else {
        format!("same (±{:.0}%)", c.resolution * 100.0)
    }
}

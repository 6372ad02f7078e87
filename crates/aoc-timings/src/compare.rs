//! Telling a change from noise: two timings of one step (a baseline's and a new run's, or
//! a solution's and its part's default's in one run) compared on the figure that load
//! disturbs least, with the smallest change the comparison can resolve.
//!
//! A busy machine only ever adds time to a sample: a call that waits for a core, or finds
//! its caches emptied by another process, is slower, never faster. So the fastest sample
//! moves least under load, and comparisons use it ([`Summary::compared`]), on the thread's
//! CPU time where the run had it. What each choice gave on this project's
//! machine, idle and beside busy processes, is in docs/benchmarks.md. A change smaller
//! than [`resolution`] is "no change (within ±x%)", never faster or slower.

use crate::Summary;

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
}

/// What a [`Change`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Within the resolution.
    Same,
    /// Faster beyond it.
    Faster,
    /// Slower beyond it.
    Slower,
}

impl Change {
    /// Faster, slower, or no change that can be told from noise.
    pub fn verdict(&self) -> Verdict {
        if (self.ratio - 1.0).abs() <= self.resolution || !self.ratio.is_finite() {
            Verdict::Same
        } else if self.ratio < 1.0 {
            Verdict::Faster
        } else {
            Verdict::Slower
        }
    }

    /// `1.92x slower`, `2.00x faster`, or `no change (±15%)`: no change the two runs can
    /// resolve, which is ±15% here.
    pub fn words(&self) -> String {
        let within = || format!("no change (±{:.0}%)", self.resolution * 100.0);
        match self.verdict() {
            Verdict::Same => within(),
            Verdict::Slower => format!("{}x slower", factor(self.ratio)),
            Verdict::Faster => format!("{}x faster", factor(1.0 / self.ratio)),
        }
    }
}

/// A factor of 1 or more in three significant digits: `1.92`, `12.5`, `410`.
fn factor(f: f64) -> String {
    let digits = if f < 10.0 {
        2
    } else if f < 100.0 {
        1
    } else {
        0
    };
    format!("{f:.digits$}")
}

/// How loosely one timing's fastest sample is pinned, as a fraction of it: how far the
/// tenth percentile lies above it (when load slowed most samples, the fastest is a rare
/// one), or for a baseline saved before the percentile was kept, the spread.
fn noise(s: &Summary) -> f64 {
    let fastest = s.compared();
    if fastest <= 0.0 {
        return f64::INFINITY;
    }
    (s.low.unwrap_or(fastest + s.spread) - fastest).max(0.0) / fastest
}

/// How much the machine itself changed between two timings: how far the calibration
/// workload timed beside each moved (0 when either has none). Other processes emptying the
/// caches slow every step that relies on them, unchanged or not, and the workload with
/// them.
pub fn drift(old: &Summary, new: &Summary) -> f64 {
    match (old.calibration, new.calibration) {
        (Some(old), Some(new)) if old > 0.0 && new > 0.0 => (new / old - 1.0).abs(),
        _ => 0.0,
    }
}

/// The smallest change two timings of a step can resolve: [`FLOOR`], or half the looser
/// timing's [`noise`] when that is more (beside busy processes the tenth percentile of a
/// step that fills the caches rose up to 58% above the fastest sample), widened by twice
/// the machine's [`drift`] between them (a step that uses memory and branches slows more
/// than the calibration's plain arithmetic: 38% against 19% once, docs/benchmarks.md).
pub fn resolution(old: &Summary, new: &Summary) -> f64 {
    FLOOR.max(noise(old).max(noise(new)) / 2.0) + 2.0 * drift(old, new)
}

/// The compared figure of `s` in a run on `clock`, on the wall clock when `wall` asks for
/// it (to compare with a baseline saved on the wall clock).
fn figure(s: &Summary, wall: bool) -> f64 {
    match (wall, s.wall) {
        (true, Some(w)) => w.min,
        _ => s.compared(),
    }
}

/// Compares two timings of one step, `old` from a run on `old_clock`, `new` on `new_clock`
/// ([`crate::Report::clock`]): on the CPU clock when both runs had it, else on the wall clock.
pub fn change(old: &Summary, old_clock: &str, new: &Summary, new_clock: &str) -> Change {
    let wall = old_clock != new_clock;
    let before = figure(old, wall);
    Change { old: before, ratio: figure(new, wall) / before, resolution: resolution(old, new) }
}

/// How a solution compares with its part's default in the same run: `1.00` for the
/// default, `4.10x slower`, `1.30x faster`, or `same (±15%)` (within what one run resolves).
pub fn relative(default: &Summary, solution: &Summary, is_default: bool) -> String {
    if is_default {
        return "1.00".to_string();
    }
    if default.compared() <= 0.0 || solution.compared() <= 0.0 {
        return "-".to_string();
    }
    let c = Change {
        old: default.compared(),
        ratio: solution.compared() / default.compared(),
        resolution: resolution(default, solution),
    };
    match c.verdict() {
        Verdict::Same => format!("same (±{:.0}%)", c.resolution * 100.0),
        _ => c.words(),
    }
}

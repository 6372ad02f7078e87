//! What one step measured: time per call and memory per call.

use serde::{Deserialize, Serialize};

/// Statistics of one timed step, in nanoseconds per call, on the report's clock (the
/// thread's CPU time where the system has one, else the wall clock: [`crate::Report::clock`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// How many samples.
    pub runs: usize,
    /// Calls per sample.
    #[serde(default = "one")]
    pub batch: u64,
    /// The first call of all, cold: what a user waits for when solving once.
    #[serde(default)]
    pub first: f64,
    /// Median time per call.
    pub median: f64,
    /// Fastest sample, per call: the figure comparisons use, since load only ever adds
    /// time to a sample (module `compare`).
    pub min: f64,
    /// Slowest sample, per call.
    pub max: f64,
    /// Interquartile range: the middle half of the samples lies within this width.
    pub spread: f64,
    /// The tenth percentile per call: how far above the fastest sample most samples lie
    /// tells how firmly the fastest is pinned (absent in baselines saved before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub low: Option<f64>,
    /// The same samples by the wall clock, when the report's clock is the CPU's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<Wall>,
    /// The calibration workload's time per call, timed between this step's samples on the
    /// same clock: comparisons between machines or loads can be made in its units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calibration: Option<f64>,
    /// How many other tasks were runnable on the machine when the samples ended
    /// (`/proc/loadavg`): what a comparison across sessions checks (module `compare`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load: Option<f64>,
}

/// Wall-clock figures of a step timed on the CPU clock, per call.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Wall {
    /// Median per call.
    pub median: f64,
    /// Tenth percentile per call.
    pub low: f64,
    /// Fastest sample, per call.
    pub min: f64,
}

fn one() -> u64 {
    1
}

/// The `q` quantile (0 to 1) of `sorted`, interpolated; `sorted` is not empty.
pub(crate) fn quantile(sorted: &[f64], q: f64) -> f64 {
    let pos = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}

fn sorted(samples: &[f64]) -> Vec<f64> {
    let mut s = samples.to_vec();
    s.sort_by(f64::total_cmp);
    s
}

/// The middle value of `values` (the upper one of an even count), `None` for none.
pub(crate) fn middle(values: Vec<f64>) -> Option<f64> {
    sorted(&values).get(values.len() / 2).copied()
}

impl Summary {
    /// Summarises per-call times (nanoseconds) of samples of `batch` calls each (the first
    /// call is timed apart); `None` for no samples.
    pub fn of(samples: &[f64], batch: u64) -> Option<Summary> {
        let s = sorted(samples);
        let n = s.len();
        if n == 0 {
            return None;
        }
        Some(Summary {
            runs: n,
            batch,
            first: 0.0,
            median: quantile(&s, 0.5),
            min: s[0],
            max: s[n - 1],
            spread: quantile(&s, 0.75) - quantile(&s, 0.25),
            low: Some(quantile(&s, 0.1)),
            wall: None,
            calibration: None,
            load: None,
        })
    }
}

/// What a step allocated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Memory {
    /// The most bytes it held at once, beyond what was held when it started.
    pub peak_bytes: u64,
    /// How many allocations (and reallocations) it made.
    pub allocations: u64,
}

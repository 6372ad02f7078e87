//! What one step measured: time per call and memory per call.

use serde::{Deserialize, Serialize};

/// Statistics of one timed step, in nanoseconds per call.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
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
    /// Fastest sample, per call.
    pub min: f64,
    /// Slowest sample, per call.
    pub max: f64,
    /// Interquartile range: the middle half of the samples lies within this width.
    pub spread: f64,
}

fn one() -> u64 {
    1
}

impl Summary {
    /// Summarises per-call times (nanoseconds) of samples of `batch` calls each; `None`
    /// for no samples.
    pub fn of(samples: &[f64], batch: u64, first: f64) -> Option<Summary> {
        let mut s = samples.to_vec();
        s.sort_by(f64::total_cmp);
        let n = s.len();
        if n == 0 {
            return None;
        }
        let quantile = |q: f64| {
            let pos = q * (n - 1) as f64;
            let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
            s[lo] + (s[hi] - s[lo]) * (pos - lo as f64)
        };
        Some(Summary {
            runs: n,
            batch,
            first,
            median: quantile(0.5),
            min: s[0],
            max: s[n - 1],
            spread: quantile(0.75) - quantile(0.25),
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

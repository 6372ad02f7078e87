//! Timing one step right at every scale, from nanoseconds to seconds.
//!
//! A single call of a 50 ns step cannot be timed by reading a clock around it: the clock
//! read costs about as much as the step. So calls are timed in *batches*: the batch size
//! doubles until one batch lasts at least [`Budget::min_batch`] (well above the clock's
//! resolution and overhead), every sample then times one batch, and each sample is divided
//! by the batch size, as criterion and divan do. Slow steps get batches of one call. The
//! step's result goes through [`std::hint::black_box`] so that it cannot be optimised
//! away. The clock is a parameter, so tests prove the arithmetic with a fake one.

use std::time::{Duration, Instant};

pub use aoc_timings::Summary;

/// A monotonic clock in nanoseconds.
pub trait Clock {
    /// Nanoseconds since some fixed moment.
    fn now(&self) -> u64;
}

/// The real clock.
pub struct SystemClock(Instant);

impl SystemClock {
    /// A clock starting now.
    pub fn new() -> SystemClock {
        SystemClock(Instant::now())
    }
}

impl Clock for SystemClock {
    fn now(&self) -> u64 {
        self.0.elapsed().as_nanos() as u64
    }
}

/// How long to time a step, and how.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// About how long to spend sampling one step (after the warm-up, a tenth of this).
    pub per_step: Duration,
    /// The fewest samples, however slow the step.
    pub min_samples: usize,
    /// The most samples, however fast the step.
    pub max_samples: usize,
    /// The least time one sample (one batch of calls) lasts.
    pub min_batch: Duration,
}

impl Budget {
    /// `seconds` per step, at least 10 and at most 10,000 samples of at least 20 µs each.
    pub fn new(seconds: f64) -> Budget {
        Budget {
            per_step: Duration::from_secs_f64(seconds.max(0.001)),
            min_samples: 10,
            max_samples: 10_000,
            min_batch: Duration::from_micros(20),
        }
    }
}

/// Times `call`: its first call alone, then after a warm-up, samples of batched calls.
pub fn measure<T>(clock: &impl Clock, budget: &Budget, mut call: impl FnMut() -> T) -> Summary {
    let mut batch_time = |batch: u64| {
        let start = clock.now();
        for _ in 0..batch {
            std::hint::black_box(call());
        }
        clock.now().saturating_sub(start)
    };
    let first = batch_time(1) as f64;
    let per_step = budget.per_step.as_nanos() as u64;
    let warm_until = clock.now() + per_step / 10;
    while clock.now() < warm_until {
        batch_time(1);
    }
    let min_batch = budget.min_batch.as_nanos() as u64;
    let mut batch = 1;
    let mut took = batch_time(batch);
    while took < min_batch && batch < 1 << 40 {
        batch *= 2;
        took = batch_time(batch);
    }
    let samples = (per_step / took.max(1)) as usize;
    let samples = samples.clamp(budget.min_samples, budget.max_samples.max(budget.min_samples));
    let times: Vec<f64> = (0..samples).map(|_| batch_time(batch) as f64 / batch as f64).collect();
    Summary::of(&times, batch, first).unwrap_or(Summary {
        runs: 0,
        batch,
        first,
        median: 0.0,
        min: 0.0,
        max: 0.0,
        spread: 0.0,
    })
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    /// A clock that moves only when a fake step says it took time.
    struct FakeClock(Cell<u64>);

    impl Clock for FakeClock {
        fn now(&self) -> u64 {
            self.0.get()
        }
    }

    impl FakeClock {
        fn advance(&self, ns: u64) {
            self.0.set(self.0.get() + ns);
        }
    }

    fn budget(per_step_ns: u64) -> Budget {
        Budget {
            per_step: Duration::from_nanos(per_step_ns),
            min_samples: 10,
            max_samples: 1000,
            min_batch: Duration::from_micros(20),
        }
    }

    #[test]
    fn fast_steps_are_batched_and_reported_per_call() {
        let clock = FakeClock(Cell::new(0));
        let mut calls = 0u64;
        let summary = measure(&clock, &budget(10_000_000), || {
            calls += 1;
            clock.advance(if calls == 1 { 500 } else { 30 }); // a slow first call, then 30 ns
        });
        // 20 µs / 30 ns = 667 calls: the first power of two above is 1024.
        assert_eq!(summary.batch, 1024);
        assert_eq!((summary.median, summary.min, summary.max, summary.spread), (30.0, 30.0, 30.0, 0.0));
        assert_eq!(summary.first, 500.0);
        // 10 ms of samples of 1024 * 30 ns = 30.72 µs each: 325 samples.
        assert_eq!(summary.runs, 325);
    }

    #[test]
    fn slow_steps_get_batches_of_one_and_at_least_the_minimum_samples() {
        let clock = FakeClock(Cell::new(0));
        let summary = measure(&clock, &budget(1_000_000_000), || clock.advance(300_000_000));
        assert_eq!((summary.batch, summary.runs), (1, 10));
        assert_eq!(summary.median, 3e8);
    }

    #[test]
    fn the_division_is_exact_and_statistics_follow_the_samples() {
        let clock = FakeClock(Cell::new(0));
        // Each call costs 7 ns, except every 1000th, which costs 7,007 ns.
        let mut calls = 0u64;
        let summary = measure(&clock, &budget(2_000_000), || {
            calls += 1;
            clock.advance(if calls.is_multiple_of(1000) { 7_007 } else { 7 });
        });
        // A batch of b calls holds b / 1000 slow ones, rounded down or up: its per-call time
        // lies between these two, exactly.
        let b = summary.batch as f64;
        let fewest = 7.0 + (b / 1000.0).floor() * 7000.0 / b;
        let most = 7.0 + (b / 1000.0).ceil() * 7000.0 / b;
        assert!(summary.batch >= 1024, "{summary:?}");
        assert!(summary.min >= fewest - 1e-9 && summary.max <= most + 1e-9, "{summary:?}");
        assert!(summary.median >= summary.min && summary.median <= summary.max);
        let s = Summary::of(&[5.0, 1.0, 4.0, 2.0, 3.0], 8, 9.0).unwrap();
        assert_eq!((s.runs, s.batch, s.first, s.median, s.min, s.max, s.spread), (5, 8, 9.0, 3.0, 1.0, 5.0, 2.0));
        assert_eq!(Summary::of(&[1.0, 2.0, 3.0, 10.0], 1, 0.0).unwrap().median, 2.5);
        assert!(Summary::of(&[], 1, 0.0).is_none());
    }

    /// Busy-waits about `ns` nanoseconds of real time, for the sanity check.
    fn busy(ns: u64) -> u64 {
        let start = Instant::now();
        let mut spins = 0u64;
        while (start.elapsed().as_nanos() as u64) < ns {
            spins = std::hint::black_box(spins + 1);
        }
        spins
    }

    /// A loop of `n` dependent multiply-adds: a step whose cost is known up to the
    /// machine's speed.
    fn work(n: u64) -> u64 {
        let mut x = 1u64;
        for i in 0..std::hint::black_box(n) {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i);
        }
        x
    }

    /// The real clock gives medians within 25% of each loop's own calibrated time, at
    /// about 30 ns, 3 µs and 3 ms per call. Timing-dependent, so a deep check, best of three.
    #[test]
    #[ignore = "timing sanity check on the real clock: cargo test -p runner -- --ignored"]
    fn medians_match_calibrated_loops_at_every_scale() {
        busy(50_000_000); // wake the CPU up
        for target_ns in [30.0, 3_000.0, 3_000_000.0] {
            // Calibrate: how many iterations take `target_ns`, timed over a long run.
            let probe = 50_000_000u64;
            let started = Instant::now();
            std::hint::black_box(work(probe));
            let per_iteration = started.elapsed().as_nanos() as f64 / probe as f64;
            let n = (target_ns / per_iteration).round().max(1.0) as u64;
            // The loop's own time per call: the median over 51 chunks of about 4 ms each, so
            // that a chunk cut short by the scheduler does not count (a plain mean would).
            let calibrated = {
                let repeats = (4_000_000.0 / target_ns).max(1.0) as u64;
                let mut chunks: Vec<f64> = (0..51)
                    .map(|_| {
                        let started = Instant::now();
                        for _ in 0..repeats {
                            std::hint::black_box(work(std::hint::black_box(n)));
                        }
                        started.elapsed().as_nanos() as f64 / repeats as f64
                    })
                    .collect();
                chunks.sort_by(f64::total_cmp);
                chunks[25]
            };
            let errors: Vec<f64> = (0..3)
                .map(|_| {
                    let summary = measure(&SystemClock::new(), &Budget::new(0.3), || work(n));
                    (summary.median / calibrated - 1.0).abs()
                })
                .collect();
            let best = errors.iter().copied().fold(f64::INFINITY, f64::min);
            assert!(best < 0.25, "{target_ns} ns loop: calibrated {calibrated:.1} ns, errors {errors:?}");
        }
    }
}

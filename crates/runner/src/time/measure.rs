//! Timing one step right at every scale, from nanoseconds to seconds.
//!
//! A single call of a 50 ns step cannot be timed by reading a clock around it: the clock
//! read costs about as much as the step. So calls are timed in *batches*: the batch size
//! doubles until one batch lasts at least [`MIN_BATCH`] (well above the clock's
//! resolution and overhead), every sample then times one batch, and each sample is divided
//! by the batch size, as criterion and divan do. Slow steps get batches of one call. The
//! step's result goes through [`std::hint::black_box`] so that it cannot be optimised
//! away. The clocks are a parameter (module `clock`), so tests prove the arithmetic with a
//! fake one.
//!
//! Every few samples, a batch of a fixed calibration workload ([`calibration_work`]) is
//! timed too, on the same clock: the step's row keeps what it cost, so that a comparison
//! knows how much the machine itself changed between two runs.

use std::time::Duration;

pub use aoc_timings::Summary;
use aoc_timings::Wall;

pub use super::clock::{Clock, Clocks};

/// The fewest samples, however slow the step.
const MIN_SAMPLES: usize = 10;

/// The most samples, however fast the step.
const MAX_SAMPLES: usize = 10_000;

/// The least time one sample (one batch of calls) lasts: a read of the CPU clock is a
/// system call of a few hundred nanoseconds, and a batch this long keeps it under 0.5% of
/// a sample.
const MIN_BATCH: Duration = Duration::from_micros(100);

/// One calibration batch every this many samples of the step.
const CALIBRATE_EVERY: usize = 4;

/// The calibration workload: a chain of 256 dependent multiply-adds, whose time depends on
/// the core's speed alone (no memory, no branches to mispredict): between two runs, its
/// change is the machine's own (a slower clock, a busy sibling hyperthread on the host),
/// and beyond a bound no verdict is drawn between them (module `aoc_timings::compare`).
pub fn calibration_work() -> u64 {
    let mut x = 1u64;
    for i in 0..std::hint::black_box(256u64) {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i);
    }
    x
}

/// Timing batches of one call on both clocks.
impl Clocks<'_> {
    /// Runs `batch` calls; how long they took by the main clock and by the wall clock (when
    /// it is read).
    fn time<T>(&self, batch: u64, call: &mut impl FnMut() -> T) -> (u64, Option<u64>) {
        let wall_start = self.wall.map(|w| w.now());
        let start = self.main.now();
        for _ in 0..batch {
            std::hint::black_box(call());
        }
        let took = self.main.now().saturating_sub(start);
        let wall = self.wall.zip(wall_start).map(|(w, s)| w.now().saturating_sub(s));
        (took, wall)
    }

    /// The batch size whose batch lasts at least [`MIN_BATCH`] on the main clock (at most
    /// `most` calls), and how long that batch took.
    fn batch_size<T>(&self, most: u64, call: &mut impl FnMut() -> T) -> (u64, u64) {
        let mut batch = 1;
        let mut took = self.time(batch, call).0;
        while took < MIN_BATCH.as_nanos() as u64 && batch < most {
            batch *= 2;
            took = self.time(batch, call).0;
        }
        (batch, took)
    }
}

/// Times `call`: after a warm-up, samples of batched calls for about `per_step` on the main
/// clock (the warm-up a tenth of that), the calibration workload interleaved. The first
/// call, cold, is the caller's to time (`time_step`).
pub fn measure<T>(clocks: Clocks<'_>, per_step: Duration, mut call: impl FnMut() -> T) -> Summary {
    let clock = clocks.main;
    let per_step = per_step.as_nanos() as u64;
    let warm_until = clock.now() + per_step / 10;
    while clock.now() < warm_until {
        clocks.time(1, &mut call);
    }
    let (batch, took) = clocks.batch_size(1 << 40, &mut call);
    // 256 dependent multiply-adds take 256 cycles at the very least: 2^12 calls last more
    // than `MIN_BATCH` on any machine (and a fake clock's tests do not run seconds of them).
    let calibration_batch = clocks.batch_size(1 << 12, &mut calibration_work).0;
    let mut calibration = Vec::new();
    let samples = ((per_step / took.max(1)) as usize).clamp(MIN_SAMPLES, MAX_SAMPLES);
    let (mut times, mut walls) = (Vec::with_capacity(samples), Vec::with_capacity(samples));
    for index in 0..samples {
        let (took, wall) = clocks.time(batch, &mut call);
        times.push(took as f64 / batch as f64);
        walls.extend(wall.map(|w| w as f64 / batch as f64));
        if index % CALIBRATE_EVERY == 0 {
            let (took, _) = clocks.time(calibration_batch, &mut calibration_work);
            calibration.push(took as f64 / calibration_batch as f64);
        }
    }
    let summary = Summary::of(&times, batch).unwrap_or_default();
    let wall = Summary::of(&walls, batch).map(|w| Wall { median: w.median, low: w.low.unwrap_or(w.min), min: w.min });
    Summary { wall, calibration: calibration.into_iter().reduce(f64::min), ..summary }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::super::clock::WallClock;
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

    fn on(clock: &FakeClock) -> Clocks<'_> {
        Clocks { main: clock, wall: Some(clock), name: "fake" }
    }

    #[test]
    fn fast_steps_are_batched_and_reported_per_call() {
        let clock = FakeClock(Cell::new(0));
        let mut calls = 0u64;
        let summary = measure(on(&clock), Duration::from_millis(10), || {
            calls += 1;
            clock.advance(if calls == 1 { 500 } else { 30 }); // a slow first call (warming up), then 30 ns
        });
        // 100 µs / 30 ns = 3334 calls: the first power of two above is 4096.
        assert_eq!(summary.batch, 4096);
        assert_eq!((summary.median, summary.min, summary.max, summary.spread), (30.0, 30.0, 30.0, 0.0));
        assert_eq!((summary.low, summary.wall.map(|w| w.median)), (Some(30.0), Some(30.0)));
        // 10 ms of samples of 4096 * 30 ns = 122.88 µs each: 81 samples.
        assert_eq!(summary.runs, 81);
    }

    #[test]
    fn slow_steps_get_batches_of_one_and_at_least_the_minimum_samples() {
        let clock = FakeClock(Cell::new(0));
        let summary = measure(on(&clock), Duration::from_secs(1), || clock.advance(300_000_000));
        assert_eq!((summary.batch, summary.runs), (1, 10));
        assert_eq!(summary.median, 3e8);
    }

    #[test]
    fn the_division_is_exact_and_statistics_follow_the_samples() {
        let clock = FakeClock(Cell::new(0));
        // Each call costs 7 ns, except every 1000th, which costs 7,007 ns.
        let mut calls = 0u64;
        let summary = measure(on(&clock), Duration::from_millis(2), || {
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
        let s = Summary::of(&[5.0, 1.0, 4.0, 2.0, 3.0], 8).unwrap();
        assert_eq!((s.runs, s.batch, s.median, s.min, s.max, s.spread), (5, 8, 3.0, 1.0, 5.0, 2.0));
        assert_eq!(s.low, Some(1.4), "the tenth percentile, interpolated");
        assert_eq!(Summary::of(&[1.0, 2.0, 3.0, 10.0], 1).unwrap().median, 2.5);
        assert!(Summary::of(&[], 1).is_none());
    }

    #[test]
    fn the_calibration_workload_is_timed_between_the_samples_on_the_same_clock() {
        let clock = FakeClock(Cell::new(0));
        let mut calls = 0u64;
        // The fake clock moves only in the step, so the workload costs nothing on it; what
        // is checked is that it ran, every few samples, and is kept apart from the step's.
        let summary = measure(on(&clock), Duration::from_millis(10), || {
            calls += 1;
            clock.advance(30)
        });
        assert_eq!(summary.calibration, Some(0.0));
        assert_eq!(summary.median, 30.0);
        assert_eq!(summary.runs, 81, "as many samples as without it: {summary:?}");
    }

    // The sanity check on the real clocks, and the test of it. Timing-dependent: deep
    // checks, run by CI in a step of their own.

    /// A loop of `n` dependent multiply-adds: a step whose cost is known up to the
    /// machine's speed.
    fn work(n: u64) -> u64 {
        let mut x = 1u64;
        for i in 0..std::hint::black_box(n) {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(i);
        }
        x
    }

    /// A way to measure, as [`measure`] does: the check is given one, so that its own test
    /// can hand it a wrong one.
    type Measure = fn(Clocks<'_>, Duration, &mut dyn FnMut() -> u64) -> Summary;

    fn measured(clocks: Clocks<'_>, per_step: Duration, call: &mut dyn FnMut() -> u64) -> Summary {
        measure(clocks, per_step, call)
    }

    /// How far `main` strays from the wall clock over chunks of about 100 µs of work: the
    /// ninetieth percentile of main / wall over 201 chunks, minus one. On the CPU clock a
    /// chunk the scheduler interrupted reads less than the wall clock; beside four busy
    /// processes and a build, more than a tenth of the chunks still run uninterrupted, so
    /// the ninetieth percentile is what the clock reads while the thread runs. `None` when
    /// `main` is the wall clock.
    fn clock_error(clocks: Clocks<'_>) -> Option<f64> {
        let wall = clocks.wall?;
        let n = iterations_for(clocks.main, 100_000.0);
        let mut ratios: Vec<f64> = (0..201)
            .map(|_| {
                let (w, m) = (wall.now(), clocks.main.now());
                std::hint::black_box(work(n));
                let (m, w) = (clocks.main.now().saturating_sub(m), wall.now().saturating_sub(w));
                m as f64 / w.max(1) as f64
            })
            .collect();
        ratios.sort_by(f64::total_cmp);
        Some(ratios[180] - 1.0)
    }

    /// How many iterations of [`work`] take about `target_ns` on `clock`: the fewest per
    /// iteration over five runs of 10 ms (a run cut short by the scheduler reads longer).
    fn iterations_for(clock: &dyn Clock, target_ns: f64) -> u64 {
        let probe = 5_000_000u64;
        let per_iteration = (0..5)
            .map(|_| {
                let started = clock.now();
                std::hint::black_box(work(probe));
                clock.now().saturating_sub(started) as f64 / probe as f64
            })
            .fold(f64::INFINITY, f64::min);
        (target_ns / per_iteration.max(1e-3)).round().max(1.0) as u64
    }

    /// The plainest measure of `call` on `clock`: runs of calls in a loop, the fastest of
    /// 41 runs of about 2 ms each (or one call, when longer), per call. Many short runs,
    /// because beside busy processes some runs read long (this VM's host throttles it, and
    /// the throttled time reads as the thread's): seven runs of 20 ms once all did.
    fn reference(clock: &dyn Clock, target_ns: f64, call: &mut dyn FnMut() -> u64) -> f64 {
        let repeats = (2_000_000.0 / target_ns).max(1.0) as u64;
        (0..41)
            .map(|_| {
                let started = clock.now();
                for _ in 0..repeats {
                    std::hint::black_box(call());
                }
                clock.now().saturating_sub(started) as f64 / repeats as f64
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// What is wrong with `how` measuring on `clocks`, if anything: the clock must agree
    /// with the wall clock while the thread runs (within 10%), and the fastest sample and
    /// the tenth percentile (what comparisons rest on) of loops of about 30 ns, 3 µs and
    /// 3 ms per call must match the plainest measure of the same loops on the same clock
    /// (within 30%: beside four busy processes the two were up to 24% apart), best of three. Not the median: beside four busy processes this VM's
    /// host throttles it, and the throttled time reads as the thread's own, adding 30-45%
    /// to the median of the 3 ms loop.
    fn sanity(clocks: Clocks<'_>, how: Measure) -> Result<(), String> {
        if let Some(error) = clock_error(clocks).filter(|e| e.abs() > 0.1) {
            return Err(format!("{} runs {:+.0}% off the wall clock", clocks.name, error * 100.0));
        }
        for target_ns in [30.0, 3_000.0, 3_000_000.0] {
            let n = iterations_for(clocks.main, target_ns);
            let mut call = || work(std::hint::black_box(n));
            let expected = reference(clocks.main, target_ns, &mut call);
            let errors: Vec<f64> = (0..3)
                .map(|_| {
                    let summary = how(clocks, Duration::from_millis(300), &mut call);
                    let low = summary.low.unwrap_or(f64::NAN);
                    (summary.min / expected - 1.0).abs().max((low / expected - 1.0).abs())
                })
                .collect();
            let best = errors.iter().copied().fold(f64::INFINITY, f64::min);
            if best.is_nan() || best >= 0.3 {
                return Err(format!("{target_ns} ns loop: expected {expected:.1} ns per call, errors {errors:?}"));
            }
        }
        Ok(())
    }

    /// The real clocks give per-call fastest samples and tenth percentiles within 30% of
    /// each loop's plain measure, at about 30 ns, 3 µs and 3 ms per call, and the CPU clock
    /// agrees with the wall clock while the thread runs: beside busy processes too, since
    /// both sides are on the thread's CPU time.
    #[test]
    #[ignore = "timing sanity check on the real clocks: cargo test -p runner -- --ignored medians_match"]
    fn medians_match_calibrated_loops_at_every_scale() {
        sanity(Clocks::best(), measured).unwrap();
    }

    /// A clock running at half the speed of the one it wraps.
    struct HalfSpeed<'a>(&'a dyn Clock);

    impl Clock for HalfSpeed<'_> {
        fn now(&self) -> u64 {
            self.0.now() / 2
        }
    }

    /// A wrong measure: each call timed alone, so each sample counts the clock's reads.
    fn counting_its_overhead(clocks: Clocks<'_>, per_step: Duration, call: &mut dyn FnMut() -> u64) -> Summary {
        let samples: Vec<f64> = (0..1000)
            .map(|_| {
                let started = clocks.main.now();
                std::hint::black_box(call());
                clocks.main.now().saturating_sub(started) as f64
            })
            .collect();
        Summary::of(&samples, 1).unwrap_or_else(|| measure(clocks, per_step, call))
    }

    /// The test of the sanity check: it fails on a clock at half speed and on a measure
    /// that counts its own overhead.
    #[test]
    #[ignore = "timing sanity check on the real clocks: cargo test -p runner -- --ignored medians_match"]
    fn medians_match_fails_on_a_slow_clock_and_on_a_loop_counting_its_overhead() {
        let best = Clocks::best();
        let slow = HalfSpeed(best.main);
        let slow_clock = Clocks { main: &slow, wall: Some(best.wall.unwrap_or(&WallClock)), ..best };
        let err = sanity(slow_clock, measured).unwrap_err();
        assert!(err.contains("off the wall clock"), "{err}");
        let err = sanity(best, counting_its_overhead).unwrap_err();
        assert!(err.starts_with("30 ns loop"), "{err}");
    }
}

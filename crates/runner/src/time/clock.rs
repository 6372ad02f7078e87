//! The clocks `time` reads.
//!
//! A busy machine makes a step's wall-clock time longer: while the step waits for a core,
//! the wall clock runs on. The thread's CPU time counts only what the step itself ran, so
//! `time` samples on it where the system keeps one (Linux, macOS, the BSDs, through
//! `clock_gettime`, through `libc`), and keeps the wall clock beside it for those who
//! want wall-clock figures. Elsewhere it samples on the wall clock alone. What each gave on
//! an idle and a loaded machine is in docs/benchmarks.md.

use std::sync::OnceLock;
use std::time::Instant;

/// A monotonic clock in nanoseconds.
pub trait Clock {
    /// Nanoseconds since some fixed moment.
    fn now(&self) -> u64;
}

/// The wall clock (monotonic), from its first read in the process.
pub struct WallClock;

impl Clock for WallClock {
    fn now(&self) -> u64 {
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_nanos() as u64
    }
}

/// The CPU time of the thread that reads it: only meaningful read on one thread, as
/// `measure` does.
pub struct ThreadCpuClock;

impl ThreadCpuClock {
    /// The thread's CPU time in nanoseconds, if the system gives it.
    #[cfg(any(target_os = "linux", target_os = "android", target_os = "macos", target_os = "freebsd"))]
    fn read() -> Option<u64> {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `clock_gettime` writes one `timespec` through the pointer, which points to
        // a live local of that type, and keeps nothing of it.
        #[allow(unsafe_code)]
        let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        (status == 0).then(|| (t.tv_sec as u64).wrapping_mul(1_000_000_000).wrapping_add(t.tv_nsec as u64))
    }

    /// Elsewhere, no thread clock: `time` samples on the wall clock.
    #[cfg(not(any(target_os = "linux", target_os = "android", target_os = "macos", target_os = "freebsd")))]
    fn read() -> Option<u64> {
        None
    }
}

impl Clock for ThreadCpuClock {
    fn now(&self) -> u64 {
        // `Clocks::best` samples on this clock only after reading it once.
        Self::read().unwrap_or_default()
    }
}

/// The clocks one run of `time` samples on: `main` for every figure, and the wall clock
/// beside it when `main` is not the wall clock.
#[derive(Clone, Copy)]
pub struct Clocks<'a> {
    /// The clock the figures are in.
    pub main: &'a dyn Clock,
    /// The wall clock, read beside `main` when `main` is the CPU's.
    pub wall: Option<&'a dyn Clock>,
    /// How reports name `main`: [`THREAD_CPU`], or `aoc_timings`' wall clock.
    pub name: &'static str,
}

/// Reports' name for the thread's CPU time.
pub const THREAD_CPU: &str = "thread CPU time";

impl Clocks<'static> {
    /// The system's best clock to sample on (the thread's CPU time where there is one),
    /// the wall clock beside it.
    pub fn best() -> Clocks<'static> {
        match ThreadCpuClock::read() {
            Some(_) => Clocks { main: &ThreadCpuClock, wall: Some(&WallClock), name: THREAD_CPU },
            // A system without the thread's clock, or refusing it: the wall clock, named so.
            None => Clocks { main: &WallClock, wall: None, name: aoc_timings::report::WALL_CLOCK },
        }
    }
}

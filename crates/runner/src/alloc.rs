//! A counting global allocator: how many allocations a step makes and the most heap it
//! holds at once, measured in a call of its own, apart from the timed ones.
//!
//! Counts are kept per thread, so what other threads do (the test harness, a progress bar)
//! never shows in a step's figures. Counting is off outside [`measure`], so the timed calls
//! pay one thread-local flag test per allocation.

#![allow(unsafe_code)] // a `GlobalAlloc` is an unsafe trait; this module only forwards to `System`

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, with counts on the thread of a call of [`measure`] while it lasts.
pub struct Counting;

/// This thread's counters. `const`-initialised `Cell`s with nothing to drop: reading them
/// never allocates, which an allocator must not do.
struct Counters {
    on: Cell<bool>,
    allocations: Cell<u64>,
    /// Bytes held since the count started; negative when the step frees older memory.
    held: Cell<i64>,
    peak: Cell<i64>,
}

thread_local! {
    static COUNTERS: Counters = const {
        Counters { on: Cell::new(false), allocations: Cell::new(0), held: Cell::new(0), peak: Cell::new(0) }
    };
}

/// Adds `bytes` to what this thread holds (negative: freed), an allocation when positive.
fn count(bytes: i64) {
    let _ = COUNTERS.try_with(|c| {
        if c.on.get() {
            c.allocations.set(c.allocations.get() + u64::from(bytes > 0));
            c.held.set(c.held.get() + bytes);
            c.peak.set(c.peak.get().max(c.held.get()));
        }
    });
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so the
// `GlobalAlloc` contract is `System`'s; the counters are thread-local cells that allocate
// nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as i64);
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract, which we pass on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as i64);
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as i64));
        // SAFETY: as for `alloc`: `ptr` and `layout` come from the caller unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // A reallocation is counted as one allocation of the new size and a free of the old.
        count(-(layout.size() as i64));
        count(new_size as i64);
        // SAFETY: as for `alloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

pub use aoc_timings::Memory;

/// What `f` allocates, counted in this one call. Counting stops when `f` returns or panics.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, Memory) {
    /// Turns counting off when dropped, a panic's unwinding included.
    struct Off;
    impl Drop for Off {
        fn drop(&mut self) {
            let _ = COUNTERS.try_with(|c| c.on.set(false));
        }
    }
    COUNTERS.with(|c| {
        c.allocations.set(0);
        c.held.set(0);
        c.peak.set(0);
        c.on.set(true);
    });
    let _off = Off;
    let out = std::hint::black_box(f());
    (out, COUNTERS.with(|c| Memory { peak_bytes: c.peak.get().max(0) as u64, allocations: c.allocations.get() }))
}

#[cfg(test)]
mod tests {
    use std::hint::black_box;

    use super::*;

    // The binary's `#[global_allocator]` (main.rs) is this crate's test harness's too.

    #[test]
    fn known_allocations_are_counted_with_their_peak() {
        let ((), memory) = measure(|| {
            let a = black_box(vec![0u8; 1000]);
            let b = black_box(vec![0u64; 100]); // 800 bytes, held together with `a`
            drop((a, b));
            let c = black_box(vec![0u8; 1500]); // after both are freed
            drop(c);
        });
        assert_eq!(memory, Memory { peak_bytes: 1800, allocations: 3 });
    }

    #[test]
    fn other_threads_do_not_count() {
        let ((), memory) = measure(|| {
            let other = std::thread::spawn(|| black_box(vec![0u8; 4096]).len());
            black_box(other.join().unwrap());
        });
        assert!(memory.peak_bytes < 4096, "{memory:?}");
    }

    #[test]
    fn growth_by_reallocation_counts_each_step_and_nothing_is_counted_outside() {
        let (v, memory) = measure(|| {
            let mut v: Vec<u8> = Vec::with_capacity(16);
            v.extend(std::iter::repeat_n(1, 17)); // one reallocation, to 32 bytes
            v
        });
        assert_eq!(memory, Memory { peak_bytes: 32, allocations: 2 });
        let ((), nothing) = measure(|| drop(black_box(v))); // frees only
        assert_eq!(nothing, Memory { peak_bytes: 0, allocations: 0 });
        let before = COUNTERS.with(|c| c.allocations.get());
        drop(black_box(vec![1u8; 10]));
        assert_eq!(COUNTERS.with(|c| c.allocations.get()), before, "counting is off outside `measure`");
    }
}

//! What the counting allocator costs one allocation: `run` counts the heap in the very call
//! it times, so this is what its first-call figures pay for their memory columns.
//!
//! `cargo bench -p benches --bench alloc_count`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};

// The runner's allocator module, as the binary links it (the runner has no library).
#[path = "../../runner/src/alloc.rs"]
#[allow(dead_code, unused_imports)]
mod alloc;

#[global_allocator]
static ALLOCATOR: alloc::Counting = alloc::Counting;

/// One small allocation and its free, the unit of the comparison.
fn allocate_and_free() {
    drop(black_box(Box::new(black_box(7u64))));
}

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("one allocation and free");
    group.bench_function("not counted", |b| b.iter(allocate_and_free));
    group.bench_function("counted", |b| {
        black_box(alloc::measure(|| b.iter(allocate_and_free)));
    });
    group.finish();
}

criterion_group!(benches, counting);
criterion_main!(benches);

//! Every day of 2016 on your input (`inputs/2016/day<N>.txt`, else the puzzle's example):
//! the parser and each part that has an answer.
//!
//! `cargo bench -p aoc2016 --bench days`

use std::hint::black_box;
use std::path::Path;

use aoc_runner::ArcStr;
use criterion::{criterion_group, criterion_main, Criterion};

fn days(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for day in aoc2016::DAYS {
        let paths = aoc_workspace::inputs::input_candidates(&root, day.id);
        let text = paths.iter().find_map(|p| std::fs::read_to_string(p).ok());
        let text = ArcStr::from(text.as_deref().unwrap_or(day.example));
        for (index, factory) in day.parts.iter().enumerate() {
            let Some(factory) = factory else { continue };
            let Ok(runner) = factory(text.clone()) else { continue };
            if index == 0 {
                c.bench_function(&format!("{}/parse", day.id), |b| b.iter(|| factory(black_box(text.clone()))));
            }
            if runner.try_run().is_ok() {
                c.bench_function(&format!("{}/part{}", day.id, index + 1), |b| b.iter(|| runner.try_run()));
            }
        }
    }
}

criterion_group!(benches, days);
criterion_main!(benches);

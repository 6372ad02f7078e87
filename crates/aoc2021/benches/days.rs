//! Every day of 2021 on your input (`inputs/2021/day<N>.txt`, else the puzzle's example):
//! the parser and each part that has an answer.
//!
//! `cargo bench -p aoc2021 --bench days`

fn days(c: &mut criterion::Criterion) {
    bench_kit::bench_days(c, aoc2021::DAYS);
}

criterion::criterion_group!(benches, days);
criterion::criterion_main!(benches);

//! Every day of 2016 on your input (`inputs/2016/day<N>.txt`, else the puzzle's example):
//! the parser and each part that has an answer.
//!
//! `cargo bench -p aoc2016 --bench days`

fn days(c: &mut criterion::Criterion) {
    bench_kit::bench_days(c, aoc2016::DAYS);
}

criterion::criterion_group!(benches, days);
criterion::criterion_main!(benches);

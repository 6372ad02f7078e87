//! 2016 day 11 timings on layouts the benchmark generates itself (no personal inputs).
//!
//! `cargo bench -p benches --bench day11`
//!
//! * `real-like`: 40 layouts of the shape every real input has (five pairs on floors 1 to 3,
//!   floor 4 empty, each microchip on its generator's floor or above it) whose answers, in
//!   both parts, equal the lower bound, as is known of every real input. Both parts are
//!   timed per layout (best of 5) and the median and worst printed with the states
//!   expanded; criterion times the first three.
//! * `real-like-loose`: the same shape without the tight-bound filter.
//! * `pairs/<n>`: a random solvable layout of `n` pairs over all four floors, to show how
//!   the time grows with the puzzle: `min_rides` (a table lookup up to seven pairs, a search
//!   beyond) and `search/<n>`, the search alone.
//!
//! Both parts are also timed by search alone (`min_rides_by_search`), which is what layouts of
//! more than seven pairs get.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::Duration;

use aoc2016::day11::{min_rides, min_rides_by_search, parse, with_part_two_pairs, Layout};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use test_kit::{best_of, Rng};

const NAMES: [&str; 15] = [
    "hydrogen", "lithium", "helium", "carbon", "oxygen", "neon", "sodium", "iron", "cobalt", "nickel", "copper",
    "zinc", "gold", "silver", "tin",
];

fn render(pairs: &[(usize, usize)]) -> String {
    let mut floors = vec![Vec::new(); 4];
    for (i, &(g, c)) in pairs.iter().enumerate() {
        floors[g].push(format!("a {} generator", NAMES[i]));
        floors[c].push(format!("a {}-compatible microchip", NAMES[i]));
    }
    let ordinals = ["first", "second", "third", "fourth"];
    floors
        .iter()
        .zip(ordinals)
        .map(|(items, o)| {
            let list = if items.is_empty() { "nothing relevant".to_string() } else { items.join(", and ") };
            format!("The {o} floor contains {list}.\n")
        })
        .collect()
}

/// A random layout with `pairs` pairs on floors `0..floors` whose start is safe and
/// (checked by solving) has a solution; with `tight`, one whose answers equal the bound.
fn layout(rng: &mut Rng, pairs: usize, floors: usize, tight: bool) -> Layout {
    loop {
        let p: Vec<(usize, usize)> = (0..pairs)
            .map(|_| {
                let g = rng.below(floors);
                // Real inputs never have a chip below its generator.
                let c = if floors < 4 { g + rng.below(floors - g) } else { rng.below(floors) };
                (g, c)
            })
            .collect();
        let Ok(layout) = parse(&render(&p)) else {
            continue;
        };
        let real_like = p.iter().any(|&(g, c)| g == 0 || c == 0);
        let meets_bound = |l: &Layout| min_rides(l).0 == Ok(l.start().lower_bound());
        if real_like && min_rides(&layout).0.is_ok() {
            if floors < 4 {
                let two = with_part_two_pairs(&layout).unwrap();
                if min_rides(&two).0.is_err() || (tight && !(meets_bound(&layout) && meets_bound(&two))) {
                    continue;
                }
            }
            return layout;
        }
    }
}

fn both_parts(layout: &Layout) -> (u32, u32) {
    let one = min_rides(layout).0.unwrap_or(0);
    let two = with_part_two_pairs(layout).map(|l| min_rides(&l).0.unwrap_or(0)).unwrap_or(0);
    (one, two)
}

fn both_parts_by_search(layout: &Layout) -> (u32, u32) {
    let search = |l: &Layout| min_rides_by_search(l).0.unwrap_or(0);
    (search(layout), with_part_two_pairs(layout).map(|l| search(&l)).unwrap_or(0))
}

/// The median and worst of `times`.
fn median_and_worst(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    (times[times.len() / 2], times[times.len() - 1])
}

fn real_like_set(c: &mut Criterion, name: &str, tight: bool) {
    let mut rng = Rng::new(0x5eed_2016_0011);
    let layouts: Vec<Layout> = (0..40).map(|_| layout(&mut rng, 5, 3, tight)).collect();
    let time_all = |solve: fn(&Layout) -> (u32, u32)| {
        median_and_worst(
            layouts
                .iter()
                .map(|l| {
                    best_of(5, || {
                        black_box(solve(black_box(l)));
                    })
                })
                .collect(),
        )
    };
    let (median, worst) = time_all(both_parts);
    let (search_median, search_worst) = time_all(both_parts_by_search);
    let searched = |l: &Layout| min_rides_by_search(l).1.expanded;
    let expanded = |l: &Layout| (searched(l), searched(&with_part_two_pairs(l).unwrap()));
    let mut e: Vec<(u64, u64)> = layouts.iter().map(expanded).collect();
    e.sort_by_key(|&(a, b)| a + b);
    eprintln!("{name}: both parts, 40 layouts: median {median:?}, worst {worst:?} (table lookups)");
    eprintln!(
        "{name}: by search alone: median {search_median:?}, worst {search_worst:?}; states expanded (part 1, part 2) \
         median {:?}, worst {:?}",
        e[20], e[39]
    );
    let mut group = c.benchmark_group(format!("day11/{name}"));
    for (i, layout) in layouts.iter().take(3).enumerate() {
        eprintln!("{name} {i}: answers {:?}, expanded {:?}", both_parts(layout), expanded(layout));
        group.bench_with_input(BenchmarkId::from_parameter(i), layout, |b, l| b.iter(|| both_parts(black_box(l))));
    }
    group.finish();
}

fn real_like(c: &mut Criterion) {
    real_like_set(c, "real-like", true);
    real_like_set(c, "real-like-loose", false);
}

fn scaling(c: &mut Criterion) {
    let mut group = c.benchmark_group("day11/pairs");
    group.sample_size(10);
    let mut rng = Rng::new(0xdead_beef_1234);
    for pairs in [4, 6, 8, 10, 12, 15] {
        let layout = layout(&mut rng, pairs, 4, false);
        let (answer, stats) = min_rides_by_search(&layout);
        eprintln!("{pairs} pairs: {answer:?}, search: {stats}");
        group
            .bench_with_input(BenchmarkId::from_parameter(pairs), &layout, |b, l| b.iter(|| min_rides(black_box(l)).0));
        group.bench_with_input(BenchmarkId::new("search", pairs), &layout, |b, l| {
            b.iter(|| min_rides_by_search(black_box(l)).0)
        });
    }
    group.finish();
}

criterion_group!(benches, real_like, scaling);
criterion_main!(benches);

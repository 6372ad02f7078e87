//! 2021 day 23 timings on the example and on burrows the benchmark generates itself.
//!
//! `cargo bench -p benches --bench day23`
//!
//! * `example/part1`, `example/part2`: the puzzle's example (criterion statistics).
//! * `random`: 120 random solvable depth-2 diagrams from a fixed seed; each part of each
//!   diagram is timed (best of 5 runs), and the median and worst over the set are printed
//!   with the states expanded and the dead states dropped unexpanded.
//! * `depth/<d>`: a solvable burrow of each depth 5 to 8 (sorted rooms, six random swaps).
//! * `every-input`: all 2,520 possible puzzle inputs (the eight amphipods `AABBCCDD` in the
//!   two room rows, in every distinct order), each part timed per call with the parse
//!   included (best of 3 calls in a row, and the better of two passes over all inputs, so
//!   that one burst of other work on the machine cannot spoil an input's time): median,
//!   p90, p99 and max per part, the total for all inputs and both parts, and the 10
//!   slowest inputs with their states expanded. The inputs with a solution and those
//!   without one (part 2 has 307, which the search must exhaust) are also summed up apart.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::Duration;

use aoc2021::day23::{
    every_puzzle_input, least_energy, least_energy_unfolded, parse, Amphipod, Burrow, EXAMPLE_INPUT as EXAMPLE,
    HALLWAY_LEN,
};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use search_core::Stats;
use test_kit::{best_of, best_per_item, Rng};

/// Rooms of `depth`, a uniform shuffle of `depth` amphipods of each kind.
fn burrow(rng: &mut Rng, depth: usize) -> Burrow {
    let mut cells: Vec<usize> = (0..4 * depth).map(|i| i % 4).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    let rows: Vec<[Option<Amphipod>; 4]> =
        (0..depth).map(|k| std::array::from_fn(|r| Some(Amphipod::ALL[cells[k * 4 + r]]))).collect();
    Burrow::from_rows([None; HALLWAY_LEN], &rows)
}

/// Solvable rooms of `depth`: sorted rooms with `swaps` random cells exchanged (deep
/// uniform shuffles are almost never solvable: a room of strangers deeper than the
/// seven hallway stops cannot be emptied).
fn solvable_deep(rng: &mut Rng, depth: usize, swaps: usize) -> Burrow {
    loop {
        let mut cells: Vec<usize> = (0..4 * depth).map(|i| i % 4).collect();
        for _ in 0..swaps {
            let (a, b) = (rng.below(cells.len()), rng.below(cells.len()));
            cells.swap(a, b);
        }
        let rows: Vec<[Option<Amphipod>; 4]> =
            (0..depth).map(|k| std::array::from_fn(|r| Some(Amphipod::ALL[cells[k * 4 + r]]))).collect();
        let burrow = Burrow::from_rows([None; HALLWAY_LEN], &rows);
        if least_energy(&burrow).0.is_ok() {
            return burrow;
        }
    }
}

/// A depth-2 diagram whose both parts have a solution.
fn solvable_diagram(rng: &mut Rng) -> Burrow {
    loop {
        let b = burrow(rng, 2);
        if least_energy(&b).0.is_ok() && least_energy_unfolded(&b).is_ok() {
            return b;
        }
    }
}

fn summary(name: &str, mut times: Vec<Duration>, stats: &[Stats]) {
    times.sort();
    let n = times.len();
    let median_and_worst = |count: fn(&Stats) -> u64| {
        let mut counts: Vec<u64> = stats.iter().map(count).collect();
        counts.sort();
        (counts[n / 2], counts[n - 1])
    };
    let (expanded, most_expanded) = median_and_worst(|s| s.expanded);
    let (dead, most_dead) = median_and_worst(|s| s.dead_ends);
    eprintln!(
        "{name}: {n} inputs, median {:?}, p90 {:?}, worst {:?}; states expanded median {expanded}, worst \
         {most_expanded}; dead states dropped median {dead}, worst {most_dead}",
        times[n / 2],
        times[n * 9 / 10],
        times[n - 1],
    );
}

fn example(c: &mut Criterion) {
    let burrow = parse(EXAMPLE).unwrap();
    let unfolded = burrow.unfolded().unwrap();
    eprintln!("example part 1: {}", least_energy(&burrow).1);
    eprintln!("example part 2: {}", least_energy(&unfolded).1);
    c.bench_function("day23/example/part1", |b| b.iter(|| least_energy(black_box(&burrow)).0));
    c.bench_function("day23/example/part2", |b| b.iter(|| least_energy_unfolded(black_box(&burrow))));
}

fn random_set(c: &mut Criterion) {
    let mut rng = Rng::new(0x2021_0023_5eed);
    let diagrams: Vec<Burrow> = (0..120).map(|_| solvable_diagram(&mut rng)).collect();
    let unfolded: Vec<Burrow> = diagrams.iter().map(|b| b.unfolded().unwrap()).collect();
    for (part, set) in [("part 1", &diagrams), ("part 2", &unfolded)] {
        let times = set.iter().map(|b| best_of(5, || drop(black_box(least_energy(black_box(b)))))).collect();
        let stats: Vec<Stats> = set.iter().map(|b| least_energy(b).1).collect();
        summary(&format!("random {part}"), times, &stats);
    }
    let mut group = c.benchmark_group("day23/random");
    group.sample_size(10);
    group.bench_function("part2-all-120", |b| {
        b.iter(|| unfolded.iter().map(|u| least_energy(black_box(u)).0.unwrap_or(0)).sum::<u32>())
    });
    group.finish();
}

fn deep_rooms(c: &mut Criterion) {
    let mut group = c.benchmark_group("day23/depth");
    group.sample_size(10);
    let mut rng = Rng::new(0xdee9_0023);
    for depth in 5..=8 {
        let burrow = solvable_deep(&mut rng, depth, 6);
        let (answer, stats) = least_energy(&burrow);
        eprintln!("depth {depth}: {answer:?}, {stats}");
        group.bench_with_input(BenchmarkId::from_parameter(depth), &burrow, |b, burrow| {
            b.iter(|| least_energy(black_box(burrow)).0)
        });
    }
    group.finish();
}

/// One input's timing in [`all_inputs`].
struct Row<'a> {
    time: Duration,
    expanded: u64,
    solvable: bool,
    text: &'a str,
}

/// Median, p90, p99 and max of `rows`, sorted by time.
fn spread(rows: &[&Row]) -> String {
    let at = |q: f64| rows[((rows.len() - 1) as f64 * q).round() as usize].time;
    format!("median {:?}, p90 {:?}, p99 {:?}, max {:?}", at(0.5), at(0.9), at(0.99), at(1.0))
}

fn all_inputs(_c: &mut Criterion) {
    let inputs = every_puzzle_input();
    assert_eq!(inputs.len(), 2520);
    let parse_only = best_per_item(2, &inputs, |t| best_of(3, || drop(black_box(parse(black_box(t))))));
    let mut total = Duration::ZERO;
    for (part, solve) in
        [("part 1", least_energy as fn(&Burrow) -> _), ("part 2", |b: &Burrow| least_energy(&b.unfolded().unwrap()))]
    {
        let times =
            best_per_item(2, &inputs, |text| best_of(3, || drop(black_box(solve(&parse(black_box(text)).unwrap())))));
        let mut rows: Vec<Row> = inputs
            .iter()
            .zip(times)
            .map(|(text, time)| {
                let (answer, stats) = solve(&parse(text).unwrap());
                Row { time, expanded: stats.expanded, solvable: answer.is_ok(), text }
            })
            .collect();
        let part_total = rows.iter().map(|r| r.time).sum::<Duration>();
        total += part_total;
        rows.sort_by_key(|r| r.time);
        let all: Vec<&Row> = rows.iter().collect();
        eprintln!("every input {part} (parse included): {}", spread(&all));
        // Inputs with no solution are summed up apart: the search must exhaust them, so they
        // make most of a part's tail.
        let (with, without): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|r| r.solvable);
        if !with.is_empty() && !without.is_empty() {
            for (some, label) in [(with, "with a solution"), (without, "without one")] {
                let time = some.iter().map(|r| r.time).sum::<Duration>();
                let share = 100.0 * time.as_secs_f64() / part_total.as_secs_f64();
                eprintln!("  {} {label}: {}; {share:.0}% of the part's time", some.len(), spread(&some));
            }
        }
        for row in rows.iter().rev().take(10) {
            let rooms: String =
                row.text.lines().skip(2).take(2).map(|l| l.trim().trim_matches('#').replace('#', "")).collect();
            let unsolvable = if row.solvable { "" } else { ", no solution" };
            eprintln!("  {:>10.2?}  {:>6} states expanded  rooms {rooms}{unsolvable}", row.time, row.expanded);
        }
    }
    let mut parse_sorted = parse_only.clone();
    parse_sorted.sort();
    eprintln!("every input parse: median {:?}, max {:?}", parse_sorted[1260], parse_sorted[2519]);
    eprintln!("every input, both parts, all 2,520 (sum of the best times per call): {total:?}");
}

criterion_group!(benches, example, random_set, deep_rooms, all_inputs);
criterion_main!(benches);

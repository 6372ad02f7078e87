//! Every implemented day on your input (`inputs/<year>/day<N>.txt`, else the puzzle's first
//! example, as `run` takes it): the parser, and each part that has an answer, by every
//! solution: the default as `2021-23/part1` (the name it always had, so criterion's saved
//! baselines still compare), each named one as `2021-23/part1/dijkstra`, as `cargo xtask
//! time` and `cargo aoc bench` list them. A named solution is benchmarked only when its
//! answer is the default's. The days come from the year crates this package depends on, so
//! a new day is benchmarked with nothing to add.
//!
//! `cargo bench -p benches --bench days` (a filter, e.g. `-- 2016-11` or `-- part1/`, picks
//! days or solutions)

use std::hint::black_box;

use aoc_runner::ArcStr;
use aoc_workspace::inputs::{example_input, shown};
use criterion::{criterion_group, criterion_main, Criterion};

// `YEARS`: the `DAYS` of every year crate in this package's manifest (its build script,
// `aoc-days`'s).
include!(concat!(env!("OUT_DIR"), "/years.rs"));

fn days(c: &mut Criterion) {
    // Found at run time (cargo bench sets CARGO_MANIFEST_DIR), never baked in: a moved or
    // second checkout reads its own inputs.
    let root = aoc_workspace::root::workspace_root().unwrap_or_else(|_| ".".into());
    for day in YEARS.iter().flat_map(|year| year.iter()) {
        let paths = aoc_workspace::inputs::input_candidates(&root, day.id);
        let text = match paths.iter().find_map(|p| std::fs::read_to_string(p).ok()) {
            Some(text) => text,
            // Else what `run` takes: the first example's input (empty for a day just
            // scaffolded); a day without `EXAMPLE` (written for cargo-aoc) is named, skipped.
            None if day.example.is_some() => example_input(day),
            None => {
                eprintln!("{}: not benchmarked: no input at {}, and no `EXAMPLE`", day.id, shown(&root, &paths[0]));
                continue;
            }
        };
        let text = ArcStr::from(text.as_str());
        for (index, factory) in day.parts.iter().enumerate() {
            let Some(factory) = factory else { continue };
            let Ok(runner) = factory(text.clone()) else { continue };
            if index == 0 {
                c.bench_function(&format!("{}/parse", day.id), |b| b.iter(|| factory(black_box(text.clone()))));
            }
            let Ok(answer) = runner.try_run().map(|a| a.to_string()) else { continue };
            c.bench_function(&format!("{}/part{}", day.id, index + 1), |b| b.iter(|| runner.try_run()));
            for named in day.alternatives.iter().filter(|a| a.part.index() == index) {
                let Ok(runner) = (named.factory)(text.clone()) else { continue };
                if runner.try_run().is_ok_and(|a| a.to_string() == answer) {
                    let id = format!("{}/part{}/{}", day.id, index + 1, named.name);
                    c.bench_function(&id, |b| b.iter(|| runner.try_run()));
                } else {
                    eprintln!("{} part {} {}: skipped, its answer is not the default's", day.id, index + 1, named.name);
                }
            }
        }
    }
}

criterion_group!(benches, days);
criterion_main!(benches);

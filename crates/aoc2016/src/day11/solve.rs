//! Finding the fewest elevator rides.

use aoc2016_day11_model::dense::SafeNumbering;
use aoc2016_day11_model::tablebase::{self, TABLE_LEN, UNREACHABLE};
use aoc_day::text::quote_name;
use aoc_day::{BeyondLimits, Unsolvable};
use search_core::{Numbered, Stats};
use thiserror::Error;

use super::layout::{fried_chip_among, Floor, Layout, Pair, State, MAX_PAIRS};
use super::space::{is_goal, lower_bound, rides};
use super::tight;

/// Why a part has no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// No sequence of legal rides brings everything to the fourth floor.
    #[error("no solution: {0}")]
    NoSolution(String, #[source] Unsolvable),
    /// Part 2's extra elements are already in the input.
    #[error("part 2 adds elerium and dilithium, but the input already has {0}")]
    NameTaken(String),
    /// Part 2's extra pairs would pass the supported size.
    #[error("part 2 would have {pairs} element pairs, more than the {MAX_PAIRS} this solver supports")]
    TooManyPairs {
        /// Pairs with part 2's two.
        pairs: usize,
        /// Marks this as a refusal (non-zero exit), not an answer.
        #[source]
        limit: BeyondLimits,
    },
}

/// The fewest rides from every state of up to [`tablebase::TABLE_PAIRS`] pairs, filled by
/// the build script (a breadth-first search from the goal; see `tablebase`).
static TABLE: &[u8; TABLE_LEN] = include_bytes!(concat!(env!("OUT_DIR"), "/day11-tablebase.bin"));

/// The fewest rides for `layout`, and what the search did: a table lookup for up to seven
/// pairs (no search at all), a search beyond.
pub fn min_rides(layout: &Layout) -> (Result<u32, SolveError>, Stats) {
    if let Err(fried) = check_start(layout) {
        return (Err(fried), Stats::default());
    }
    let start = layout.start();
    match table_answer(start) {
        Some(answer) => (answer, Stats::default()),
        None => searched_rides(start),
    }
}

/// The table's answer for a safe `start`, if it has that many pairs.
fn table_answer(start: State) -> Option<Result<u32, SolveError>> {
    match tablebase::fewest_rides(TABLE, start)? {
        UNREACHABLE => Some(Err(unsolvable())),
        rides => Some(Ok(u32::from(rides))),
    }
}

/// The fewest rides for `layout` by search alone, never the table: what layouts of more
/// than seven pairs get, for tests and benchmarks to run on small layouts too.
pub fn min_rides_by_search(layout: &Layout) -> (Result<u32, SolveError>, Stats) {
    match check_start(layout) {
        Ok(()) => searched_rides(layout.start()),
        Err(fried) => (Err(fried), Stats::default()),
    }
}

/// The fewest rides for `layout` by plain breadth-first search over the canonical states,
/// numbered densely (search-core's `Numbered::bfs_cost`): no table, no bound, no quick try
/// at the bound. What the table and the contour search are measured against (the named
/// solution `bfs`).
pub fn min_rides_by_bfs(layout: &Layout) -> Result<u32, SolveError> {
    check_start(layout)?;
    let start = layout.start();
    let numbering = SafeNumbering::new(start.pairs());
    let rides = Numbered::new(&start, &numbering).bfs_cost(rides, is_goal);
    rides.map(|n| n as u32).ok_or_else(unsolvable)
}

/// Part 2 of `layout` by `solve`, on the layout with part 2's pairs added: how the named
/// solutions, which never read the table, answer part 2.
pub fn part_two_by(layout: &Layout, solve: impl FnOnce(&Layout) -> Result<u32, SolveError>) -> Result<u32, SolveError> {
    solve(&with_part_two_pairs(layout)?)
}

/// The fewest rides from a safe `start` by search, and what the search did: first a quick
/// try for a path as long as the bound ([`tight`]), then the full search, A* contour by
/// contour ([`Numbered::contours`]).
///
/// The full search relies on two facts of this puzzle's: every ride moves the lower bound by
/// exactly one (`aoc2016_day11_model`'s test `every_ride_moves_the_bound_by_exactly_one`),
/// and every ride can be undone (walking the path back needs it). The dense numbering has
/// room for every state reachable from a safe start of its pair count.
fn searched_rides(start: State) -> (Result<u32, SolveError>, Stats) {
    let mut stats = Stats::default();
    let numbering = SafeNumbering::new(start.pairs());
    let answer = match tight::path_at_bound(start, &numbering, &mut stats) {
        Some(_) => Some(start.lower_bound()),
        None => Numbered::new(&start, &numbering).stats(&mut stats).contours_cost(rides, lower_bound, is_goal),
    };
    (answer.ok_or_else(unsolvable), stats)
}

/// A fewest-rides path from a safe `start`, by the same two searches.
fn searched_path(start: State, stats: &mut Stats) -> Option<Vec<State>> {
    let numbering = SafeNumbering::new(start.pairs());
    tight::path_at_bound(start, &numbering, stats).or_else(|| {
        let found = Numbered::new(&start, &numbering).stats(stats).contours(rides, lower_bound, is_goal);
        found.map(|(path, _)| path)
    })
}

/// A start with a fried chip has no solution, whatever the rides.
fn check_start(layout: &Layout) -> Result<(), SolveError> {
    match layout.fried_chip() {
        None => Ok(()),
        Some((victim, culprit)) => Err(SolveError::NoSolution(
            format!(
                "the {}-compatible microchip is fried at the start by the {} generator on the {} floor",
                quote_name(layout.element(victim)),
                quote_name(layout.element(culprit)),
                layout.pairs[victim].chip
            ),
            Unsolvable,
        )),
    }
}

fn unsolvable() -> SolveError {
    SolveError::NoSolution(
        "no sequence of legal elevator rides brings every item to the fourth floor".into(),
        Unsolvable,
    )
}

/// Part 2's extra elements: a pair of each on the first floor.
const PART_TWO_ELEMENTS: [&str; 2] = ["elerium", "dilithium"];

/// The layout with part 2's elerium and dilithium pairs added on the first floor.
pub fn with_part_two_pairs(layout: &Layout) -> Result<Layout, SolveError> {
    check_part_two(layout)?;
    let mut extended = layout.clone();
    for element in PART_TWO_ELEMENTS {
        extended.push(element, Pair::on_floors(Floor::new(0), Floor::new(0)));
    }
    Ok(extended)
}

/// Part 2's answer: the fewest rides of [`with_part_two_pairs`]'s layout, without
/// building it when the table answers (the usual case: no allocation at all).
pub fn min_rides_part_two(layout: &Layout) -> Result<u32, SolveError> {
    check_part_two(layout)?;
    let new_pair = Pair::on_floors(Floor::new(0), Floor::new(0));
    let pairs = layout.pairs.iter().copied().chain(PART_TWO_ELEMENTS.map(|_| new_pair));
    if fried_chip_among(pairs.clone()).is_none() {
        if let Some(answer) = table_answer(State::from_pairs(pairs.map(Pair::floors), 0)) {
            return answer;
        }
    }
    min_rides(&with_part_two_pairs(layout)?).0
}

/// Whether part 2's pairs can be added: their names are free, and the layout stays within
/// [`MAX_PAIRS`].
fn check_part_two(layout: &Layout) -> Result<(), SolveError> {
    if let Some(taken) = PART_TWO_ELEMENTS.iter().find(|&&e| layout.elements().any(|name| name == e)) {
        return Err(SolveError::NameTaken(taken.to_string()));
    }
    let pairs = layout.pairs.len() + PART_TWO_ELEMENTS.len();
    if pairs > MAX_PAIRS {
        return Err(SolveError::TooManyPairs { pairs, limit: BeyondLimits });
    }
    Ok(())
}

/// Every item's floor and the elevator's at one point of a solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// The elevator's floor (0-based).
    pub elevator: usize,
    /// Per element, in layout order: (generator floor, chip floor).
    pub floors: Vec<(usize, usize)>,
}

/// The fewest-rides solution as snapshots (start included), with the search's statistics;
/// the error of [`min_rides`] when there is none.
///
/// The path of canonical states comes from the same searches as the answer (module `tight`'s
/// path, or the contour search's walked back from the goal); each step is then made concrete by
/// finding which one or two items on the elevator's floor turn one snapshot into the next
/// state.
pub fn solution(layout: &Layout) -> (Result<Vec<Snapshot>, SolveError>, Stats) {
    let mut stats = Stats::default();
    if let Err(fried) = check_start(layout) {
        return (Err(fried), stats);
    }
    let Some(path) = searched_path(layout.start(), &mut stats) else { return (Err(unsolvable()), stats) };
    let first = Snapshot { elevator: 0, floors: layout.floors() };
    let mut snapshots = vec![first];
    for next in &path[1..] {
        let Some(current) = snapshots.last() else { break };
        let Some(step) = concrete_ride(current, *next) else {
            unreachable!("every canonical ride is made by some concrete items")
        };
        snapshots.push(step);
    }
    (Ok(snapshots), stats)
}

/// The snapshot after the ride that turns `current` into `next`.
fn concrete_ride(current: &Snapshot, next: State) -> Option<Snapshot> {
    let (from, to) = (current.elevator, next.elevator());
    // Items on the elevator's floor: (element, is the chip).
    let here: Vec<(usize, bool)> = current
        .floors
        .iter()
        .enumerate()
        .flat_map(|(i, &(g, c))| [(i, false, g), (i, true, c)])
        .filter(|&(_, _, floor)| floor == from)
        .map(|(i, chip, _)| (i, chip))
        .collect();
    let loads = (0..here.len()).flat_map(|a| (a..here.len()).map(move |b| (a, b)));
    loads
        .map(|(a, b)| {
            let mut floors = current.floors.clone();
            for &(i, chip) in [here[a], here[b]].iter() {
                if chip {
                    floors[i].1 = to
                } else {
                    floors[i].0 = to
                }
            }
            Snapshot { elevator: to, floors }
        })
        .find(|s| State::from_floors(&s.floors, s.elevator) == next)
}

//! The search over reduced states, and the replay of its path as single moves.

use aoc_day::Unsolvable;
use search_core::{Run, Search, Slice, Sliced, Stats};
use thiserror::Error;

use super::burrow::{Amphipod, Burrow, Place, ROOM_X};
use super::deadlock::DeadStateTest;
use super::geometry::{Room, RoomMask, Stop, StopMask, ROOM_TO_ROOM, SEGMENT};
use super::heuristic::estimate;
use super::leavers::Leavers;
use super::puzzle::Puzzle;
use super::state::{Forced, State};

/// Why a part has no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// No sequence of legal moves organises the burrow.
    #[error("no solution: no sequence of legal moves brings every amphipod home")]
    NoSolution(#[source] Unsolvable),
    /// Part 2 unfolds a depth-2 diagram only.
    #[error("part 2 unfolds a diagram with rooms of depth 2, but these rooms have depth {0}")]
    NotFoldable(usize),
}

/// What a search is asked for: its cost alone ([`CostOnly`]), or its path too ([`WithPath`]).
trait Ask {
    type Answer;
    fn ask(search: impl Run<State, u32>) -> Option<Self::Answer>;
}

/// The cost alone: no parent links kept.
struct CostOnly;

impl Ask for CostOnly {
    type Answer = u32;
    #[inline(always)]
    fn ask(search: impl Run<State, u32>) -> Option<u32> {
        search.cost()
    }
}

/// The path of reduced states, and its cost.
struct WithPath;

impl Ask for WithPath {
    type Answer = (Vec<State>, u32);
    #[inline(always)]
    fn ask(search: impl Run<State, u32>) -> Option<(Vec<State>, u32)> {
        search.path()
    }
}

/// The search [`Plan::for_depth`] picks for `burrow`, from `start`, asked for `A`'s answer:
/// configured once for both, so that [`solution`] searches exactly as [`least_energy`]
/// does. Rooms two deep: decisions a slice at a time; deeper: all at once, with the lazy
/// dead-state test.
fn search<A: Ask>(burrow: &Burrow, puzzle: &Puzzle, start: &State, stats: &mut Stats) -> Option<A::Answer> {
    let leavers = &puzzle.leavers;
    let estimate = |s: &State| estimate(*s, leavers);
    match Plan::for_depth(burrow.depth()) {
        Plan::Shallow => {
            let decide = |s: &State, slice| decisions_in(slice, *s, leavers);
            A::ask(Search::sliced(start, decide, State::is_goal).heuristic(estimate).stats(stats))
        }
        Plan::Deep => {
            let test = DeadStateTest::new(puzzle);
            let decide = |s: &State| decisions(*s, leavers);
            let stuck = |s: &State| test.stuck(*s);
            A::ask(
                Search::new(start, decide, State::is_goal)
                    .heuristic(estimate)
                    .dead_end(stuck, LAZY_TESTS_FOR)
                    .stats(stats),
            )
        }
    }
}

/// The least energy that organises `burrow`, and what the search did.
pub fn least_energy(burrow: &Burrow) -> (Result<u32, SolveError>, Stats) {
    let mut stats = Stats::default();
    let puzzle = Puzzle::new(burrow);
    let leavers = &puzzle.leavers;
    let (start, forced) = puzzle.start.settle(leavers);
    let cost = search::<CostOnly>(burrow, &puzzle, &start, &mut stats);
    (cost.map(|cost| puzzle.vertical + forced + cost).ok_or(SolveError::NoSolution(Unsolvable)), stats)
}

/// Part 2: unfold, then solve.
pub fn least_energy_unfolded(burrow: &Burrow) -> Result<u32, SolveError> {
    let unfolded = burrow.unfolded().ok_or(SolveError::NotFoldable(burrow.depth()))?;
    least_energy(&unfolded).0
}

/// How the search runs, by the depth of the rooms. Both ways are exact; each is the faster
/// where it is used (docs/2021-23.md names the commits that measured it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plan {
    /// Rooms two deep: few states are dead and the search is small, so the dead-state test
    /// costs more than it saves; but most decisions would lead above the answer, so they
    /// are built a slice at a time ([`decisions_in`]), never those above it.
    Shallow,
    /// Deeper rooms: most states reached are dead, so states are tested for being
    /// [stuck](State::stuck), lazily ([`Search::dead_end`]) for the search's
    /// first [`LAZY_TESTS_FOR`] pops: one reached at its parent's priority, which the
    /// search is about to pop, at once, so that it is dropped unqueued; one reached above
    /// it only if it is ever popped, so that the many reached above the answer are never
    /// tested. Decisions are built all at once, since few lead above the answer and
    /// building them in slices costs more in re-queued states than it saves.
    Deep,
}

/// How many states a deep-room search pops while it tests lazily; then it tests every
/// state as it reaches it. An easy search ends sooner, having skipped the tests of the
/// states it queued above the answer; a long one pops most of what it queues, and a dead
/// state queued untested costs it more than the test it skips. Commits `37b52e3` and
/// `2ad7d3b` have the figures behind the number.
const LAZY_TESTS_FOR: u64 = 100;

impl Plan {
    fn for_depth(depth: usize) -> Plan {
        if depth >= 3 {
            Plan::Deep
        } else {
            Plan::Shallow
        }
    }
}

/// The only real decisions: the top amphipod of a room steps out to a free stop it can
/// reach. Each result is settled (forced moves made) and priced.
pub(super) fn decisions(s: State, leavers: &Leavers) -> impl Iterator<Item = (State, u32)> + '_ {
    Decisions(step_outs(s, leavers))
}

/// [`decisions`]' iterator. This and the other iterators of decisions are written out by
/// hand, their `next` always inlined: built from iterator adaptors, the closures were
/// called through `&mut F` wrappers that the compiler left out of line in the search loop,
/// a call per decision (commit `5262878` has what it cost).
struct Decisions<'a>(StepOuts<'a>);

impl Iterator for Decisions<'_> {
    type Item = (State, u32);

    #[inline(always)]
    fn next(&mut self) -> Option<(State, u32)> {
        let (r, i, kind) = self.0.next()?;
        Some(step_out_and_settle(self.0.s, r, i, kind, self.0.leavers))
    }
}

/// [`decisions`] a [`Slice`] at a time, by the key `g + bound + rise` (see
/// [`State::step_out_rise`]): a lower bound on the successor's `g + estimate`, known before
/// it is built. The search never asks for a slice above the answer, so the decisions
/// that lie there are never built.
fn decisions_in(slice: Slice<u32>, s: State, leavers: &Leavers) -> impl Iterator<Item = Sliced<State, u32>> + '_ {
    DecisionsIn { slice, base: slice.g + s.bound(), step_outs: step_outs(s, leavers) }
}

/// [`decisions_in`]'s iterator.
struct DecisionsIn<'a> {
    slice: Slice<u32>,
    base: u32,
    step_outs: StepOuts<'a>,
}

impl Iterator for DecisionsIn<'_> {
    type Item = Sliced<State, u32>;

    #[inline(always)]
    fn next(&mut self) -> Option<Sliced<State, u32>> {
        for (r, i, kind) in self.step_outs.by_ref() {
            let key = self.base + State::step_out_rise(r, i, kind);
            if self.slice.wants(key) {
                let (next, energy) = step_out_and_settle(self.step_outs.s, r, i, kind, self.step_outs.leavers);
                return Some(Sliced::Now(next, energy));
            }
            if self.slice.leaves(key) {
                return Some(Sliced::Later(key));
            }
        }
        None
    }
}

/// [`step_outs`]' iterator: room by room, the stops its top amphipod can step out to.
struct StepOuts<'a> {
    s: State,
    leavers: &'a Leavers,
    occupied: StopMask,
    /// The rooms with leavers still to visit.
    rooms: RoomMask,
    /// The room being visited, the kind at its top, and its stops still to yield.
    room: Room,
    kind: Amphipod,
    stops: StopMask,
}

impl Iterator for StepOuts<'_> {
    type Item = (Room, Stop, Amphipod);

    #[inline(always)]
    fn next(&mut self) -> Option<(Room, Stop, Amphipod)> {
        loop {
            while !self.stops.is_empty() {
                let i = self.stops.take_lowest();
                if !self.s.faces_for_good(i, self.kind) {
                    return Some((self.room, i, self.kind));
                }
            }
            if self.rooms.is_empty() {
                return None;
            }
            self.room = self.rooms.take_lowest();
            self.kind = self.s.top(self.room, self.leavers);
            // Never onto the way home from this room: some best solution never parks there
            // (the module doc's "Parking on the way home" has the proof).
            let way_home = ROOM_TO_ROOM[self.room][self.kind.home()];
            self.stops = SEGMENT[self.room][self.occupied.index()] & !self.occupied & !way_home;
        }
    }
}

/// Every decision with the move that makes it: (room, stop index).
fn labelled_decisions(s: State, leavers: &Leavers) -> impl Iterator<Item = ((Room, Stop), State, u32)> + '_ {
    step_outs(s, leavers).map(move |(r, i, kind)| {
        let (next, energy) = step_out_and_settle(s, r, i, kind, leavers);
        ((r, i), next, energy)
    })
}

/// The top amphipod of room `r`, of `kind`, steps out to stop `i`, and the forced moves
/// that opens up are made: the settled state and the energy of it all.
fn step_out_and_settle(s: State, r: Room, i: Stop, kind: Amphipod, leavers: &Leavers) -> (State, u32) {
    let (moved, energy) = s.step_out_as(r, i, kind);
    let (settled, forced) = if moved.may_force(r, leavers) { moved.settle(leavers) } else { (moved, 0) };
    (settled, energy + forced)
}

/// The step-outs worth making: (room, stop index, kind of the amphipod stepping out), to
/// every free stop the top amphipod of a room can reach, except those strictly between the
/// room's door and its own (never needed) and those that would leave it
/// [facing](State::faces_for_good) a hallway amphipod for good (a dead end).
fn step_outs(s: State, leavers: &Leavers) -> StepOuts<'_> {
    let rooms = s.rooms_with_leavers();
    StepOuts { s, leavers, occupied: s.occupied(), rooms, room: Room(0), kind: Amphipod::A, stops: StopMask::EMPTY }
}

/// One amphipod's move in an explained solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The burrow after the move.
    pub burrow: Burrow,
    /// Which amphipod moved.
    pub amphipod: Amphipod,
    /// Where it came from and went: hallway cell `Hall(x)` or `Room(room, depth)`.
    pub from: Place,
    /// Where it went.
    pub to: Place,
    /// Energy of this move.
    pub energy: u32,
    /// Whether the search folded this move away as forced (not a decision).
    pub forced: bool,
}

/// The least-energy solution as every single move, forced ones included, with the
/// search's statistics; `None` when there is no solution.
///
/// The path of reduced states comes from A*'s path reconstruction, run as
/// [`least_energy`] runs it (the same configured [`Search`], asked for its path), so the
/// statistics are the solver's; each
/// edge is then replayed on the whole burrow: the decision, then the forced moves in the
/// order the search made them.
pub fn solution(burrow: &Burrow) -> (Option<Vec<Step>>, Stats) {
    let mut stats = Stats::default();
    let puzzle = Puzzle::new(burrow);
    let leavers = &puzzle.leavers;
    let mut steps = Vec::new();
    let mut grid = Replay(burrow.clone());
    let (start, _) = puzzle.start.settle_reporting(leavers, |f| steps.push(grid.forced(f)));
    let Some((path, _)) = search::<WithPath>(burrow, &puzzle, &start, &mut stats) else {
        return (None, stats);
    };
    for pair in path.windows(2) {
        // Several decisions can reach the same state (say, stepping out to different stops
        // before going home); the path's edge is the cheapest of them.
        let cheapest = labelled_decisions(pair[0], leavers)
            .filter(|(_, next, _)| *next == pair[1])
            .min_by_key(|&(_, _, cost)| cost);
        let Some(((room, stop), _, _)) = cheapest else {
            unreachable!("consecutive path states are joined by a decision")
        };
        steps.push(grid.step(Place::Room(room.0, grid.top_depth(room)), Place::Hall(stop.x()), false));
        let (moved, _) = pair[0].step_out(room, stop, leavers);
        moved.settle_reporting(leavers, |f| steps.push(grid.forced(f)));
    }
    (Some(steps), stats)
}

// The replay below follows moves the search made on the reduced states. A move that does
// not fit the burrow would mean the reduction and the burrow disagree: a bug, so each such
// invariant is stated with `expect` rather than papered over with a default.
/// The burrow a solution is replayed on, move by move.
struct Replay(Burrow);

impl Replay {
    /// The depth of room `r`'s top amphipod; the search moves only out of rooms that
    /// still hold one.
    #[allow(clippy::expect_used)]
    fn top_depth(&self, r: Room) -> usize {
        self.0
            .room(r.0)
            .iter()
            .position(Option::is_some)
            .expect("the search moves out of a room only while it holds leavers")
    }

    /// Replays a forced move reported by the search.
    #[allow(clippy::expect_used)]
    fn forced(&mut self, f: Forced) -> Step {
        let from = match f {
            Forced::FromStop(i) => Place::Hall(i.x()),
            Forced::FromRoom(r) => Place::Room(r.0, self.top_depth(r)),
        };
        let kind = self.0.at(from).expect("a forced move starts where an amphipod is").index();
        let depth = self
            .0
            .room(kind)
            .iter()
            .rposition(Option::is_none)
            .expect("a room open to its kind has a free cell for each arrival");
        self.step(from, Place::Room(kind, depth), true)
    }

    /// Moves the amphipod at `from` to `to`, pricing the walk.
    #[allow(clippy::expect_used)]
    fn step(&mut self, from: Place, to: Place, forced: bool) -> Step {
        let amphipod = self.0.at(from).expect("every replayed move starts where an amphipod is");
        let x = |p: Place| match p {
            Place::Hall(x) => (x, 0),
            Place::Room(r, k) => (ROOM_X[r], k + 1),
        };
        let ((x1, d1), (x2, d2)) = (x(from), x(to));
        let energy = amphipod.energy() * (d1 + x1.abs_diff(x2) + d2) as u32;
        self.0.set(from, None);
        self.0.set(to, Some(amphipod));
        Step { burrow: self.0.clone(), amphipod, from, to, energy, forced }
    }
}

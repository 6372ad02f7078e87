//! The packed search state, the forced moves folded into each decision, and the search.

use search_core::{astar_cost_with_stats, Stats};
use thiserror::Error;

use super::model::{Amphipod, Burrow, Place, ENERGY, ROOM_X};

/// Why a part has no answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// No sequence of legal moves organises the burrow.
    #[error("no solution: no sequence of legal moves brings every amphipod home")]
    NoSolution,
    /// Part 2 unfolds a depth-2 diagram only.
    #[error("part 2 unfolds a diagram with rooms of depth 2, but these rooms have depth {0}")]
    NotFoldable(usize),
}

/// The least energy that organises `burrow`, and what the search did.
pub fn least_energy(burrow: &Burrow) -> (Result<u32, SolveError>, Stats) {
    let mut stats = Stats::default();
    let (start, fixed) = start_state(burrow);
    let (start, forced) = start.settle();
    let search = astar_cost_with_stats(&start, State::decisions, State::lower_bound, State::is_goal, &mut stats);
    (search.map(|cost| fixed + forced + cost).ok_or(SolveError::NoSolution), stats)
}

/// Part 2: unfold, then solve.
pub fn least_energy_unfolded(burrow: &Burrow) -> Result<u32, SolveError> {
    let unfolded = burrow.unfolded().ok_or(SolveError::NotFoldable(burrow.depth()))?;
    least_energy(&unfolded).0
}

/// The hallway cells where amphipods may stop (all but those right outside rooms).
const STOPS: [usize; 7] = [0, 1, 3, 5, 7, 9, 10];

const fn distance(a: usize, b: usize) -> u32 {
    a.abs_diff(b) as u32
}

/// The stops with `x` in `lo..=hi`, as a 7-bit mask.
const fn stops_within(lo: usize, hi: usize) -> u8 {
    let mut mask = 0;
    let mut i = 0;
    while i < 7 {
        if lo <= STOPS[i] && STOPS[i] <= hi {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

/// Stops strictly between hallway cells `a` and `b`.
const fn stops_between(a: usize, b: usize) -> u8 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    stops_within(lo + 1, hi.saturating_sub(1))
}

/// `BETWEEN[r][i]`: the stops strictly between room `r`'s door and stop `i`. A move
/// either way needs them free; a move out to the stop needs stop `i` free too.
const BETWEEN: [[u8; 7]; 4] = {
    let mut t = [[0; 7]; 4];
    let mut r = 0;
    while r < 4 {
        let mut i = 0;
        while i < 7 {
            t[r][i] = stops_between(ROOM_X[r], STOPS[i]);
            i += 1;
        }
        r += 1;
    }
    t
};

/// `ROOM_TO_ROOM[a][b]`: the stops a move from room `a` straight into room `b` needs free.
const ROOM_TO_ROOM: [[u8; 4]; 4] = {
    let mut t = [[0; 4]; 4];
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            t[a][b] = stops_between(ROOM_X[a], ROOM_X[b]);
            b += 1;
        }
        a += 1;
    }
    t
};

/// Bits per room: a 4-bit count, then two bits per amphipod, bottom first.
const ROOM_BITS: usize = 20;
const STOP_SHIFT: usize = 4 * ROOM_BITS;
/// A copy of which stops are occupied, one bit each, kept beside the stops' contents so
/// path checks are one mask test.
const OCCUPIED_SHIFT: usize = STOP_SHIFT + 3 * 7;

/// A forced move, as [`State::settle_reporting`] makes it: home from a stop, or home
/// straight from the top of a room.
#[derive(Debug, Clone, Copy)]
enum Forced {
    FromStop(usize),
    FromRoom(usize),
}

/// A reduced search state.
///
/// Each room holds only the amphipods that still have to **leave** it, as a stack (the
/// settled ones at the bottom, already home, are gone from the state); a room whose stack
/// is empty is *open*: only its own kind is left to arrive. The seven hallway stops hold
/// an amphipod kind or nothing. Vertical steps are not in the state at all: they are the
/// same in every solution and are paid up front (see [`start_state`]); edges cost only
/// the horizontal steps. The goal is the all-zero state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State(u128);

impl State {
    fn room_len(self, r: usize) -> usize {
        ((self.0 >> (r * ROOM_BITS)) & 0xf) as usize
    }

    fn top(self, r: usize) -> usize {
        let len = self.room_len(r);
        ((self.0 >> (r * ROOM_BITS + 4 + 2 * (len - 1))) & 3) as usize
    }

    fn push(self, r: usize, kind: usize) -> State {
        let len = self.room_len(r);
        State(self.0 + (1 << (r * ROOM_BITS)) + ((kind as u128) << (r * ROOM_BITS + 4 + 2 * len)))
    }

    fn pop(self, r: usize) -> State {
        let len = self.room_len(r);
        let top_shift = r * ROOM_BITS + 4 + 2 * (len - 1);
        State((self.0 & !(3 << top_shift)) - (1 << (r * ROOM_BITS)))
    }

    fn stop(self, i: usize) -> Option<usize> {
        let v = ((self.0 >> (STOP_SHIFT + 3 * i)) & 7) as usize;
        v.checked_sub(1)
    }

    fn with_stop(self, i: usize, kind: usize) -> State {
        State(self.0 | ((kind as u128 + 1) << (STOP_SHIFT + 3 * i)) | (1 << (OCCUPIED_SHIFT + i)))
    }

    fn without_stop(self, i: usize) -> State {
        State(self.0 & !(7 << (STOP_SHIFT + 3 * i)) & !(1 << (OCCUPIED_SHIFT + i)))
    }

    /// The occupied stops as a 7-bit mask.
    fn occupied(self) -> u8 {
        (self.0 >> OCCUPIED_SHIFT) as u8 & 0x7f
    }

    fn is_goal(&self) -> bool {
        self.0 == 0
    }

    /// Makes every forced move: an amphipod whose room is open and reachable goes home,
    /// from a stop or straight from the top of another room, until none can. Returns the
    /// settled state and the horizontal energy spent.
    ///
    /// Why this is safe: an amphipod's energy to reach its room from where it is does not
    /// depend on when it moves (the path is fixed and the vertical part is prepaid), and
    /// once home it blocks nobody. So moving it now is never worse than any plan that
    /// moves it later.
    fn settle(self) -> (State, u32) {
        self.settle_reporting(|_| {})
    }

    /// [`State::settle`], telling `report` each forced move as it is made.
    fn settle_reporting(mut self, mut report: impl FnMut(Forced)) -> (State, u32) {
        let mut spent = 0;
        loop {
            let before = self;
            let mut stops = self.occupied();
            while stops != 0 {
                let i = stops.trailing_zeros() as usize;
                stops &= stops - 1;
                if let Some(kind) = self.stop(i) {
                    if self.room_len(kind) == 0 && self.occupied() & BETWEEN[kind][i] == 0 {
                        self = self.without_stop(i);
                        spent += ENERGY[kind] * distance(STOPS[i], ROOM_X[kind]);
                        report(Forced::FromStop(i));
                    }
                }
            }
            for r in 0..4 {
                while self.room_len(r) > 0 {
                    let kind = self.top(r);
                    if kind == r || self.room_len(kind) != 0 || self.occupied() & ROOM_TO_ROOM[r][kind] != 0 {
                        break;
                    }
                    self = self.pop(r);
                    spent += ENERGY[kind] * distance(ROOM_X[r], ROOM_X[kind]);
                    report(Forced::FromRoom(r));
                }
            }
            if self == before {
                return (self, spent);
            }
        }
    }

    /// The only real decisions: the top amphipod of a room steps out to a free stop it can
    /// reach. Each result is settled (forced moves made) and priced.
    fn decisions(&self) -> impl Iterator<Item = (State, u32)> {
        self.labelled_decisions().map(|(_, next, cost)| (next, cost))
    }

    /// [`State::decisions`] with the move that makes each: (room, stop index).
    fn labelled_decisions(&self) -> impl Iterator<Item = ((usize, usize), State, u32)> {
        let s = *self;
        let occupied = s.occupied();
        (0..4).filter(move |&r| s.room_len(r) > 0).flat_map(move |r| {
            let kind = s.top(r);
            (0..7).filter_map(move |i| {
                if occupied & (BETWEEN[r][i] | 1 << i) != 0 {
                    return None;
                }
                let moved = s.pop(r).with_stop(i, kind);
                if moved.deadlocked(i) {
                    return None;
                }
                let (settled, spent) = if moved.may_force(r) { moved.settle() } else { (moved, 0) };
                Some(((r, i), settled, ENERGY[kind] * distance(ROOM_X[r], STOPS[i]) + spent))
            })
        })
    }

    /// Whether the amphipod just placed at stop `i` and another hallway amphipod each stand
    /// in the other's way for good: each must pass the other's stop to get home, and
    /// hallway amphipods only ever move into their own room.
    fn deadlocked(self, i: usize) -> bool {
        let Some(kind) = self.stop(i) else {
            return false;
        };
        let (x, home) = (STOPS[i], ROOM_X[kind]);
        (0..7).any(|j| {
            let Some(other) = self.stop(j) else {
                return false;
            };
            let (y, other_home) = (STOPS[j], ROOM_X[other]);
            (x < y && y < home && other_home < x) || (home < y && y < x && other_home > x)
        })
    }

    /// Whether a decision that emptied the top of room `r` can have made a forced move
    /// possible. The state before it was settled, and the amphipod now at a stop only
    /// blocks paths, so the only new chances are room `r` itself opening up (its stack is
    /// empty) or its new top amphipod being able to go straight home.
    fn may_force(self, r: usize) -> bool {
        if self.room_len(r) == 0 {
            return true;
        }
        let kind = self.top(r);
        kind != r && self.room_len(kind) == 0 && self.occupied() & ROOM_TO_ROOM[r][kind] == 0
    }

    /// An admissible bound on the horizontal energy still needed: every amphipod in a
    /// foreign room or at a stop must cover at least the distance to its room; one that
    /// must leave its own room (something foreign is below it) must step out and back in,
    /// at least two steps.
    fn lower_bound(&self) -> u32 {
        let mut bound = 0;
        for r in 0..4 {
            let mut stack = self.0 >> (r * ROOM_BITS + 4);
            for _ in 0..self.room_len(r) {
                let kind = (stack & 3) as usize;
                let steps = if kind == r { 2 } else { distance(ROOM_X[r], ROOM_X[kind]) };
                bound += ENERGY[kind] * steps;
                stack >>= 2;
            }
        }
        for i in 0..7 {
            if let Some(kind) = self.stop(i) {
                bound += ENERGY[kind] * distance(STOPS[i], ROOM_X[kind]);
            }
        }
        bound
    }
}

/// The start state, and the energy every solution spends on vertical steps.
///
/// Per room, the amphipods at the bottom that are already home with only their own kind
/// below never move. Every other amphipod in a room leaves it exactly once, from its own
/// depth (`depth + 1` steps up to the hallway), and every arrival goes to the deepest free
/// cell of its room, so the arrivals in a room with `n` places to fill step down
/// `1 + 2 + ... + n` in total whatever the order. Both sums are fixed.
pub fn start_state(burrow: &Burrow) -> (State, u32) {
    let mut state = State(0);
    let mut fixed = 0;
    for r in 0..4 {
        let room = burrow.room(r);
        let home = room.iter().rev().take_while(|&&a| a.map(Amphipod::index) == Some(r)).count();
        let to_fill = (burrow.depth() - home) as u32;
        fixed += ENERGY[r] * to_fill * (to_fill + 1) / 2;
        let leaving = &room[..room.len() - home];
        for (depth, amphipod) in leaving.iter().enumerate().rev() {
            if let Some(a) = amphipod {
                fixed += a.energy() * (depth as u32 + 1);
                state = state.push(r, a.index());
            }
        }
    }
    for (i, &x) in STOPS.iter().enumerate() {
        if let Some(a) = burrow.hallway()[x] {
            state = state.with_stop(i, a.index());
        }
    }
    (state, fixed)
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
/// The path of reduced states comes from A*'s path reconstruction
/// ([`search_core::astar_with_stats`]); each edge is then replayed on the whole burrow:
/// the decision, then the forced moves in the order the search made them.
pub fn solution(burrow: &Burrow) -> (Option<Vec<Step>>, Stats) {
    let mut stats = Stats::default();
    let (start, _) = start_state(burrow);
    let mut steps = Vec::new();
    let mut grid = burrow.clone();
    let (start, _) = start.settle_reporting(|f| steps.push(grid.forced(f)));
    let Some((path, _)) =
        search_core::astar_with_stats(&start, State::decisions, State::lower_bound, State::is_goal, &mut stats)
    else {
        return (None, stats);
    };
    for pair in path.windows(2) {
        // Several decisions can reach the same state (say, stepping out to different stops
        // before going home); the path's edge is the cheapest of them.
        let cheapest =
            pair[0].labelled_decisions().filter(|(_, next, _)| *next == pair[1]).min_by_key(|&(_, _, cost)| cost);
        let Some(((room, stop), _, _)) = cheapest else {
            unreachable!("consecutive path states are joined by a decision")
        };

        steps.push(grid.step(Place::Room(room, grid.top_depth(room)), Place::Hall(STOPS[stop]), false));
        let moved = pair[0].pop(room).with_stop(stop, pair[0].top(room));
        moved.settle_reporting(|f| steps.push(grid.forced(f)));
    }
    (Some(steps), stats)
}

impl Burrow {
    /// The depth of room `r`'s top amphipod.
    fn top_depth(&self, r: usize) -> usize {
        self.room(r).iter().position(Option::is_some).unwrap_or(0)
    }

    /// Replays a forced move reported by the search.
    fn forced(&mut self, f: Forced) -> Step {
        let from = match f {
            Forced::FromStop(i) => Place::Hall(STOPS[i]),
            Forced::FromRoom(r) => Place::Room(r, self.top_depth(r)),
        };
        let kind = self.at(from).map_or(0, Amphipod::index);
        let depth = self.room(kind).iter().rposition(Option::is_none).unwrap_or(0);
        self.step(from, Place::Room(kind, depth), true)
    }

    /// Moves the amphipod at `from` to `to`, pricing the walk.
    fn step(&mut self, from: Place, to: Place, forced: bool) -> Step {
        let amphipod = self.at(from).unwrap_or(Amphipod::A);
        let x = |p: Place| match p {
            Place::Hall(x) => (x, 0),
            Place::Room(r, k) => (ROOM_X[r], k + 1),
        };
        let ((x1, d1), (x2, d2)) = (x(from), x(to));
        let energy = amphipod.energy() * (d1 + x1.abs_diff(x2) + d2) as u32;
        self.set(from, None);
        self.set(to, Some(amphipod));
        Step { burrow: self.clone(), amphipod, from, to, energy, forced }
    }
}

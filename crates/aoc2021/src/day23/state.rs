//! The packed search state and the moves between states.
//!
//! Which amphipods each room still has to let out is fixed for a puzzle ([`Leavers`]):
//! they leave top first, so a room is just a count of the bottom ones still inside. A
//! state is then one `u64`: four room counts, the stops each kind holds (a 7-bit mask per
//! kind, so path checks and the dead-state test work on whole masks, and the taken stops
//! are their union) and the walking bound at the heart of the heuristic, kept up to date
//! move by move instead of recomputed.

use super::model::{Amphipod, Burrow, ENERGY, MAX_DEPTH, ROOM_X};

/// The hallway cells where amphipods may stop (all but those right outside rooms).
pub(super) const STOPS: [usize; 7] = [0, 1, 3, 5, 7, 9, 10];

const fn distance(a: usize, b: usize) -> u32 {
    a.abs_diff(b) as u32
}

/// The set bits of `mask` (stops, rooms or kinds), lowest first.
pub(super) fn bits(mut mask: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
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
pub(super) const BETWEEN: [[u8; 7]; 4] = {
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

/// `ROOM_TO_ROOM[a][b]`: the stops strictly between the doors of rooms `a` and `b`.
pub(super) const ROOM_TO_ROOM: [[u8; 4]; 4] = {
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

/// `unblocked(paths)[fixed]`: the targets `j` whose path `paths[j]` (a stop mask) has no
/// stop of `fixed` on it.
const fn unblocked<const N: usize>(paths: &[u8; N]) -> [u8; 128] {
    let mut table = [0; 128];
    let mut fixed = 0;
    while fixed < 128 {
        let mut j = 0;
        while j < N {
            if fixed as u8 & paths[j] == 0 {
                table[fixed] |= 1 << j;
            }
            j += 1;
        }
        fixed += 1;
    }
    table
}

/// `REACHABLE_ROOMS[g][fixed]`: the rooms whose doors room `g`'s leavers can reach while
/// the amphipods at stops `fixed` stay (no fixed stop between the two doors); `g` itself
/// included.
pub(super) static REACHABLE_ROOMS: [[u8; 128]; 4] = {
    let mut table = [[0; 128]; 4];
    let mut g = 0;
    while g < 4 {
        table[g] = unblocked(&ROOM_TO_ROOM[g]);
        g += 1;
    }
    table
};

/// `CLEAR_PATH[kind][fixed]`: the stops from which an amphipod of `kind` has no stop of
/// `fixed` between it and its door.
pub(super) static CLEAR_PATH: [[u8; 128]; 4] = {
    let mut table = [[0; 128]; 4];
    let mut kind = 0;
    while kind < 4 {
        table[kind] = unblocked(&BETWEEN[kind]);
        kind += 1;
    }
    table
};

/// `FACING[kind][i]`: the hallway amphipods, as bits of [`State::kind_masks`], that an
/// amphipod of `kind` at stop `i` would face for good: each stands on the other's way
/// home. Hallway amphipods only ever move home, so neither could ever move again.
pub(super) static FACING: [[u32; 7]; 4] = {
    let mut table = [[0; 7]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut i = 0;
        while i < 7 {
            let mut other = 0;
            while other < 4 {
                let mut j = 0;
                while j < 7 {
                    if BETWEEN[kind][i] & (1 << j) != 0 && BETWEEN[other][j] & (1 << i) != 0 {
                        table[kind][i] |= 1 << (7 * other + j);
                    }
                    j += 1;
                }
                other += 1;
            }
            i += 1;
        }
        kind += 1;
    }
    table
};

/// The stops held in any of the kind masks in `masks`, laid out as [`State::kind_masks`].
fn stops_in(masks: u32) -> u8 {
    let m = masks | masks >> 14;
    (m | m >> 7) as u8 & 0x7f
}

/// `SEGMENT[g][fixed]`: the stops room `g`'s leavers can reach while the amphipods at
/// stops `fixed` stay: those strictly between the nearest fixed stop on either side of
/// its door. (The stops left of door `g` are `0..=g + 1`, those right of it `g + 2..=6`.)
pub(super) static SEGMENT: [[u8; 128]; 4] = {
    let mut table = [[0; 128]; 4];
    let mut g = 0;
    while g < 4 {
        let mut fixed = 0;
        while fixed < 128 {
            let mut segment = 0;
            let mut i = g + 2; // walk left from the door
            while i > 0 && fixed & (1 << (i - 1)) == 0 {
                segment |= 1 << (i - 1);
                i -= 1;
            }
            let mut i = g + 2; // walk right from the door
            while i < 7 && fixed & (1 << i) == 0 {
                segment |= 1 << i;
                i += 1;
            }
            table[g][fixed] = segment;
            fixed += 1;
        }
        g += 1;
    }
    table
};

/// The bound's share of an amphipod of `kind` that still has to leave room `r`: the
/// horizontal walk to its own door, or out and back in (two steps) if this is its room.
const fn leaver_bound(r: usize, kind: usize) -> u32 {
    let steps = if kind == r { 2 } else { distance(ROOM_X[r], ROOM_X[kind]) };
    ENERGY[kind] * steps
}

/// The bound's share of an amphipod of `kind` at stop `i`: the walk to its door.
const fn parked_bound(i: usize, kind: usize) -> u32 {
    ENERGY[kind] * distance(STOPS[i], ROOM_X[kind])
}

/// [`leaver_bound`], [`parked_bound`] and the energy of stepping out of a room to a stop,
/// as tables: every move asks for them.
struct MoveTables {
    /// `[r][kind]`
    leaver_bound: [[u32; 4]; 4],
    /// `[i][kind]`
    parked_bound: [[u32; 4]; 7],
    /// `[r][i][kind]`
    step_out: [[[u32; 4]; 7]; 4],
}

static MOVES: MoveTables = {
    let mut t = MoveTables { leaver_bound: [[0; 4]; 4], parked_bound: [[0; 4]; 7], step_out: [[[0; 4]; 7]; 4] };
    let mut kind = 0;
    while kind < 4 {
        let mut i = 0;
        while i < 7 {
            t.parked_bound[i][kind] = parked_bound(i, kind);
            let mut r = 0;
            while r < 4 {
                t.step_out[r][i][kind] = ENERGY[kind] * distance(ROOM_X[r], STOPS[i]);
                t.leaver_bound[r][kind] = leaver_bound(r, kind);
                r += 1;
            }
            i += 1;
        }
        kind += 1;
    }
    t
};

/// The amphipods each room has to let out, bottom first; fixed for one puzzle.
#[derive(Debug, Clone)]
pub(super) struct Leavers {
    kinds: [[u8; MAX_DEPTH]; 4],
    /// `counts[r][n]`: how many of each kind are among the bottom `n` leavers of room `r`.
    counts: [[[u8; 4]; MAX_DEPTH + 1]; 4],
}

impl Leavers {
    /// The kind of room `r`'s leaver at height `n` (0 = the bottom one).
    pub(super) fn kind(&self, r: usize, n: usize) -> usize {
        self.kinds[r][n] as usize
    }

    /// How many of each kind are among the bottom `n` leavers of room `r`.
    pub(super) fn counts(&self, r: usize, n: usize) -> [u8; 4] {
        self.counts[r][n]
    }
}

/// The search problem for one burrow: the leavers, the start state and the energy every
/// solution spends on vertical steps.
#[derive(Debug, Clone)]
pub(super) struct Puzzle {
    pub(super) leavers: Leavers,
    pub(super) start: State,
    pub(super) vertical: u32,
}

impl Puzzle {
    /// The reduced puzzle of `burrow`.
    ///
    /// Per room, the amphipods at the bottom that are already home with only their own
    /// kind below never move. Every other amphipod in a room leaves it exactly once, from
    /// its own depth (`depth + 1` steps up to the hallway), and every arrival goes to the
    /// deepest free cell of its room, so the arrivals in a room with `n` places to fill
    /// step down `1 + 2 + ... + n` in total whatever the order. Both sums are fixed.
    pub(super) fn new(burrow: &Burrow) -> Puzzle {
        let mut leavers = Leavers { kinds: [[0; MAX_DEPTH]; 4], counts: [[[0; 4]; MAX_DEPTH + 1]; 4] };
        let mut start = State(0);
        let mut vertical = 0;
        for r in 0..4 {
            let room = burrow.room(r);
            let home = room.iter().rev().take_while(|&&a| a.map(Amphipod::index) == Some(r)).count();
            let to_fill = (burrow.depth() - home) as u32;
            vertical += ENERGY[r] * to_fill * (to_fill + 1) / 2;
            let mut n = 0;
            for (depth, amphipod) in room[..room.len() - home].iter().enumerate().rev() {
                if let Some(a) = amphipod {
                    vertical += a.energy() * (depth as u32 + 1);
                    leavers.kinds[r][n] = a.index() as u8;
                    leavers.counts[r][n + 1] = leavers.counts[r][n];
                    leavers.counts[r][n + 1][a.index()] += 1;
                    start = start.with_room_len(r, n + 1);
                    n += 1;
                }
            }
        }
        for (i, &x) in STOPS.iter().enumerate() {
            if let Some(a) = burrow.hallway()[x] {
                start = start.with_stop(i, a.index());
            }
        }
        let start = start.with_bound(start.bound_from_scratch(&leavers));
        Puzzle { leavers, start, vertical }
    }
}

/// Bits 0..16: the four room counts, four bits each.
const ROOM_BITS: usize = 4;
/// Bits 16..44: the stops each kind holds, a 7-bit mask per kind (A first).
const STOPS_SHIFT: usize = 4 * ROOM_BITS;
/// Bits 44..64: [`State::bound`].
const BOUND_SHIFT: usize = STOPS_SHIFT + 4 * 7;
/// Stop 0's bit in each of the four kind masks.
const EVERY_KIND: u64 = 1 | 1 << 7 | 1 << 14 | 1 << 21;

/// A forced move, as [`State::settle_reporting`] makes it: home from a stop, or home
/// straight from the top of a room.
#[derive(Debug, Clone, Copy)]
pub(super) enum Forced {
    FromStop(usize),
    FromRoom(usize),
}

/// A reduced search state.
///
/// Each room holds only the amphipods that still have to **leave** it, as a count of
/// [`Leavers`] from the bottom (the settled ones below them never move and are gone from
/// the state); a room whose count is zero is *open*: only its own kind is left to arrive.
/// The seven hallway stops hold an amphipod kind or nothing. Vertical steps are not in
/// the state at all: they are the same in every solution and are paid up front (see
/// [`Puzzle::new`]); edges cost only the horizontal steps. The goal is the all-zero state.
///
/// The top bits carry [`State::bound`], the walking part of the heuristic, which depends
/// on the rest alone, so equal positions still have equal states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct State(u64);

impl State {
    pub(super) fn room_len(self, r: usize) -> usize {
        ((self.0 >> (r * ROOM_BITS)) & 0xf) as usize
    }

    fn with_room_len(self, r: usize, len: usize) -> State {
        State((self.0 & !(0xf << (r * ROOM_BITS))) | ((len as u64) << (r * ROOM_BITS)))
    }

    /// The kind at the top of room `r` (whose count must not be zero).
    pub(super) fn top(self, r: usize, leavers: &Leavers) -> usize {
        leavers.kind(r, self.room_len(r) - 1)
    }

    /// The kind at stop `i`, if any.
    pub(super) fn stop(self, i: usize) -> Option<usize> {
        (0..4).find(|&kind| self.stops_of_kind(kind) & (1 << i) != 0)
    }

    fn with_stop(self, i: usize, kind: usize) -> State {
        State(self.0 | 1 << (STOPS_SHIFT + 7 * kind + i))
    }

    fn without_stop(self, i: usize) -> State {
        State(self.0 & !(EVERY_KIND << (STOPS_SHIFT + i)))
    }

    /// The four kind masks, 7 bits apart from bit 0 (A's) up.
    pub(super) fn kind_masks(self) -> u32 {
        (self.0 >> STOPS_SHIFT) as u32 & 0xfff_ffff
    }

    /// The stops held by an amphipod of `kind`, as a 7-bit mask.
    pub(super) fn stops_of_kind(self, kind: usize) -> u8 {
        (self.kind_masks() >> (7 * kind)) as u8 & 0x7f
    }

    /// The occupied stops as a 7-bit mask.
    pub(super) fn occupied(self) -> u8 {
        stops_in(self.kind_masks())
    }

    /// The stops each kind holds, a 7-bit mask per kind.
    pub(super) fn stops_by_kind(self) -> [u8; 4] {
        std::array::from_fn(|kind| self.stops_of_kind(kind))
    }

    /// An admissible bound on the horizontal energy still needed: every amphipod in a
    /// foreign room or at a stop must cover at least the distance to its room; one that
    /// must leave its own room (something foreign is below it) must step out and back in,
    /// at least two steps.
    pub(super) fn bound(&self) -> u32 {
        (self.0 >> BOUND_SHIFT) as u32
    }

    fn with_bound(self, bound: u32) -> State {
        State((self.0 & ((1 << BOUND_SHIFT) - 1)) | (u64::from(bound) << BOUND_SHIFT))
    }

    /// [`State::bound`] summed afresh, amphipod by amphipod.
    pub(super) fn bound_from_scratch(self, leavers: &Leavers) -> u32 {
        let in_rooms: u32 =
            (0..4).flat_map(|r| (0..self.room_len(r)).map(move |n| leaver_bound(r, leavers.kind(r, n)))).sum();
        let parked: u32 = (0..7).filter_map(|i| self.stop(i).map(|kind| parked_bound(i, kind))).sum();
        in_rooms + parked
    }

    /// The heuristic: [`State::bound`] plus [`State::detours`]. Never over-estimates.
    pub(super) fn estimate(self, leavers: &Leavers) -> u32 {
        self.bound() + self.detours(leavers)
    }

    /// Energy some amphipods must spend on top of [`State::bound`], parking *off* their
    /// way home (at least one step past a door, and back: two steps):
    ///
    /// * **Walled in.** A leaver of room `b` whose home lies beyond a hallway amphipod of
    ///   kind `b`. That one waits for room `b` to empty, so the leaver must get out first
    ///   and cannot pass it; were it to park between it and the door, each would wait for
    ///   the other. It parks on the far side of the door.
    /// * **Swaps.** An amphipod of kind `b` that must leave room `a` and one of kind `a`
    ///   that must leave room `b`. Whichever leaves first finds the other's room closed and
    ///   parks; if it parks between the two doors, the other cannot pass it to go home nor
    ///   park beyond it, and parking between them both would deadlock. So one of the two
    ///   parks beyond a door: the cheaper kind's two steps are a lower bound. Pairs are
    ///   disjoint (and leave out walled-in leavers), so their detours add up.
    pub(super) fn detours(self, leavers: &Leavers) -> u32 {
        let mut leaving: [[u8; 4]; 4] = std::array::from_fn(|r| leavers.counts(r, self.room_len(r)));
        let stops_of = self.stops_by_kind();
        let mut energy = 0;
        for b in 0..4 {
            // The homes beyond a hallway amphipod of kind `b`, seen from door `b`.
            for c in bits(!REACHABLE_ROOMS[b][usize::from(stops_of[b])] & 0xf) {
                energy += u32::from(leaving[b][c]) * 2 * ENERGY[c];
                leaving[b][c] = 0;
            }
        }
        for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
            energy += u32::from(leaving[a][b].min(leaving[b][a])) * 2 * ENERGY[a];
        }
        energy
    }

    pub(super) fn is_goal(&self) -> bool {
        self.0 == 0
    }

    /// Whether an amphipod of `kind` stepping out to stop `i` would face a hallway amphipod
    /// for good ([`FACING`]): a state with no solution.
    pub(super) fn faces_for_good(self, i: usize, kind: usize) -> bool {
        self.kind_masks() & FACING[kind][i] != 0
    }

    /// The top amphipod of room `r` steps out to stop `i`: the new state and the energy.
    pub(super) fn step_out(self, r: usize, i: usize, leavers: &Leavers) -> (State, u32) {
        self.step_out_as(r, i, self.top(r, leavers))
    }

    /// [`State::step_out`] for a top amphipod known to be of `kind`.
    pub(super) fn step_out_as(self, r: usize, i: usize, kind: usize) -> (State, u32) {
        let bound = self.bound() - MOVES.leaver_bound[r][kind] + MOVES.parked_bound[i][kind];
        let next = self.with_room_len(r, self.room_len(r) - 1).with_stop(i, kind).with_bound(bound);
        (next, MOVES.step_out[r][i][kind])
    }

    /// Makes every forced move: an amphipod whose room is open and reachable goes home,
    /// from a stop or straight from the top of another room, until none can. Returns the
    /// settled state and the horizontal energy spent.
    ///
    /// Why this is safe: an amphipod's energy to reach its room from where it is does not
    /// depend on when it moves (the path is fixed and the vertical part is prepaid), and
    /// once home it blocks nobody. So moving it now is never worse than any plan that
    /// moves it later. Each such move costs exactly its share of the bound, so the bound
    /// drops by what is spent.
    pub(super) fn settle(self, leavers: &Leavers) -> (State, u32) {
        self.settle_reporting(leavers, |_| {})
    }

    /// [`State::settle`], telling `report` each forced move as it is made.
    pub(super) fn settle_reporting(mut self, leavers: &Leavers, mut report: impl FnMut(Forced)) -> (State, u32) {
        let mut spent = 0;
        loop {
            let before = self;
            for kind in 0..4 {
                if self.room_len(kind) != 0 {
                    continue;
                }
                for i in bits(self.stops_of_kind(kind)) {
                    if self.occupied() & BETWEEN[kind][i] == 0 {
                        spent += MOVES.parked_bound[i][kind];
                        self = self.without_stop(i);
                        report(Forced::FromStop(i));
                    }
                }
            }
            for r in 0..4 {
                while self.room_len(r) > 0 {
                    let kind = self.top(r, leavers);
                    if kind == r || self.room_len(kind) != 0 || self.occupied() & ROOM_TO_ROOM[r][kind] != 0 {
                        break;
                    }
                    spent += MOVES.leaver_bound[r][kind];
                    self = self.with_room_len(r, self.room_len(r) - 1);
                    report(Forced::FromRoom(r));
                }
            }
            if self == before {
                return (self.with_bound(self.bound() - spent), spent);
            }
        }
    }

    /// Whether a decision that emptied the top of room `r` can have made a forced move
    /// possible. The state before it was settled, and the amphipod now at a stop only
    /// blocks paths, so the only new chances are room `r` itself opening up (its count is
    /// zero) or its new top amphipod being able to go straight home.
    pub(super) fn may_force(self, r: usize, leavers: &Leavers) -> bool {
        if self.room_len(r) == 0 {
            return true;
        }
        let kind = self.top(r, leavers);
        kind != r && self.room_len(kind) == 0 && self.occupied() & ROOM_TO_ROOM[r][kind] == 0
    }
}

//! The leaver reduction: which amphipods each room still has to let out, and the puzzle
//! reduced to them.

use super::geometry::{Kind, Room, STOPS};
use super::model::{Amphipod, Burrow, ENERGY, MAX_DEPTH};
use super::state::{State, ROOM_COUNTS};

/// The amphipods each room has to let out, bottom first; fixed for one puzzle.
///
/// Both tables have a row for every value a room count can hold, though only those up to
/// [`MAX_DEPTH`] occur: the search looks them up by a state's counts millions of times, and
/// a count masked to its four bits (and a room to its two) then needs no bounds check.
#[derive(Debug, Clone)]
pub(super) struct Leavers {
    kinds: [[u8; ROOM_COUNTS]; 4],
    /// `counts[r][n]`: how many of each kind are among the bottom `n` leavers of room `r`.
    counts: [[[u8; 4]; ROOM_COUNTS]; 4],
}

impl Leavers {
    /// The kind of room `r`'s leaver at height `n` (0 = the bottom one).
    pub(super) fn kind(&self, r: Room, n: usize) -> Kind {
        debug_assert!(n < MAX_DEPTH, "room {r} has no leaver at height {n}");
        self.kinds[r & 3][n & (ROOM_COUNTS - 1)] as usize
    }

    /// How many of each kind are among the bottom `n` leavers of room `r`.
    pub(super) fn counts(&self, r: Room, n: usize) -> [u8; 4] {
        self.counts[r & 3][n & (ROOM_COUNTS - 1)]
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
        let mut leavers = Leavers { kinds: [[0; ROOM_COUNTS]; 4], counts: [[[0; 4]; ROOM_COUNTS]; 4] };
        let mut start = State::GOAL;
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

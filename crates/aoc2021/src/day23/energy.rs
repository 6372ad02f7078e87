//! Energies: of stepping out of a room to a stop, and each amphipod's share of the
//! walking bound (the heart of the heuristic), as tables every move reads.

use super::burrow::{Amphipod, ENERGY, ROOM_X};
use super::geometry::{Room, Stop, STOPS, STOP_COUNT};

/// Horizontal steps between hallway cells `a` and `b`.
const fn distance(a: usize, b: usize) -> u32 {
    a.abs_diff(b) as u32
}

/// The bound's share of an amphipod of `kind` that still has to leave room `r`: the
/// horizontal walk to its own door, or out and back in (two steps) if this is its room.
pub(super) const fn leaver_bound(r: Room, kind: Amphipod) -> u32 {
    let steps = if kind.index() == r.0 { 2 } else { distance(ROOM_X[r.0], ROOM_X[kind.index()]) };
    ENERGY[kind.index()] * steps
}

/// The bound's share of an amphipod of `kind` at stop `i`: the walk to its door.
pub(super) const fn parked_bound(i: Stop, kind: Amphipod) -> u32 {
    ENERGY[kind.index()] * distance(STOPS[i.0], ROOM_X[kind.index()])
}

/// [`leaver_bound`], [`parked_bound`] and the energy of stepping out of a room to a stop,
/// as tables: every move asks for them.
pub(super) struct MoveTables {
    /// `[r][kind]`
    pub(super) leaver_bound: [[u32; 4]; 4],
    /// `[i][kind]`
    pub(super) parked_bound: [[u32; 4]; STOP_COUNT],
    /// `[r][i][kind]`
    pub(super) step_out: [[[u32; 4]; STOP_COUNT]; 4],
    /// `[r][i][kind]`: how much stepping out of room `r` to stop `i` raises the energy
    /// spent plus [`State::bound`](super::state::State::bound): the step, less the leaver's
    /// share, plus the parked one's. Never negative: zero on the way home, two steps per
    /// step of detour off it (one step out of its own room is free).
    pub(super) rise: [[[u32; 4]; STOP_COUNT]; 4],
}

pub(super) static MOVES: MoveTables = {
    let mut t = MoveTables {
        leaver_bound: [[0; 4]; 4],
        parked_bound: [[0; 4]; STOP_COUNT],
        step_out: [[[0; 4]; STOP_COUNT]; 4],
        rise: [[[0; 4]; STOP_COUNT]; 4],
    };
    let mut kind = 0;
    while kind < 4 {
        let mut i = 0;
        while i < STOP_COUNT {
            t.parked_bound[i][kind] = parked_bound(Stop(i), Amphipod::from_index(kind));
            let mut r = 0;
            while r < 4 {
                t.step_out[r][i][kind] = ENERGY[kind] * distance(ROOM_X[r], STOPS[i]);
                t.leaver_bound[r][kind] = leaver_bound(Room(r), Amphipod::from_index(kind));
                t.rise[r][i][kind] = t.step_out[r][i][kind] + parked_bound(Stop(i), Amphipod::from_index(kind))
                    - leaver_bound(Room(r), Amphipod::from_index(kind));
                r += 1;
            }
            i += 1;
        }
        kind += 1;
    }
    t
};

//! The heuristic: the walking bound kept in the state, plus detours some amphipods
//! provably make. Admissible: it never over-estimates the energy still needed.

use super::burrow::{ENERGY, HALLWAY_LEN, MAX_DEPTH, ROOM_X};
use super::energy::{leaver_bound, parked_bound};
use super::geometry::{Room, Stop, ALL_ROOMS, REACHABLE_ROOMS, STOPS, STOP_COUNT};
use super::leavers::Leavers;
use super::state::State;

/// `OFF_SPAN[a][b][n]`: the least total distance from the span between doors `a` and `b`
/// of `n` distinct stops outside it (the nearest first). With more amphipods than such
/// stops, the farthest stop's distance stands in for each extra one: no layout can need
/// it, and any finite charge is a lower bound there.
static OFF_SPAN: [[[u32; MAX_DEPTH + 1]; 4]; 4] = {
    let mut table = [[[0; MAX_DEPTH + 1]; 4]; 4];
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let (lo, hi) = if ROOM_X[a] < ROOM_X[b] { (ROOM_X[a], ROOM_X[b]) } else { (ROOM_X[b], ROOM_X[a]) };
            let sums = &mut table[a][b];
            let (mut n, mut farthest) = (0, 0);
            let mut d = 1;
            while d < HALLWAY_LEN {
                let mut i = 0;
                while i < STOP_COUNT {
                    if n < MAX_DEPTH && (STOPS[i] + d == lo || STOPS[i] == hi + d) {
                        sums[n + 1] = sums[n] + d as u32;
                        (n, farthest) = (n + 1, d as u32);
                    }
                    i += 1;
                }
                d += 1;
            }
            while n < MAX_DEPTH {
                sums[n + 1] = sums[n] + farthest;
                n += 1;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// [`OFF_SPAN`]`[a][b][n]`, for the tests.
#[cfg(test)]
pub(super) fn off_span(a: Room, b: Room, n: usize) -> u32 {
    OFF_SPAN[a][b][n]
}

/// The pairs of rooms whose leavers may have to swap, the cheaper kind first.
const SWAPS: [(Room, Room); 6] = {
    let [a, b, c, d] = Room::ALL;
    [(a, b), (a, c), (a, d), (b, c), (b, d), (c, d)]
};

/// [`State::bound`] summed afresh, amphipod by amphipod.
pub(super) fn bound_from_scratch(state: State, leavers: &Leavers) -> u32 {
    let in_rooms: u32 = Room::ALL
        .into_iter()
        .flat_map(|r| (0..state.room_len(r)).map(move |n| leaver_bound(r, leavers.kind(r, n))))
        .sum();
    let parked: u32 = Stop::ALL.into_iter().filter_map(|i| state.stop(i).map(|kind| parked_bound(i, kind))).sum();
    in_rooms + parked
}

/// The heuristic: [`State::bound`] plus [`detours`]. Never over-estimates.
pub(super) fn estimate(state: State, leavers: &Leavers) -> u32 {
    state.bound() + detours(state, leavers)
}

/// Energy some amphipods must spend on top of [`State::bound`], parking *off* their
/// way home: outside the span between the door they leave and their own, at least one
/// step past a door and back, two steps per step of distance.
///
/// * **Walled in.** A leaver of room `b` whose home lies beyond a hallway amphipod of
///   kind `b`. That one waits for room `b` to empty, so the leaver must get out first
///   and cannot pass it; were it to park between it and the door, each would wait for
///   the other. It parks on the far side of the door.
/// * **Swaps** ([`swap_detours`]): the amphipods of kind `b` that must leave room `a`
///   and those of kind `a` that must leave room `b`. All of one group or all of the
///   other park off the span between the two doors.
///
/// Each term charges its own amphipods (a swap leaves out the walled-in ones), so the
/// terms add up.
pub(super) fn detours(state: State, leavers: &Leavers) -> u32 {
    // `leaving[r][kind]`: how many of `kind` room `r` still has to let out.
    let mut leaving: [[u8; 4]; 4] = Room::ALL.map(|r| leavers.counts(r, state.room_len(r)));
    let stops_of = state.stops_by_kind();
    let mut energy = 0;
    for b in Room::ALL {
        // The homes beyond a hallway amphipod of kind `b`, seen from door `b`.
        for c in (!REACHABLE_ROOMS[b][stops_of[b.owner()].index()] & ALL_ROOMS).iter() {
            let kind = c.owner();
            energy += u32::from(leaving[b][kind]) * 2 * ENERGY[kind];
            leaving[b][kind] = 0;
        }
    }
    for (a, b) in SWAPS {
        energy += swap_detours(a, b, leaving[a][b.owner()], leaving[b][a.owner()]);
    }
    energy
}

/// The least detour energy of `p` amphipods of kind `b` that must leave room `a` and `q`
/// of kind `a` that must leave room `b`.
///
/// Room `a` stays closed while one of the first group is in it, and room `b` while one of
/// the second is. Say the last of the second group leaves room `b` before the last of the
/// first leaves room `a` (the other case is the same with the groups swapped). Then all
/// of the second group leave while room `a` is closed, park, and are all still parked
/// when the last of them leaves (room `a` is still closed).
/// * If they all park off the span, they take `q` distinct stops there: at least
///   `2 * ENERGY[a] * OFF_SPAN[a][b][q]`.
/// * If one of them, `y`, parks between the doors, it stays there until room `a` opens,
///   after the whole first group has left it. Any of the first group leaving room `a`
///   after `y` parked cannot pass `y` to go home, nor park between `y` and door `a` (each
///   would stand on the other's way home, and both only ever walk home): it parks off
///   the span, beyond door `a`, and stays there until `y` leaves. Any that left before
///   `y` parked found room `b` closed (`y` was in it) and parked off the span too: one
///   between the doors would have kept `y` from parking there. Those were all parked
///   when `y` came. So the whole first group takes `p` distinct stops off the span: at
///   least `2 * ENERGY[b] * OFF_SPAN[a][b][p]`.
///
/// One of the two groups always parks off the span entirely, so the cheaper of the two
/// charges is a lower bound.
fn swap_detours(a: Room, b: Room, p: u8, q: u8) -> u32 {
    if p == 0 || q == 0 {
        return 0;
    }
    let off = &OFF_SPAN[a][b];
    2 * (ENERGY[a.owner()] * off[usize::from(q)]).min(ENERGY[b.owner()] * off[usize::from(p)])
}

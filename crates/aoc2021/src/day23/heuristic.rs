//! The heuristic: the walking bound kept in the state, plus detours some amphipods
//! provably make. Admissible: it never over-estimates the energy still needed.

use super::energy::{leaver_bound, parked_bound};
use super::geometry::{bits, ALL_ROOMS, REACHABLE_ROOMS, STOP_COUNT};
use super::leavers::Leavers;
use super::model::ENERGY;
use super::state::State;

impl State {
    /// [`State::bound`] summed afresh, amphipod by amphipod.
    pub(super) fn bound_from_scratch(self, leavers: &Leavers) -> u32 {
        let in_rooms: u32 =
            (0..4).flat_map(|r| (0..self.room_len(r)).map(move |n| leaver_bound(r, leavers.kind(r, n)))).sum();
        let parked: u32 = (0..STOP_COUNT).filter_map(|i| self.stop(i).map(|kind| parked_bound(i, kind))).sum();
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
            for c in bits(!REACHABLE_ROOMS[b][usize::from(stops_of[b])] & ALL_ROOMS) {
                energy += u32::from(leaving[b][c]) * 2 * ENERGY[c];
                leaving[b][c] = 0;
            }
        }
        for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
            energy += u32::from(leaving[a][b].min(leaving[b][a])) * 2 * ENERGY[a];
        }
        energy
    }
}

//! The packed search state and the moves between states.
//!
//! Which amphipods each room still has to let out is fixed for a puzzle ([`Leavers`]):
//! they leave top first, so a room is just a count of the bottom ones still inside. A
//! state is then one `u64`: four room counts, the stops each kind holds (a stop mask per
//! kind, so path checks and the dead-state test work on whole masks, and the taken stops
//! are their union) and the walking bound at the heart of the heuristic, kept up to date
//! move by move instead of recomputed.

use super::burrow::Amphipod;
use super::energy::MOVES;
use super::geometry::{
    stops_in, KindMasks, Room, RoomMask, Stop, StopMask, ALL_KIND_MASKS, ALL_ROOMS, ALL_STOPS, BETWEEN, FACING,
    ROOM_BITS, ROOM_TO_ROOM, STOP_COUNT,
};
use super::leavers::Leavers;

// Bits 0..16: the four room counts, `ROOM_BITS` each.
/// The mask of one room count's bits.
const ROOM_COUNT_MASK: u64 = (1 << ROOM_BITS) - 1;
/// Bits 16..44: the stops each kind holds, a stop mask per kind (A first): [`KindMasks`].
const STOPS_SHIFT: usize = 4 * ROOM_BITS;
/// Bits 44..64: [`State::bound`].
const BOUND_SHIFT: usize = STOPS_SHIFT + 4 * STOP_COUNT;
/// Stop 0's bit in each of the four kind masks.
const EVERY_KIND: u64 = 1 | 1 << STOP_COUNT | 1 << (2 * STOP_COUNT) | 1 << (3 * STOP_COUNT);

/// A forced move, as [`State::settle_reporting`] makes it: home from a stop, or home
/// straight from the top of a room.
#[derive(Debug, Clone, Copy)]
pub(super) enum Forced {
    FromStop(Stop),
    FromRoom(Room),
}

/// A reduced search state.
///
/// Each room holds only the amphipods that still have to **leave** it, as a count of
/// [`Leavers`] from the bottom (the settled ones below them never move and are gone from
/// the state); a room whose count is zero is *open*: only its own kind is left to arrive.
/// The seven hallway stops hold an amphipod kind or nothing. Vertical steps are not in
/// the state at all: they are the same in every solution and are paid up front (see
/// [`Puzzle::new`](super::puzzle::Puzzle::new)); edges cost only the horizontal steps.
/// The goal is the all-zero state.
///
/// The top bits carry [`State::bound`], the walking part of the heuristic, which depends
/// on the rest alone, so equal positions still have equal states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct State(u64);

impl State {
    /// Everyone home: no leavers, no one at a stop, nothing left to walk.
    pub(super) const GOAL: State = State(0);

    /// How many amphipods room `r` still has to let out.
    pub(super) fn room_len(self, r: Room) -> usize {
        ((self.0 >> (r.0 * ROOM_BITS)) & ROOM_COUNT_MASK) as usize
    }

    /// The rooms with leavers still inside: those not yet open.
    pub(super) fn rooms_with_leavers(self) -> RoomMask {
        // Fold each count's four bits onto its lowest, then gather bits 0, 4, 8 and 12 into
        // bits 12 to 15 with one multiply (the partial products never overlap).
        let counts = self.0 & 0xffff;
        let any = counts | counts >> 1;
        let any = (any | any >> 2) & 0x1111;
        RoomMask(((any * 0x1248) >> 12) as u8) & ALL_ROOMS
    }

    pub(super) fn with_room_len(self, r: Room, len: usize) -> State {
        State((self.0 & !(ROOM_COUNT_MASK << (r.0 * ROOM_BITS))) | ((len as u64) << (r.0 * ROOM_BITS)))
    }

    /// The kind at the top of room `r` (whose count must not be zero).
    pub(super) fn top(self, r: Room, leavers: &Leavers) -> Amphipod {
        leavers.kind(r, self.room_len(r) - 1)
    }

    /// The kind at stop `i`, if any.
    pub(super) fn stop(self, i: Stop) -> Option<Amphipod> {
        Amphipod::ALL.into_iter().find(|&kind| self.stops_of_kind(kind).contains(i))
    }

    pub(super) fn with_stop(self, i: Stop, kind: Amphipod) -> State {
        State(self.0 | 1 << (STOPS_SHIFT + STOP_COUNT * kind.index() + i.0))
    }

    fn without_stop(self, i: Stop) -> State {
        State(self.0 & !(EVERY_KIND << (STOPS_SHIFT + i.0)))
    }

    /// Who holds which stop.
    pub(super) fn kind_masks(self) -> KindMasks {
        (self.0 >> STOPS_SHIFT) as KindMasks & ALL_KIND_MASKS
    }

    /// The stops held by an amphipod of `kind`.
    pub(super) fn stops_of_kind(self, kind: Amphipod) -> StopMask {
        StopMask((self.kind_masks() >> (STOP_COUNT * kind.index())) as u8) & ALL_STOPS
    }

    /// The occupied stops.
    pub(super) fn occupied(self) -> StopMask {
        stops_in(self.kind_masks())
    }

    /// The stops each kind holds.
    pub(super) fn stops_by_kind(self) -> [StopMask; 4] {
        Amphipod::ALL.map(|kind| self.stops_of_kind(kind))
    }

    /// An admissible bound on the horizontal energy still needed: every amphipod in a
    /// foreign room or at a stop must cover at least the distance to its room; one that
    /// must leave its own room (something foreign is below it) must step out and back in,
    /// at least two steps.
    pub(super) fn bound(&self) -> u32 {
        (self.0 >> BOUND_SHIFT) as u32
    }

    pub(super) fn with_bound(self, bound: u32) -> State {
        State((self.0 & ((1 << BOUND_SHIFT) - 1)) | (u64::from(bound) << BOUND_SHIFT))
    }

    pub(super) fn is_goal(&self) -> bool {
        *self == State::GOAL
    }

    /// Whether an amphipod of `kind` stepping out to stop `i` would face a hallway amphipod
    /// for good ([`FACING`]): a state with no solution.
    pub(super) fn faces_for_good(self, i: Stop, kind: Amphipod) -> bool {
        self.kind_masks() & FACING[kind][i] != 0
    }

    /// The top amphipod of room `r` steps out to stop `i`: the new state and the energy.
    pub(super) fn step_out(self, r: Room, i: Stop, leavers: &Leavers) -> (State, u32) {
        self.step_out_as(r, i, self.top(r, leavers))
    }

    /// How much [`State::step_out_as`] raises the energy spent plus [`State::bound`]; the
    /// forced moves that follow spend exactly their share of the bound, so the settled
    /// state is raised by the same.
    pub(super) fn step_out_rise(r: Room, i: Stop, kind: Amphipod) -> u32 {
        MOVES.rise[r][i][kind]
    }

    /// [`State::step_out`] for a top amphipod known to be of `kind`.
    pub(super) fn step_out_as(self, r: Room, i: Stop, kind: Amphipod) -> (State, u32) {
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
            // Ranges, not `Amphipod::ALL`: the loops stay as tight as over plain numbers.
            for kind in (0..4).map(Amphipod::from_index) {
                if self.room_len(kind.home()) != 0 {
                    continue;
                }
                for i in self.stops_of_kind(kind).iter() {
                    if (self.occupied() & BETWEEN[kind.home()][i]).is_empty() {
                        spent += MOVES.parked_bound[i][kind];
                        self = self.without_stop(i);
                        report(Forced::FromStop(i));
                    }
                }
            }
            for r in (0..4).map(Room) {
                while self.room_len(r) > 0 {
                    let kind = self.top(r, leavers);
                    let home = kind.home();
                    if home == r || self.room_len(home) != 0 || !(self.occupied() & ROOM_TO_ROOM[r][home]).is_empty() {
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
    pub(super) fn may_force(self, r: Room, leavers: &Leavers) -> bool {
        if self.room_len(r) == 0 {
            return true;
        }
        let home = self.top(r, leavers).home();
        home != r && self.room_len(home) == 0 && (self.occupied() & ROOM_TO_ROOM[r][home]).is_empty()
    }
}

//! Proving that a state has no solution left.
//!
//! Most states an A* over this puzzle reaches in part 2 are dead: they cannot be finished
//! at all, typically with only two or three amphipods in the hallway. Hallway amphipods only ever walk home, and rooms only empty when their
//! leavers find stops to park on, so some hallway layouts can never clear.
//! [`State::stuck`] proves two such kinds of death, each argument erring only towards
//! "might still be solvable":
//!
//! * **A stuck set**: hallway amphipods that each need another of them gone first,
//!   because it stands on their path home or keeps their room from emptying.
//! * **No room can open in any order**: as rooms empty one by one, the amphipods that
//!   must wait in the hallway pile up; if for every order some room's leavers find too
//!   few stops to park on, the rooms can never all open.
//!
//! Together they catch 93% of the dead states reachable in the example's part 2 (61,808
//! of 66,638), and over the benchmark's 120 generated burrows the median part 2 search
//! takes 4,950 states off its queue where it takes 12,700 without them (1.5 ms against
//! 2.8 ms). The search checks a state when it takes it off the queue (not when it
//! generates it), so each state is checked once and states the search never reaches cost
//! nothing. With rooms two deep the whole search is so small that the test costs more
//! than it saves, so the solver leaves it out there.

use super::state::{bits, Leavers, State, BETWEEN, REACHABLE_ROOMS, ROOM_TO_ROOM, SEGMENT};

impl State {
    /// Whether some hallway amphipods can never move again, so no solution is left.
    ///
    /// It looks for a set of hallway amphipods that stay put for good. Start with all of
    /// them *fixed*, then round by round free each one that might still get home while the
    /// others stay. Whatever is still fixed when a round frees nobody is stuck: the first
    /// of them to move would have to get home while all the others still stand, and the
    /// test below says it cannot. The test only ever errs towards "might get home", so a
    /// state called stuck truly has no solution.
    ///
    /// A fixed amphipod might get home only if
    /// * no fixed amphipod stands on its path;
    /// * its room [could be emptied](Census::rooms_that_could_open) while the fixed stay;
    /// * the leavers of its room that would stay parked for good (their own rooms lie
    ///   beyond the fixed amphipods or cannot open) fit on the stops its room's leavers can
    ///   reach, off its path: they take distinct stops there and never leave.
    pub(super) fn stuck(self, leavers: &Leavers) -> bool {
        let mut fixed = self.occupied();
        if fixed == 0 {
            return false;
        }
        let census = Census::of(self, leavers);
        loop {
            let mut clear = 0u8;
            for i in bits(fixed) {
                if fixed & BETWEEN[usize::from(census.stop_kind[i])][i] == 0 {
                    clear |= 1 << i;
                }
            }
            if clear == 0 {
                return true;
            }
            let openings = census.rooms_that_could_open(fixed);
            let mut freed = 0;
            for i in bits(clear) {
                let home = usize::from(census.stop_kind[i]);
                if openings.open & (1 << home) == 0 {
                    continue;
                }
                let room_for_stranded = count(openings.parking[home] & !BETWEEN[home][i]);
                if openings.stranded.get(home) <= room_for_stranded {
                    freed |= 1 << i;
                }
            }
            if freed == 0 {
                return true;
            }
            fixed &= !freed;
            if fixed == 0 {
                // Nobody is stuck for good; the rooms may still be unable to all open.
                return !census.some_opening_order();
            }
        }
    }
}

/// Four small counts, one per kind or room, a byte each.
#[derive(Clone, Copy)]
struct PerKind(u32);

impl PerKind {
    fn get(self, k: usize) -> u32 {
        (self.0 >> (8 * k)) & 0xff
    }

    /// The sum over the kinds in the 4-bit mask `kinds`.
    fn sum(self, kinds: u8) -> u32 {
        (self.0 & BYTES[usize::from(kinds)]).wrapping_mul(0x0101_0101) >> 24
    }
}

/// `BYTES[mask]`: the bytes of the kinds in a 4-bit mask.
const BYTES: [u32; 16] = {
    let mut t = [0; 16];
    let mut m = 0;
    while m < 16 {
        let mut k = 0;
        while k < 4 {
            if m & (1 << k) != 0 {
                t[m] |= 0xff << (8 * k);
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// Set bits of a 7-bit mask.
fn count(mask: u8) -> u32 {
    u32::from(POPULATION[usize::from(mask & 0x7f)])
}

const POPULATION: [u8; 128] = {
    let mut t = [0; 128];
    let mut m = 0;
    while m < 128 {
        t[m] = (m as u8).count_ones() as u8;
        m += 1;
    }
    t
};

/// Who is where, counted once per [`State::stuck`] call: the kind at each stop, the stops
/// each kind holds, and how many of each kind every room still has to let out.
struct Census {
    stop_kind: [u8; 7],
    /// `stops_of[kinds]`: the stops held by the kinds in a 4-bit mask.
    stops_of: [u8; 16],
    leavers: [PerKind; 4],
    rooms_with_leavers: u8,
}

impl Census {
    fn of(state: State, leavers: &Leavers) -> Census {
        let mut census =
            Census { stop_kind: [0; 7], stops_of: [0; 16], leavers: [PerKind(0); 4], rooms_with_leavers: 0 };
        for i in bits(state.occupied()) {
            let kind = state.stop(i).unwrap_or(0);
            census.stop_kind[i] = kind as u8;
            census.stops_of[1 << kind] |= 1 << i;
        }
        for kinds in 3..16 {
            census.stops_of[kinds] =
                census.stops_of[kinds & (kinds - 1)] | census.stops_of[kinds & kinds.wrapping_neg()];
        }
        for r in 0..4 {
            census.leavers[r] = PerKind(u32::from_le_bytes(leavers.counts(r, state.room_len(r))));
            if state.room_len(r) > 0 {
                census.rooms_with_leavers |= 1 << r;
            }
        }
        census
    }

    /// Whether the rooms could open one after another in some order, as far as parking
    /// space goes.
    ///
    /// When room `g` empties, with the rooms in `before` already open, these amphipods
    /// are all in the hallway: every hallway amphipod whose room is closed, the leavers
    /// of the rooms in `before` whose own rooms are still closed, and the leavers of `g`
    /// that could not get home: their room is closed (`g`'s own kind included) or walled
    /// off, or one of that room's own leavers, parked before it opened and waiting for a
    /// room still closed, stands on the way: they hold distinct stops of the segment they
    /// parked in (walled by the hallway amphipods of that room's kind and of the closed
    /// kinds, who have not moved), and there are more of them than stops off the way.
    /// The hallway amphipods have not moved since now, so they wall off the parking
    /// space: the leavers of a room can only be on the stops of the segment around its
    /// door, and those from rooms in the same segment as `g` must fit on its stops. A
    /// real solution opens the rooms in an order that passes every such check, so if no
    /// order passes, there is no solution. Orders are explored as sets of open rooms,
    /// smallest first (16 sets at most).
    fn some_opening_order(&self) -> bool {
        let all = self.rooms_with_leavers;
        if all == 0 {
            return true;
        }
        let mut reachable: u16 = 1;
        for before in 0..16u8 {
            if reachable & (1 << before) == 0 {
                continue;
            }
            let closed = all & !before;
            let fixed = self.stops_of[usize::from(closed)];
            for g in bits(closed) {
                let next = before | (1 << g);
                if reachable & (1 << next) != 0 {
                    continue;
                }
                let reachable_doors = REACHABLE_ROOMS[g][usize::from(fixed)];
                // Homes `g`'s leavers cannot walk to: closed, walled off by the hallway, or
                // with one of that room's own leavers parked on the way from before the
                // room opened until after `g` does (too many to all park off it).
                let mut no_way_home = closed | (0xf & !reachable_doors);
                for h in bits(before & reachable_doors) {
                    let walls_then = self.stops_of[usize::from(closed | 1 << h)];
                    let off_the_way = count(SEGMENT[h][usize::from(walls_then)] & !ROOM_TO_ROOM[g][h]);
                    if self.leavers[h].sum(closed) > off_the_way {
                        no_way_home |= 1 << h;
                    }
                }
                let parked_before: u32 = bits(reachable_doors & before).map(|h| self.leavers[h].sum(closed)).sum();
                let load = self.leavers[g].sum(no_way_home) + parked_before;
                if load <= count(SEGMENT[g][usize::from(fixed)]) {
                    if next == all {
                        return true;
                    }
                    reachable |= 1 << next;
                }
            }
        }
        false
    }

    /// Which rooms could still be emptied while the amphipods at stops `fixed` stay, with
    /// how many of each room's leavers would then be stranded (parked for good) and where
    /// they would park.
    ///
    /// Until room `g` empties, the fixed amphipods stay, and so do the hallway amphipods of
    /// `g`'s kind and of kinds that cannot get home at all: together they wall off `g`'s
    /// parking space, the stops between the nearest of them on either side of its door.
    /// The moment `g` empties, its own kind and its leavers whose rooms are walled off or
    /// closed are all parked there; if they outnumber its stops, `g` cannot empty. Those
    /// whose rooms cannot be reached even once the walls of `g`'s kind are gone are
    /// stranded. Starting from "every room could open" and striking rooms until none
    /// fails keeps every room that really can: an optimistic answer, as
    /// [`State::stuck`] needs.
    fn rooms_that_could_open(&self, fixed: u8) -> Openings {
        let mut open = 0xfu8;
        loop {
            let mut struck = 0;
            let mut openings = Openings { open, stranded: PerKind(0), parking: [0; 4] };
            for g in bits(self.rooms_with_leavers & open) {
                // Kinds that cannot get home at all while the fixed stay...
                let never_home = !(REACHABLE_ROOMS[g][usize::from(fixed)] & open) & !(1 << g) & 0xf;
                // ...so they, and this room's own kind, stand still until it empties.
                let waiting = fixed | self.stops_of[usize::from(never_home) | 1 << g];
                let parking = SEGMENT[g][usize::from(waiting)];
                let home_reachable = REACHABLE_ROOMS[g][usize::from(waiting)] & open & !(1 << g);
                let still_parked = self.leavers[g].sum(!home_reachable & 0xf);
                openings.stranded.0 |= self.leavers[g].sum(never_home) << (8 * g);
                openings.parking[g] = parking;
                if still_parked > count(parking) {
                    struck |= 1 << g;
                }
            }
            if struck == 0 {
                return openings;
            }
            open &= !struck;
        }
    }
}

/// What [`Census::rooms_that_could_open`] found.
struct Openings {
    /// The rooms that could open, a bit each.
    open: u8,
    /// Per room, how many of its leavers would be parked for good.
    stranded: PerKind,
    /// Per room, the stops its leavers can park on before it opens.
    parking: [u8; 4],
}

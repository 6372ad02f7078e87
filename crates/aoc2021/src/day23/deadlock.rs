//! Proving that a state has no solution left.
//!
//! Most states an A* over this puzzle reaches in part 2 are dead: they cannot be finished
//! at all, typically with only two or three amphipods in the hallway. Hallway amphipods
//! only ever walk home, and rooms only empty when their leavers find stops to park on, so
//! some hallway layouts can never clear.
//! [`State::stuck`] proves two such kinds of death, each argument erring only towards
//! "might still be solvable":
//!
//! * **Nobody can move first**: no hallway amphipod can get home while all the others
//!   stand, because one of them stands on its way or keeps its room from emptying.
//! * **No room can open in any order**: as rooms empty one by one, the amphipods that
//!   must wait in the hallway pile up; if for every order some room's leavers find too
//!   few stops to park on, the rooms can never all open.
//!
//! Both count parking space kind by kind: a stranger never parks between the door it
//! leaves and its own (the solver never makes that decision; the `day23` module doc proves
//! that no solution needs it, from any state, so a state is dead under that rule exactly
//! when it is dead under the puzzle's own). So the leavers whose homes lie far to one side
//! must fit on the stops off their way, not merely on the stops they can reach
//! ([`Census::fit`]).
//!
//! Together they catch most of the dead states reachable in the example's part 2 (a test
//! counts them). The search asks about a state when it reaches it at its parent's priority
//! (it would be popped next), so that a dead one is dropped unqueued, and otherwise only
//! when it pops it, for as long as the search is short
//! ([`search_core::Search::dead_end`]); in part 2 it drops several dead states
//! for every one it expands (the benchmark prints both counts). A large share of a part 2
//! search's time goes into this test, so it works on whole stop masks (a bit per stop, one
//! mask per kind) and table lookups, and makes its cheapest checks first: while no room is
//! open, the first room to open must have room for all its leavers around its door, a few
//! lookups that settle many states before the rest of the test runs. With rooms two deep
//! the whole search is so small that the test costs more than it saves, so the solver
//! leaves it out there.
//!
//! What the test misses is what the search spends its time on: most of the states it
//! expands in part 2 are dead ones that passed the test (their live states number only
//! tens to hundreds). A sharper test is the way to a faster part 2; searching the dead
//! states' subtrees out to prove them dead costs far more than the A* spends on them.

use super::burrow::Amphipod;
use super::geometry::{
    bits, Room, RoomMask, StopMask, ALL_ROOMS, ALL_STOPS, BETWEEN, CLEAR_PATH, REACHABLE_ROOMS, ROOM_COUNT_VALUES,
    ROOM_MASKS, ROOM_TO_ROOM, SEGMENT, STOP_MASKS,
};
use super::puzzle::Puzzle;
use super::state::State;

/// The test for one puzzle, with what it needs to know of the puzzle's leavers worked out
/// once per search: for room `g` with `n` leavers still inside and a set of kinds, the
/// [stops](StopsNeeded) its leavers of those kinds need. One test asks for a dozen or so
/// of these counts, and a puzzle has only a few hundred, so each is looked up rather than
/// counted again.
pub(super) struct DeadStateTest {
    /// `needs[g][n][kinds]`, for `n` up to room `g`'s leavers at the start. A row for
    /// every value a room count can hold, so that looking one up needs no bounds check.
    needs: [[[StopsNeeded; ROOM_MASKS]; ROOM_COUNT_VALUES]; 4],
}

impl DeadStateTest {
    pub(super) fn new(puzzle: &Puzzle) -> DeadStateTest {
        let mut needs = [[[StopsNeeded(0); ROOM_MASKS]; ROOM_COUNT_VALUES]; 4];
        for (g, by_len) in Room::ALL.into_iter().zip(needs.iter_mut()) {
            for (n, row) in by_len.iter_mut().enumerate().take(puzzle.start.room_len(g) + 1) {
                let leaving = u32::from_le_bytes(puzzle.leavers.counts(g, n));
                for (kinds, needed) in row.iter_mut().enumerate() {
                    *needed = StopsNeeded::of(g, leaving & BYTES[kinds]);
                }
            }
        }
        DeadStateTest { needs }
    }

    /// Whether the state provably has no solution: no hallway amphipod can be the first to
    /// move, or the rooms cannot all open in any order (see
    /// [`Census::some_opening_order`]).
    ///
    /// A hallway amphipod only ever moves home, and the first of them to do so goes while
    /// all the others still stand where they are now. It can do that only if
    /// * none of the others stands on its way;
    /// * its room [could be emptied](Census::rooms_that_could_open) while they stand;
    /// * the leavers of its room that would stay parked for good (their own rooms lie
    ///   beyond the hallway amphipods or cannot open) fit on the stops its room's leavers
    ///   can reach, off its way: they take distinct stops there and never leave.
    ///
    /// If none of them can, none ever moves. Each test errs only towards "might get home",
    /// so a state called stuck truly has no solution. (Going on to free amphipods round by
    /// round and looking for a smaller stuck set catches nothing over the benchmark's part
    /// 2 burrows that the opening order does not, and only costs time.)
    ///
    /// The opening order's first step, [which rooms may open
    /// first](Census::rooms_that_may_open_first), is taken before the first mover is looked
    /// for: it costs a few table lookups, condemns many states on its own, and spares the
    /// rest of the test some work. Which check condemns a state does not change the verdict,
    /// only its cost.
    pub(super) fn stuck(&self, state: State) -> bool {
        let hallway = state.occupied();
        if hallway.is_empty() {
            return false;
        }
        let census = Census::of(state, self);
        let clear = census.clear_paths();
        if clear.is_empty() {
            return true;
        }
        let first = census.rooms_that_may_open_first();
        if first == Some(RoomMask::EMPTY) {
            return true;
        }
        let openings = census.rooms_that_could_open(first.unwrap_or(RoomMask::EMPTY));
        if !openings.someone_may_get_home(clear, &census) {
            return true;
        }
        !census.some_opening_order(first)
    }
}

/// `BYTES[kinds]`: the bytes of the kinds in a 4-bit mask.
const BYTES: [u32; ROOM_MASKS] = kind_fields(8);

/// `kind_fields(width)[kinds]`: ones in the `width`-bit fields of the kinds in a 4-bit
/// mask, A's field lowest.
const fn kind_fields(width: usize) -> [u32; ROOM_MASKS] {
    let mut t = [0; ROOM_MASKS];
    let mut kinds = 0;
    while kinds < ROOM_MASKS {
        let mut k = 0;
        while k < 4 {
            if kinds & (1 << k) != 0 {
                t[kinds] |= ((1 << width) - 1) << (width * k);
            }
            k += 1;
        }
        kinds += 1;
    }
    t
}

/// `LEFT_OF[g]`, `RIGHT_OF[g]`: the bytes of the kinds whose rooms lie left and right of
/// room `g`.
const LEFT_OF: [u32; 4] = [BYTES[0b0000], BYTES[0b0001], BYTES[0b0011], BYTES[0b0111]];
const RIGHT_OF: [u32; 4] = [BYTES[0b1110], BYTES[0b1100], BYTES[0b1000], BYTES[0b0000]];

/// `OFF_THE_WAY[g][stops]`: byte `k` counts the stops of `stops` off the way between doors
/// `g` and `k` (byte `g`: all of them).
static OFF_THE_WAY: [[u32; STOP_MASKS]; 4] = {
    let mut t = [[0; STOP_MASKS]; 4];
    let mut g = 0;
    while g < 4 {
        let mut stops = 0;
        while stops < STOP_MASKS {
            let mut k = 0;
            while k < 4 {
                let off = (stops as u8 & !ROOM_TO_ROOM[g][k].0).count_ones();
                t[g][stops] |= off << (8 * k);
                k += 1;
            }
            stops += 1;
        }
        g += 1;
    }
    t
};

/// `SEGMENT_OFF_THE_WAY[h][walls]`: [`OFF_THE_WAY`] of the stops room `h`'s leavers can
/// reach with the amphipods at stops `walls` standing ([`SEGMENT`]): byte `k` counts those
/// off the way between doors `h` and `k`.
static SEGMENT_OFF_THE_WAY: [[u32; STOP_MASKS]; 4] = {
    let mut t = [[0; STOP_MASKS]; 4];
    let mut h = 0;
    while h < 4 {
        let mut walls = 0;
        while walls < STOP_MASKS {
            t[h][walls] = OFF_THE_WAY[h][SEGMENT[h][walls].0 as usize];
            walls += 1;
        }
        h += 1;
    }
    t
};

/// Who is where, counted once per [`State::stuck`] call: the stops each kind holds, and how
/// many of each kind every room still has to let out.
struct Census<'a> {
    /// The stops each kind holds.
    by_kind: [StopMask; 4],
    /// The stops the hallway amphipods hold.
    hallway: StopMask,
    /// `needs[g][kinds]`: the stops room `g`'s leavers of `kinds` still inside need
    /// ([`DeadStateTest`]).
    needs: [&'a [StopsNeeded; ROOM_MASKS]; 4],
    rooms_with_leavers: RoomMask,
}

impl<'a> Census<'a> {
    fn of(state: State, test: &'a DeadStateTest) -> Census<'a> {
        let needs = Room::ALL.map(|r| &test.needs[r][state.room_len(r)]);
        let rooms_with_leavers = state.rooms_with_leavers();
        Census { by_kind: state.stops_by_kind(), hallway: state.occupied(), needs, rooms_with_leavers }
    }

    /// The hallway amphipods with no other of them on their way to their door.
    fn clear_paths(&self) -> StopMask {
        let hallway = self.hallway.index();
        Amphipod::ALL
            .into_iter()
            .fold(StopMask::EMPTY, |clear, kind| clear | self.by_kind[kind] & CLEAR_PATH[kind][hallway])
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
    ///
    /// `first`, when known, holds the rooms that may open first
    /// ([`Census::rooms_that_may_open_first`]): the search's first step is made already.
    fn some_opening_order(&self, first: Option<RoomMask>) -> bool {
        let mut held = [StopMask::EMPTY; ROOM_MASKS];
        for kinds in 1..ROOM_MASKS {
            held[kinds] = held[kinds & (kinds - 1)] | self.by_kind[kinds.trailing_zeros() as usize];
        }
        let orders = OpeningOrders { census: self, held };
        let mut dead_ends = 0;
        match first {
            Some(first) => first.iter().any(|g| orders.open_on_from(g.bit(), &mut dead_ends)),
            None => orders.open_on_from(RoomMask::EMPTY, &mut dead_ends),
        }
    }

    /// Whether room `g`'s leavers of the kinds in `kinds` and `others` more amphipods can
    /// all stand on distinct stops of `stops` at once. A stranger never parks on its way
    /// home (the module doc of `day23` has the proof), so those whose homes lie on kind
    /// `k`'s side of door `g`, at least as far, must also fit on the stops off the way to
    /// `k`. The four counts (all of them, and those beyond each other kind) are compared
    /// at once, a byte each ([`OFF_THE_WAY`]).
    fn fit(&self, g: Room, kinds: RoomMask, others: u32, stops: StopMask) -> bool {
        self.stops_needed(g, kinds, others).fit_on(g, stops)
    }

    /// The four counts [`Census::fit`] compares, for room `g`'s leavers of the kinds in
    /// `kinds` and `others` more amphipods.
    fn stops_needed(&self, g: Room, kinds: RoomMask, others: u32) -> StopsNeeded {
        StopsNeeded(self.needs[g][(kinds & ALL_ROOMS).index()].0 + (others << (8 * g.0)))
    }

    /// How many of room `h`'s leavers still inside are of the kinds in `kinds`.
    fn leaving(&self, h: Room, kinds: RoomMask) -> u32 {
        self.needs[h][(kinds & ALL_ROOMS).index()].in_all(h)
    }

    /// Which rooms may be the first to open, as far as parking space goes; `None` when some
    /// room is open already.
    ///
    /// While every room still has leavers, no leaver can go home, so the first room to
    /// empty has all its leavers parked at once, with every hallway amphipod where it
    /// stands now (none can have gone home either): they must fit on the stops of the
    /// segment around its door ([`Census::fit`]). This is the first step of
    /// [`Census::some_opening_order`], and a room that passes it also passes
    /// [`Census::rooms_that_could_open`], which parks only some of its leavers on the same
    /// stops.
    fn rooms_that_may_open_first(&self) -> Option<RoomMask> {
        if self.rooms_with_leavers != ALL_ROOMS {
            return None;
        }
        let hallway = self.hallway.index();
        let may_open = |g: Room| self.fit(g, ALL_ROOMS, 0, SEGMENT[g][hallway]);
        Some(Room::ALL.into_iter().filter(|&g| may_open(g)).fold(RoomMask::EMPTY, |first, g| first | g.bit()))
    }

    /// Which rooms could still be emptied while the hallway amphipods stay where they are
    /// (as [`State::stuck`] supposes of all but the first to move), with where each room's
    /// leavers would park.
    ///
    /// The hallway amphipods wall off `g`'s parking space: the stops between the nearest of
    /// them on either side of its door. The moment `g` empties, its own kind and its leavers
    /// whose doors lie beyond the hallway amphipods are all parked there; if they outnumber
    /// its stops, `g` cannot empty.
    ///
    /// Each room is judged with every other room assumed to open, so the answer is
    /// optimistic, as [`State::stuck`] needs. Striking rooms again in the light of the first
    /// strikes, until none fails, is sharper, but over the benchmark's part 2 burrows it
    /// saves almost no states and costs more time than it saves.
    ///
    /// The rooms in `known` passed a stricter check on the same stops
    /// ([`Census::rooms_that_may_open_first`]), so they are not judged again.
    fn rooms_that_could_open(&self, known: RoomMask) -> Openings {
        let hallway = self.hallway.index();
        let could_open = |g: Room| {
            let parked = (!REACHABLE_ROOMS[g][hallway] | g.bit()) & ALL_ROOMS;
            self.fit(g, parked, 0, SEGMENT[g][hallway])
        };
        debug_assert!(known.iter().all(could_open), "a room that may open first could open");
        let cannot = (self.rooms_with_leavers & !known)
            .iter()
            .filter(|&g| !could_open(g))
            .fold(RoomMask::EMPTY, |m, g| m | g.bit());
        Openings { open: ALL_ROOMS & !cannot, hallway }
    }
}

/// [`Census::some_opening_order`]'s search.
struct OpeningOrders<'c, 'a> {
    census: &'c Census<'a>,
    /// `held[kinds]`: the stops held by the kinds in a 4-bit mask. The search asks this
    /// once or twice per room it tries; sixteen ORs once beat masking the kinds' stops
    /// each time.
    held: [StopMask; ROOM_MASKS],
}

impl OpeningOrders<'_, '_> {
    /// The stops held by the kinds in the 4-bit mask `kinds`.
    fn stops_of(&self, kinds: RoomMask) -> StopMask {
        self.held[(kinds & ALL_ROOMS).index()]
    }

    /// Whether the rooms not in `before` can open one after another once those in `before`
    /// have: a depth-first search over the sets of open rooms, remembering in `dead_ends`
    /// (a bit per set) those already found to lead nowhere. Depth first, because when an
    /// order exists the first room that may open usually starts one.
    fn open_on_from(&self, before: RoomMask, dead_ends: &mut u16) -> bool {
        let closed = self.census.rooms_with_leavers & !before;
        if closed.is_empty() {
            return true;
        }
        if *dead_ends & (1 << before.0) != 0 {
            return false;
        }
        let fixed = self.stops_of(closed);
        for g in in_search_order(closed) {
            if self.may_open_next(before, fixed, g) && self.open_on_from(before | g.bit(), dead_ends) {
                return true;
            }
        }
        *dead_ends |= 1 << before.0;
        false
    }

    /// Whether room `g` may be the next to empty once the rooms in `before` have (the
    /// amphipods at stops `fixed` belong to rooms still closed): whether its leavers that
    /// cannot get home, with those parked before, fit on its stops ([`Census::fit`]).
    fn may_open_next(&self, before: RoomMask, fixed: StopMask, g: Room) -> bool {
        let closed = self.census.rooms_with_leavers & !before;
        let reachable_doors = REACHABLE_ROOMS[g][fixed.index()];
        // Homes `g`'s leavers cannot walk to: closed, walled off by the hallway, or with one
        // of that room's own leavers parked on the way from before the room opened until
        // after `g` does (too many to all park off it).
        let mut no_way_home = closed | (ALL_ROOMS & !reachable_doors);
        let mut parked_before = 0;
        for h in (before & reachable_doors).iter() {
            let parked = self.census.leaving(h, closed);
            if parked == 0 {
                continue;
            }
            parked_before += parked;
            let walls_then = self.stops_of(closed | h.bit());
            if parked > (SEGMENT_OFF_THE_WAY[h][walls_then.index()] >> (8 * g.0)) & 0xff {
                no_way_home |= h.bit();
            }
        }
        self.census.fit(g, no_way_home, parked_before, SEGMENT[g][fixed.index()])
    }
}

/// The rooms of `rooms` in the order the opening-order search tries them after its first
/// step: B, C, D, then A, the order that found orders soonest (commit `107d779` has the
/// figures).
fn in_search_order(rooms: RoomMask) -> impl Iterator<Item = Room> {
    bits((rooms.0 >> 1 | rooms.0 << 3) & ALL_ROOMS.0).map(|turned| Room((turned + 1) % 4))
}

/// How many stops some of room `g`'s leavers need ([`Census::stops_needed`]): byte `g` in
/// all, byte `k` off the way to kind `k`'s door.
#[derive(Clone, Copy)]
struct StopsNeeded(u32);

impl StopsNeeded {
    /// The counts for leavers of room `g` numbering `leaving` (a byte per kind).
    fn of(g: Room, leaving: u32) -> StopsNeeded {
        // Byte `k`: the leavers of kinds up to `k`; the top byte holds them all.
        let up_to = leaving.wrapping_mul(0x0101_0101);
        let all = up_to >> 24;
        // Byte `k`: the leavers of kinds from `k` on.
        let from = all.wrapping_mul(0x0101_0101) - (up_to << 8);
        StopsNeeded((up_to & LEFT_OF[g]) | (from & RIGHT_OF[g]) | all << (8 * g.0))
    }

    /// How many stops they need in all.
    fn in_all(self, g: Room) -> u32 {
        (self.0 >> (8 * g.0)) & 0xff
    }

    /// Whether `stops` hold enough, in all and off each way from door `g`.
    fn fit_on(self, g: Room, stops: StopMask) -> bool {
        // Each byte of `stops off the way + 0x80 - needed` keeps its top bit exactly when
        // there are enough.
        (OFF_THE_WAY[g][(stops & ALL_STOPS).index()] + 0x8080_8080 - self.0) & 0x8080_8080 == 0x8080_8080
    }
}

/// What [`Census::rooms_that_could_open`] found.
struct Openings {
    /// The rooms that could open, a bit each.
    open: RoomMask,
    /// The stops the hallway amphipods hold, as a table index.
    hallway: usize,
}

impl Openings {
    /// The rooms whose doors room `g`'s leavers can reach while the hallway amphipods stay.
    fn past_hallway(&self, g: Room) -> RoomMask {
        REACHABLE_ROOMS[g][self.hallway]
    }

    /// The stops room `g`'s leavers can park on before it opens.
    fn parking(&self, g: Room) -> StopMask {
        SEGMENT[g][self.hallway]
    }

    /// Whether any of the amphipods at stops `clear` (no other on their way) might get
    /// home: their room could open, and its stranded leavers (whose rooms cannot open or lie
    /// beyond the hallway amphipods, so that they are still parked when the first hallway
    /// amphipod goes home) fit on its parking stops off their way.
    fn someone_may_get_home(&self, clear: StopMask, census: &Census) -> bool {
        for home in self.open.iter() {
            let waiting = clear & census.by_kind[home.owner()];
            if waiting.is_empty() {
                continue;
            }
            let stranded = census.stops_needed(home, self.never_home(home), 0);
            let parking = self.parking(home);
            if waiting.iter().any(|i| stranded.fit_on(home, parking & !BETWEEN[home][i])) {
                return true;
            }
        }
        false
    }

    /// The kinds that cannot get home at all while the hallway amphipods stay, seen from
    /// door `g`: their rooms cannot open or lie beyond the hallway amphipods.
    fn never_home(&self, g: Room) -> RoomMask {
        !(self.past_hallway(g) & self.open) & !g.bit() & ALL_ROOMS
    }
}

//! Where amphipods can go: the hallway stops, and the paths between doors and stops as
//! bit masks, tabulated for every set of occupied stops.
//!
//! Numbers name three things here, and masks of them: a **room** `0..4` (room `r` is
//! kind `r`'s home, so kinds and rooms share numbers), a **stop** `0..7` (an index into
//! [`STOPS`]), and sets of them as bit masks ([`RoomMask`], [`StopMask`]). Tables indexed
//! by a stop mask have [`STOP_MASKS`] entries, one per set of stops.

use super::model::ROOM_X;

/// A room, `0..4`; also the kind whose home it is.
pub(super) type Room = usize;
/// An amphipod kind, `0..4` (A to D); its home is the room with the same number.
pub(super) type Kind = usize;
/// A stop: an index into [`STOPS`], `0..7`.
pub(super) type Stop = usize;
/// A set of stops: bit `i` for stop `i`.
pub(super) type StopMask = u8;
/// A set of rooms (or kinds): bit `r` for room `r`.
pub(super) type RoomMask = u8;

/// How many stops there are.
pub(super) const STOP_COUNT: usize = 7;
/// The bits of one room count in a packed state.
pub(super) const ROOM_BITS: usize = 4;
/// The number of values a room count's bits can hold (only up to `MAX_DEPTH` occur): the
/// length of the tables looked up by a room count, so that a masked count needs no bounds
/// check.
pub(super) const ROOM_COUNT_VALUES: usize = 1 << ROOM_BITS;
/// Every stop.
pub(super) const ALL_STOPS: StopMask = (1 << STOP_COUNT) - 1;
/// Every room.
pub(super) const ALL_ROOMS: RoomMask = 0b1111;
/// The number of distinct stop masks: the length of a table indexed by one.
pub(super) const STOP_MASKS: usize = 1 << STOP_COUNT;
/// The number of distinct room (or kind) masks: the length of a table indexed by one.
pub(super) const ROOM_MASKS: usize = 1 << 4;

/// The hallway cells where amphipods may stop (all but those right outside rooms).
pub(super) const STOPS: [usize; STOP_COUNT] = [0, 1, 3, 5, 7, 9, 10];

/// The set bits of `mask` (stops, rooms or kinds), lowest first.
pub(super) fn bits(mut mask: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || (mask != 0).then(|| take_lowest(&mut mask)))
}

/// The lowest set bit of `mask` (which must not be empty), cleared from it.
pub(super) fn take_lowest(mask: &mut u8) -> usize {
    let i = mask.trailing_zeros() as usize;
    *mask &= *mask - 1;
    i
}

/// The stops with `x` in `lo..=hi`, as a 7-bit mask.
const fn stops_within(lo: usize, hi: usize) -> StopMask {
    let mut mask = 0;
    let mut i = 0;
    while i < STOP_COUNT {
        if lo <= STOPS[i] && STOPS[i] <= hi {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

/// Stops strictly between hallway cells `a` and `b`.
const fn stops_between(a: usize, b: usize) -> StopMask {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    stops_within(lo + 1, hi.saturating_sub(1))
}

/// `BETWEEN[r][i]`: the stops strictly between room `r`'s door and stop `i`. A move
/// either way needs them free; a move out to the stop needs stop `i` free too.
pub(super) const BETWEEN: [[StopMask; STOP_COUNT]; 4] = {
    let mut t = [[0; STOP_COUNT]; 4];
    let mut r = 0;
    while r < 4 {
        let mut i = 0;
        while i < STOP_COUNT {
            t[r][i] = stops_between(ROOM_X[r], STOPS[i]);
            i += 1;
        }
        r += 1;
    }
    t
};

/// `ROOM_TO_ROOM[a][b]`: the stops strictly between the doors of rooms `a` and `b`.
pub(super) const ROOM_TO_ROOM: [[StopMask; 4]; 4] = {
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
const fn unblocked<const N: usize>(paths: &[StopMask; N]) -> [u8; STOP_MASKS] {
    let mut table = [0; STOP_MASKS];
    let mut fixed = 0;
    while fixed < STOP_MASKS {
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
pub(super) static REACHABLE_ROOMS: [[RoomMask; STOP_MASKS]; 4] = {
    let mut table = [[0; STOP_MASKS]; 4];
    let mut g = 0;
    while g < 4 {
        table[g] = unblocked(&ROOM_TO_ROOM[g]);
        g += 1;
    }
    table
};

/// `CLEAR_PATH[kind][fixed]`: the stops from which an amphipod of `kind` has no stop of
/// `fixed` between it and its door.
pub(super) static CLEAR_PATH: [[StopMask; STOP_MASKS]; 4] = {
    let mut table = [[0; STOP_MASKS]; 4];
    let mut kind = 0;
    while kind < 4 {
        table[kind] = unblocked(&BETWEEN[kind]);
        kind += 1;
    }
    table
};

/// `FACING[kind][i]`: the hallway amphipods, as bits of [`KindMasks`], that an
/// amphipod of `kind` at stop `i` would face for good: each stands on the other's way
/// home. Hallway amphipods only ever move home, so neither could ever move again.
pub(super) static FACING: [[KindMasks; STOP_COUNT]; 4] = {
    let mut table = [[0; STOP_COUNT]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut i = 0;
        while i < STOP_COUNT {
            let mut other = 0;
            while other < 4 {
                let mut j = 0;
                while j < STOP_COUNT {
                    if BETWEEN[kind][i] & (1 << j) != 0 && BETWEEN[other][j] & (1 << i) != 0 {
                        table[kind][i] |= 1 << (STOP_COUNT * other + j);
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

/// Four stop masks side by side, one per kind from A in the lowest [`STOP_COUNT`] bits up:
/// who holds which stop.
pub(super) type KindMasks = u32;

/// Every bit of [`KindMasks`].
pub(super) const ALL_KIND_MASKS: KindMasks = (1 << (4 * STOP_COUNT)) - 1;

/// The stops held in any of the kind masks in `masks`.
pub(super) fn stops_in(masks: KindMasks) -> StopMask {
    let m = masks | masks >> (2 * STOP_COUNT);
    (m | m >> STOP_COUNT) as StopMask & ALL_STOPS
}

/// `SEGMENT[g][fixed]`: the stops room `g`'s leavers can reach while the amphipods at
/// stops `fixed` stay: those strictly between the nearest fixed stop on either side of
/// its door. (The stops left of door `g` are `0..=g + 1`, those right of it `g + 2..=6`.)
pub(super) static SEGMENT: [[StopMask; STOP_MASKS]; 4] = {
    let mut table = [[0; STOP_MASKS]; 4];
    let mut g = 0;
    while g < 4 {
        let mut fixed = 0;
        while fixed < STOP_MASKS {
            let mut segment = 0;
            let mut i = g + 2; // walk left from the door
            while i > 0 && fixed & (1 << (i - 1)) == 0 {
                segment |= 1 << (i - 1);
                i -= 1;
            }
            let mut i = g + 2; // walk right from the door
            while i < STOP_COUNT && fixed & (1 << i) == 0 {
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

//! Where amphipods can go: the hallway stops, and the paths between doors and stops as
//! bit masks, tabulated for every set of occupied stops.
//!
//! Three things are numbered here, each a type of its own: a [`Room`] `0..4`, an
//! [`Amphipod`] kind `0..4` (kind `k`'s home is room `k`: [`Amphipod::home`], [`Room::owner`]),
//! and a [`Stop`] `0..7` (an index into [`STOPS`]); sets of rooms and of stops are bit
//! masks ([`RoomMask`], [`StopMask`]). Tables of four are indexed by a room or a kind, of
//! seven by a stop; tables indexed by a mask have an entry per set ([`STOP_MASKS`],
//! [`ROOM_MASKS`]). The const tables are built from the plain numbers, which only this
//! module's const code touches.

use super::burrow::{Amphipod, ROOM_X};

/// A room, `0..4`: room `r` is the home of kind `r` ([`Room::owner`], [`Amphipod::home`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Room(pub(super) usize);

/// A stop: an index into [`STOPS`], `0..7`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Stop(pub(super) usize);

impl Room {
    /// Rooms A to D.
    pub(super) const ALL: [Room; 4] = [Room(0), Room(1), Room(2), Room(3)];

    /// The kind whose home this room is.
    #[inline(always)]
    pub(super) const fn owner(self) -> Amphipod {
        Amphipod::from_index(self.0)
    }

    /// This room's bit in a [`RoomMask`].
    #[inline(always)]
    pub(super) const fn bit(self) -> RoomMask {
        RoomMask(1 << self.0)
    }
}

impl Amphipod {
    /// The room this kind lives in.
    #[inline(always)]
    pub(super) const fn home(self) -> Room {
        Room(self.index())
    }
}

impl Stop {
    /// Every stop, left to right.
    pub(super) const ALL: [Stop; STOP_COUNT] = [Stop(0), Stop(1), Stop(2), Stop(3), Stop(4), Stop(5), Stop(6)];

    /// The hallway cell of this stop.
    #[inline(always)]
    pub(super) const fn x(self) -> usize {
        STOPS[self.0]
    }
}

/// Tables of four, indexed by room or by kind; of seven, by stop. (Tables of every mask
/// are indexed by [`StopMask::index`] or [`RoomMask::index`], masked where the caller
/// wants no bounds check.)
macro_rules! index_by {
    ($($key:ty => $len:expr),*) => {$(
        impl<T> std::ops::Index<$key> for [T; $len] {
            type Output = T;
            #[inline(always)]
            fn index(&self, key: $key) -> &T {
                &self[key.0 as usize]
            }
        }
        impl<T> std::ops::IndexMut<$key> for [T; $len] {
            #[inline(always)]
            fn index_mut(&mut self, key: $key) -> &mut T {
                &mut self[key.0 as usize]
            }
        }
    )*};
}
index_by!(Room => 4, Stop => STOP_COUNT);

impl<T> std::ops::Index<Amphipod> for [T; 4] {
    type Output = T;
    #[inline(always)]
    fn index(&self, kind: Amphipod) -> &T {
        &self[kind.index()]
    }
}

impl<T> std::ops::IndexMut<Amphipod> for [T; 4] {
    #[inline(always)]
    fn index_mut(&mut self, kind: Amphipod) -> &mut T {
        &mut self[kind.index()]
    }
}

/// A set of stops: bit `i` for stop `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(super) struct StopMask(pub(super) u8);

/// A set of rooms (or of the kinds whose homes they are): bit `r` for room `r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(super) struct RoomMask(pub(super) u8);

macro_rules! mask_ops {
    ($($mask:ident of $item:ident),*) => {$(
        // Both sets get every operation; not every one is used of both.
        #[allow(dead_code)]
        impl $mask {
            /// The empty set.
            pub(super) const EMPTY: $mask = $mask(0);

            /// Whether the set is empty.
            #[inline(always)]
            pub(super) const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// Whether `item` is in the set.
            #[inline(always)]
            pub(super) const fn contains(self, item: $item) -> bool {
                self.0 & 1 << item.0 != 0
            }

            /// How many are in the set.
            #[inline(always)]
            pub(super) const fn len(self) -> u32 {
                self.0.count_ones()
            }

            /// The set as a table index.
            #[inline(always)]
            pub(super) const fn index(self) -> usize {
                self.0 as usize
            }

            /// The lowest member (the set must not be empty), taken out of the set.
            #[inline(always)]
            pub(super) fn take_lowest(&mut self) -> $item {
                $item(take_lowest(&mut self.0))
            }

            /// The members, lowest first.
            #[inline(always)]
            pub(super) fn iter(self) -> impl Iterator<Item = $item> {
                bits(self.0).map($item)
            }
        }
        impl std::ops::BitAnd for $mask {
            type Output = $mask;
            #[inline(always)]
            fn bitand(self, other: $mask) -> $mask {
                $mask(self.0 & other.0)
            }
        }
        impl std::ops::BitOr for $mask {
            type Output = $mask;
            #[inline(always)]
            fn bitor(self, other: $mask) -> $mask {
                $mask(self.0 | other.0)
            }
        }
        impl std::ops::BitAndAssign for $mask {
            #[inline(always)]
            fn bitand_assign(&mut self, other: $mask) {
                self.0 &= other.0;
            }
        }
        impl std::ops::BitOrAssign for $mask {
            #[inline(always)]
            fn bitor_assign(&mut self, other: $mask) {
                self.0 |= other.0;
            }
        }
        impl std::ops::Not for $mask {
            type Output = $mask;
            #[inline(always)]
            fn not(self) -> $mask {
                $mask(!self.0)
            }
        }
    )*};
}
mask_ops!(StopMask of Stop, RoomMask of Room);

/// How many stops there are.
pub(super) const STOP_COUNT: usize = 7;
/// The bits of one room count in a packed state.
pub(super) const ROOM_BITS: usize = 4;
/// The number of values a room count's bits can hold (only up to `MAX_DEPTH` occur): the
/// length of the tables looked up by a room count, so that a masked count needs no bounds
/// check.
pub(super) const ROOM_COUNT_VALUES: usize = 1 << ROOM_BITS;
/// Every stop.
pub(super) const ALL_STOPS: StopMask = StopMask((1 << STOP_COUNT) - 1);
/// Every room.
pub(super) const ALL_ROOMS: RoomMask = RoomMask(0b1111);
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
    let mut mask: u8 = 0;
    let mut i = 0;
    while i < STOP_COUNT {
        if lo <= STOPS[i] && STOPS[i] <= hi {
            mask |= 1 << i;
        }
        i += 1;
    }
    StopMask(mask)
}

/// Stops strictly between hallway cells `a` and `b`.
const fn stops_between(a: usize, b: usize) -> StopMask {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    stops_within(lo + 1, hi.saturating_sub(1))
}

/// `BETWEEN[r][i]`: the stops strictly between room `r`'s door and stop `i`. A move
/// either way needs them free; a move out to the stop needs stop `i` free too.
pub(super) const BETWEEN: [[StopMask; STOP_COUNT]; 4] = {
    let mut t = [[StopMask::EMPTY; STOP_COUNT]; 4];
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
    let mut t = [[StopMask::EMPTY; 4]; 4];
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
            if fixed as u8 & paths[j].0 == 0 {
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
    let mut table = [[RoomMask::EMPTY; STOP_MASKS]; 4];
    let mut g = 0;
    while g < 4 {
        let raw = unblocked(&ROOM_TO_ROOM[g]);
        let mut fixed = 0;
        while fixed < STOP_MASKS {
            table[g][fixed] = RoomMask(raw[fixed]);
            fixed += 1;
        }
        g += 1;
    }
    table
};

/// `CLEAR_PATH[kind][fixed]`: the stops from which an amphipod of `kind` has no stop of
/// `fixed` between it and its door.
pub(super) static CLEAR_PATH: [[StopMask; STOP_MASKS]; 4] = {
    let mut table = [[StopMask::EMPTY; STOP_MASKS]; 4];
    let mut kind = 0;
    while kind < 4 {
        let raw = unblocked(&BETWEEN[kind]);
        let mut fixed = 0;
        while fixed < STOP_MASKS {
            table[kind][fixed] = StopMask(raw[fixed]);
            fixed += 1;
        }
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
                    if BETWEEN[kind][i].0 & (1 << j) != 0 && BETWEEN[other][j].0 & (1 << i) != 0 {
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
    StopMask((m | m >> STOP_COUNT) as u8) & ALL_STOPS
}

/// `SEGMENT[g][fixed]`: the stops room `g`'s leavers can reach while the amphipods at
/// stops `fixed` stay: those strictly between the nearest fixed stop on either side of
/// its door. (The stops left of door `g` are `0..=g + 1`, those right of it `g + 2..=6`.)
pub(super) static SEGMENT: [[StopMask; STOP_MASKS]; 4] = {
    let mut table = [[StopMask::EMPTY; STOP_MASKS]; 4];
    let mut g = 0;
    while g < 4 {
        let mut fixed = 0;
        while fixed < STOP_MASKS {
            let mut segment: u8 = 0;
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
            table[g][fixed] = StopMask(segment);
            fixed += 1;
        }
        g += 1;
    }
    table
};

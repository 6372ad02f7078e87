//! The leaver reduction: which amphipods each room still has to let out.

use super::burrow::Amphipod;
use super::burrow::MAX_DEPTH;
use super::geometry::{Room, ROOM_COUNT_VALUES};

/// The amphipods each room has to let out, bottom first; fixed for one puzzle.
///
/// Both tables have a row for every value a room count can hold, though only those up to
/// [`MAX_DEPTH`] occur: the search looks them up by a state's counts millions of times, and
/// a count masked to its four bits (and a room to its two) then needs no bounds check.
#[derive(Debug, Clone)]
pub(super) struct Leavers {
    kinds: [[Amphipod; ROOM_COUNT_VALUES]; 4],
    /// `counts[r][n]`: how many of each kind are among the bottom `n` leavers of room `r`.
    counts: [[[u8; 4]; ROOM_COUNT_VALUES]; 4],
}

impl Leavers {
    /// The leavers from their tables: `kinds[r][n]` is the kind of room `r`'s leaver at
    /// height `n` (0 = the bottom one), `counts[r][n]` how many of each kind are among the
    /// bottom `n` ([`Puzzle::new`](super::puzzle::Puzzle::new) fills them).
    pub(super) fn new(kinds: [[Amphipod; ROOM_COUNT_VALUES]; 4], counts: [[[u8; 4]; ROOM_COUNT_VALUES]; 4]) -> Leavers {
        Leavers { kinds, counts }
    }

    /// The kind of room `r`'s leaver at height `n` (0 = the bottom one).
    pub(super) fn kind(&self, r: Room, n: usize) -> Amphipod {
        debug_assert!(n < MAX_DEPTH, "room {} has no leaver at height {n}", r.0);
        self.kinds[r.0 & 3][n & (ROOM_COUNT_VALUES - 1)]
    }

    /// How many of each kind are among the bottom `n` leavers of room `r`.
    pub(super) fn counts(&self, r: Room, n: usize) -> [u8; 4] {
        self.counts[r.0 & 3][n & (ROOM_COUNT_VALUES - 1)]
    }
}

//! A second, quicker reference: textbook Dijkstra over whole burrows, for the proof over
//! every possible puzzle input.
//!
//! It knows nothing of the solver's reductions (no prepaid steps, no forced moves, no
//! stops-only state, no heuristic, no dead-state test). It plays the rules as written
//! (amphipods never stop right outside a room; they enter only their own room, and only
//! when no stranger is in it; once in the hallway, they move only into their room) with
//! the two restrictions every textbook solution makes, which lose nothing:
//!
//! * an amphipod entering its room goes to the deepest free cell: one stopping higher
//!   would leave a hole below it that only it could fill, by leaving and coming back;
//! * an amphipod in its own room with only its own kind below never leaves: leaving frees
//!   nothing for anyone, since nobody below it needs to get out.
//!
//! The general reference in `mod.rs` makes neither restriction; the tests check the two
//! agree on random burrows before trusting this one with all 2,520 inputs.

use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

use super::super::burrow::{Burrow, ROOM_X};

/// Hallway cells an amphipod may stop on.
const STOPS: [usize; 7] = [0, 1, 3, 5, 7, 9, 10];
const ENERGY: [u32; 4] = [1, 10, 100, 1000];

/// Hallway cells 0..11, then room `r` at depth `k` at `11 + r * depth + k`; three bits a
/// cell, 0 for empty and 1 to 4 for A to D.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Grid(u128);

impl Grid {
    fn get(self, cell: usize) -> Option<usize> {
        let v = (self.0 >> (3 * cell)) & 7;
        (v != 0).then(|| v as usize - 1)
    }

    fn with(self, cell: usize, who: Option<usize>) -> Grid {
        let v = who.map_or(0, |kind| kind as u128 + 1);
        Grid((self.0 & !(7 << (3 * cell))) | (v << (3 * cell)))
    }
}

/// A multiply-and-fold hash for the one `u128` key (the standard SipHash would triple
/// the reference's run time, and the proof runs it 5,040 times).
#[derive(Default)]
struct Fold(u64);

impl Hasher for Fold {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u128(&mut self, v: u128) {
        let folded = (v as u64) ^ ((v >> 64) as u64).rotate_left(29);
        self.0 = (folded ^ self.0).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(31);
    }
}

/// The least energy that organises `burrow`, or `None` when nothing does.
pub(super) fn least_energy(burrow: &Burrow) -> Option<u32> {
    let depth = burrow.depth();
    let cell = |r: usize, k: usize| 11 + r * depth + k;
    let mut start = Grid(0);
    for (x, a) in burrow.hallway().iter().enumerate() {
        start = start.with(x, a.map(|a| a.index()));
    }
    for r in 0..4 {
        for (k, a) in burrow.room(r).iter().enumerate() {
            start = start.with(cell(r, k), a.map(|a| a.index()));
        }
    }
    let is_goal = |g: Grid| (0..4).all(|r| (0..depth).all(|k| g.get(cell(r, k)) == Some(r)));
    // Hallway cells strictly between `from` and `to`, and `to` itself, all empty.
    let clear = |g: Grid, from: usize, to: usize| {
        let (lo, hi) = if from < to { (from + 1, to) } else { (to, from - 1) };
        (lo..=hi).all(|x| g.get(x).is_none())
    };
    // The deepest free cell of `kind`'s room, if it holds no stranger: (depth, cell).
    let entry = |g: Grid, kind: usize| -> Option<usize> {
        let strangers = (0..depth).any(|k| g.get(cell(kind, k)).is_some_and(|a| a != kind));
        let free = (0..depth).take_while(|&k| g.get(cell(kind, k)).is_none()).count();
        (!strangers && free > 0).then(|| free - 1)
    };

    let mut best: HashMap<Grid, u32, BuildHasherDefault<Fold>> = HashMap::default();
    let mut queue = BinaryHeap::new();
    best.insert(start, 0);
    queue.push(std::cmp::Reverse((0u32, start)));
    while let Some(std::cmp::Reverse((cost, g))) = queue.pop() {
        if best.get(&g).is_some_and(|&b| b < cost) {
            continue;
        }
        if is_goal(g) {
            return Some(cost);
        }
        let mut push = |next: Grid, energy: u32| {
            let next_cost = cost + energy;
            if best.get(&next).is_none_or(|&b| next_cost < b) {
                best.insert(next, next_cost);
                queue.push(std::cmp::Reverse((next_cost, next)));
            }
        };
        // Hallway amphipods: home, or nothing.
        for x in 0..11 {
            let Some(kind) = g.get(x) else { continue };
            let door = ROOM_X[kind];
            let lifted = g.with(x, None);
            if let (true, Some(k)) = (clear(lifted, x, door), entry(lifted, kind)) {
                let steps = x.abs_diff(door) + k + 1;
                push(lifted.with(cell(kind, k), Some(kind)), ENERGY[kind] * steps as u32);
            }
        }
        // Each room's top amphipod, unless it is home with only its own kind below.
        for r in 0..4 {
            let Some(k) = (0..depth).find(|&k| g.get(cell(r, k)).is_some()) else { continue };
            let Some(kind) = g.get(cell(r, k)) else { continue };
            if (k..depth).all(|below| g.get(cell(r, below)) == Some(r)) {
                continue;
            }
            let lifted = g.with(cell(r, k), None);
            let up = k + 1;
            for x in STOPS {
                if clear(lifted, ROOM_X[r], x) {
                    push(lifted.with(x, Some(kind)), ENERGY[kind] * (up + ROOM_X[r].abs_diff(x)) as u32);
                }
            }
            let door = ROOM_X[kind];
            if kind != r {
                if let (true, Some(down)) = (clear(lifted, ROOM_X[r], door), entry(lifted, kind)) {
                    let steps = up + ROOM_X[r].abs_diff(door) + down + 1;
                    push(lifted.with(cell(kind, down), Some(kind)), ENERGY[kind] * steps as u32);
                }
            }
        }
    }
    None
}

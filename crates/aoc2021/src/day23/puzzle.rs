//! The search problem for one burrow: its leavers, its start state, and the energy every
//! solution spends on vertical steps, all read from the burrow in one pass.

use super::burrow::{Amphipod, Burrow, ENERGY};
use super::geometry::{Room, Stop, ROOM_COUNT_VALUES, STOPS};
use super::heuristic::bound_from_scratch;
use super::leavers::Leavers;
use super::state::State;

/// The reduced puzzle of one burrow.
#[derive(Debug, Clone)]
pub(super) struct Puzzle {
    pub(super) leavers: Leavers,
    pub(super) start: State,
    pub(super) vertical: u32,
}

impl Puzzle {
    /// The reduced puzzle of `burrow`.
    ///
    /// Per room, the amphipods at the bottom that are already home with only their own
    /// kind below never move. Every other amphipod in a room leaves it exactly once, from
    /// its own depth (`depth + 1` steps up to the hallway), and every arrival goes to the
    /// deepest free cell of its room, so the arrivals in a room with `n` places to fill
    /// step down `1 + 2 + ... + n` in total whatever the order. Both sums are fixed. The
    /// start state holds each room's count of leavers and the hallway amphipods at their
    /// stops.
    pub(super) fn new(burrow: &Burrow) -> Puzzle {
        let mut kinds = [[Amphipod::A; ROOM_COUNT_VALUES]; 4];
        let mut counts = [[[0; 4]; ROOM_COUNT_VALUES]; 4];
        let mut start = State::GOAL;
        let mut vertical = 0;
        for r in 0..4 {
            let room = burrow.room(r);
            let home = room.iter().rev().take_while(|&&a| a.map(Amphipod::index) == Some(r)).count();
            let to_fill = (burrow.depth() - home) as u32;
            vertical += ENERGY[r] * to_fill * (to_fill + 1) / 2;
            let mut n = 0;
            for (depth, amphipod) in room[..room.len() - home].iter().enumerate().rev() {
                if let Some(a) = amphipod {
                    vertical += a.energy() * (depth as u32 + 1);
                    kinds[r][n] = *a;
                    counts[r][n + 1] = counts[r][n];
                    counts[r][n + 1][a.index()] += 1;
                    start = start.with_room_len(Room(r), n + 1);
                    n += 1;
                }
            }
        }
        for (i, &x) in STOPS.iter().enumerate() {
            if let Some(a) = burrow.hallway()[x] {
                start = start.with_stop(Stop(i), a);
            }
        }
        let leavers = Leavers::new(kinds, counts);
        let start = start.with_bound(bound_from_scratch(start, &leavers));
        Puzzle { leavers, start, vertical }
    }
}

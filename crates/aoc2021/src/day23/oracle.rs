//! Exact answers for checks and experiments: every decision (the solver's skipped ones
//! included), and the exact cost to finish every reachable state. Slow by design, and
//! built only for the tests and for the `experiments` feature.

use std::collections::HashMap;

use super::burrow::Burrow;
use super::geometry::{Room, Stop};
use super::{geometry, leavers, puzzle, state};

/// Every legal decision in `s`, the solver's skipped ones included: (room, stop) for each
/// room with leavers and each free stop its top amphipod can reach.
pub(super) fn every_step_out(s: state::State) -> Vec<(Room, Stop)> {
    let occupied = s.occupied();
    Room::ALL
        .into_iter()
        .filter(|&r| s.room_len(r) > 0)
        .flat_map(|r| (geometry::SEGMENT[r][occupied.index()] & !occupied).iter().map(move |i| (r, i)))
        .collect()
}

/// Every state reachable from `burrow`'s start by decisions, with the dead-state test
/// left out, and the least horizontal energy that finishes each (exactly, by a memoised
/// search; `None` when it cannot be finished).
pub(super) fn costs_to_go(burrow: &Burrow) -> (leavers::Leavers, HashMap<state::State, Option<u32>>) {
    type Memo = HashMap<state::State, Option<u32>>;
    fn cost(s: state::State, leavers: &leavers::Leavers, memo: &mut Memo) -> Option<u32> {
        if let Some(&known) = memo.get(&s) {
            return known;
        }
        let mut best = s.is_goal().then_some(0);
        for (r, i) in every_step_out(s) {
            let (moved, out) = s.step_out(r, i, leavers);
            let (next, forced) = moved.settle(leavers);
            // Visit every successor (no short cut) so that the whole space is priced.
            if let Some(rest) = cost(next, leavers, memo) {
                best = Some(best.map_or(out + forced + rest, |b: u32| b.min(out + forced + rest)));
            }
        }
        memo.insert(s, best);
        best
    }
    let puzzle = puzzle::Puzzle::new(burrow);
    let mut memo = HashMap::new();
    let (start, _) = puzzle.start.settle(&puzzle.leavers);
    cost(start, &puzzle.leavers, &mut memo);
    (puzzle.leavers, memo)
}

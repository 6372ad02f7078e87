//! # 2021 day 23: Amphipod
//!
//! Amphipods of four kinds (A to D, 1, 10, 100 and 1000 energy per step) start in four
//! rooms under an 11-cell hallway. An amphipod moves at most from its room to a hallway
//! stop, then from there into its own room (or straight from room to room), and enters
//! its room only when no stranger is left in it. Part 1 asks for the least energy; part 2
//! unfolds two more rows into each room.
//!
//! ## Model
//! The search state (module `state`, one `u64`; the reduction itself is module `leavers`) keeps only what still matters:
//! * amphipods already home, with only their own kind below them, never move: they are
//!   not in the state;
//! * every other amphipod in a room must leave it exactly once, from a known depth, and
//!   every arrival goes to the deepest free cell, so all *vertical* steps are the same in
//!   every solution. They are paid once up front, and edges cost only horizontal steps;
//! * the amphipods that still have to leave a room do so top first, in an order fixed by
//!   the puzzle, so a room is just a count; when it is zero the room is open to its own
//!   kind.
//!
//! ## Reductions
//! * **Forced moves.** An amphipod whose room is open and whose path is clear moves home
//!   at once, from a stop or from the top of another room. Its energy for that trip does
//!   not depend on when it is made, and at home it blocks nobody, so doing it now never
//!   hurts. These moves are folded into the edge that enables them.
//! * **Decisions** are thus only "the top amphipod of a room steps out to one of the seven
//!   stops"; the cells right outside rooms are never stops.
//! * **Parking on the way home.** A stranger never steps out to a stop strictly between
//!   the door it leaves and its own door: some best solution never does. Take a solution
//!   in which a stranger `x` steps out of room `r` at time `t1` to such a stop `s`, and
//!   walks home from there at `t2`. Between the two nobody can pass `s`, so every other
//!   move then happens wholly on `r`'s side of `s` or wholly on the side of `x`'s home.
//!   Make the moves of the home side first, in their order, with `x` still in room `r`
//!   (none of them touched room `r` or the cells on its side). The home side is then as it
//!   was at `t2`: `x`'s room takes it and the way from `s` to its door is clear. The way
//!   from door `r` to `s` is as clear as at `t1`, when `x` walked it, and `s` is free, so
//!   `x` goes straight home, walking exactly the cells it walked before. Then the moves of
//!   `r`'s side follow, in their order; none of them needed `x` at `s`, and after them
//!   the burrow is as it was after `t2`. The energy is the same and one such parking
//!   fewer is made, and no other parking moved, so repeating this removes them all.
//!   Making forced moves at once only ever takes parkings away, so some best solution
//!   does both. The argument holds from any state, hallway amphipods included, so every
//!   cost to go is unchanged, and so is whether a state can be finished at all (a test
//!   checks that on every reachable state of random burrows and of every puzzle input).
//!   The heuristic and the dead-state test bound the unrestricted puzzle, whose costs are
//!   the same.
//! * **Facing deadlocks.** A decision that parks an amphipod on the way home of a hallway
//!   amphipod standing on its own way home is never made: hallway amphipods only ever
//!   walk home, so neither of the two could move again. This one-mask test (`FACING` in
//!   module `geometry`) runs before the move is even built, so it pays even in part 1,
//!   where the full test below does not.
//! * **Dead states** (module `deadlock`). A state is dropped when it provably cannot be
//!   finished: no hallway amphipod can be the first to go home, or the rooms cannot all
//!   empty in any order for lack of parking space. Both tests only ever err towards
//!   "might be solvable", so no solution is lost. The search asks only when it needs to
//!   know ([`search_core::Search::dead_end`]): about a state reached at its
//!   parent's priority at once, so that a dead one is never queued, and about one reached
//!   above it only when popped, so that those above the answer, never popped, are never
//!   tested (for the search's first hundred pops: a long search tests every state at
//!   once, module `solve`). In part 2 most states reached are dead, the tests catch most of them, and the
//!   search expands far fewer states than it does without them. (Rooms two deep are
//!   solved without these tests: the search is too small for them to pay.)
//!
//! ## Heuristic
//! Each amphipod still to move must at least walk horizontally to its room; one that must
//! leave its own room (a stranger below) must step out and back in, two steps. This
//! *bound* lives in the state and is updated per move: a forced move costs exactly its
//! share, so only decisions that detour change `energy + bound`.
//!
//! On top of it come *detours* that some amphipods provably make, parking off their way
//! and back (`State::detours` in module `heuristic` has the proofs): a leaver whose way
//! home is walled by a hallway amphipod waiting for the very room it leaves, and, for two
//! rooms that each hold leavers of the other's kind, one whole group of those leavers,
//! each at its own stop off the span between the doors. Each detour is charged to a
//! different amphipod, so the sum never over-estimates; tests check that against the
//! exact cost of every reachable state of hundreds of random burrows, and of every
//! possible puzzle input in both parts. This term cuts the states both parts expand,
//! part 1's most.
//!
//! The figures behind each of these choices (how much each reduction saves, and what the
//! alternatives cost) are in docs/2021-23.md, with the commands that
//! measure them.
//!
//! A* (search-core's [`search_core::Search`]: partial expansion for rooms two deep, below,
//! and a lazy dead-state test deeper; ties towards
//! depth, re-opening states when the estimate is not consistent) therefore returns the exact least energy. An unsolvable
//! burrow exhausts the finite state space and reports "no solution".
//!
//! ## Partial expansion (rooms two deep)
//! A decision raises `energy + bound` by an amount known from the room, the stop and the
//! kind alone (`MoveTables::rise` in module `energy`: two steps per step of detour off the
//! way home), and the forced moves after it change neither. So `g + bound + rise` is a
//! lower bound on a successor's `g + estimate`, known before the successor is built.
//! With rooms two deep most decisions lead above the answer, and A* with partial
//! expansion ([`search_core::Search::sliced`]) builds only those whose bound the
//! search reaches, keeping the state queued at the least bound it left; the answer stays
//! exact (the proof is in search-core's module `partial`). In deeper rooms few decisions
//! lead above the answer, and queueing states again costs more than it saves, so there the
//! search expands each state at once.

mod burrow;
mod deadlock;
mod energy;
#[cfg(feature = "experiments")]
pub mod experiments;
mod geometry;
mod heuristic;
mod leavers;
#[cfg(any(test, feature = "experiments"))]
mod oracle;
mod parse;
mod plain;
mod puzzle;
mod solve;
mod state;

use aoc_day::Part;
use aoc_runner_derive::{aoc, aoc_generator};

pub use burrow::{Amphipod, Burrow, Place, HALLWAY_LEN, MAX_DEPTH, ROOM_X};
pub use parse::{parse, ParseError};
pub use plain::{least_energy_by, least_energy_unfolded_by, Plain};
pub use solve::{least_energy, least_energy_unfolded, solution, SolveError, Step};

/// The solution of `part` (1 or 2) drawn move by move, as `cargo xtask run --explain`
/// prints it: each burrow after a move, the move's energy and the running total, then the
/// search statistics.
pub fn explain(input: &str, part: Part) -> Result<String, String> {
    let burrow = parse(input).map_err(|e| e.to_string())?;
    let burrow = if part == Part::Two {
        burrow.unfolded().ok_or_else(|| SolveError::NotFoldable(burrow.depth()).to_string())?
    } else {
        burrow
    };
    let started = std::time::Instant::now();
    let (steps, stats) = solution(&burrow);
    let elapsed = started.elapsed();
    let steps = steps.ok_or_else(|| SolveError::NoSolution(aoc_day::Unsolvable).to_string())?;
    let mut out = format!("start\n{}\n", burrow.diagram());
    let mut total = 0;
    for (n, step) in steps.iter().enumerate() {
        total += step.energy;
        let place = |p: Place| match p {
            Place::Hall(x) => format!("hallway cell {}", x + 1),
            Place::Room(r, k) => format!("room {} depth {}", Amphipod::ALL[r].letter(), k + 1),
        };
        let forced = if step.forced { " (forced)" } else { "" };
        out += &format!(
            "move {}: {} from {} to {}{forced}: energy {}, total {total}\n{}\n",
            n + 1,
            step.amphipod.letter(),
            place(step.from),
            place(step.to),
            step.energy,
            step.burrow.diagram()
        );
    }
    out += &format!("{} moves, energy {total}; search: {stats}, {elapsed:?}\n", steps.len());
    Ok(out)
}

/// The puzzle's example with the answers it gives (examples.txt beside this file, in the
/// format of `aoc_day::examples`): what `run --example` and `check` check.
pub const EXAMPLE: &str = include_str!("examples.txt");

/// The example's input alone (the first example of [`EXAMPLE`], as a test checks): 12521
/// energy for part 1, 44169 for part 2.
pub const EXAMPLE_INPUT: &str = "\
#############
#...........#
###B#C#B#D###
  #A#D#C#A#
  #########
";

/// Every possible puzzle input, as text: a real input is always the eight amphipods
/// `AABBCCDD` in the two room rows of an empty burrow, so there are 8! / 2^4 = 2,520 of
/// them. Tests prove both parts on all of them; the benchmark times them all.
pub fn every_puzzle_input() -> Vec<String> {
    fn place(cells: &mut Vec<Amphipod>, left: &mut [usize; 4], out: &mut Vec<String>) {
        if cells.len() == 8 {
            let row = |k: usize| {
                let letters: Vec<String> = cells[k * 4..k * 4 + 4].iter().map(|a| a.letter().to_string()).collect();
                letters.join("#")
            };
            out.push(format!("#############\n#...........#\n###{}###\n  #{}#\n  #########\n", row(0), row(1)));
            return;
        }
        for kind in Amphipod::ALL {
            if left[kind.index()] > 0 {
                left[kind.index()] -= 1;
                cells.push(kind);
                place(cells, left, out);
                cells.pop();
                left[kind.index()] += 1;
            }
        }
    }
    let mut out = Vec::with_capacity(2520);
    place(&mut Vec::with_capacity(8), &mut [2; 4], &mut out);
    out
}

#[aoc_generator(day23)]
fn generator(input: &str) -> Result<Burrow, ParseError> {
    parse(input)
}

#[aoc(day23, part1)]
fn part1(burrow: &Burrow) -> Result<u32, SolveError> {
    least_energy(burrow).0
}

#[aoc(day23, part2)]
fn part2(burrow: &Burrow) -> Result<u32, SolveError> {
    least_energy_unfolded(burrow)
}

// What each technique buys (module `plain`): the same moves, searched plainly.

#[aoc(day23, part1, dijkstra)]
fn part1_dijkstra(burrow: &Burrow) -> Result<u32, SolveError> {
    least_energy_by(burrow, Plain::Dijkstra)
}

#[aoc(day23, part1, astar)]
fn part1_astar(burrow: &Burrow) -> Result<u32, SolveError> {
    least_energy_by(burrow, Plain::Astar)
}

#[aoc(day23, part1, idastar)]
fn part1_idastar(burrow: &Burrow) -> Result<u32, SolveError> {
    least_energy_by(burrow, Plain::Idastar)
}

#[aoc(day23, part1, bounded)]
fn part1_bounded(burrow: &Burrow) -> Result<u32, SolveError> {
    least_energy_by(burrow, Plain::Bounded)
}

#[aoc(day23, part2, dijkstra)]
fn part2_dijkstra(burrow: &Burrow) -> Result<u32, SolveError> {
    least_energy_unfolded_by(burrow, Plain::Dijkstra)
}

#[aoc(day23, part2, astar)]
fn part2_astar(burrow: &Burrow) -> Result<u32, SolveError> {
    least_energy_unfolded_by(burrow, Plain::Astar)
}

#[cfg(test)]
mod tests;

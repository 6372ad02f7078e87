//! An exact table of the fewest rides from every safe state of up to [`TABLE_PAIRS`] pairs.
//!
//! A ride can always be undone (the same items ride back, and both floors were safe before),
//! so the rides form an undirected graph, and one breadth-first search from the goal gives
//! every state's distance to it: the fewest rides, exactly, by definition of BFS. Only safe
//! states are reachable, a few thousand per pair count, so the whole build-time search is
//! quick. The build script embeds the result, a byte per number of the searches' own
//! numbering of safe states ([`SafeNumbering`]), one block per pair count (75,244 bytes for
//! up to seven pairs); a solve is then a lookup.
//!
//! The `aoc2016` crate's build script calls [`generate`]; the crate looks states up with
//! [`fewest_rides`].

use crate::dense::SafeNumbering;
use crate::State;

/// The most pairs the table covers; larger layouts are searched.
pub const TABLE_PAIRS: usize = 7;

/// The table entry of a state from which the goal cannot be reached.
pub const UNREACHABLE: u8 = u8::MAX;

/// The numbering of each pair count's block.
const NUMBERINGS: [SafeNumbering; TABLE_PAIRS + 1] = {
    let mut numberings = [const { SafeNumbering::new(0) }; TABLE_PAIRS + 1];
    let mut n = 1;
    while n <= TABLE_PAIRS {
        numberings[n] = SafeNumbering::new(n);
        n += 1;
    }
    numberings
};

/// Where the block of `n` pairs starts in the table; the last entry is the table's length.
const BLOCKS: [usize; TABLE_PAIRS + 2] = {
    let mut starts = [0; TABLE_PAIRS + 2];
    let mut n = 0;
    while n <= TABLE_PAIRS {
        starts[n + 1] = starts[n] + NUMBERINGS[n].len();
        n += 1;
    }
    starts
};

/// The table's length in bytes.
pub const TABLE_LEN: usize = BLOCKS[TABLE_PAIRS + 1];

// Every binary that solves the day embeds the table.
const _: () = assert!(TABLE_LEN <= 128 << 10, "the day 11 table outgrew 128 KiB");

/// The fewest rides from a safe `state` to the goal, as `table` (what [`generate`] made)
/// holds it ([`UNREACHABLE`] when there is no way), or `None` when the table does not cover
/// the state: more than [`TABLE_PAIRS`] pairs, or not safe.
#[inline]
pub fn fewest_rides(table: &[u8; TABLE_LEN], state: State) -> Option<u8> {
    let at = place(state)?;
    table.get(at).copied()
}

/// The state's place in the table: its pair count's block, at its number there.
#[inline]
fn place(state: State) -> Option<usize> {
    let pairs = state.pairs();
    let numbering = NUMBERINGS.get(pairs)?;
    state.is_safe().then(|| BLOCKS[pairs] + numbering.number(state))
}

/// The whole table: for every safe state of up to [`TABLE_PAIRS`] pairs, its fewest rides
/// to the goal, or [`UNREACHABLE`]. An error if some distance does not fit in a byte.
///
/// A breadth-first search layer by layer, with the table itself as the set of states seen
/// (an entry still [`UNREACHABLE`] is unseen): every safe state has its own entry, so no
/// hash set is needed, and the build script links nothing but this crate.
pub fn generate() -> Result<Vec<u8>, String> {
    let mut table = vec![UNREACHABLE; TABLE_LEN];
    for pairs in 0..=TABLE_PAIRS {
        // Everything home is the goal wherever the elevator is (it can only ride from the top).
        let home = vec![(3, 3); pairs];
        let mut layer: Vec<State> = (0..4).map(|elevator| State::from_floors(&home, elevator)).collect();
        let mut rides = 0u8;
        for &goal in &layer {
            *entry(&mut table, goal, pairs)? = 0;
        }
        while !layer.is_empty() {
            let farther = rides.checked_add(1).filter(|&r| r < UNREACHABLE);
            let mut next = Vec::new();
            for state in layer {
                for successor in state.successors() {
                    let slot = entry(&mut table, successor, pairs)?;
                    if *slot == UNREACHABLE {
                        *slot = farther.ok_or_else(|| {
                            format!("a state of {pairs} pairs is more than {} rides from the goal", UNREACHABLE - 1)
                        })?;
                        next.push(successor);
                    }
                }
            }
            layer = next;
            rides = rides.saturating_add(1);
        }
    }
    Ok(table)
}

/// The table entry of `state`, a state of `pairs` pairs.
fn entry(table: &mut [u8], state: State, pairs: usize) -> Result<&mut u8, String> {
    place(state)
        .and_then(|i| table.get_mut(i))
        .ok_or_else(|| format!("a state of {pairs} pairs has no place in the table"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pair types: (generator floor, chip floor) over four floors.
    const TYPES: usize = 16;

    /// Every multiset of `n` pair types, as nondecreasing type lists.
    fn multisets(n: usize) -> Vec<Vec<usize>> {
        if n == 0 {
            return vec![Vec::new()];
        }
        let mut all = Vec::new();
        for shorter in multisets(n - 1) {
            let from = shorter.last().copied().unwrap_or(0);
            for t in from..TYPES {
                all.push([shorter.as_slice(), &[t]].concat());
            }
        }
        all
    }

    /// Every state of `n` pairs, safe or not.
    fn states(n: usize) -> impl Iterator<Item = State> {
        multisets(n).into_iter().flat_map(|types| {
            let floors: Vec<(usize, usize)> = types.iter().map(|t| (t / 4, t % 4)).collect();
            (0..4).map(move |elevator| State::from_floors(&floors, elevator))
        })
    }

    #[test]
    fn every_safe_state_has_a_place_of_its_own_in_its_block() {
        for n in 0..=5 {
            let mut owner = vec![None; BLOCKS[n + 1] - BLOCKS[n]];
            for state in states(n) {
                let Some(at) = place(state) else {
                    assert!(!state.is_safe(), "{state:?} is safe and has no place");
                    continue;
                };
                assert!((BLOCKS[n]..BLOCKS[n + 1]).contains(&at), "{state:?} placed outside its block");
                assert_eq!(owner[at - BLOCKS[n]].replace(state), None, "{state:?} shares its place");
            }
        }
        let eight = State::from_floors(&[(0, 0); 8], 0);
        assert_eq!(place(eight), None);
    }

    #[test]
    fn distances_step_down_by_one_along_some_ride() {
        let table: [u8; TABLE_LEN] = generate().unwrap().try_into().unwrap();
        let at = |s: State| fewest_rides(&table, s).unwrap();
        for n in 1..=TABLE_PAIRS {
            for types in multisets(n.min(3)) {
                // Pad small multisets with pairs already home to reach n pairs.
                let floors: Vec<(usize, usize)> =
                    types.iter().map(|t| (t / 4, t % 4)).chain(std::iter::repeat((3, 3))).take(n).collect();
                for elevator in 0..4 {
                    let state = State::from_floors(&floors, elevator);
                    if !state.is_safe() {
                        assert_eq!(fewest_rides(&table, state), None);
                        continue;
                    }
                    let d = at(state);
                    assert_eq!(d == 0, state.is_goal());
                    if d == UNREACHABLE || d == 0 {
                        continue;
                    }
                    let best_next = state.successors().map(at).min().unwrap();
                    assert_eq!(best_next + 1, d, "{floors:?} elevator {elevator}");
                }
            }
        }
    }
}

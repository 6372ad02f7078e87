//! An exact table of the fewest rides from every state of up to [`TABLE_PAIRS`] pairs.
//!
//! A ride can always be undone (the same items ride back, and both floors were safe before),
//! so the rides form an undirected graph, and one breadth-first search from the goal gives
//! every state's distance to it: the fewest rides, exactly, by definition of BFS. Only safe
//! states are reachable, a few thousand per pair count, so the whole build-time search is
//! quick. The build script embeds the result,
//! one byte per canonical state (980,628 bytes for up to seven pairs, most of them
//! [`UNREACHABLE`]); a solve is then a lookup.
//!
//! States are numbered without gaps: with `n` pairs, the sixteen pair-type counters form a
//! multiset of size `n` over 16 types, ranked in the combinatorial number system, times the
//! four elevator floors; tables for 0, 1, ... pairs follow one another.
//!
//! The `aoc2016` crate's build script calls [`generate`]; the crate looks states up with
//! [`index`].

use crate::State;

/// The most pairs the table covers; larger layouts are searched.
pub const TABLE_PAIRS: usize = 7;

/// The table entry of a state from which the goal cannot be reached.
pub const UNREACHABLE: u8 = u8::MAX;

/// Pair types: (generator floor, chip floor) over four floors.
const TYPES: usize = 16;

/// `MULTISETS[t][r]`: the ways to put `r` pairs into `t` types.
const MULTISETS: [[usize; TABLE_PAIRS + 1]; TYPES + 1] = {
    let mut ways = [[0; TABLE_PAIRS + 1]; TYPES + 1];
    ways[0][0] = 1;
    let mut t = 1;
    while t <= TYPES {
        let mut r = 0;
        while r <= TABLE_PAIRS {
            // The last type holds k = 0..=r of them, the other t - 1 types the rest.
            let mut k = 0;
            while k <= r {
                ways[t][r] += ways[t - 1][r - k];
                k += 1;
            }
            r += 1;
        }
        t += 1;
    }
    ways
};

/// The canonical states with `n` pairs: a multiset of pair types, times the elevator floor.
const fn states_with(n: usize) -> usize {
    4 * MULTISETS[TYPES][n]
}

/// Where the states of `n` pairs start in the table; the last entry is the table's length.
const OFFSETS: [usize; TABLE_PAIRS + 2] = {
    let mut offsets = [0; TABLE_PAIRS + 2];
    let mut n = 0;
    while n <= TABLE_PAIRS {
        offsets[n + 1] = offsets[n] + states_with(n);
        n += 1;
    }
    offsets
};

/// The table's length in bytes.
pub const TABLE_LEN: usize = OFFSETS[TABLE_PAIRS + 1];

/// The pair count of each type, in type order (`4 * generator floor + chip floor`).
fn counts(state: State) -> [usize; TYPES] {
    std::array::from_fn(|t| state.count(t / 4, t % 4) as usize)
}

/// The state's position in the table, or `None` when it has more than [`TABLE_PAIRS`] pairs.
pub fn index(state: State) -> Option<usize> {
    let counts = counts(state);
    let pairs: usize = counts.iter().sum();
    if pairs > TABLE_PAIRS {
        return None;
    }
    // Multisets are ordered by the count of type 0, then of type 1, ...: those with fewer of
    // type t (and the same counts before it) come first, and there are MULTISETS[types left]
    // [pairs left] of them for each smaller count.
    let mut rank = 0;
    let mut left = pairs;
    for (t, &count) in counts.iter().enumerate().take(TYPES - 1) {
        rank += (0..count).map(|k| MULTISETS[TYPES - 1 - t][left - k]).sum::<usize>();
        left -= count;
    }
    Some(OFFSETS[pairs] + state.elevator() * MULTISETS[TYPES][pairs] + rank)
}

/// The whole table: for every state of up to [`TABLE_PAIRS`] pairs, its fewest rides to
/// the goal, or [`UNREACHABLE`]. An error if some distance does not fit in a byte.
///
/// A breadth-first search layer by layer, with the table itself as the set of states seen
/// (an entry still [`UNREACHABLE`] is unseen): every state has its own entry, so no hash
/// set is needed, and the build script links nothing but this crate.
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
    index(state)
        .and_then(|i| table.get_mut(i))
        .ok_or_else(|| format!("a state of {pairs} pairs has no place in the table"))
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn states_are_numbered_without_gaps_or_collisions() {
        for n in 0..=4 {
            let mut seen = vec![false; states_with(n)];
            for types in multisets(n) {
                let floors: Vec<(usize, usize)> = types.iter().map(|t| (t / 4, t % 4)).collect();
                for elevator in 0..4 {
                    let i = index(State::from_floors(&floors, elevator)).unwrap();
                    assert!((OFFSETS[n]..OFFSETS[n + 1]).contains(&i), "{types:?} numbered outside its block");
                    assert!(!std::mem::replace(&mut seen[i - OFFSETS[n]], true), "{types:?} numbered twice");
                }
            }
            assert!(seen.iter().all(|&s| s), "every number of {n} pairs is used");
        }
        let eight = State::from_floors(&[(0, 0); 8], 0);
        assert_eq!(index(eight), None);
    }

    #[test]
    fn distances_step_down_by_one_along_some_ride() {
        let table = generate().unwrap();
        let at = |s: State| table[index(s).unwrap()];
        for n in 1..=TABLE_PAIRS {
            for types in multisets(n.min(3)) {
                // Pad small multisets with pairs already home to reach n pairs.
                let floors: Vec<(usize, usize)> =
                    types.iter().map(|t| (t / 4, t % 4)).chain(std::iter::repeat((3, 3))).take(n).collect();
                for elevator in 0..4 {
                    let state = State::from_floors(&floors, elevator);
                    let d = at(state);
                    assert_eq!(d == 0, state.is_goal());
                    if d == UNREACHABLE || d == 0 {
                        continue;
                    }
                    let best_next = state.successors().map(at).min().unwrap();
                    assert_eq!(best_next + 1, d, "{floors:?} elevator {elevator}");
                    assert!(state.is_safe());
                }
            }
        }
    }
}

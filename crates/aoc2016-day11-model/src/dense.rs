//! A dense numbering of the safe states of `n` pairs, so that a search can mark states in a
//! flat array instead of a hash set: [`SafeNumbering`] is the `search_core::Numbering` that
//! 2016 day 11's searches run on (feature `numbering`).
//!
//! Sixteen counters summing to `n` have far too many values to number them all (about
//! 10^11 for 30 pairs), but a *safe* state uses few of them. Call the floors holding at
//! least one generator the generator floors `G`. A chip on a generator floor is safe only
//! beside its own generator, so the pair types present are only
//!
//! * `(g, g)` for `g` in `G` (a whole pair on a generator floor), and
//! * `(g, c)` for `g` in `G` and `c` not in `G` (a chip alone on a floor without generators).
//!
//! That is `|G| * (5 - |G|)` types, at most six. So a safe state is its set `G` (15
//! choices), the counts of those types (a multiset of size `n` over at most six types,
//! ranked in the combinatorial number system) and the elevator's floor. For 30 pairs that is
//! 13,094,400 numbers, one byte each in a search's mark array.
//!
//! Numbers are unique among safe states with `n` pairs. Some numbers are never used: counts
//! that leave a floor of `G` without a generator describe a state of a smaller `G`, which is
//! numbered there.

use crate::{field, State, FIELD_BITS, FIELD_MASK, MAX_COUNTABLE_PAIRS};

/// Pair types a safe state can have for one set of generator floors, in the order they are
/// ranked, as bit offsets of their counters; only the first `types - 1` are read.
#[derive(Clone, Copy)]
struct Shape {
    /// Where this set's numbers start.
    base: usize,
    /// How many pair types it allows.
    types: usize,
    /// The counters' bit offsets.
    fields: [u32; 6],
}

/// The numbering of the safe states of one pair count: what the searches mark states by,
/// and, pair count after pair count, the day's table of fewest rides
/// ([`tablebase`](crate::tablebase)).
#[derive(Clone)]
pub struct SafeNumbering {
    /// Per set of generator floors (a 4-bit mask; 0 only for zero pairs).
    shapes: [Shape; 16],
    len: usize,
}

/// `CHOOSE[a][k]` = a choose k, for the ranks: `a` is at most the pairs plus five.
static CHOOSE: [[usize; 6]; MAX_COUNTABLE_PAIRS + 6] = {
    let mut choose = [[0; 6]; MAX_COUNTABLE_PAIRS + 6];
    let mut a = 0;
    while a < choose.len() {
        let mut k = 0;
        while k < 6 {
            choose[a][k] = binomial(a, k);
            k += 1;
        }
        a += 1;
    }
    choose
};

impl SafeNumbering {
    /// The numbering of states with `pairs` pairs (at most [`MAX_COUNTABLE_PAIRS`]).
    pub const fn new(pairs: usize) -> SafeNumbering {
        let mut shapes = [Shape { base: 0, types: 0, fields: [0; 6] }; 16];
        let mut len = 0;
        let mut set = 0;
        while set < 16 {
            // The pair types of this set: per generator floor g, (g, g), then (g, c) for
            // each floor c without generators.
            let shape = &mut shapes[set];
            let mut g = 0;
            while g < 4 {
                if set >> g & 1 == 1 {
                    shape.fields[shape.types] = field(g, g) as u32;
                    shape.types += 1;
                    let mut c = 0;
                    while c < 4 {
                        if set >> c & 1 == 0 {
                            shape.fields[shape.types] = field(g, c) as u32;
                            shape.types += 1;
                        }
                        c += 1;
                    }
                }
                g += 1;
            }
            shape.base = len;
            len += 4 * multisets(pairs, shape.types);
            set += 1;
        }
        SafeNumbering { shapes, len }
    }

    /// How many numbers there are: the size of a search's mark array.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no numbers (never: even zero pairs have the goal).
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of `state`, below [`SafeNumbering::len`] for any state of at most this
    /// many pairs, and different for different safe states of exactly this many pairs.
    #[inline]
    pub fn number(&self, state: State) -> usize {
        let shape = &self.shapes[generator_floors(state)];
        // The multiset's counts c_1, c_2, ... become the strictly increasing positions
        // (c_1 + ... + c_i) + i - 1, a combination ranked as the sum of C(position, i).
        let mut rank = 0;
        let mut sum = 0;
        for (i, &at) in shape.fields[..shape.types.saturating_sub(1)].iter().enumerate() {
            sum += ((state.0 >> at) & FIELD_MASK) as usize;
            rank += CHOOSE[sum + i][i + 1];
        }
        shape.base + 4 * rank + state.elevator()
    }
}

/// What search-core's searches over numbered states ([`search_core::Numbered`]) ask of a
/// numbering: how many numbers, and each state's.
#[cfg(feature = "numbering")]
impl search_core::Numbering<State> for SafeNumbering {
    #[inline]
    fn numbers(&self) -> usize {
        self.len
    }

    #[inline]
    fn number(&self, state: &State) -> usize {
        SafeNumbering::number(self, *state)
    }
}

/// The floors holding at least one generator, as a 4-bit mask.
#[inline]
fn generator_floors(state: State) -> usize {
    const FLOOR: u128 = (1 << (4 * FIELD_BITS)) - 1;
    (0..4).fold(0, |set, g| set | usize::from(state.0 >> field(g, 0) & FLOOR != 0) << g)
}

/// The multisets of `size` items over `kinds` kinds (the empty set of generator floors has
/// no pair types, and only the state of zero pairs).
const fn multisets(size: usize, kinds: usize) -> usize {
    if kinds == 0 {
        (size == 0) as usize
    } else {
        binomial(size + kinds - 1, kinds - 1)
    }
}

/// `n` choose `k` (small arguments: at most 68 choose 5 here).
const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reachable_state_has_its_own_number() {
        for pairs in 0..=9 {
            let index = SafeNumbering::new(pairs);
            let mut owner = vec![None; index.len()];
            let start = State::from_floors(&vec![(0, 0); pairs], 0);
            let mut states = 0;
            for (state, _) in search_core::bfs_reach([start], |s: &State| s.successors()) {
                let i = index.number(state);
                assert!(i < index.len(), "{state:?} numbered past the end");
                assert_eq!(owner[i].replace(state), None, "{i} numbered twice");
                states += 1;
            }
            if pairs >= 5 {
                assert!(states * 3 > index.len(), "{pairs} pairs: only {states} of {} numbers used", index.len());
            }
        }
    }

    #[test]
    fn thirty_pairs_fit_in_thirteen_million_numbers() {
        assert_eq!(SafeNumbering::new(30).len(), 13_094_400);
    }

    #[test]
    fn binomials() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(35, 5), 324_632);
        assert_eq!(binomial(3, 5), 0);
        assert_eq!(binomial(0, 0), 1);
        assert_eq!(multisets(3, 0), 0);
        assert_eq!(multisets(0, 0), 1);
        assert_eq!(multisets(2, 3), 6);
    }
}

//! A dense numbering of the safe states of `n` pairs, so that a search can mark states in a
//! flat array instead of a hash set: [`DenseIndex`] is the `search_core::Numbering` that
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

use crate::{field, State, FIELD_BITS, FIELD_MASK};

/// Pair types a safe state can have for one set of generator floors, in the order they are
/// ranked, as bit offsets of their counters; only the first `types - 1` are read.
#[derive(Clone, Copy, Default)]
struct Shape {
    /// Where this set's numbers start.
    base: usize,
    /// How many pair types it allows.
    types: usize,
    /// The counters' bit offsets.
    fields: [u32; 6],
}

/// The dense numbering of the safe states of one pair count.
#[derive(Clone)]
pub struct DenseIndex {
    /// Per set of generator floors (a 4-bit mask; 0 only for zero pairs).
    shapes: [Shape; 16],
    /// `choose[a][k]` = a choose k, for the ranks.
    choose: Vec<[usize; 6]>,
    len: usize,
}

impl DenseIndex {
    /// The numbering of states with `pairs` pairs.
    pub fn new(pairs: usize) -> DenseIndex {
        let choose = (0..pairs + 6).map(|a| std::array::from_fn(|k| binomial(a, k))).collect();
        let mut shapes = [Shape::default(); 16];
        let mut len = 0;
        for (set, shape) in shapes.iter_mut().enumerate() {
            let on = |floor: usize| set >> floor & 1 == 1;
            let types = (0..4)
                .filter(|&g| on(g))
                .flat_map(|g| std::iter::once((g, g)).chain((0..4).filter(move |&c| !on(c)).map(move |c| (g, c))));
            for (i, (g, c)) in types.enumerate() {
                shape.fields[i] = field(g, c) as u32;
                shape.types = i + 1;
            }
            shape.base = len;
            len += 4 * multisets(pairs, shape.types);
        }
        DenseIndex { shapes, choose, len }
    }

    /// How many numbers there are: the size of a search's mark array.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no numbers (never: even zero pairs have the goal).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of `state`, below [`DenseIndex::len`] for any state of at most this many
    /// pairs, and different for different safe states of exactly this many pairs.
    #[inline]
    pub fn index(&self, state: State) -> usize {
        let shape = &self.shapes[generator_floors(state)];
        // The multiset's counts c_1, c_2, ... become the strictly increasing positions
        // (c_1 + ... + c_i) + i - 1, a combination ranked as the sum of C(position, i).
        let mut rank = 0;
        let mut sum = 0;
        for (i, &at) in shape.fields[..shape.types.saturating_sub(1)].iter().enumerate() {
            sum += ((state.0 >> at) & FIELD_MASK) as usize;
            rank += self.choose[sum + i][i + 1];
        }
        shape.base + 4 * rank + state.elevator()
    }
}

/// What search-core's searches over numbered states ([`search_core::Numbered`]) ask of a
/// numbering: how many numbers, and each state's.
#[cfg(feature = "numbering")]
impl search_core::Numbering<State> for DenseIndex {
    #[inline]
    fn numbers(&self) -> usize {
        self.len
    }

    #[inline]
    fn number(&self, state: &State) -> usize {
        self.index(*state)
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

/// `n` choose `k` (small arguments: at most 69 choose 5 here).
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
            let index = DenseIndex::new(pairs);
            let mut owner = vec![None; index.len()];
            let start = State::from_floors(&vec![(0, 0); pairs], 0);
            let mut states = 0;
            for (state, _) in search_core::bfs_reach([start], |s: &State| s.successors()) {
                let i = index.index(state);
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
        assert_eq!(DenseIndex::new(30).len(), 13_094_400);
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

//! 2016 day 11 ("Radioisotope Thermoelectric Generators") as a search space: the packed
//! canonical [`State`], its legal rides and its lower bound, and the [`tablebase`] of
//! fewest rides that the `aoc2016` crate's build script fills and the crate reads.
//!
//! It is a crate of its own so that the build script and the solution depend on the same
//! code in the ordinary way (see the `day11` module of `aoc2016` for the algorithm).

#![warn(missing_docs)]

pub mod dense;
pub mod tablebase;

/// The largest number of element pairs a [`State`] can count (6-bit counters).
pub const MAX_COUNTABLE_PAIRS: usize = 63;

/// Bits per pair-type counter.
const FIELD_BITS: usize = 6;
const FIELD_MASK: u128 = (1 << FIELD_BITS) - 1;
/// The elevator's floor sits above the sixteen counters.
const ELEVATOR_SHIFT: usize = 16 * FIELD_BITS;
/// Above the elevator, the number of items on floors 1, 2 and 3, 7 bits each: derived from
/// the counters (so still canonical), kept so that the lower bound is three field reads.
const FLOOR_SHIFT: usize = ELEVATOR_SHIFT + 2;
const FLOOR_BITS: usize = 7;

/// One item on floor `f` in the per-floor item counts (the top floor is not counted).
const fn on_floor(f: usize) -> u128 {
    if f < 3 {
        1 << (FLOOR_SHIFT + f * FLOOR_BITS)
    } else {
        0
    }
}

/// The counter for pairs whose generator is on floor `g` and chip on floor `c`.
const fn field(g: usize, c: usize) -> usize {
    (g * 4 + c) * FIELD_BITS
}

/// One pair of type `(g, c)`.
const fn unit(g: usize, c: usize) -> u128 {
    1 << field(g, c)
}

/// A search state, canonical under swapping element names.
///
/// Elements are interchangeable: two layouts that differ only in which element is where
/// need the same number of moves. So a state records, for each of the 16 pair types
/// (generator floor, chip floor), *how many* pairs are of that type, in a 6-bit counter,
/// plus the elevator's floor and the item count of each floor below the top (derived from
/// the counters, kept for an O(1) lower bound): one `u128`, equal for all equivalent
/// layouts, and a move updates it with one subtraction and one addition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State(u128);

impl State {
    /// The state of pairs at `(generator floor, chip floor)` with the elevator at `elevator`.
    pub fn from_floors(pairs: &[(usize, usize)], elevator: usize) -> State {
        State::from_pairs(pairs.iter().copied(), elevator)
    }

    /// [`State::from_floors`] for pairs from any iterator.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (usize, usize)>, elevator: usize) -> State {
        let packed = pairs.into_iter().fold(0, |s, (g, c)| s + unit(g, c) + on_floor(g) + on_floor(c));
        State(packed + ((elevator.min(3) as u128) << ELEVATOR_SHIFT))
    }

    /// How many pairs have their generator on floor `g` and chip on floor `c`.
    #[inline]
    pub fn count(self, g: usize, c: usize) -> u32 {
        ((self.0 >> field(g, c)) & FIELD_MASK) as u32
    }

    /// How many element pairs the state has.
    pub fn pairs(self) -> usize {
        (0..16).map(|t| self.count(t / 4, t % 4) as usize).sum()
    }

    /// The elevator's floor (0-based).
    #[inline]
    pub fn elevator(self) -> usize {
        ((self.0 >> ELEVATOR_SHIFT) & 3) as usize
    }

    /// Every item is on the fourth floor.
    #[inline]
    pub fn is_goal(self) -> bool {
        self.0 & BELOW_TOP == 0
    }

    /// No floor holds a microchip without its generator together with another generator.
    pub fn is_safe(self) -> bool {
        (0..4).all(|f| self.floor_is_safe(f))
    }

    #[inline]
    fn floor_is_safe(self, f: usize) -> bool {
        self.0 & GENERATORS_ON[f] == 0 || self.0 & UNPROTECTED_CHIPS_ON[f] == 0
    }

    /// Items (generators and chips) on floors 1, 2 and 3.
    pub fn items_below_top(self) -> [u32; 3] {
        std::array::from_fn(|f| ((self.0 >> (FLOOR_SHIFT + f * FLOOR_BITS)) & ((1 << FLOOR_BITS) - 1)) as u32)
    }

    /// A lower bound on the moves still needed (see the module documentation).
    #[inline]
    pub fn lower_bound(self) -> u32 {
        let items = self.items_below_top();
        let elevator = self.elevator();
        let mut below = 0;
        let mut bound = 0;
        for (boundary, &on_floor) in items.iter().enumerate() {
            below += on_floor;
            if below == 0 {
                continue;
            }
            bound += if elevator <= boundary { (2 * below).saturating_sub(3).max(1) } else { 2 * below };
        }
        bound
    }

    /// The states one legal elevator ride away, most promising first: up before down,
    /// two items up before one, one item down before two.
    #[inline]
    pub fn successors(self) -> impl Iterator<Item = State> {
        let e = self.elevator();
        let up: &'static [Move] = if e < 3 { &MOVES[e][UP] } else { &[] };
        let down: &'static [Move] = if e > 0 { &MOVES[e][DOWN] } else { &[] };
        let d_up = e + 1;
        let d_down = e.wrapping_sub(1);
        let have = self.classes_on(e);
        up.iter()
            .map(move |m| (m, d_up))
            .chain(down.iter().map(move |m| (m, d_down)))
            .filter_map(move |(m, d)| self.apply(m, have, e, d))
    }

    /// Which item classes floor `e` offers, as a [`Move::need`]-style mask: bit `c` (and
    /// `8 + c` for two or more) for generators of pairs with the chip on floor `c`, bit
    /// `4 + g` (and `12 + g`) for chips of pairs with the generator on floor `g`.
    #[inline]
    fn classes_on(self, e: usize) -> u16 {
        let mut have = 0;
        for other in 0..4 {
            let generators = self.count(e, other);
            let chips = self.count(other, e);
            have |= u16::from(generators >= 1) << other | u16::from(generators >= 2) << (8 + other);
            have |= u16::from(chips >= 1) << (4 + other) | u16::from(chips >= 2) << (12 + other);
        }
        have
    }

    /// The state after `m`, if its items are there (`have`) and no chip fries.
    #[inline]
    fn apply(self, m: &Move, have: u16, from: usize, to: usize) -> Option<State> {
        if m.need & !have != 0 {
            return None;
        }
        let next = State(self.0 - m.minus + m.plus);
        (next.floor_is_safe(from) && next.floor_is_safe(to)).then_some(next)
    }
}

/// All sixteen counters.
const COUNTERS: u128 = (1 << ELEVATOR_SHIFT) - 1;
/// Every counter except (fourth, fourth).
const BELOW_TOP: u128 = COUNTERS & !(FIELD_MASK << field(3, 3));

const fn generators_on() -> [u128; 4] {
    let mut masks = [0; 4];
    let mut f = 0;
    while f < 4 {
        let mut c = 0;
        while c < 4 {
            masks[f] |= FIELD_MASK << field(f, c);
            c += 1;
        }
        f += 1;
    }
    masks
}

const fn unprotected_chips_on() -> [u128; 4] {
    let mut masks = [0; 4];
    let mut f = 0;
    while f < 4 {
        let mut g = 0;
        while g < 4 {
            if g != f {
                masks[f] |= FIELD_MASK << field(g, f);
            }
            g += 1;
        }
        f += 1;
    }
    masks
}

/// Counters of pairs with a generator on floor f.
const GENERATORS_ON: [u128; 4] = generators_on();
/// Counters of pairs with a chip on floor f and the generator elsewhere.
const UNPROTECTED_CHIPS_ON: [u128; 4] = unprotected_chips_on();

const UP: usize = 0;
const DOWN: usize = 1;

/// One kind of elevator ride from a given floor in a given direction, over pair *types*:
/// the item classes it needs on the floor (see [`State::classes_on`]) and the packed
/// deltas to apply.
#[derive(Clone, Copy)]
struct Move {
    need: u16,
    minus: u128,
    plus: u128,
}

const EMPTY_MOVE: Move = Move { need: u16::MAX, minus: 0, plus: 0 };

/// The most rides from one floor in one direction: 4 + 4 singles, 10 + 10 same-kind
/// doubles, 1 whole pair.
const MAX_MOVES: usize = 29;

/// `MOVES[floor][UP | DOWN]`: every ride over pair types, most promising first.
static MOVES: [[[Move; MAX_MOVES]; 2]; 4] = build_moves();

/// A pair changes type: a generator `(e, c) -> (d, c)`, a chip `(g, e) -> (g, d)`, or a
/// whole pair `(e, e) -> (d, d)`; `class` is the item class it takes from floor `e`, and
/// `items` how many items ride.
#[derive(Clone, Copy)]
struct Shift {
    from: (usize, usize),
    to: (usize, usize),
    class: usize,
    items: u128,
}

const fn generator(e: usize, d: usize, c: usize) -> Shift {
    Shift { from: (e, c), to: (d, c), class: c, items: 1 }
}

const fn chip(e: usize, d: usize, g: usize) -> Shift {
    Shift { from: (g, e), to: (g, d), class: 4 + g, items: 1 }
}

const fn whole_pair(e: usize, d: usize) -> Shift {
    Shift { from: (e, e), to: (d, d), class: e, items: 2 }
}

const fn ride(e: usize, d: usize, a: Shift, b: Option<Shift>) -> Move {
    let mut m = Move {
        need: 1 << a.class,
        minus: unit(a.from.0, a.from.1) + a.items * on_floor(e) + ((e as u128) << ELEVATOR_SHIFT),
        plus: unit(a.to.0, a.to.1) + a.items * on_floor(d) + ((d as u128) << ELEVATOR_SHIFT),
    };
    if let Some(b) = b {
        m.need = if a.class == b.class { 1 << (8 + a.class) } else { (1 << a.class) | (1 << b.class) };
        m.minus += unit(b.from.0, b.from.1) + b.items * on_floor(e);
        m.plus += unit(b.to.0, b.to.1) + b.items * on_floor(d);
    }
    m
}

/// The rides from floor `e` to floor `d`, in the order the search tries them.
///
/// A generator and a chip of *different* elements never ride together: the chip shares
/// floor `e` with that generator, so (the state being safe) its own generator is on `e`
/// too and stays behind, and at `d` the chip would be with a foreign generator and without
/// its own. So mixed rides are only the whole pair `(e, e) -> (d, d)`.
///
/// Order: only two items up, or one item down, can keep the lower bound tight (see the
/// module documentation), so those come first. Then two chips before two generators
/// before a whole pair going up, a generator before a chip going down, and items whose
/// partner is higher up first going up (lower down first going down). On real-shaped
/// layouts this order wastes fewer expansions than the plain one (docs/benchmarks.md has
/// the figure); it never changes the answer, only how soon the descent finds it.
const fn rides(e: usize, d: usize) -> [Move; MAX_MOVES] {
    let up = d > e;
    let mut out = [EMPTY_MOVE; MAX_MOVES];
    let mut n = 0;
    let mut pass = 0;
    while pass < 2 {
        if (pass == 0) == up {
            // Two items: two chips, then two generators, then a whole pair.
            let mut chips = 1;
            while chips >= 0 {
                let mut a = 0;
                while a < 4 {
                    let mut b = a;
                    while b < 4 {
                        let (i, j) = (3 - a, 3 - b);
                        out[n] = if chips == 1 {
                            ride(e, d, chip(e, d, i), Some(chip(e, d, j)))
                        } else {
                            ride(e, d, generator(e, d, i), Some(generator(e, d, j)))
                        };
                        n += 1;
                        b += 1;
                    }
                    a += 1;
                }
                chips -= 1;
            }
            out[n] = ride(e, d, whole_pair(e, d), None);
            n += 1;
        } else {
            // One item: generators, then chips.
            let mut chips = 0;
            while chips < 2 {
                let mut a = 0;
                while a < 4 {
                    let i = if up { 3 - a } else { a };
                    out[n] =
                        if chips == 1 { ride(e, d, chip(e, d, i), None) } else { ride(e, d, generator(e, d, i), None) };
                    n += 1;
                    a += 1;
                }
                chips += 1;
            }
        }
        pass += 1;
    }
    out
}

const fn build_moves() -> [[[Move; MAX_MOVES]; 2]; 4] {
    let mut table = [[[EMPTY_MOVE; MAX_MOVES]; 2]; 4];
    let mut e = 0;
    while e < 4 {
        if e < 3 {
            table[e][UP] = rides(e, e + 1);
        }
        if e > 0 {
            table[e][DOWN] = rides(e, e - 1);
        }
        e += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The contour search in `aoc2016` relies on this: `f = rides + bound` stays or grows by
    /// two along every ride, never anything else.
    #[test]
    fn every_ride_moves_the_bound_by_exactly_one() {
        for pairs in 0..=8 {
            for start in [State::from_floors(&vec![(0, 0); pairs], 0), State::from_floors(&vec![(3, 3); pairs], 3)] {
                for (state, _) in search_core::bfs_reach([start], |s: &State| s.successors()) {
                    for next in state.successors() {
                        assert_eq!(state.lower_bound().abs_diff(next.lower_bound()), 1, "{state:?} -> {next:?}");
                    }
                }
            }
        }
    }
}

//! The puzzle as data: the parsed layout. The packed canonical search state, its rides and
//! its table of fewest rides live in the crate `aoc2016-day11-model`, which the build
//! script uses too.

pub use aoc2016_day11_model::State;

/// The most element pairs a layout may have, part 2's two included: the size up to which
/// the search answers every layout within about a second (docs/2016-11.md has the scale
/// table). The search's memory and time grow as the number of safe states, about the fifth
/// power of the pairs, so the limit is the search's, stated where it is enforced (the
/// parser, and part 2's extra pairs); the packed state could count up to
/// [`aoc2016_day11_model::MAX_COUNTABLE_PAIRS`].
pub const MAX_PAIRS: usize = 30;

/// One of the four floors, 0 (first) to 3 (fourth).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Floor(u8);

impl Floor {
    /// Floor `index` (0-based); indices above 3 are clamped to the top floor.
    pub fn new(index: usize) -> Floor {
        Floor(index.min(3) as u8)
    }

    /// The 0-based floor number.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// One element's items: where its generator and its microchip are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pair {
    /// The generator's floor.
    pub generator: Floor,
    /// The microchip's floor.
    pub chip: Floor,
    /// Where the element's name ends in its layout's names (0 outside a layout).
    name_end: u32,
}

impl Pair {
    /// A pair on these floors, not (yet) part of a layout.
    pub(super) fn on_floors(generator: Floor, chip: Floor) -> Pair {
        Pair { generator, chip, name_end: 0 }
    }

    /// (generator floor, chip floor), 0-based.
    pub fn floors(self) -> (usize, usize) {
        (self.generator.index(), self.chip.index())
    }
}

/// A microchip that is fried among `pairs` (with the pair whose generator fries it), as
/// indices, if any: a chip on a floor holding some generator but not its own.
///
/// One pass first marks the floors that hold a generator, so that a chip is judged by one
/// mask test and the culprit is looked for only once a victim is found: most layouts fry
/// nothing, and the parser asks this of every real input.
pub(super) fn fried_chip_among(pairs: impl Iterator<Item = Pair> + Clone) -> Option<(usize, usize)> {
    let generator_floors = pairs.clone().fold(0u8, |floors, p| floors | 1 << p.generator.index());
    let fried = |p: &Pair| p.chip != p.generator && generator_floors & 1 << p.chip.index() != 0;
    let culprit = |p: Pair| pairs.clone().position(|q| q.generator == p.chip);
    pairs.clone().enumerate().filter(|(_, p)| fried(p)).find_map(|(victim, p)| Some((victim, culprit(p)?)))
}

/// A parsed puzzle: the pairs with their element names, and the input line of each floor
/// (for error messages).
///
/// The names live in one string (each pair knows where its name ends), so that parsing
/// allocates twice however many elements there are, and the layout stays small to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// The element pairs, in order of first appearance.
    pub pairs: Vec<Pair>,
    /// The element names in pair order, one after the other.
    names: String,
    /// `floor_lines[f]` is the 1-based input line describing floor `f`.
    pub floor_lines: [usize; 4],
}

impl Layout {
    /// A layout with no pairs yet, room for `pairs` of them.
    pub(super) fn with_capacity(pairs: usize, floor_lines: [usize; 4]) -> Layout {
        let names = String::with_capacity(pairs * 10);
        Layout { pairs: Vec::with_capacity(pairs), names, floor_lines }
    }

    /// Adds the pair of `element`; a layout holds at most [`MAX_PAIRS`], and pairs past
    /// them are left out (the parser and part 2 refuse them first).
    pub(super) fn push(&mut self, element: &str, pair: Pair) {
        if self.pairs.len() < MAX_PAIRS {
            self.names.push_str(element);
            // Input that long is refused by the parser long before (it stops at 31 elements).
            let name_end = u32::try_from(self.names.len()).unwrap_or(u32::MAX);
            self.pairs.push(Pair { name_end, ..pair });
        }
    }

    /// The element names, in pair order.
    pub fn elements(&self) -> impl Iterator<Item = &str> {
        (0..self.pairs.len()).map(|i| self.element(i))
    }

    /// The name of pair `i`'s element (empty past the last pair).
    pub fn element(&self, i: usize) -> &str {
        let end_of = |i: usize| self.pairs.get(i).map_or(0, |p| p.name_end as usize);
        let start = if i == 0 { 0 } else { end_of(i - 1) };
        self.names.get(start..end_of(i)).unwrap_or_default()
    }

    /// A microchip that is fried (with the generator frying it), as pair indices, if
    /// any: a chip on a floor holding some generator but not its own.
    pub fn fried_chip(&self) -> Option<(usize, usize)> {
        fried_chip_among(self.pairs.iter().copied())
    }

    /// Each pair's (generator floor, chip floor), in layout order.
    pub fn floors(&self) -> Vec<(usize, usize)> {
        self.pairs.iter().map(|p| p.floors()).collect()
    }

    /// The packed start state: every pair counted by its type, the elevator on the first floor.
    pub fn start(&self) -> State {
        State::from_pairs(self.pairs.iter().map(|p| p.floors()), 0)
    }
}

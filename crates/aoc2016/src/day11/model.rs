//! The puzzle as data: the parsed layout. The packed canonical search state, its rides and
//! its table of fewest rides live in the crate `aoc2016-day11-model`, which the build
//! script uses too.

pub use aoc2016_day11_model::State;

/// The most element pairs a layout may have, part 2's two included: the size up to which
/// the search stays within [`super::STATE_BUDGET`] on the hardest layouts measured (see the
/// README's scale table). The packed state could count up to
/// [`aoc2016_day11_model::MAX_PAIRS`]; the limit is the search's, stated where it is
/// enforced (the parser, and part 2's extra pairs).
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

/// One element: where its generator and its microchip are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    /// The element's name as written in the input.
    pub element: String,
    /// The generator's floor.
    pub generator: Floor,
    /// The microchip's floor.
    pub chip: Floor,
}

/// A parsed puzzle: the pairs, and the input line of each floor (for error messages).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// The element pairs, in order of first appearance.
    pub pairs: Vec<Pair>,
    /// `floor_lines[f]` is the 1-based input line describing floor `f`.
    pub floor_lines: [usize; 4],
}

impl Layout {
    /// A microchip that is fried (with the generator frying it), if any: a chip on a floor
    /// holding some generator but not its own.
    pub fn fried_chip(&self) -> Option<(&Pair, &Pair)> {
        self.pairs.iter().filter(|p| p.generator != p.chip).find_map(|victim| {
            let culprit = self.pairs.iter().find(|p| p.generator == victim.chip)?;
            Some((victim, culprit))
        })
    }

    /// Each pair's (generator floor, chip floor), in layout order.
    pub fn floors(&self) -> Vec<(usize, usize)> {
        self.pairs.iter().map(|p| (p.generator.index(), p.chip.index())).collect()
    }

    /// The packed start state: every pair counted by its type, the elevator on the first floor.
    pub fn start(&self) -> State {
        State::from_floors(&self.floors(), 0)
    }
}

//! [`Part`]: which of a day's two puzzles.

use std::fmt;
use std::str::FromStr;

/// A puzzle part. Every day has two (day 25's second is a free star), so a part number is
/// 1 or 2 and nothing else can be built.
///
/// ```
/// use aoc_day::Part;
/// assert_eq!("2".parse::<Part>(), Ok(Part::Two));
/// assert_eq!(Part::Two.to_string(), "2");
/// assert!("0".parse::<Part>().is_err());
/// assert_eq!(Part::BOTH.map(Part::index), [0, 1]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// Part 1.
    One,
    /// Part 2.
    Two,
}

impl Part {
    /// Part 1, then part 2.
    pub const BOTH: [Part; 2] = [Part::One, Part::Two];

    /// The part's number, as the site writes it: 1 or 2.
    pub fn number(self) -> u8 {
        match self {
            Part::One => 1,
            Part::Two => 2,
        }
    }

    /// The part's position in a pair of per-part values: 0 or 1.
    pub fn index(self) -> usize {
        usize::from(self.number() - 1)
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl FromStr for Part {
    type Err = String;

    fn from_str(text: &str) -> Result<Part, String> {
        // As a number, so that `02` is part 2 too.
        match text.trim().parse::<u8>() {
            Ok(1) => Ok(Part::One),
            Ok(2) => Ok(Part::Two),
            _ => Err(format!("a part is 1 or 2, not `{}`", crate::text::quote_name(text))),
        }
    }
}

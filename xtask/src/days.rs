//! The one registry of implemented days. A new day is one line in [`DAYS`].

use std::error::Error;
use std::fmt;

use aoc_runner::{ArcStr, Runner};

/// What `aoc_lib!`'s `Factory` offers per part: run the generator on the input and hand
/// back a runner for the part (or the generator's error).
pub type PartFactory = fn(ArcStr) -> Result<Box<dyn Runner>, Box<dyn Error>>;

/// One implemented day.
pub struct Day {
    /// The puzzle's year and day.
    pub id: DayId,
    /// The example from the puzzle text, used when the user has no input file.
    pub example: &'static str,
    /// Part 1 and part 2, through the aoc-runner factory.
    pub parts: [PartFactory; 2],
    /// The optimal solution of a part, drawn step by step (`run --explain`).
    pub explain: Explain,
}

/// A day's `explain(input, part)`: the drawn solution, or why there is none.
pub type Explain = fn(&str, u8) -> Result<String, String>;

/// A puzzle's year and day, written `2016-11`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DayId {
    /// The event's year.
    pub year: u16,
    /// The day of December.
    pub day: u8,
}

impl fmt::Display for DayId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{:02}", self.year, self.day)
    }
}

impl std::str::FromStr for DayId {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("`{s}` is not a day: write it as <year>-<day>, e.g. 2016-11");
        let (year, day) = s.split_once('-').ok_or_else(bad)?;
        let year: u16 = year.parse().map_err(|_| bad())?;
        let day: u8 = day.parse().map_err(|_| bad())?;
        if !(2015..=2100).contains(&year) {
            return Err(format!("{year} is not an Advent of Code year (the first was 2015)"));
        }
        let last = if year >= 2025 { 12 } else { 25 };
        if !(1..=last).contains(&day) {
            return Err(format!("day {day} does not exist in {year} (days run from 1 to {last})"));
        }
        Ok(DayId { year, day })
    }
}

/// Registers a day: year, day, the day's module, and the two factory methods that
/// `#[aoc(dayN, partM)]` generated.
macro_rules! day {
    ($year:literal - $day:literal, $krate:ident :: $module:ident, $p1:ident :: $f1:ident, $p2:ident :: $f2:ident) => {
        Day {
            id: DayId { year: $year, day: $day },
            example: $krate::$module::EXAMPLE,
            parts: [<$krate::Factory as $krate::$p1>::$f1, <$krate::Factory as $krate::$p2>::$f2],
            explain: $krate::$module::explain,
        }
    };
}

/// Every implemented day, in order.
#[rustfmt::skip]
pub static DAYS: &[Day] = &[
    day!(2016 - 11, aoc2016::day11, Day11Part1::day11_part1, Day11Part2::day11_part2),
    day!(2021 - 23, aoc2021::day23, Day23Part1::day23_part1, Day23Part2::day23_part2),
];

/// The implemented day `id`, if any.
pub fn find(id: DayId) -> Option<&'static Day> {
    DAYS.iter().find(|d| d.id == id)
}

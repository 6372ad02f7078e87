//! A day's contract with the workspace: all that a year crate needs of it, and nothing of
//! the tools (no site client, no answers file, no reading of sources), so that a day's crate
//! builds quickly and stays the user's own.
//!
//! * [`DayId`] and [`Part`]: which puzzle, which half of it;
//! * [`text`]: input as editors write it, normalised before a day's parser sees it, and
//!   short, honest quotes of it in error messages;
//! * [`examples`]: a day's examples with the answers the puzzle gives for them (a day's
//!   `EXAMPLE`), read as a day's tests read them;
//! * [`Unsolvable`] and [`BeyondLimits`]: the marks a day puts in the `source()` chain of an
//!   error that is an answer ("no solution") or a refusal (beyond the solver's limits);
//! * [`Day`]: the record a year crate registers each implemented day with. Each year crate's
//!   build script (crate `aoc-build`) writes the crate's `DAYS` list of these from its
//!   `#[aoc(dayN, partM)]` attributes, so no day is ever registered by hand.
//!
//! What only the tools do with these lives with them: the reading of the marks
//! (`aoc_workspace::is_unsolvable`), a day's example input (the runner), the writing of an
//! examples text (`aoc-site`'s `fill`).

#![warn(missing_docs)]

pub mod examples;
mod part;
pub mod text;

pub use part::Part;

use std::error::Error;
use std::fmt;

use aoc_runner::{ArcStr, Runner};

/// A puzzle's year and day, written `2016-11` (the day may be zero-padded or not).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DayId {
    /// The event's year.
    pub year: u16,
    /// The day of December.
    pub day: u8,
}

/// The first Advent of Code.
pub const FIRST_YEAR: u16 = 2015;

impl DayId {
    /// The last puzzle day of `year`: 25 until 2024, 12 from 2025 on.
    pub fn last_day(year: u16) -> u8 {
        if year >= 2025 {
            12
        } else {
            25
        }
    }
}

impl fmt::Display for DayId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // As every command, file and document writes it: `2015-1`.
        write!(f, "{}-{}", self.year, self.day)
    }
}

impl std::str::FromStr for DayId {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("`{s}` is not a day: write it as <year>-<day>, e.g. 2015-1");
        let (year, day) = s.split_once('-').ok_or_else(bad)?;
        let year: u16 = year.parse().map_err(|_| bad())?;
        let day: u8 = day.parse().map_err(|_| bad())?;
        if !(FIRST_YEAR..=2100).contains(&year) {
            return Err(format!("{year} is not an Advent of Code year (the first was {FIRST_YEAR})"));
        }
        let last = DayId::last_day(year);
        if !(1..=last).contains(&day) {
            return Err(format!("day {day} does not exist in {year} (days run from 1 to {last})"));
        }
        Ok(DayId { year, day })
    }
}

/// The mark of a refusal: a puzzle that is valid but beyond what a solver does within its
/// stated limits (size, states, memory). A day puts it in the `source()` chain of such an
/// error, and the runner then exits non-zero, unlike for "no solution", which is an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BeyondLimits;

impl fmt::Display for BeyondLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("beyond this solver's stated limits")
    }
}

impl Error for BeyondLimits {}

/// The mark of a proof that a puzzle has no solution: an answer, not a failure. A day puts
/// it in the `source()` chain of its "no solution" error; every other error of a part (bad
/// input, a refusal, a part not written yet) fails the command that ran it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsolvable;

impl fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("proven to have no solution")
    }
}

impl Error for Unsolvable {}

/// What `aoc_lib!`'s `Factory` offers per part: run the generator on the input and hand
/// back a runner for the part (or the generator's error).
pub type PartFactory = fn(ArcStr) -> Result<Box<dyn Runner>, Box<dyn Error>>;

/// A day's `explain(input, part)`: the optimal solution drawn step by step, or why there
/// is none.
pub type Explain = fn(&str, Part) -> Result<String, String>;

/// A named solution of a part (`#[aoc(day23, part1, dijkstra)]`): an alternative to the
/// part's default (its unnamed solution), run, checked and timed beside it so that a day's
/// techniques can be compared on the same input.
#[derive(Debug, Clone, Copy)]
pub struct Alternative {
    /// The part it solves.
    pub part: Part,
    /// Its name, as written in the attribute.
    pub name: &'static str,
    /// Its generator and solver through the aoc-runner factory: the named generator
    /// (`#[aoc_generator(dayN, partM, name)]`) where there is one, else the part's.
    pub factory: PartFactory,
}

/// One implemented day, as its year crate registers it.
#[derive(Debug, Clone, Copy)]
pub struct Day {
    /// The puzzle's year and day.
    pub id: DayId,
    /// The examples from the puzzle text ([`examples`] text, or one plain example): the
    /// first is used when the user has no input file. `None` for a day whose module
    /// defines no `EXAMPLE` (one written for cargo-aoc alone).
    pub example: Option<&'static str>,
    /// Part 1 and part 2 through the aoc-runner factory; `None` for a part the day does
    /// not have (day 25 has one part).
    pub parts: [Option<PartFactory>; 2],
    /// Every named solution beside the defaults in `parts`, part by part in the order of
    /// their names (empty for most days).
    pub alternatives: &'static [Alternative],
    /// The optimal solution of a part, drawn step by step (`run --explain`); `None` for a
    /// day whose module defines no `explain`.
    pub explain: Option<Explain>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn day_ids_are_validated() {
        assert_eq!("2016-11".parse::<DayId>(), Ok(DayId { year: 2016, day: 11 }));
        assert_eq!("2016-7".parse::<DayId>().map(|d| d.to_string()), Ok("2016-7".to_string()));
        assert_eq!("2016-07".parse::<DayId>(), "2016-7".parse::<DayId>());
        assert!("2016".parse::<DayId>().unwrap_err().contains("<year>-<day>"));
        assert!("2016-x".parse::<DayId>().unwrap_err().contains("<year>-<day>"));
        assert!("2014-01".parse::<DayId>().unwrap_err().contains("first was 2015"));
        assert!("2016-26".parse::<DayId>().unwrap_err().contains("1 to 25"));
        assert!("2016-0".parse::<DayId>().unwrap_err().contains("1 to 25"));
        assert!("2025-13".parse::<DayId>().unwrap_err().contains("1 to 12"));
        assert!("2025-12".parse::<DayId>().is_ok());
    }
}

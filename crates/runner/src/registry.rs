//! Every implemented day, gathered from the year crates' own `DAYS` lists (each written by
//! its build script from the `#[aoc]` attributes; see crate `aoc-build`), which the binary
//! `aoc-days` hands over at start ([`link`]).

use std::path::Path;
use std::sync::OnceLock;

use aoc_workspace::{Day, DayId};

/// The `DAYS` of every year crate the binary links.
static YEARS: OnceLock<&'static [&'static [Day]]> = OnceLock::new();

/// Makes `years` the days of this process (once; a second call changes nothing).
pub fn link(years: &'static [&'static [Day]]) {
    let _ = YEARS.set(years);
}

/// Every day of the year crates; in the runner's own tests, the test days too (module
/// `testdays`), so that no test depends on which days the workspace has.
fn all() -> impl Iterator<Item = &'static Day> {
    #[cfg(test)]
    let test_days: &[Day] = crate::testdays::DAYS;
    #[cfg(not(test))]
    let test_days: &[Day] = &[];
    let years: &[&[Day]] = YEARS.get().copied().unwrap_or_default();
    test_days.iter().chain(years.iter().flat_map(|year| year.iter()))
}

/// Every implemented day, in (year, day) order.
pub fn days() -> Vec<&'static Day> {
    let mut days: Vec<&'static Day> = all().collect();
    days.sort_by_key(|d| d.id);
    days
}

/// The implemented day `id`, if any.
pub fn find(id: DayId) -> Option<&'static Day> {
    all().find(|d| d.id == id)
}

/// The implemented days, `2016-11, 2021-23`, for messages.
pub fn implemented() -> String {
    days().iter().map(|d| d.id.to_string()).collect::<Vec<_>>().join(", ")
}

/// The days the workspace at `root` implements (read from its sources) that this binary
/// was built without: `cargo xtask run 2015-3` builds `aoc-days` with day 3 alone
/// (`aoc_workspace::day_features`), and the binary, run directly afterwards, must say so
/// rather than skip the others. None in the runner's own tests, which link no year.
pub fn not_built(root: &Path) -> Vec<DayId> {
    if YEARS.get().is_none() {
        return Vec::new();
    }
    aoc_workspace::sources::implemented_days(root).into_iter().filter(|&id| find(id).is_none()).collect()
}

/// Why day `id` is not in this binary: not implemented, or built without (see [`not_built`]).
pub fn why_missing(root: &Path, id: DayId) -> String {
    if not_built(root).contains(&id) {
        format!("{id} is not in this build of aoc-days, which has {}: {BUILD_ALL}", implemented())
    } else {
        format!("{id} is not implemented yet (implemented: {})", implemented())
    }
}

/// What to do about days built without.
pub const BUILD_ALL: &str =
    "`cargo xtask` builds it with the days each command names; run it through `cargo xtask`, or build every day with `cargo build --release -p aoc-days`";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdays::{FRESH, SUMS, SUMS_EXAMPLE};

    #[test]
    fn the_registry_is_derived_from_the_year_crates() {
        let ids: Vec<DayId> = days().iter().map(|d| d.id).collect();
        assert!(ids.contains(&SUMS) && ids.contains(&FRESH), "{ids:?}");
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "in order, each once: {ids:?}");
        let day = find(SUMS).unwrap();
        assert!(day.parts.iter().all(Option::is_some));
        assert_eq!(day.example, Some(SUMS_EXAMPLE));
        assert!(find(FRESH).unwrap().parts[1].is_none(), "a day may have one part");
        assert!(find("2099-01".parse().unwrap()).is_none(), "a day no year crate can have");
        assert!(implemented().contains("2100-1, 2100-2"), "{}", implemented());
    }
}

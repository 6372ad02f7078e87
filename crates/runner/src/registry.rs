//! Every implemented day, gathered from the year crates' own `DAYS` lists (each written by
//! its build script from the `#[aoc]` attributes; see crate `aoc-build`).

use aoc_workspace::{Day, DayId};

// `YEARS`: the `DAYS` of every year crate in this crate's manifest.
include!(concat!(env!("OUT_DIR"), "/years.rs"));

/// Every day of the year crates; in the runner's own tests, the test day with named
/// solutions too (`solutions::tests`), so that no test depends on the shipped days.
fn all() -> impl Iterator<Item = &'static Day> {
    #[cfg(test)]
    let test_days: &[Day] = crate::solutions::tests::DAYS;
    #[cfg(not(test))]
    let test_days: &[Day] = &[];
    test_days.iter().chain(YEARS.iter().flat_map(|year| year.iter()))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_is_derived_from_the_year_crates() {
        let ids: Vec<String> = days().iter().map(|d| d.id.to_string()).collect();
        assert!(ids.contains(&"2016-11".to_string()) && ids.contains(&"2021-23".to_string()), "{ids:?}");
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "in order, each once: {ids:?}");
        let day = find("2021-23".parse().unwrap()).unwrap();
        assert!(day.parts.iter().all(Option::is_some));
        assert!(day.example.starts_with("#############"));
        assert!(find("2099-01".parse().unwrap()).is_none(), "a day no year crate can have");
    }
}

//! Guards on work, not time: the states the searches expand over a fixed set of layouts
//! may not grow. Deterministic (the same count on every machine and every run), so a
//! change that makes the solver do more slips through no timing noise. When a change lowers
//! a figure, lower its guard with it.

use super::*;

/// 40 seeded layouts of 8 to 12 pairs (past the table, so searched), and the same seed's 40
/// layouts of 4 to 7 pairs searched rather than looked up.
const PAST_THE_TABLE_EXPANDED: u64 = 116_088;
const SEARCHED_SMALL_EXPANDED: u64 = 7_597;

/// `count` safe layouts with `sizes` pairs, from a fixed seed.
fn seeded_layouts(seed: u64, count: usize, sizes: std::ops::RangeInclusive<usize>) -> Vec<Layout> {
    layouts::seeded_pairs(seed, count, sizes).iter().map(|pairs| parse(&render_many(pairs)).unwrap()).collect()
}

#[test]
fn states_expanded_over_fixed_layouts_stay_within_their_guards() {
    let past: u64 = seeded_layouts(11, 40, 8..=12).iter().map(|l| min_rides(l).1.expanded).sum();
    let small: u64 = seeded_layouts(11, 40, 4..=7).iter().map(|l| min_rides_by_search(l).1.expanded).sum();
    eprintln!("states expanded: past the table {past}, searched small layouts {small}");
    assert!(past <= PAST_THE_TABLE_EXPANDED, "{past} states past the table, guard {PAST_THE_TABLE_EXPANDED}");
    assert!(small <= SEARCHED_SMALL_EXPANDED, "{small} states on small layouts, guard {SEARCHED_SMALL_EXPANDED}");
}

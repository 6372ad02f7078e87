//! An independent reference for larger layouts: breadth-first search over explicit items
//! with the rules as written (every ride of one or two items from the elevator's floor, up
//! or down one floor; no floor may hold a chip beside another element's generator unless
//! its own generator is there too), sharing nothing with the solver's `State`, its moves or
//! its tables. The one reduction is the puzzle's own symmetry: element names do not matter,
//! so a state is the sorted list of (generator floor, chip floor) pairs and the elevator.
//! That keeps 8 pairs (about two million states) within reach of the deep run, where the
//! solver is compared with it; the plain reference in `mod.rs` has no reduction at all and
//! stops at 5 pairs.

use std::collections::HashSet;

use super::*;

/// A state: the elevator's floor (bits 0..2) and, from bit 2, each pair's generator and
/// chip floor (two bits each), pairs sorted, so that swapping two elements' names gives the
/// same number.
fn encode(elevator: usize, pairs: &mut [(usize, usize)]) -> u64 {
    pairs.sort_unstable();
    pairs.iter().fold(elevator as u64, |code, &(g, c)| code << 4 | (g << 2 | c) as u64)
}

/// No floor holds a chip beside a foreign generator unless its own generator is there.
fn safe(pairs: &[(usize, usize)]) -> bool {
    pairs.iter().all(|&(g, c)| g == c || pairs.iter().all(|&(other, _)| other != c))
}

/// The fewest rides that bring every item to the fourth floor, or `None`.
pub(super) fn fewest_rides(start: &[(usize, usize)]) -> Option<u32> {
    let mut pairs = start.to_vec();
    if !safe(&pairs) {
        return None;
    }
    let mut seen = HashSet::from([encode(0, &mut pairs)]);
    let mut frontier = vec![(0usize, pairs)];
    for depth in 0.. {
        if frontier.is_empty() {
            return None;
        }
        let mut next = Vec::new();
        for (elevator, pairs) in frontier {
            if pairs.iter().all(|&(g, c)| g == 3 && c == 3) {
                return Some(depth);
            }
            // Items on the elevator's floor: (pair, 0) a generator, (pair, 1) a chip.
            let here: Vec<(usize, usize)> = (0..pairs.len())
                .flat_map(|i| [(i, 0), (i, 1)])
                .filter(|&(i, part)| if part == 0 { pairs[i].0 == elevator } else { pairs[i].1 == elevator })
                .collect();
            let mut loads: Vec<Vec<(usize, usize)>> = here.iter().map(|&item| vec![item]).collect();
            for a in 0..here.len() {
                for b in a + 1..here.len() {
                    loads.push(vec![here[a], here[b]]);
                }
            }
            for to in [elevator.wrapping_sub(1), elevator + 1].into_iter().filter(|&f| f < 4) {
                for load in &loads {
                    let mut moved = pairs.clone();
                    for &(i, part) in load {
                        if part == 0 {
                            moved[i].0 = to;
                        } else {
                            moved[i].1 = to;
                        }
                    }
                    if safe(&moved) && seen.insert(encode(to, &mut moved)) {
                        next.push((to, moved));
                    }
                }
            }
        }
        frontier = next;
    }
    None
}

#[test]
fn the_symmetric_reference_agrees_with_the_plain_one() {
    let mut rng = test_kit::Rng::new(5);
    let mut compared = 0;
    while compared < test_kit::cases(6, 40) {
        let n = 1 + rng.below(4);
        let pairs: Vec<(usize, usize)> = (0..n).map(|_| (rng.below(4), rng.below(4))).collect();
        if safe_start(&pairs) {
            assert_eq!(fewest_rides(&pairs), reference_min_rides(&pairs), "{pairs:?}");
            compared += 1;
        }
    }
}

/// The solver (table up to seven pairs, search beyond) and its search alone against the
/// reference, on seeded layouts of 6 to 8 pairs (and 8 pairs all on the first floor): two
/// in the quick run, 30 in the deep one.
#[test]
fn the_solver_matches_the_independent_reference_up_to_eight_pairs() {
    let mut rng = test_kit::Rng::new(8);
    let mut layouts = vec![vec![(0, 0); 8]];
    let count = test_kit::cases(2, 30) as usize;
    while layouts.len() < count {
        let n = 6 + layouts.len() % 3;
        let pairs: Vec<(usize, usize)> = (0..n).map(|_| (rng.below(4), rng.below(4))).collect();
        if safe_start(&pairs) {
            layouts.push(pairs);
        }
    }
    for pairs in layouts {
        let layout = parse(&render_many(&pairs)).unwrap();
        let expected = fewest_rides(&pairs);
        assert_eq!(min_rides(&layout).0.ok(), expected, "{pairs:?}");
        assert_eq!(min_rides_by_search(&layout).0.ok(), expected, "{pairs:?}");
    }
}

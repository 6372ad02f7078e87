use proptest::prelude::*;

use super::*;

#[test]
fn example_part_one_is_eleven() {
    let layout = parse(EXAMPLE).unwrap();
    assert_eq!(part1(&layout), Ok(11));
}

#[test]
fn example_part_two_has_no_solution_because_chips_fry() {
    let layout = parse(EXAMPLE).unwrap();
    let err = part2(&layout).unwrap_err();
    assert!(
        matches!(err, SolveError::NoSolution(ref why) if why.contains("fried")),
        "{err}"
    );
}

/// A layout string from (generator floor, chip floor) per element.
fn render(pairs: &[(usize, usize)]) -> String {
    const NAMES: [&str; 16] = [
        "hydrogen", "lithium", "helium", "carbon", "oxygen", "neon", "sodium", "iron", "cobalt",
        "nickel", "copper", "zinc", "gold", "silver", "tin", "lead",
    ];
    let mut floors = vec![Vec::new(); 4];
    for (i, &(g, c)) in pairs.iter().enumerate() {
        floors[g].push(format!("a {} generator", NAMES[i]));
        floors[c].push(format!("a {}-compatible microchip", NAMES[i]));
    }
    let ordinals = ["first", "second", "third", "fourth"];
    floors
        .iter()
        .zip(ordinals)
        .map(|(items, o)| {
            let list = match items.len() {
                0 => "nothing relevant".to_string(),
                1 => items[0].clone(),
                2 => format!("{} and {}", items[0], items[1]),
                n => format!("{}, and {}", items[..n - 1].join(", "), items[n - 1]),
            };
            format!("The {o} floor contains {list}.\n")
        })
        .collect()
}

/// The plainest possible solver: BFS over explicit item positions (no canonicalisation,
/// no pruning), every 1- or 2-item ride, safety checked floor by floor.
fn reference_min_rides(pairs: &[(usize, usize)]) -> Option<u32> {
    // items[2i] = generator i, items[2i + 1] = chip i.
    let start: Vec<usize> = pairs.iter().flat_map(|&(g, c)| [g, c]).collect();
    let safe = |items: &[usize]| {
        (0..items.len() / 2).all(|i| {
            let chip = items[2 * i + 1];
            items[2 * i] == chip || (0..items.len() / 2).all(|j| items[2 * j] != chip)
        })
    };
    let mut seen = std::collections::HashSet::new();
    let mut frontier = vec![(start, 0usize)];
    seen.insert(frontier[0].clone());
    let mut depth = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for (items, e) in frontier {
            if items.iter().all(|&f| f == 3) {
                return Some(depth);
            }
            let here: Vec<usize> = (0..items.len()).filter(|&i| items[i] == e).collect();
            let mut loads: Vec<Vec<usize>> = here.iter().map(|&i| vec![i]).collect();
            for a in 0..here.len() {
                for b in a + 1..here.len() {
                    loads.push(vec![here[a], here[b]]);
                }
            }
            for d in [e.wrapping_sub(1), e + 1].into_iter().filter(|&d| d < 4) {
                for load in &loads {
                    let mut moved = items.clone();
                    for &i in load {
                        moved[i] = d;
                    }
                    if safe(&moved) && seen.insert((moved.clone(), d)) {
                        next.push((moved, d));
                    }
                }
            }
        }
        frontier = next;
        depth += 1;
    }
    None
}

fn safe_start(pairs: &[(usize, usize)]) -> bool {
    pairs
        .iter()
        .all(|&(g, c)| g == c || pairs.iter().all(|&(g2, _)| g2 != c))
}

fn layouts(max_pairs: usize) -> impl Strategy<Value = Vec<(usize, usize)>> {
    prop::collection::vec((0usize..4, 0usize..4), 1..=max_pairs)
        .prop_filter("start must be safe", |p| safe_start(p))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fast_solver_matches_plain_bfs(pairs in layouts(4)) {
        let layout = parse(&render(&pairs)).unwrap();
        prop_assert_eq!(min_rides(&layout).0.ok(), reference_min_rides(&pairs));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn fast_solver_matches_plain_bfs_on_five_pairs(pairs in prop::collection::vec((0usize..4, 0usize..4), 5)
        .prop_filter("start must be safe", |p| safe_start(p))) {
        let layout = parse(&render(&pairs)).unwrap();
        prop_assert_eq!(min_rides(&layout).0.ok(), reference_min_rides(&pairs));
    }
}

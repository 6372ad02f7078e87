//! Layouts written as puzzle inputs, for the tests and for the instruction-count harness
//! (`examples/prof11.rs` includes this file), so that both parse the same texts.

/// A layout string from (generator floor, chip floor) per element.
pub fn render(pairs: &[(usize, usize)]) -> String {
    const NAMES: [&str; 16] = [
        "hydrogen", "lithium", "helium", "carbon", "oxygen", "neon", "sodium", "iron", "cobalt", "nickel", "copper",
        "zinc", "gold", "silver", "tin", "lead",
    ];
    render_named(pairs, &NAMES)
}

/// [`render`] with the element names given, one per pair.
pub fn render_named(pairs: &[(usize, usize)], names: &[&str]) -> String {
    let mut floors = vec![Vec::new(); 4];
    for (&(g, c), name) in pairs.iter().zip(names) {
        floors[g].push(format!("a {name} generator"));
        floors[c].push(format!("a {name}-compatible microchip"));
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

/// Whether no chip is fried at the start: each is with its generator or on a floor with none.
pub fn safe_start(pairs: &[(usize, usize)]) -> bool {
    pairs.iter().all(|&(g, c)| g == c || pairs.iter().all(|&(g2, _)| g2 != c))
}

/// `count` safe layouts with a number of pairs in `sizes`, drawn from a fixed seed: the work
/// guard's layouts and the harness's.
pub fn seeded_pairs(seed: u64, count: usize, sizes: std::ops::RangeInclusive<usize>) -> Vec<Vec<(usize, usize)>> {
    let mut rng = test_kit::Rng::new(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let n = sizes.start() + rng.below(sizes.end() - sizes.start() + 1);
        let pairs: Vec<(usize, usize)> = (0..n).map(|_| (rng.below(4), rng.below(4))).collect();
        if safe_start(&pairs) {
            found.push(pairs);
        }
    }
    found
}

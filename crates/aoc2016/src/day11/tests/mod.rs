use proptest::prelude::*;

use super::*;
// The tests read the example's input; `EXAMPLE` is the examples text around it.
use super::EXAMPLE_INPUT as EXAMPLE;

pub(crate) mod layouts;
mod reference;
mod work;

use layouts::{render, render_named, safe_start};

#[test]
fn example_part_one_is_eleven() {
    let layout = parse(EXAMPLE).unwrap();
    assert_eq!(part1(&layout), Ok(11));
}

#[test]
fn example_part_two_has_no_solution_because_chips_fry() {
    let layout = parse(EXAMPLE).unwrap();
    let err = part2(&layout).unwrap_err();
    assert!(matches!(err, SolveError::NoSolution(ref why, _) if why.contains("fried")), "{err}");
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

/// Safe layouts with a number of pairs in `sizes`.
fn layouts_of(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<(usize, usize)>> {
    prop::collection::vec((0usize..4, 0usize..4), sizes).prop_filter("start must be safe", |p| safe_start(p))
}

fn layouts(max_pairs: usize) -> impl Strategy<Value = Vec<(usize, usize)>> {
    layouts_of(1..=max_pairs)
}

/// The table and the search both give the plain reference's answer.
fn assert_matches_reference(pairs: &[(usize, usize)]) -> Result<(), TestCaseError> {
    let layout = parse(&render(pairs)).unwrap();
    let expected = reference_min_rides(pairs);
    prop_assert_eq!(min_rides(&layout).0.ok(), expected);
    prop_assert_eq!(min_rides_by_search(&layout).0.ok(), expected);
    prop_assert_eq!(min_rides_by_bfs(&layout).ok(), expected, "the named solution `bfs`");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(100, 300)))]

    #[test]
    fn fast_solver_matches_plain_bfs(pairs in layouts(4)) {
        assert_matches_reference(&pairs)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(1, 40)))]

    #[test]
    fn fast_solver_matches_plain_bfs_on_five_pairs(pairs in layouts_of(5..=5)) {
        assert_matches_reference(&pairs)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(20, 60)))]

    /// The table (up to seven pairs) against the search, where the plain reference is too slow.
    #[test]
    fn the_table_matches_the_search_on_six_and_seven_pairs(pairs in layouts_of(6..=7)) {
        let layout = parse(&render(&pairs)).unwrap();
        let (looked_up, stats) = min_rides(&layout);
        prop_assert_eq!(stats.expanded, 0);
        prop_assert_eq!(looked_up, min_rides_by_search(&layout).0);
    }
}

#[test]
fn the_named_solutions_give_the_defaults_answers_on_the_example_and_part_two() {
    let layout = parse(EXAMPLE).unwrap();
    assert_eq!((part1_search(&layout), part1_bfs(&layout)), (Ok(11), Ok(11)));
    let no_solution = part2(&layout);
    assert!(no_solution.is_err());
    assert_eq!((part2_search(&layout), part2_bfs(&layout)), (no_solution.clone(), no_solution));
    let pairs = [(0, 0), (0, 1), (2, 2)];
    let layout = parse(&render(&pairs)).unwrap();
    assert_eq!(part2_search(&layout), part2(&layout));
    assert_eq!(part2_bfs(&layout), part2(&layout));
}

#[test]
fn layouts_beyond_the_table_are_searched() {
    let pairs = [(0, 0), (0, 0), (1, 1), (1, 1), (2, 2), (0, 0), (1, 1), (2, 2)];
    let layout = parse(&render(&pairs)).unwrap();
    let (answer, stats) = min_rides(&layout);
    assert!(stats.expanded > 0, "eight pairs are past the table, so they are searched");
    assert_eq!(answer, min_rides_by_search(&layout).0);
    assert!(answer.is_ok());
}

/// Fewest rides by plain breadth-first search over canonical states with a hash set: no
/// bound, no contours, no dense numbering.
fn plain_search(start: State) -> Option<u32> {
    search_core::bfs_cost(&start, |s: &State| s.successors(), |s| s.is_goal()).map(|rides| rides as u32)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(12, 60)))]

    /// Past the table, the contour search against plain BFS.
    #[test]
    fn the_contour_search_matches_plain_bfs_past_the_table(pairs in layouts_of(8..=11)) {
        let layout = parse(&render(&pairs)).unwrap();
        let (answer, stats) = min_rides(&layout);
        prop_assert!(stats.expanded > 0);
        prop_assert_eq!(answer.ok(), plain_search(layout.start()));
    }

    #[test]
    fn explained_solutions_past_the_table_replay_legally(pairs in layouts_of(8..=10)) {
        replay(&pairs);
    }
}

#[test]
fn a_layout_past_the_table_without_a_solution_says_so() {
    // Generators on the first and third floors, lone microchips on the second and fourth,
    // found by plain BFS among random layouts.
    let pairs = [(0, 0), (0, 1), (2, 1), (0, 3), (2, 3), (0, 0), (0, 0), (0, 0)];
    let layout = parse(&render(&pairs)).unwrap();
    assert_eq!(plain_search(layout.start()), None);
    let (answer, stats) = min_rides(&layout);
    assert!(matches!(answer, Err(SolveError::NoSolution(..))), "{answer:?}");
    assert!(stats.expanded > 0);
    assert!(solution(&layout).0.is_err());
}

fn parse_err(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn parser_errors_name_the_line_and_the_problem() {
    let floors = |f1: &str, f2: &str, f3: &str, f4: &str| {
        format!(
            "The first floor contains {f1}.\nThe second floor contains {f2}.\nThe third floor contains {f3}.\nThe fourth floor contains {f4}.\n"
        )
    };
    let nothing = "nothing relevant";
    let pair = "a x generator and a x-compatible microchip";
    let cases = [
        (floors(pair, nothing, nothing, "a plutonium widget"), "line 4: unknown item `a plutonium widget`"),
        (floors(pair, "a x generator", nothing, nothing), "line 2: the x generator is already listed on line 1"),
        (floors("a x generator", nothing, nothing, nothing), "line 1: the x generator has no matching microchip"),
        (
            floors(nothing, nothing, "a y-compatible microchip", nothing),
            "line 3: the y-compatible microchip has no matching generator",
        ),
        (
            floors(
                "a x-compatible microchip",
                "a x generator, a y generator, and a y-compatible microchip",
                nothing,
                nothing,
            ),
            "ok",
        ),
        (
            floors(
                "a x-compatible microchip and a y generator",
                "a x generator and a y-compatible microchip",
                nothing,
                nothing,
            ),
            "line 1: the x-compatible microchip is fried at the start by the y generator",
        ),
        ("The first floor contains nothing relevant.\n".to_string(), "ends without describing the second floor"),
        (
            format!("{}The fourth floor contains nothing relevant.\n", floors(pair, nothing, nothing, nothing)),
            "line 5: more than four floors",
        ),
        (
            "The first floor contains nothing relevant.\nThe first floor contains nothing relevant.\n".to_string(),
            "line 2: the first floor is already described on line 1",
        ),
        (
            "The fifth floor contains nothing relevant.\n".to_string(),
            "line 1: expected `The <first|second|third|fourth> floor contains <items>.`",
        ),
        ("The first floor contains a x generator\n".to_string(), "line 1: expected"),
    ];
    for (text, expected) in cases {
        match parse(&text) {
            Ok(_) => assert_eq!(expected, "ok", "{text}"),
            Err(e) => assert!(e.to_string().contains(expected), "{text}: got `{e}`, expected `{expected}`"),
        }
    }
}

/// What editors and terminals do to a file: each gives the same layout as the clean text.
#[test]
fn every_way_an_editor_writes_the_file_parses_alike() {
    let clean = parse(EXAMPLE).unwrap();
    let mut variants = test_kit::editor_variants(EXAMPLE);
    variants.push(EXAMPLE.lines().map(|l| format!("  {l}   \n")).collect()); // each line indented its own way
    for text in variants {
        let mut layout = parse(&text).unwrap();
        layout.floor_lines = clean.floor_lines; // leading blank lines move the line numbers
        assert_eq!(layout, clean, "{text:?}");
    }
}

#[test]
fn quotes_in_errors_are_short_and_show_invisible_characters() {
    let huge = format!("The first floor contains {}.\n", "a very long item ".repeat(1_000_000));
    let err = parse_err(&huge);
    assert!(err.len() < 300 && err.contains('…'), "{} bytes", err.len());
    let nbsp = "The first\u{a0}floor contains nothing relevant.\n";
    assert!(
        parse_err(nbsp).contains("found `The first\\u{a0}floor contains nothing relevant.`"),
        "{}",
        parse_err(nbsp)
    );
}

#[test]
fn a_huge_file_is_refused_at_the_first_pair_over_the_limit() {
    // 150,000 pairs on one line: the old duplicate check was quadratic (minutes).
    let name = |mut i: usize| {
        let mut name = String::from("e");
        while i > 0 {
            name.push(char::from(b'a' + (i % 26) as u8));
            i /= 26;
        }
        name
    };
    let items: Vec<String> =
        (0..150_000).map(|i| format!("a {0} generator, a {0}-compatible microchip", name(i + 1))).collect();
    let text = format!("The first floor contains {}.\n", items.join(", "));
    let started = std::time::Instant::now();
    let err = parse_err(&text);
    assert!(err.starts_with("line 1: 150000 element pairs is more than"), "the count seen: {err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "took {:?}", started.elapsed());
}

#[test]
fn item_lists_in_every_joining_style_parse_alike() {
    let styles = [
        "a a generator, a b generator, and a c generator",
        "a a generator, a b generator and a c generator",
        "a a generator and a b generator and a c generator",
    ];
    for list in styles {
        let text = format!(
            "The first floor contains {list}.\nThe second floor contains a a-compatible microchip, a b-compatible microchip, and a c-compatible microchip.\nThe third floor contains nothing relevant.\nThe fourth floor contains nothing relevant.\n"
        );
        let layout = parse(&text).unwrap();
        assert_eq!(layout.pairs.len(), 3, "{list}");
        assert!(layout.pairs.iter().all(|p| p.generator.index() == 0 && p.chip.index() == 1));
    }
}

#[test]
fn supports_many_pairs_and_rejects_too_many() {
    let names: Vec<String> = (0..40).map(|i| format!("e{}", "x".repeat(i))).collect();
    let items = |n: usize| {
        names[..n].iter().map(|e| format!("a {e} generator, a {e}-compatible microchip")).collect::<Vec<_>>().join(", ")
    };
    let layout = |n: usize| {
        format!("The first floor contains nothing relevant.\nThe second floor contains nothing relevant.\nThe third floor contains nothing relevant.\nThe fourth floor contains {}.\n", items(n))
    };
    let at_limit = parse(&layout(MAX_PAIRS)).unwrap();
    assert_eq!(min_rides(&at_limit).0, Ok(0));
    assert!(parse_err(&layout(MAX_PAIRS + 1)).contains("line 4: 31 element pairs is more than the 30"));
    assert!(parse_err(&layout(40)).contains("line 4: 40 element pairs is more than the 30"), "the count seen");
    let two_short = parse(&layout(MAX_PAIRS - 1)).unwrap();
    let refused = with_part_two_pairs(&two_short).unwrap_err();
    assert!(matches!(refused, SolveError::TooManyPairs { pairs: 31, .. }));
    assert!(beyond_limits(&refused), "a refusal, so the run exits non-zero");
    assert!(!beyond_limits(&unsolvable_example()));
}

/// Whether `error`'s `source()` chain holds the mark of a refusal.
fn beyond_limits(error: &(dyn std::error::Error + 'static)) -> bool {
    std::iter::successors(Some(error), |e| e.source()).any(|e| e.is::<aoc_day::BeyondLimits>())
}

#[test]
fn messages_stay_short_whatever_the_names() {
    let (long_a, long_b) = ("a".repeat(150), "b".repeat(150));
    let fried = format!(
        "The first floor contains a {long_a}-compatible microchip and a {long_b} generator.\nThe second floor contains a {long_a} generator and a {long_b}-compatible microchip.\nThe third floor contains nothing relevant.\nThe fourth floor contains nothing relevant.\n"
    );
    let parsed = parse_err(&fried);
    assert!(parsed.contains("fried at the start") && parsed.chars().count() <= 200, "{} chars: {parsed}", parsed.len());
    let twice = format!("The first floor contains a {long_a} generator and a {long_a} generator.\n");
    let unpaired = format!("The first floor contains a {long_a} generator.\nThe second floor contains nothing relevant.\nThe third floor contains nothing relevant.\nThe fourth floor contains nothing relevant.\n");
    let unknown = format!("The first floor contains a {long_a} widget.\n");
    for text in [twice, unpaired, unknown, format!("{long_a}\n")] {
        let err = parse_err(&text);
        assert!(err.chars().count() <= 200, "{} chars: {err}", err.chars().count());
    }
}

/// The example's part 2: fried at the start, so no solution (an answer, not a refusal).
fn unsolvable_example() -> SolveError {
    let layout = with_part_two_pairs(&parse(EXAMPLE).unwrap()).unwrap();
    min_rides(&layout).0.unwrap_err()
}

#[test]
fn part_two_refuses_names_already_used() {
    let text = "The first floor contains an elerium generator and an elerium-compatible microchip.\nThe second floor contains nothing relevant.\nThe third floor contains nothing relevant.\nThe fourth floor contains nothing relevant.\n";
    let layout = parse(text).unwrap();
    assert_eq!(part2(&layout), Err(SolveError::NameTaken("elerium".into())));
}

proptest! {
    #[test]
    fn the_parser_never_panics(text in "(The (first|second|third|fourth|x) floor contains( an?| and|,| [a-z]{1,3}| generator|-compatible microchip| nothing relevant)*\\.?\n){0,6}") {
        let _ = parse(&text);
    }

    #[test]
    fn the_parser_never_panics_on_arbitrary_text(text in "\\PC{0,200}") {
        let _ = parse(&text);
    }

    #[test]
    fn the_parser_never_panics_on_mutated_examples(pos in 0usize..400, ch in prop::char::any()) {
        let mut chars: Vec<char> = EXAMPLE.chars().collect();
        let pos = pos % chars.len();
        chars[pos] = ch;
        let _ = parse(&chars.into_iter().collect::<String>());
    }
}

/// Checks a ride against the rules, independently of the solver: the elevator moves one
/// floor, one or two items ride along from its floor, and no chip fries.
fn assert_legal_ride(before: &Snapshot, after: &Snapshot) {
    assert_eq!(before.elevator.abs_diff(after.elevator), 1, "the elevator moves one floor");
    let items = |s: &Snapshot| -> Vec<usize> { s.floors.iter().flat_map(|&(g, c)| [g, c]).collect() };
    let (b, a) = (items(before), items(after));
    let moved: Vec<usize> = (0..b.len()).filter(|&i| a[i] != b[i]).collect();
    assert!((1..=2).contains(&moved.len()), "one or two items ride");
    for &i in &moved {
        assert_eq!((b[i], a[i]), (before.elevator, after.elevator), "items ride with the elevator");
    }
    for (i, &(g, c)) in after.floors.iter().enumerate() {
        let fried = g != c && after.floors.iter().any(|&(g2, _)| g2 == c);
        assert!(!fried, "chip {i} fries on floor {}", c + 1);
    }
}

fn replay(pairs: &[(usize, usize)]) {
    let layout = parse(&render(pairs)).unwrap();
    let (snapshots, _) = solution(&layout);
    let best = min_rides(&layout).0.ok();
    let Ok(snapshots) = snapshots else {
        assert_eq!(best, None);
        return;
    };
    for w in snapshots.windows(2) {
        assert_legal_ride(&w[0], &w[1]);
    }
    let last = snapshots.last().unwrap();
    assert!(last.floors.iter().all(|&(g, c)| g == 3 && c == 3));
    assert_eq!(Some(snapshots.len() as u32 - 1), best);
}

#[test]
fn explained_solutions_replay_legally_to_the_answer() {
    replay(&[(1, 0), (2, 0)]);
    let text = explain(EXAMPLE, Part::One).unwrap();
    // The puzzle's own drawing of the example.
    assert!(
        text.starts_with("start\nF4 .  .  .  .  .\nF3 .  .  .  LG .\nF2 .  HG .  .  .\nF1 E  .  HM .  LM\n"),
        "{text}"
    );
    assert!(text.contains("ride 11\nF4 E  HG HM LG LM\n"), "{text}");

    assert!(text.contains("11 rides; search: "));
    assert!(explain(EXAMPLE, Part::Two).unwrap_err().contains("fried"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(30, 100)))]

    #[test]
    fn random_explained_solutions_replay_legally(pairs in layouts(4)) {
        replay(&pairs);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(30, 100)))]

    #[test]
    fn every_reachable_state_is_safe_and_keeps_its_items(pairs in layouts(4)) {
        let start = parse(&render(&pairs)).unwrap().start();
        let items: u32 = start.items_below_top().iter().sum::<u32>() + 2 * start.count(3, 3)
            + (0..3).map(|f| start.count(3, f) + start.count(f, 3)).sum::<u32>();
        let mut frontier = vec![start];
        let mut seen = std::collections::HashSet::from([start]);
        while let Some(state) = frontier.pop() {
            prop_assert!(state.is_safe());
            let on_top = 2 * state.count(3, 3) + (0..3).map(|f| state.count(3, f) + state.count(f, 3)).sum::<u32>();
            prop_assert_eq!(state.items_below_top().iter().sum::<u32>() + on_top, items);
            for next in state.successors() {
                prop_assert_eq!(next.elevator().abs_diff(state.elevator()), 1);
                if seen.insert(next) {
                    frontier.push(next);
                }
            }
        }
    }
}

#[test]
fn abbreviations_grow_where_first_letters_clash() {
    let text = "The first floor contains a thulium generator, a thulium-compatible microchip, a tin generator, and a tin-compatible microchip.\nThe second floor contains a hydrogen generator and a hydrogen-compatible microchip.\nThe third floor contains nothing relevant.\nThe fourth floor contains nothing relevant.\n";
    let drawn = explain(text, Part::One).unwrap();
    assert!(drawn.starts_with("start\nF4 .  .   .   .   .   .   .\n"), "{drawn}");
    assert!(drawn.contains("F1 E  ThG ThM TiG TiM .   .\n"), "{drawn}");
}

/// Random edits of valid inputs: the parser never panics, and every error names its line
/// and stays short, however long the offending line.
#[test]
fn mutated_inputs_get_short_errors_that_name_a_line() {
    let valid = [EXAMPLE, &render(&[(0, 0), (1, 2), (0, 1), (2, 2)])];
    let mut rng = test_kit::Rng::new(2016);
    for _ in 0..test_kit::cases(300, 20_000) {
        let text = test_kit::mutate(valid[rng.below(valid.len())], &mut rng);
        if let Err(e) = parse(&text) {
            let message = e.to_string();
            assert!(message.starts_with("line "), "{message}");
            let shown = test_kit::printed_error_chars("2016-11", &message);
            assert!(shown <= test_kit::ERROR_LINE_CHARS, "{shown} characters as printed: {message}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(100, 1000)))]

    /// Part 2's shortcut (no layout built when the table answers) agrees with solving the
    /// extended layout, fried starts included.
    #[test]
    fn part_two_shortcut_matches_the_extended_layout(pairs in layouts(5)) {
        let layout = parse(&render(&pairs)).unwrap();
        let extended = with_part_two_pairs(&layout).unwrap();
        prop_assert_eq!(min_rides_part_two(&layout), min_rides(&extended).0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(2000, 50_000)))]

    /// The byte-search phrase splitter cuts every list where `split(", ")` then
    /// `split(" and ")` would, on text made of the separators' pieces.
    #[test]
    fn item_phrases_split_like_the_plain_splitter(pieces in prop::collection::vec(
        prop::sample::select(vec![",", " ", "a", "n", "d", "and", " and ", ", ", "x", "nothing relevant"]), 0..14)
    ) {
        let list: String = pieces.concat();
        prop_assert_eq!(parse::item_phrases(&list).collect::<Vec<_>>(), parse::item_phrases_plainly(&list), "{:?}", list);
    }
}

/// `render`, with made-up names so that any number of pairs can be written.
fn render_many(pairs: &[(usize, usize)]) -> String {
    let name = |i: usize| format!("x{}", char::from(b'a' + (i % 26) as u8)).repeat(1 + i / 26);
    let text = render(&pairs[..pairs.len().min(16)]);
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for (i, &(g, c)) in pairs.iter().enumerate().skip(16) {
        for (floor, item) in
            [(g, format!("a {} generator", name(i))), (c, format!("a {}-compatible microchip", name(i)))]
        {
            let line = &mut lines[floor];
            *line = match line.strip_suffix("nothing relevant.") {
                Some(head) => format!("{head}{item}."),
                None => format!("{} and {item}.", &line[..line.len() - 1]),
            };
        }
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(100, 5000)))]

    /// The parser's shortcut for text written as real inputs are gives what the general
    /// parser gives: on any layout (fried ones and more pairs than it tracks included),
    /// and on those texts mutated.
    #[test]
    fn the_puzzle_shaped_shortcut_agrees_with_the_general_parser(
        pairs in prop::collection::vec((0usize..4, 0usize..4), 0..24),
        seed in any::<u64>(),
    ) {
        let text = render_many(&pairs);
        prop_assert_eq!(parse(&text), parse::parse_any_shape(&text), "{}", text);
        if pairs.len() <= 16 {
            // Nothing valid that it tracks is left to the general parser.
            prop_assert_eq!(parse::puzzle_shaped(&text), parse::parse_any_shape(&text).ok(), "{}", text);
        }
        let mut rng = test_kit::Rng::new(seed);
        for _ in 0..4 {
            let mutated = test_kit::mutate(&text, &mut rng);
            prop_assert_eq!(parse(&mutated), parse::parse_any_shape(&mutated), "{}", mutated);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(500, 10_000)))]

    /// The shortcut tells elements apart by their length and first eight letters, then by
    /// the whole name: names that share a long head, that are one another's prefixes, or
    /// that repeat (an item listed twice) read as the general parser reads them, and the
    /// shortcut takes every such text that is valid.
    #[test]
    fn the_shortcut_tells_names_with_a_shared_head_apart(
        pairs in prop::collection::vec(((0usize..4, 0usize..4), 0usize..12), 1..8),
    ) {
        const NAMES: [&str; 12] = [
            "a", "ab", "aaaaaaa", "aaaaaaaa", "aaaaaaab", "aaaaaaaaa", "aaaaaaaab", "aaaaaaaaab",
            "abcdefghijklmnop", "abcdefghijklmnoq", "abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxyy",
        ];
        let floors: Vec<(usize, usize)> = pairs.iter().map(|&(f, _)| f).collect();
        let names: Vec<&str> = pairs.iter().map(|&(_, n)| NAMES[n]).collect();
        let text = render_named(&floors, &names);
        // Taken by the shortcut exactly when valid (it could otherwise hide a mix-up by
        // giving up), and read the same.
        prop_assert_eq!(parse::puzzle_shaped(&text), parse::parse_any_shape(&text).ok(), "{}", text);
    }
}

/// The word-at-a-time letter test agrees with `is_ascii_lowercase` on every byte value, at
/// every position of the word, between any neighbours.
#[test]
fn the_letter_test_marks_exactly_the_bytes_that_are_not_lowercase() {
    for byte in 0..=u8::MAX {
        for neighbour in [0, b'a', b'z', 0x7f, 0xff] {
            for at in 0..8 {
                let mut bytes = [neighbour; 8];
                bytes[at] = byte;
                let expected = bytes
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| !b.is_ascii_lowercase())
                    .fold(0u64, |mask, (i, _)| mask | 0x80 << (8 * i));
                assert_eq!(parse::not_lowercase(u64::from_le_bytes(bytes)), expected, "{bytes:?}");
            }
        }
    }
}

#[test]
fn the_shortcut_leaves_odd_but_valid_wordings_to_the_general_parser() {
    let clean = render(&[(0, 0), (1, 2)]);
    assert!(parse::puzzle_shaped(&clean).is_some(), "the clean text takes the shortcut");
    let many = render_many(&[(1, 1); 20]);
    assert!(parse::puzzle_shaped(&many).is_none() && parse(&many).is_ok(), "20 pairs go the general way");
    let odd = [
        clean.replace("a lithium generator", "an lithium generator"),
        clean.replace('\n', "\r\n"),
        clean.replace("lithium", "Lithium"),
        clean.trim_end().to_string(),
        clean.replace("hydrogen", "and"),
        clean.replace("a hydrogen generator and", "a hydrogen generator, and"),
    ];
    for text in odd {
        assert_eq!(parse(&text), parse::parse_any_shape(&text), "{text}");
    }
}

/// The fried-chip check finds a victim behind a chip that is safe, with a culprit listed
/// before both (each victim looks through every pair afresh).
#[test]
fn a_fried_chip_is_found_after_a_safe_lone_chip() {
    let err = parse_err(&render(&[(2, 2), (0, 3), (1, 2)]));
    assert!(err.contains("the helium-compatible microchip is fried at the start by the hydrogen generator"), "{err}");
}

#[test]
fn the_examples_file_holds_the_example_input() {
    let examples = aoc_day::examples::parse(super::EXAMPLE).unwrap();
    assert_eq!(examples[0].input, EXAMPLE);
}

//! The parser: errors that name the line, editors' text, the shortcut for real inputs,
//! and random edits.

use super::reference::reference;
use super::*;

#[test]
fn hallway_amphipods_at_stops_are_supported() {
    let text = "#############\n#.A.......D.#\n###.#B#C#.###\n  #A#B#C#D#\n  #########\n";
    let burrow = parse(text).unwrap();
    assert_eq!(part1(&burrow), Ok(2 + 2 * 1000));
    assert_eq!(reference(&burrow), Some(2002));
}

fn parse_err(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn parser_errors_name_the_line_and_the_problem() {
    let cases = [
        ("", "line 1: the diagram ends early"),
        ("############\n", "line 1: expected the top wall"),
        ("#############\n#..........#\n", "line 2: expected the hallway"),
        ("#############\n#...........#\n###B#C#B#D###\n", "line 4: the diagram ends early: no bottom wall"),
        ("#############\n#...........#\n###B#C#B#D###\n  #A#D#C#A#\n", "line 5: the diagram ends early"),
        (
            "#############\n#...........#\n###B#X#B#D###\n  #A#D#C#A#\n  #########\n",
            "line 3: unknown character `X` in column 6",
        ),
        (
            "#############\n#...........#\n###B#C#B#D##\n  #A#D#C#A#\n  #########\n",
            "line 3: expected the first room row",
        ),
        ("#############\n#...........#\n###B#C#B#D###\n  #A#D#C#A\n  #########\n", "line 4: expected a room row"),
        (
            "#############\n#...........#\n###B#C#B#D###\n  #A#D#C#B#\n  #########\n",
            "line 4: one amphipod of type B too many: rooms of depth 2 need exactly 2 of each type",
        ),
        (
            "#############\n#.........A.#\n###B#C#.#D###\n  #A#D#C#A#\n  #########\n",
            "line 4: one amphipod of type A too many",
        ),
        (
            "#############\n#..A........#\n###.#C#B#D###\n  #A#D#C#B#\n  #########\n",
            "line 2: an amphipod stands in column 4, right outside a room",
        ),
        (
            "#############\n#.A.........#\n###B#C#B#D###\n  #.#D#C#A#\n  #########\n",
            "line 4: room 1 has an empty cell below an amphipod",
        ),
        ("#############\n#...........#\n###B#C#B#D###\n  #A#D#C#A#\n  #########\nmore\n", "line 6: unexpected text"),
    ];
    for (text, expected) in cases {
        let err = parse_err(text);
        assert!(err.contains(expected), "{text:?}: got `{err}`, expected `{expected}`");
    }
    let deep = format!("#############\n#...........#\n###A#B#C#D###\n{}  #########\n", "  #A#B#C#D#\n".repeat(8));
    assert!(parse_err(&deep).contains("line 11: rooms deeper than 8"));
}

#[test]
fn missing_amphipods_are_counted_without_blaming_a_line() {
    let one_c = "#############\n#...........#\n###B#.#A#D###\n  #A#D#C#B#\n  #########\n";
    assert_eq!(
        parse_err(one_c),
        "the burrow has 1 amphipod of type C, but rooms of depth 2 need exactly 2 of each type"
    );
}

/// What editors and terminals do to a file: each gives the same burrow as the clean text.
#[test]
fn every_way_an_editor_writes_the_file_parses_alike() {
    let clean = parse(EXAMPLE).unwrap();
    let mut variants = test_kit::editor_variants(EXAMPLE);
    variants.push(EXAMPLE.lines().map(|l| format!("    {l}\n")).collect()); // indented alike by spaces
    variants.push(EXAMPLE.replace("  #########", "  ###########")); // a bottom wall as wide as the top row
    for text in variants {
        assert_eq!(parse(&text).as_ref(), Ok(&clean), "{text:?}");
    }
}

#[test]
fn blank_lines_inside_and_uneven_indentation_are_named() {
    let blank = EXAMPLE.replacen("#\n###", "#\n\n###", 1);
    assert_eq!(parse_err(&blank), "line 3: a blank line inside the diagram (between the top and the bottom wall)");
    let uneven: String =
        EXAMPLE.lines().enumerate().map(|(i, l)| if i == 2 { format!("{l}\n") } else { format!("  {l}\n") }).collect();
    assert!(parse_err(&uneven).starts_with("line 3: indented differently from the top wall on line 1"));
    let leading = format!("\n\n{}", EXAMPLE.replace("###B#", "###X#"));
    assert!(parse_err(&leading).starts_with("line 5: unknown character `X`"), "{}", parse_err(&leading));
}

#[test]
fn quotes_in_errors_are_short_and_show_invisible_characters() {
    let huge = format!("#############\n#{}#\n", ".".repeat(10_000_000));
    let err = parse_err(&huge);
    assert!(err.len() < 200 && err.contains('…'), "{} bytes", err.len());
    let nbsp = "#############\n#.....\u{a0}.....#\n";
    assert!(parse_err(nbsp).contains("unknown character `\\u{a0}` in column 7"), "{}", parse_err(nbsp));
    let bom_inside = "#############\n\u{feff}#...........#\n";
    assert!(parse_err(bom_inside).contains("found `\\u{feff}#...........#`"), "{}", parse_err(bom_inside));
}

#[test]
fn trailing_spaces_and_blank_lines_are_fine_and_diagrams_round_trip() {
    let burrow = parse(&EXAMPLE.replace('\n', "  \n")).unwrap();
    assert_eq!(burrow.diagram(), EXAMPLE);
    assert_eq!(parse(&format!("{EXAMPLE}\n\n")).unwrap(), burrow);
}

proptest! {
    #[test]
    fn the_parser_never_panics(text in "[#. ABCDE\n]{0,80}") {
        let _ = parse(&text);
    }

    #[test]
    fn the_parser_never_panics_on_mutated_examples(pos in 0usize..60, ch in prop::char::any()) {
        let mut chars: Vec<char> = EXAMPLE.chars().collect();
        let pos = pos % chars.len();
        chars[pos] = ch;
        let _ = parse(&chars.into_iter().collect::<String>());
    }
}

/// Random edits of valid diagrams: the parser never panics, and every error names its line
/// (or, for a missing amphipod, says that no line is to blame) and stays short.
#[test]
fn mutated_inputs_get_short_errors_that_name_a_line() {
    let valid = [EXAMPLE, &parse(EXAMPLE).unwrap().unfolded().unwrap().diagram()];
    let mut rng = test_kit::Rng::new(2021);
    for _ in 0..test_kit::cases(300, 20_000) {
        let text = test_kit::mutate(valid[rng.below(valid.len())], &mut rng);
        if let Err(e) = parse(&text) {
            let message = e.to_string();
            assert!(message.starts_with("line ") || message.starts_with("the burrow has "), "{message}");
            let shown = test_kit::printed_error_chars("2021-23", &message);
            assert!(shown <= test_kit::ERROR_LINE_CHARS, "{shown} characters as printed: {message}");
        }
    }
}

/// The parser's shortcut for text shaped exactly like a real input agrees with the general
/// parser on every possible input, with and without the final line ending, and on each
/// with a letter changed (too many of one kind, too few of another).
#[test]
fn the_puzzle_shaped_shortcut_agrees_with_the_general_parser() {
    for text in every_puzzle_input() {
        assert_eq!(parse(&text), parse::parse_any_shape(&text), "{text}");
        let unterminated = text.trim_end_matches('\n');
        assert_eq!(parse(unterminated), parse::parse_any_shape(unterminated), "{unterminated}");
        let changed = text.replacen('A', "D", 1);
        assert_eq!(parse(&changed), parse::parse_any_shape(&changed), "{changed}");
        assert!(parse(&changed).is_err());
    }
}

use std::collections::{BinaryHeap, HashMap};

use proptest::prelude::*;

use super::*;

mod textbook;
mod work;

#[test]
fn example_answers() {
    let burrow = parse(EXAMPLE).unwrap();
    assert_eq!(part1(&burrow), Ok(12521));
    assert_eq!(part2(&burrow), Ok(44169));
}

#[test]
fn rooms_with_leavers_are_the_rooms_whose_count_is_not_zero() {
    for counts in 0..1usize << 16 {
        let len = |r: usize| (counts >> (4 * r)) & 0xf;
        let s = (0..4).fold(state::State::GOAL, |s, r| s.with_room_len(r, len(r)));
        let expected = (0..4).filter(|&r| len(r) > 0).fold(0, |m, r| m | 1 << r);
        assert_eq!(s.rooms_with_leavers(), expected, "counts {counts:#06x}");
    }
}

#[test]
fn an_organised_burrow_costs_nothing_and_part_two_needs_depth_two() {
    let done = "#############\n#...........#\n###A#B#C#D###\n  #########\n";
    let burrow = parse(done).unwrap();
    assert_eq!(part1(&burrow), Ok(0));
    assert_eq!(part2(&burrow), Err(SolveError::NotFoldable(1)));
}

#[test]
fn a_deadlocked_hallway_has_no_solution() {
    // D must pass A's stop to get right, A must pass D's stop to get left.
    let stuck = "#############\n#...D.A.....#\n###.#B#C#.###\n  #A#B#C#D#\n  #########\n";
    let burrow = parse(stuck).unwrap();
    assert_eq!(reference(&burrow), None);
    assert_eq!(part1(&burrow), Err(SolveError::NoSolution(aoc_workspace::Unsolvable)));
}

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

/// The plainest solver: Dijkstra over whole burrows with the puzzle's rules as written,
/// no reductions. Cells: hallway 0..11, then room `r` depth `k` at `11 + r * depth + k`,
/// three bits each (0 empty, 1 to 4 for A to D) in one `u128`.
fn reference(burrow: &Burrow) -> Option<u32> {
    #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    struct Grid(u128);
    impl Grid {
        fn get(self, c: usize) -> u8 {
            ((self.0 >> (3 * c)) & 7) as u8
        }
        fn set(self, c: usize, v: u8) -> Grid {
            Grid((self.0 & !(7 << (3 * c))) | (u128::from(v) << (3 * c)))
        }
    }
    let depth = burrow.depth();
    let cell = |r: usize, k: usize| 11 + r * depth + k;
    let mut start = Grid(0);
    for (x, a) in burrow.hallway().iter().enumerate() {
        start = start.set(x, a.map_or(0, |a| a.index() as u8 + 1));
    }
    for r in 0..4 {
        for k in 0..depth {
            start = start.set(cell(r, k), burrow.room(r)[k].map_or(0, |a| a.index() as u8 + 1));
        }
    }
    let energy = [1, 10, 100, 1000];
    let goal = |s: Grid| (0..4).all(|r| (0..depth).all(|k| s.get(cell(r, k)) == r as u8 + 1));
    let hall_clear = |s: Grid, from: usize, to: usize| {
        let (lo, hi) = if from < to { (from + 1, to) } else { (to, from - 1) };
        (lo..=hi).all(|x| s.get(x) == 0)
    };
    // Into a destination room: any free cell with a free path, if no stranger is in it.
    let room_entries = |s: Grid, kind: usize| -> Vec<(usize, u32)> {
        let own = kind as u8 + 1;
        if (0..depth).any(|k| s.get(cell(kind, k)) != 0 && s.get(cell(kind, k)) != own) {
            return Vec::new();
        }
        (0..depth).take_while(|&k| s.get(cell(kind, k)) == 0).map(|k| (cell(kind, k), k as u32 + 1)).collect()
    };
    let mut best: HashMap<Grid, u32> = HashMap::new();
    let mut queue = BinaryHeap::new();
    best.insert(start, 0);
    queue.push(std::cmp::Reverse((0u32, start)));
    while let Some(std::cmp::Reverse((cost, s))) = queue.pop() {
        if best[&s] < cost {
            continue;
        }
        if goal(s) {
            return Some(cost);
        }
        let mut moves: Vec<(usize, usize, u32)> = Vec::new(); // (from, to, steps)
        for x in 0..11 {
            if s.get(x) != 0 {
                let kind = usize::from(s.get(x) - 1);
                if hall_clear(s, x, ROOM_X[kind]) {
                    for (to, down) in room_entries(s, kind) {
                        moves.push((x, to, x.abs_diff(ROOM_X[kind]) as u32 + down));
                    }
                }
            }
        }
        for r in 0..4 {
            let Some(k) = (0..depth).find(|&k| s.get(cell(r, k)) != 0) else {
                continue;
            };
            let from = cell(r, k);
            let kind = usize::from(s.get(from) - 1);
            let up = k as u32 + 1;
            for x in [0, 1, 3, 5, 7, 9, 10] {
                if hall_clear(s, ROOM_X[r], x) && s.get(x) == 0 {
                    moves.push((from, x, up + ROOM_X[r].abs_diff(x) as u32));
                }
            }
            let lifted = s.set(from, 0);
            if hall_clear(lifted, ROOM_X[r], ROOM_X[kind]) {
                for (to, down) in room_entries(lifted, kind) {
                    moves.push((from, to, up + ROOM_X[r].abs_diff(ROOM_X[kind]) as u32 + down));
                }
            }
        }
        for (from, to, steps) in moves {
            if from == to {
                continue;
            }
            let next = s.set(to, s.get(from)).set(from, 0);
            let next_cost = cost + steps * energy[usize::from(s.get(from) - 1)];
            if best.get(&next).is_none_or(|&b| next_cost < b) {
                best.insert(next, next_cost);
                queue.push(std::cmp::Reverse((next_cost, next)));
            }
        }
    }
    None
}

/// Rooms of `depth` filled with a shuffle of `depth` amphipods of each kind.
fn rooms(depth: usize) -> impl Strategy<Value = Burrow> {
    let cells: Vec<usize> = (0..4 * depth).map(|i| i % 4).collect();
    Just(cells).prop_shuffle().prop_map(move |cells| {
        let rows: Vec<[Option<Amphipod>; 4]> =
            (0..depth).map(|k| std::array::from_fn(|r| Some(Amphipod::ALL[cells[k * 4 + r]]))).collect();
        Burrow::from_rows([None; HALLWAY_LEN], &rows)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn fast_solver_matches_reference_depth_one(burrow in rooms(1)) {
        prop_assert_eq!(least_energy(&burrow).0.ok(), reference(&burrow));
    }
}

proptest! {
    // The plain reference takes a good part of a second per burrow of depth two.
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(3, 150)))]

    #[test]
    fn fast_solver_matches_reference_depth_two(burrow in rooms(2)) {
        prop_assert_eq!(least_energy(&burrow).0.ok(), reference(&burrow));
    }
}

// Deeper burrows take the reference many seconds each: deep checks only.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    #[test]
    #[ignore = "deep check (seconds per case): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
    fn fast_solver_matches_reference_depth_three(burrow in rooms(3)) {
        prop_assert_eq!(least_energy(&burrow).0.ok(), reference(&burrow));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2))]

    #[test]
    #[ignore = "deep check (seconds per case): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
    fn fast_solver_matches_reference_depth_four(burrow in rooms(4)) {
        prop_assert_eq!(least_energy(&burrow).0.ok(), reference(&burrow));
    }
}

/// Every legal decision in `s`, the solver's skipped ones included: (room, stop) for each
/// room with leavers and each free stop its top amphipod can reach.
fn every_step_out(s: state::State) -> Vec<(usize, usize)> {
    let occupied = s.occupied();
    (0..4)
        .filter(|&r| s.room_len(r) > 0)
        .flat_map(|r| geometry::bits(geometry::SEGMENT[r][usize::from(occupied)] & !occupied).map(move |i| (r, i)))
        .collect()
}

/// Every state reachable from `burrow`'s start by decisions, with the dead-state test
/// left out, and the least horizontal energy that finishes each (exactly, by a memoised
/// search; `None` when it cannot be finished).
fn costs_to_go(burrow: &Burrow) -> (leavers::Leavers, HashMap<state::State, Option<u32>>) {
    type Memo = HashMap<state::State, Option<u32>>;
    fn cost(s: state::State, leavers: &leavers::Leavers, memo: &mut Memo) -> Option<u32> {
        if let Some(&known) = memo.get(&s) {
            return known;
        }
        let mut best = s.is_goal().then_some(0);
        for (r, i) in every_step_out(s) {
            let (moved, out) = s.step_out(r, i, leavers);
            let (next, forced) = moved.settle(leavers);
            // Visit every successor (no short cut) so that the whole space is priced.
            if let Some(rest) = cost(next, leavers, memo) {
                best = Some(best.map_or(out + forced + rest, |b: u32| b.min(out + forced + rest)));
            }
        }
        memo.insert(s, best);
        best
    }
    let puzzle = puzzle::Puzzle::new(burrow);
    let mut memo = HashMap::new();
    let (start, _) = puzzle.start.settle(&puzzle.leavers);
    cost(start, &puzzle.leavers, &mut memo);
    (puzzle.leavers, memo)
}

/// Over every reachable state: the dead-state test never condemns a state that can be
/// finished, the heuristic never over-estimates what finishing costs, the bound kept in
/// each state equals the bound summed afresh, every decision raises energy spent plus
/// bound by exactly its [rise](state::State::step_out_rise) (so partial expansion's keys
/// are lower bounds), and every decision the solver skips as a
/// [deadlock](state::State::faces_for_good) leads to a state that cannot be finished.
/// The decisions the solver makes (neither those nor parkings on the way home) finish
/// every state as cheaply as all decisions do, and finish the same states.
/// Returns (dead states, dead ones caught, decisions skipped).
fn check_state_tests(burrow: &Burrow) -> (usize, usize, usize) {
    let (leavers, memo) = costs_to_go(burrow);
    let test = deadlock::DeadStateTest::new(&puzzle::Puzzle::new(burrow));
    let mut dead = 0;
    let mut caught = 0;
    let mut skipped = 0;
    for (&s, &cost) in &memo {
        let mut best_kept = s.is_goal().then_some(0);
        for (r, i) in every_step_out(s) {
            let kind = s.top(r, &leavers);
            let (moved, energy) = s.step_out(r, i, &leavers);
            let (next, forced) = moved.settle(&leavers);
            // Partial expansion's key: a decision raises energy + bound by its rise alone.
            let rise = state::State::step_out_rise(r, i, kind);
            assert_eq!(energy + forced + next.bound(), s.bound() + rise, "rise of {r} to {i} from {s:?}");
            if s.faces_for_good(i, kind) {
                assert_eq!(memo[&next], None, "skipped a decision into a solvable state in\n{}", burrow.diagram());
                skipped += 1;
            } else if geometry::ROOM_TO_ROOM[r][kind] & 1 << i == 0 {
                if let Some(rest) = memo[&next] {
                    best_kept = Some(best_kept.map_or(energy + forced + rest, |b| b.min(energy + forced + rest)));
                }
            }
        }
        assert_eq!(best_kept, cost, "the decisions kept do not finish {s:?} as cheaply in\n{}", burrow.diagram());
        assert_eq!(s.bound(), heuristic::bound_from_scratch(s, &leavers), "bound of {s:?} in\n{}", burrow.diagram());
        let stuck = test.stuck(s);
        if let Some(cost) = cost {
            assert!(!stuck, "a solvable state {s:?} was called stuck in\n{}", burrow.diagram());
            let estimate = heuristic::estimate(s, &leavers);
            assert!(estimate <= cost, "{s:?} is estimated at {estimate} but costs {cost} in\n{}", burrow.diagram());
        }
        dead += usize::from(cost.is_none());
        caught += usize::from(stuck);
    }
    (dead, caught, skipped)
}

#[test]
fn the_dead_state_test_is_sound_and_catches_most_dead_states_of_the_example() {
    let burrow = parse(EXAMPLE).unwrap().unfolded().unwrap();
    let (dead, caught, skipped) = check_state_tests(&burrow);
    assert!(dead > 1000, "the example's part 2 has many dead states ({dead})");
    assert!(caught * 2 > dead, "caught only {caught} of {dead} dead states");
    assert!(skipped > 100, "only {skipped} decisions were skipped as deadlocks");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(60, 300)))]

    #[test]
    fn the_dead_state_test_never_condemns_a_solvable_state_depth_two(burrow in rooms(2)) {
        check_state_tests(&burrow);
    }
}

/// A burrow on which a plausible but unsound strengthening of the dead-state test (that
/// amphipods parked before another room opens are in the way of that room's leavers as
/// they come out) wrongly condemned solvable states: a room's top leavers may walk home
/// long before the room empties, while the hallway is still clear.
#[test]
fn the_dead_state_test_keeps_states_whose_rooms_let_leavers_out_early() {
    let burrow =
        parse("#############\n#...........#\n###D#D#A#C###\n  #D#C#A#C#\n  #D#B#B#A#\n  #A#C#B#B#\n  #########\n")
            .unwrap();
    let (dead, _, _) = check_state_tests(&burrow);
    assert!(dead > 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(10, 200)))]

    #[test]
    fn the_dead_state_test_never_condemns_a_solvable_state_depth_three_and_four(
        burrow in prop_oneof![rooms(3), rooms(4)]
    ) {
        check_state_tests(&burrow);
    }
}

/// Checks one move against the puzzle's rules, independently of the solver: exactly the
/// amphipod at `from` went to `to`, along a free path, to a legal place; returns its energy.
fn legal_move_energy(before: &Burrow, step: &Step) -> u32 {
    let after = &step.burrow;
    let who = before.at(step.from).expect("someone moves");
    assert_eq!(who, step.amphipod);
    assert_eq!(after.at(step.from), None);
    assert_eq!(after.at(step.to), Some(who));
    let mut expected = before.clone();
    expected.set(step.from, None);
    expected.set(step.to, Some(who));
    assert_eq!(&expected, after, "exactly one amphipod moves");
    let column = |p: Place| match p {
        Place::Hall(x) => x,
        Place::Room(r, _) => ROOM_X[r],
    };
    let climb = |p: Place| match p {
        Place::Hall(_) => 0,
        Place::Room(r, k) => {
            assert!((0..k).all(|d| before.room(r)[d].is_none() && after.room(r)[d].is_none()), "room path blocked");
            k + 1
        }
    };
    let (x1, x2) = (column(step.from), column(step.to));
    let (lo, hi) = (x1.min(x2), x1.max(x2));
    for x in lo..=hi {
        if Place::Hall(x) != step.from {
            assert!(before.hallway()[x].is_none(), "hallway blocked at {x}");
        }
    }
    match (step.from, step.to) {
        (Place::Hall(_), Place::Hall(_)) => panic!("hallway to hallway is not allowed"),
        (Place::Room(_, _), Place::Hall(x)) => assert!(!ROOM_X.contains(&x), "stopped outside a room"),
        (_, Place::Room(t, _)) => {
            assert_eq!(t, who.index(), "entered a foreign room");
            assert!(before.room(t).iter().flatten().all(|&a| a == who), "entered a room with strangers");
        }
    }
    who.energy() * (climb(step.from) + hi - lo + climb(step.to)) as u32
}

fn replay(burrow: &Burrow) {
    let (steps, _) = solution(burrow);
    let best = least_energy(burrow).0.ok();
    let Some(steps) = steps else {
        assert_eq!(best, None);
        return;
    };
    let mut current = burrow.clone();
    let mut total = 0;
    for step in &steps {
        let energy = legal_move_energy(&current, step);
        assert_eq!(energy, step.energy);
        total += energy;
        current = step.burrow.clone();
    }
    assert!(current.is_organised(), "{}", current.diagram());
    assert_eq!(Some(total), best);
}

#[test]
fn explained_solutions_replay_legally_to_the_answer() {
    let example = parse(EXAMPLE).unwrap();
    replay(&example);
    replay(&example.unfolded().unwrap());
    let text = explain(EXAMPLE, 1).unwrap();
    assert!(text.contains("energy 12521; search: "), "{text}");
    assert!(text.contains("(forced)"));
    assert!(explain(EXAMPLE, 2).unwrap().contains("energy 44169; search: "));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(10, 40)))]

    #[test]
    fn random_explained_solutions_replay_legally(burrow in rooms(2)) {
        replay(&burrow);
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
            let shown = message.chars().count();
            assert!(shown <= 200, "{shown} characters: {message}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(60, 300)))]

    /// The textbook reference's two restrictions lose nothing: it agrees with the general
    /// one, hallway amphipods included.
    #[test]
    fn textbook_reference_agrees_with_the_general_one_depth_one(burrow in rooms(1), parked in hallway_amphipods()) {
        let burrow = with_parked(&burrow, &parked);
        prop_assert_eq!(textbook::least_energy(&burrow), reference(&burrow));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(2, 40)))]

    #[test]
    fn textbook_reference_agrees_with_the_general_one_depth_two(burrow in rooms(2)) {
        prop_assert_eq!(textbook::least_energy(&burrow), reference(&burrow));
    }
}

/// Up to two (stop, room) choices: the top amphipod of the room moves out to the stop.
fn hallway_amphipods() -> impl Strategy<Value = Vec<(usize, usize)>> {
    prop::collection::vec((0usize..7, 0usize..4), 0..3)
}

/// `burrow` with the top amphipod of each chosen room moved out to the chosen stop (when
/// both are still possible), so that the start has amphipods in the hallway.
fn with_parked(burrow: &Burrow, parked: &[(usize, usize)]) -> Burrow {
    let mut b = burrow.clone();
    for &(stop, room) in parked {
        let x = geometry::STOPS[stop];
        let top = (0..b.depth()).find(|&k| b.room(room)[k].is_some());
        if let (None, Some(k)) = (b.hallway()[x], top) {
            let who = b.at(Place::Room(room, k));
            b.set(Place::Room(room, k), None);
            b.set(Place::Hall(x), who);
        }
    }
    b
}

/// `check` on each of the 2,520 possible puzzle inputs, split over the machine's threads:
/// what it found wrong, an entry per input.
fn failures_over_every_input(check: impl Fn(&str) -> Option<String> + Sync) -> Vec<String> {
    let inputs = every_puzzle_input();
    assert_eq!(inputs.len(), 2520);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = inputs.len().div_ceil(threads);
    let check = &check;
    std::thread::scope(|scope| {
        let workers: Vec<_> = inputs
            .chunks(chunk)
            .map(|inputs| scope.spawn(move || inputs.iter().filter_map(|text| check(text)).collect::<Vec<_>>()))
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
    })
}

/// Both parts of all 2,520 possible puzzle inputs, parse included, against the textbook
/// reference. Release build and two threads: `cargo test --release -p aoc2021 --
/// --ignored every_possible_input` (docs/benchmarks.md has the time it takes).
#[test]
#[ignore = "deep check (every possible input): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
fn every_possible_input_is_solved_exactly_in_both_parts() {
    let mismatches = failures_over_every_input(|text| {
        let burrow = parse(text).unwrap();
        let unfolded = burrow.unfolded().unwrap();
        let got = (part1(&burrow).ok(), part2(&burrow).ok());
        let want = (textbook::least_energy(&burrow), textbook::least_energy(&unfolded));
        (got != want).then(|| format!("{text}: solver {got:?}, reference {want:?}"))
    });
    assert!(mismatches.is_empty(), "{} of 2,520 disagree:\n{}", mismatches.len(), mismatches.join("\n"));
}

/// [`check_state_tests`] on every state reachable in either part of all 2,520 possible
/// puzzle inputs: the heuristic never over-estimates, no solvable state is called dead,
/// no skipped decision was needed. The random burrows of the property tests are a sample;
/// these are the inputs that matter. About 100 s in a release build on two threads.
#[test]
#[ignore = "deep check (every possible input): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
fn every_possible_input_passes_the_state_checks_in_every_reachable_state() {
    let failures = failures_over_every_input(|text| {
        let burrow = parse(text).unwrap();
        let run = |b: &Burrow| std::panic::catch_unwind(|| check_state_tests(b)).err();
        let failed = run(&burrow).or_else(|| run(&burrow.unfolded().unwrap()));
        failed.map(|_| format!("{text}: a state check failed (its message is above)"))
    });
    assert!(failures.is_empty(), "{} of 2,520 fail:\n{}", failures.len(), failures.join("\n"));
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

/// `OFF_SPAN` against the definition: the `n` nearest stops outside the span, summed.
#[test]
fn off_span_sums_the_nearest_stops_outside_the_span() {
    for a in 0..4 {
        for b in 0..4 {
            let (lo, hi) = (ROOM_X[a].min(ROOM_X[b]), ROOM_X[a].max(ROOM_X[b]));
            let mut distances: Vec<u32> = geometry::STOPS
                .iter()
                .filter(|&&x| x < lo || x > hi)
                .map(|&x| if x < lo { lo - x } else { x - hi } as u32)
                .collect();
            distances.sort_unstable();
            for n in 0..=distances.len() {
                assert_eq!(heuristic::off_span(a, b, n), distances[..n].iter().sum::<u32>(), "rooms {a} {b}, {n}");
            }
        }
    }
}

/// Rooms `AADC`/`BDBC`: room C's D and room D's two Cs must swap. Either the D parks off
/// the span between doors C and D (2,000 at least), or both Cs do, at two distinct stops
/// one step past a door (400): 400 it is, with 2 for the A/B swap. The charge for one
/// amphipod of the cheaper kind would say 200.
#[test]
fn a_swap_charges_the_cheaper_whole_group() {
    let burrow = parse("#############\n#...........#\n###A#A#D#C###\n  #B#D#B#C#\n  #########\n").unwrap();
    let puzzle = puzzle::Puzzle::new(&burrow);
    assert_eq!(heuristic::detours(puzzle.start, &puzzle.leavers), 402);
}

/// Whether `s` can still be finished, by a depth-first search over the solver's
/// [decisions](solve::decisions) that gives up (`None`) once it has built `budget`
/// successors. Verdicts found are kept in `known`.
fn finishable(
    s: state::State,
    leavers: &leavers::Leavers,
    test: &deadlock::DeadStateTest,
    known: &mut HashMap<state::State, bool>,
    budget: &mut usize,
) -> Option<bool> {
    if s.is_goal() {
        return Some(true);
    }
    if let Some(&verdict) = known.get(&s) {
        return Some(verdict);
    }
    let mut undecided = false;
    for (next, _) in solve::decisions(s, leavers) {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if known.get(&next) == Some(&false) || test.stuck(next) {
            known.insert(next, false);
            continue;
        }
        match finishable(next, leavers, test, known, budget) {
            Some(true) => {
                known.insert(s, true);
                return Some(true);
            }
            Some(false) => {}
            None => undecided = true,
        }
    }
    (!undecided).then(|| {
        known.insert(s, false);
        false
    })
}

/// What [`astar_with_liveness_search`] did.
struct Run {
    answer: Option<u32>,
    /// The successors built by the A* and by the liveness searches together.
    built: usize,
    /// The states expanded, in order, with their priorities (`f`, in horizontal energy
    /// from the settled start), and the goal's cost in the same units when there is one.
    popped: Vec<(u32, state::State)>,
    goal: Option<u32>,
}

/// A textbook A* over part 2 of `burrow` with the solver's dead-state test (its priority
/// raised to the parent's where the estimate falls below it, as the solver's is), that
/// first asks [`finishable`] (with `budget` successors per state popped, if any) about
/// each state it pops and skips those that cannot be finished.
fn astar_with_liveness_search(burrow: &Burrow, budget: Option<usize>) -> Run {
    use std::cmp::Reverse;
    let puzzle = puzzle::Puzzle::new(burrow);
    let l = &puzzle.leavers;
    let test = deadlock::DeadStateTest::new(&puzzle);
    let (start, forced) = puzzle.start.settle(l);
    let mut best = HashMap::from([(start, 0)]);
    let mut known = HashMap::new();
    let mut states = vec![start];
    let mut queue = BinaryHeap::from([(Reverse(heuristic::estimate(start, l)), 0, 0)]);
    let mut run = Run { answer: None, built: 0, popped: Vec::new(), goal: None };
    while let Some((Reverse(f), g, row)) = queue.pop() {
        let s = states[row];
        if best[&s] < g {
            continue;
        }
        if s.is_goal() {
            (run.answer, run.goal) = (Some(g + puzzle.vertical + forced), Some(g));
            return run;
        }
        if let Some(budget) = budget {
            let mut left = budget;
            let verdict = finishable(s, l, &test, &mut known, &mut left);
            run.built += budget - left;
            if verdict == Some(false) {
                continue;
            }
        }
        run.popped.push((f, s));
        for (next, energy) in solve::decisions(s, l) {
            let cost = g + energy;
            run.built += 1;
            if best.get(&next).is_some_and(|&known_cost| known_cost <= cost) {
                continue;
            }
            if known.get(&next) == Some(&false) || test.stuck(next) {
                best.insert(next, 0);
                continue;
            }
            best.insert(next, cost);
            states.push(next);
            queue.push((Reverse((cost + heuristic::estimate(next, l)).max(f)), cost, states.len() - 1));
        }
    }
    run
}

/// docs/2021-23.md's case against proving states dead by searching them out: over part 2 of
/// every 25th possible input, an A* that skips each popped state a liveness search calls
/// dead expands a small fraction of the states, but the searches build more successors
/// than they save, whether exact or cut off after a few successors.
/// `cargo test --release -p aoc2021 --lib -- --ignored --nocapture liveness_search`
#[test]
#[ignore = "measurement behind a figure in docs/2021-23.md (seconds in release)"]
fn a_liveness_search_at_each_expansion_builds_more_than_it_saves() {
    let burrows: Vec<Burrow> =
        every_puzzle_input().iter().step_by(25).map(|t| parse(t).unwrap().unfolded().unwrap()).collect();
    let per_input = |budget: Option<usize>| {
        let (mut expanded, mut built) = (0, 0);
        for burrow in &burrows {
            let run = astar_with_liveness_search(burrow, budget);
            assert_eq!(run.answer, least_energy(burrow).0.ok(), "budget {budget:?} in\n{}", burrow.diagram());
            (expanded, built) = (expanded + run.popped.len(), built + run.built);
        }
        (expanded / burrows.len(), built / burrows.len())
    };
    let (plain_expanded, plain_built) = per_input(None);
    println!("{} inputs; per input, no liveness search: {plain_expanded} expanded, {plain_built} built", burrows.len());
    for budget in [8, 32, 128, usize::MAX] {
        let (expanded, built) = per_input(Some(budget));
        let limit = if budget == usize::MAX { "no limit".to_string() } else { format!("up to {budget} successors") };
        println!("liveness search, {limit}: {expanded} expanded, {built} built");
        assert!(built > plain_built, "budget {budget}: {built} built against {plain_built}");
        if budget == usize::MAX {
            assert!(expanded * 10 < plain_expanded, "an exact search should leave few states: {expanded}");
        }
    }
}

/// Why no tie-breaking can speed part 2 up: over part 2 of every 25th possible input, the
/// states A* expands before it reaches the goal lie almost all strictly below the answer
/// (A* must expand every one of those, whatever its order among equal priorities). Also
/// prints how far below the answer the start's estimate lies.
/// `cargo test --release -p aoc2021 --lib -- --ignored --nocapture below_the_answer`
#[test]
#[ignore = "measurement behind a figure in docs/2021-23.md (a second in release)"]
fn part_two_expands_almost_only_states_below_the_answer() {
    let (mut below, mut at, mut unsolvable) = (0, 0, 0);
    let mut gaps = Vec::new();
    for text in every_puzzle_input().iter().step_by(25) {
        let run = astar_with_liveness_search(&parse(text).unwrap().unfolded().unwrap(), None);
        match run.goal {
            Some(goal) => {
                below += run.popped.iter().filter(|&&(f, _)| f < goal).count();
                at += run.popped.iter().filter(|&&(f, _)| f == goal).count();
                gaps.push(goal - run.popped[0].0);
            }
            None => unsolvable += run.popped.len(),
        }
    }
    println!("solvable inputs: {below} states expanded below the answer, {at} at it; unsolvable: {unsolvable}");
    gaps.sort_unstable();
    let gap = |q: usize| gaps[(gaps.len() - 1) * q / 100];
    println!("the answer less the start's estimate: median {}, p90 {}, max {}", gap(50), gap(90), gap(100));
    assert!(at * 100 < below, "{at} of {} at the answer", below + at);
}

/// A textbook A* over part 2 of `burrow` with the solver's dead-state test and one more,
/// `dead`, asked about each state reached with at most `hallway` amphipods in the hallway
/// (it returns its verdict and the successors it built to reach it). Returns the states
/// expanded, the successors the A* built, and those `dead` built.
fn astar_with_a_test_at_small_hallways(
    burrow: &Burrow,
    hallway: u32,
    mut dead: impl FnMut(state::State) -> (bool, usize),
) -> (usize, usize, usize) {
    use std::cmp::Reverse;
    let puzzle = puzzle::Puzzle::new(burrow);
    let l = &puzzle.leavers;
    let test = deadlock::DeadStateTest::new(&puzzle);
    let (start, _) = puzzle.start.settle(l);
    let mut best = HashMap::from([(start, 0)]);
    let mut states = vec![start];
    let mut queue = BinaryHeap::from([(Reverse(heuristic::estimate(start, l)), 0, 0)]);
    let (mut expanded, mut built, mut built_by_test) = (0, 0, 0);
    while let Some((Reverse(f), g, row)) = queue.pop() {
        let s = states[row];
        if best[&s] < g {
            continue;
        }
        if s.is_goal() {
            break;
        }
        expanded += 1;
        for (next, energy) in solve::decisions(s, l) {
            built += 1;
            let cost = g + energy;
            if best.get(&next).is_some_and(|&known| known <= cost) {
                continue;
            }
            let dead_too = next.occupied().count_ones() <= hallway && {
                let (verdict, built) = dead(next);
                built_by_test += built;
                verdict
            };
            if test.stuck(next) || dead_too {
                best.insert(next, 0);
                continue;
            }
            best.insert(next, cost);
            states.push(next);
            queue.push((Reverse((cost + heuristic::estimate(next, l)).max(f)), cost, states.len() - 1));
        }
    }
    (expanded, built, built_by_test)
}

/// What a sharper dead-state test could gain, and why searching cannot be it: over part 2
/// of every 50th possible input, an A* told exactly which states with at most one (two)
/// amphipods in the hallway are dead expands far fewer states; finding that out by an
/// exhaustive liveness search at those states (verdicts shared across the whole run)
/// builds several times the successors it saves the A*.
/// `cargo test --release -p aoc2021 --lib -- --ignored --nocapture small_hallways`
#[test]
#[ignore = "measurement behind a figure in docs/2021-23.md (seconds in release)"]
fn dead_states_with_small_hallways_are_worth_catching_but_not_by_search() {
    let burrows: Vec<Burrow> =
        every_puzzle_input().iter().step_by(50).map(|t| parse(t).unwrap().unfolded().unwrap()).collect();
    let no_extra_test = |_: state::State| (false, 0);
    let (plain_expanded, plain_built) = burrows
        .iter()
        .map(|b| astar_with_a_test_at_small_hallways(b, 0, no_extra_test))
        .fold((0, 0), |(e, b), (e2, b2, _)| (e + e2, b + b2));
    println!("{} inputs, the solver's test alone: {plain_expanded} expanded, {plain_built} built", burrows.len());
    for hallway in [1, 2] {
        let (mut told, mut searched, mut built_with_verdicts) = (0, 0, 0);
        for burrow in &burrows {
            let (leavers, costs) = costs_to_go(burrow);
            let (exact, ..) = astar_with_a_test_at_small_hallways(burrow, hallway, |s| (costs[&s].is_none(), 0));
            told += exact;
            let test = deadlock::DeadStateTest::new(&puzzle::Puzzle::new(burrow));
            let mut known = HashMap::new();
            let (expanded, built, built_by_test) = astar_with_a_test_at_small_hallways(burrow, hallway, |s| {
                let mut budget = usize::MAX;
                let verdict = finishable(s, &leavers, &test, &mut known, &mut budget);
                (verdict == Some(false), usize::MAX - budget)
            });
            assert_eq!(expanded, exact, "the liveness search is exact, so the A*s agree");
            searched += built_by_test;
            built_with_verdicts += built;
        }
        let saved = plain_built - built_with_verdicts;
        println!("up to {hallway} in the hallway: told exactly, {told} expanded; by search, {searched} built to save {saved}");
        assert!(told * 10 < plain_expanded * 7, "an exact verdict there should save over 30%: {told}");
        assert!(searched > 2 * saved, "searching out the verdicts built {searched} to save {saved}");
    }
}

/// Where part 2's search spends itself: over part 2 of every 50th possible input, the
/// states A* expands (with the solver's dead-state test), by how many rooms are already
/// open and whether they can still be finished (priced exactly). Almost all of them are
/// dead states in which no room has opened yet, so that is where a sharper dead-state
/// test has to look.
/// `cargo test --release -p aoc2021 --lib -- --ignored --nocapture before_the_first_room_opens`
#[test]
#[ignore = "measurement behind a figure in docs/2021-23.md (two seconds in release)"]
fn part_two_expands_mostly_dead_states_before_the_first_room_opens() {
    // [rooms open] -> (expanded, of which dead)
    let mut by_open = [(0, 0); 5];
    for text in every_puzzle_input().iter().step_by(50) {
        let burrow = parse(text).unwrap().unfolded().unwrap();
        let (_, costs) = costs_to_go(&burrow);
        for (_, s) in astar_with_liveness_search(&burrow, None).popped {
            let open = (0..4).filter(|&r| s.room_len(r) == 0).count();
            by_open[open].0 += 1;
            by_open[open].1 += usize::from(costs[&s].is_none());
        }
    }
    for (open, (expanded, dead)) in by_open.iter().enumerate() {
        println!("rooms open {open}: {expanded} states expanded, {dead} of them dead");
    }
    let expanded: usize = by_open.iter().map(|&(e, _)| e).sum();
    let (none_open, dead_none_open) = by_open[0];
    assert!(none_open * 4 > expanded * 3, "only {none_open} of {expanded} expanded with no room open");
    assert!(dead_none_open * 10 > none_open * 9, "only {dead_none_open} of {none_open} dead");
}

/// Why part 2's slowest inputs can only get faster through the dead-state test, or through
/// cheaper steps: their A* expands most of the states the test lets through at all, so no
/// heuristic or tie-breaking has much left to skip. Over the ten part 2 inputs that expand
/// the most states, prints the states A* expands beside those reachable from the start
/// without passing a state the test condemns.
/// `cargo test --release -p aoc2021 --lib -- --ignored --nocapture most_of_what_the_test_lets_through`
#[test]
#[ignore = "measurement behind a figure in docs/2021-23.md (a few seconds in release)"]
fn the_slowest_inputs_expand_most_of_what_the_test_lets_through() {
    let mut burrows: Vec<(u64, String, Burrow)> = every_puzzle_input()
        .iter()
        .map(|text| {
            let burrow = parse(text).unwrap().unfolded().unwrap();
            (least_energy(&burrow).1.expanded, text.clone(), burrow)
        })
        .collect();
    burrows.sort_by_key(|&(expanded, ..)| std::cmp::Reverse(expanded));
    for (expanded, text, burrow) in burrows.iter().take(10) {
        let puzzle = puzzle::Puzzle::new(burrow);
        let test = deadlock::DeadStateTest::new(&puzzle);
        let (start, _) = puzzle.start.settle(&puzzle.leavers);
        let mut seen = std::collections::HashSet::from([start]);
        let mut to_visit = vec![start];
        let mut passed = 0;
        while let Some(s) = to_visit.pop() {
            passed += 1;
            for (next, _) in solve::decisions(s, &puzzle.leavers) {
                if seen.insert(next) && !test.stuck(next) {
                    to_visit.push(next);
                }
            }
        }
        let rooms: String = text.lines().skip(2).take(2).map(|l| l.trim().trim_matches('#').replace('#', "")).collect();
        println!("rooms {rooms}: A* expands {expanded} of the {passed} states the test lets through");
        assert!(*expanded as usize * 2 > passed, "{rooms}: only {expanded} of {passed}");
    }
}

//! The plain searches (module `plain`, the named solutions) give the default's answers.

use super::*;

#[test]
fn the_plain_searches_agree_with_the_solver_on_the_example() {
    let burrow = parse(EXAMPLE).unwrap();
    assert_eq!(part1_dijkstra(&burrow), Ok(12521));
    assert_eq!(part1_astar(&burrow), Ok(12521));
    assert_eq!(part1_idastar(&burrow), Ok(12521));
    assert_eq!(part1_bounded(&burrow), Ok(12521));
    assert_eq!(part2_dijkstra(&burrow), Ok(44169));
    assert_eq!(part2_astar(&burrow), Ok(44169));
}

#[test]
fn the_plain_searches_say_no_solution_and_not_foldable_alike() {
    let stuck = "#############\n#...D.A.....#\n###.#B#C#.###\n  #A#B#C#D#\n  #########\n";
    let burrow = parse(stuck).unwrap();
    for how in [Plain::Dijkstra, Plain::Astar, Plain::Idastar, Plain::Bounded] {
        assert_eq!(least_energy_by(&burrow, how), part1(&burrow), "{how:?}");
    }
    let done = parse("#############\n#...........#\n###A#B#C#D###\n  #########\n").unwrap();
    assert_eq!(part2_astar(&done), Err(SolveError::NotFoldable(1)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(16, 256)))]

    #[test]
    fn the_plain_searches_agree_with_the_solver(burrow in rooms(2), parked in hallway_amphipods()) {
        let burrow = with_parked(&burrow, &parked);
        let expected = part1(&burrow);
        prop_assert_eq!(part1_dijkstra(&burrow), expected.clone());
        prop_assert_eq!(part1_astar(&burrow), expected.clone());
        prop_assert_eq!(part1_idastar(&burrow), expected.clone());
        prop_assert_eq!(part1_bounded(&burrow), expected);
    }

    #[test]
    fn the_plain_searches_agree_with_the_solver_on_deep_rooms(burrow in rooms(4)) {
        let expected = least_energy(&burrow).0;
        prop_assert_eq!(least_energy_by(&burrow, Plain::Astar), expected.clone());
        prop_assert_eq!(least_energy_by(&burrow, Plain::Dijkstra), expected);
    }
}

use proptest::prelude::*;

use super::*;
// The tests read the example's input; `EXAMPLE` is the examples text around it.
use super::EXAMPLE_INPUT as EXAMPLE;
use reference::reference;

mod every_input;
mod explain;
mod parsing;
mod plain;
mod reference;
mod state_checks;
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
        let s = geometry::Room::ALL.into_iter().fold(state::State::GOAL, |s, r| s.with_room_len(r, len(r.0)));
        let expected = geometry::RoomMask((0..4).filter(|&r| len(r) > 0).fold(0, |m, r| m | 1 << r));
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
    assert_eq!(part1(&burrow), Err(SolveError::NoSolution(aoc_day::Unsolvable)));
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

#[test]
fn the_examples_file_holds_the_example_input() {
    let examples = aoc_day::examples::parse(super::EXAMPLE).unwrap();
    assert_eq!(examples[0].input, EXAMPLE);
}

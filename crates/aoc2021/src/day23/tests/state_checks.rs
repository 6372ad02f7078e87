//! The checks in every reachable state: the dead-state test never condemns a solvable
//! state, the heuristic never over-estimates, skipped decisions were never needed; and
//! the heuristic's tables.

use super::*;
use crate::day23::oracle::costs_to_go;
use crate::day23::oracle::every_step_out;

/// Over every reachable state: the dead-state test never condemns a state that can be
/// finished, the heuristic never over-estimates what finishing costs, the bound kept in
/// each state equals the bound summed afresh, every decision raises energy spent plus
/// bound by exactly its [rise](state::State::step_out_rise) (so partial expansion's keys
/// are lower bounds), and every decision the solver skips as a
/// [deadlock](state::State::faces_for_good) leads to a state that cannot be finished.
/// The decisions the solver makes (neither those nor parkings on the way home) finish
/// every state as cheaply as all decisions do, and finish the same states.
/// Returns (dead states, dead ones caught, decisions skipped).
pub(super) fn check_state_tests(burrow: &Burrow) -> (usize, usize, usize) {
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
            assert_eq!(energy + forced + next.bound(), s.bound() + rise, "rise of {r:?} to {i:?} from {s:?}");
            if s.faces_for_good(i, kind) {
                assert_eq!(memo[&next], None, "skipped a decision into a solvable state in\n{}", burrow.diagram());
                skipped += 1;
            } else if !(geometry::ROOM_TO_ROOM[r][kind.home()]).contains(i) {
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
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(20, 300)))]

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
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(4, 200)))]

    #[test]
    fn the_dead_state_test_never_condemns_a_solvable_state_depth_three_and_four(
        burrow in prop_oneof![rooms(3), rooms(4)]
    ) {
        check_state_tests(&burrow);
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
                let (ra, rb) = (geometry::Room(a), geometry::Room(b));
                assert_eq!(heuristic::off_span(ra, rb, n), distances[..n].iter().sum::<u32>(), "rooms {a} {b}, {n}");
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

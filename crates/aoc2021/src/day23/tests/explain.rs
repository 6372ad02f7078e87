//! `--explain`: every printed solution replays legally, move by move, to the answer.

use super::*;

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
    let text = explain(EXAMPLE, Part::One).unwrap();
    assert!(text.contains("energy 12521; search: "), "{text}");
    assert!(text.contains("(forced)"));
    assert!(explain(EXAMPLE, Part::Two).unwrap().contains("energy 44169; search: "));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(10, 40)))]

    #[test]
    fn random_explained_solutions_replay_legally(burrow in rooms(2)) {
        replay(&burrow);
    }
}

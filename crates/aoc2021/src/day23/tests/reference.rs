//! The rules-as-written reference: Dijkstra over whole burrows, no reductions, and the
//! solver and the textbook reference checked against it on random burrows.

use std::collections::{BinaryHeap, HashMap};

use super::*;

/// The plainest solver: Dijkstra over whole burrows with the puzzle's rules as written,
/// no reductions. Cells: hallway 0..11, then room `r` depth `k` at `11 + r * depth + k`,
/// three bits each (0 empty, 1 to 4 for A to D) in one `u128`.
pub(super) fn reference(burrow: &Burrow) -> Option<u32> {
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn fast_solver_matches_reference_depth_one(burrow in rooms(1)) {
        prop_assert_eq!(least_energy(&burrow).0.ok(), reference(&burrow));
    }
}

proptest! {
    // The plain reference takes a good part of a second per burrow of depth two.
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(1, 150)))]

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
    #![proptest_config(ProptestConfig::with_cases(test_kit::cases(1, 40)))]

    #[test]
    fn textbook_reference_agrees_with_the_general_one_depth_two(burrow in rooms(2)) {
        prop_assert_eq!(textbook::least_energy(&burrow), reference(&burrow));
    }
}

//! The graphs `vs_pathfinding` and the `prof_vs` harness search: one definition, so that
//! instruction counts and timings are taken on the same graphs.

use test_kit::Rng;

/// A 300x300 maze, about 30% walls, with per-cell entry costs 1..=9, from a fixed seed.
pub struct Maze {
    size: i32,
    wall: Vec<bool>,
    weight: Vec<u32>,
}

impl Maze {
    pub fn new(size: i32) -> Self {
        let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
        let cells = (size * size) as usize;
        let mut wall: Vec<bool> = (0..cells).map(|_| rng.below(100) < 30).collect();
        wall[0] = false;
        wall[cells - 1] = false;
        let weight = (0..cells).map(|_| rng.below(9) as u32 + 1).collect();
        Maze { size, wall, weight }
    }

    pub fn goal(&self) -> (i32, i32) {
        (self.size - 1, self.size - 1)
    }

    pub fn open(&self, (x, y): (i32, i32)) -> bool {
        (0..self.size).contains(&x) && (0..self.size).contains(&y) && !self.wall[(y * self.size + x) as usize]
    }

    pub fn neighbours(&self, &(x, y): &(i32, i32)) -> impl Iterator<Item = (i32, i32)> + '_ {
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].into_iter().filter(|&p| self.open(p))
    }

    pub fn weighted(&self, p: &(i32, i32)) -> impl Iterator<Item = ((i32, i32), u32)> + '_ {
        self.neighbours(p).map(|q| (q, self.weight[(q.1 * self.size + q.0) as usize]))
    }

    pub fn manhattan(&self, &(x, y): &(i32, i32)) -> u32 {
        let (gx, gy) = self.goal();
        (gx - x).unsigned_abs() + (gy - y).unsigned_abs()
    }
}

/// An implicit graph on 200,000 nodes: each node has four pseudo-random successors.
pub fn random_successors(&n: &u64) -> impl Iterator<Item = (u64, u32)> {
    (0..4u64).map(move |i| {
        let mut h = (n ^ (i << 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
        (h % 200_000, (h >> 40) as u32 % 50 + 1)
    })
}

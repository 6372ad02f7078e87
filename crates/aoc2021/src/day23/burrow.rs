//! The burrow as parsed: amphipods, rooms and hallway, in puzzle terms.

/// Hallway cells, left to right.
pub const HALLWAY_LEN: usize = 11;
/// The hallway cell above each room (0-based), rooms A to D left to right.
pub const ROOM_X: [usize; 4] = [2, 4, 6, 8];
/// The deepest rooms supported.
pub const MAX_DEPTH: usize = 8;
/// Energy per step of A, B, C and D.
pub(super) const ENERGY: [u32; 4] = [1, 10, 100, 1000];

/// An amphipod kind; its index is also its destination room. The one type for a kind, in
/// the parsed burrow and in the search alike (tables of four are indexed by it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Amphipod {
    /// Amber, 1 energy per step, room 1.
    A,
    /// Bronze, 10 energy per step, room 2.
    B,
    /// Copper, 100 energy per step, room 3.
    C,
    /// Desert, 1000 energy per step, room 4.
    D,
}

impl Amphipod {
    /// All four kinds in room order.
    pub const ALL: [Amphipod; 4] = [Amphipod::A, Amphipod::B, Amphipod::C, Amphipod::D];

    /// The kind written as `letter`.
    pub fn from_letter(letter: char) -> Option<Amphipod> {
        Some(match letter {
            'A' => Amphipod::A,
            'B' => Amphipod::B,
            'C' => Amphipod::C,
            'D' => Amphipod::D,
            _ => return None,
        })
    }

    /// The kind's letter.
    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }

    /// Its destination room (0-based) and index.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind of index `i % 4`: no table, no check (the compiler makes it `i & 3`).
    #[inline(always)]
    pub(super) const fn from_index(i: usize) -> Amphipod {
        match i & 3 {
            0 => Amphipod::A,
            1 => Amphipod::B,
            2 => Amphipod::C,
            _ => Amphipod::D,
        }
    }

    /// Energy per step.
    pub fn energy(self) -> u32 {
        ENERGY[self.index()]
    }
}

/// A burrow: rooms of equal depth (top cell first) and the hallway. Fixed-size, so that
/// building one allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Burrow {
    /// `rooms[r][k]`: room `r` at depth `k` (0 = top); cells at `depth` and below are
    /// always empty, so that equal burrows compare equal.
    rooms: [[Option<Amphipod>; MAX_DEPTH]; 4],
    depth: usize,
    hallway: [Option<Amphipod>; HALLWAY_LEN],
}

impl Burrow {
    /// A burrow from the hallway and the room rows, top row first; rows past
    /// [`MAX_DEPTH`] are left out.
    pub fn from_rows(hallway: [Option<Amphipod>; HALLWAY_LEN], rows: &[[Option<Amphipod>; 4]]) -> Burrow {
        let rows = &rows[..rows.len().min(MAX_DEPTH)];
        let mut rooms = [[None; MAX_DEPTH]; 4];
        for (k, row) in rows.iter().enumerate() {
            for (room, &cell) in rooms.iter_mut().zip(row) {
                room[k] = cell;
            }
        }
        Burrow { rooms, depth: rows.len(), hallway }
    }

    /// Room depth.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Room `r`, top cell first.
    pub fn room(&self, r: usize) -> &[Option<Amphipod>] {
        &self.rooms[r][..self.depth]
    }

    /// The hallway, left to right.
    pub fn hallway(&self) -> &[Option<Amphipod>; HALLWAY_LEN] {
        &self.hallway
    }

    /// How many amphipods of each kind there are.
    pub fn counts(&self) -> [usize; 4] {
        let mut counts = [0; 4];
        let everywhere = (0..4).flat_map(|r| self.room(r)).chain(&self.hallway);
        for a in everywhere.flatten() {
            counts[a.index()] += 1;
        }
        counts
    }

    /// Part 2's burrow: the two folded rows `#D#C#B#A#` and `#D#B#A#C#` inserted between the
    /// two room rows of a depth-2 burrow; `None` for other depths.
    pub fn unfolded(&self) -> Option<Burrow> {
        use Amphipod::*;
        if self.depth() != 2 {
            return None;
        }
        let extra = [[D, C, B, A], [D, B, A, C]];
        let mut rooms = [[None; MAX_DEPTH]; 4];
        for (r, room) in rooms.iter_mut().enumerate() {
            room[..4].copy_from_slice(&[self.rooms[r][0], Some(extra[0][r]), Some(extra[1][r]), self.rooms[r][1]]);
        }
        Some(Burrow { rooms, depth: 4, hallway: self.hallway })
    }

    /// The diagram, as the puzzle draws it.
    pub fn diagram(&self) -> String {
        let cell = |a: Option<Amphipod>| a.map_or('.', Amphipod::letter);
        let mut out = String::from("#############\n#");
        out.extend(self.hallway.iter().map(|&a| cell(a)));
        out.push_str("#\n");
        for k in 0..self.depth() {
            let [a, b, c, d] = std::array::from_fn(|r| cell(self.rooms[r][k]));
            let (left, right) = if k == 0 { ("###", "###") } else { ("  #", "#") };
            out.push_str(&format!("{left}{a}#{b}#{c}#{d}{right}\n"));
        }
        out.push_str("  #########\n");
        out
    }
}

/// A cell of the burrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Hallway cell `x` (0-based).
    Hall(usize),
    /// Room `r` (0-based), depth `k` (0 = top).
    Room(usize, usize),
}

impl Burrow {
    /// Who is at `place`.
    pub fn at(&self, place: Place) -> Option<Amphipod> {
        match place {
            Place::Hall(x) => self.hallway[x],
            Place::Room(r, k) => self.rooms[r][k],
        }
    }

    pub(super) fn set(&mut self, place: Place, who: Option<Amphipod>) {
        match place {
            Place::Hall(x) => self.hallway[x] = who,
            Place::Room(r, k) => self.rooms[r][k] = who,
        }
    }

    /// Every amphipod is in its own room.
    pub fn is_organised(&self) -> bool {
        (0..4).all(|r| self.room(r).iter().all(|&a| a.map(Amphipod::index) == Some(r)))
    }
}

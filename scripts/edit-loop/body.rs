//! Solving both parts: a stand-in body for the edit-loop benchmark (`scripts/edit-loop.sh`),
//! about the size and kind of a real day: a digit grid parsed, searched breadth-first and
//! with Dijkstra, its regions flood-filled and counted. `DAY` makes each day's code its own.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::fmt;

use super::Input;

/// Part 1's answer.
pub type Answer1 = i64;
/// Part 2's answer.
pub type Answer2 = i64;

const DAY: usize = @DAY@;
/// The line the benchmark edits: its value leads both answers, so each edit shows.
const EDIT: i64 = 0;

/// Why a part has no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The part has not been written yet.
    NotSolvedYet(u8),
    /// The input has no cells.
    Empty,
    /// A cell that is not a digit.
    NotADigit { line: usize, found: char },
    /// A row of another width than the first.
    Ragged { line: usize },
    /// The goal cannot be reached.
    NoPath,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotSolvedYet(part) => write!(f, "part {part} is not solved yet"),
            SolveError::Empty => write!(f, "the grid is empty"),
            SolveError::NotADigit { line, found } => write!(f, "line {line}: `{found}` is not a digit"),
            SolveError::Ragged { line } => write!(f, "line {line}: not as wide as the first line"),
            SolveError::NoPath => write!(f, "the bottom right cannot be reached"),
        }
    }
}

impl std::error::Error for SolveError {}

/// A rectangle of digits, row by row.
struct Grid {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

impl Grid {
    fn parse(lines: &[String]) -> Result<Grid, SolveError> {
        let width = lines.first().map_or(0, |l| l.len());
        if width == 0 {
            return Err(SolveError::Empty);
        }
        let mut cells = Vec::with_capacity(width * lines.len());
        for (number, line) in lines.iter().enumerate() {
            if line.len() != width {
                return Err(SolveError::Ragged { line: number + 1 });
            }
            for c in line.chars() {
                let digit = c.to_digit(10).ok_or(SolveError::NotADigit { line: number + 1, found: c })?;
                cells.push(digit as u8);
            }
        }
        Ok(Grid { width, height: lines.len(), cells })
    }

    fn neighbours(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        let (x, y) = (at % self.width, at / self.width);
        let steps: [(isize, isize); 4] = if DAY % 2 == 0 { [(1, 0), (0, 1), (-1, 0), (0, -1)] } else { [(0, 1), (1, 0), (0, -1), (-1, 0)] };
        steps.into_iter().filter_map(move |(dx, dy)| {
            let nx = x.checked_add_signed(dx).filter(|&nx| nx < self.width)?;
            let ny = y.checked_add_signed(dy).filter(|&ny| ny < self.height)?;
            Some(ny * self.width + nx)
        })
    }

    fn open(&self, at: usize) -> bool {
        usize::from(self.cells[at]) != (DAY % 10)
    }
}

/// Fewest steps from the top left to the bottom right through open cells.
fn fewest_steps(grid: &Grid) -> Option<usize> {
    let goal = grid.cells.len() - 1;
    let mut seen = vec![false; grid.cells.len()];
    let mut queue = VecDeque::from([(0usize, 0usize)]);
    seen[0] = true;
    while let Some((at, steps)) = queue.pop_front() {
        if at == goal {
            return Some(steps);
        }
        for next in grid.neighbours(at) {
            if grid.open(next) && !seen[next] {
                seen[next] = true;
                queue.push_back((next, steps + 1));
            }
        }
    }
    None
}

/// Least total risk (the digits entered) from the top left to the bottom right.
fn least_risk(grid: &Grid) -> Option<u64> {
    let goal = grid.cells.len() - 1;
    let mut best = vec![u64::MAX; grid.cells.len()];
    let mut heap = BinaryHeap::from([Reverse((0u64, 0usize))]);
    best[0] = 0;
    while let Some(Reverse((risk, at))) = heap.pop() {
        if at == goal {
            return Some(risk);
        }
        if risk > best[at] {
            continue;
        }
        for next in grid.neighbours(at) {
            let through = risk + u64::from(grid.cells[next]) + (DAY as u64 % 3);
            if through < best[next] {
                best[next] = through;
                heap.push(Reverse((through, next)));
            }
        }
    }
    None
}

/// The size of each region of equal digits, by digit.
fn regions(grid: &Grid) -> HashMap<u8, Vec<usize>> {
    let mut region_of = vec![usize::MAX; grid.cells.len()];
    let mut sizes: HashMap<u8, Vec<usize>> = HashMap::new();
    for start in 0..grid.cells.len() {
        if region_of[start] != usize::MAX {
            continue;
        }
        let digit = grid.cells[start];
        let mut stack = vec![start];
        region_of[start] = start;
        let mut size = 0;
        while let Some(at) = stack.pop() {
            size += 1;
            for next in grid.neighbours(at) {
                if region_of[next] == usize::MAX && grid.cells[next] == digit {
                    region_of[next] = start;
                    stack.push(next);
                }
            }
        }
        sizes.entry(digit).or_default().push(size);
    }
    sizes
}

/// Part 1's answer: the fewest steps, plus the number of regions of the day's digit.
pub fn part1(input: &Input) -> Result<Answer1, SolveError> {
    let grid = Grid::parse(&input.lines)?;
    let steps = fewest_steps(&grid).ok_or(SolveError::NoPath)?;
    let regions = regions(&grid);
    let own = regions.get(&((DAY % 10) as u8)).map_or(0, Vec::len);
    Ok(EDIT * 1_000_000 + steps as i64 + own as i64)
}

/// Part 2's answer: the least risk, times the largest region's size.
pub fn part2(input: &Input) -> Result<Answer2, SolveError> {
    let grid = Grid::parse(&input.lines)?;
    let risk = least_risk(&grid).ok_or(SolveError::NoPath)?;
    let mut largest: Vec<usize> = regions(&grid).into_values().flatten().collect();
    largest.sort_unstable_by(|a, b| b.cmp(a));
    let top: usize = largest.iter().take(3).product();
    Ok(EDIT * 1_000_000 + risk as i64 * (top as i64 % 1000))
}

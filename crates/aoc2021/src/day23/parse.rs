//! Reading the burrow diagram into a [`Burrow`].

use thiserror::Error;

use super::model::{Amphipod, Burrow, HALLWAY_LEN, MAX_DEPTH, ROOM_X};

/// Why a diagram is not a valid burrow. Every variant names the (1-based) line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A line that does not have the expected walls.
    #[error("line {line}: expected {expected}, found `{found}`")]
    Shape { line: usize, expected: &'static str, found: String },
    /// A character that is neither a wall, `.`, nor A to D.
    #[error("line {line}: unknown character `{ch}` in column {column} (expected `.` or A, B, C, D)")]
    UnknownChar { line: usize, column: usize, ch: char },
    /// Fewer than three lines, or no room rows.
    #[error("line {line}: the diagram ends early: {what}")]
    TooShort { line: usize, what: &'static str },
    /// Rooms deeper than supported.
    #[error("line {line}: rooms deeper than {MAX_DEPTH} are not supported")]
    TooDeep { line: usize },
    /// Lines after the bottom wall.
    #[error("line {line}: unexpected text after the burrow's bottom wall")]
    Trailing { line: usize },
    /// An amphipod standing right outside a room, where none may stop.
    #[error("line {line}: an amphipod stands in column {column}, right outside a room, where amphipods never stop")]
    AtEntrance { line: usize, column: usize },
    /// An empty room cell below an amphipod.
    #[error("line {line}: room {room} has an empty cell below an amphipod")]
    Floating { line: usize, room: usize },
    /// The wrong number of amphipods of a kind.
    #[error(
        "line {line}: there are {count} amphipods of type {kind}, but rooms of depth {depth} need exactly {depth}"
    )]
    Count { line: usize, kind: char, count: usize, depth: usize },
}

const TOP_WALL: &str = "#############";
const FIRST_ROW: &str = "###?#?#?#?###";
const ROW: &str = "  #?#?#?#?#";
const BOTTOM_WALL: &str = "  #########";

/// Parses the diagram. Trailing spaces and blank lines at the end are ignored.
pub fn parse(input: &str) -> Result<Burrow, ParseError> {
    let lines: Vec<&str> = input.lines().map(str::trim_end).collect();
    let end = lines.iter().rposition(|l| !l.is_empty()).map_or(0, |i| i + 1);
    let lines = &lines[..end];
    let line = |i: usize| lines.get(i).copied();

    match line(0) {
        Some(TOP_WALL) => {}
        Some(found) => return Err(shape(1, "the top wall `#############`", found)),
        None => return Err(ParseError::TooShort { line: 1, what: "no diagram at all" }),
    }
    let hallway_line = line(1).ok_or(ParseError::TooShort { line: 2, what: "no hallway line" })?;
    let hallway = parse_hallway(hallway_line)?;

    let mut rooms: Vec<[Option<Amphipod>; 4]> = Vec::new();
    let mut i = 2;
    loop {
        let Some(text) = line(i) else {
            let what = if rooms.is_empty() { "no room rows" } else { "no bottom wall `  #########`" };
            return Err(ParseError::TooShort { line: i + 1, what });
        };
        if !rooms.is_empty() && is_bottom_wall(text) {
            break;
        }
        let (pattern, expected) = if rooms.is_empty() {
            (FIRST_ROW, "the first room row `###A#B#C#D###`")
        } else {
            (ROW, "a room row `  #A#B#C#D#` or the bottom wall `  #########`")
        };
        rooms.push(parse_room_row(i + 1, text, pattern, expected)?);
        if rooms.len() > MAX_DEPTH {
            return Err(ParseError::TooDeep { line: i + 1 });
        }
        i += 1;
    }
    if i + 1 < lines.len() {
        return Err(ParseError::Trailing { line: i + 2 });
    }
    let burrow = Burrow::from_rows(hallway, &rooms);
    check_rooms(&burrow, &rooms)?;
    check_counts(&burrow, lines.len())?;
    Ok(burrow)
}

fn shape(line: usize, expected: &'static str, found: &str) -> ParseError {
    ParseError::Shape { line, expected, found: found.to_string() }
}

fn is_bottom_wall(text: &str) -> bool {
    text == BOTTOM_WALL
}

fn amphipod(line: usize, column: usize, ch: char) -> Result<Option<Amphipod>, ParseError> {
    match ch {
        '.' => Ok(None),
        'A'..='D' => Ok(Amphipod::from_letter(ch)),
        _ => Err(ParseError::UnknownChar { line, column, ch }),
    }
}

fn parse_hallway(text: &str) -> Result<[Option<Amphipod>; HALLWAY_LEN], ParseError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != HALLWAY_LEN + 2 || chars[0] != '#' || chars[HALLWAY_LEN + 1] != '#' {
        return Err(shape(2, "the hallway `#...........#`", text));
    }
    let mut hallway = [None; HALLWAY_LEN];
    for (x, &ch) in chars[1..=HALLWAY_LEN].iter().enumerate() {
        hallway[x] = amphipod(2, x + 2, ch)?;
        if hallway[x].is_some() && ROOM_X.contains(&x) {
            return Err(ParseError::AtEntrance { line: 2, column: x + 2 });
        }
    }
    Ok(hallway)
}

/// A room row: `pattern` with `?` where the four room cells are.
fn parse_room_row(
    line: usize,
    text: &str,
    pattern: &str,
    expected: &'static str,
) -> Result<[Option<Amphipod>; 4], ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let wanted: Vec<char> = pattern.chars().collect();
    // Deeper rows are sometimes written with the first row's outer walls (`  #A#B#C#D###`).
    let matches_walls = chars.len() >= wanted.len()
        && chars.len() <= wanted.len() + 2
        && chars.iter().zip(&wanted).all(|(c, w)| *w == '?' || c == w)
        && chars[wanted.len()..].iter().all(|&c| c == '#');
    if !matches_walls {
        return Err(shape(line, expected, text));
    }
    let mut row = [None; 4];
    let cells = wanted.iter().enumerate().filter(|(_, &w)| w == '?').map(|(i, _)| i);
    for (room, column) in cells.enumerate() {
        row[room] = amphipod(line, column + 1, chars[column])?;
    }
    Ok(row)
}

fn check_rooms(burrow: &Burrow, rows: &[[Option<Amphipod>; 4]]) -> Result<(), ParseError> {
    for room in 0..4 {
        for depth in 1..burrow.depth() {
            if rows[depth - 1][room].is_some() && rows[depth][room].is_none() {
                return Err(ParseError::Floating { line: depth + 3, room: room + 1 });
            }
        }
    }
    Ok(())
}

fn check_counts(burrow: &Burrow, last_line: usize) -> Result<(), ParseError> {
    let counts = burrow.counts();
    for (kind, &count) in counts.iter().enumerate() {
        if count != burrow.depth() {
            let letter = Amphipod::ALL[kind].letter();
            return Err(ParseError::Count { line: last_line, kind: letter, count, depth: burrow.depth() });
        }
    }
    Ok(())
}

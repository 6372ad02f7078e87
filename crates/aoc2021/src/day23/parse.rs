//! Reading the burrow diagram into a [`Burrow`].

use aoc_day::text::{normalize, quote};
use thiserror::Error;

use super::burrow::{Amphipod, Burrow, HALLWAY_LEN, MAX_DEPTH, ROOM_X};

/// Why a diagram is not a valid burrow. Every variant names the (1-based) line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A line that does not have the expected walls; `found` is the line as quoted (short,
    /// invisible characters escaped).
    #[error("line {line}: expected {expected}, found `{found}`")]
    Shape { line: usize, expected: &'static str, found: String },
    /// A diagram line indented differently from the top wall.
    #[error("line {line}: indented differently from the top wall on line {top} (the diagram must be indented alike throughout)")]
    Indent { line: usize, top: usize },
    /// A blank line between the top and the bottom wall.
    #[error("line {line}: a blank line inside the diagram (between the top and the bottom wall)")]
    BlankInside { line: usize },
    /// A character that is neither a wall, `.`, nor A to D.
    #[error("line {line}: unknown character `{}` in column {column} (expected `.` or A, B, C, D)", quote(&ch.to_string()))]
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
    /// One amphipod of a kind more than the rooms hold: the line of the extra one.
    #[error(
        "line {line}: one amphipod of type {kind} too many: rooms of depth {depth} need exactly {depth} of each type"
    )]
    TooMany { line: usize, kind: char, depth: usize },
    /// Fewer amphipods of a kind than the rooms hold (no one line is to blame).
    #[error("the burrow has {count} {} of type {kind}, but rooms of depth {depth} need exactly {depth} of each type", if *count == 1 { "amphipod" } else { "amphipods" })]
    TooFew { kind: char, count: usize, depth: usize },
}

const TOP_WALL: &str = "#############";
const FIRST_ROW: &str = "###?#?#?#?###";
const ROW: &str = "  #?#?#?#?#";
const BOTTOM_WALL: &str = "  #########";

/// Parses the diagram. A byte-order mark, any line endings, blank lines before and after
/// it, trailing spaces, and an indentation shared by every diagram line (spaces or tabs,
/// as the top wall has it) are all fine. Linear in the input; it stops at the first problem.
pub fn parse(input: &str) -> Result<Burrow, ParseError> {
    if let Some(rows) = puzzle_shaped(input.as_bytes()) {
        let burrow = Burrow::from_rows([None; HALLWAY_LEN], &rows);
        check_counts(&burrow, &rows, 1)?;
        return Ok(burrow);
    }
    parse_any_shape(input)
}

/// A real puzzle input, byte for byte: the walls, an empty hallway, and letters in the
/// eight room cells (`?`).
const PUZZLE_SHAPE: &[u8; 66] = b"#############\n#...........#\n###?#?#?#?###\n  #?#?#?#?#\n  #########\n";

/// The offsets of the eight room cells (`?`) in [`PUZZLE_SHAPE`], row by row.
const PUZZLE_CELLS: [usize; 8] = {
    let mut cells = [0; 8];
    let (mut i, mut n) = (0, 0);
    while i < PUZZLE_SHAPE.len() {
        if PUZZLE_SHAPE[i] == b'?' {
            cells[n] = i;
            n += 1;
        }
        i += 1;
    }
    cells
};

/// The two room rows, when `input` is shaped exactly like a real puzzle input (the final
/// line ending optional) with a letter A to D in every room cell. Such an input needs none
/// of the general parser's work but counting the kinds; anything else, valid or not, goes
/// the general way, which names what is wrong.
fn puzzle_shaped(input: &[u8]) -> Option<[[Option<Amphipod>; 4]; 2]> {
    const BODY: usize = PUZZLE_SHAPE.len() - 1;
    let (body, end) = input.split_at_checked(BODY)?;
    if !(end.is_empty() || end == b"\n") {
        return None;
    }
    // Branch-free over the fixed length, so that the compiler can compare many bytes at once.
    let mut misfits = 0;
    for i in 0..BODY {
        let misfit = if PUZZLE_SHAPE[i] == b'?' { body[i].wrapping_sub(b'A') >= 4 } else { body[i] != PUZZLE_SHAPE[i] };
        misfits |= u8::from(misfit);
    }
    if misfits != 0 {
        return None;
    }
    let kind = |i: usize| Some(Amphipod::ALL[usize::from(body[PUZZLE_CELLS[i]] - b'A')]);
    Some([std::array::from_fn(kind), std::array::from_fn(|r| kind(4 + r))])
}

/// [`parse`] for any text: editors' variants, hallway amphipods, other depths, and errors.
pub(super) fn parse_any_shape(input: &str) -> Result<Burrow, ParseError> {
    let input = normalize(input);
    let all: Vec<&str> = input.lines().map(str::trim_end).collect();
    let Some(first) = all.iter().position(|l| !l.is_empty()) else {
        return Err(ParseError::TooShort { line: 1, what: "no diagram at all" });
    };
    let end = all.iter().rposition(|l| !l.is_empty()).map_or(0, |i| i + 1);
    // Diagram lines without the top wall's indentation; `offset` turns an index into a line number.
    let indent = &all[first][..all[first].len() - all[first].trim_start().len()];
    let offset = first + 1;
    let mut lines = Vec::with_capacity(end - first);
    for (i, text) in all[first..end].iter().enumerate() {
        if text.is_empty() {
            return Err(ParseError::BlankInside { line: offset + i });
        }
        let unindented = text.strip_prefix(indent).ok_or(ParseError::Indent { line: offset + i, top: offset })?;
        lines.push(unindented);
        if lines.len() > MAX_DEPTH + 4 {
            break; // more lines than any valid diagram: the checks below say what is wrong
        }
    }
    let line = |i: usize| lines.get(i).copied();

    match line(0) {
        Some(TOP_WALL) => {}
        Some(found) => return Err(shape(offset, "the top wall `#############`", found)),
        None => return Err(ParseError::TooShort { line: offset, what: "no diagram at all" }),
    }
    let hallway_line = line(1).ok_or(ParseError::TooShort { line: offset + 1, what: "no hallway line" })?;
    let hallway = parse_hallway(offset + 1, hallway_line)?;

    let mut rooms: Vec<[Option<Amphipod>; 4]> = Vec::new();
    let mut i = 2;
    loop {
        let Some(text) = line(i) else {
            let what = if rooms.is_empty() { "no room rows" } else { "no bottom wall `  #########`" };
            return Err(ParseError::TooShort { line: offset + i, what });
        };
        if !rooms.is_empty() && is_bottom_wall(text) {
            break;
        }
        let (pattern, expected) = if rooms.is_empty() {
            (FIRST_ROW, "the first room row `###A#B#C#D###`")
        } else {
            (ROW, "a room row `  #A#B#C#D#` or the bottom wall `  #########`")
        };
        rooms.push(parse_room_row(offset + i, text, pattern, expected)?);
        if rooms.len() > MAX_DEPTH {
            return Err(ParseError::TooDeep { line: offset + i });
        }
        i += 1;
    }
    if first + i + 1 < end {
        return Err(ParseError::Trailing { line: offset + i + 1 });
    }
    let burrow = Burrow::from_rows(hallway, &rooms);
    check_rooms(&rooms, offset)?;
    check_counts(&burrow, &rooms, offset)?;
    Ok(burrow)
}

fn shape(line: usize, expected: &'static str, found: &str) -> ParseError {
    ParseError::Shape { line, expected, found: quote(found) }
}

/// `  #########`, or as wide as the first row (`  ###########`), as room rows may be.
fn is_bottom_wall(text: &str) -> bool {
    text.strip_prefix(BOTTOM_WALL).is_some_and(|rest| rest.len() <= 2 && rest.chars().all(|c| c == '#'))
}

fn amphipod(line: usize, column: usize, ch: char) -> Result<Option<Amphipod>, ParseError> {
    match ch {
        '.' => Ok(None),
        'A'..='D' => Ok(Amphipod::from_letter(ch)),
        _ => Err(ParseError::UnknownChar { line, column, ch }),
    }
}

fn parse_hallway(line: usize, text: &str) -> Result<[Option<Amphipod>; HALLWAY_LEN], ParseError> {
    let chars: Vec<char> = text.chars().take(HALLWAY_LEN + 3).collect();
    if chars.len() != HALLWAY_LEN + 2 || chars[0] != '#' || chars[HALLWAY_LEN + 1] != '#' {
        return Err(shape(line, "the hallway `#...........#`", text));
    }
    let mut hallway = [None; HALLWAY_LEN];
    for (x, &ch) in chars[1..=HALLWAY_LEN].iter().enumerate() {
        hallway[x] = amphipod(line, x + 2, ch)?;
        if hallway[x].is_some() && ROOM_X.contains(&x) {
            return Err(ParseError::AtEntrance { line, column: x + 2 });
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
    let chars: Vec<char> = text.chars().take(pattern.len() + 3).collect();
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

fn check_rooms(rows: &[[Option<Amphipod>; 4]], offset: usize) -> Result<(), ParseError> {
    for room in 0..4 {
        for depth in 1..rows.len() {
            if rows[depth - 1][room].is_some() && rows[depth][room].is_none() {
                return Err(ParseError::Floating { line: offset + 2 + depth, room: room + 1 });
            }
        }
    }
    Ok(())
}

/// Each kind exactly `depth` times: an extra one is named by its line (in reading order:
/// hallway, then the rows top down); a missing one has no line to blame.
fn check_counts(burrow: &Burrow, rows: &[[Option<Amphipod>; 4]], offset: usize) -> Result<(), ParseError> {
    let depth = burrow.depth();
    let cells = burrow.hallway().iter().map(|a| (offset + 1, *a));
    let cells = cells.chain(rows.iter().enumerate().flat_map(|(r, row)| row.iter().map(move |a| (offset + 2 + r, *a))));
    let mut seen = [0usize; 4];
    for (line, amphipod) in cells {
        let Some(amphipod) = amphipod else { continue };
        seen[amphipod.index()] += 1;
        if seen[amphipod.index()] > depth {
            return Err(ParseError::TooMany { line, kind: amphipod.letter(), depth });
        }
    }
    match seen.iter().position(|&count| count < depth) {
        Some(kind) => Err(ParseError::TooFew { kind: Amphipod::ALL[kind].letter(), count: seen[kind], depth }),
        None => Ok(()),
    }
}

//! Reading the four floor descriptions into a [`Layout`].

use std::fmt;

use aoc_workspace::text::{normalize, quote};
use thiserror::Error;

use super::model::{Floor, Layout, Pair, MAX_PAIRS};

/// Why an input is not a valid puzzle. Every variant names the (1-based) line it is about.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The line does not read `The <first|second|third|fourth> floor contains <items>.`;
    /// `text` is the line as quoted (short, invisible characters escaped).
    #[error("line {line}: expected `The <first|second|third|fourth> floor contains <items>.`, found `{text}`")]
    NotAFloor { line: usize, text: String },
    /// An item phrase that is neither `a X generator` nor `a X-compatible microchip` (quoted).
    #[error(
        "line {line}: unknown item `{item}` (expected `a <element> generator` or `a <element>-compatible microchip`)"
    )]
    UnknownItem { line: usize, item: String },
    /// The same floor described twice.
    #[error("line {line}: the {floor} floor is already described on line {first}")]
    FloorTwice { line: usize, floor: Floor, first: usize },
    /// Fewer than four floors described.
    #[error("line {line}: the input ends without describing the {floor} floor (need all four floors)")]
    MissingFloor { line: usize, floor: Floor },
    /// A fifth floor line.
    #[error("line {line}: more than four floors (the building has four)")]
    ExtraLine { line: usize },
    /// The same item listed twice.
    #[error("line {line}: the {item} is already listed on line {first}")]
    ItemTwice { line: usize, item: String, first: usize },
    /// A microchip whose generator is nowhere in the building, or the reverse.
    #[error("line {line}: the {item} has no matching {missing} anywhere in the building")]
    Unpaired { line: usize, item: String, missing: &'static str },
    /// More element pairs than the packed state can count.
    #[error("line {line}: {pairs} element pairs is more than the {MAX_PAIRS} this solver supports")]
    TooManyPairs { line: usize, pairs: usize },
    /// A microchip on a floor with another element's generator and without its own.
    #[error("line {line}: the {element}-compatible microchip is fried at the start: the {culprit} generator is on the {floor} floor and its own generator is not")]
    FriedAtStart { line: usize, element: String, culprit: String, floor: Floor },
}

/// An item as written in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Generator,
    Microchip,
}

impl Kind {
    fn describe(self, element: &str) -> String {
        match self {
            Kind::Generator => format!("{element} generator"),
            Kind::Microchip => format!("{element}-compatible microchip"),
        }
    }
}

impl fmt::Display for Floor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(["first", "second", "third", "fourth"][self.index()])
    }
}

/// Parses the puzzle input. A byte-order mark, any line endings, blank lines and spaces
/// around a line are ignored; everything else must be a floor. Linear in the input, and it
/// stops at the first problem (a file of a million items is refused at the item that
/// passes [`MAX_PAIRS`]).
pub fn parse(input: &str) -> Result<Layout, ParseError> {
    match puzzle_shaped(input) {
        Some(layout) => Ok(layout),
        None => parse_any_shape(input),
    }
}

/// The most elements [`puzzle_shaped`] keeps track of; real inputs have five.
const SHORTCUT_ELEMENTS: usize = 16;

/// The layout, when `input` is written exactly as real inputs are and is valid: four lines
/// `The first floor contains ...` to `The fourth ...` in order, `\n` line endings, items
/// `a <letters a-z> generator` / `a <letters>-compatible microchip` joined by `, `,
/// `, and ` or ` and `, or `nothing relevant`; every element paired, none twice, at most
/// [`SHORTCUT_ELEMENTS`], no chip fried. Anything else, valid or not, is `None` and goes
/// to [`parse_any_shape`], which names what is wrong.
///
/// This is one pass over the bytes with no search, which is what makes the parse a small
/// part of a real input's time. The general parser reads the same text to the same
/// layout (tests check it on generated and mutated inputs). The only name it would read
/// differently, `and` (`a and generator` is cut at ` and `), is left to it.
pub(super) fn puzzle_shaped(input: &str) -> Option<Layout> {
    /// An element seen so far: its name (and the name's [`name_key`]), and the floors of
    /// its generator and chip.
    #[derive(Clone, Copy, Default)]
    struct Seen<'a> {
        name: &'a str,
        key: u64,
        generator: Option<Floor>,
        chip: Option<Floor>,
    }
    let mut seen = [Seen::default(); SHORTCUT_ELEMENTS];
    let mut count = 0;
    let mut rest = input;
    for f in 0..4 {
        let floor = Floor::new(f);
        // Literal prefixes, so that each comparison is a few instructions, not a call.
        rest = match f {
            0 => rest.strip_prefix("The first floor contains "),
            1 => rest.strip_prefix("The second floor contains "),
            2 => rest.strip_prefix("The third floor contains "),
            _ => rest.strip_prefix("The fourth floor contains "),
        }?;
        if let Some(after) = rest.strip_prefix("nothing relevant.") {
            rest = after;
        } else {
            loop {
                rest = rest.strip_prefix("a ")?;
                // ASCII up to `len`, so `len` is a character boundary.
                let len = rest.bytes().position(|b| !b.is_ascii_lowercase())?;
                let (name, after) = rest.split_at(len);
                let (is_generator, after) = match after.strip_prefix(" generator") {
                    Some(after) => (true, after),
                    None => (false, after.strip_prefix("-compatible microchip")?),
                };
                if name.is_empty() || name == "and" {
                    return None;
                }
                let key = name_key(name);
                let same = |e: &Seen<'_>| e.key == key && (name.len() <= 8 || e.name == name);
                let i = match seen[..count].iter().position(same) {
                    Some(i) => i,
                    None if count < SHORTCUT_ELEMENTS => {
                        seen[count] = Seen { name, key, generator: None, chip: None };
                        count += 1;
                        count - 1
                    }
                    None => return None,
                };
                let slot = if is_generator { &mut seen[i].generator } else { &mut seen[i].chip };
                if slot.replace(floor).is_some() {
                    return None; // listed twice
                }
                if let Some(after) = after.strip_prefix('.') {
                    rest = after;
                    break;
                }
                rest = after
                    .strip_prefix(", and ")
                    .or_else(|| after.strip_prefix(", "))
                    .or_else(|| after.strip_prefix(" and "))?;
            }
        }
        rest = match rest.strip_prefix('\n') {
            Some(after) => after,
            None if f == 3 => rest,
            None => return None,
        };
    }
    if !rest.is_empty() {
        return None;
    }
    let mut layout = Layout::with_capacity(count, [1, 2, 3, 4]);
    for e in &seen[..count] {
        layout.push(e.name, Pair::on_floors(e.generator?, e.chip?));
    }
    layout.fried_chip().is_none().then_some(layout)
}

/// A name's length and first eight bytes in one number: names with different keys differ,
/// and names of up to eight letters are equal exactly when their keys are (the length
/// sits in the top byte, which an eight-letter name's first letter, XORed with 8, never
/// matches).
fn name_key(name: &str) -> u64 {
    let head = name.bytes().take(8).fold(0, |key, b| key << 8 | u64::from(b));
    head ^ (name.len() as u64).rotate_right(8)
}

/// [`parse`] for any text: editors' variants, other wordings, and errors.
pub(super) fn parse_any_shape(input: &str) -> Result<Layout, ParseError> {
    let input = normalize(input);
    let mut floor_lines: [Option<usize>; 4] = [None; 4];
    // Distinct elements in order of appearance. Looking one up is a scan, linear overall:
    // parsing stops at the element past MAX_PAIRS, so the list never outgrows 30.
    let mut elements: Vec<Element<'_>> = Vec::with_capacity(16);
    let mut last_line = 0;
    for (index, raw) in input.lines().enumerate() {
        let line = index + 1;
        last_line = line;
        let text = raw.trim();
        if text.is_empty() {
            continue;
        }
        let (floor, list) = split_floor_line(text).ok_or_else(|| ParseError::NotAFloor { line, text: quote(text) })?;
        if floor_lines.iter().all(Option::is_some) {
            return Err(ParseError::ExtraLine { line });
        }
        if let Some(first) = floor_lines[floor.index()] {
            return Err(ParseError::FloorTwice { line, floor, first });
        }
        floor_lines[floor.index()] = Some(line);
        for phrase in item_phrases(list) {
            let (name, kind) =
                parse_item(phrase).ok_or_else(|| ParseError::UnknownItem { line, item: quote(phrase) })?;
            let element = match elements.iter().position(|e| e.name == name) {
                Some(i) => &mut elements[i],
                None if elements.len() == MAX_PAIRS => {
                    return Err(ParseError::TooManyPairs { line, pairs: MAX_PAIRS + 1 });
                }
                None => {
                    elements.push(Element { name, generator: None, chip: None });
                    let last = elements.len() - 1;
                    &mut elements[last]
                }
            };
            let slot = match kind {
                Kind::Generator => &mut element.generator,
                Kind::Microchip => &mut element.chip,
            };
            if let Some((_, first)) = *slot {
                return Err(ParseError::ItemTwice { line, item: quote(&kind.describe(name)), first });
            }
            *slot = Some((floor, line));
        }
    }
    if let Some(missing) = (0..4).find(|&f| floor_lines[f].is_none()) {
        return Err(ParseError::MissingFloor { line: last_line.max(1), floor: Floor::new(missing) });
    }
    let layout = pair_up(&elements, floor_lines.map(|l| l.unwrap_or(0)))?;
    check_nothing_fried(&layout)?;
    Ok(layout)
}

/// An element as the parser meets it: where (floor, line) its generator and its chip are,
/// once seen.
struct Element<'a> {
    name: &'a str,
    generator: Option<(Floor, usize)>,
    chip: Option<(Floor, usize)>,
}

/// `The second floor contains X.` -> (second, "X").
fn split_floor_line(text: &str) -> Option<(Floor, &str)> {
    let rest = text.strip_prefix("The ")?;
    let (ordinal, rest) = rest.split_once(' ')?;
    let floor = ["first", "second", "third", "fourth"].iter().position(|&o| o == ordinal)?;
    let list = rest.strip_prefix("floor contains ")?.strip_suffix('.')?;
    Some((Floor::new(floor), list))
}

/// `a, b, and c` / `a and b` / `a` / `nothing relevant` -> the item phrases: the list cut
/// at every `, ` (dropping an `and ` right after it) and every ` and `, leftmost first.
///
/// Separators are found by a vectorised search for their rare letters, a comma or the `d`
/// of ` and `, checked in place: a string pattern (`split(", ")`) builds a searcher on every
/// call, and a byte loop stalls on every space. Either made the whole parse several times
/// slower than this search.
pub(super) fn item_phrases(list: &str) -> impl Iterator<Item = &str> {
    let mut rest = (list.trim() != "nothing relevant").then(|| list.strip_prefix("and ").unwrap_or(list));
    std::iter::from_fn(move || {
        let text = rest?;
        let bytes = text.as_bytes();
        for i in memchr::memchr2_iter(b',', b'd', bytes) {
            if bytes[i] == b',' && bytes[i..].starts_with(b", ") {
                let after = &text[i + 2..];
                rest = Some(after.strip_prefix("and ").unwrap_or(after));
                return Some(&text[..i]);
            }
            if bytes[i] == b'd' && i >= 3 && bytes[i - 3..].starts_with(b" and ") {
                rest = Some(&text[i + 2..]);
                return Some(&text[..i - 3]);
            }
        }
        rest = None;
        Some(text)
    })
}

/// [`item_phrases`] as plainly as it can be written, to check it against.
#[cfg(test)]
pub(super) fn item_phrases_plainly(list: &str) -> Vec<&str> {
    if list.trim() == "nothing relevant" {
        return Vec::new();
    }
    list.split(", ").flat_map(|part| part.strip_prefix("and ").unwrap_or(part).split(" and ")).collect()
}

/// `a hydrogen generator` / `an hydrogen-compatible microchip` -> (element, kind).
fn parse_item(phrase: &str) -> Option<(&str, Kind)> {
    let rest = phrase.strip_prefix("a ").or_else(|| phrase.strip_prefix("an "))?;
    let (element, kind) = if let Some(element) = rest.strip_suffix(" generator") {
        (element, Kind::Generator)
    } else {
        (rest.strip_suffix("-compatible microchip")?, Kind::Microchip)
    };
    let valid = !element.is_empty() && element.bytes().all(|c| c.is_ascii_alphabetic());
    valid.then_some((element, kind))
}

/// The layout: every element's generator with its microchip (each must have the other), in
/// order of each element's first item.
fn pair_up(elements: &[Element<'_>], floor_lines: [usize; 4]) -> Result<Layout, ParseError> {
    let mut layout = Layout::with_capacity(elements.len(), floor_lines);
    for element in elements {
        match (element.generator, element.chip) {
            (Some((generator, _)), Some((chip, _))) => layout.push(element.name, Pair::on_floors(generator, chip)),
            (Some((_, line)), None) => {
                let item = quote(&Kind::Generator.describe(element.name));
                return Err(ParseError::Unpaired { line, item, missing: "microchip" });
            }
            (None, Some((_, line))) => {
                let item = quote(&Kind::Microchip.describe(element.name));
                return Err(ParseError::Unpaired { line, item, missing: "generator" });
            }
            (None, None) => unreachable!("an element enters the list with its first item"),
        }
    }
    Ok(layout)
}

fn check_nothing_fried(layout: &Layout) -> Result<(), ParseError> {
    match layout.fried_chip() {
        None => Ok(()),
        Some((victim, culprit)) => {
            let floor = layout.pairs[victim].chip;
            Err(ParseError::FriedAtStart {
                line: layout.floor_lines[floor.index()],
                element: quote(layout.element(victim)),
                culprit: quote(layout.element(culprit)),
                floor,
            })
        }
    }
}

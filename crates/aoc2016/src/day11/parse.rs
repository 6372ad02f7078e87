//! Reading the four floor descriptions into a [`Layout`].

use std::fmt;

use aoc_day::text::{normalize, quote, quote_name};
use thiserror::Error;

use super::layout::{fried_chip_among, Floor, Layout, Pair, MAX_PAIRS};

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
    #[error("line {line}: the {element}-compatible microchip is fried at the start by the {culprit} generator on the {floor} floor")]
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
/// part of a real input's time: names are read eight letters at a time
/// ([`lowercase_run`]), the words around them are compared whole, and an element is
/// looked up by its length and first eight letters. The general parser reads the same
/// text to the same layout (tests check it on generated and mutated inputs). The only
/// name it would read differently, `and` (`a and generator` is cut at ` and `), is left
/// to it.
pub(super) fn puzzle_shaped(input: &str) -> Option<Layout> {
    /// An element seen so far: where its name is in the input, the name's first eight
    /// letters, and the floors of its generator and chip.
    #[derive(Clone, Copy, Default)]
    struct Seen {
        name: (usize, usize),
        head: u64,
        generator: Option<Floor>,
        chip: Option<Floor>,
    }
    let bytes = input.as_bytes();
    let mut seen = [Seen::default(); SHORTCUT_ELEMENTS];
    let mut count = 0;
    let mut at = 0;
    for f in 0..4 {
        let floor = Floor::new(f);
        // One literal per arm, so that each comparison is a few loads, not a call.
        at = match f {
            0 => after(bytes, at, b"The first floor contains "),
            1 => after(bytes, at, b"The second floor contains "),
            2 => after(bytes, at, b"The third floor contains "),
            _ => after(bytes, at, b"The fourth floor contains "),
        }?;
        if let Some(next) = after(bytes, at, b"nothing relevant.") {
            at = next;
        } else {
            loop {
                let start = after(bytes, at, b"a ")?;
                let (len, head) = lowercase_run(&bytes[start..])?;
                let end = start + len;
                // In bounds: the run stopped at a byte it read.
                let (is_generator, next) = match bytes[end] {
                    b' ' => (true, after(bytes, end, b" generator")?),
                    _ => (false, after(bytes, end, b"-compatible microchip")?),
                };
                let name = &bytes[start..end];
                if len == 0 || name == b"and" {
                    return None;
                }
                let same = |e: &Seen| {
                    e.head == head && e.name.1 - e.name.0 == len && (len <= 8 || bytes[e.name.0..e.name.1] == *name)
                };
                let i = match seen[..count].iter().position(same) {
                    Some(i) => i,
                    None if count < SHORTCUT_ELEMENTS => {
                        seen[count] = Seen { name: (start, end), head, generator: None, chip: None };
                        count += 1;
                        count - 1
                    }
                    None => return None,
                };
                let slot = if is_generator { &mut seen[i].generator } else { &mut seen[i].chip };
                if slot.replace(floor).is_some() {
                    return None; // listed twice
                }
                if let Some(next) = after(bytes, next, b".") {
                    at = next;
                    break;
                }
                at = after(bytes, next, b", and ")
                    .or_else(|| after(bytes, next, b", "))
                    .or_else(|| after(bytes, next, b" and "))?;
            }
        }
        at = match after(bytes, at, b"\n") {
            Some(next) => next,
            None if f == 3 => at,
            None => return None,
        };
    }
    if at != bytes.len() {
        return None;
    }
    let mut pairs = [Pair::on_floors(Floor::new(0), Floor::new(0)); SHORTCUT_ELEMENTS];
    for (e, pair) in seen[..count].iter().zip(&mut pairs) {
        *pair = Pair::on_floors(e.generator?, e.chip?);
    }
    let pairs = &pairs[..count];
    if fried_chip_among(pairs.iter().copied()).is_some() {
        return None;
    }
    let mut layout = Layout::with_capacity(count, [1, 2, 3, 4]);
    for (e, &pair) in seen.iter().zip(pairs) {
        // The name is ASCII letters, so its ends are character boundaries.
        layout.push(input.get(e.name.0..e.name.1)?, pair);
    }
    Some(layout)
}

/// Where `word` ends in `bytes`, if it is written at `at`.
fn after(bytes: &[u8], at: usize, word: &[u8]) -> Option<usize> {
    bytes.get(at..)?.starts_with(word).then_some(at + word.len())
}

/// The length of the run of ASCII lowercase letters `bytes` starts with, and the run's
/// first eight letters as a number (zero past the run's end), read eight bytes at a time.
/// `None` when the run reaches within eight bytes of the end: a name of a valid input is
/// followed by at least ` generator.` (and the general parser takes any other text).
fn lowercase_run(bytes: &[u8]) -> Option<(usize, u64)> {
    let word_at = |i: usize| -> Option<u64> { Some(u64::from_le_bytes(bytes.get(i..i + 8)?.try_into().ok()?)) };
    let first = word_at(0)?;
    let mut len = 0;
    let mut word = first;
    loop {
        let stops = not_lowercase(word);
        if stops != 0 {
            len += stops.trailing_zeros() as usize / 8;
            break;
        }
        len += 8;
        word = word_at(len)?;
    }
    let head = if len >= 8 { first } else { first & ((1 << (8 * len)) - 1) };
    Some((len, head))
}

/// The high bit of every byte of `word` that is not an ASCII lowercase letter.
pub(super) fn not_lowercase(word: u64) -> u64 {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = ONES * 0x80;
    let low7 = word & !HIGH;
    // Per byte, with no carry into the next (each is below 0x80 before the sum and at most
    // 0x9e after): the high bit is set when the byte is at least `a` (0x61), and when it
    // is past `z` (0x7a).
    let from_a = low7 + ONES * (0x80 - 0x61);
    let past_z = low7 + ONES * (0x80 - 0x7b);
    let lowercase = from_a & !past_z & !word & HIGH;
    lowercase ^ HIGH
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
                    return Err(ParseError::TooManyPairs { line, pairs: count_elements(&input) });
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

/// How many distinct elements the well-formed items of `input` name: the count a "too many
/// pairs" error reports, worked out only then, with a hash set (a file can name millions).
fn count_elements(input: &str) -> usize {
    let mut names = std::collections::HashSet::new();
    for text in input.lines().map(str::trim) {
        let Some((_, list)) = split_floor_line(text) else { continue };
        names.extend(item_phrases(list).filter_map(|phrase| Some(parse_item(phrase)?.0)));
    }
    names.len()
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
                element: quote_name(layout.element(victim)),
                culprit: quote_name(layout.element(culprit)),
                floor,
            })
        }
    }
}

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
    let input = normalize(input);
    let mut floor_lines: [Option<usize>; 4] = [None; 4];
    // (element, kind) -> (floor, line), in order of appearance.
    let mut items: Vec<(&str, Kind, Floor, usize)> = Vec::new();
    // Distinct elements in order of appearance. Scanning these lists is linear overall:
    // parsing stops at the element past MAX_PAIRS, so they never hold more than 2 * 30 items.
    let mut elements: Vec<&str> = Vec::new();
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
        for phrase in split_items(list) {
            let (element, kind) =
                parse_item(phrase).ok_or_else(|| ParseError::UnknownItem { line, item: quote(phrase) })?;
            if let Some(&(_, _, _, first)) = items.iter().find(|(e, k, _, _)| *e == element && *k == kind) {
                return Err(ParseError::ItemTwice { line, item: quote(&kind.describe(element)), first });
            }
            if !elements.contains(&element) {
                elements.push(element);
                if elements.len() > MAX_PAIRS {
                    return Err(ParseError::TooManyPairs { line, pairs: elements.len() });
                }
            }
            items.push((element, kind, floor, line));
        }
    }
    if let Some(missing) = (0..4).find(|&f| floor_lines[f].is_none()) {
        return Err(ParseError::MissingFloor { line: last_line.max(1), floor: Floor::new(missing) });
    }
    let pairs = pair_up(&elements, &items)?;
    let layout = Layout { pairs, floor_lines: floor_lines.map(|l| l.unwrap_or(0)) };
    check_nothing_fried(&layout)?;
    Ok(layout)
}

/// `The second floor contains X.` -> (second, "X").
fn split_floor_line(text: &str) -> Option<(Floor, &str)> {
    let rest = text.strip_prefix("The ")?;
    let (ordinal, rest) = rest.split_once(' ')?;
    let floor = ["first", "second", "third", "fourth"].iter().position(|&o| o == ordinal)?;
    let list = rest.strip_prefix("floor contains ")?.strip_suffix('.')?;
    Some((Floor::new(floor), list))
}

/// `a, b, and c` / `a and b` / `a` / `nothing relevant` -> the item phrases.
fn split_items(list: &str) -> Vec<&str> {
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
    let valid = !element.is_empty() && element.chars().all(|c| c.is_ascii_alphabetic());
    valid.then_some((element, kind))
}

/// Matches every generator with its microchip (each must have the other), in order of each
/// element's first item.
fn pair_up(elements: &[&str], items: &[(&str, Kind, Floor, usize)]) -> Result<Vec<Pair>, ParseError> {
    let mut pairs = Vec::with_capacity(elements.len());
    for &element in elements {
        let find = |kind: Kind| items.iter().find(|(e, k, _, _)| *e == element && *k == kind).map(|i| (i.2, i.3));
        match (find(Kind::Generator), find(Kind::Microchip)) {
            (Some((generator, _)), Some((chip, _))) => {
                pairs.push(Pair { element: element.to_string(), generator, chip });
            }
            (Some((_, line)), None) => {
                let item = quote(&Kind::Generator.describe(element));
                return Err(ParseError::Unpaired { line, item, missing: "microchip" });
            }
            (None, Some((_, line))) => {
                let item = quote(&Kind::Microchip.describe(element));
                return Err(ParseError::Unpaired { line, item, missing: "generator" });
            }
            (None, None) => unreachable!("every element was entered with one item"),
        }
    }
    Ok(pairs)
}

fn check_nothing_fried(layout: &Layout) -> Result<(), ParseError> {
    match layout.fried_chip() {
        None => Ok(()),
        Some((victim, culprit)) => Err(ParseError::FriedAtStart {
            line: layout.floor_lines[victim.chip.index()],
            element: quote(&victim.element),
            culprit: quote(&culprit.element),
            floor: victim.chip,
        }),
    }
}

//! Days of the runner's own tests, compiled only under `cfg(test)`: the tooling is tested
//! on these, never on the days the workspace ships, so that `cargo xtask remove` of every
//! shipped day (or a workspace with no day at all) leaves every test meaningful and green.
//!
//! They are dated 2100, a year no one solves, so they never collide with a user's day.
//!
//! * 2100-1 reads one whole number a line. Part 1 is their sum (an `i64`, negative when it
//!   is), part 2 the sum's sign as a word (a `String`): answers of any type that prints.
//!   No numbers at all is "no solution" for part 2 ([`Unsolvable`]); a number beyond a
//!   million is a refusal ([`BeyondLimits`]). Its `explain` draws part 1 and has no
//!   drawing for part 2, as a day whose `--explain` is not written yet.
//! * 2100-2 is a freshly scaffolded day: no example yet, part 1 not solved yet, and no
//!   part 2.
//! * 2100-3 is a day written for cargo-aoc alone: 2100-1's part 1, and neither an
//!   `EXAMPLE` nor an `explain`.
//! * 2100-5 has named solutions beside its defaults (module `crate::solutions`' tests): it
//!   reads whole numbers, one a line. Part 1 is their sum: the default, `loop` (the same sum
//!   another way), `wrong` (always 7), `boom` (panics) and `picky` (a generator of its own
//!   that refuses a negative number). Part 2 is how many there are: the default and
//!   `twice` (counting by pairs: the same answer).

use std::borrow::Borrow;
use std::error::Error;
use std::fmt::{self, Display};

use aoc_runner::{ArcStr, Runner};
use aoc_workspace::{Alternative, BeyondLimits, Day, DayId, Part, Unsolvable};

/// The test days, in order.
pub static DAYS: &[Day] = &[
    Day {
        id: SUMS,
        example: Some(SUMS_EXAMPLE),
        parts: [Some(sums::<1>), Some(sums::<2>)],
        alternatives: &[],
        explain: Some(explain_sums),
    },
    Day { id: FRESH, example: Some(""), parts: [Some(fresh), None], alternatives: &[], explain: Some(not_written) },
    Day { id: BARE, example: None, parts: [Some(sums::<1>), None], alternatives: &[], explain: None },
    Day {
        id: COMPARED,
        example: Some(COMPARED_EXAMPLE),
        parts: [Some(numbers::<0>), Some(numbers::<10>)],
        alternatives: &[
            Alternative { part: Part::One, name: "boom", factory: numbers::<3> },
            Alternative { part: Part::One, name: "loop", factory: numbers::<1> },
            Alternative { part: Part::One, name: "picky", factory: numbers::<4> },
            Alternative { part: Part::One, name: "wrong", factory: numbers::<2> },
            Alternative { part: Part::Two, name: "twice", factory: numbers::<11> },
        ],
        explain: Some(|_, _| Err("no drawing".to_string())),
    },
];

/// The day of numbers and their sum.
pub const SUMS: DayId = DayId { year: 2100, day: 1 };
/// The freshly scaffolded day.
pub const FRESH: DayId = DayId { year: 2100, day: 2 };
/// The day written for cargo-aoc alone: no `EXAMPLE`, no `explain`.
pub const BARE: DayId = DayId { year: 2100, day: 3 };
/// The day with named solutions.
pub const COMPARED: DayId = DayId { year: 2100, day: 5 };

/// 2100-5's example: part 1 is 6, part 2 is 3.
pub const COMPARED_EXAMPLE: &str = "== example\n1\n2\n3\n== part 1: 6\n== part 2: 3\n";

/// 2100-1's examples: the first (what `run` uses without an input) gives -2 and
/// "negative"; the second is given a wrong answer for part 2, the third none.
pub const SUMS_EXAMPLE: &str =
    "== example\n1\n-5\n2\n== part 1: -2\n== part 2: negative\n== example\n3\n4\n== part 1: 7\n== part 2: zero\n== example\n5\n";

/// The largest number 2100-1 adds up, in size.
const LIMIT: i64 = 1_000_000;

/// Why 2100-1 has no answer.
#[derive(Debug)]
enum SumsError {
    /// A line that is not a whole number.
    Line(usize, String),
    /// No numbers: their sum has no sign.
    NoNumbers,
    /// A number beyond [`LIMIT`].
    TooLarge(i64),
}

impl Display for SumsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SumsError::Line(line, text) => write!(f, "line {line}: `{text}` is not a whole number"),
            SumsError::NoNumbers => write!(f, "no solution: there are no numbers"),
            SumsError::TooLarge(n) => write!(f, "{n} is beyond this solver's limit of {LIMIT}"),
        }
    }
}

impl Error for SumsError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            SumsError::Line(..) => None,
            SumsError::NoNumbers => Some(&Unsolvable),
            SumsError::TooLarge(_) => Some(&BeyondLimits),
        }
    }
}

fn parse(input: &str) -> Result<Vec<i64>, SumsError> {
    let quoted = |line: &str| aoc_workspace::text::quote(line);
    input.lines().enumerate().map(|(i, line)| line.parse().map_err(|_| SumsError::Line(i + 1, quoted(line)))).collect()
}

/// 2100-1, part `PART`, as aoc-runner's factory hands it over.
struct Sums<const PART: u8>(Vec<i64>);

impl<const PART: u8> Sums<PART> {
    fn answer(&self) -> Result<Box<dyn Display>, SumsError> {
        if let Some(&n) = self.0.iter().find(|n| n.abs() > LIMIT) {
            return Err(SumsError::TooLarge(n));
        }
        let sum: i64 = self.0.iter().sum();
        if PART == 1 {
            return Ok(Box::new(sum));
        }
        if self.0.is_empty() {
            return Err(SumsError::NoNumbers);
        }
        let sign = match sum.signum() {
            -1 => "negative",
            0 => "zero",
            _ => "positive",
        };
        Ok(Box::new(sign.to_string()))
    }
}

impl<const PART: u8> Runner for Sums<PART> {
    fn gen(input: ArcStr) -> Self {
        Sums(parse(input.borrow()).unwrap_or_default())
    }

    fn try_gen(input: ArcStr) -> Result<Self, Box<dyn Error>> {
        Ok(Sums(parse(input.borrow())?))
    }

    fn run(&self) -> Box<dyn Display> {
        self.answer().unwrap_or_else(|e| Box::new(e.to_string()))
    }

    fn try_run(&self) -> Result<Box<dyn Display>, Box<dyn Error>> {
        Ok(self.answer()?)
    }

    fn bench(&self, black_box: fn(&dyn Display)) {
        black_box(&*self.run());
    }
}

fn sums<const PART: u8>(input: ArcStr) -> Result<Box<dyn Runner>, Box<dyn Error>> {
    Ok(Box::new(Sums::<PART>::try_gen(input)?))
}

fn explain_sums(input: &str, part: Part) -> Result<String, String> {
    match part {
        Part::One => {
            let numbers = parse(input).map_err(|e| e.to_string())?;
            let terms: Vec<String> = numbers.iter().map(i64::to_string).collect();
            Ok(format!("{} = {}\n", terms.join(" + "), numbers.iter().sum::<i64>()))
        }
        Part::Two => not_written(input, part),
    }
}

fn not_written(_: &str, _: Part) -> Result<String, String> {
    Err("--explain is not written yet for this day".to_string())
}

/// 2100-2's part 1, not solved yet.
struct Fresh;

#[derive(Debug)]
struct NotSolvedYet;

impl Display for NotSolvedYet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not solved yet")
    }
}

impl Error for NotSolvedYet {}

impl Runner for Fresh {
    fn gen(_: ArcStr) -> Self {
        Fresh
    }

    fn run(&self) -> Box<dyn Display> {
        Box::new(NotSolvedYet)
    }

    fn try_run(&self) -> Result<Box<dyn Display>, Box<dyn Error>> {
        Err(Box::new(NotSolvedYet))
    }

    fn bench(&self, _: fn(&dyn Display)) {}
}

fn fresh(_: ArcStr) -> Result<Box<dyn Runner>, Box<dyn Error>> {
    Ok(Box::new(Fresh))
}

/// 2100-5's numbers, one a line; `WHICH` picks the solution.
struct Numbers<const WHICH: u8>(Vec<i64>);

fn parse_numbers(text: &str) -> Result<Vec<i64>, Box<dyn Error>> {
    text.lines().map(|l| l.trim().parse::<i64>().map_err(|_| format!("`{l}` is not a number").into())).collect()
}

impl<const WHICH: u8> Numbers<WHICH> {
    fn answer(&self) -> i64 {
        match WHICH {
            0 => self.0.iter().sum(),
            // Another way to the same sum.
            1 | 4 => self.0.iter().rev().copied().sum(),
            2 => 7,
            3 => panic!("out of cheese"),
            10 => self.0.len() as i64,
            _ => self.0.chunks(2).map(|c| c.len() as i64).sum(),
        }
    }
}

impl<const WHICH: u8> Runner for Numbers<WHICH> {
    fn gen(input: ArcStr) -> Self {
        Numbers(parse_numbers(input.borrow()).unwrap_or_default())
    }

    fn try_gen(input: ArcStr) -> Result<Self, Box<dyn Error>> {
        let numbers = parse_numbers(input.borrow())?;
        if WHICH == 4 && numbers.iter().any(|&n| n < 0) {
            return Err("picky's generator takes no negative numbers".into());
        }
        Ok(Numbers(numbers))
    }

    fn run(&self) -> Box<dyn Display> {
        Box::new(self.answer())
    }

    fn bench(&self, black_box: fn(&dyn Display)) {
        black_box(&*self.run());
    }
}

fn numbers<const WHICH: u8>(input: ArcStr) -> Result<Box<dyn Runner>, Box<dyn Error>> {
    Ok(Box::new(Numbers::<WHICH>::try_gen(input)?))
}

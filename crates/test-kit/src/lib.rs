//! Helpers shared by the workspace's tests and benchmarks: a seeded generator, so that
//! generated puzzles are the same on every run (no personal inputs are committed), the
//! inputs editors write and a mutation fuzzer for the parsers, the quick/deep switch of the
//! property tests, and best-of-N timing for per-input figures. Plain `std`: a test build
//! compiles no benchmark harness.

use std::time::{Duration, Instant};

/// xorshift64: tiny, fast and deterministic; plenty for generating benchmark puzzles.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (zero, which xorshift cannot leave, is replaced).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { 0x9e37_79b9_7f4a_7c15 } else { seed })
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The fastest of `runs` timed calls of `f` (at least one).
pub fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs.max(1))
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Per item, the least of the times `time` reports for it over `passes` passes (at least
/// one) made over all the items in turn.
///
/// On a shared machine a burst of other work lasting a few milliseconds slows every call
/// it overlaps. Calls of one item made back to back (`time` may be [`best_of`] a few) all
/// fall into the same burst, so that item looks slow, and the slowest items of a
/// distribution are then as often the unlucky ones as the hard ones; a pass later, the
/// burst is gone.
pub fn best_per_item<T>(passes: usize, items: &[T], mut time: impl FnMut(&T) -> Duration) -> Vec<Duration> {
    let mut best = vec![Duration::MAX; items.len()];
    for _ in 0..passes.max(1) {
        for (item, best) in items.iter().zip(&mut best) {
            *best = (*best).min(time(item));
        }
    }
    best
}

/// `text` as editors and terminals write it: with a byte-order mark, CRLF line endings
/// (with and without the mark), lone CRs, blank lines around it, trailing spaces, and every
/// line indented by a tab with CRLF endings. A parser should read each as it reads `text`.
pub fn editor_variants(text: &str) -> Vec<String> {
    let crlf = text.replace('\n', "\r\n");
    vec![
        format!("\u{feff}{text}"),
        crlf.clone(),
        format!("\u{feff}{crlf}"),
        text.replace('\n', "\r"),
        format!("\n\n  \n{text}\n\n"),
        text.lines().map(|l| format!("{l}   \n")).collect(),
        text.lines().map(|l| format!("\t{l}\r\n")).collect(),
    ]
}

/// Characters the mutation fuzzer inserts: what editors, terminals and copy-paste put in
/// files (byte-order mark, CR, tab, non-breaking and zero-width spaces, NUL), plus the
/// puzzles' own alphabets.
const MUTATION_CHARS: &[char] = &[
    '\u{feff}', '\r', '\n', '\t', ' ', '\u{a0}', '\u{200b}', '\0', '€', '#', '.', 'A', 'B', 'C', 'D', 'E', 'a', 'z',
    '-', ',', '0', '9',
];

/// `text` after one to three random edits (seeded by `rng`): a character inserted, deleted
/// or replaced, a line deleted, duplicated or moved, a 100,000-character line inserted, a
/// byte-order mark put in front, or every line ending turned into CRLF.
pub fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(8) {
            0 => chars.insert(at, MUTATION_CHARS[rng.below(MUTATION_CHARS.len())]),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => chars[at] = MUTATION_CHARS[rng.below(MUTATION_CHARS.len())],
            3 | 4 => {
                let mut lines: Vec<String> = chars.iter().collect::<String>().split('\n').map(str::to_string).collect();
                let i = rng.below(lines.len());
                let line = lines.remove(i);
                match rng.below(3) {
                    0 => {}
                    1 => {
                        lines.insert(i, line.clone());
                        lines.insert(i, line);
                    }
                    _ => lines.insert(rng.below(lines.len() + 1), line),
                }
                chars = lines.join("\n").chars().collect();
            }
            5 => {
                let filler = MUTATION_CHARS[rng.below(MUTATION_CHARS.len())];
                chars.splice(at..at, std::iter::repeat_n(filler, 100_000));
            }
            6 => chars.insert(0, '\u{feff}'),
            _ => chars = chars.iter().collect::<String>().replace('\n', "\r\n").chars().collect(),
        }
    }
    chars.into_iter().collect()
}

/// The most characters an error line may have on a terminal.
pub const ERROR_LINE_CHARS: usize = 200;

/// How many characters `message`, a day's error about its input, takes on the line the
/// runner prints it on (`error: 2016-11 part 1: bad input: <message>`, its longest
/// prefix): what the fuzzers hold to [`ERROR_LINE_CHARS`].
pub fn printed_error_chars(day: &str, message: &str) -> usize {
    format!("error: {day} part 1: bad input: {message}").chars().count()
}

/// How many cases a property test runs: `quick` in a plain `cargo test`, `deep` when
/// `AOC_DEEP_TESTS` is set to anything but empty or `0` (as CI does; with `cargo test --
/// --include-ignored` it also turns on the exhaustive sweeps).
pub fn cases(quick: u32, deep: u32) -> u32 {
    match std::env::var("AOC_DEEP_TESTS") {
        Ok(v) if !v.is_empty() && v != "0" => deep,
        _ => quick,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_deterministic_and_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let xs: Vec<usize> = (0..100).map(|_| a.below(10)).collect();
        assert!(xs.iter().all(|&x| x < 10));
        assert_eq!(xs, (0..100).map(|_| b.below(10)).collect::<Vec<_>>());
        assert!((0..10).all(|v| xs.contains(&v)));
        assert_ne!(Rng::new(0).below(1 << 20), Rng::new(0).below(1 << 20) + 1);
    }

    #[test]
    fn mutations_are_deterministic_and_change_the_text() {
        let text = "line one\nline two\n";
        let (mut a, mut b) = (Rng::new(3), Rng::new(3));
        let mutated: Vec<String> = (0..50).map(|_| mutate(text, &mut a)).collect();
        assert_eq!(mutated, (0..50).map(|_| mutate(text, &mut b)).collect::<Vec<_>>());
        assert!(mutated.iter().filter(|m| m.as_str() != text).count() > 40);
        assert!(mutated.iter().any(|m| m.len() > 100_000), "some get a huge line");
    }

    #[test]
    fn best_per_item_calls_each_item_once_per_pass_in_turn() {
        // Each call reports the item times how many calls came before it and itself.
        let mut calls = Vec::new();
        let best = best_per_item(2, &[10, 20, 30], |&x: &u64| {
            calls.push(x);
            Duration::from_nanos(x * calls.len() as u64)
        });
        assert_eq!(calls, [10, 20, 30, 10, 20, 30]);
        assert_eq!(best, [Duration::from_nanos(10), Duration::from_nanos(40), Duration::from_nanos(90)]);
        let mut once = 0;
        best_per_item(0, &[1], |_| {
            once += 1;
            Duration::ZERO
        });
        assert_eq!(once, 1);
    }

    #[test]
    fn best_of_runs_at_least_once() {
        let mut calls = 0;
        best_of(0, || calls += 1);
        assert_eq!(calls, 1);
        best_of(5, || calls += 1);
        assert_eq!(calls, 6);
    }
}

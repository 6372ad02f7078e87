//! Where a user's own files for a day live, under the workspace's `inputs/` folder
//! (git-ignored: Advent of Code asks that inputs stay private), and where a day's code and
//! examples are in its year crate; the input a day runs on without one of yours
//! ([`example_input`]); and a file's bytes as text ([`decode`]).

use std::path::{Path, PathBuf};

use crate::{examples, Day, DayId};

/// `inputs/<year>/day<N>.txt` under the workspace `root`, the day unpadded (`day1.txt`)
/// as cargo-aoc expects it.
pub fn input_path(root: &Path, id: DayId) -> PathBuf {
    year_dir(root, id.year).join(format!("day{}.txt", id.day))
}

/// `inputs/<year>/day<N>.answers.toml`: the day's accepted and rejected answers.
pub fn answers_path(root: &Path, id: DayId) -> PathBuf {
    year_dir(root, id.year).join(format!("day{}.answers.toml", id.day))
}

/// `inputs/<year>/day<N>.puzzle.html`: the cached puzzle page (`cargo xtask read`).
pub fn puzzle_page_path(root: &Path, id: DayId) -> PathBuf {
    year_dir(root, id.year).join(format!("day{}.puzzle.html", id.day))
}

/// The input a day runs on when the user has none (`run`, `cargo bench`): its first
/// example's (empty when there is none, or when its examples cannot be read: `run --example`
/// names the problem).
pub fn example_input(day: &Day) -> String {
    let examples = examples::parse(day.example.unwrap_or_default()).ok();
    examples.and_then(|examples| examples.into_iter().next()).map(|e| e.input).unwrap_or_default()
}

/// The paths a day's input is read from, in order of preference: the zero-padded
/// spelling (`day01.txt`) is also accepted.
pub fn input_candidates(root: &Path, id: DayId) -> [PathBuf; 2] {
    [input_path(root, id), year_dir(root, id.year).join(format!("day{:02}.txt", id.day))]
}

/// The file that holds day `id`'s module: `src/day<N>.rs` if there is one, else
/// `src/day<N>/mod.rs` as the scaffold writes it.
pub fn day_module(root: &Path, id: DayId) -> PathBuf {
    let src = root.join(format!("crates/aoc{}/src", id.year));
    let flat = src.join(format!("day{}.rs", id.day));
    if flat.is_file() {
        flat
    } else {
        src.join(format!("day{}/mod.rs", id.day))
    }
}

/// Where `id` keeps its examples when it is laid out as the scaffold lays a day out: the
/// `examples.txt` its `EXAMPLE` reads, beside its `mod.rs`.
pub fn examples_path(root: &Path, id: DayId) -> PathBuf {
    root.join(format!("crates/aoc{}/src/day{}/examples.txt", id.year, id.day))
}

/// `path` as messages show it: relative to the workspace `root` when it is inside it.
pub fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root).unwrap_or(path).display().to_string()
}

fn year_dir(root: &Path, year: u16) -> PathBuf {
    root.join("inputs").join(year.to_string())
}

/// Input bytes that are not UTF-8: where the first bad byte is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: not valid UTF-8 text")]
pub struct NotUtf8 {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
}

/// The bytes as text, or where they stop being UTF-8.
pub fn decode(bytes: Vec<u8>) -> Result<String, NotUtf8> {
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // Everything before the bad byte is valid, so it can be read as text.
        let before = String::from_utf8_lossy(good);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        NotUtf8 { line, column }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_follow_cargo_aoc() {
        let id = DayId { year: 2015, day: 1 };
        assert_eq!(input_path(Path::new("/w"), id), Path::new("/w/inputs/2015/day1.txt"));
        let [plain, padded] = input_candidates(Path::new("/w"), id);
        assert_eq!((plain, padded.as_path()), (input_path(Path::new("/w"), id), Path::new("/w/inputs/2015/day01.txt")));
        assert_eq!(examples_path(Path::new("/w"), id), Path::new("/w/crates/aoc2015/src/day1/examples.txt"));
        assert_eq!(day_module(Path::new("/w"), id), Path::new("/w/crates/aoc2015/src/day1/mod.rs"));
        assert_eq!(shown(Path::new("/w"), &input_path(Path::new("/w"), id)), "inputs/2015/day1.txt");
        assert_eq!(shown(Path::new("/w"), Path::new("/elsewhere/x.txt")), "/elsewhere/x.txt");
    }

    #[test]
    fn bad_utf8_is_placed_by_line_and_column() {
        assert_eq!(decode(b"ab\ncd".to_vec()), Ok("ab\ncd".to_string()));
        assert_eq!(decode(b"ab\nc\xffd".to_vec()), Err(NotUtf8 { line: 2, column: 2 }));
        let mut bytes = "é\n\nxé".as_bytes().to_vec();
        bytes.push(0xc3); // a truncated two-byte character
        assert_eq!(decode(bytes), Err(NotUtf8 { line: 3, column: 3 }));
        assert_eq!(NotUtf8 { line: 2, column: 2 }.to_string(), "line 2, column 2: not valid UTF-8 text");
    }
}

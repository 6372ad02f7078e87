//! Where a day's input comes from: `--input`, the user's file, or the bundled example.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use aoc_workspace::inputs::{input_candidates, input_path, shown};
use aoc_workspace::text::decode;
use aoc_workspace::{Day, DayId};

/// A day's input text and where it came from.
#[derive(Debug)]
pub struct Input {
    /// The text, as read.
    pub text: String,
    /// Where it came from, for messages.
    pub source: Source,
}

/// Where an [`Input`] came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A file named with `--input`.
    Given(PathBuf),
    /// The user's own file at `inputs/<year>/day<N>.txt`.
    Inputs(PathBuf),
    /// No file: the example from the puzzle text.
    Example,
}

/// Resolves a day's input: `given` if set (it must exist; `-` is standard input), else the
/// user's file under `root`, else the day's example. Text that is not UTF-8 is an error
/// naming the file, line and column.
pub fn resolve(root: &Path, day: &Day, given: Option<&Path>) -> Result<Input> {
    if let Some(path) = given {
        let bytes = if path == Path::new("-") {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes).context("cannot read standard input")?;
            bytes
        } else {
            std::fs::read(path).with_context(|| format!("cannot read --input {}", path.display()))?
        };
        let text = decode(bytes).with_context(|| format!("--input {}", path.display()))?;
        return Ok(Input { text, source: Source::Given(path.to_path_buf()) });
    }
    for path in input_candidates(root, day.id) {
        match std::fs::read(&path) {
            Ok(bytes) => {
                let text = decode(bytes).with_context(|| shown(root, &path))?;
                return Ok(Input { text, source: Source::Inputs(path) });
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        }
    }
    Ok(Input { text: day.example.to_string(), source: Source::Example })
}

/// The notice printed when the example stands in for the user's input.
pub fn example_notice(root: &Path, id: DayId) -> String {
    format!(
        "note: {id}: no input at {}, so the puzzle's example is used. Save your own puzzle input there (or pass --input FILE).",
        shown(root, &input_path(root, id))
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A 2016-11 layout: one pair on the first floor, one on the fourth (3 rides).
    pub(crate) const TWO_PAIRS_ON_TOP: &str = "The first floor contains a x generator and a x-compatible microchip.\nThe second floor contains nothing relevant.\nThe third floor contains nothing relevant.\nThe fourth floor contains a y generator and a y-compatible microchip.\n";

    /// A day of its own, whichever days the workspace has: inputs are found by id alone.
    fn day_one() -> Day {
        Day {
            id: "2015-1".parse().unwrap(),
            example: "example",
            parts: [None, None],
            alternatives: &[],
            explain: |_, _| Err(String::new()),
        }
    }

    #[test]
    fn reads_unpadded_then_padded_names_then_the_example() {
        let root = tempfile::tempdir().unwrap();
        let day = day_one();
        assert_eq!(resolve(root.path(), &day, None).unwrap().source, Source::Example);
        let dir = root.path().join("inputs/2015");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("day01.txt"), "padded").unwrap();
        let got = resolve(root.path(), &day, None).unwrap();
        assert_eq!((got.text.as_str(), got.source), ("padded", Source::Inputs(dir.join("day01.txt"))));
        std::fs::write(dir.join("day1.txt"), "plain").unwrap();
        assert_eq!(resolve(root.path(), &day, None).unwrap().text, "plain");
        std::fs::write(dir.join("day1.txt"), b"ok\nbad \xff here").unwrap();
        let err = format!("{:#}", resolve(root.path(), &day, None).unwrap_err());
        assert_eq!(err, "inputs/2015/day1.txt: line 2, column 5: not valid UTF-8 text");
    }
}

//! Where a day's input comes from: `--input`, the user's file, or the bundled example;
//! and the one place every day's input is normalised before its parser sees it.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use aoc_workspace::inputs::decode;
use aoc_workspace::inputs::{day_module, example_input, examples_path, input_candidates, input_path, shown};
use aoc_workspace::text::normalize;
use aoc_workspace::{Day, DayId};

/// A day's input text and where it came from.
#[derive(Debug)]
pub struct Input {
    /// The text, normalised (see [`resolve`]).
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
///
/// The text is normalised here, once, for every command that solves (`run`, `check`,
/// `time`, `answer` and so `submit`): no byte-order mark, `\n` line endings, no blank lines
/// at the end (`aoc_workspace::text::normalize`). So a day's parser, a scaffolded one
/// included, never needs to handle how an editor or a browser saved the file.
pub fn resolve(root: &Path, day: &Day, given: Option<&Path>) -> Result<Input> {
    // A file that cannot be looked at is taken, so that reading it says why.
    let user_file = || input_candidates(root, day.id).into_iter().find(|path| path.try_exists().unwrap_or(true));
    let (text, source) = if let Some(path) = given {
        let bytes = if path == Path::new("-") {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes).context("cannot read standard input")?;
            bytes
        } else {
            std::fs::read(path).with_context(|| format!("cannot read --input {}", path.display()))?
        };
        (decode(bytes).with_context(|| format!("--input {}", path.display()))?, Source::Given(path.to_path_buf()))
    } else if let Some(path) = user_file() {
        let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        (decode(bytes).with_context(|| shown(root, &path))?, Source::Inputs(path))
    } else {
        (example_input(day), Source::Example)
    };
    Ok(Input { text: normalize(&text).into_owned(), source })
}

/// Why a day (written for cargo-aoc, say) has no example to run, and how to give it one.
/// Such a day resolves to an empty example, which the commands that solve refuse.
pub fn no_example_defined(root: &Path, id: DayId) -> String {
    format!(
        "its module defines no `EXAMPLE` (add `pub const EXAMPLE: &str = \"...\";` to {})",
        shown(root, &day_module(root, id))
    )
}

/// The notice printed when the example stands in for the user's input, or, when the day
/// has no example yet (a fresh scaffold), where to put one or the other.
pub fn example_notice(root: &Path, day: &Day) -> String {
    let id = day.id;
    let input = shown(root, &input_path(root, id));
    if day.example.is_none() {
        return format!(
            "error: {id}: no input at {input}, and no example to use instead: {}",
            no_example_defined(root, id)
        );
    }
    if example_input(day).trim().is_empty() {
        return format!("note: {id}: no example yet: {}, or put your input at {input}", where_examples_go(root, id));
    }
    format!("note: {id}: no input at {input}, so the puzzle's example is used. Save your own puzzle input there (or pass --input FILE).")
}

/// Why `answer` (and so `submit`) has nothing to answer: only the user's own input counts.
pub fn no_input_to_answer(root: &Path, id: DayId) -> String {
    format!(
        "{id}: no input at {}: only an answer on your own input can be submitted (save it there, or `cargo xtask fetch {id}`)",
        shown(root, &input_path(root, id))
    )
}

/// Where a day's example goes: its `examples.txt` (a scaffolded day's, which `fetch` fills in
/// from the page), else its `EXAMPLE`.
pub fn where_examples_go(root: &Path, id: DayId) -> String {
    let place = where_examples_are(root, id);
    if examples_path(root, id).is_file() {
        format!("fill {place} (`cargo xtask fetch {id}` does it from the puzzle page)")
    } else {
        format!("fill {place}")
    }
}

/// Where a day's examples are read from, to name in an error: its `examples.txt`, else the
/// `EXAMPLE` of its module.
pub fn where_examples_are(root: &Path, id: DayId) -> String {
    let file = examples_path(root, id);
    if file.is_file() {
        shown(root, &file)
    } else {
        format!("`EXAMPLE` in {}", shown(root, &day_module(root, id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdays::{FRESH, SUMS};

    fn day(id: DayId) -> &'static Day {
        crate::registry::find(id).unwrap()
    }

    #[test]
    fn reads_unpadded_then_padded_names_then_the_example() {
        let root = tempfile::tempdir().unwrap();
        let day = day(SUMS);
        assert_eq!(resolve(root.path(), day, None).unwrap().source, Source::Example);
        let dir = root.path().join("inputs/2100");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("day01.txt"), "padded").unwrap();
        let got = resolve(root.path(), day, None).unwrap();
        assert_eq!((got.text.as_str(), got.source), ("padded", Source::Inputs(dir.join("day01.txt"))));
        std::fs::write(dir.join("day1.txt"), "plain").unwrap();
        assert_eq!(resolve(root.path(), day, None).unwrap().text, "plain");
        std::fs::write(dir.join("day1.txt"), b"ok\nbad \xff here").unwrap();
        let err = format!("{:#}", resolve(root.path(), day, None).unwrap_err());
        assert_eq!(err, "inputs/2100/day1.txt: line 2, column 5: not valid UTF-8 text");
    }

    #[test]
    fn every_input_is_normalised_before_the_parser() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("inputs/2100");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("day1.txt"), "\u{feff}1\r\n-5\r2\r\n\r\n\r\n").unwrap();
        assert_eq!(resolve(root.path(), day(SUMS), None).unwrap().text, "1\n-5\n2\n");
        let given = root.path().join("given.txt");
        std::fs::write(&given, "\u{feff}7\r\n").unwrap();
        assert_eq!(resolve(root.path(), day(SUMS), Some(&given)).unwrap().text, "7\n");
    }

    #[test]
    fn the_notice_says_what_stands_in_for_the_input() {
        let root = tempfile::tempdir().unwrap();
        let notice = example_notice(root.path(), day(SUMS));
        assert!(notice.contains("no input at inputs/2100/day1.txt, so the puzzle's example is used"), "{notice}");
        let notice = example_notice(root.path(), day(FRESH));
        assert_eq!(
            notice,
            "note: 2100-2: no example yet: fill `EXAMPLE` in crates/aoc2100/src/day2/mod.rs, or put your input at inputs/2100/day2.txt"
        );
        let answer = no_input_to_answer(root.path(), SUMS);
        assert!(!answer.contains("note:") && !answer.contains("--input"), "{answer}");
    }
}

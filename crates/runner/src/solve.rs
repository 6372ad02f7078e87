//! One solution's answer on one text, and whether an answer is the one wanted: what `run`,
//! `check` and the examples check share.

use aoc_runner::ArcStr;

use crate::solutions::{guarded, Solution};

/// Whether `got` (no answer: `None`) is the accepted answer, spaces around it aside.
pub fn agrees(got: Option<&str>, accepted: &str) -> bool {
    got.is_some_and(|got| got.trim() == accepted)
}

/// Why a part has no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoAnswer {
    /// The day's message.
    pub message: String,
    /// Whether it fails the command: everything but a proof that there is no solution.
    pub fails: bool,
}

/// The answer of one solution on `text`; a panic (in its generator or its solver) is an
/// answer-less failure that says so.
pub fn solve_one(solution: &Solution, text: &ArcStr) -> Result<String, NoAnswer> {
    let panicked = |message: String| NoAnswer { message, fails: true };
    match guarded(|| (solution.factory)(text.clone())).map_err(panicked)? {
        Err(e) => Err(NoAnswer { message: format!("bad input: {e}"), fails: true }),
        Ok(runner) => guarded(|| runner.try_run())
            .map_err(panicked)?
            .map(|a| a.to_string())
            .map_err(|e| NoAnswer { message: e.to_string(), fails: !aoc_workspace::is_unsolvable(e.as_ref()) }),
    }
}

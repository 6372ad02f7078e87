//! The puzzle page: cached under `inputs/` (git-ignored), read for the answers the site
//! shows for solved parts ("Your puzzle answer was <code>…</code>"), and shown by
//! `cargo xtask read` (rendering: module `render`).

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};
use aoc_workspace::answers::Answers;
use aoc_workspace::files::{Access, Pending};
use aoc_workspace::inputs::{answers_path, puzzle_page_path, shown};
use aoc_workspace::terminal_safe;
use aoc_workspace::when::until_unlock;
use aoc_workspace::{DayId, Part};

use crate::client::{FetchError, Fetcher};
use crate::lock::SiteLock;

/// The answers the page shows for solved parts, part 1 first.
pub fn shown_answers(html: &str) -> Vec<String> {
    let tokens = crate::html::tokens(html);
    crate::html::elements(&tokens, "p").into_iter().filter_map(crate::render::shown_answer).collect()
}

/// Whether `id`'s page should be downloaded: not cached, or some part's accepted answer is
/// not recorded yet (day 25 has one part to solve).
pub fn wanted(root: &Path, id: DayId) -> Result<bool> {
    if !puzzle_page_path(root, id).exists() {
        return Ok(true);
    }
    let answers = Answers::load(&answers_path(root, id))?;
    let parts: &[Part] = if id.day == 25 { &[Part::One] } else { &Part::BOTH };
    Ok(parts.iter().any(|&part| answers.accepted(part).is_none()))
}

/// Downloads `id`'s page, caches it, and records the answers it shows. Says what it did on
/// `out` (the answers escaped: they are the site's text). The caller holds the site lock,
/// since the answers file is read and written. The folder must take the page before the
/// request is spent.
pub fn refresh(
    fetcher: &Fetcher,
    lock: &SiteLock,
    root: &Path,
    id: DayId,
    out: &mut dyn Write,
    log: &mut dyn Write,
) -> Result<Vec<(Part, String)>> {
    let path = puzzle_page_path(root, id);
    let pending = Pending::create(&path, Access::Private).map_err(FetchError::Unwritable)?;
    let html = fetcher.page(lock, id, log)?;
    pending.commit(html.as_bytes())?;
    let shown = shown(root, &path);
    if let Some(why) = crate::html::unreadable(&html) {
        anyhow::bail!("{id}: the page the site sent is saved to {shown} but not read: {why}");
    }
    let recorded = record_shown_answers(root, id, &html)?;
    crate::fill::fill_examples(root, id, &html, &mut std::io::stdout())?;
    if recorded.is_empty() {
        writeln!(out, "{id}: puzzle page saved to {shown}")?;
    } else {
        let list: Vec<String> =
            recorded.iter().map(|(part, answer)| format!("part {part} = {}", terminal_safe(answer))).collect();
        writeln!(out, "{id}: puzzle page saved to {shown}; recorded the site's answers: {}", list.join(", "))?;
    }
    Ok(recorded)
}

/// Whether a cached page is behind the answers file: it was saved before part 1 was
/// accepted (the site now shows part 2's `<article>`), or before part 2 was (the site now
/// shows its answer).
pub fn behind(html: &str, answers: &Answers) -> bool {
    let unlocked = if answers.accepted(Part::One).is_some() { 2 } else { 1 };
    let accepted = Part::BOTH.iter().filter(|&&part| answers.accepted(part).is_some()).count();
    crate::html::articles(html) < unlocked || shown_answers(html).len() < accepted
}

/// Records the answers `html` shows that the answers file does not have yet.
pub fn record_shown_answers(root: &Path, id: DayId, html: &str) -> Result<Vec<(Part, String)>> {
    let path = answers_path(root, id);
    let mut answers = Answers::load(&path)?;
    let mut recorded = Vec::new();
    for (part, answer) in Part::BOTH.into_iter().zip(shown_answers(html)) {
        if answers.accepted(part) != Some(answer.as_str()) {
            answers.record_accepted(part, &answer);
            recorded.push((part, answer));
        }
    }
    if !recorded.is_empty() {
        answers.save(&path, &format!("{} day {}", id.year, id.day))?;
    }
    Ok(recorded)
}

/// `cargo xtask read`: the cached page, downloaded (with the answers it shows recorded)
/// when there is none yet or when it is behind the answers file (part 2 unlocked, or an
/// answer accepted, since). A puzzle not unlocked yet is refused without a request.
/// `fetcher` configures the site only when a download is due.
pub fn read(
    root: &Path,
    id: DayId,
    markdown: bool,
    fetcher: impl FnOnce() -> Result<Fetcher, FetchError>,
    out: &mut dyn Write,
    log: &mut dyn Write,
) -> Result<()> {
    let path = puzzle_page_path(root, id);
    let cached = std::fs::read_to_string(&path).ok();
    let stale = match &cached {
        None => true,
        Some(html) => behind(html, &Answers::load(&answers_path(root, id))?),
    };
    if stale {
        if let Some(wait) = until_unlock(id, crate::client::now()?) {
            return Err(FetchError::Locked { id, wait }.into());
        }
        let fetcher = fetcher()?;
        let lock = fetcher.lock(log)?;
        match refresh(&fetcher, &lock, root, id, out, log) {
            Ok(_) => {}
            Err(e) if cached.is_some() => {
                writeln!(log, "warning: showing the cached page; a newer one could not be downloaded: {e:#}")?
            }
            Err(e) => return Err(e),
        }
    }
    let html = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    if let Some(why) = crate::html::unreadable(&html) {
        anyhow::bail!("{} is not a puzzle page: {why}", shown(root, &path));
    }
    write!(out, "{}", crate::render::render(&html, markdown, &format!("/{}/day/{}", id.year, id.day)))?;
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests;

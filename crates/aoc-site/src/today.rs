//! `cargo xtask today`, the site's half: wait for the unlock (a countdown on one line, a
//! local sleep, no request before it), then download what is still missing (the input,
//! the page, which fills the new day's examples: module `fill`) and print the puzzle. The
//! xtask has scaffolded the day already and names it here (`today --year Y --day D`), so
//! both halves work on one puzzle even when the clock turns between them.
//!
//! Running it again sends nothing and waits for nothing: with the input on disk and the page
//! cached, there is no countdown and no request (unlike `fetch`, which refreshes a page
//! until both parts are accepted).

use std::io::Write;
use std::path::Path;
use std::time::{Duration, SystemTime};

use anyhow::Result;
use aoc_workspace::inputs::{input_path, puzzle_page_path, shown};
use aoc_workspace::when::{human, unlock_rfc3339, until_unlock};
use aoc_workspace::DayId;

use crate::client::{now, Fetcher};

/// `today`'s site half for `id`: waits for the unlock (unless the input and the page are both
/// here already: then nothing is sent and nothing waited for; or stops, having said when, if
/// `no_wait`), downloads what `id` still lacks (the input, the page; none twice) and prints
/// the puzzle.
pub fn today(root: &Path, id: DayId, no_wait: bool, out: &mut dyn Write, log: &mut dyn Write) -> Result<()> {
    let asked = SystemTime::now();
    let (input, page) = (!input_path(root, id).exists(), !puzzle_page_path(root, id).exists());
    if !input && !page {
        writeln!(out, "{id}: input and page already here: nothing to download")?;
    } else if wait_for_unlock(id, no_wait, log)? {
        let fetcher = Fetcher::from_environment(root)?;
        crate::fetch::download(&fetcher, root, &[(id, input, page)], false, asked, out, log)?;
    } else {
        return Ok(());
    }
    crate::page::read(root, id, false, || Fetcher::from_environment(root), out, log)?;
    writeln!(
        out,
        "\n{id}: input at {}; `cargo xtask run {id} --example` checks the example, `cargo xtask run {id}` solves.",
        shown(root, &input_path(root, id))
    )?;
    Ok(())
}

/// Waits for `id` to unlock if it has not, unless `no_wait` (the xtask says so when the
/// unlock is not near); `false` when it stopped without waiting, having said when.
fn wait_for_unlock(id: DayId, no_wait: bool, log: &mut dyn Write) -> Result<bool> {
    let Some(wait) = until_unlock(id, now()?) else { return Ok(true) };
    if no_wait {
        writeln!(log, "{id} unlocks at {} (in {}): run `cargo xtask today` then.", unlock_rfc3339(id), human(wait))?;
        return Ok(false);
    }
    // A countdown on one line; the sleep is local, no request is sent before the unlock.
    while let Some(left) = until_unlock(id, now()?) {
        write!(log, "\r{id} unlocks in {}   ", clock(left))?;
        log.flush()?;
        std::thread::sleep(left.min(Duration::from_secs(1)));
    }
    writeln!(log, "\r{id} is unlocked.              ")?;
    Ok(true)
}

/// `0:04:05`.
fn clock(left: Duration) -> String {
    let s = left.as_secs() + u64::from(left.subsec_nanos() > 0);
    format!("{}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_countdown_reads_as_a_clock() {
        assert_eq!(clock(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(clock(Duration::from_millis(59_200)), "0:01:00");
        assert_eq!(clock(Duration::from_millis(300)), "0:00:01");
    }

    #[test]
    fn no_wait_stops_with_the_time() {
        let mut log = Vec::new();
        let far = DayId { year: 2099, day: 1 };
        assert!(!wait_for_unlock(far, true, &mut log).unwrap());
        assert!(String::from_utf8(log).unwrap().contains("2099-1 unlocks at 2099-12-01T05:00:00Z"));
        let past = DayId { year: 2016, day: 1 };
        assert!(wait_for_unlock(past, true, &mut Vec::new()).unwrap());
    }
}

//! `cargo xtask fetch`: each asked-for day's input unless it is on disk, and its puzzle
//! page unless it is cached and every part's accepted answer is already recorded (the
//! page shows them; module `page`).

use std::io::Write;
use std::path::Path;
use std::time::SystemTime;

use aoc_commands::DayOrYear;
use aoc_workspace::inputs::{input_path, puzzle_page_path, shown};
use aoc_workspace::DayId;

use crate::client::Fetcher;

/// `cargo xtask fetch <year>-<day>|<year> [--force]`, configured from the environment.
pub fn command(root: &Path, target: DayOrYear, force: bool) -> anyhow::Result<()> {
    let ids: Vec<DayId> = match target {
        DayOrYear::Year(year) => {
            let ids: Vec<DayId> =
                aoc_workspace::sources::implemented_days(root).into_iter().filter(|id| id.year == year).collect();
            anyhow::ensure!(!ids.is_empty(), "no day of {year} is implemented yet, so there is nothing to fetch");
            ids
        }
        DayOrYear::Day(id) => vec![id],
    };
    let asked = SystemTime::now();
    let mut plan = Vec::new();
    for id in ids {
        let input = force || !input_path(root, id).exists();
        let page = force || crate::page::wanted(root, id)?;
        if !input {
            println!("{id}: already at {} (use --force to download again)", shown(root, &input_path(root, id)));
        }
        if input || page {
            plan.push((id, input, page));
        }
    }
    if plan.is_empty() {
        return Ok(());
    }
    let fetcher = Fetcher::from_environment(root)?;
    download(&fetcher, root, &plan, force, asked, &mut std::io::stdout(), &mut std::io::stderr())
}

/// Downloads what `plan` says (per day: the input, the page), as it was decided at `asked`;
/// messages on `out`, waiting notices and warnings on `log`. The input is what the days
/// need: a page that fails after it is a warning, not a failure.
///
/// Whether each is still missing is asked again under the site lock, where the download
/// happens: a page another command saved after `asked` (it held the lock while this one
/// waited) is the page this one wanted, so two commands at once send one request each.
pub(crate) fn download(
    fetcher: &Fetcher,
    root: &Path,
    plan: &[(DayId, bool, bool)],
    force: bool,
    asked: SystemTime,
    out: &mut dyn Write,
    log: &mut dyn Write,
) -> anyhow::Result<()> {
    for &(id, input, page) in plan {
        if input {
            let path = shown(root, &input_path(root, id));
            match fetcher.fetch(root, id, force, crate::client::now()?, log)? {
                true => writeln!(out, "{id}: saved to {path}")?,
                false => writeln!(out, "{id}: already at {path} (use --force to download again)")?,
            }
        }
        if page {
            let lock = fetcher.lock(log)?;
            if saved_since(&puzzle_page_path(root, id), asked) {
                writeln!(out, "{id}: puzzle page saved by another command just now, not downloaded again")?;
                continue;
            }
            if let Err(e) = crate::page::refresh(fetcher, &lock, root, id, out, log) {
                writeln!(
                    log,
                    "warning: {id}: your input is saved, but the puzzle page could not be downloaded: {e:#}"
                )?;
                writeln!(log, "         `cargo xtask read {id}` tries again")?;
            }
        }
    }
    Ok(())
}

/// Whether `path` was written at or after `moment`.
fn saved_since(path: &Path, moment: SystemTime) -> bool {
    std::fs::metadata(path).and_then(|m| m.modified()).is_ok_and(|modified| modified >= moment)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::testsite::{Reply, Site as Server};
    use crate::token::Token;

    fn fetcher(base_url: &str, dir: &Path) -> Fetcher {
        Fetcher {
            base_url: base_url.to_string(),
            token: Token::new("t0k3n").unwrap(),
            user_agent: "test".into(),
            throttle: Duration::from_millis(100),
            state: dir.join("state"),
            timeout: Duration::from_millis(500),
        }
    }

    fn day(s: &str) -> DayId {
        s.parse().unwrap()
    }

    #[test]
    fn fetch_succeeds_when_the_input_arrived_and_only_the_page_failed() {
        let server = Server::start(vec![
            Reply::With(200, "input\n".into()),
            Reply::With(500, "oops".into()),
            Reply::With(500, "oops".into()),
        ]);
        let root = tempfile::tempdir().unwrap();
        let mut log = Vec::new();
        let plan = [(day("2016-11"), true, true)];
        download(
            &fetcher(&server.url, root.path()),
            root.path(),
            &plan,
            false,
            SystemTime::now(),
            &mut Vec::new(),
            &mut log,
        )
        .unwrap();
        let log = String::from_utf8(log).unwrap();
        assert!(
            log.contains("warning: 2016-11: your input is saved, but the puzzle page could not be downloaded"),
            "{log}"
        );
        assert_eq!(std::fs::read_to_string(root.path().join("inputs/2016/day11.txt")).unwrap(), "input\n");
        assert!(!aoc_workspace::inputs::puzzle_page_path(root.path(), day("2016-11")).exists());
        // The input failing is the command failing.
        let server = Server::always(500, "oops");
        let other = tempfile::tempdir().unwrap();
        let err = download(
            &fetcher(&server.url, other.path()),
            other.path(),
            &plan,
            false,
            SystemTime::now(),
            &mut Vec::new(),
            &mut Vec::new(),
        );
        assert!(err.is_err());
    }
}

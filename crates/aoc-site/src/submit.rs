//! `cargo xtask submit`: send an answer to the site, at most once, and remember what it said.
//!
//! Under the site lock (module `lock`, so two submits never cross), the answers file
//! (`aoc_workspace::answers`) is read afresh and asked whether the answer can be right at
//! all: not empty, not for a solved part, not part 2 before part 1, not one rejected
//! before, not outside a learned bound, not one sent before whose verdict never arrived
//! (unless `--force`); and the puzzle must be unlocked. Each refusal says why and sends
//! nothing.
//!
//! The answer is recorded as *sent, verdict unknown* after the spacing is waited out,
//! immediately before the POST, so a `submit` killed mid-request never re-sends it
//! silently, and one stopped during the wait, or whose request could not leave this
//! machine (no such host, no connection, a bad address or token), records nothing. The
//! reply's `<article>` holds the verdict: right (the page is then downloaded again, since
//! part 2 appears at once after part 1, and part 2's answer after part 2), wrong (often
//! "too high" or "too low", which become bounds), "too recently" (`--wait` waits it out
//! and tries once more), or "not the right level". The login page instead of a verdict
//! means the token expired: nothing was judged. Anything else is shown, escaped for the
//! terminal, and the answer stays *verdict unknown*. Every answer printed is escaped too
//! (the answers file holds the site's text). The answers file is written atomically; the
//! token is never shown.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use anyhow::{bail, Result};
use aoc_commands::SubmitArgs;
use aoc_workspace::answers::{Answers, Wrong};
use aoc_workspace::inputs::answers_path;
use aoc_workspace::terminal_safe;
use aoc_workspace::when::{human, now_seconds, until_unlock};

use crate::client::Fetcher;
use crate::html::{elements, tokens, Token};

/// What the site said to an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// "That's the right answer!"
    Right,
    /// "That's not the right answer", with its hint.
    Wrong(Wrong),
    /// "You gave an answer too recently", with the time left when the site said it.
    TooRecent(Option<Duration>),
    /// "You don't seem to be solving the right level": solved already, or locked.
    WrongLevel,
    /// The login page instead of a reply: the session token has expired, nothing was judged.
    LoginPage,
    /// A reply this tool does not know: its text.
    Unknown(String),
}

/// The verdict in a reply page: the text of its `<article>`.
pub fn verdict(html: &str) -> Verdict {
    if is_login_page(html) {
        return Verdict::LoginPage;
    }
    let text = article_text(html);
    if text.contains("That's the right answer") {
        Verdict::Right
    } else if text.contains("That's not the right answer") {
        Verdict::Wrong(if text.contains("too high") {
            Wrong::TooHigh
        } else if text.contains("too low") {
            Wrong::TooLow
        } else {
            Wrong::Wrong
        })
    } else if text.contains("You gave an answer too recently") {
        Verdict::TooRecent(time_left(&text))
    } else if text.contains("You don't seem to be solving the right level") {
        Verdict::WrongLevel
    } else {
        Verdict::Unknown(text)
    }
}

/// Whether a reply is the site's login page: no `<article>` (every reply has one), and
/// links to the sign-in services or words asking to log in.
fn is_login_page(html: &str) -> bool {
    let lower = html.to_ascii_lowercase();
    crate::html::articles(html) == 0
        && ["/auth/", "log in", "identify yourself"].iter().any(|mark| lower.contains(mark))
}

/// The text of the first `<article>` (or of the whole reply), tags dropped, spaces folded.
fn article_text(html: &str) -> String {
    let tokens = tokens(html);
    let body = elements(&tokens, "article").first().copied().unwrap_or(&tokens);
    let text: Vec<&str> =
        body.iter().filter_map(|t| if let Token::Text(s) = t { Some(s.as_str()) } else { None }).collect();
    text.join(" ").split_whitespace().collect::<Vec<_>>().join(" ").replace(" .", ".").replace(" ,", ",")
}

/// "You have 1m 3s left to wait" -> 63 s; "You have 45s left" -> 45 s.
fn time_left(text: &str) -> Option<Duration> {
    let rest = &text[text.find("You have ")? + "You have ".len()..];
    let phrase = &rest[..rest.find(" left")?];
    let mut seconds = 0u64;
    for part in phrase.split_whitespace() {
        let (number, unit) = part.split_at(part.find(|c: char| !c.is_ascii_digit())?);
        let number: u64 = number.parse().ok()?;
        seconds += match unit {
            "h" => number * 3600,
            "m" => number * 60,
            "s" => number,
            _ => return None,
        };
    }
    Some(Duration::from_secs(seconds))
}

/// Submits `args`'s answer for its part, first checking everything that can be checked
/// without a request: whether the site accepted it. Messages go to `out`, waiting notices
/// to `log`.
pub fn submit(
    fetcher: &Fetcher,
    root: &Path,
    args: &SubmitArgs,
    out: &mut dyn Write,
    log: &mut dyn Write,
) -> Result<bool> {
    let (id, part) = (args.day, args.part);
    let Some(answer) = args.answer.as_deref().map(str::trim) else {
        bail!("{id} part {part} has no answer to submit: give one with --answer")
    };
    let lock = fetcher.lock(log)?;
    let path = answers_path(root, id);
    let mut answers = Answers::load(&path)?;
    if let Some(refusal) = answers.refusal(part, answer).filter(|r| !(args.force && r.forceable())) {
        // A refusal quotes answers from the file, which holds the site's text.
        writeln!(out, "{id} part {part}: not sent: {}", terminal_safe(&refusal.to_string()))?;
        return Ok(false);
    }
    let shown = terminal_safe(answer);
    if let Some(left) = until_unlock(id, crate::client::now()?) {
        writeln!(out, "{id} part {part}: not sent: the puzzle unlocks in {}", human(left))?;
        return Ok(false);
    }
    let title = format!("{} day {}", id.year, id.day);
    for attempt in 0..2 {
        // Nothing is recorded until the request is about to leave: a bad address or token
        // fails here, and a Ctrl-C during the wait stops before the record.
        let ready = fetcher.ready_answer(&lock, id, part, answer, log)?;
        answers.record_sent(part, answer, now_seconds());
        answers.save(&path, &title)?;
        let reply = match ready.send() {
            Ok(reply) => reply,
            Err(e) if e.never_sent() => {
                answers.forget_sent(part, answer);
                answers.save(&path, &title)?;
                return Err(e.into());
            }
            Err(e) => bail!(
                "{e}\n{id} part {part}: `{shown}` may have reached the site; it is recorded as sent without a verdict (`cargo xtask read {id}` shows an accepted answer)"
            ),
        };
        let verdict = verdict(&reply);
        if matches!(verdict, Verdict::TooRecent(_) | Verdict::WrongLevel | Verdict::LoginPage) {
            answers.forget_sent(part, answer); // not judged: nothing to remember
            answers.save(&path, &title)?;
        }
        match verdict {
            Verdict::Right => {
                answers.record_accepted(part, answer);
                answers.save(&path, &title)?;
                writeln!(out, "{id} part {part}: `{shown}` is the right answer! Recorded as accepted.")?;
                // The site shows part 2 at once after part 1, and part 2's answer after
                // part 2: keep the cached page up with it (after the spacing).
                if let Err(e) = crate::page::refresh(fetcher, &lock, root, id, out, log) {
                    writeln!(log, "warning: the puzzle page could not be downloaded again: {e:#}; `cargo xtask read {id}` tries again")?;
                }
                return Ok(true);
            }
            Verdict::Wrong(why) => {
                answers.record_rejected(part, answer, why, now_seconds());
                answers.save(&path, &title)?;
                let hint = if why == Wrong::Wrong { String::new() } else { format!(" (your answer is {why})") };
                writeln!(
                    out,
                    "{id} part {part}: `{shown}` is not the right answer{hint}. Recorded; it will not be sent again."
                )?;
                return Ok(false);
            }
            Verdict::TooRecent(left) => {
                let left_text = left.map_or("a moment".to_string(), human);
                if !args.wait || attempt == 1 {
                    let advice = if args.wait { "" } else { " (or add --wait)" };
                    writeln!(out, "{id} part {part}: not judged: the site says you answered too recently; wait {left_text}, then try again{advice}.")?;
                    return Ok(false);
                }
                countdown(left.unwrap_or(Duration::from_secs(60)), log)?;
            }
            Verdict::WrongLevel => {
                writeln!(out, "{id} part {part}: not judged: the site says this is not the level you are on (already solved, or part 1 first?). `cargo xtask fetch {id}` records what the site shows.")?;
                return Ok(false);
            }
            Verdict::LoginPage => {
                writeln!(out, "{id} part {part}: not judged: the site answered with its login page, as it does when the session token has expired; `{shown}` is not recorded as sent. {}", crate::client::RENEW)?;
                return Ok(false);
            }
            Verdict::Unknown(text) => {
                writeln!(
                    out,
                    "{id} part {part}: the site answered something this tool does not know, so `{shown}` stays recorded as sent without a verdict; here is the reply:\n{}",
                    terminal_safe(&text)
                )?;
                return Ok(false);
            }
        }
    }
    bail!("{id} part {part}: the site kept saying to wait")
}

/// Waits `left` (plus a second for the clocks), counting down on `log`.
fn countdown(left: Duration, log: &mut dyn Write) -> Result<()> {
    let total = left + Duration::from_secs(1);
    let started = std::time::Instant::now();
    while started.elapsed() < total {
        let remaining = total.saturating_sub(started.elapsed());
        write!(log, "\rwaiting {} before trying again ", human(remaining))?;
        log.flush()?;
        std::thread::sleep(remaining.min(Duration::from_secs(1)));
    }
    writeln!(log)?;
    Ok(())
}

#[cfg(test)]
mod tests;

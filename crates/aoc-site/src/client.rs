//! The site client: every request to adventofcode.com goes through [`Fetcher`], politely.
//!
//! Follows the Advent of Code automation guidance: a User-Agent naming this tool and a
//! contact, a cache (an input on disk is never downloaded again), at least five seconds
//! between requests of any command of this workspace (module `lock`), and no request
//! before a puzzle unlocks. A GET that fails with a 5xx or a timeout is tried once more,
//! after the same spacing; a POST never is (the site may have judged it). The session
//! token (module `token`) is sent in the cookie and nowhere else.
//!
//! What the site sends is checked before anything is written: an expired session shows
//! as a 400, a redirect to the login page, or a login page served as 200 instead of the
//! input, and each is named as such. Files are written whole or not at all.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use aoc_workspace::inputs::input_path;
use aoc_workspace::when::human;
pub use aoc_workspace::when::unlock_time;
use aoc_workspace::{DayId, Part};

use aoc_workspace::text::terminal_safe;

use crate::html::looks_like_html;
use crate::lock::SiteLock;
use crate::token::{token_from_environment, NoToken, Token};

/// The real site; `AOC_BASE_URL` overrides it (tests use a local server).
pub const DEFAULT_BASE_URL: &str = "https://adventofcode.com";
/// The least time between two requests.
pub const DEFAULT_THROTTLE: Duration = Duration::from_secs(5);

/// What to do about a session token the site no longer takes.
const RENEW: &str =
    "log in to adventofcode.com again and copy the new `session` cookie (README: \"The session token\")";

/// The User-Agent: `AOC_USER_AGENT` if set, else this tool with the git user's e-mail as
/// the contact.
pub fn user_agent(override_value: Option<String>, contact: Option<String>) -> String {
    if let Some(agent) = override_value.filter(|a| !a.trim().is_empty()) {
        return agent;
    }
    let contact = contact.filter(|c| !c.trim().is_empty()).unwrap_or_else(|| "set AOC_USER_AGENT to add yours".into());
    format!("aoc-workspace-xtask/{} (Advent of Code Rust workspace; contact: {contact})", env!("CARGO_PKG_VERSION"))
}

/// What can go wrong, each with what the user can do about it.
#[derive(Debug)]
pub enum FetchError {
    /// No token anywhere.
    NoToken(NoToken),
    /// The puzzle is not out yet.
    Locked { id: DayId, wait: Duration },
    /// 400 or 401: the token was refused.
    TokenRejected(u16),
    /// A redirect (3xx), where it led, and whether that is the login page.
    Redirected { status: u16, location: String },
    /// A web page (the login page) where an input or a puzzle page belongs; what was asked.
    NotWhatWasAsked(&'static str),
    /// 404: no such puzzle (or not unlocked by the site's clock); what was asked for.
    NotFound(DayId, &'static str),
    /// 5xx.
    Server(u16),
    /// Another unexpected status.
    Status(u16),
    /// No answer in time.
    Timeout,
    /// The site could not be reached: nothing was sent.
    Network(String),
    /// The connection broke off after the request went out.
    BrokenOff(String),
    /// Writing a file (or taking the lock) failed.
    Io(std::io::Error),
}

impl FetchError {
    /// Whether a GET that failed so is worth one more try.
    fn is_passing(&self) -> bool {
        matches!(self, FetchError::Server(_) | FetchError::Timeout)
    }

    /// Whether the request surely never reached the site.
    pub fn never_sent(&self) -> bool {
        matches!(self, FetchError::Network(_) | FetchError::NoToken(_) | FetchError::Locked { .. })
    }
}

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FetchError::NoToken(places) => write!(f, "{places}"),
            FetchError::Locked { id, wait } => {
                write!(f, "{id} unlocks at midnight UTC-5 on December {}: {} from now", id.day, human(*wait))
            }
            FetchError::TokenRejected(code) => {
                write!(f, "the site refused the session token (HTTP {code}): it has probably expired; {RENEW}")
            }
            FetchError::Redirected { status, location } => {
                let login = ["login", "auth"].iter().any(|w| location.to_ascii_lowercase().contains(w));
                let place = if login { "its login page".to_string() } else { format!("`{}`", terminal_safe(location)) };
                write!(f, "the site sent you to {place} (HTTP {status}): the session token has probably expired; {RENEW}")
            }
            FetchError::NotWhatWasAsked(what) => write!(
                f,
                "the site sent a web page (its login page?) instead of the {what}, as it does when the session token has expired; nothing was saved; {RENEW}"
            ),
            FetchError::NotFound(id, what) => write!(f, "the site has no {what} for {id} (HTTP 404): not unlocked yet, or no such puzzle"),
            FetchError::Server(code) => write!(f, "the site had a problem (HTTP {code}); try again later"),
            FetchError::Status(code) => write!(f, "unexpected answer from the site (HTTP {code})"),
            FetchError::Timeout => f.write_str("the site did not answer in time; try again later"),
            FetchError::Network(why) => {
                write!(f, "cannot reach the site ({}); check your network connection", terminal_safe(why))
            }
            FetchError::BrokenOff(why) => write!(f, "the connection to the site broke off ({})", terminal_safe(why)),
            FetchError::Io(e) => write!(f, "cannot save what was downloaded: {e}"),
        }
    }
}

impl std::error::Error for FetchError {}

/// Everything a request needs.
pub struct Fetcher {
    /// Site root, no trailing slash.
    pub base_url: String,
    /// The session token.
    pub token: Token,
    /// The User-Agent header.
    pub user_agent: String,
    /// The least time between two requests.
    pub throttle: Duration,
    /// Where the lock and the time of the last request are kept.
    pub state: PathBuf,
    /// How long to wait for an answer.
    pub timeout: Duration,
}

/// What a fetch did.
#[derive(Debug, PartialEq, Eq)]
pub enum Fetched {
    /// The input was already on disk; no request was made.
    Cached(PathBuf),
    /// Downloaded and saved.
    Downloaded(PathBuf),
}

impl Fetcher {
    /// One site command at a time (module `lock`); hold it from the first look at the
    /// answers file to the last write.
    pub fn lock(&self, log: &mut dyn Write) -> Result<SiteLock, FetchError> {
        SiteLock::acquire(&self.state.join("site.lock"), log).map_err(FetchError::Io)
    }

    /// Downloads `id`'s input into `root/inputs/...` unless it is there (or `force`).
    /// Waits for other site commands and the spacing first, saying so on `log`.
    pub fn fetch(
        &self,
        root: &Path,
        id: DayId,
        force: bool,
        now: SystemTime,
        log: &mut dyn Write,
    ) -> Result<Fetched, FetchError> {
        let path = input_path(root, id);
        if path.exists() && !force {
            return Ok(Fetched::Cached(path));
        }
        let unlock = unlock_time(id);
        if let Ok(wait) = unlock.duration_since(now) {
            if !wait.is_zero() {
                return Err(FetchError::Locked { id, wait });
            }
        }
        let lock = self.lock(log)?;
        let body = self.get(&lock, id, "input", &format!("{}/day/{}/input", id.year, id.day), log)?;
        if looks_like_html(&body) {
            return Err(FetchError::NotWhatWasAsked("puzzle input"));
        }
        save_atomically(&path, &body).map_err(FetchError::Io)?;
        Ok(Fetched::Downloaded(path))
    }

    /// Waits until the last request (by any command) is [`Fetcher::throttle`] ago, saying
    /// so on `log`, and records this one. Only under the lock, so no two commands read
    /// the same last time and send together.
    fn wait_for_throttle(&self, _held: &SiteLock, log: &mut dyn Write) -> Result<(), FetchError> {
        let stamp = self.state.join("last-request");
        let last = std::fs::read_to_string(&stamp).ok().and_then(|s| s.trim().parse::<u64>().ok());
        if let Some(last) = last.map(|ms| UNIX_EPOCH + Duration::from_millis(ms)) {
            let since = SystemTime::now().duration_since(last).unwrap_or_default();
            if since < self.throttle {
                let wait = self.throttle - since;
                let _ = writeln!(
                    log,
                    "waiting {:.1} s before the next request (at most one every {} s)",
                    wait.as_secs_f64(),
                    self.throttle.as_secs_f64()
                );
                std::thread::sleep(wait);
            }
        }
        let now_ms = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_millis();
        std::fs::create_dir_all(&self.state).map_err(FetchError::Io)?;
        std::fs::write(&stamp, now_ms.to_string()).map_err(FetchError::Io)
    }

    /// The puzzle page of `id` (HTML). A page without puzzle text (a login page) is an
    /// error, never returned.
    pub fn page(&self, lock: &SiteLock, id: DayId, log: &mut dyn Write) -> Result<String, FetchError> {
        let html = self.get(lock, id, "puzzle page", &format!("{}/day/{}", id.year, id.day), log)?;
        if crate::html::articles(&html) == 0 {
            return Err(FetchError::NotWhatWasAsked("puzzle page"));
        }
        Ok(html)
    }

    /// Posts `answer` for `part` of `id` after the spacing; the reply page (HTML). Never
    /// retried: a reply that did not arrive may still have been judged.
    pub fn post_answer(
        &self,
        lock: &SiteLock,
        id: DayId,
        part: Part,
        answer: &str,
        log: &mut dyn Write,
    ) -> Result<String, FetchError> {
        self.wait_for_throttle(lock, log)?;
        let level = part.to_string();
        let form = [("level", level.as_str()), ("answer", answer)];
        self.request(id, "answer page", &format!("{}/day/{}/answer", id.year, id.day), Some(&form))
    }

    /// A GET after the spacing, tried once more (after the spacing again) when the site
    /// failed with a 5xx or did not answer in time.
    fn get(
        &self,
        lock: &SiteLock,
        id: DayId,
        what: &'static str,
        path: &str,
        log: &mut dyn Write,
    ) -> Result<String, FetchError> {
        self.wait_for_throttle(lock, log)?;
        match self.request(id, what, path, None) {
            Err(e) if e.is_passing() => {
                let problem = match e {
                    FetchError::Server(code) => format!("the site had a problem (HTTP {code})"),
                    _ => "the site did not answer in time".to_string(),
                };
                let _ = writeln!(log, "{problem}; trying once more");
                self.wait_for_throttle(lock, log)?;
                self.request(id, what, path, None)
            }
            other => other,
        }
    }

    /// One request to `{base}/{path}` with the cookie and User-Agent: a GET, or a POST of
    /// `form`. `what` names the page in a 404.
    fn request(
        &self,
        id: DayId,
        what: &'static str,
        path: &str,
        form: Option<&[(&str, &str)]>,
    ) -> Result<String, FetchError> {
        let url = format!("{}/{path}", self.base_url.trim_end_matches('/'));
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(self.timeout))
            .http_status_as_error(false)
            .max_redirects(0)
            .build()
            .into();
        let cookie = self.token.cookie();
        let response = match form {
            None => agent.get(&url).header("User-Agent", &self.user_agent).header("Cookie", &cookie).call(),
            Some(form) => agent
                .post(&url)
                .header("User-Agent", &self.user_agent)
                .header("Cookie", &cookie)
                .send_form(form.iter().copied()),
        };
        let mut response = response.map_err(transport_error)?;
        match response.status().as_u16() {
            200 => response.body_mut().read_to_string().map_err(transport_error),
            code @ (400 | 401) => Err(FetchError::TokenRejected(code)),
            code @ 300..=399 => {
                let location = response.headers().get("location").and_then(|l| l.to_str().ok()).unwrap_or("");
                Err(FetchError::Redirected { status: code, location: location.to_string() })
            }
            404 => Err(FetchError::NotFound(id, what)),
            code @ 500..=599 => Err(FetchError::Server(code)),
            code => Err(FetchError::Status(code)),
        }
    }
}

/// A failure below HTTP: no answer in time, no connection at all (nothing was sent), or a
/// connection that broke off.
fn transport_error(e: ureq::Error) -> FetchError {
    use std::io::ErrorKind;
    match e {
        ureq::Error::Timeout(_) => FetchError::Timeout,
        ureq::Error::Io(e) if e.kind() == ErrorKind::TimedOut => FetchError::Timeout,
        ureq::Error::Io(e) if e.kind() == ErrorKind::ConnectionRefused => FetchError::Network(e.to_string()),
        e @ (ureq::Error::HostNotFound | ureq::Error::ConnectionFailed) => FetchError::Network(e.to_string()),
        other => FetchError::BrokenOff(other.to_string()),
    }
}

impl Fetcher {
    /// The site as the environment configures it: `AOC_BASE_URL`, the token (module
    /// `token`), `AOC_USER_AGENT` or the git e-mail as contact.
    pub fn from_environment(root: &Path) -> Result<Fetcher, FetchError> {
        let env = |name: &str| std::env::var(name).ok();
        Ok(Fetcher {
            base_url: env("AOC_BASE_URL").unwrap_or_else(|| DEFAULT_BASE_URL.to_string()),
            token: token_from_environment().map_err(FetchError::NoToken)?,
            user_agent: user_agent(env("AOC_USER_AGENT"), git_email()),
            throttle: DEFAULT_THROTTLE,
            state: root.join("target/xtask"),
            timeout: Duration::from_secs(30),
        })
    }
}

/// The git user's e-mail, the default contact in the User-Agent.
fn git_email() -> Option<String> {
    let out = std::process::Command::new("git").args(["config", "user.email"]).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Writes `text` next to `path` and renames it into place, so no partial file is left.
pub(crate) fn save_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests;

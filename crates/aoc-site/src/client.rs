//! The site client: every request to adventofcode.com goes through [`Fetcher`], politely.
//!
//! Follows the Advent of Code automation guidance: a User-Agent naming this tool and a
//! contact, a cache (an input on disk is never downloaded again), at least five seconds
//! between requests of any command of this workspace (module `lock`) as the site counts
//! them, and no request before a puzzle unlocks. The spacing runs from the end of the
//! last exchange, plus a margin for the clocks, so the site never sees two requests less
//! than five seconds apart however late it read the first. A GET that fails with a 5xx,
//! a timeout, or a connection reset or cut short is tried once more, after the same
//! spacing, saying why in one line; a POST never is (the site may have judged it). The session token (module
//! `token`) is sent in the cookie and nowhere else.
//!
//! Whether a request may have left this machine is always known: a bad address, a token
//! no header can carry, a host that does not resolve or a connection refused mean nothing
//! was sent ([`FetchError::never_sent`]), which `submit` relies on to record only answers
//! that may have reached the site.
//!
//! What the site sends is checked before anything is written: an expired session shows
//! as a 400, a redirect to the login page, or a login page served as 200 instead of the
//! input, and each is named as such; a reply larger than [`MAX_BODY_MB`] is refused. The
//! folder a file goes to is checked before the request that fills it is spent, and files
//! are written whole or not at all (`aoc_workspace::files`).

use std::io::Write;
use std::net::ToSocketAddrs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use aoc_workspace::files::{write_whole, Access, Pending, WriteError};
use aoc_workspace::inputs::input_path;
use aoc_workspace::terminal_safe;
use aoc_workspace::when::{human, until_unlock};
use aoc_workspace::{DayId, Part};

use crate::html::looks_like_html;
use crate::lock::SiteLock;
use crate::token::{token_from_environment, NoToken, Token};

/// The real site; `AOC_BASE_URL` overrides it (tests use a local server).
pub const DEFAULT_BASE_URL: &str = "https://adventofcode.com";
/// The least time between two requests, as the site asks for it.
pub const DEFAULT_THROTTLE: Duration = Duration::from_secs(5);
/// Added to the spacing: the client's clock and the site's need not tick alike.
pub const SPACING_MARGIN: Duration = Duration::from_millis(100);
/// The largest reply read; no page or input comes near it.
pub const MAX_BODY_MB: u64 = 10;

/// What to do about a session token the site no longer takes.
pub(crate) const RENEW: &str =
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
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    /// No token anywhere.
    #[error(transparent)]
    NoToken(NoToken),
    /// The puzzle is not out yet.
    #[error("{id} unlocks at midnight UTC-5 on December {}: {} from now", id.day, human(*wait))]
    Locked { id: DayId, wait: Duration },
    /// 400 or 401: the token was refused.
    #[error("the site refused the session token (HTTP {0}): it has probably expired; {RENEW}")]
    TokenRejected(u16),
    /// A redirect (3xx), where it led, and whether that is the login page.
    #[error(
        "the site sent you to {} (HTTP {status}): the session token has probably expired; {RENEW}",
        redirect_place(location)
    )]
    Redirected { status: u16, location: String },
    /// A web page (the login page) where an input or a puzzle page belongs; what was asked.
    #[error("the site sent a web page (its login page?) instead of the {0}, as it does when the session token has expired; nothing was saved; {RENEW}")]
    NotWhatWasAsked(&'static str),
    /// 404: no such puzzle (or not unlocked by the site's clock); what was asked for.
    #[error("the site has no {1} for {0} (HTTP 404): not unlocked yet, or no such puzzle")]
    NotFound(DayId, &'static str),
    /// 5xx.
    #[error("the site had a problem (HTTP {0}); try again later")]
    Server(u16),
    /// Another unexpected status.
    #[error("unexpected answer from the site (HTTP {0})")]
    Status(u16),
    /// No answer in time.
    #[error("the site did not answer in time; try again later")]
    Timeout,
    /// The site could not be reached (no such host, no connection): nothing was sent.
    #[error("cannot reach the site ({}); check your network connection; nothing was sent", terminal_safe(.0))]
    Network(String),
    /// The request could not be written (the site's address or the token): nothing was sent.
    #[error("{}; nothing was sent", terminal_safe(.0))]
    BadRequest(String),
    /// The connection broke off (reset, or the reply cut short) after the request went out.
    #[error("the connection to the site broke off ({})", terminal_safe(.0))]
    BrokenOff(String),
    /// The reply was larger than [`MAX_BODY_MB`] megabytes.
    #[error("the site sent more than {MAX_BODY_MB} MB; nothing was saved")]
    TooLarge,
    /// The folder a download goes to cannot be written: found before the request.
    #[error("{0}; nothing was requested")]
    Unwritable(WriteError),
    /// Writing a file (or taking the lock) failed.
    #[error("cannot save what was downloaded: {0}")]
    Io(std::io::Error),
}

/// Where a redirect led, as [`FetchError::Redirected`] says it: the login page, or the address.
fn redirect_place(location: &str) -> String {
    let login = ["login", "auth"].iter().any(|w| location.to_ascii_lowercase().contains(w));
    if login {
        "its login page".to_string()
    } else {
        format!("`{}`", terminal_safe(location))
    }
}

impl FetchError {
    /// Why a GET that failed so is worth one more try, if it is: the site's trouble, or a
    /// connection that broke, not an answer it meant.
    fn passing(&self) -> Option<String> {
        match self {
            FetchError::Server(code) => Some(format!("the site had a problem (HTTP {code})")),
            FetchError::Timeout => Some("the site did not answer in time".into()),
            FetchError::BrokenOff(_) => Some("the connection to the site broke off".into()),
            _ => None,
        }
    }

    /// Whether the request surely never reached the site.
    pub fn never_sent(&self) -> bool {
        matches!(
            self,
            FetchError::Network(_)
                | FetchError::BadRequest(_)
                | FetchError::NoToken(_)
                | FetchError::Locked { .. }
                | FetchError::Unwritable(_)
        )
    }
}

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

impl Fetcher {
    /// The site as the environment configures it: `AOC_BASE_URL`, the token (module
    /// `token`), `AOC_USER_AGENT` or the git e-mail as contact.
    pub fn from_environment(root: &Path) -> Result<Fetcher, FetchError> {
        let env = |name: &str| std::env::var(name).ok();
        Ok(Fetcher {
            base_url: env("AOC_BASE_URL").unwrap_or_else(|| DEFAULT_BASE_URL.to_string()),
            token: token_from_environment().map_err(FetchError::NoToken)?,
            user_agent: user_agent(env("AOC_USER_AGENT"), git_email()),
            throttle: DEFAULT_THROTTLE, // plus SPACING_MARGIN, always
            state: root.join("target/xtask"),
            timeout: Duration::from_secs(30),
        })
    }

    /// One site command at a time (module `lock`); hold it from the first look at the
    /// answers file to the last write.
    pub fn lock(&self, log: &mut dyn Write) -> Result<SiteLock, FetchError> {
        SiteLock::acquire(&self.state.join("site.lock"), log).map_err(FetchError::Io)
    }

    /// Downloads `id`'s input into `root/inputs/...` unless it is there (or `force`): whether
    /// it did. Waits for other site commands and the spacing first, saying so on `log`.
    pub fn fetch(
        &self,
        root: &Path,
        id: DayId,
        force: bool,
        now: SystemTime,
        log: &mut dyn Write,
    ) -> Result<bool, FetchError> {
        let path = input_path(root, id);
        if path.exists() && !force {
            return Ok(false);
        }
        if let Some(wait) = until_unlock(id, now) {
            return Err(FetchError::Locked { id, wait });
        }
        // The folder must take the file before a request is spent on it.
        let pending = Pending::create(&path, Access::Private).map_err(FetchError::Unwritable)?;
        let lock = self.lock(log)?;
        // Asked again under the lock: another command may have downloaded it while this
        // one waited (two `fetch` or `today` at once send one request, not two).
        if path.exists() && !force {
            return Ok(false);
        }
        let body = self.get(&lock, id, "input", &format!("{}/day/{}/input", id.year, id.day), log)?;
        if looks_like_html(&body) {
            return Err(FetchError::NotWhatWasAsked("puzzle input"));
        }
        pending.commit(body.as_bytes()).map_err(|e| FetchError::Io(e.into()))?;
        Ok(true)
    }

    /// Waits until the last exchange with the site (by any command) ended
    /// [`Fetcher::throttle`] plus [`SPACING_MARGIN`] ago, and stamps this one as started.
    /// Says on `log` how long it waits and, when it `retries` a failed GET, why, in one
    /// line. Only under the lock, so no two commands read the same last time and send
    /// together.
    fn wait_for_throttle(&self, held: &SiteLock, retries: Option<&str>, log: &mut dyn Write) -> Result<(), FetchError> {
        let stamp = std::fs::read_to_string(self.state.join("last-request")).ok();
        let last = stamp.and_then(|s| s.trim().parse().ok()).map(|ms| UNIX_EPOCH + Duration::from_millis(ms));
        let since = last.map_or(Duration::MAX, |last| SystemTime::now().duration_since(last).unwrap_or_default());
        let wait = (self.throttle + SPACING_MARGIN).saturating_sub(since);
        let seconds = wait.as_secs_f64();
        let _ = match retries {
            Some(why) => writeln!(log, "{why}; trying once more in {seconds:.1} s"),
            None if wait.is_zero() => Ok(()),
            None => writeln!(
                log,
                "waiting {seconds:.1} s before the next request (at most one every {} s)",
                self.throttle.as_secs_f64()
            ),
        };
        std::thread::sleep(wait);
        self.stamp(held)
    }

    /// Records now as the time of the last exchange: when a request starts (so a command
    /// killed during it still counts) and again when it ends (so the spacing runs from
    /// the end, whenever the site took the request in).
    fn stamp(&self, _held: &SiteLock) -> Result<(), FetchError> {
        let now_ms = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_millis();
        write_whole(&self.state.join("last-request"), now_ms.to_string().as_bytes(), Access::Shared)
            .map_err(|e| FetchError::Io(e.into()))
    }

    /// The puzzle page of `id` (HTML). A page without puzzle text (a login page) is an
    /// error, never returned.
    pub fn page(&self, lock: &SiteLock, id: DayId, log: &mut dyn Write) -> Result<String, FetchError> {
        let html = self.get(lock, id, "puzzle page", &format!("{}/day/{}", id.year, id.day), log)?;
        // A page too large or deep to read is saved and refused by its reader, with the reason.
        if crate::html::unreadable(&html).is_none() && crate::html::articles(&html) == 0 {
            return Err(FetchError::NotWhatWasAsked("puzzle page"));
        }
        Ok(html)
    }

    /// Readies the POST of `answer` for `part` of `id`: checks the request can be made
    /// (address, token, host), then waits out the spacing. Nothing has been sent when it
    /// returns, so a caller records the answer as sent only now, just before
    /// [`ReadyPost::send`], and a Ctrl-C during the wait leaves no record.
    pub fn ready_answer<'f>(
        &'f self,
        lock: &'f SiteLock,
        id: DayId,
        part: Part,
        answer: &str,
        log: &mut dyn Write,
    ) -> Result<ReadyPost<'f>, FetchError> {
        let url = self.checked_url(&format!("{}/day/{}/answer", id.year, id.day))?;
        self.wait_for_throttle(lock, None, log)?;
        let form = vec![("level".to_string(), part.to_string()), ("answer".to_string(), answer.to_string())];
        Ok(ReadyPost { fetcher: self, lock, id, url, form })
    }

    /// A GET after the spacing, tried once more (after the spacing again) when the site
    /// failed with a 5xx, did not answer in time, or the connection broke off.
    fn get(
        &self,
        lock: &SiteLock,
        id: DayId,
        what: &'static str,
        path: &str,
        log: &mut dyn Write,
    ) -> Result<String, FetchError> {
        let url = self.checked_url(path)?;
        let mut retried = None;
        loop {
            self.wait_for_throttle(lock, retried.as_deref(), log)?;
            let reply = self.request(id, what, &url, None);
            self.stamp(lock)?;
            match reply {
                Err(e) if e.passing().is_some() && retried.is_none() => retried = e.passing(),
                reply => return reply,
            }
        }
    }

    /// `{base}/{path}`, once it is known that a request to it can be written and its host
    /// found: each failure here means nothing was sent, and says what to fix.
    fn checked_url(&self, path: &str) -> Result<String, FetchError> {
        let url = format!("{}/{path}", self.base_url.trim_end_matches('/'));
        let bad_address =
            |why: &str| FetchError::BadRequest(format!("the site's address `{}` (AOC_BASE_URL) {why}", self.base_url));
        let port = match url.split_once("://") {
            Some(("https", _)) => 443,
            Some(("http", _)) => 80,
            _ => return Err(bad_address("does not start with https:// or http://")),
        };
        let uri: ureq::http::Uri = url.parse().map_err(|_| bad_address("is not a web address"))?;
        let host = uri.host().filter(|h| !h.is_empty()).ok_or_else(|| bad_address("names no host"))?;
        if ureq::http::HeaderValue::from_str(&self.token.cookie()).is_err() {
            return Err(FetchError::BadRequest(
                "the session token holds a character no cookie can carry (a line break?): copy it again (README: \"The session token\")".into(),
            ));
        }
        if ureq::http::HeaderValue::from_str(&self.user_agent).is_err() {
            return Err(FetchError::BadRequest("AOC_USER_AGENT holds a character no header can carry".into()));
        }
        if ureq::Proxy::try_from_env().is_some() {
            return Ok(url); // the proxy finds the host (this machine may not resolve it)
        }
        let host = host.trim_start_matches('[').trim_end_matches(']');
        match (host, uri.port_u16().unwrap_or(port)).to_socket_addrs().map(|mut found| found.next()) {
            Ok(Some(_)) => Ok(url),
            Ok(None) => Err(FetchError::Network(format!("no address for `{host}`"))),
            Err(e) => Err(FetchError::Network(format!("cannot find the host `{host}`: {e}"))),
        }
    }

    /// One request to `url` (from [`Fetcher::checked_url`]) with the cookie and
    /// User-Agent: a GET, or a POST of `form`. `what` names the page in a 404.
    fn request(
        &self,
        id: DayId,
        what: &'static str,
        url: &str,
        form: Option<&[(String, String)]>,
    ) -> Result<String, FetchError> {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(self.timeout))
            // Shorter than the whole, so a connection that never opens is told apart
            // (nothing sent) from a reply that never came (the site may have it).
            .timeout_connect(Some(self.timeout / 2))
            .http_status_as_error(false)
            .max_redirects(0)
            .build()
            .into();
        let cookie = self.token.cookie();
        let response = match form {
            None => agent.get(url).header("User-Agent", &self.user_agent).header("Cookie", &cookie).call(),
            Some(form) => agent
                .post(url)
                .header("User-Agent", &self.user_agent)
                .header("Cookie", &cookie)
                .send_form(form.iter().map(|(k, v)| (k.as_str(), v.as_str()))),
        };
        let mut response = response.map_err(transport_error)?;
        match response.status().as_u16() {
            200 => response
                .body_mut()
                .with_config()
                .limit(MAX_BODY_MB * 1024 * 1024)
                .lossy_utf8(true)
                .read_to_string()
                .map_err(transport_error),
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

/// A POST that is ready to go: checked, and the spacing waited out.
pub struct ReadyPost<'f> {
    fetcher: &'f Fetcher,
    lock: &'f SiteLock,
    id: DayId,
    url: String,
    form: Vec<(String, String)>,
}

impl ReadyPost<'_> {
    /// Sends the answer; the reply page (HTML). Never retried: a reply that did not
    /// arrive may still have been judged.
    pub fn send(self) -> Result<String, FetchError> {
        self.fetcher.stamp(self.lock)?;
        let reply = self.fetcher.request(self.id, "answer page", &self.url, Some(&self.form));
        self.fetcher.stamp(self.lock)?;
        reply
    }
}

/// A failure below HTTP, told by whether the request may have left this machine: no
/// host, no connection, or a request that could not be written (nothing was sent); no
/// answer in time, or a connection that broke off (it may have been).
fn transport_error(e: ureq::Error) -> FetchError {
    use std::io::ErrorKind;
    use ureq::Timeout;
    match e {
        ureq::Error::Timeout(Timeout::Resolve | Timeout::Connect) => {
            FetchError::Network("no connection in time".into())
        }
        ureq::Error::Timeout(_) => FetchError::Timeout,
        ureq::Error::Io(e) if e.kind() == ErrorKind::TimedOut => FetchError::Timeout,
        ureq::Error::Io(e)
            if matches!(
                e.kind(),
                ErrorKind::ConnectionRefused
                    | ErrorKind::AddrNotAvailable
                    | ErrorKind::NetworkUnreachable
                    | ErrorKind::HostUnreachable
                    | ErrorKind::NetworkDown
            ) =>
        {
            FetchError::Network(e.to_string())
        }
        // No connection to the site was made (through a proxy, or secured): nothing went out.
        e @ (ureq::Error::HostNotFound
        | ureq::Error::ConnectionFailed
        | ureq::Error::ConnectProxyFailed(_)
        | ureq::Error::InvalidProxyUrl
        | ureq::Error::Tls(_)) => FetchError::Network(e.to_string()),
        e @ (ureq::Error::BadUri(_) | ureq::Error::Http(_) | ureq::Error::RequireHttpsOnly(_)) => {
            FetchError::BadRequest(format!("the request could not be written ({e})"))
        }
        ureq::Error::BodyExceedsLimit(_) => FetchError::TooLarge,
        other => FetchError::BrokenOff(other.to_string()),
    }
}

/// The git user's e-mail, the default contact in the User-Agent.
fn git_email() -> Option<String> {
    let out = std::process::Command::new("git").args(["config", "user.email"]).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[cfg(test)]
mod tests;

/// The clock that says whether a puzzle has unlocked: the system's, or the one `AOC_NOW`
/// sets for tests. Request spacing always runs on the system clock.
pub fn now() -> anyhow::Result<SystemTime> {
    aoc_workspace::when::now().map_err(anyhow::Error::msg)
}

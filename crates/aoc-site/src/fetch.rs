//! `cargo xtask fetch`: download a user's puzzle input, politely.
//!
//! Follows the Advent of Code automation guidance: a User-Agent naming this tool and a
//! contact, a cache (an input on disk is never downloaded again), a pause between
//! requests, and no request before a puzzle unlocks. The session token is read from the
//! environment or a file and never printed, logged or written anywhere.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use aoc_cli::FetchTarget;
use aoc_workspace::inputs::{input_path, shown};
use aoc_workspace::when::human;
pub use aoc_workspace::when::unlock_time;
use aoc_workspace::DayId;

/// The real site; `AOC_BASE_URL` overrides it (tests use a local server).
pub const DEFAULT_BASE_URL: &str = "https://adventofcode.com";
/// The least time between two requests.
pub const DEFAULT_THROTTLE: Duration = Duration::from_secs(5);

/// The session token. Its `Debug` and `Display` never show the value.
#[derive(Clone)]
pub struct Token(String);

impl Token {
    /// A token from the cookie value (a leading `session=` is dropped, whitespace trimmed).
    pub fn new(raw: &str) -> Option<Token> {
        let value = raw.trim();
        let value = value.strip_prefix("session=").unwrap_or(value).trim();
        (!value.is_empty()).then(|| Token(value.to_string()))
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

/// Where the token may be, in the order `aoc-cli` looks too.
pub fn token_locations(home: Option<&Path>, config: Option<&Path>) -> Vec<PathBuf> {
    let mut places = Vec::new();
    if let Some(home) = home {
        places.push(home.join(".adventofcode.session"));
    }
    if let Some(config) = config {
        places.push(config.join("adventofcode.session"));
    }
    places
}

/// The token from `AOC_SESSION`, else from the first file in `places` that has one.
pub fn find_token(env_value: Option<String>, places: &[PathBuf]) -> Result<Token, FetchError> {
    if let Some(token) = env_value.as_deref().and_then(Token::new) {
        return Ok(token);
    }
    for place in places {
        if let Some(token) = std::fs::read_to_string(place).ok().as_deref().and_then(Token::new) {
            return Ok(token);
        }
    }
    Err(FetchError::NoToken(places.to_vec()))
}

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
    NoToken(Vec<PathBuf>),
    /// The puzzle is not out yet.
    Locked { id: DayId, wait: Duration },
    /// 400 or 401: the token was refused.
    TokenRejected(u16),
    /// 404: no such puzzle (or not unlocked by the site's clock); what was asked for.
    NotFound(DayId, &'static str),
    /// 5xx.
    Server(u16),
    /// Another unexpected status.
    Status(u16),
    /// No answer in time.
    Timeout,
    /// No connection at all.
    Network(String),
    /// Writing the file failed.
    Io(std::io::Error),
}

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FetchError::NoToken(places) => {
                let places: Vec<String> = places.iter().map(|p| p.display().to_string()).collect();
                write!(
                    f,
                    "no session token: set AOC_SESSION, or put the `session` cookie of adventofcode.com in {}",
                    places.join(" or ")
                )
            }
            FetchError::Locked { id, wait } => {
                write!(f, "{id} unlocks at midnight UTC-5 on December {}: {} from now", id.day, human(*wait))
            }
            FetchError::TokenRejected(code) => write!(
                f,
                "the site refused the session token (HTTP {code}): it has probably expired; log in again and copy the new `session` cookie"
            ),
            FetchError::NotFound(id, what) => write!(f, "the site has no {what} for {id} (HTTP 404): not unlocked yet, or no such puzzle"),
            FetchError::Server(code) => write!(f, "the site had a problem (HTTP {code}); try again later"),
            FetchError::Status(code) => write!(f, "unexpected answer from the site (HTTP {code})"),
            FetchError::Timeout => f.write_str("the site did not answer in time; try again later"),
            FetchError::Network(why) => write!(f, "cannot reach the site ({why}); check your network connection"),
            FetchError::Io(e) => write!(f, "cannot save what was downloaded: {e}"),
        }
    }
}

impl std::error::Error for FetchError {}

/// Everything a download needs.
pub struct Fetcher {
    /// Site root, no trailing slash.
    pub base_url: String,
    /// The session token.
    pub token: Token,
    /// The User-Agent header.
    pub user_agent: String,
    /// The least time between two requests.
    pub throttle: Duration,
    /// Where the time of the last request is kept.
    pub stamp: PathBuf,
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
    /// Downloads `id`'s input into `root/inputs/...` unless it is there (or `force`).
    /// Waits out the throttle first, saying so on `log`.
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
        self.wait_for_throttle(log)?;
        let body = self.download(id)?;
        save_atomically(&path, &body).map_err(FetchError::Io)?;
        Ok(Fetched::Downloaded(path))
    }

    /// Waits until the last request (by any command) is [`Fetcher::throttle`] ago, saying
    /// so on `log`, and records this one.
    pub fn wait_for_throttle(&self, log: &mut dyn Write) -> Result<(), FetchError> {
        let last = std::fs::read_to_string(&self.stamp).ok().and_then(|s| s.trim().parse::<u64>().ok());
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
        if let Some(dir) = self.stamp.parent() {
            std::fs::create_dir_all(dir).map_err(FetchError::Io)?;
        }
        std::fs::write(&self.stamp, now_ms.to_string()).map_err(FetchError::Io)
    }

    fn download(&self, id: DayId) -> Result<String, FetchError> {
        self.request(id, "input", &format!("{}/day/{}/input", id.year, id.day), None)
    }

    /// The puzzle page of `id` (HTML), after the throttle.
    pub fn page(&self, id: DayId, log: &mut dyn Write) -> Result<String, FetchError> {
        self.wait_for_throttle(log)?;
        self.request(id, "puzzle page", &format!("{}/day/{}", id.year, id.day), None)
    }

    /// Posts `answer` for `level` (part) of `id`; the reply page (HTML). No throttle here:
    /// the caller waits for it first.
    pub fn post_answer(&self, id: DayId, level: u8, answer: &str) -> Result<String, FetchError> {
        let level = level.to_string();
        let form = [("level", level.as_str()), ("answer", answer)];
        self.request(id, "answer page", &format!("{}/day/{}/answer", id.year, id.day), Some(&form))
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
        let cookie = format!("session={}", self.token.0);
        let response = match form {
            None => agent.get(&url).header("User-Agent", &self.user_agent).header("Cookie", &cookie).call(),
            Some(form) => agent
                .post(&url)
                .header("User-Agent", &self.user_agent)
                .header("Cookie", &cookie)
                .send_form(form.iter().copied()),
        };
        let mut response = match response {
            Ok(r) => r,
            Err(ureq::Error::Timeout(_)) => return Err(FetchError::Timeout),
            Err(ureq::Error::Io(e)) if e.kind() == std::io::ErrorKind::TimedOut => return Err(FetchError::Timeout),
            Err(e) => return Err(FetchError::Network(e.to_string())),
        };
        match response.status().as_u16() {
            200 => response.body_mut().read_to_string().map_err(|e| match e {
                ureq::Error::Timeout(_) => FetchError::Timeout,
                other => FetchError::Network(other.to_string()),
            }),
            code @ (400 | 401) => Err(FetchError::TokenRejected(code)),
            404 => Err(FetchError::NotFound(id, what)),
            code @ 500..=599 => Err(FetchError::Server(code)),
            code => Err(FetchError::Status(code)),
        }
    }
}

/// `cargo xtask fetch <year>-<day>|<year> [--force]`, configured from the environment:
/// each day's input unless it is on disk, and its puzzle page unless it is cached and every
/// part's accepted answer is already recorded (the page shows them; module `page`).
pub fn command(root: &Path, target: FetchTarget, force: bool) -> anyhow::Result<()> {
    let ids: Vec<DayId> = match target {
        FetchTarget::Year(year) => {
            let ids: Vec<DayId> = aoc_build::implemented_days(root)
                .into_iter()
                .filter(|&(y, _)| y == year)
                .map(|(year, day)| DayId { year, day })
                .collect();
            anyhow::ensure!(!ids.is_empty(), "no day of {year} is implemented yet, so there is nothing to fetch");
            ids
        }
        FetchTarget::Day(id) => vec![id],
    };
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
    let mut stderr = std::io::stderr();
    for (id, input, page) in plan {
        if input {
            match fetcher.fetch(root, id, force, SystemTime::now(), &mut stderr)? {
                Fetched::Cached(path) => {
                    println!("{id}: already at {} (use --force to download again)", shown(root, &path))
                }
                Fetched::Downloaded(path) => println!("{id}: saved to {}", shown(root, &path)),
            }
        }
        if page {
            crate::page::refresh(&fetcher, root, id, &mut stderr)?;
        }
    }
    Ok(())
}

impl Fetcher {
    /// The site as the environment configures it: `AOC_BASE_URL`, the token from
    /// `AOC_SESSION` or its files, `AOC_USER_AGENT` or the git e-mail as contact.
    pub fn from_environment(root: &Path) -> anyhow::Result<Fetcher> {
        let env = |name: &str| std::env::var(name).ok();
        let home = env("HOME").map(PathBuf::from);
        let config = env("XDG_CONFIG_HOME").map(PathBuf::from).or_else(|| home.as_ref().map(|h| h.join(".config")));
        Ok(Fetcher {
            base_url: env("AOC_BASE_URL").unwrap_or_else(|| DEFAULT_BASE_URL.to_string()),
            token: find_token(env("AOC_SESSION"), &token_locations(home.as_deref(), config.as_deref()))?,
            user_agent: user_agent(env("AOC_USER_AGENT"), git_email()),
            throttle: DEFAULT_THROTTLE,
            stamp: root.join("target/xtask/last-fetch"),
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

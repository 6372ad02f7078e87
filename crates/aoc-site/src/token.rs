//! The session token: where users keep it, and a type that never shows it.
//!
//! The places, in order (the first that has a token wins):
//! 1. `AOC_SESSION` (this workspace, and aocd), then `ADVENT_OF_CODE_SESSION` (aoc-cli);
//! 2. `~/.adventofcode.session` (aoc-cli), then `$XDG_CONFIG_HOME/adventofcode.session`
//!    (`~/.config` when unset; aoc-cli too), then `~/.config/aocd/token` (aocd).
//!
//! A value may be the bare cookie or `session=<cookie>`; surrounding white space is dropped.

use std::fmt;
use std::path::{Path, PathBuf};

/// The environment variables read for the token, in order.
pub const TOKEN_VARIABLES: [&str; 2] = ["AOC_SESSION", "ADVENT_OF_CODE_SESSION"];

/// The session token. Its `Debug` never shows the value, and it has no `Display`.
#[derive(Clone)]
pub struct Token(String);

impl Token {
    /// A token from the cookie value (a leading `session=` is dropped, whitespace trimmed).
    pub fn new(raw: &str) -> Option<Token> {
        let value = raw.trim();
        let value = value.strip_prefix("session=").unwrap_or(value).trim();
        (!value.is_empty()).then(|| Token(value.to_string()))
    }

    /// The `Cookie` header value.
    pub fn cookie(&self) -> String {
        format!("session={}", self.0)
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<redacted>)")
    }
}

/// The token files, in order, for a home folder and a configuration folder.
pub fn token_files(home: Option<&Path>, config: Option<&Path>) -> Vec<PathBuf> {
    let places = [(home, ".adventofcode.session"), (config, "adventofcode.session"), (home, ".config/aocd/token")];
    places.into_iter().filter_map(|(folder, file)| Some(folder?.join(file))).collect()
}

/// No token in any of the places looked at.
#[derive(Debug, thiserror::Error)]
#[error(
    "no session token: set {} or put the `session` cookie of adventofcode.com in {} (the README says how to copy it)",
    TOKEN_VARIABLES.join(" or "),
    .0.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" or ")
)]
pub struct NoToken(pub Vec<PathBuf>);

/// The token from the first variable of `variables` (values in [`TOKEN_VARIABLES`] order)
/// that has one, else from the first file in `files` that has one.
pub fn find_token(variables: &[Option<String>], files: &[PathBuf]) -> Result<Token, NoToken> {
    if let Some(token) = variables.iter().flatten().find_map(|value| Token::new(value)) {
        return Ok(token);
    }
    files
        .iter()
        .find_map(|file| std::fs::read_to_string(file).ok().as_deref().and_then(Token::new))
        .ok_or_else(|| NoToken(files.to_vec()))
}

/// The token as this user's environment has it.
pub fn token_from_environment() -> Result<Token, NoToken> {
    let env = |name: &str| std::env::var(name).ok();
    let home = env("HOME").map(PathBuf::from);
    let config = env("XDG_CONFIG_HOME").map(PathBuf::from).or_else(|| home.as_ref().map(|h| h.join(".config")));
    let variables: Vec<Option<String>> = TOKEN_VARIABLES.iter().map(|name| env(name)).collect();
    find_token(&variables, &token_files(home.as_deref(), config.as_deref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "53cr3t-t0k3n-value";

    #[test]
    fn the_token_comes_from_the_first_place_that_has_one_and_is_never_shown() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let config = dir.path().join("config");
        std::fs::create_dir_all(home.join(".config/aocd")).unwrap();
        std::fs::create_dir_all(&config).unwrap();
        let files = token_files(Some(&home), Some(&config));
        let none = [None, None];
        let err = find_token(&none, &files).unwrap_err().to_string();
        for place in ["AOC_SESSION", "ADVENT_OF_CODE_SESSION", ".adventofcode.session", "aocd/token", "README"] {
            assert!(err.contains(place), "{place}: {err}");
        }
        // Last place first, then each earlier place takes over.
        std::fs::write(home.join(".config/aocd/token"), "from-aocd\n").unwrap();
        assert_eq!(find_token(&none, &files).unwrap().0, "from-aocd");
        std::fs::write(config.join("adventofcode.session"), format!("session={SECRET}\n")).unwrap();
        let token = find_token(&none, &files).unwrap();
        assert_eq!(token.0, SECRET);
        assert_eq!(format!("{token:?}"), "Token(<redacted>)");
        std::fs::write(home.join(".adventofcode.session"), "from-home").unwrap();
        assert_eq!(find_token(&none, &files).unwrap().0, "from-home");
        assert_eq!(find_token(&[None, Some("from-aoc-commands".into())], &files).unwrap().0, "from-aoc-commands");
        assert_eq!(find_token(&[Some("from-env".into()), Some("x".into())], &files).unwrap().0, "from-env");
        assert_eq!(find_token(&[Some("  ".into()), None], &files).unwrap().0, "from-home", "blank is unset");
    }
}

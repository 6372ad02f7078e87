//! Fetch tests against a real HTTP server on 127.0.0.1, started by each test.

use std::net::TcpListener;

use super::*;
use crate::testsite::Site as Server;

const SECRET: &str = "53cr3t-t0k3n-value";

fn fetcher(base_url: &str, dir: &Path) -> Fetcher {
    Fetcher {
        base_url: base_url.to_string(),
        token: Token::new(SECRET).unwrap(),
        user_agent: user_agent(None, Some("someone@example.com".into())),
        throttle: Duration::from_millis(300),
        stamp: dir.join("stamp"),
        timeout: Duration::from_millis(500),
    }
}

fn day(s: &str) -> DayId {
    s.parse().unwrap()
}

/// Long after every puzzle unlocked.
fn later() -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(4_000_000_000)
}

#[test]
fn downloads_with_cookie_and_user_agent_then_serves_from_cache() {
    let server = Server::always(200, "input text\n");
    let root = tempfile::tempdir().unwrap();
    let f = fetcher(&server.url, root.path());
    let mut log = Vec::new();
    let got = f.fetch(root.path(), day("2016-11"), false, later(), &mut log).unwrap();
    let path = root.path().join("inputs/2016/day11.txt");
    assert_eq!(got, Fetched::Downloaded(path.clone()));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "input text\n");
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    assert!(requests[0].starts_with("GET /2016/day/11/input "), "{}", requests[0]);
    assert!(requests[0].contains(&format!("session={SECRET}")));
    assert!(requests[0].to_ascii_lowercase().contains("user-agent: aoc-workspace-xtask/"));
    assert!(requests[0].contains("contact: someone@example.com"));
    // Second time: on disk, no request.
    let again = f.fetch(root.path(), day("2016-11"), false, later(), &mut log).unwrap();
    assert_eq!(again, Fetched::Cached(path));
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn force_downloads_again_after_waiting_out_the_throttle() {
    let server = Server::always(200, "new\n");
    let root = tempfile::tempdir().unwrap();
    let f = fetcher(&server.url, root.path());
    let mut log = Vec::new();
    f.fetch(root.path(), day("2016-11"), false, later(), &mut log).unwrap();
    let started = std::time::Instant::now();
    f.fetch(root.path(), day("2016-11"), true, later(), &mut log).unwrap();
    assert!(started.elapsed() >= Duration::from_millis(200), "the throttle was not respected");
    assert!(String::from_utf8(log).unwrap().contains("waiting"));
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn every_error_class_is_explained_and_leaves_no_file_and_no_token() {
    let cases: [(u16, &str); 5] = [
        (400, "refused the session token (HTTP 400)"),
        (401, "refused the session token (HTTP 401)"),
        (404, "has no input for 2016-11 (HTTP 404)"),
        (503, "the site had a problem (HTTP 503)"),
        (302, "unexpected answer from the site (HTTP 302)"),
    ];
    for (status, expected) in cases {
        let server = Server::always(status, "nope");
        let root = tempfile::tempdir().unwrap();
        let err = fetcher(&server.url, root.path())
            .fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new())
            .unwrap_err();
        let message = err.to_string();
        assert!(message.contains(expected), "{status}: {message}");
        assert!(!message.contains(SECRET) && !format!("{err:?}").contains(SECRET));
        assert!(!root.path().join("inputs/2016/day11.txt").exists());
        assert!(
            !root.path().join("inputs/2016").exists()
                || std::fs::read_dir(root.path().join("inputs/2016")).unwrap().count() == 0
        );
    }
}

#[test]
fn timeouts_and_unreachable_hosts_are_network_errors() {
    let silent = Server::always(0, "");
    let root = tempfile::tempdir().unwrap();
    let err = fetcher(&silent.url, root.path())
        .fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new())
        .unwrap_err();
    assert!(matches!(err, FetchError::Timeout), "{err:?}");
    // A port nobody listens on.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let err = fetcher(&format!("http://{closed}"), root.path())
        .fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new())
        .unwrap_err();
    assert!(matches!(err, FetchError::Network(_)), "{err:?}");
    assert!(err.to_string().contains("cannot reach the site"));
    assert!(!err.to_string().contains(SECRET));
}

#[test]
fn no_request_before_the_puzzle_unlocks() {
    let server = Server::always(200, "early");
    let root = tempfile::tempdir().unwrap();
    let id = day("2030-05");
    let just_before = unlock_time(id) - Duration::from_secs(90);
    let err =
        fetcher(&server.url, root.path()).fetch(root.path(), id, false, just_before, &mut Vec::new()).unwrap_err();
    assert!(err.to_string().contains("unlocks at midnight UTC-5 on December 5: 1 min 30 s from now"), "{err}");
    assert!(server.requests().is_empty());
}

#[test]
fn unlock_is_midnight_utc_minus_five() {
    // 2016-12-11 05:00:00 UTC = 1481432400.
    assert_eq!(unlock_time(day("2016-11")), UNIX_EPOCH + Duration::from_secs(1_481_432_400));
    // 2024-12-01 05:00:00 UTC = 1733029200.
    assert_eq!(unlock_time(day("2024-01")), UNIX_EPOCH + Duration::from_secs(1_733_029_200));
}

#[test]
fn token_comes_from_the_environment_then_the_files_and_is_never_shown() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let config = dir.path().join("config");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&config).unwrap();
    let places = token_locations(Some(&home), Some(&config));
    let err = find_token(None, &places).unwrap_err();
    assert!(err.to_string().contains("set AOC_SESSION") && err.to_string().contains(".adventofcode.session"));
    std::fs::write(config.join("adventofcode.session"), format!("session={SECRET}\n")).unwrap();
    let token = find_token(None, &places).unwrap();
    assert_eq!(token.0, SECRET);
    assert_eq!(format!("{token:?}"), "Token(<redacted>)");
    std::fs::write(home.join(".adventofcode.session"), "from-home").unwrap();
    assert_eq!(find_token(None, &places).unwrap().0, "from-home");
    assert_eq!(find_token(Some("from-env".into()), &places).unwrap().0, "from-env");
    assert_eq!(find_token(Some("  ".into()), &places).unwrap().0, "from-home");
}

#[test]
fn user_agent_is_configurable() {
    assert_eq!(user_agent(Some("mine/1.0 (me@x.org)".into()), None), "mine/1.0 (me@x.org)");
    assert!(user_agent(None, None).contains("set AOC_USER_AGENT"));
}

//! Fetch tests against a real HTTP server on 127.0.0.1, started by each test.

use std::net::TcpListener;

use super::*;
use crate::testsite::{Reply, Site as Server};
use crate::token::Token;
use aoc_workspace::when::unlock_time;

const SECRET: &str = "53cr3t-t0k3n-value";

/// Short, so that the tests that wait it out stay quick; the site's five seconds apply
/// to it alike.
const THROTTLE: Duration = Duration::from_millis(100);

fn fetcher(base_url: &str, dir: &Path) -> Fetcher {
    Fetcher {
        base_url: base_url.to_string(),
        token: Token::new(SECRET).unwrap(),
        user_agent: user_agent(None, Some("someone@example.com".into())),
        throttle: THROTTLE,
        state: dir.join("state"),
        timeout: Duration::from_millis(300),
    }
}

fn day(s: &str) -> DayId {
    s.parse().unwrap()
}

/// Part 1's answer `31` to 2016-11, readied and sent.
fn post_answer(f: &Fetcher, lock: &SiteLock) -> Result<String, FetchError> {
    f.ready_answer(lock, day("2016-11"), Part::One, "31", &mut Vec::new())?.send()
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
    assert!(got, "downloaded");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "input text\n");
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    assert!(requests[0].starts_with("GET /2016/day/11/input "), "{}", requests[0]);
    assert!(requests[0].contains(&format!("session={SECRET}")));
    assert!(requests[0].to_ascii_lowercase().contains("user-agent: aoc-workspace-xtask/"));
    assert!(requests[0].contains("contact: someone@example.com"));
    // Second time: on disk, no request.
    let again = f.fetch(root.path(), day("2016-11"), false, later(), &mut log).unwrap();
    assert!(!again, "on disk already");
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
    assert!(started.elapsed() >= THROTTLE, "the throttle was not respected");
    assert!(String::from_utf8(log).unwrap().contains("waiting"));
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn every_error_class_is_explained_and_leaves_no_file_and_no_token() {
    let cases: [(u16, &str); 6] = [
        (400, "refused the session token (HTTP 400): it has probably expired; log in to adventofcode.com again"),
        (401, "refused the session token (HTTP 401)"),
        (404, "has no input for 2016-11 (HTTP 404)"),
        (503, "the site had a problem (HTTP 503)"),
        (302, "(HTTP 302): the session token has probably expired; log in"),
        (418, "unexpected answer from the site (HTTP 418)"),
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
#[ignore = "deep check (waits out real time): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
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
fn user_agent_is_configurable() {
    assert_eq!(user_agent(Some("mine/1.0 (me@x.org)".into()), None), "mine/1.0 (me@x.org)");
    assert!(user_agent(None, None).contains("set AOC_USER_AGENT"));
}

#[test]
fn a_login_page_served_as_the_input_is_named_and_never_saved() {
    let login = "<!DOCTYPE html>\n<html lang=\"en-us\">\n<head><title>Advent of Code</title></head><body><main><p>To play, please identify yourself via one of these services:</p><p><a href=\"/auth/github\">[GitHub]</a></p></main></body></html>\n";
    let server = Server::always(200, login);
    let root = tempfile::tempdir().unwrap();
    let f = fetcher(&server.url, root.path());
    let err = f.fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new()).unwrap_err();
    assert!(matches!(err, FetchError::NotWhatWasAsked("puzzle input")), "{err:?}");
    let message = err.to_string();
    assert!(
        message.contains("instead of the puzzle input") && message.contains("session token has expired"),
        "{message}"
    );
    assert!(message.contains("nothing was saved") && message.contains("log in to adventofcode.com again"));
    assert!(!root.path().join("inputs/2016/day11.txt").exists());
    // The same page where the puzzle page belongs (it has no puzzle text).
    let lock = f.lock(&mut Vec::new()).unwrap();
    let err = f.page(&lock, day("2016-11"), &mut Vec::new()).unwrap_err();
    assert!(matches!(err, FetchError::NotWhatWasAsked("puzzle page")), "{err:?}");
}

#[test]
fn a_redirect_to_the_login_page_says_the_token_expired() {
    let server = Server::start(vec![Reply::Redirect("/auth/login".into())]);
    let root = tempfile::tempdir().unwrap();
    let err = fetcher(&server.url, root.path())
        .fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new())
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("the site sent you to its login page (HTTP 302): the session token has probably expired"),
        "{err}"
    );
}

#[test]
#[ignore = "deep check (waits out real time): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
fn a_get_that_fails_with_5xx_or_a_timeout_is_tried_once_more_after_the_spacing() {
    let retries = [
        (Reply::With(502, "bad gateway".into()), "the site had a problem (HTTP 502); trying once more in 0."),
        (Reply::Hang, "the site did not answer in time; trying once more in 0."),
    ];
    for (first, said) in retries {
        let server = Server::start(vec![first, Reply::With(200, "input\n".into())]);
        let root = tempfile::tempdir().unwrap();
        let mut log = Vec::new();
        let got = fetcher(&server.url, root.path()).fetch(root.path(), day("2016-11"), false, later(), &mut log);
        assert!(matches!(got, Ok(true)), "{got:?}");
        let log = String::from_utf8(log).unwrap();
        assert!(log.lines().count() == 1 && log.starts_with(said), "one line, naming what failed and the wait: {log}");
        let arrivals = server.arrivals();
        assert!(arrivals[1] - arrivals[0] >= THROTTLE, "after the spacing");
        assert_eq!(std::fs::read_to_string(root.path().join("inputs/2016/day11.txt")).unwrap(), "input\n");
        assert_eq!(server.requests().len(), 2);
    }
    // Twice failing: the error, and no third try.
    let server = Server::always(500, "oops");
    let root = tempfile::tempdir().unwrap();
    let err = fetcher(&server.url, root.path()).fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new());
    assert!(matches!(err, Err(FetchError::Server(500))), "{err:?}");
    assert_eq!(server.requests().len(), 2);
    // A 404 is not passing: one request.
    let server = Server::always(404, "no");
    let _ = fetcher(&server.url, root.path()).fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new());
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn a_post_is_never_retried() {
    let server = Server::always(503, "down");
    let root = tempfile::tempdir().unwrap();
    let f = fetcher(&server.url, root.path());
    let lock = f.lock(&mut Vec::new()).unwrap();
    let err = post_answer(&f, &lock).unwrap_err();
    assert!(matches!(err, FetchError::Server(503)) && !err.never_sent());
    assert_eq!(server.requests().len(), 1);
}

#[test]
fn a_truncated_body_saves_nothing() {
    let server = Server::start(vec![Reply::Truncated("partial inp".into()), Reply::Truncated("partial inp".into())]);
    let root = tempfile::tempdir().unwrap();
    let err = fetcher(&server.url, root.path()).fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new());
    assert!(matches!(err, Err(FetchError::BrokenOff(_))), "{err:?}");
    assert!(!root.path().join("inputs/2016/day11.txt").exists());
    assert_eq!(std::fs::read_dir(root.path().join("inputs/2016")).unwrap().count(), 0, "no temporary file left");
}

#[test]
fn a_get_reset_or_cut_short_is_tried_once_more() {
    for first in [Reply::Truncated("partial inp".into()), Reply::Reset("partial inp".into())] {
        let server = Server::start(vec![first, Reply::With(200, "input\n".into())]);
        let root = tempfile::tempdir().unwrap();
        let mut log = Vec::new();
        let got = fetcher(&server.url, root.path()).fetch(root.path(), day("2016-11"), false, later(), &mut log);
        assert!(matches!(got, Ok(true)), "{got:?}");
        let log = String::from_utf8(log).unwrap();
        assert!(log.starts_with("the connection to the site broke off; trying once more in 0."), "{log}");
        assert_eq!(std::fs::read_to_string(root.path().join("inputs/2016/day11.txt")).unwrap(), "input\n");
        assert_eq!(server.requests().len(), 2);
    }
}

#[test]
fn an_oversized_reply_is_named_and_saves_nothing() {
    let huge = "x".repeat(MAX_BODY_MB as usize * 1024 * 1024 + 1);
    let server = Server::start(vec![Reply::With(200, huge.clone()), Reply::With(200, huge)]);
    let root = tempfile::tempdir().unwrap();
    let err = fetcher(&server.url, root.path())
        .fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new())
        .unwrap_err();
    assert!(matches!(err, FetchError::TooLarge), "{err:?}");
    assert_eq!(err.to_string(), "the site sent more than 10 MB; nothing was saved");
    assert!(!root.path().join("inputs/2016/day11.txt").exists());
    assert_eq!(server.requests().len(), 1, "not the site's trouble: not tried again");
}

#[test]
fn no_host_a_bad_address_or_a_bad_token_send_nothing_and_say_so() {
    let server = Server::always(200, "input\n");
    let root = tempfile::tempdir().unwrap();
    let with =
        |base_url: &str, token: &str| Fetcher { token: Token::new(token).unwrap(), ..fetcher(base_url, root.path()) };
    let cases = [
        (
            with("http://no-such-host.invalid", SECRET),
            "cannot reach the site (cannot find the host `no-such-host.invalid`",
        ),
        (with("adventofcode.com", SECRET), "`adventofcode.com` (AOC_BASE_URL) does not start with https:// or http://"),
        (with("http://bad host", SECRET), "`http://bad host` (AOC_BASE_URL) is not a web address"),
        (with(&server.url, "abc\ndef"), "the session token holds a character no cookie can carry (a line break?)"),
    ];
    for (f, expected) in cases {
        let err = f.fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new()).unwrap_err();
        assert!(err.never_sent(), "{err:?}");
        let message = err.to_string();
        assert!(message.contains(expected) && message.ends_with("nothing was sent"), "{message}");
        assert!(!message.contains(SECRET) && !message.contains("abc"), "{message}");
        let lock = f.lock(&mut Vec::new()).unwrap();
        let err = post_answer(&f, &lock).unwrap_err();
        assert!(err.never_sent(), "{err:?}");
    }
    assert!(server.requests().is_empty());
}

#[test]
fn the_folder_is_checked_before_the_request_and_named() {
    let server = Server::always(200, "input\n");
    let root = tempfile::tempdir().unwrap();
    std::fs::write(root.path().join("inputs"), "a file where the folder belongs").unwrap();
    let f = fetcher(&server.url, root.path());
    let err = f.fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new()).unwrap_err();
    assert!(matches!(err, FetchError::Unwritable(_)) && err.never_sent(), "{err:?}");
    let message = err.to_string();
    assert!(message.starts_with("cannot write into the folder ") && message.contains("inputs/2016: "), "{message}");
    assert!(message.ends_with("; nothing was requested"), "{message}");
    assert!(server.requests().is_empty());
    // A read-only folder (unless this runs as root, whom permissions do not stop).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let root = tempfile::tempdir().unwrap();
        let folder = root.path().join("inputs/2016");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
        if std::fs::write(folder.join("probe"), "").is_err() {
            let err = f.fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new()).unwrap_err();
            assert!(err.to_string().contains("inputs/2016: Permission denied"), "{err}");
            assert!(server.requests().is_empty());
        }
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

#[test]
fn the_spacing_holds_as_the_site_counts_it_even_when_it_reads_late() {
    // The site takes the first request in 150 ms late: a spacing counted from the moment
    // it was sent (the throttle and the margin, 200 ms) would bring the second 50 ms after
    // the site saw the first.
    let late = Reply::Late(Duration::from_millis(150), Box::new(Reply::With(200, "input\n".into())));
    let server = Server::start(vec![late, Reply::With(200, "again\n".into())]);
    let root = tempfile::tempdir().unwrap();
    let f = fetcher(&server.url, root.path());
    f.fetch(root.path(), day("2016-11"), false, later(), &mut Vec::new()).unwrap();
    f.fetch(root.path(), day("2016-11"), true, later(), &mut Vec::new()).unwrap();
    let arrivals = server.arrivals();
    assert!(arrivals[1] - arrivals[0] >= f.throttle, "{:?} apart as the site saw them", arrivals[1] - arrivals[0]);
}

#[test]
fn each_transport_failure_says_whether_the_request_may_have_left() {
    use std::io::{Error as Io, ErrorKind};
    use ureq::{Error, Timeout};
    let never_sent = [
        Error::HostNotFound,
        Error::ConnectionFailed,
        Error::Io(Io::from(ErrorKind::ConnectionRefused)),
        Error::Io(Io::from(ErrorKind::NetworkUnreachable)),
        Error::Timeout(Timeout::Resolve),
        Error::Timeout(Timeout::Connect),
        Error::BadUri("x".into()),
        Error::ConnectProxyFailed("refused".into()),
    ];
    for e in never_sent {
        let shown = format!("{e:?}");
        assert!(transport_error(e).never_sent(), "{shown}");
    }
    let maybe_sent = [
        Error::Timeout(Timeout::Global),
        Error::Timeout(Timeout::RecvResponse),
        Error::Io(Io::from(ErrorKind::ConnectionReset)),
        Error::Io(Io::from(ErrorKind::UnexpectedEof)),
        Error::BodyExceedsLimit(10),
    ];
    for e in maybe_sent {
        let shown = format!("{e:?}");
        assert!(!transport_error(e).never_sent(), "{shown}");
    }
    assert!(matches!(transport_error(Error::Io(Io::from(ErrorKind::ConnectionReset))), FetchError::BrokenOff(_)));
    assert!(matches!(transport_error(Error::BodyExceedsLimit(10)), FetchError::TooLarge));
}

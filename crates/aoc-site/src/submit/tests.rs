//! Submissions against a real HTTP server on 127.0.0.1 that replies like the site.

use std::path::PathBuf;

use super::*;
use crate::client::user_agent;
use crate::testsite::{Puzzle, Reply, Site};
use crate::token::Token;
use aoc_workspace::{DayId, Part};

const SECRET: &str = "53cr3t-5ubm1t-t0k3n";

/// The site's reply pages, shaped like the real ones.
fn reply(article: &str) -> String {
    format!("<!DOCTYPE html><html><body><main>\n<article><p>{article}</p></article>\n</main></body></html>")
}
const RIGHT: &str = "That's the right answer!  You are <em>one gold star</em> closer to powering the experimental equipment. <a href=\"/2016/day/11#part2\">[Continue to Part Two]</a>";
const TOO_HIGH: &str = "That's not the right answer; your answer is too high.  If you're stuck, make sure you're using the full input data; there are also some general tips on the <a href=\"/2016/about\">about page</a>. <a href=\"/2016/day/11\">[Return to Day 11]</a>";
const TOO_LOW: &str =
    "That's not the right answer; your answer is too low.  <a href=\"/2016/day/11\">[Return to Day 11]</a>";
const WRONG: &str = "That's not the right answer.  If you're stuck, make sure you're using the full input data. Please wait one minute before trying again. <a href=\"/2016/day/11\">[Return to Day 11]</a>";
const TOO_RECENT: &str = "You gave an answer too recently; you have to wait after submitting an answer before trying again.  You have 1s left to wait. <a href=\"/2016/day/11\">[Return to Day 11]</a>";
const WRONG_LEVEL: &str = "You don't seem to be solving the right level.  Did you already complete it? <a href=\"/2016/day/11\">[Return to Day 11]</a>";

/// The site's 200 reply with `body`.
fn ok(body: String) -> Reply {
    Reply::With(200, body)
}

fn fetcher(url: &str, root: &Path) -> Fetcher {
    Fetcher {
        base_url: url.to_string(),
        token: Token::new(SECRET).unwrap(),
        user_agent: user_agent(None, Some("someone@example.com".into())),
        throttle: Duration::from_millis(50),
        state: root.join("state"),
        timeout: Duration::from_millis(400),
    }
}

fn day() -> DayId {
    "2016-11".parse().unwrap()
}

/// `submit 2016-11 <part> --answer=<answer>`.
fn args(part: Part, answer: &str) -> SubmitArgs {
    let (answer, solution) = (Some(answer.to_string()), Default::default());
    SubmitArgs { day: day(), part, answer, wait: false, force: false, solution }
}

/// Submits and returns (whether accepted, what was printed).
fn send(site: &Site, root: &Path, part: Part, answer: &str, wait: bool) -> (bool, String) {
    send_with(site, root, SubmitArgs { wait, ..args(part, answer) })
}

fn send_with(site: &Site, root: &Path, args: SubmitArgs) -> (bool, String) {
    let (mut out, mut log) = (Vec::new(), Vec::new());
    let outcome = submit(&fetcher(&site.url, root), root, &args, &mut out, &mut log).unwrap();
    let printed = String::from_utf8(out).unwrap() + &String::from_utf8(log).unwrap();
    assert!(!printed.contains(SECRET), "the token was printed");
    (outcome, printed)
}

fn answers_file(root: &Path) -> PathBuf {
    answers_path(root, day())
}

#[test]
fn each_verdict_is_recognised() {
    assert_eq!(verdict(&reply(RIGHT)), Verdict::Right);
    assert_eq!(verdict(&reply(TOO_HIGH)), Verdict::Wrong(Wrong::TooHigh));
    assert_eq!(verdict(&reply(TOO_LOW)), Verdict::Wrong(Wrong::TooLow));
    assert_eq!(verdict(&reply(WRONG)), Verdict::Wrong(Wrong::Wrong));
    assert_eq!(verdict(&reply(TOO_RECENT)), Verdict::TooRecent(Some(Duration::from_secs(1))));
    let minutes = reply(&TOO_RECENT.replace("You have 1s left", "You have 1m 3s left"));
    assert_eq!(verdict(&minutes), Verdict::TooRecent(Some(Duration::from_secs(63))));
    assert_eq!(verdict(&reply(WRONG_LEVEL)), Verdict::WrongLevel);
    assert_eq!(verdict(&reply("Something <em>new</em> happened.")), Verdict::Unknown("Something new happened.".into()));
}

#[test]
fn a_right_answer_is_posted_with_cookie_and_agent_and_recorded() {
    let root = tempfile::tempdir().unwrap();
    let site = Site::start(vec![ok(reply(RIGHT)), ok(crate::page::tests::page(&["31"]))]);
    // A spacing long enough to tell from the test server's own delays (see below).
    let spaced = Fetcher { throttle: Duration::from_millis(300), ..fetcher(&site.url, root.path()) };
    let (mut out, mut log) = (Vec::new(), Vec::new());
    let outcome = submit(&spaced, root.path(), &args(Part::One, " 31\n"), &mut out, &mut log).unwrap();
    let printed = String::from_utf8(out).unwrap() + &String::from_utf8(log).unwrap();
    assert!(!printed.contains(SECRET), "the token was printed");
    assert!(outcome);
    assert!(printed.contains("`31` is the right answer"), "{printed}");
    let request = &site.requests()[0];
    assert!(request.starts_with("POST /2016/day/11/answer "), "{request}");
    assert!(request.contains(&format!("session={SECRET}")) && request.contains("contact: someone@example.com"));
    assert!(request.ends_with("\nlevel=1&answer=31"), "{request}");
    let answers = Answers::load(&answers_file(root.path())).unwrap();
    assert_eq!(answers.accepted(Part::One), Some("31"));
    assert!(!std::fs::read_to_string(answers_file(root.path())).unwrap().contains(SECRET));
    // Part 2 appears on the site at once: the page is downloaded again, after the spacing.
    let requests = site.requests();
    assert_eq!(requests.len(), 2);
    assert!(requests[1].starts_with("GET /2016/day/11 "), "{}", requests[1]);
    let page = std::fs::read_to_string(aoc_workspace::inputs::puzzle_page_path(root.path(), day())).unwrap();
    assert!(page.contains("--- Part Two ---"));
    let arrivals = site.arrivals();
    // Arrivals are taken when the server has read a request, however late; the spacing
    // runs from the end of the exchange, so it holds as the server counts it.
    assert!(arrivals[1] - arrivals[0] >= spaced.throttle, "the spacing holds");
    // Solved: a second submission is refused without a request.
    let (outcome, printed) = send(&site, root.path(), Part::One, "32", false);
    assert!(!outcome);
    assert!(printed.contains("not sent: this part is solved already: the site accepted `31`"), "{printed}");
    assert_eq!(site.requests().len(), 2);
}

#[test]
fn bounds_are_learned_and_answers_outside_them_never_sent() {
    let root = tempfile::tempdir().unwrap();
    let site = Site::start(vec![ok(reply(TOO_HIGH)), ok(reply(TOO_LOW)), ok(reply(WRONG))]);
    let (_, printed) = send(&site, root.path(), Part::One, "500", false);
    assert!(printed.contains("not the right answer (your answer is too high)"), "{printed}");
    let (_, printed) = send(&site, root.path(), Part::One, "100", false);
    assert!(printed.contains("too low"), "{printed}");
    for (answer, why) in [
        ("500", "`500` was already rejected (too high)"),
        ("600", "must be less than 500"),
        ("100", "`100` was already rejected (too low)"),
        ("50", "must be greater than 100"),
        ("", "the answer is empty"),
    ] {
        let (outcome, printed) = send(&site, root.path(), Part::One, answer, false);
        assert!(!outcome);
        assert!(printed.contains("not sent: ") && printed.contains(why), "{answer}: {printed}");
    }
    assert_eq!(site.requests().len(), 2, "refusals send nothing");
    let (_, printed) = send(&site, root.path(), Part::One, "300", false);
    assert!(printed.contains("`300` is not the right answer. Recorded"), "{printed}");
    let (_, printed) = send(&site, root.path(), Part::One, "300", false);
    assert!(printed.contains("`300` was already rejected (wrong)"), "{printed}");
    assert_eq!(site.requests().len(), 3);
    let (_, printed) = send(&site, root.path(), Part::Two, "7", false);
    assert!(printed.contains("part 2 opens once part 1 is accepted"), "{printed}");
    assert_eq!(site.requests().len(), 3);
}

#[test]
#[ignore = "deep check (waits out real time): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
fn too_recently_says_how_long_and_wait_retries_once() {
    let root = tempfile::tempdir().unwrap();
    let page = crate::page::tests::page(&["31"]);
    let site = Site::start(vec![ok(reply(TOO_RECENT)), ok(reply(TOO_RECENT)), ok(reply(RIGHT)), ok(page)]);
    let (outcome, printed) = send(&site, root.path(), Part::One, "31", false);
    assert!(!outcome);
    assert!(printed.contains("answered too recently; wait 1 s, then try again (or add --wait)"), "{printed}");
    let answers = Answers::load(&answers_file(root.path())).unwrap();
    assert_eq!(answers, Answers::default(), "not judged: nothing recorded, not even as sent");
    let started = std::time::Instant::now();
    let (outcome, printed) = send(&site, root.path(), Part::One, "31", true);
    assert!(started.elapsed() >= Duration::from_secs(1), "it waited");
    assert!(outcome, "{printed}");
    assert!(printed.contains("waiting "), "{printed}");
    assert_eq!(site.requests().len(), 4);
}

#[test]
fn wrong_level_is_not_recorded_and_unknown_replies_are_shown_escaped() {
    let root = tempfile::tempdir().unwrap();
    let unknown = reply("The server is <b>on fire</b>.\u{1b}]0;pwned\u{7}\u{1b}[2J");
    let site = Site::start(vec![ok(reply(WRONG_LEVEL)), ok(unknown)]);
    let (_, printed) = send(&site, root.path(), Part::One, "31", false);
    assert!(printed.contains("not the level you are on"), "{printed}");
    assert_eq!(Answers::load(&answers_file(root.path())).unwrap(), Answers::default());
    let (_, printed) = send(&site, root.path(), Part::One, "31", false);
    assert!(printed.contains("here is the reply:\nThe server is on fire.\\u{1b}]0;pwned\\u{7}\\u{1b}[2J"), "{printed}");
    assert!(!printed.contains('\u{1b}') && !printed.contains('\u{7}'), "no raw control byte reaches the terminal");
    // Its verdict is unknown: the same answer is not sent again without --force.
    let (_, printed) = send(&site, root.path(), Part::One, "31", false);
    assert!(printed.contains("not sent: `31` was sent at") && printed.contains("--force"), "{printed}");
    assert_eq!(site.requests().len(), 2);
}

#[test]
fn an_interrupted_post_is_recorded_as_sent_and_needs_force() {
    let root = tempfile::tempdir().unwrap();
    let mut answers = Answers::default();
    answers.record_rejected(Part::One, "10", Wrong::TooLow, 0);
    answers.save(&answers_file(root.path()), "2016 day 11").unwrap();
    // The site takes the POST and never answers (what a `kill -9` mid-request leaves too:
    // the record is written before the request goes out).
    let site = Site::start(vec![Reply::Hang, ok(reply(TOO_HIGH))]);
    let (mut out, mut log) = (Vec::new(), Vec::new());
    let f = fetcher(&site.url, root.path());
    let err = submit(&f, root.path(), &args(Part::One, "31"), &mut out, &mut log).unwrap_err();
    let message = format!("{err:#}");
    assert!(
        message.contains("did not answer in time") && message.contains("recorded as sent without a verdict"),
        "{message}"
    );
    assert!(!message.contains(SECRET));
    let answers = Answers::load(&answers_file(root.path())).unwrap();
    assert_eq!(answers.part(Part::One).unjudged.len(), 1);
    assert_eq!(answers.part(Part::One).rejected.len(), 1, "the rest stays");
    let (outcome, printed) = send(&site, root.path(), Part::One, "31", false);
    assert!(!outcome);
    assert!(printed.contains("its verdict never arrived") && printed.contains("--force"), "{printed}");
    assert_eq!(site.requests().len(), 1, "not sent again silently");
    let (_, printed) = send_with(&site, root.path(), SubmitArgs { force: true, ..args(Part::One, "31") });
    assert!(printed.contains("too high"), "{printed}");
    let answers = Answers::load(&answers_file(root.path())).unwrap();
    assert!(answers.part(Part::One).unjudged.is_empty() && answers.part(Part::One).less_than == Some(31.into()));
    // --force never overrides what is known.
    let (_, printed) = send_with(&site, root.path(), SubmitArgs { force: true, ..args(Part::One, "31") });
    assert!(printed.contains("already rejected"), "{printed}");
}

#[test]
fn a_post_that_never_left_is_forgotten_and_a_corrupt_file_is_named() {
    let root = tempfile::tempdir().unwrap();
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let f = fetcher(&format!("http://{closed}"), root.path());
    let (mut out, mut log) = (Vec::new(), Vec::new());
    let err = submit(&f, root.path(), &args(Part::One, "31"), &mut out, &mut log).unwrap_err();
    assert!(format!("{err:#}").contains("cannot reach the site"), "{err:#}");
    assert_eq!(Answers::load(&answers_file(root.path())).unwrap(), Answers::default());
    // A corrupt answers file is an error naming it, and stays as it is.
    std::fs::write(answers_file(root.path()), "[part1\n").unwrap();
    let err = submit(&f, root.path(), &args(Part::One, "31"), &mut out, &mut log).unwrap_err();
    assert!(format!("{err:#}").contains("day11.answers.toml"), "{err:#}");
    assert_eq!(std::fs::read_to_string(answers_file(root.path())).unwrap(), "[part1\n");
}

#[test]
fn two_submits_at_once_record_both_verdicts_and_never_send_together() {
    let root = tempfile::tempdir().unwrap();
    let site = Site::judging(Puzzle { answers: vec!["150".into()], ..Puzzle::default() });
    let url = site.url.clone();
    let path = root.path().to_path_buf();
    let submitters: Vec<_> = ["100", "200"]
        .into_iter()
        .map(|answer| {
            let (url, path) = (url.clone(), path.clone());
            std::thread::spawn(move || {
                let f = Fetcher { throttle: Duration::from_millis(400), ..fetcher(&url, &path) };
                let (mut out, mut log) = (Vec::new(), Vec::new());
                submit(&f, &path, &args(Part::One, answer), &mut out, &mut log).unwrap();
            })
        })
        .collect();
    for s in submitters {
        s.join().unwrap();
    }
    let answers = Answers::load(&answers_file(root.path())).unwrap();
    assert_eq!(answers.part(Part::One).rejected.len(), 2, "{answers:?}");
    assert!(
        answers.part(Part::One).greater_than.is_some() && answers.part(Part::One).less_than.is_some(),
        "{answers:?}"
    );
    let arrivals = site.arrivals();
    assert!(arrivals[1] - arrivals[0] >= Duration::from_millis(400), "sent {:?} apart", arrivals[1] - arrivals[0]);
}

#[test]
fn a_locked_puzzle_is_not_submitted() {
    let root = tempfile::tempdir().unwrap();
    let site = Site::start(vec![]);
    let (mut out, mut log) = (Vec::new(), Vec::new());
    let id: DayId = "2099-01".parse().unwrap();
    let outcome = submit(
        &fetcher(&site.url, root.path()),
        root.path(),
        &SubmitArgs { day: id, ..args(Part::One, "31") },
        &mut out,
        &mut log,
    )
    .unwrap();
    assert!(!outcome);
    assert!(String::from_utf8(out).unwrap().contains("not sent: the puzzle unlocks in"));
    assert!(site.requests().is_empty());
}

#[test]
fn the_page_harvest_works_through_the_site() {
    let root = tempfile::tempdir().unwrap();
    let site = Site::start(vec![ok(crate::page::tests::page(&["31", "55"]))]);
    let f = fetcher(&site.url, root.path());
    let lock = f.lock(&mut Vec::new()).unwrap();
    let recorded = crate::page::refresh(&f, &lock, root.path(), day(), &mut Vec::new(), &mut Vec::new()).unwrap();
    assert_eq!(recorded, [(Part::One, "31".to_string()), (Part::Two, "55".to_string())]);
    assert!(site.requests()[0].starts_with("GET /2016/day/11 "));
    let cached = std::fs::read_to_string(aoc_workspace::inputs::puzzle_page_path(root.path(), day())).unwrap();
    assert!(cached.contains("Your puzzle answer was <code>55</code>"));
}

#[test]
fn a_page_nested_too_deep_is_saved_once_and_refused_with_a_reason() {
    let root = tempfile::tempdir().unwrap();
    let deep = format!("<html><body><main><article>{}", "<b>".repeat(300_000));
    let site = Site::start(vec![ok(deep.clone()), ok(deep.clone())]);
    let f = fetcher(&site.url, root.path());
    let lock = f.lock(&mut Vec::new()).unwrap();
    let error = crate::page::refresh(&f, &lock, root.path(), day(), &mut Vec::new(), &mut Vec::new()).unwrap_err();
    assert!(error.to_string().contains("nest more than"), "{error:#}");
    let page = aoc_workspace::inputs::puzzle_page_path(root.path(), day());
    assert_eq!(std::fs::read_to_string(&page).unwrap(), deep, "saved whole, so it is downloaded once");
    drop(lock);
    let shown = crate::page::read(root.path(), day(), false, || Ok(f), &mut Vec::new(), &mut Vec::new());
    assert!(shown.unwrap_err().to_string().contains("is not a puzzle page"));
}

/// An answer as the site's page may hold it: terminal escapes that would retitle the
/// window and turn the text red.
const HOSTILE_HTML: &str = "&#27;]0;PWNED&#7;&#27;[31mRED&#27;[0m";
const HOSTILE: &str = "\u{1b}]0;PWNED\u{7}\u{1b}[31mRED\u{1b}[0m";
const HOSTILE_SHOWN: &str = "\\u{1b}]0;PWNED\\u{7}\\u{1b}[31mRED\\u{1b}[0m";

fn assert_no_control_bytes(printed: &str) {
    assert!(
        !printed.contains('\u{1b}') && !printed.contains('\u{7}'),
        "a raw escape reached the terminal: {printed:?}"
    );
}

/// What was written to `out` and `log`.
fn printed(out: Vec<u8>, log: Vec<u8>) -> String {
    String::from_utf8(out).unwrap() + &String::from_utf8(log).unwrap()
}

#[test]
fn the_sites_answers_reach_the_terminal_escaped_in_every_command() {
    let root = tempfile::tempdir().unwrap();
    let unknown = reply(&format!("Something new: {HOSTILE_HTML}"));
    let site = Site::start(vec![
        ok("input\n".into()),
        ok(crate::page::tests::page(&[HOSTILE_HTML])),
        ok(unknown),
        Reply::Redirect(format!("/elsewhere{HOSTILE}")),
    ]);
    let f = fetcher(&site.url, root.path());
    // fetch: the input, then the page, whose part 1 answer is recorded.
    let (mut out, mut log) = (Vec::new(), Vec::new());
    crate::fetch::download(
        &f,
        root.path(),
        &[(day(), true, true)],
        false,
        std::time::SystemTime::now(),
        &mut out,
        &mut log,
    )
    .unwrap();
    let fetched = printed(out, log);
    assert!(fetched.contains(&format!("recorded the site's answers: part 1 = {HOSTILE_SHOWN}")), "{fetched}");
    assert_no_control_bytes(&fetched);
    let answers = Answers::load(&answers_file(root.path())).unwrap();
    assert_eq!(answers.accepted(Part::One), Some(HOSTILE), "kept as the site sent it, escaped only when shown");
    // read: the cached page, up to date.
    let (mut out, mut log) = (Vec::new(), Vec::new());
    let offline = || -> Result<Fetcher, crate::client::FetchError> { panic!("the cached page is up to date") };
    crate::page::read(root.path(), day(), false, offline, &mut out, &mut log).unwrap();
    let read = printed(out, log);
    assert!(read.contains(&format!("Your part 1 answer was {HOSTILE_SHOWN}.")), "{read}");
    assert_no_control_bytes(&read);
    // submit: a refusal quoting the accepted answer, and a reply this tool does not know.
    let (_, refused) = send(&site, root.path(), Part::One, "31", false);
    assert!(refused.contains(&format!("the site accepted `{HOSTILE_SHOWN}`")), "{refused}");
    assert_no_control_bytes(&refused);
    let (_, unknown) = send(&site, root.path(), Part::Two, HOSTILE, false);
    assert!(unknown.contains(&format!("so `{HOSTILE_SHOWN}` stays recorded")), "{unknown}");
    assert!(unknown.contains(&format!("Something new: {HOSTILE_SHOWN}")), "{unknown}");
    assert_no_control_bytes(&unknown);
    let (_, unjudged) = send(&site, root.path(), Part::Two, HOSTILE, false);
    assert!(unjudged.contains(&format!("not sent: `{HOSTILE_SHOWN}` was sent at")), "{unjudged}");
    assert_no_control_bytes(&unjudged);
    // An error that quotes the site (where it redirected to).
    let err = f
        .fetch(root.path(), "2016-12".parse().unwrap(), false, std::time::SystemTime::now(), &mut Vec::new())
        .unwrap_err();
    assert_no_control_bytes(&err.to_string());
    assert_eq!(site.requests().len(), 4);
}

#[test]
fn a_site_that_cannot_be_reached_records_nothing() {
    let root = tempfile::tempdir().unwrap();
    let offline = Fetcher { base_url: "http://no-such-host.invalid".into(), ..fetcher("", root.path()) };
    let (mut out, mut log) = (Vec::new(), Vec::new());
    let err = submit(&offline, root.path(), &args(Part::One, "31"), &mut out, &mut log).unwrap_err();
    let message = format!("{err:#}");
    assert!(message.starts_with("cannot reach the site") && !message.contains("may have reached"), "{message}");
    assert!(!answers_file(root.path()).exists(), "nothing recorded, not even for a moment");
    let site = Site::start(vec![ok(reply(TOO_LOW))]);
    let bad_token = Fetcher { token: Token::new("abc\r\ndef").unwrap(), ..fetcher(&site.url, root.path()) };
    let err = submit(&bad_token, root.path(), &args(Part::One, "31"), &mut out, &mut log).unwrap_err();
    assert!(format!("{err:#}").contains("line break"), "{err:#}");
    assert!(!answers_file(root.path()).exists());
    assert!(site.requests().is_empty());
    // The answer was never sent: it goes without --force.
    let (_, printed) = send(&site, root.path(), Part::One, "31", false);
    assert!(printed.contains("`31` is not the right answer (your answer is too low)"), "{printed}");
}

#[test]
fn nothing_is_recorded_while_the_spacing_is_waited_out() {
    let root = tempfile::tempdir().unwrap();
    let site = Site::start(vec![ok(reply(TOO_LOW))]);
    let f = Fetcher { throttle: Duration::from_millis(500), ..fetcher(&site.url, root.path()) };
    // A request a moment ago: the submit waits before its POST.
    let lock = f.lock(&mut Vec::new()).unwrap();
    f.ready_answer(&lock, day(), Part::One, "0", &mut Vec::new()).unwrap();
    drop(lock);
    let path = root.path().to_path_buf();
    let submitter = std::thread::spawn(move || {
        let (mut out, mut log) = (Vec::new(), Vec::new());
        submit(&f, &path, &args(Part::One, "31"), &mut out, &mut log).unwrap();
        String::from_utf8(log).unwrap()
    });
    // During the wait (where a Ctrl-C would stop it) the answer is not on record.
    std::thread::sleep(Duration::from_millis(250));
    assert!(!answers_file(root.path()).exists(), "recorded as sent before the wait was over");
    let log = submitter.join().unwrap();
    assert!(log.contains("waiting "), "{log}");
    assert_eq!(Answers::load(&answers_file(root.path())).unwrap().part(Part::One).greater_than, Some(31.into()));
}

#[test]
fn the_login_page_in_reply_to_an_answer_names_the_expired_token() {
    let root = tempfile::tempdir().unwrap();
    let login = "<!DOCTYPE html>\n<html lang=\"en-us\"><head><title>Advent of Code</title></head><body><main><p>To play, please identify yourself via one of these services:</p><p><a href=\"/auth/github\">[GitHub]</a></p></main></body></html>\n";
    assert_eq!(verdict(login), Verdict::LoginPage);
    let site = Site::start(vec![ok(login.into()), ok(reply(TOO_LOW))]);
    let (outcome, printed) = send(&site, root.path(), Part::One, "31", false);
    assert!(!outcome);
    assert!(
        printed.contains("the site answered with its login page, as it does when the session token has expired")
            && printed.contains("log in to adventofcode.com again"),
        "{printed}"
    );
    assert_eq!(Answers::load(&answers_file(root.path())).unwrap(), Answers::default(), "not judged");
    let (_, printed) = send(&site, root.path(), Part::One, "31", false);
    assert!(printed.contains("too low"), "sent again without --force: {printed}");
}

#[test]
fn after_part_two_is_accepted_the_page_is_refreshed_and_read_shows_its_answer() {
    let root = tempfile::tempdir().unwrap();
    let mut answers = Answers::default();
    answers.record_accepted(Part::One, "31");
    answers.save(&answers_file(root.path()), "2016 day 11").unwrap();
    let cached = aoc_workspace::inputs::puzzle_page_path(root.path(), day());
    std::fs::write(&cached, crate::page::tests::page(&["31"])).unwrap();
    let site = Site::start(vec![ok(reply(RIGHT)), ok(crate::page::tests::page(&["31", "55"]))]);
    let (outcome, printed) = send(&site, root.path(), Part::Two, "55", false);
    assert!(outcome, "{printed}");
    let requests = site.requests();
    assert_eq!(requests.len(), 2, "{requests:?}");
    assert!(requests[1].starts_with("GET /2016/day/11 "), "{}", requests[1]);
    assert!(std::fs::read_to_string(&cached).unwrap().contains("Your puzzle answer was <code>55</code>"));
    let (mut out, mut log) = (Vec::new(), Vec::new());
    let offline = || -> Result<Fetcher, crate::client::FetchError> { panic!("the cached page is up to date") };
    crate::page::read(root.path(), day(), false, offline, &mut out, &mut log).unwrap();
    assert!(String::from_utf8(out).unwrap().contains("Your part 2 answer was 55."));
}

#[test]
fn read_refreshes_a_page_saved_before_part_two_was_accepted() {
    let root = tempfile::tempdir().unwrap();
    let mut answers = Answers::default();
    answers.record_accepted(Part::One, "31");
    answers.record_accepted(Part::Two, "55");
    answers.save(&answers_file(root.path()), "2016 day 11").unwrap();
    let cached = aoc_workspace::inputs::puzzle_page_path(root.path(), day());
    std::fs::write(&cached, crate::page::tests::page(&["31"])).unwrap();
    let site = Site::start(vec![ok(crate::page::tests::page(&["31", "55"]))]);
    let (mut out, mut log) = (Vec::new(), Vec::new());
    crate::page::read(root.path(), day(), false, || Ok(fetcher(&site.url, root.path())), &mut out, &mut log).unwrap();
    assert_eq!(site.requests().len(), 1);
    assert!(String::from_utf8(out).unwrap().contains("Your part 2 answer was 55."));
}

#[test]
fn read_of_a_puzzle_not_unlocked_sends_nothing() {
    let root = tempfile::tempdir().unwrap();
    let site = Site::start(vec![ok(crate::page::tests::page(&[]))]);
    let id: DayId = "2099-01".parse().unwrap();
    let err = crate::page::read(
        root.path(),
        id,
        false,
        || Ok(fetcher(&site.url, root.path())),
        &mut Vec::new(),
        &mut Vec::new(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("2099-1 unlocks at midnight UTC-5 on December 1"), "{err}");
    assert!(site.requests().is_empty());
}

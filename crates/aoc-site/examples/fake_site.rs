//! The stand-in for adventofcode.com (module `testsite`) as a process of its own, for the
//! end-to-end checks (`.ci/e2e`): `fake_site PORT_FILE` writes the port it listens on to
//! PORT_FILE and judges as the environment says: `FAKE_SITE_INPUT` and `FAKE_SITE_PAGE`
//! name files to serve as the input and the page, `FAKE_SITE_ANSWERS` the right answers
//! (`part1,part2`), `FAKE_SITE_HANG` an answer whose first POST is taken and never
//! answered, `FAKE_SITE_LOG` a file each request is appended to. It stops by itself after
//! 100 requests or 600 seconds, whichever comes first.

// Test code: a failure is a panic.
#![allow(clippy::unwrap_used)]

#[allow(dead_code)] // the scripted replies serve the unit tests
#[path = "../tests/common/site.rs"]
mod testsite;

use std::time::{Duration, Instant};

fn main() -> std::io::Result<()> {
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let file = |name: &str| env(name).and_then(|path| std::fs::read_to_string(path).ok());
    let answers = env("FAKE_SITE_ANSWERS").unwrap_or_default();
    let site = testsite::Site::judging(testsite::Puzzle {
        input: file("FAKE_SITE_INPUT"),
        page: file("FAKE_SITE_PAGE"),
        answers: answers.split(',').map(|s| s.trim().to_string()).collect(),
        hang: env("FAKE_SITE_HANG"),
        log: env("FAKE_SITE_LOG").map(Into::into),
        solved: Vec::new(),
    });
    let port = site.url.rsplit(':').next().unwrap_or_default();
    std::fs::write(std::env::args().nth(1).unwrap_or_else(|| "fake-site.port".into()), port)?;
    let started = Instant::now();
    while site.requests().len() < 100 && started.elapsed() < Duration::from_secs(600) {
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(())
}

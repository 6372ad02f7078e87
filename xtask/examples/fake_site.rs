//! A stand-in for adventofcode.com on 127.0.0.1, for the end-to-end checks (`.ci/e2e`):
//! `GET /<year>/day/<day>/input` with a `session` cookie answers a made-up input; anything
//! else answers 404, and a request without the cookie 400, as the site does.
//!
//! `cargo run -p xtask --example fake_site -- PORT_FILE` writes the port it listens on to
//! PORT_FILE and stops by itself after 50 requests or 120 seconds, whichever comes first.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::time::{Duration, Instant};

const MOST_REQUESTS: usize = 50;
const LIFETIME: Duration = Duration::from_secs(120);

fn main() -> std::io::Result<()> {
    let port_file = std::env::args().nth(1).unwrap_or_else(|| "fake-site.port".into());
    let listener = TcpListener::bind("127.0.0.1:0")?;
    listener.set_nonblocking(true)?;
    std::fs::write(&port_file, listener.local_addr()?.port().to_string())?;
    let started = Instant::now();
    let mut served = 0;
    while served < MOST_REQUESTS && started.elapsed() < LIFETIME {
        let Ok((stream, _)) = listener.accept() else {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        stream.set_nonblocking(false)?;
        stream.set_read_timeout(Some(Duration::from_secs(5)))?;
        let mut reader = BufReader::new(stream.try_clone()?);
        let mut head = Vec::new();
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                break;
            }
            head.push(line.trim_end().to_string());
        }
        let (status, body) = answer(&head);
        let reply = format!("HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
        let _ = (&stream).write_all(reply.as_bytes());
        served += 1;
    }
    Ok(())
}

/// The site's answer to a request head.
fn answer(head: &[String]) -> (&'static str, String) {
    let path = head.first().and_then(|l| l.strip_prefix("GET ")).and_then(|l| l.split(' ').next()).unwrap_or("");
    let has_cookie = head.iter().any(|l| l.to_ascii_lowercase().starts_with("cookie:") && l.contains("session="));
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match parts[..] {
        [year, "day", day, "input"] if year.parse::<u16>().is_ok() && day.parse::<u8>().is_ok() => {
            if has_cookie {
                ("200 OK", format!("made-up input for {year} day {day}\n"))
            } else {
                ("400 Bad Request", "Puzzle inputs differ by user.  Please log in to get your puzzle input.\n".into())
            }
        }
        _ => ("404 Not Found", "404 Not Found\n".into()),
    }
}

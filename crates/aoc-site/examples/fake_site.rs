//! A stand-in for adventofcode.com on 127.0.0.1, for the end-to-end checks (`.ci/e2e`).
//!
//! * `GET /<year>/day/<day>/input` answers the file named by `FAKE_SITE_INPUT`, or a
//!   made-up input;
//! * `GET /<year>/day/<day>` answers a puzzle page that shows the answers accepted so far;
//! * `POST /<year>/day/<day>/answer` (`level`, `answer`) judges against `FAKE_SITE_ANSWERS`
//!   (`part1,part2`): right, too high or too low (numbers), wrong, or not the right level;
//! * a request without a `session` cookie gets 400, anything else 404, as the site does.
//!
//! `cargo run -p aoc-site --example fake_site -- PORT_FILE` writes the port it listens on to
//! PORT_FILE and stops by itself after 50 requests or 180 seconds, whichever comes first.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::time::{Duration, Instant};

const MOST_REQUESTS: usize = 50;
const LIFETIME: Duration = Duration::from_secs(180);

/// A request: method, path, whether it had the cookie, and the form body.
struct Request {
    method: String,
    path: String,
    has_cookie: bool,
    body: String,
}

fn main() -> std::io::Result<()> {
    let port_file = std::env::args().nth(1).unwrap_or_else(|| "fake-site.port".into());
    let correct: Vec<String> =
        std::env::var("FAKE_SITE_ANSWERS").unwrap_or_default().split(',').map(|s| s.trim().to_string()).collect();
    let listener = TcpListener::bind("127.0.0.1:0")?;
    listener.set_nonblocking(true)?;
    std::fs::write(&port_file, listener.local_addr()?.port().to_string())?;
    let started = Instant::now();
    let mut solved: Vec<String> = Vec::new();
    let mut served = 0;
    while served < MOST_REQUESTS && started.elapsed() < LIFETIME {
        let Ok((stream, _)) = listener.accept() else {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        };
        stream.set_nonblocking(false)?;
        stream.set_read_timeout(Some(Duration::from_secs(5)))?;
        let request = read_request(&stream)?;
        let (status, body) = answer(&request, &correct, &mut solved);
        let reply = format!("HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
        let _ = (&stream).write_all(reply.as_bytes());
        served += 1;
    }
    Ok(())
}

fn read_request(stream: &std::net::TcpStream) -> std::io::Result<Request> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut head = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        head.push(line.trim_end().to_string());
    }
    let header = |name: &str| {
        head.iter().find_map(|l| {
            let (key, value) = l.split_once(':')?;
            key.eq_ignore_ascii_case(name).then(|| value.trim().to_string())
        })
    };
    let length: usize = header("content-length").and_then(|v| v.parse().ok()).unwrap_or(0);
    let mut body = vec![0; length.min(4096)];
    reader.read_exact(&mut body)?;
    let mut first = head.first().map(String::as_str).unwrap_or("").split(' ');
    Ok(Request {
        method: first.next().unwrap_or("").to_string(),
        path: first.next().unwrap_or("").to_string(),
        has_cookie: header("cookie").is_some_and(|c| c.contains("session=")),
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

/// The site's answer to a request.
fn answer(request: &Request, correct: &[String], solved: &mut Vec<String>) -> (&'static str, String) {
    let parts: Vec<&str> = request.path.trim_matches('/').split('/').collect();
    let (year, day, rest) = match parts[..] {
        [year, "day", day, ref rest @ ..] if year.parse::<u16>().is_ok() && day.parse::<u8>().is_ok() => {
            (year, day, rest)
        }
        _ => return ("404 Not Found", "404 Not Found\n".into()),
    };
    if !request.has_cookie {
        return ("400 Bad Request", "Puzzle inputs differ by user.  Please log in to get your puzzle input.\n".into());
    }
    match (request.method.as_str(), rest) {
        ("GET", ["input"]) => {
            let input = std::env::var("FAKE_SITE_INPUT").ok().and_then(|path| std::fs::read_to_string(path).ok());
            ("200 OK", input.unwrap_or_else(|| format!("made-up input for {year} day {day}\n")))
        }
        ("GET", []) => ("200 OK", page(year, day, solved)),
        ("POST", ["answer"]) => ("200 OK", judge(&request.body, correct, solved)),
        _ => ("404 Not Found", "404 Not Found\n".into()),
    }
}

fn page(year: &str, day: &str, solved: &[String]) -> String {
    let mut html = format!(
        "<html><body><main><article class=\"day-desc\"><h2>--- Day {day}: A Stand-in Puzzle ---</h2><p>This is the made-up puzzle of {year} day {day}.</p></article>\n"
    );
    for (index, answer) in solved.iter().enumerate() {
        html += &format!("<p>Your puzzle answer was <code>{answer}</code>.</p>\n");
        if index == 0 {
            html +=
                "<article class=\"day-desc\"><h2 id=\"part2\">--- Part Two ---</h2><p>Now do it again.</p></article>\n";
        }
    }
    html + "</main></body></html>\n"
}

fn judge(form: &str, correct: &[String], solved: &mut Vec<String>) -> String {
    let field = |name: &str| {
        form.split('&').find_map(|kv| kv.strip_prefix(name)?.strip_prefix('=')).unwrap_or("").replace('+', " ")
    };
    let level: usize = field("level").parse().unwrap_or(0);
    let given = field("answer");
    let article = if level != solved.len() + 1 || level > 2 {
        "You don't seem to be solving the right level.  Did you already complete it?".to_string()
    } else if correct.get(level - 1).is_some_and(|c| *c == given) {
        solved.push(given);
        "That's the right answer!  You are <em>one gold star</em> closer.".to_string()
    } else {
        let hint = match (given.parse::<i64>(), correct.get(level - 1).and_then(|c| c.parse::<i64>().ok())) {
            (Ok(g), Some(c)) if g > c => "; your answer is too high",
            (Ok(g), Some(c)) if g < c => "; your answer is too low",
            _ => "",
        };
        format!("That's not the right answer{hint}.  If you're stuck, make sure you're using the full input data.")
    };
    format!("<html><body><main><article><p>{article}</p></article></main></body></html>\n")
}

//! A stand-in for adventofcode.com on 127.0.0.1, for the end-to-end checks (`.ci/e2e`).
//!
//! * `GET /<year>/day/<day>/input` answers the file named by `FAKE_SITE_INPUT`, or a
//!   made-up input;
//! * `GET /<year>/day/<day>` answers a puzzle page marked up as the site's are (a code
//!   block with emphasis inside, inline code, a list, a link), with part 2's article and
//!   "Your puzzle answer was" once part 1 is solved; or the file named by `FAKE_SITE_PAGE`;
//! * `POST /<year>/day/<day>/answer` (`level`, `answer`) judges against `FAKE_SITE_ANSWERS`
//!   (`part1,part2`): right, too high or too low (numbers), wrong, or not the right level;
//!   the first POST of the answer `FAKE_SITE_HANG` is taken and never answered (for the
//!   interrupted-submit check);
//! * a request without a `session` cookie gets 400, anything else 404, as the site does;
//! * with `FAKE_SITE_LOG`, each request is appended to that file as
//!   `<unix ms> <method> <path> <form>`.
//!
//! Each connection is served on a thread of its own, so a hanging reply holds up nothing.
//! `cargo run -p aoc-site --example fake_site -- PORT_FILE` writes the port it listens on to
//! PORT_FILE and stops by itself after 100 requests or 600 seconds, whichever comes first.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const MOST_REQUESTS: usize = 100;
const LIFETIME: Duration = Duration::from_secs(600);

/// A request: method, path, whether it had the cookie, and the form body.
struct Request {
    method: String,
    path: String,
    has_cookie: bool,
    body: String,
}

/// What the site remembers between requests.
#[derive(Default)]
struct Site {
    correct: Vec<String>,
    solved: Vec<String>,
    hang: Option<String>,
}

fn main() -> std::io::Result<()> {
    let port_file = std::env::args().nth(1).unwrap_or_else(|| "fake-site.port".into());
    let site = Arc::new(Mutex::new(Site {
        correct: std::env::var("FAKE_SITE_ANSWERS")
            .unwrap_or_default()
            .split(',')
            .map(|s| s.trim().to_string())
            .collect(),
        solved: Vec::new(),
        hang: std::env::var("FAKE_SITE_HANG").ok().filter(|h| !h.is_empty()),
    }));
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
        served += 1;
        let site = Arc::clone(&site);
        std::thread::spawn(move || serve(stream, &site));
    }
    Ok(())
}

fn serve(stream: TcpStream, site: &Mutex<Site>) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let Ok(request) = read_request(&stream) else { return };
    log(&request);
    let Some((status, body)) = answer(&request, site) else {
        std::thread::sleep(Duration::from_secs(60)); // taken, never answered
        return;
    };
    let reply = format!("HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
    let _ = (&stream).write_all(reply.as_bytes());
}

fn log(request: &Request) {
    let Ok(path) = std::env::var("FAKE_SITE_LOG") else { return };
    let ms = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_millis();
    let line = format!("{ms} {} {} {}\n", request.method, request.path, request.body);
    if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
        let _ = file.write_all(line.as_bytes());
    }
}

fn read_request(stream: &TcpStream) -> std::io::Result<Request> {
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

/// The site's answer to a request; `None`: take it and never answer.
fn answer(request: &Request, site: &Mutex<Site>) -> Option<(&'static str, String)> {
    let parts: Vec<&str> = request.path.trim_matches('/').split('/').collect();
    let (year, day, rest) = match parts[..] {
        [year, "day", day, ref rest @ ..] if year.parse::<u16>().is_ok() && day.parse::<u8>().is_ok() => {
            (year, day, rest)
        }
        _ => return Some(("404 Not Found", "404 Not Found\n".into())),
    };
    if !request.has_cookie {
        return Some((
            "400 Bad Request",
            "Puzzle inputs differ by user.  Please log in to get your puzzle input.\n".into(),
        ));
    }
    let mut site = site.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    Some(match (request.method.as_str(), rest) {
        ("GET", ["input"]) => {
            let input = std::env::var("FAKE_SITE_INPUT").ok().and_then(|path| std::fs::read_to_string(path).ok());
            ("200 OK", input.unwrap_or_else(|| format!("made-up input for {year} day {day}\n")))
        }
        ("GET", []) => {
            let given = std::env::var("FAKE_SITE_PAGE").ok().and_then(|path| std::fs::read_to_string(path).ok());
            ("200 OK", given.unwrap_or_else(|| page(year, day, &site.solved)))
        }
        ("POST", ["answer"]) => {
            let given = field(&request.body, "answer");
            if site.hang.as_deref() == Some(given.as_str()) {
                site.hang = None;
                return None;
            }
            ("200 OK", judge(&request.body, &mut site))
        }
        _ => ("404 Not Found", "404 Not Found\n".into()),
    })
}

fn page(year: &str, day: &str, solved: &[String]) -> String {
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en-us\">\n<head>\n<title>Day {day} - Advent of Code {year}</title>\n<script>var x = '<article>not this</article>';</script>\n</head>\n<body>\n<main>\n\
<article class=\"day-desc\"><h2>--- Day {day}: A Stand-in Puzzle ---</h2><p>This is the made-up puzzle of {year} day {day}, with <em>emphasis</em> and <code>code</code>. The floors look like this:</p>\n\
<pre><code>F4 .  .\nF1 E  <em>HM</em>\n</code></pre>\n\
<p>What is the <em>minimum</em> number of steps (<code><em>11</em></code> in the example)?</p>\n\
<ul>\n<li>Items move <span title=\"Mostly.\">together</span>.</li>\n</ul>\n</article>\n"
    );
    for (index, answer) in solved.iter().enumerate() {
        html += &format!("<p>Your puzzle answer was <code>{answer}</code>.</p>");
        if index == 0 {
            html += "<article class=\"day-desc\"><h2 id=\"part2\">--- Part Two ---</h2><p>Now do it again with <em>two more pairs</em>.</p>\n</article>\n";
        }
    }
    html + "<p>To begin, <a href=\"11/input\" target=\"_blank\">get your puzzle input</a>.</p>\n</main>\n</body>\n</html>\n"
}

fn field(form: &str, name: &str) -> String {
    form.split('&').find_map(|kv| kv.strip_prefix(name)?.strip_prefix('=')).unwrap_or("").replace('+', " ")
}

fn judge(form: &str, site: &mut Site) -> String {
    let level: usize = field(form, "level").parse().unwrap_or(0);
    let given = field(form, "answer");
    let article = if level == 0 || level != site.solved.len() + 1 || level > 2 {
        "You don't seem to be solving the right level.  Did you already complete it?".to_string()
    } else if site.correct.get(level - 1).is_some_and(|c| *c == given) {
        site.solved.push(given);
        "That's the right answer!  You are <em>one gold star</em> closer.".to_string()
    } else {
        let hint = match (given.parse::<i64>(), site.correct.get(level - 1).and_then(|c| c.parse::<i64>().ok())) {
            (Ok(g), Some(c)) if g > c => "; your answer is too high",
            (Ok(g), Some(c)) if g < c => "; your answer is too low",
            _ => "",
        };
        format!("That's not the right answer{hint}.  If you're stuck, make sure you're using the full input data.")
    };
    format!("<html><body><main><article><p>{article}</p></article></main></body></html>\n")
}

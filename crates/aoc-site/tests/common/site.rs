//! The stand-in for adventofcode.com on 127.0.0.1, for every test: a real HTTP server that
//! records each request (head, empty line, body) and answers it with the next scripted
//! [`Reply`], or as a [`Puzzle`] it judges: the unit tests, `tests/cli.rs` and, through the
//! example `fake_site`, `.ci/e2e` all talk to this one server.
//!
//! The judging site serves `GET /<year>/day/<day>/input` (the given input, or a made-up
//! one), `GET /<year>/day/<day>` (the given page, or a made-up one marked up as the site's
//! are: a code block with emphasis inside, inline code, a list, a hover text, a script,
//! with part 2's article and "Your puzzle answer was" once part 1 is solved) and `POST
//! /<year>/day/<day>/answer` (`level`, `answer`), judged right, too high or too low
//! (numbers), wrong, or not the right level. A request without a `session` cookie gets a
//! 400, any other path a 404, as the site does.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How the server answers one request.
pub enum Reply {
    /// This status and body.
    With(u16, String),
    /// No answer for a minute (a client timeout, or a command killed while it waits), on a
    /// thread of its own so the next request is answered meanwhile.
    Hang,
    /// A 302 to this place.
    Redirect(String),
    /// A 200 that promises more bytes than it sends, then closes.
    Truncated(String),
    /// A 200 that sends part of this body, then resets the connection (the request is
    /// left unread, so closing sends a reset rather than an orderly end).
    Reset(String),
    /// This reply, after reading nothing for this long: the request waits in the queue,
    /// as at a busy site, and arrives (is stamped) late.
    Late(Duration, Box<Reply>),
    /// What the [`Puzzle`] says to the request.
    Judged,
}

/// The puzzle a judging site serves, and what it remembers between requests.
#[derive(Default)]
pub struct Puzzle {
    /// The input served; else a made-up one.
    pub input: Option<String>,
    /// The page served; else a made-up one.
    pub page: Option<String>,
    /// The right answers, part 1 first.
    pub answers: Vec<String>,
    /// The first POST of this answer is taken and never answered.
    pub hang: Option<String>,
    /// Each request is appended to this file as `<unix ms> <method> <path> <form>`.
    pub log: Option<PathBuf>,
    /// The answers accepted so far.
    pub solved: Vec<String>,
}

/// The running server.
pub struct Site {
    /// `http://127.0.0.1:<port>`.
    pub url: String,
    requests: Arc<Mutex<Vec<(Instant, String)>>>,
}

impl Site {
    /// A server that answers with `replies` in order, then stops.
    pub fn start(replies: Vec<Reply>) -> Site {
        Site::serve(replies.into_iter(), Puzzle::default())
    }

    /// A server that answers every request as `puzzle`'s site does, until the process ends.
    pub fn judging(puzzle: Puzzle) -> Site {
        Site::serve(std::iter::repeat_with(|| Reply::Judged), puzzle)
    }

    /// A server that answers every request (up to eight) alike; status 0 never answers.
    pub fn always(status: u16, body: &str) -> Site {
        let reply = || if status == 0 { Reply::Hang } else { Reply::With(status, body.to_string()) };
        Site::start((0..8).map(|_| reply()).collect())
    }

    fn serve(replies: impl Iterator<Item = Reply> + Send + 'static, mut puzzle: Puzzle) -> Site {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&requests);
        std::thread::spawn(move || {
            for (stream, reply) in listener.incoming().zip(replies) {
                let Ok(mut stream) = stream else { return };
                let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
                let reply = match reply {
                    Reply::Late(delay, reply) => {
                        std::thread::sleep(delay);
                        *reply
                    }
                    other => other,
                };
                if let Reply::Reset(body) = reply {
                    let mut start = [0; 24];
                    let read = stream.read(&mut start).unwrap_or(0);
                    seen.lock().unwrap().push((Instant::now(), String::from_utf8_lossy(&start[..read]).into()));
                    let _ = write!(stream, "HTTP/1.1 200 OK\r\nContent-Length: {}\r\n\r\n{body}", body.len() + 100);
                    std::thread::sleep(Duration::from_millis(20));
                    continue; // dropped with unread bytes: a reset
                }
                let request = read_request(&stream);
                seen.lock().unwrap().push((Instant::now(), request.clone()));
                let reply = if let Reply::Judged = reply { puzzle.answer(&request) } else { reply };
                let (status, location, body, promised) = match reply {
                    Reply::With(status, body) => (status, String::new(), body, 0),
                    Reply::Redirect(to) => (302, format!("Location: {to}\r\n"), String::new(), 0),
                    Reply::Truncated(body) => (200, String::new(), body, 100),
                    // A hang (the other replies were dealt with above), held on a thread of its own.
                    _ => {
                        drop(std::thread::spawn(move || {
                            std::thread::sleep(Duration::from_secs(60));
                            drop(stream);
                        }));
                        continue;
                    }
                };
                let length = body.len() + promised;
                let head =
                    format!("HTTP/1.1 {status} X\r\n{location}Content-Length: {length}\r\nConnection: close\r\n\r\n");
                let _ = stream.write_all((head + &body).as_bytes());
            }
        });
        Site { url, requests }
    }

    /// Every request so far: its head, an empty line, its body.
    pub fn requests(&self) -> Vec<String> {
        self.requests.lock().unwrap().iter().map(|(_, r)| r.clone()).collect()
    }

    /// When each request arrived.
    pub fn arrivals(&self) -> Vec<Instant> {
        self.requests.lock().unwrap().iter().map(|(at, _)| *at).collect()
    }
}

/// The head (lines ending `\r\n`), an empty line, the body.
fn read_request(stream: &TcpStream) -> String {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut head = String::new();
    let mut length = 0;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
        head.push_str(&line);
    }
    let mut body = vec![0; length.min(1 << 20)];
    let _ = reader.read_exact(&mut body);
    format!("{head}\n{}", String::from_utf8_lossy(&body))
}

impl Puzzle {
    /// What the site says to `request`.
    fn answer(&mut self, request: &str) -> Reply {
        let (head, form) = request.split_once("\r\n\n").unwrap_or((request, ""));
        let mut first = head.split(' ');
        let (method, path) = (first.next().unwrap_or(""), first.next().unwrap_or(""));
        if let Some(log) = &self.log {
            let ms = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_millis();
            let mut file = std::fs::OpenOptions::new().create(true).append(true).open(log).unwrap();
            let _ = writeln!(file, "{ms} {method} {path} {form}");
        }
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        let (year, day, rest) = match parts[..] {
            [year, "day", day, ref rest @ ..] if year.parse::<u16>().is_ok() && day.parse::<u8>().is_ok() => {
                (year, day, rest)
            }
            _ => return Reply::With(404, "404 Not Found\n".into()),
        };
        if !head.lines().any(|l| l.to_ascii_lowercase().starts_with("cookie:") && l.contains("session=")) {
            return Reply::With(400, "Puzzle inputs differ by user.  Please log in to get your puzzle input.\n".into());
        }
        match (method, rest) {
            ("GET", ["input"]) => {
                Reply::With(200, self.input.clone().unwrap_or_else(|| format!("made-up input for {year} day {day}\n")))
            }
            ("GET", []) => {
                let solved: Vec<&str> = self.solved.iter().map(String::as_str).collect();
                Reply::With(200, self.page.clone().unwrap_or_else(|| page(year, day, &solved)))
            }
            ("POST", ["answer"]) if self.hang.is_some() && self.hang.as_deref() == Some(&field(form, "answer")) => {
                self.hang = None;
                Reply::Hang
            }
            ("POST", ["answer"]) => Reply::With(200, self.judge(form)),
            _ => Reply::With(404, "404 Not Found\n".into()),
        }
    }

    /// The reply page to the form `level=N&answer=X`.
    fn judge(&mut self, form: &str) -> String {
        let level: usize = field(form, "level").parse().unwrap_or(0);
        let given = field(form, "answer");
        let article = if level == 0 || level != self.solved.len() + 1 || level > 2 {
            "You don't seem to be solving the right level.  Did you already complete it?".to_string()
        } else if self.answers.get(level - 1).is_some_and(|c| *c == given) {
            self.solved.push(given);
            "That's the right answer!  You are <em>one gold star</em> closer.".to_string()
        } else {
            let right = self.answers.get(level - 1).and_then(|c| c.parse::<i64>().ok());
            let hint = match (given.parse::<i64>(), right) {
                (Ok(g), Some(c)) if g > c => "; your answer is too high",
                (Ok(g), Some(c)) if g < c => "; your answer is too low",
                _ => "",
            };
            format!("That's not the right answer{hint}.  If you're stuck, make sure you're using the full input data.")
        };
        format!("<html><body><main><article><p>{article}</p></article></main></body></html>\n")
    }
}

/// A made-up page of `year` and `day`, with part 2 and the answers once part 1 is `solved`.
pub fn page(year: &str, day: &str, solved: &[&str]) -> String {
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

/// A form field's value (`+` read as a space).
fn field(form: &str, name: &str) -> String {
    form.split('&').find_map(|kv| kv.strip_prefix(name)?.strip_prefix('=')).unwrap_or("").replace('+', " ")
}

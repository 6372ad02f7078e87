//! A stand-in for the site in unit tests: a real HTTP server on 127.0.0.1 that answers
//! each request with the next scripted reply and records every request (head and body).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How the server answers one request.
pub enum Reply {
    /// This status and body.
    With(u16, String),
    /// No answer for three seconds (a client timeout), then the connection closes.
    Hang,
    /// A 200 whose body depends on the request (head, empty line, body).
    Judge(fn(&str) -> String),
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
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&requests);
        std::thread::spawn(move || {
            for (stream, reply) in listener.incoming().zip(replies) {
                let Ok(mut stream) = stream else { return };
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
                    let request = String::from_utf8_lossy(&start[..read]).into_owned();
                    seen.lock().unwrap().push((Instant::now(), request));
                    let text = format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\n\r\n{body}", body.len() + 100);
                    let _ = stream.write_all(text.as_bytes());
                    std::thread::sleep(Duration::from_millis(20));
                    continue; // dropped with unread bytes: a reset
                }
                let request = read_request(&stream);
                seen.lock().unwrap().push((Instant::now(), request.clone()));
                let reply = match reply {
                    Reply::Judge(judge) => Reply::With(200, judge(&request)),
                    other => other,
                };
                match reply {
                    Reply::With(status, body) => {
                        let text = format!(
                            "HTTP/1.1 {status} X\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                            body.len()
                        );
                        let _ = stream.write_all(text.as_bytes());
                    }
                    // Hangs on its own thread, so the next request is answered meanwhile.
                    Reply::Hang => drop(std::thread::spawn(move || {
                        std::thread::sleep(Duration::from_secs(3));
                        drop(stream);
                    })),
                    Reply::Redirect(to) => {
                        let text = format!(
                            "HTTP/1.1 302 Found\r\nLocation: {to}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                        );
                        let _ = stream.write_all(text.as_bytes());
                    }
                    Reply::Truncated(body) => {
                        let text = format!(
                            "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                            body.len() + 100
                        );
                        let _ = stream.write_all(text.as_bytes());
                    }
                    Reply::Judge(_) | Reply::Reset(_) | Reply::Late(..) => {}
                }
            }
        });
        Site { url, requests }
    }

    /// A server that answers every request (up to eight) alike; status 0 never answers.
    pub fn always(status: u16, body: &str) -> Site {
        let reply = || if status == 0 { Reply::Hang } else { Reply::With(status, body.to_string()) };
        Site::start((0..8).map(|_| reply()).collect())
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

fn read_request(stream: &std::net::TcpStream) -> String {
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
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    format!("{head}\n{}", String::from_utf8_lossy(&body))
}

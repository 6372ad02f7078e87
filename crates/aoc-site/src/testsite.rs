//! A stand-in for the site in unit tests: a real HTTP server on 127.0.0.1 that answers
//! each request with the next scripted reply and records every request (head and body).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How the server answers one request.
pub enum Reply {
    /// This status and body.
    With(u16, String),
    /// No answer for three seconds (a client timeout), then the connection closes.
    Hang,
    /// The connection closes at once, unanswered.
    Close,
}

/// The running server.
pub struct Site {
    /// `http://127.0.0.1:<port>`.
    pub url: String,
    requests: Arc<Mutex<Vec<String>>>,
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
                seen.lock().unwrap().push(read_request(&stream));
                match reply {
                    Reply::With(status, body) => {
                        let text = format!(
                            "HTTP/1.1 {status} X\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                            body.len()
                        );
                        let _ = stream.write_all(text.as_bytes());
                    }
                    Reply::Hang => std::thread::sleep(Duration::from_secs(3)),
                    Reply::Close => {}
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
        self.requests.lock().unwrap().clone()
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

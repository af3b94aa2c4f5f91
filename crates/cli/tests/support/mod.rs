//! What the `harvest serve` tests share: a server process on 127.0.0.1, raw HTTP/1.1 requests,
//! a target web server for fetches, the command's output for comparison.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub(crate) const BASE: &str = "https://ada.example.org/";

pub(crate) fn example() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/blog.html")
}

/// A `harvest serve` process on a free port of 127.0.0.1, stopped (SIGTERM) when dropped.
pub(crate) struct Server {
    pub child: Child,
    pub address: String,
    pub log: Arc<Mutex<Vec<String>>>,
}

impl Server {
    pub(crate) fn start(flags: &[&str]) -> Server {
        Server::start_with_env(flags, &[])
    }

    /// A server started with these flags and environment variables.
    pub(crate) fn start_with_env(flags: &[&str], variables: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_harvest"))
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(flags)
            .envs(variables.iter().copied())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut first = String::new();
        stderr.read_line(&mut first).unwrap();
        let address = first.split("http://").nth(1).and_then(|rest| rest.split('/').next()).unwrap().to_owned();
        let log = Arc::new(Mutex::new(Vec::new()));
        let lines = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in stderr.lines().map_while(Result::ok) {
                lines.lock().unwrap().push(line);
            }
        });
        Server { child, address, log }
    }

    pub(crate) fn request(&self, method: &str, target: &str, headers: &[(&str, &str)], body: &[u8]) -> Response {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut head = format!("{method} {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n", self.address);
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if !headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("content-length")) && method == "POST" {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body).unwrap();
        read_response(&mut stream)
    }

    pub(crate) fn post(&self, target: &str, body: &[u8]) -> Response {
        self.request("POST", target, &[("Content-Type", "text/html")], body)
    }

    pub(crate) fn get(&self, target: &str) -> Response {
        self.request("GET", target, &[], b"")
    }

    /// Waits (up to 10 s) for a log line matching `wanted`: the access log is written after the
    /// answer has gone out, so a client can see the answer before the line exists.
    pub(crate) fn wait_for_log(&self, what: &str, wanted: impl Fn(&str) -> bool) {
        self.wait_for_log_lines(what, |lines| lines.iter().any(|line| wanted(line)));
    }

    /// Waits (up to 10 s) until the log lines so far satisfy `done`.
    pub(crate) fn wait_for_log_lines(&self, what: &str, done: impl Fn(&[String]) -> bool) {
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            let lines = self.log.lock().unwrap().clone();
            if done(&lines) {
                return;
            }
            assert!(std::time::Instant::now() < deadline, "no log line {what}: {lines:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends SIGTERM and waits for the exit status.
    pub(crate) fn terminate(mut self) -> std::process::ExitStatus {
        signal_term(&self.child);
        let status = self.child.wait().unwrap();
        std::mem::forget(self);
        status
    }

    /// Resident memory of the server, in KiB.
    pub(crate) fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn signal_term(child: &Child) {
    let status = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
}

#[derive(Debug)]
pub(crate) struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    pub(crate) fn text(&self) -> String {
        String::from_utf8(self.body.clone()).unwrap()
    }

    pub(crate) fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.text()))
    }

    /// The `code` of a JSON error, checked against the status.
    pub(crate) fn error_code(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}", self.text());
        assert_eq!(self.header("content-type"), Some("application/json"));
        self.json()["error"]["code"].as_str().unwrap().to_owned()
    }
}

/// Reads a `Connection: close` response: status line, headers, body to the end.
pub(crate) fn read_response(stream: &mut TcpStream) -> Response {
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| panic!("no response: {raw:?}"));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut response = Response { status, headers, body: raw[split + 4..].to_vec() };
    if response.header("transfer-encoding") == Some("chunked") {
        response.body = dechunk(&response.body).unwrap_or_else(|| panic!("an incomplete chunked body"));
    }
    response
}

/// The data of a chunked body; `None` when it does not end with its last (empty) chunk, as an
/// answer cut short does not.
pub(crate) fn dechunk(mut raw: &[u8]) -> Option<Vec<u8>> {
    let mut data = Vec::new();
    loop {
        let line_end = raw.windows(2).position(|w| w == b"\r\n")?;
        let size = usize::from_str_radix(std::str::from_utf8(&raw[..line_end]).ok()?.trim(), 16).ok()?;
        raw = &raw[line_end + 2..];
        if size == 0 {
            return Some(data);
        }
        data.extend_from_slice(raw.get(..size)?);
        raw = raw.get(size + 2..)?;
    }
}

/// Sends a request and reads the raw answer to its end (the connection is closed after it).
pub(crate) fn raw_exchange(address: &str, request: &[u8]) -> Vec<u8> {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(request).unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    raw
}

/// The command's output for the same page and options.
pub(crate) fn cli(subcommand: &str, flags: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_harvest"))
        .arg(subcommand)
        .arg(example())
        .args(["--base-url", BASE])
        .args(flags)
        .output()
        .unwrap();
    assert!(out.status.success(), "{subcommand} {flags:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// `?base_url=…&flag&name=value` from command-line flags.
pub(crate) fn query(flags: &[&str]) -> String {
    let mut pairs = vec![format!("base_url={BASE}")];
    let mut flags = flags.iter().peekable();
    while let Some(flag) = flags.next() {
        let name = flag.trim_start_matches("--").replace('-', "_");
        match flags.peek() {
            Some(value) if !value.starts_with("--") => {
                let value: String = form_urlencoded::byte_serialize(value.as_bytes()).collect();
                pairs.push(format!("{name}={value}"));
                flags.next();
            }
            _ => pairs.push(name),
        }
    }
    pairs.join("&")
}

/// A web server on 127.0.0.1 for the fetches: `/page`, redirects (`/to-port/N`: to `/page` on
/// port N), errors, a page that never comes.
pub(crate) fn target_server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut request_line = String::new();
                let _ = reader.read_line(&mut request_line);
                let mut line = String::new();
                while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                    line.clear();
                }
                let path = request_line.split(' ').nth(1).unwrap_or("/").to_owned();
                let page = "<p class=h-card><a class='p-name u-url' href=/me>Ada</a></p>";
                let redirect = |to: &str| format!("HTTP/1.1 302 Found\r\nLocation: {to}\r\nContent-Length: 0\r\n\r\n");
                let response = match path.as_str() {
                    "/page" => format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\n\r\n{page}",
                        page.len()
                    ),
                    "/to-page" => redirect("/page"),
                    "/loop" => redirect("/loop"),
                    "/to-ipv6" => redirect(&format!("http://[::1]:{port}/page")),
                    "/to-127.0.0.2" => redirect(&format!("http://127.0.0.2:{port}/page")),
                    other if other.starts_with("/to-port/") => {
                        redirect(&format!("http://127.0.0.1:{}/page", &other["/to-port/".len()..]))
                    }
                    "/image" => {
                        "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 4\r\n\r\n\u{89}PNG".to_owned()
                    }
                    "/huge" => {
                        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 1073741824\r\n\r\n<p>".to_owned()
                    }
                    "/hang" => {
                        std::thread::sleep(Duration::from_secs(30));
                        String::new()
                    }
                    _ => "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".to_owned(),
                };
                // One request per connection, said so: a client must not send the next one
                // (a redirect's) on a connection this server is about to close.
                let response = response.replacen("\r\n", "\r\nConnection: close\r\n", 1);
                let _ = stream.write_all(response.as_bytes());
            });
        }
    });
    format!("127.0.0.1:{port}")
}

/// The port of `host:port`: fetches from the test servers name it (`--fetch-port`), since only
/// 80 and 443 are fetched from by default.
pub(crate) fn port_of(address: &str) -> &str {
    address.rsplit(':').next().unwrap()
}

pub(crate) fn fetch(server: &Server, url: &str) -> Response {
    let url: String = form_urlencoded::byte_serialize(url.as_bytes()).collect();
    server.get(&format!("/v1/mf2?url={url}"))
}

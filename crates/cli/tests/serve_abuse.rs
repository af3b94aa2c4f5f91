//! `harvest serve` against the requests of issue 26 ("safe on the open internet"): each one
//! that could crash the server, exhaust it or starve others, on 127.0.0.1.
#![cfg(feature = "serve")]

mod support;

use std::process::Command;
use support::*;

/// `:not(` × `depth`, `a`, `)` × `depth`, percent-encoded for a query.
fn nested_not(depth: usize) -> String {
    let selector = format!("{}a{}", ":not(".repeat(depth), ")".repeat(depth));
    form_urlencoded::byte_serialize(selector.as_bytes()).collect()
}

/// Issue 26, item 1: one ~11 KB GET with a selector nested 900 deep overflowed a worker's
/// stack and aborted the server. Now it is a 400 that says why, and the server goes on.
#[test]
fn a_deeply_nested_root_selector_is_a_400_not_a_crash() {
    let server = Server::start(&[]);
    // The issue's reproduction, as written: the url need not resolve.
    let answer = server.get(&format!("/v1/mf2?url=http://example.invalid/&root_selector={}", nested_not(900)));
    assert_eq!(answer.error_code(400), "bad-parameter");
    let message = answer.json()["error"]["message"].as_str().unwrap().to_owned();
    assert!(message.contains("bytes long"), "{message}");
    // Shorter, but nested past the bound: the reason is the nesting. POST as well as GET.
    let answer = server.post(&format!("/v1/mf2?root_selector={}", nested_not(600)), b"<p class=h-card>Ada</p>");
    assert_eq!(answer.error_code(400), "bad-parameter");
    let message = answer.json()["error"]["message"].as_str().unwrap().to_owned();
    assert!(message.contains("nested 600 levels deep"), "{message}");
    assert!(message.len() < 1024, "the message does not echo the whole selector: {} bytes", message.len());
    // The server is still there, and a selector within the bounds works (`:not` seven times:
    // every element but `a`).
    assert_eq!(server.get("/healthz").status, 200);
    let answer = server.post(&format!("/v1/mf2?root_selector={}", nested_not(7)), b"<p class=h-card>Ada</p>");
    assert_eq!(answer.status, 200, "{}", answer.text());
    server.wait_for_log("for the 400", |line| line.contains("\"GET /v1/mf2\" 400"));
}

/// The same selector on the command line: a usage error with the reason, not a crash.
#[test]
fn the_command_refuses_the_same_selector() {
    let selector = format!("{}a{}", ":not(".repeat(600), ")".repeat(600));
    let out = Command::new(env!("CARGO_BIN_EXE_harvest"))
        .args(["mf2", "-", "--root-selector", &selector])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("nested 600 levels deep"), "{stderr}");
}

/// 400 h-cards nested in each other (name and URL each), ten times: 300 KB whose `pretty`
/// mf2 JSON, indented at every level, is 48 MB.
fn nested_hcards() -> Vec<u8> {
    let unit =
        "<div class=h-card><p class=p-name>Ada</p><a class=u-url href=/a>a</a>".repeat(400) + &"</div>".repeat(400);
    unit.repeat(10).into_bytes()
}

/// Issue 26, item 2: `?pretty` output was unbounded (indentation growing with the square of the
/// depth) and built whole in memory. Now indentation stops at 32 levels, a long answer is
/// streamed, and memory stays flat.
#[test]
fn pretty_output_is_bounded_and_streamed() {
    let server = Server::start(&[]);
    let page = nested_hcards();
    let before = server.rss_kib();
    let pretty = server.post("/v1/mf2?pretty", &page);
    assert_eq!(pretty.status, 200);
    assert_eq!(pretty.header("transfer-encoding"), Some("chunked"), "past a megabyte, the answer is streamed");
    assert!(pretty.body.len() < 6 << 20, "{} bytes", pretty.body.len());
    let deepest = pretty.text().lines().map(|line| line.len() - line.trim_start().len()).max().unwrap();
    assert_eq!(deepest, 64, "indentation stops at 32 levels");
    let compact = server.post("/v1/mf2", &page);
    assert_eq!(compact.header("content-length"), Some(compact.body.len().to_string().as_str()));
    // The same JSON (too deep for serde_json to read back; the page's strings hold no spaces).
    let squeezed: String = pretty.text().split_whitespace().collect();
    assert_eq!(squeezed.trim_end(), compact.text().trim_end());
    let after = server.rss_kib();
    assert!(after.saturating_sub(before) < 48 * 1024, "{before} KiB → {after} KiB");
}

/// A client that opens a long streamed answer and stops reading it holds the answer's slot of
/// `--max-in-flight` (so that the answers held in memory stay bounded by it), and only for
/// `--timeout`: a write stalled that long disconnects it.
#[test]
fn a_client_that_stops_reading_is_disconnected() {
    use std::io::{Read, Write};
    let server = Server::start(&["--timeout", "3"]);
    let page = nested_hcards().repeat(8);
    let mut stream = std::net::TcpStream::connect(&server.address).unwrap();
    let head = format!(
        "POST /v1/mf2?pretty HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: text/html\r\nContent-Length: {}\r\n\r\n",
        page.len()
    );
    stream.write_all(&[head.as_bytes(), &page].concat()).unwrap();
    // Not reading: the answer fills the sockets' buffers and its writes stall.
    std::thread::sleep(std::time::Duration::from_millis(2500));
    assert_eq!(server.get("/readyz").json()["in_flight"], 1, "the stalled answer holds its slot");
    std::thread::sleep(std::time::Duration::from_millis(5000));
    assert_eq!(server.get("/readyz").json()["in_flight"], 0, "and gives it back");
    // The server has closed the connection: what it had sent, then the end (before, the
    // connection stayed open and this read waited for more).
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
    let mut answer = Vec::new();
    let ended = stream.read_to_end(&mut answer);
    assert!(
        ended.is_ok() || ended.as_ref().is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset),
        "{ended:?} after {} bytes",
        answer.len()
    );
    assert!(answer.starts_with(b"HTTP/1.1 200"));
    assert_eq!(dechunk(&answer[answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4..]), None, "cut short");
    server.wait_for_log("saying why", |line| line.contains("closed: the client read nothing for 3 s"));
}

/// Past `--max-output` the answer is a JSON error while it is still spooled (the first
/// megabyte); once streaming, it is cut short (no last chunk) and the log says why.
#[test]
fn output_past_the_bound_is_an_error() {
    let page = nested_hcards();
    let server = Server::start(&["--max-output", "1M"]);
    let answer = server.post("/v1/mf2?pretty", &page);
    assert_eq!(answer.error_code(422), "output-too-large");
    assert!(answer.text().contains("--max-output"), "{}", answer.text());
    assert_eq!(server.post("/v1/mf2", &page).status, 200, "the compact JSON is within the bound");

    let server = Server::start(&["--max-output", "2M"]);
    let head = format!(
        "POST /v1/mf2?pretty HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: text/html\r\nContent-Length: {}\r\n\r\n",
        page.len()
    );
    let raw = raw_exchange(&server.address, &[head.as_bytes(), &page].concat());
    assert!(raw.starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&raw[..100]));
    let body_start = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
    assert_eq!(dechunk(&raw[body_start..]), None, "the answer is cut short, not ended");
    std::thread::sleep(std::time::Duration::from_millis(200));
    server.wait_for_log("saying why the answer was cut short", |line| {
        line.contains("cut short") && line.contains("--max-output")
    });
}

/// Issue 26, item 3: a timed-out request went on extracting, holding its worker. Now the
/// deadline stops the extraction: with one worker, the next request is answered at once.
#[test]
fn a_timed_out_extraction_frees_its_worker() {
    let server = Server::start(&["--workers", "1", "--timeout", "1"]);
    let page = "<div>".repeat(2_000_000);
    let start = std::time::Instant::now();
    let answer = server.post("/v1/all", page.as_bytes());
    assert_eq!(answer.error_code(503), "timeout");
    assert!(start.elapsed() < std::time::Duration::from_secs(3), "{:?}", start.elapsed());
    let start = std::time::Instant::now();
    let next = server.post("/v1/mf2", b"<p class=h-card>Ada</p>");
    assert_eq!(next.status, 200, "{}", next.text());
    assert!(start.elapsed() < std::time::Duration::from_millis(500), "{:?}", start.elapsed());
}

/// The abuse benchmark's finding: huge pages, each holding a worker until `--timeout`, made
/// every ordinary request wait for one. Pages past `--heavy-page` leave the last worker free,
/// so a small page from someone else is answered at once while they run.
#[test]
fn huge_pages_leave_a_worker_for_small_ones() {
    let server = std::sync::Arc::new(Server::start(&[
        "--workers",
        "2",
        "--timeout",
        "5",
        "--max-body",
        "16M",
        "--heavy-page",
        "1M",
        "--trusted-proxy",
        "127.0.0.1/32",
    ]));
    let huge = std::sync::Arc::new("<div>".repeat(2_000_000).into_bytes());
    let heavy: Vec<_> = (0..3)
        .map(|_| {
            let (server, huge) = (std::sync::Arc::clone(&server), std::sync::Arc::clone(&huge));
            std::thread::spawn(move || {
                let headers = [("Content-Type", "text/html"), ("X-Forwarded-For", "203.0.113.7")];
                server.request("POST", "/v1/all", &headers, &huge).status
            })
        })
        .collect();
    // Their bodies have arrived: one runs, the others wait, a worker is left.
    std::thread::sleep(std::time::Duration::from_millis(800));
    let ready = server.get("/readyz").json();
    assert_eq!(ready["workers_busy"], 1, "{ready}");
    // On Linux it runs at a lower priority, on a thread of its own; ordinary ones do not.
    if cfg!(target_os = "linux") {
        let niceness = threads_niceness(server.child.id());
        // Relative to the server's own (the tests may run niced), 19 at most.
        let (heavy, ordinary): (Vec<_>, Vec<_>) = niceness.iter().partition(|(name, _)| name == "harvest-heavy");
        let base = ordinary[0].1;
        assert!(ordinary.iter().all(|(_, nice)| *nice == base), "{niceness:?}");
        assert_eq!(heavy.len(), 1, "{niceness:?}");
        assert_eq!(heavy[0].1, (base + 10).min(19), "{niceness:?}");
    }
    let asked = std::time::Instant::now();
    let headers = [("Content-Type", "text/html"), ("X-Forwarded-For", "198.51.100.4")];
    let small = server.request("POST", "/v1/mf2", &headers, b"<p class=h-card>Ada</p>");
    assert_eq!(small.status, 200, "{}", small.text());
    assert!(asked.elapsed() < std::time::Duration::from_secs(2), "{:?}", asked.elapsed());
    for request in heavy {
        assert_eq!(request.join().unwrap(), 503, "the huge pages time out");
    }
}

/// The name and niceness of each thread of a process (Linux: `/proc/PID/task/TID/stat`, the
/// name in parentheses, the niceness the 17th field after it).
fn threads_niceness(pid: u32) -> Vec<(String, i64)> {
    let mut threads = Vec::new();
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).unwrap() {
        let Ok(stat) = std::fs::read_to_string(task.unwrap().path().join("stat")) else { continue };
        let (open, close) = (stat.find('(').unwrap(), stat.rfind(')').unwrap());
        let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
        threads.push((stat[open + 1..close].to_owned(), fields[16].parse().unwrap()));
    }
    threads
}

/// Issue 26, item 7: a gzip body is decoded (within --max-body, decoded), other codings are
/// refused; a fetched page that is not HTML or too large is the upstream's fault (502, with
/// its status); 405s list the methods of their path; API answers vary with Accept; a
/// `base_url` is http(s); hyper's own refusals are logged.
#[test]
fn the_smaller_defects() {
    use std::io::Write as _;
    let target = target_server();
    let server =
        Server::start(&["--max-body", "64K", "--allow-address", "127.0.0.1/32", "--fetch-port", port_of(&target)]);
    let page = b"<p class=h-card>Ada</p>";
    let gzip = |bytes: &[u8]| {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    };
    let gzipped =
        server.request("POST", "/v1/mf2", &[("Content-Type", "text/html"), ("Content-Encoding", "gzip")], &gzip(page));
    assert_eq!(gzipped.status, 200, "{}", gzipped.text());
    assert_eq!(gzipped.json()["items"][0]["properties"]["name"][0], "Ada");
    // A bomb: some 10 KB of gzip that decode to 10 MB, past the limit.
    let bomb = gzip(&vec![b' '; 10 << 20]);
    assert!(bomb.len() < 64 << 10);
    let refused =
        server.request("POST", "/v1/mf2", &[("Content-Type", "text/html"), ("Content-Encoding", "gzip")], &bomb);
    assert_eq!(refused.error_code(413), "body-too-large");
    let brotli = server.request("POST", "/v1/mf2", &[("Content-Type", "text/html"), ("Content-Encoding", "br")], page);
    assert_eq!(brotli.error_code(415), "unsupported-encoding");
    let damaged =
        server.request("POST", "/v1/mf2", &[("Content-Type", "text/html"), ("Content-Encoding", "gzip")], page);
    assert_eq!(damaged.error_code(400), "bad-parameter");

    let image = fetch(&server, &format!("http://{target}/image"));
    assert_eq!(image.error_code(502), "fetched-not-html");
    assert_eq!(image.json()["error"]["upstream_status"], 200);
    assert!(image.text().contains("image/png"), "{}", image.text());
    let huge = fetch(&server, &format!("http://{target}/huge"));
    assert_eq!(huge.error_code(502), "fetched-too-large");
    assert_eq!(fetch(&server, &format!("http://{target}/missing")).json()["error"]["upstream_status"], 404);

    for (path, allow) in [("/healthz", "GET, HEAD"), ("/", "GET, HEAD"), ("/v1/mf2", "GET, HEAD, POST")] {
        let answer = server.request("DELETE", path, &[], b"");
        assert_eq!(answer.error_code(405), "method-not-allowed", "{path}");
        assert_eq!(answer.header("allow"), Some(allow), "{path}");
    }
    let vary: Vec<String> = server
        .post("/v1/mf2", page)
        .headers
        .iter()
        .filter(|(name, _)| name == "vary")
        .flat_map(|(_, value)| value.split(',').map(|v| v.trim().to_ascii_lowercase()).collect::<Vec<_>>())
        .collect();
    assert!(vary.contains(&"accept".to_owned()), "{vary:?}");

    let javascript: String = form_urlencoded::byte_serialize(b"javascript:alert(1)").collect();
    assert_eq!(server.post(&format!("/v1/mf2?base_url={javascript}"), page).error_code(400), "bad-parameter");

    let long_uri = format!("GET /v1/mf2?base_url={} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(1 << 20));
    let raw = raw_exchange(&server.address, long_uri.as_bytes());
    let status = String::from_utf8_lossy(&raw[..12.min(raw.len())]).into_owned();
    assert!(status.starts_with("HTTP/1.1 414") || status.starts_with("HTTP/1.1 431"), "{status:?}");
    let big_head = format!("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n", "a".repeat(1 << 20));
    let raw = raw_exchange(&server.address, big_head.as_bytes());
    assert!(raw.starts_with(b"HTTP/1.1 431"), "{:?}", String::from_utf8_lossy(&raw[..12.min(raw.len())]));
    server.wait_for_log("for hyper's 431", |line| line.contains("431 rejected by the HTTP parser"));
}

/// A raw request with this `Host` and these extra header lines; the answer's status and head.
fn with_host(server: &Server, host: &str, extra: &str) -> (u16, String) {
    let page = "<p class=h-card>Ada</p>";
    let request = format!(
        "POST /v1/mf2 HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: text/html\r\n{extra}Content-Length: {}\r\n\r\n{page}",
        page.len()
    );
    let raw = raw_exchange(&server.address, request.as_bytes());
    let head = String::from_utf8_lossy(&raw[..raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap()]).to_lowercase();
    (head[9..12].parse().unwrap(), head)
}

/// Issue 26, item 5: with private addresses allowed, web pages elsewhere must not read
/// through the server: CORS is off unless origins are listed, and only IP-address hosts (or
/// the listed ones) are answered, which defeats DNS rebinding.
#[test]
fn private_access_turns_cors_off_and_checks_the_host() {
    let address_host = |server: &Server| server.address.clone();
    let private = Server::start(&["--allow-address", "127.0.0.1/32"]);
    let (status, head) = with_host(&private, &address_host(&private), "Origin: https://evil.example\r\n");
    assert_eq!(status, 200);
    assert!(!head.contains("access-control-allow-origin"), "{head}");
    let port = private.address.split(':').nth(1).unwrap().to_owned();
    assert_eq!(with_host(&private, &format!("localhost:{port}"), "").0, 200);
    let (status, _) = with_host(&private, &format!("rebound.example:{port}"), "");
    assert_eq!(status, 421, "a DNS-rebinding name is refused");

    let listed = Server::start(&[
        "--allow-private",
        "--cors-origin",
        "https://intranet.example",
        "--allowed-host",
        "harvest.internal",
    ]);
    let (status, head) =
        with_host(&listed, &format!("harvest.internal:{port}"), "Origin: https://intranet.example\r\n");
    assert_eq!(status, 200);
    assert!(head.contains("access-control-allow-origin: https://intranet.example"), "{head}");
    let (_, head) = with_host(&listed, "harvest.internal", "Origin: https://evil.example\r\n");
    assert!(!head.contains("access-control-allow-origin"), "{head}");
    assert_eq!(with_host(&listed, &listed.address.clone(), "").0, 421, "only the listed hosts");

    // Without private access, any origin and any host, as before.
    let public = Server::start(&[]);
    let (status, head) = with_host(&public, "anything.example", "Origin: https://reader.example\r\n");
    assert_eq!(status, 200);
    assert!(head.contains("access-control-allow-origin: *"), "{head}");
}

/// A web server on 127.0.0.1 that answers every request with an h-card page, slowly (so that
/// requests overlap), and counts them.
fn counting_server() -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let count = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = std::sync::Arc::clone(&count);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let counted = std::sync::Arc::clone(&counted);
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut line = String::new();
                while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                    line.clear();
                }
                counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                std::thread::sleep(std::time::Duration::from_millis(300));
                let page = "<div class=h-card><a class='p-name u-url' href=/me>Ada</a></div>";
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{page}",
                    page.len()
                );
            });
        }
    });
    (address, count)
}

/// Issue 26, item 6: the playground's URL mode asked every endpoint at once and the server
/// fetched the page once per request (12 per Run). Now one fetch serves them all.
#[test]
fn a_playground_run_fetches_the_page_once() {
    let (target, fetches) = counting_server();
    let port = port_of(&target);
    let server = std::sync::Arc::new(Server::start(&["--allow-address", "127.0.0.1/32", "--fetch-port", port]));
    let url: String = form_urlencoded::byte_serialize(format!("http://{target}/page").as_bytes()).collect();
    // What the playground asks in one Run: each tab, and the two checks.
    let queries = [
        "mf2?pretty=true",
        "microdata?pretty=true",
        "microdata?format=jsonld&pretty=true",
        "links?pretty=true",
        "all?pretty=true",
        "vcard?",
        "ical?",
        "atom?",
        "rdf?",
        "rdf?format=ttl",
        "mf2?jf2=true&pretty=true",
        "links?feeds=true&pretty=true",
        "microdata?validate=true",
        "links?check=true",
    ];
    let runs: Vec<_> = queries
        .iter()
        .map(|query| {
            let (server, target) = (std::sync::Arc::clone(&server), format!("/v1/{query}&url={url}"));
            std::thread::spawn(move || server.get(&target).status)
        })
        .collect();
    let statuses: Vec<u16> = runs.into_iter().map(|run| run.join().unwrap()).collect();
    assert!(statuses.iter().all(|status| [200, 422].contains(status)), "{statuses:?}");
    assert_eq!(fetches.load(std::sync::atomic::Ordering::SeqCst), 1, "one fetch for the whole run");
    // A second run within the cache's lifetime fetches nothing.
    assert_eq!(server.get(&format!("/v1/mf2?url={url}")).status, 200);
    assert_eq!(fetches.load(std::sync::atomic::Ordering::SeqCst), 1);
    // Without the cache, every request fetches.
    let uncached = Server::start(&["--allow-address", "127.0.0.1/32", "--fetch-cache", "0", "--fetch-port", port]);
    assert_eq!(uncached.get(&format!("/v1/mf2?url={url}")).status, 200);
    assert_eq!(uncached.get(&format!("/v1/links?url={url}")).status, 200);
    assert_eq!(fetches.load(std::sync::atomic::Ordering::SeqCst), 3);
}

/// Opens a POST whose body will come slowly: the head and `sent` bytes of a 100-byte body.
fn trickle(server: &Server, extra: &str, sent: &[u8]) -> std::net::TcpStream {
    use std::io::Write;
    let mut stream = std::net::TcpStream::connect(&server.address).unwrap();
    stream.set_read_timeout(Some(std::time::Duration::from_secs(20))).unwrap();
    write!(stream, "POST /v1/mf2 HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\n{extra}Content-Length: 100\r\n\r\n")
        .unwrap();
    stream.write_all(sent).unwrap();
    stream
}

/// Issue 26, item 4: bodies trickled a byte at a time held request slots until --timeout, so
/// that every other request was answered 503. Now a body is read before it takes a slot, must
/// keep a minimum rate, and one client's requests are bounded on their own.
#[test]
fn slow_bodies_hold_no_slot_and_are_cut_off() {
    use std::time::{Duration, Instant};
    let server = Server::start(&["--max-in-flight", "2", "--min-body-rate", "100", "--timeout", "30"]);
    let slow: Vec<_> = (0..6).map(|_| trickle(&server, "", b"<p>")).collect();
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    let answer = server.post("/v1/mf2", b"<p class=h-card>Ada</p>");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert!(start.elapsed() < Duration::from_secs(1), "{:?}", start.elapsed());
    assert_eq!(server.get("/readyz").json()["status"], "ready");
    // Below 100 bytes per second after 2 seconds: cut off with 408, long before --timeout.
    for mut stream in slow {
        assert_eq!(read_response(&mut stream).error_code(408), "request-timeout");
    }
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
}

#[test]
fn one_client_is_bounded_on_its_own() {
    let server = Server::start(&[
        "--max-in-flight-per-client",
        "2",
        "--max-connections-per-client",
        "8",
        "--trusted-proxy",
        "127.0.0.1/32",
    ]);
    let held: Vec<_> = (0..2).map(|_| trickle(&server, "X-Forwarded-For: 203.0.113.7\r\n", b"<p>")).collect();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let page = b"<p class=h-card>Ada</p>";
    let same =
        server.request("POST", "/v1/mf2", &[("Content-Type", "text/html"), ("X-Forwarded-For", "203.0.113.7")], page);
    assert_eq!(same.error_code(429), "too-many-requests");
    assert_eq!(same.header("retry-after"), Some("1"));
    let other =
        server.request("POST", "/v1/mf2", &[("Content-Type", "text/html"), ("X-Forwarded-For", "198.51.100.4")], page);
    assert_eq!(other.status, 200, "another client is answered");
    drop(held);
    server.wait_for_log("naming the forwarded client", |line| line.starts_with("198.51.100.4 via 127.0.0.1:"));

    // Connections are counted by peer (here: not a trusted proxy).
    let direct = Server::start(&["--max-connections-per-client", "8"]);
    let idle: Vec<_> = (0..8).map(|_| std::net::TcpStream::connect(&direct.address).unwrap()).collect();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let mut ninth = std::net::TcpStream::connect(&direct.address).unwrap();
    ninth.set_read_timeout(Some(std::time::Duration::from_secs(5))).unwrap();
    let mut byte = [0u8; 1];
    assert!(matches!(std::io::Read::read(&mut ninth, &mut byte), Ok(0) | Err(_)), "the ninth is closed");
    drop(idle);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(direct.get("/healthz").status, 200);

    let limited = Server::start(&["--rate-per-client", "1"]);
    let statuses: Vec<u16> = (0..3).map(|_| limited.post("/v1/mf2", page).status).collect();
    assert_eq!(statuses, [200, 200, 429], "a burst of twice the rate, then 429");
}

#[test]
fn readiness_reports_saturation() {
    let target = target_server();
    let server = Server::start(&[
        "--max-in-flight",
        "1",
        "--allow-address",
        "127.0.0.1/32",
        "--fetch-timeout",
        "20",
        "--fetch-port",
        port_of(&target),
    ]);
    let ready = server.get("/readyz");
    assert_eq!(ready.status, 200);
    assert_eq!(ready.json()["status"], "ready");
    assert_eq!(ready.json()["max_in_flight"], 1);
    let address = server.address.clone();
    let url: String = form_urlencoded::byte_serialize(format!("http://{target}/hang").as_bytes()).collect();
    let hanging = std::thread::spawn(move || {
        let mut stream = std::net::TcpStream::connect(&address).unwrap();
        std::io::Write::write_all(
            &mut stream,
            format!("GET /v1/mf2?url={url} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").as_bytes(),
        )
        .unwrap();
        std::thread::sleep(std::time::Duration::from_secs(2));
    });
    std::thread::sleep(std::time::Duration::from_millis(500));
    let saturated = server.get("/readyz");
    assert_eq!(saturated.status, 503);
    assert_eq!(saturated.json()["status"], "saturated");
    assert_eq!(saturated.json()["in_flight"], 1);
    assert_eq!(server.get("/healthz").status, 200, "alive all the same");
    hanging.join().unwrap();
}

/// From the issue's "also expected": /version, a switch to turn ?url= off, the fetches'
/// User-Agent.
#[test]
fn version_no_fetch_and_user_agent() {
    let server = Server::start(&["--no-fetch"]);
    let version = server.get("/version");
    assert_eq!(version.status, 200);
    assert_eq!(version.json()["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(server.get("/v1/mf2?url=http://example.com/").error_code(403), "fetching-off");
    assert_eq!(server.post("/v1/mf2", b"<p class=h-card>Ada</p>").status, 200, "POST still works");

    // The User-Agent a fetch sends: a server on 127.0.0.1 that writes it back as the page.
    use std::io::{BufRead, BufReader, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let target = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut agent = String::new();
        let mut line = String::new();
        while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
            if let Some(value) = line.to_ascii_lowercase().strip_prefix("user-agent:") {
                agent = value.trim().to_owned();
            }
            line.clear();
        }
        let page = format!("<p class=h-card>{agent}</p>");
        let mut stream = stream;
        let _ = write!(
            stream,
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{page}",
            page.len()
        );
    });
    let port = target.port().to_string();
    let fetching =
        Server::start(&["--allow-address", "127.0.0.1/32", "--user-agent", "ExampleBot/1.0", "--fetch-port", &port]);
    let answer = fetching.get(&format!("/v1/mf2?url=http://{target}/"));
    assert_eq!(answer.json()["items"][0]["properties"]["name"][0], "examplebot/1.0");
}

/// Form-encoded POSTs, as XRay, pin13 and php-mf2's service take them: `html=` or `url=`,
/// with the endpoint's parameters in the form too.
#[test]
fn form_posts_give_html_or_url() {
    let target = target_server();
    let server = Server::start(&["--allow-address", "127.0.0.1/32", "--fetch-port", port_of(&target)]);
    let form = |pairs: &[(&str, &str)]| {
        let mut serializer = form_urlencoded::Serializer::new(String::new());
        for (name, value) in pairs {
            serializer.append_pair(name, value);
        }
        serializer.finish().into_bytes()
    };
    let post = |path: &str, body: &[u8]| {
        server.request("POST", path, &[("Content-Type", "application/x-www-form-urlencoded")], body)
    };
    let html = form(&[
        ("html", "<p class=h-card><a class='p-name u-url' href=/me>Ada</a></p>"),
        ("base_url", "https://ada.example/"),
    ]);
    let answer = post("/v1/mf2", &html);
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.json()["items"][0]["properties"]["url"][0], "https://ada.example/me");
    let jf2 = post("/v1/mf2?jf2", &html).json();
    assert_eq!(jf2["type"], "card", "{jf2}");
    let by_url = post("/v1/mf2", &form(&[("url", &format!("http://{target}/page"))]));
    assert_eq!(by_url.status, 200, "{}", by_url.text());
    assert_eq!(by_url.json()["items"][0]["properties"]["name"][0], "Ada");
    assert_eq!(post("/v1/mf2", &form(&[("lang", "true")])).error_code(400), "bad-parameter");
    assert_eq!(post("/v1/mf2", &form(&[("html", "<p>"), ("bogus", "1")])).error_code(400), "bad-parameter");
}

/// Requests whose clients leave while they wait for a worker are passed over: their
/// extractions never run, and the worker goes to the next request still waiting. One worker,
/// held by a page that runs until `--timeout`; behind it, eight clients send a page and hang up,
/// and one more waits for its answer.
#[test]
fn requests_abandoned_while_waiting_never_run() {
    use std::io::Write;
    let server = std::sync::Arc::new(Server::start(&["--workers", "1", "--timeout", "3", "--metrics"]));
    let holder = {
        let server = std::sync::Arc::clone(&server);
        std::thread::spawn(move || server.post("/v1/all", "<div>".repeat(2_000_000).as_bytes()).status)
    };
    std::thread::sleep(std::time::Duration::from_millis(500));
    let page = b"<p class=h-card>Ada</p>";
    for _ in 0..8 {
        let mut stream = std::net::TcpStream::connect(&server.address).unwrap();
        let head = format!(
            "POST /v1/mf2 HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: {}\r\n\r\n",
            page.len()
        );
        stream.write_all(&[head.as_bytes(), page].concat()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // The eight have hung up (their streams dropped above); this one waits.
    let waiting = server.post("/v1/mf2", page);
    assert_eq!(waiting.status, 200, "{}", waiting.text());
    assert_eq!(holder.join().unwrap(), 503, "the huge page times out");
    let metrics = server.get("/metrics").text();
    let ran = metrics
        .lines()
        .find_map(|line| line.strip_prefix("harvest_serve_extraction_seconds_count "))
        .unwrap_or_else(|| panic!("{metrics}"));
    assert_eq!(ran, "2", "only the huge page and the waiting request ran");
    let ready = server.get("/readyz").json();
    assert_eq!((ready["workers_busy"].as_u64(), ready["in_flight"].as_u64()), (Some(0), Some(0)), "{ready}");
}

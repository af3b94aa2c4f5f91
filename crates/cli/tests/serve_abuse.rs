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
    // The reproduction, as written: the url need not resolve.
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
    assert!(server.log.lock().unwrap().iter().any(|line| line.contains("\"GET /v1/mf2\" 400")));
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
    assert!(server.log.lock().unwrap().iter().any(|line| line.contains("cut short") && line.contains("--max-output")));
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

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

//! The access log, one line per request on stderr.
//!
//! Each line says the request's id ([`super::request_id`]); the answer carries it in
//! `X-Request-Id`, JSON errors in `error.request_id`.
//!
//! `--access-log text` (the default) writes
//! `127.0.0.1:50312 "POST /v1/vcard" 200 1.0ms id=3f0c…` (`error=CODE` after an error answer);
//! `--access-log json` writes one JSON object per line, with the time. The path is written
//! without its query string, which may hold the addresses people ask about.

use super::errors::ErrorAnswer;
use super::{request_id, Client, State};
use axum::http::HeaderValue;
use axum::Router;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Instant, SystemTime};

/// The most bytes of a request's method the access log writes (the longest standard method,
/// `OPTIONS`, has 7).
const MAX_LOGGED_METHOD: usize = 16;
/// The most bytes of a request's path the access log writes.
const MAX_LOGGED_PATH: usize = 256;

/// `text` cut to at most `max` bytes (at a character boundary), with `…` when cut.
fn capped(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// The access log's format (`--access-log`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// `client "METHOD /path" status time id=… [error=…]`.
    Text,
    /// One JSON object per line.
    Json,
}

/// Runs a request through the router, counts it in `/metrics`, and writes its access-log line.
pub(crate) async fn logged(
    router: Router,
    peer: SocketAddr,
    state: &State,
    mut request: hyper::Request<hyper::body::Incoming>,
) -> axum::response::Response {
    use tower::ServiceExt;
    let start = Instant::now();
    let _in_flight = state.metrics.begin();
    let forwarded: Vec<&str> =
        request.headers().get_all("x-forwarded-for").iter().filter_map(|value| value.to_str().ok()).collect();
    let client = state.clients.client(peer.ip(), &forwarded);
    let id = state.request_ids.for_request(request.headers().get("x-request-id"));
    request.extensions_mut().insert(Client(client));
    // At most MAX_LOGGED_METHOD and MAX_LOGGED_PATH bytes of each: a client's method and
    // path can be as long as hyper's head buffer, and each request writes a line.
    let request_method = request.method().clone();
    let method = capped(request_method.as_str(), MAX_LOGGED_METHOD);
    // The path only: query strings can hold the addresses people ask about.
    let path = request.uri().path().to_owned();
    let answer = request_id::scope(Arc::clone(&id), router.oneshot(request.map(axum::body::Body::new)));
    let mut response = match answer.await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert("x-request-id", value);
    }
    let elapsed = start.elapsed();
    let status = response.status().as_u16();
    let error = response.extensions().get::<ErrorAnswer>().copied();
    let metrics = &state.metrics;
    metrics.answered(
        super::metrics::endpoint_label(&path),
        super::metrics::method_label(&request_method),
        status,
        elapsed,
    );
    let path = capped(&path, MAX_LOGGED_PATH);
    if let Some(error) = error {
        metrics.error(error.code);
        if let Some(reason) = error.rejection {
            metrics.rejected(reason);
        }
    }
    let milliseconds = elapsed.as_secs_f64() * 1000.0;
    let line = match state.settings.access_log {
        Format::Text => {
            let who = match client == peer.ip() {
                true => peer.to_string(),
                false => format!("{client} via {peer}"),
            };
            let error = error.map(|e| format!(" error={}", e.code)).unwrap_or_default();
            format!(
                "{who} \"{} {}\" {status} {milliseconds:.1}ms id={id}{error}",
                method.escape_debug(),
                path.escape_debug()
            )
        }
        Format::Json => {
            let mut line = serde_json::json!({
                "time": rfc3339(SystemTime::now()),
                "request_id": id.as_ref(),
                "client": client.to_string(),
                "peer": peer.to_string(),
                "method": method,
                "path": path,
                "status": status,
                "ms": (milliseconds * 10.0).round() / 10.0,
            });
            if let Some(error) = error {
                line["error"] = error.code.into();
            }
            line.to_string()
        }
    };
    eprintln!("{line}");
    response
}

/// Writes the access-log line of a request hyper refused before the router saw it (a head
/// too large, a URI too long, a malformed request): hyper answers those itself, 431, 414 or
/// 400 with no body, and closes the connection; and of a connection closed because its client
/// stopped reading ([`super::stall`]). Counted in `/metrics` as rejections.
pub(crate) fn log_rejection(state: &State, peer: SocketAddr, error: &hyper::Error) {
    if stalled(error) {
        state.metrics.rejected("write-stall");
        let message = format!("closed: the client read nothing for {} s (--timeout)", state.settings.timeout);
        match state.settings.access_log {
            Format::Text => eprintln!("{peer} \"-\" - {message}"),
            Format::Json => eprintln!(
                "{}",
                serde_json::json!({
                    "time": rfc3339(SystemTime::now()),
                    "peer": peer.to_string(),
                    "error": "write-stall",
                    "message": message,
                })
            ),
        }
        return;
    }
    if !(error.is_parse() || error.is_parse_too_large()) {
        return;
    }
    let text = error.to_string();
    let (status, reason) = match (error.is_parse_too_large(), text.contains("URI")) {
        (true, true) => (414, "uri-too-long"),
        (true, false) => (431, "headers-too-large"),
        (false, _) => (400, "malformed-request"),
    };
    state.metrics.rejected(reason);
    match state.settings.access_log {
        Format::Text => eprintln!("{peer} \"-\" {status} rejected by the HTTP parser: {}", text.escape_debug()),
        Format::Json => eprintln!(
            "{}",
            serde_json::json!({
                "time": rfc3339(SystemTime::now()),
                "peer": peer.to_string(),
                "status": status,
                "error": reason,
                "message": format!("rejected by the HTTP parser: {text}"),
            })
        ),
    }
}

/// Whether a connection ended because a write to its client stalled.
fn stalled(error: &hyper::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(error);
    while let Some(current) = cause {
        if current.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::TimedOut) {
            return true;
        }
        cause = current.source();
    }
    false
}

/// `2026-11-27T08:32:46.123Z`: RFC 3339 in UTC, to the millisecond.
fn rfc3339(time: SystemTime) -> String {
    let (seconds, nanos) = harvest_datetime::civil::unix_seconds(time);
    harvest_datetime::civil::utc_date_time(seconds, Some(nanos / 1_000_000))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn times_are_rfc3339() {
        assert_eq!(rfc3339(SystemTime::UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        let leap_day = SystemTime::UNIX_EPOCH + Duration::from_millis(1_709_210_096_789);
        assert_eq!(rfc3339(leap_day), "2024-02-29T12:34:56.789Z");
        let end_of_century = SystemTime::UNIX_EPOCH + Duration::from_secs(4_102_444_799);
        assert_eq!(rfc3339(end_of_century), "2099-12-31T23:59:59.000Z");
    }
}

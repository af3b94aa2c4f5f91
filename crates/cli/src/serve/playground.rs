//! The playground: one page, its stylesheet and its script, compiled into the binary so the
//! server works offline and loads nothing from elsewhere (its Content-Security-Policy allows
//! only its own origin).

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("playground/index.html");
const STYLESHEET: &str = include_str!("playground/playground.css");
const SCRIPT: &str = include_str!("playground/playground.js");

/// Everything the page loads comes from the server itself; nothing runs inline.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
                      img-src 'self' data:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

fn asset(content_type: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], text).into_response()
}

/// `GET /`.
pub(crate) async fn index() -> Response {
    let mut response = asset("text/html; charset=utf-8", INDEX);
    if let Ok(policy) = header::HeaderValue::from_str(POLICY) {
        response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    response
}

/// `GET /playground.css`.
pub(crate) async fn stylesheet() -> Response {
    asset("text/css; charset=utf-8", STYLESHEET)
}

/// `GET /playground.js`.
pub(crate) async fn script() -> Response {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

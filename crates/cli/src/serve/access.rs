//! Who may use the server from a browser: CORS, and the `Host` names it answers to.
//!
//! A server that fetches only public addresses serves nothing a stranger could not fetch
//! themselves, so any web page may call it (`Access-Control-Allow-Origin: *`). With
//! `--allow-private` or `--allow-address` it can reach internal pages; then a page on the
//! internet, opened by someone on the internal network, could read them through it:
//!
//! * with CORS, by calling it directly: so CORS is off (no `Access-Control-Allow-Origin`)
//!   unless `--cors-origin` lists the origins allowed;
//! * without CORS, by DNS rebinding (its own name made to resolve to the server, so that the
//!   browser sees one origin): so the `Host` of every request must be one of `--allowed-host`,
//!   or, without that list, an IP address or `localhost` (what a rebinding name never is).

use super::errors::{ApiError, Kind};
use super::ServeArgs;
use axum::extract::Request;
use axum::http::{header, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// `X-Request-Id`, sent and answered ([`super::log`]).
fn request_id() -> header::HeaderName {
    header::HeaderName::from_static("x-request-id")
}

/// Whether the server can fetch non-public addresses.
pub(crate) fn reaches_private(settings: &ServeArgs) -> bool {
    settings.allow_private || !settings.allow_address.is_empty()
}

/// The CORS layer, if browser pages from elsewhere may call the API.
pub(crate) fn cors(settings: &ServeArgs) -> Option<CorsLayer> {
    let origins = &settings.cors_origin;
    let allow = if origins.iter().any(|origin| origin == "*") {
        AllowOrigin::any()
    } else if !origins.is_empty() {
        AllowOrigin::list(origins.iter().filter_map(|origin| HeaderValue::from_str(origin).ok()))
    } else if reaches_private(settings) {
        return None;
    } else {
        AllowOrigin::any()
    };
    Some(
        CorsLayer::new()
            .allow_origin(allow)
            .allow_methods([Method::GET, Method::POST])
            .allow_headers([header::CONTENT_TYPE, header::ACCEPT, request_id()])
            // So that a page's script can read the id of an answer (to report an error).
            .expose_headers([request_id()])
            .max_age(Duration::from_secs(86_400)),
    )
}

/// The `Host` names the server answers to.
#[derive(Debug, Clone)]
pub(crate) enum Hosts {
    /// Any.
    Any,
    /// IP addresses and `localhost` only (private access without a list).
    AddressesOnly,
    /// These (`name` for any port, `name:port` for one).
    Listed(Vec<String>),
}

impl Hosts {
    pub(crate) fn from_settings(settings: &ServeArgs) -> Hosts {
        if !settings.allowed_host.is_empty() {
            Hosts::Listed(settings.allowed_host.iter().map(|host| host.to_ascii_lowercase()).collect())
        } else if reaches_private(settings) {
            Hosts::AddressesOnly
        } else {
            Hosts::Any
        }
    }

    /// Whether a request with this `Host` (as sent) is answered.
    pub(crate) fn allows(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        let name = match host.rsplit_once(':') {
            // `[::1]:8080`, `name:8080`; a bare IPv6 address has no brackets in Host.
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) && !name.ends_with(':') => name,
            _ => host.as_str(),
        };
        match self {
            Hosts::Any => true,
            Hosts::AddressesOnly => {
                name == "localhost"
                    || name.parse::<std::net::Ipv4Addr>().is_ok()
                    || name
                        .strip_prefix('[')
                        .and_then(|n| n.strip_suffix(']'))
                        .is_some_and(|n| n.parse::<std::net::Ipv6Addr>().is_ok())
            }
            Hosts::Listed(hosts) => hosts.iter().any(|allowed| *allowed == host || *allowed == name),
        }
    }
}

/// Refuses a request whose `Host` the server does not answer to (421).
pub(crate) async fn check_host(hosts: Hosts, request: Request, next: Next) -> Response {
    // RFC 9112 §3.2: a request with more than one Host field line is answered 400 (two
    // hosts would let a proxy and this server disagree on which one was asked).
    if request.headers().get_all(header::HOST).iter().nth(1).is_some() {
        return ApiError::new(Kind::BadParameter, "the request has more than one Host header").into_response();
    }
    let host = request.headers().get(header::HOST).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if !hosts.allows(host) {
        let message = format!("this server does not answer to the host {host:?} (--allowed-host)");
        return ApiError::new(Kind::UnknownHost, message).into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::Hosts;

    #[test]
    fn hosts() {
        assert!(Hosts::Any.allows("rebound.example"));
        let addresses = Hosts::AddressesOnly;
        for host in ["127.0.0.1:8080", "10.0.0.5", "[::1]:80", "localhost:8080", "LOCALHOST"] {
            assert!(addresses.allows(host), "{host}");
        }
        for host in ["rebound.example", "rebound.example:8080", "127.0.0.1.nip.io", "", "[::1"] {
            assert!(!addresses.allows(host), "{host}");
        }
        let listed = Hosts::Listed(vec!["harvest.internal".into(), "api.example:8443".into()]);
        assert!(listed.allows("harvest.internal:8080") && listed.allows("Harvest.Internal"));
        assert!(listed.allows("api.example:8443") && !listed.allows("api.example:80"));
        assert!(!listed.allows("127.0.0.1"));
    }
}

//! `http(s)://` inputs, fetched when the `http` feature is on, and [`FetchError`], why one
//! could not be (the source of an [`InputError::Fetch`](crate::input::InputError::Fetch)).

use crate::Page;

/// Why a web address could not be fetched: the source of an
/// [`InputError::Fetch`](crate::input::InputError::Fetch), which names the address.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FetchError {
    /// The request failed, or reading its response did: no connection, a TLS failure, an HTTP
    /// error status (4xx, 5xx), too many redirects, the time limit. Kept as the HTTP client's
    /// error.
    #[cfg(feature = "http")]
    #[error("{0}")]
    Request(#[source] ureq::Error),
    /// The response body is larger than the most that is read: a page that large is refused,
    /// not truncated.
    #[error("the response body is over the limit of {limit} bytes")]
    BodyTooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
    /// This build has no web access (the `http` feature is off). A build with it never gives
    /// this; the variant is there either way, so that matching on it compiles in both.
    #[error("this harvest was built without web access; rebuild with `--features http`")]
    NoWebAccess,
}

/// Most redirects followed before giving up.
#[cfg(feature = "http")]
const MAX_REDIRECTS: u32 = 5;
/// Time allowed for a whole fetch.
#[cfg(feature = "http")]
const TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);
/// Largest body read; larger pages are an error, not a truncation.
#[cfg(feature = "http")]
const MAX_BODY: u64 = 50 * 1024 * 1024;

/// Fetches a page; the final URL after redirects is the page URL. A proxy named by the
/// environment (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`, `NO_PROXY`) is used, as by any client.
#[cfg(feature = "http")]
pub(crate) fn fetch(url: &str) -> Result<Page, FetchError> {
    fetch_with(&agent(ureq::Proxy::try_from_env()), url)
}

/// The client of [`fetch`], through `proxy` if any.
#[cfg(feature = "http")]
fn agent(proxy: Option<ureq::Proxy>) -> ureq::Agent {
    ureq::Agent::config_builder()
        .proxy(proxy)
        .max_redirects(MAX_REDIRECTS)
        .timeout_global(Some(TIMEOUT))
        .http_status_as_error(true)
        .build()
        .into()
}

#[cfg(feature = "http")]
fn fetch_with(agent: &ureq::Agent, url: &str) -> Result<Page, FetchError> {
    use ureq::ResponseExt;
    let mut response = agent.get(url).call().map_err(FetchError::Request)?;
    let final_url = response.get_uri().to_string();
    let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok());
    let charset = crate::media_type::MediaType::parse(content_type.unwrap_or_default()).charset;
    let bytes = response.body_mut().with_config().limit(MAX_BODY).read_to_vec().map_err(|error| match error {
        ureq::Error::BodyExceedsLimit(_) => FetchError::BodyTooLarge { limit: MAX_BODY },
        other => FetchError::Request(other),
    })?;
    let status = Some(response.status().as_u16());
    Ok(Page::new(url, bytes, Some(&final_url)).charset(charset).status(status))
}

/// Without the `http` feature, web addresses are refused with a clear message.
#[cfg(not(feature = "http"))]
pub(crate) fn fetch(_url: &str) -> Result<Page, FetchError> {
    Err(FetchError::NoWebAccess)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::InputError;
    use std::error::Error as _;

    /// A fetch from a port of 127.0.0.1 that nothing listens on (bound, then let go) fails
    /// with the client's error kept as the source. No proxy is used, whatever the
    /// environment says: nothing leaves the machine.
    #[cfg(feature = "http")]
    #[test]
    fn a_refused_connection_keeps_its_cause() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/page", listener.local_addr().unwrap());
        drop(listener);
        let error = fetch_with(&agent(None), &url).unwrap_err();
        assert!(matches!(error, FetchError::Request(_)), "{error:?}");
        let cause = error.source().expect("the client's error is the source");
        assert!(cause.downcast_ref::<ureq::Error>().is_some());
        let said = error.to_string();
        assert_eq!(said, cause.to_string());
        // Read as an input, the address comes first, then the cause, once.
        let input = InputError::Fetch { url: url.clone(), source: error };
        assert_eq!(input.to_string(), format!("{url}: {said}"));
        assert!(input.source().and_then(|s| s.downcast_ref::<FetchError>()).is_some());
    }

    /// Without the feature nothing is fetched, and the message says how to get web access.
    #[cfg(not(feature = "http"))]
    #[test]
    fn without_web_access_the_message_says_how() {
        use crate::input::{read, Source};
        let mut pages = read(&Source::Url("https://example.com/".to_owned()), None);
        let Some(Err(error)) = pages.next() else { panic!("a fetch error") };
        assert!(matches!(&error, InputError::Fetch { source: FetchError::NoWebAccess, .. }), "{error:?}");
        assert_eq!(
            error.to_string(),
            "https://example.com/: this harvest was built without web access; rebuild with `--features http`"
        );
        assert!(error.source().is_some());
    }

    #[test]
    fn the_size_limit_is_said() {
        let error =
            InputError::Fetch { url: "https://e.example/".to_owned(), source: FetchError::BodyTooLarge { limit: 10 } };
        assert_eq!(error.to_string(), "https://e.example/: the response body is over the limit of 10 bytes");
    }
}

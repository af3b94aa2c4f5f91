//! `http(s)://` inputs, fetched when the `http` feature is on.

use crate::Page;

/// A web address that could not be fetched (an [`crate::input::InputError::Fetch`] to the
/// reader of inputs).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{url}: {reason}")]
pub(crate) struct FetchError {
    /// The address.
    pub(crate) url: String,
    /// What went wrong.
    pub(crate) reason: String,
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

/// Fetches a page; the final URL after redirects is the page URL.
#[cfg(feature = "http")]
pub(crate) fn fetch(url: &str) -> Result<Page, FetchError> {
    use ureq::ResponseExt;
    let error = |reason: String| FetchError { url: url.to_owned(), reason };
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .max_redirects(MAX_REDIRECTS)
        .timeout_global(Some(TIMEOUT))
        .http_status_as_error(true)
        .build()
        .into();
    let mut response = agent.get(url).call().map_err(|e| error(e.to_string()))?;
    let final_url = response.get_uri().to_string();
    let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok());
    let charset = crate::media_type::MediaType::parse(content_type.unwrap_or_default()).charset;
    let bytes = response
        .body_mut()
        .with_config()
        .limit(MAX_BODY)
        .read_to_vec()
        .map_err(|e| error(format!("{e} (bodies over {MAX_BODY} bytes are refused)")))?;
    let status = Some(response.status().as_u16());
    Ok(Page::new(url, bytes, Some(&final_url)).charset(charset).status(status))
}

/// Without the `http` feature, web addresses are refused with a clear message.
#[cfg(not(feature = "http"))]
pub(crate) fn fetch(url: &str) -> Result<Page, FetchError> {
    Err(FetchError {
        url: url.to_owned(),
        reason: "this harvest was built without web access; rebuild with `--features http`".to_owned(),
    })
}

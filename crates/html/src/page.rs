//! One page to extract from, with what is known of it: the input of every extraction, read
//! by `harvest_pipeline` from files, archives and fetches or built by a caller.

use harvest_dom::{Url, UrlErrorReason};
use serde::Serialize;
use thiserror::Error;

/// One page to extract from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Page {
    /// Where it came from, for messages and records (a path, `-`, a WARC target URI, a URL).
    pub label: String,
    /// The page's raw bytes.
    #[serde(skip)]
    pub bytes: Vec<u8>,
    /// The page's own URL, when known (WARC target URI, fetched URL, a given base URL).
    pub url: Option<String>,
    /// The charset label from the transport layer (HTTP `Content-Type`), when known.
    pub charset: Option<String>,
    /// The HTTP status of the response the page came in (WARC response records, fetches).
    pub status: Option<u16>,
    /// Where the page was found in a WARC archive (record ID, date, offset and length, HTTP
    /// `Content-Type`), for pages read from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warc: Option<WarcOrigin>,
}

impl Page {
    /// Sets [`Page::charset`](Page#structfield.charset).
    #[must_use]
    pub fn charset(mut self, charset: Option<String>) -> Self {
        self.charset = charset;
        self
    }

    /// Sets [`Page::status`](Page#structfield.status).
    #[must_use]
    pub fn status(mut self, status: Option<u16>) -> Self {
        self.status = status;
        self
    }

    /// Sets [`Page::warc`](Page#structfield.warc).
    #[must_use]
    pub fn warc(mut self, warc: Option<WarcOrigin>) -> Self {
        self.warc = warc;
        self
    }
}

impl Page {
    /// A page of `bytes` named `label`, with its URL if known and nothing else.
    ///
    /// ```
    /// let page = harvest_html::Page::new("-", b"<p>hi".to_vec(), Some("https://example.com/"));
    /// assert_eq!(page.url.as_deref(), Some("https://example.com/"));
    /// assert_eq!(page.charset, None);
    /// ```
    pub fn new(label: &str, bytes: Vec<u8>, url: Option<&str>) -> Page {
        Page { label: label.to_owned(), bytes, url: url.map(str::to_owned), charset: None, status: None, warc: None }
    }
}

/// A page's URL given by a user (the command's `--base-url`, Python's `base_url=`, the
/// server's `base_url`), checked when it is made: an absolute URL. The front ends make one
/// before reading any page, and give the page the URL as written ([`BaseUrl::as_str`]: the
/// microformats2 JSON resolves an empty `href` to it as written).
///
/// ```
/// use harvest_html::BaseUrl;
/// let url = BaseUrl::parse("HTTPS://example.com/a")?;
/// assert_eq!(url.as_str(), "HTTPS://example.com/a");
/// assert_eq!(url.url().as_str(), "https://example.com/a");
/// let error = BaseUrl::parse("not a url").unwrap_err();
/// assert_eq!(error.to_string(), "\"not a url\" is not an absolute URL: relative URL without a base");
/// # Ok::<(), harvest_html::BaseUrlError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrl {
    written: String,
    parsed: Url,
}

impl BaseUrl {
    /// The URL `url` is (WHATWG URL parsing), or why it is not an absolute URL.
    pub fn parse(url: &str) -> Result<BaseUrl, BaseUrlError> {
        match Url::parse(url) {
            Ok(parsed) => Ok(BaseUrl { written: url.to_owned(), parsed }),
            Err(error) => Err(BaseUrlError { url: url.to_owned(), reason: UrlErrorReason::Invalid(error) }),
        }
    }

    /// The URL as it was written.
    pub fn as_str(&self) -> &str {
        &self.written
    }

    /// The URL as parsed (serialized by the URL Standard: `https://example.com/`).
    pub fn url(&self) -> &Url {
        &self.parsed
    }
}

/// Why a [`BaseUrl`] is not one: the value is not an absolute URL.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{url:?} is not an absolute URL: {reason}")]
#[non_exhaustive]
pub struct BaseUrlError {
    /// The value given.
    pub url: String,
    /// What the URL parser said.
    #[source]
    pub reason: UrlErrorReason,
}

/// Where a page was found in its archive, and what its record says of it: what a pipeline
/// needs to trace a page back to its record, fetch the record again, and deduplicate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct WarcOrigin {
    /// The record's number in the archive (the first is 1).
    pub record: u64,
    /// `WARC-Record-ID`, as written (`<urn:uuid:...>`).
    pub record_id: Option<String>,
    /// `WARC-Date`, as written (`2026-01-01T12:00:00Z`); an ARC record's archive date in the
    /// same form.
    pub date: Option<String>,
    /// `WARC-IP-Address`, as written: the address the record was fetched from (an ARC
    /// record's IP address).
    pub ip: Option<String>,
    /// Where the record starts in the archive file: its first byte in a plain archive, its
    /// gzip member's first byte in a `.warc.gz` (what CDX indexes call the offset).
    pub offset: u64,
    /// How many bytes of the archive file the record takes, from `offset` to where the next
    /// record starts (in a `.warc.gz`, its gzip members: what CDX indexes call the length);
    /// `None` when the record shares a gzip member with the next one.
    pub length: Option<u64>,
    /// The `Content-Type` of the HTTP response, as written (of the record itself for a
    /// `resource` record); `None` when it has none.
    pub content_type: Option<String>,
    /// `WARC-Truncated`, when the crawler cut the record short (`length`, `time`...).
    pub truncated: Option<String>,
    /// The HTTP body ends before its coding does (a gzip, deflate or brotli stream, or chunks,
    /// cut short): the page is what decoded, as warcio gives it, instead of no page.
    pub body_truncated: bool,
}

impl WarcOrigin {
    /// The origin of record number `record` (the first is 1) starting at byte `offset` of its
    /// archive, nothing else known yet: its reader fills in the rest.
    ///
    /// ```
    /// let origin = harvest_html::WarcOrigin::new(3, 1024);
    /// assert_eq!((origin.record, origin.offset, origin.length), (3, 1024, None));
    /// ```
    pub fn new(record: u64, offset: u64) -> WarcOrigin {
        WarcOrigin {
            record,
            record_id: None,
            date: None,
            ip: None,
            offset,
            length: None,
            content_type: None,
            truncated: None,
            body_truncated: false,
        }
    }
}

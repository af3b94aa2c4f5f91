//! One page to extract from, with what is known of it: the input of every extraction, read
//! by `harvest_pipeline` from files, archives and fetches or built by a caller.

use serde::Serialize;

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

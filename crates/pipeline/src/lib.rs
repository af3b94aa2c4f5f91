#![doc = include_str!("../README.md")]
//!
//! Pages in, records out: what every harvest front end (the `harvest` command, the Python
//! package) needs before and around extraction. The front ends extract through `harvest_html`,
//! the front door, which runs this crate's [`extract`] machinery; they take their pages from
//! here.
//!
//! * [`Page`]: one page's bytes with what is known of it (URL, transport charset, HTTP status,
//!   where it was found in a WARC archive).
//! * [`input`]: files, standard input, directories, WARC and ARC archives (told by their
//!   content) and (feature `http`) web addresses, turned into pages as a stream.
//! * [`warc`]: WARC and ARC records and the HTML pages among them, read record by record,
//!   keeping every good record of a damaged archive; [`warc::sniff`] tells an archive by its
//!   first bytes.
//! * [`extract`]: what to extract with its options ([`extract::Extraction`]), run on a page:
//!   the one place the extractor and exporter crates are called (front ends reach it through
//!   `harvest_html`).
//! * [`check`]: a page's structured data checked against schema.org and the search features.
//! * [`jsonld_blocks`]: the page's JSON-LD blocks.
//! * [`media_type`]: a `Content-Type`'s essence and charset.
//! * [`address`]: which IP addresses a service fetching pages for others may connect to.
//! * [`pretty`]: indenting the compact JSON the extractions write.
//!
//! ```
//! use harvest_pipeline::input::{expand, read};
//! let sources = expand(&["../../examples/blog.html".to_owned()], None).unwrap();
//! let page = read(&sources[0], Some("https://ada.example.org/")).next().unwrap().unwrap();
//! assert_eq!(page.url.as_deref(), Some("https://ada.example.org/"));
//! assert!(page.bytes.starts_with(b"<!DOCTYPE html>"));
//! ```

#![deny(missing_docs)]

pub mod address;
pub mod check;
mod error;
pub mod extract;
mod extractors;
mod fetch;
pub mod graph;
pub mod input;
mod json;
pub mod jsonld_blocks;
mod limits;
pub mod media_type;
mod options;
pub mod pretty;
pub mod warc;

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
    pub warc: Option<warc::WarcOrigin>,
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
    pub fn warc(mut self, warc: Option<warc::WarcOrigin>) -> Self {
        self.warc = warc;
        self
    }
}

impl Page {
    /// A page of `bytes` named `label`, with its URL if known and nothing else.
    ///
    /// ```
    /// let page = harvest_pipeline::Page::new("-", b"<p>hi".to_vec(), Some("https://example.com/"));
    /// assert_eq!(page.url.as_deref(), Some("https://example.com/"));
    /// assert_eq!(page.charset, None);
    /// ```
    pub fn new(label: &str, bytes: Vec<u8>, url: Option<&str>) -> Page {
        Page { label: label.to_owned(), bytes, url: url.map(str::to_owned), charset: None, status: None, warc: None }
    }
}

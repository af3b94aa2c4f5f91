//! The HTML pages among an archive's records, each with where it was found.
//!
//! A page is every `response` record of an HTTP(S) URI whose response is HTML, and every
//! `resource` record of an HTML type (WARC 1.1, "'response'" and "'resource'"). Whether a
//! body is HTML is its `Content-Type`, or its sniffed type where it has none
//! ([`super::http`]). A `response` record that should give a page and cannot (its block is
//! not an HTTP response, its body does not decode, is too large decoded, has no type and does
//! not look like HTML, is one segment of several) is never dropped: it is reported as
//! [`WarcError::Skipped`] with the reason, and counted ([`WarcCounts`]).

use super::http::{self, SkipReason};
use super::{WarcError, WarcRecord, WarcRecords, DEFAULT_MAX_BLOCK_BYTES};
use crate::media_type::MediaType;
use crate::Page;
pub use harvest_html::WarcOrigin;
use serde::Serialize;
use std::io::Read;
use std::path::Path;

/// The origin of the page in `record` as far as its WARC header tells it (its HTTP
/// `Content-Type` and whether its body was cut short are set once the body is read).
fn origin_of(record: &WarcRecord) -> WarcOrigin {
    let field = |name: &str| record.field(name).map(str::to_owned);
    let mut origin = WarcOrigin::new(record.number, record.offset);
    origin.record_id = field("WARC-Record-ID");
    origin.date = field("WARC-Date");
    origin.ip = field("WARC-IP-Address");
    origin.length = record.length;
    origin.truncated = field("WARC-Truncated");
    origin
}

/// What an archive held, as far as it has been read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct WarcCounts {
    /// Records read whole.
    pub records: u64,
    /// `response` records among them.
    pub responses: u64,
    /// Pages given (from `response` and `resource` records).
    pub pages: u64,
    /// `response` records reported as [`WarcError::Skipped`].
    pub skipped: u64,
    /// `response` and `resource` records that hold no HTML: another media type, an empty
    /// body, a response of another protocol (`dns:`).
    pub not_html: u64,
    /// Damage and blocks over the limit ([`WarcError::Damaged`], [`WarcError::TooLarge`]).
    pub damaged: u64,
}

/// The HTML pages of an archive; see the module documentation.
pub struct WarcPages {
    records: WarcRecords,
    max_body_bytes: u64,
    counts: WarcCounts,
}

impl WarcPages {
    /// Opens an archive (see [`WarcRecords::open`]).
    pub fn open(path: &Path) -> Result<WarcPages, WarcError> {
        WarcRecords::open(path).map(WarcPages::from_records)
    }

    /// Reads an archive from any reader (see [`WarcRecords::from_reader`]).
    pub fn from_reader<R: Read + Send + 'static>(reader: R, gzip: bool, archive: &str) -> WarcPages {
        WarcPages::from_records(WarcRecords::from_reader(reader, gzip, archive))
    }

    /// Reads an archive from any reader, its format told by its first bytes (see
    /// [`WarcRecords::sniffed`]).
    pub fn sniffed<R: Read + Send + 'static>(reader: R, archive: &str) -> Result<WarcPages, WarcError> {
        WarcRecords::sniffed(reader, archive).map(WarcPages::from_records)
    }

    /// Reads an archive whose first bytes were read already (see [`WarcRecords::from_head`]).
    pub fn from_head<R: Read + Send + 'static>(head: Vec<u8>, rest: R, archive: &str) -> Result<WarcPages, WarcError> {
        WarcRecords::from_head(head, rest, archive).map(WarcPages::from_records)
    }

    /// Pages over records read elsewhere (with a limit set, say).
    pub fn from_records(records: WarcRecords) -> WarcPages {
        WarcPages { records, max_body_bytes: DEFAULT_MAX_BLOCK_BYTES, counts: WarcCounts::default() }
    }

    /// The largest body a page may have once its content codings are undone (default
    /// [`DEFAULT_MAX_BLOCK_BYTES`]); a larger one is reported as
    /// [`SkipReason::DecodedTooLarge`].
    pub fn max_body_bytes(mut self, limit: u64) -> Self {
        self.max_body_bytes = limit;
        self
    }

    /// What the archive held so far: records, responses, pages, skipped responses, records of
    /// other media, damage.
    pub fn counts(&self) -> WarcCounts {
        self.counts
    }
}

impl Iterator for WarcPages {
    type Item = Result<Page, WarcError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let record = match self.records.next()? {
                Ok(record) => record,
                Err(error) => {
                    self.counts.damaged += 1;
                    return Some(Err(error));
                }
            };
            self.counts.records += 1;
            match classify(record, &self.records.archive, self.max_body_bytes, &mut self.counts) {
                Outcome::Page(page) => {
                    self.counts.pages += 1;
                    return Some(Ok(page));
                }
                Outcome::Skipped(error) => {
                    self.counts.skipped += 1;
                    return Some(Err(error));
                }
                Outcome::NotHtml => self.counts.not_html += 1,
                Outcome::NoPage => {}
            }
        }
    }
}

/// What a record is to a reader of pages.
enum Outcome {
    Page(Page),
    Skipped(WarcError),
    /// A response or resource of another media type (or an empty body).
    NotHtml,
    /// Another kind of record (`request`, `metadata`, `warcinfo`, `revisit`...).
    NoPage,
}

/// The record's target URI, when it names one (an empty one names nothing: a fuzz finding
/// gave a page an empty label).
fn target_uri(record: &WarcRecord) -> Option<String> {
    record
        .field("WARC-Target-URI")
        .map(|uri| uri.trim().trim_matches(['<', '>']).trim().to_owned())
        .filter(|uri| !uri.is_empty())
}

fn classify(record: WarcRecord, archive: &str, max_body_bytes: u64, counts: &mut WarcCounts) -> Outcome {
    let kind = record.field("WARC-Type").unwrap_or_default().to_ascii_lowercase();
    let is_response = match kind.as_str() {
        "response" => true,
        "resource" => false,
        _ => return Outcome::NoPage,
    };
    counts.responses += u64::from(is_response);
    let url = target_uri(&record);
    let mut origin = origin_of(&record);
    let skipped = |origin: WarcOrigin, status: Option<u16>, reason: SkipReason| {
        Outcome::Skipped(WarcError::Skipped {
            archive: archive.to_owned(),
            url: url.clone(),
            status,
            origin: Box::new(origin),
            reason: Box::new(reason),
        })
    };
    let (body, media, status) = if is_response {
        // WARC 1.1, WARC-Segment-Number: a record split over several has this field; its
        // block is only the first part of the response.
        if let Some(number) = record.field("WARC-Segment-Number") {
            return skipped(origin, None, SkipReason::Segmented { number: number.to_owned() });
        }
        let response = match http::parse(&record.block) {
            Ok(response) => response,
            // A response of another protocol (`dns:`, `ftp:`) is no HTTP response and no page.
            Err(_) if !url.as_deref().is_none_or(is_http) => return Outcome::NotHtml,
            Err(reason) => return skipped(origin, None, reason),
        };
        let status = Some(response.status);
        origin.content_type = response.field("Content-Type").map(str::to_owned);
        let supplied = http::supplied_media_type(origin.content_type.as_deref());
        if supplied.as_ref().is_some_and(|media| !media.is_html()) {
            return Outcome::NotHtml;
        }
        let body = match http::decoded_body(&response, max_body_bytes) {
            Ok(decoded) => {
                origin.body_truncated = decoded.truncated;
                decoded.body
            }
            Err(reason) => return skipped(origin, status, reason),
        };
        let media = match supplied {
            Some(media) => media,
            None if body.is_empty() => return Outcome::NotHtml,
            None if http::sniffs_as_html(&body) => MediaType { essence: "text/html".to_owned(), charset: None },
            None => return skipped(origin, status, SkipReason::NoContentType),
        };
        (body, media, status)
    } else {
        origin.content_type = record.field("Content-Type").map(str::to_owned);
        let media = match http::supplied_media_type(origin.content_type.as_deref()) {
            Some(media) => media,
            None if http::sniffs_as_html(&record.block) => MediaType { essence: "text/html".to_owned(), charset: None },
            None => return Outcome::NotHtml,
        };
        if !media.is_html() {
            return Outcome::NotHtml;
        }
        (record.block, media, None)
    };
    let label = match (&url, &origin.record_id) {
        (Some(uri), _) => uri.clone(),
        (None, Some(id)) if !id.is_empty() => format!("{archive}#{id}"),
        (None, _) => format!("{archive}#{}", origin.record),
    };
    Outcome::Page(Page::new(&label, body, url.as_deref()).charset(media.charset).status(status).warc(Some(origin)))
}

/// An `http:` or `https:` URI (schemes compare ASCII case-insensitively).
fn is_http(uri: &str) -> bool {
    uri.split_once(':')
        .is_some_and(|(scheme, _)| scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https"))
}

//! Atom feeds (RFC 4287), written with quick-xml.
//!
//! * [`from_document`]: HTML 5.0 §5.5.3 "Atom" (the same algorithm as the early microdata
//!   draft): one entry per `article` element that has no `article` ancestor, the feed's title,
//!   authors and icon from the page. Where the algorithm leaves a choice open, the reading taken
//!   is written down in `docs/export-atom-rdf.md`.
//!
//! * [`from_mf2`]: a microformats2 `h-feed` (or, without one, the page's top-level `h-entry`
//!   items) as a feed: `name` → title, `url`/`uid` → id and link, `published`/`updated`,
//!   `author` → author name and URI, `e-content` → HTML content, `summary`, `category`, and
//!   the feed's own name, author, URL and summary.
//!
//! Every feed is well-formed XML in the namespace [`ATOM_NAMESPACE`]: text and attribute values
//! are escaped for XML, and characters XML 1.0 does not allow (C0 controls other than tab, line
//! feed and carriage return, U+FFFE, U+FFFF) are replaced by U+FFFD. "The moment the algorithm
//! was invoked" and "the last modification of the source file" come from [`AtomOptions`], so
//! output can be made exactly reproducible.
//!
//! # Design
//!
//! Both sources fill one feed model and one writer writes it, so escaping, element order and
//! link filtering are the same for both. One concept per module:
//!
//! * `model`: the feed as plain data (feed, entries, people, links, text constructs);
//! * `articles`: HTML 5.0 §5.5.3, step by step, from a document to the model;
//! * `from_mf2`: the microformats2 mapping, from parsed mf2 to the model;
//! * `stamp`: instants, a date as written together with the moment it names, so "newest"
//!   compares moments (the calendar arithmetic is harvest-datetime's);
//! * `id`: stable `urn:uuid:` identifiers for entries the page names none for;
//! * `write`: the model as Atom XML (RFC 4287) with quick-xml.
//!
//! ```
//! use harvest_dom::{Document, ParseOptions, Url};
//! use harvest_export::atom::{self, AtomOptions};
//! use std::time::{Duration, UNIX_EPOCH};
//!
//! let url = Url::parse("http://example.com/blog/").unwrap();
//! let doc = Document::parse_with(
//!     "<title>My blog</title><article id=first><h1>Hello</h1><p>World \
//!      <time pubdate datetime=2010-08-04>Aug 4</time></article>",
//!     &ParseOptions::new().url(url),
//! );
//! let options = AtomOptions::new().now(UNIX_EPOCH + Duration::from_secs(1_700_000_000));
//! let feed = atom::from_document(&doc, &options).unwrap();
//! assert!(feed.contains("<id>http://example.com/blog/#first</id>"));
//! assert!(feed.contains("<published>2010-08-04T00:00:00Z</published>"));
//! assert!(feed.contains("<title type=\"html\">My blog</title>"));
//! ```

use harvest_dom::{Document, Url};
use std::time::SystemTime;

/// The Atom namespace, `http://www.w3.org/2005/Atom`.
pub const ATOM_NAMESPACE: &str = "http://www.w3.org/2005/Atom";

/// The address a document without a URL has (HTML: a document created without an address
/// has the address `about:blank`).
const ABOUT_BLANK: &str = "about:blank";

/// Why no feed was written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AtomError {
    /// Nothing to make a feed of: for [`from_document`], the document contains no `article`
    /// element (HTML 5.0 §5.5.3 step 1: the algorithm returns nothing); for [`from_mf2`], the
    /// page has neither an `h-feed` nor a top-level `h-entry`.
    #[error("nothing to make a feed of (no article element, or no h-feed or h-entry)")]
    NothingFound,
    /// The output could not be written.
    #[error("cannot write the feed: {0}")]
    Io(#[from] std::io::Error),
}

/// Settings of the Atom conversion.
///
/// ```
/// use harvest_export::atom::AtomOptions;
/// use std::time::{Duration, UNIX_EPOCH};
/// let options = AtomOptions::new()
///     .self_address(harvest_dom::Url::parse("http://example.com/feed.atom").unwrap())
///     .now(UNIX_EPOCH + Duration::from_secs(86_400));
/// assert!(options.last_modified.is_none());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct AtomOptions {
    /// The document's current address; `None` uses the document's URL
    /// ([`Document::url`]), and `about:blank` when it has none.
    pub address: Option<Url>,
    /// The address of the feed itself, written as `<link rel="self">` (§5.5.3 step 7, which is
    /// optional): `None` writes no such link.
    pub self_address: Option<Url>,
    /// "The moment that this algorithm was invoked"; `None` reads the system clock once.
    pub now: Option<SystemTime>,
    /// When the page's source was last modified, if known (the feed's `updated` when no entry
    /// has a date).
    pub last_modified: Option<SystemTime>,
}

impl AtomOptions {
    /// The defaults: the document's own URL, no self link, the system clock, no modification
    /// time.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`AtomOptions::address`].
    pub fn address(mut self, address: Url) -> Self {
        self.address = Some(address);
        self
    }

    /// Sets [`AtomOptions::self_address`].
    pub fn self_address(mut self, address: Url) -> Self {
        self.self_address = Some(address);
        self
    }

    /// Sets [`AtomOptions::now`].
    pub fn now(mut self, now: SystemTime) -> Self {
        self.now = Some(now);
        self
    }

    /// Sets [`AtomOptions::last_modified`].
    pub fn last_modified(mut self, modified: SystemTime) -> Self {
        self.last_modified = Some(modified);
        self
    }
}

/// Extracts an Atom feed from a document's `article` elements (HTML 5.0 §5.5.3) and returns it
/// as an XML document.
///
/// Returns [`AtomError::NothingFound`] when the document has no `article` element.
pub fn from_document(document: &Document, options: &AtomOptions) -> Result<String, AtomError> {
    let mut out = Vec::new();
    write_document(document, options, &mut out)?;
    // Only `&str` data is ever written, so the bytes are UTF-8.
    String::from_utf8(out).map_err(|e| AtomError::Io(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

/// Like [`from_document`], writing the feed to `out`.
pub fn write_document<W: std::io::Write>(document: &Document, options: &AtomOptions, out: W) -> Result<(), AtomError> {
    let feed = articles::extract(document, options)?;
    write::write_feed(&feed, out)?;
    Ok(())
}

mod articles;
mod from_mf2;
mod id;
mod model;
mod stamp;
mod write;

pub use from_mf2::{from_mf2, write_mf2};

/// Whether a URL may be written where a feed reader makes a link of it (`link href`, an
/// author's `uri`, the `icon`): not one that runs script or carries its own document
/// (`javascript:`, `vbscript:`, `data:`), which a reader that renders the link would open in
/// its own origin. Such URLs are left out, as a page's script is left out of its content.
pub(crate) fn linkable(url: &str) -> bool {
    let scheme = url.trim_start().split(':').next().unwrap_or_default();
    !["javascript", "vbscript", "data"].iter().any(|unsafe_scheme| scheme.eq_ignore_ascii_case(unsafe_scheme))
}

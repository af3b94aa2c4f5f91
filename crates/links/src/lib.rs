#![doc = include_str!("../README.md")]
//!
//! HTML links and link types (HTML 5.0 §4.12).
//!
//! * [`links`]: every `link`, `a` and `area` with an `href`, in tree order: the resolved URL
//!   (or why it failed), the link types (`rel` tokens with their original spelling, compared
//!   ASCII case-insensitively, synonyms mapped, tokens with `:` kept as URLs), each classified
//!   as hyperlink, external resource, annotation or not allowed on that element, the links the
//!   element creates (including the implied hyperlink of `a`/`area`), and `hreflang`, `media`,
//!   `type`, `title` and parsed icon `sizes`. [`iter_links`] gives them one at a time, and
//!   [`Link::compact`] the short form a crawler needs ([`CompactLink`]).
//! * [`feeds`] and [`default_feed`]: feed autodiscovery (§4.12.4.1).
//! * [`by_type`]: the links with a given type (`license`, `author`...).
//! * [`hierarchy`]: the `up`/`index` reading (§4.12.4.17).
//! * [`check`]: what §4.12 forbids authors to write, as [`Diagnostic`]s.
//! * [`rel_list`] and [`RelList::rdf_tokens`]: the parsed link types of any element, for the
//!   RDF and Atom exporters (§5.5.2, §5.5.3).
//!
//! The keyword tables are in [`table`]: the spec's own ([`table::SPEC_KEYWORDS`]) and, kept
//! apart, widely used registered extensions ([`table::EXTENSION_KEYWORDS`]).
//!
//! Everything is linear in the size of the page and nothing recurses per tree level. All
//! results serialize with serde.
//!
//! ```
//! use harvest_dom::{Document, ParseOptions, Url};
//! let url = Url::parse("http://example.com/blog/").unwrap();
//! let doc = Document::parse_with(
//!     r#"<link rel=alternate type=application/atom+xml href=feed.xml title=Posts>
//!        <a rel="license" href="/mit">MIT</a>"#,
//!     &ParseOptions::new().url(url),
//! );
//! let feed = harvest_links::default_feed(&doc).unwrap();
//! assert_eq!(feed.url_str(), Some("http://example.com/blog/feed.xml"));
//! let all = harvest_links::links(&doc);
//! let license = harvest_links::by_type(&all, "license");
//! assert_eq!(license[0].url_str(), Some("http://example.com/mit"));
//! let json = serde_json::to_value(&all).unwrap();
//! assert_eq!(json[1]["types"][0]["effect"], "hyperlink");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod check;
mod compact;
mod hierarchy;
mod link;
mod rel;
mod resolve;
mod sizes;
pub mod table;

pub use crate::check::{check, check_links, Diagnostic, Severity};
pub use crate::compact::{compact_links, CompactLink, CompactLinks};
pub use crate::hierarchy::{hierarchy, hierarchy_of, HierarchyLink, HierarchyScope};
pub use crate::link::{by_type, default_feed, feeds, iter_links, links, CreatedLink, FeedKind, Link, LinkKind, Links};
pub use crate::rel::{normalize_token, rel_list, LinkTag, RdfRel, RelList, RelToken, TokenEffect, TokenOrigin};
pub use crate::sizes::{parse_sizes, IconSize};
pub use crate::table::{Effect, Source};

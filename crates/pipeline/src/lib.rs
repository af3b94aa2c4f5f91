#![doc = include_str!("../README.md")]
//!
//! Where pages come from: what every harvest front end (the `harvest` command, the Python
//! package) needs before extraction. The front ends extract through `harvest_html`, the front
//! door, and take their pages from here; this crate depends on `harvest_html` for [`Page`], the
//! input of an extraction, and for nothing else.
//!
//! * [`Page`] (`harvest_html::Page`): one page's bytes with what is known of it (URL, transport
//!   charset, HTTP status, where it was found in a WARC archive).
//! * [`input`]: files, standard input, directories, WARC and ARC archives (told by their
//!   content) and (feature `http`) web addresses, turned into pages as a stream.
//! * [`fetch`]: why a web address could not be fetched ([`fetch::FetchError`], the source of
//!   an [`input::InputError::Fetch`]).
//! * [`warc`]: WARC and ARC records and the HTML pages among them, read record by record,
//!   keeping every good record of a damaged archive; [`warc::sniff`] tells an archive by its
//!   first bytes.
//! * [`media_type`]: a `Content-Type`'s essence and charset.
//! * [`address`]: which IP addresses a service fetching pages for others may connect to.
//!
//! ```
//! use harvest_pipeline::input::{expand, read};
//! let sources = expand(&["../../examples/blog.html".to_owned()], None).unwrap();
//! let page = read(&sources[0], Some("https://ada.example.org/")).next().unwrap().unwrap();
//! assert_eq!(page.url.as_deref(), Some("https://ada.example.org/"));
//! assert!(page.bytes.starts_with(b"<!DOCTYPE html>"));
//! ```

#![deny(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

pub mod address;
pub mod fetch;
pub mod input;
pub mod media_type;
pub mod warc;

pub use harvest_html::Page;

#![doc = include_str!("../README.md")]
//!
//! Exporters: the structured data harvest extracts, written as files other software reads.
//!
//! One crate with a feature per format (`vcard`, `ical`, `atom`, `rdf`, all on by default), so
//! that a user pulls in only the formats they need while the formats share their common parts:
//! the content-line writer of vCard and iCalendar ([`content_line`]). HTML's date and time
//! microsyntaxes, which vCard, iCalendar, Atom and the RDF value typing read, are the crate
//! harvest-datetime, re-exported as [`datetime`].
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

#[cfg(feature = "atom")]
pub mod atom;
#[cfg(any(feature = "vcard", feature = "ical"))]
mod common;
#[cfg(any(feature = "vcard", feature = "ical"))]
pub mod content_line;
pub use harvest_datetime as datetime;
#[cfg(feature = "ical")]
pub mod ical;
#[cfg(any(feature = "vcard", feature = "ical", feature = "atom"))]
mod mf2;
#[cfg(feature = "rdf")]
pub mod rdf;
#[cfg(feature = "vcard")]
pub mod vcard;

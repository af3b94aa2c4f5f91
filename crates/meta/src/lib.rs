#![doc = include_str!("../README.md")]
//!
//! # Design
//!
//! Both vocabularies live in the page's `meta` and `link` elements, so each is one pass over
//! the document's elements in tree order.
//!
//! * [`opengraph`]: the page is one rich object (ogp.me, "Basic Metadata"), so the result is
//!   at most one [`OpenGraph`]: the prefix mappings in force and every `(property, content)`
//!   pair of `meta` elements whose `property` names a term in a known vocabulary, in document
//!   order. Repeated properties are arrays and a structured property (`og:image:width`) belongs
//!   to the array element before it (ogp.me, "Arrays", "Structured Properties"): keeping the
//!   pairs in order keeps both readings possible, as ogp.me's own examples are written.
//! * [`dublin_core`]: DC-HTML's `schema.PREFIX` links declare prefixes; `meta name="PREFIX.term"`
//!   gives a literal (with `lang` and `scheme`), `link rel="PREFIX.term"` a resource (with
//!   `hreflang`, the URL resolved). Properties in the DCMI elements namespace go to
//!   [`DublinCore::elements`], those in DCMI terms to [`DublinCore::terms`];
//!   [`dublin_core_graph`] gives the same statements (and those of any other declared prefix)
//!   as RDF, DC-HTML's own mapping, in harvest-rdf's [`Graph`](harvest_rdf::Graph).
//!
//! Readings where the specs leave room are in `docs/meta.md`.

#![deny(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod dublin_core;
mod opengraph;

pub use dublin_core::{dublin_core, dublin_core_graph, DublinCore, DublinCoreProperty};
pub use opengraph::{opengraph, OpenGraph, OPEN_GRAPH_PREFIXES};

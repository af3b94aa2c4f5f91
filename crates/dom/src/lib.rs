#![doc = include_str!("../README.md")]
//!
//! The one HTML document model every harvest crate reads pages through.
//!
//! * **Loading**: [`Document::parse`] from text, [`Document::parse_bytes`] from raw bytes with
//!   encoding detection ([`encoding`]), both with [`ParseOptions`] (document URL, transport
//!   charset, depth bound).
//! * **Parsing**: html5gum's tokenizer feeds html5ever's tree builder, which builds an arena
//!   tree (every node in one vector); past
//!   [`DEFAULT_MAX_DEPTH`] open elements its tree builder works on a window over the top of the
//!   stack so parsing stays linear, and the tree stays the standard one
//!   ([`Document::depth_limit_hit`] says where it may not).
//! * **Deadlines**: [`ParseOptions::deadline`] stops the parse, and every walk over the
//!   document, within a few hundred steps of a [`Deadline`] (an instant, a cancellation, an
//!   interruption check).
//! * **URLs**: [`Document::base_url`] and [`Document::resolve_url`].
//! * **Text**: [`Document::text`] (DOM `textContent` and the microformats variant),
//!   [`Document::inner_html`] / [`Document::outer_html`] (HTML fragment serialization).
//! * **Elements**: [`Element`] and [`Node`] handles, [`Selector`] matching,
//!   [`Document::element_by_id`].
//! * **Source lines**: [`Node::line`] and [`Element::line`], the line a node starts on (an
//!   element's `<`, a text's first character), recorded as the tree is built in the slot's
//!   padding (no memory, no allocation). The tokenizer's reader tells how far it has read, and
//!   the line breaks up to there are counted once; a token starts on the line the previous one
//!   ended on, and text reaches the tree builder a line at a time.
//!
//! Nothing here recurses per tree level, so documents of any depth load, iterate, serialize and
//! drop without exhausting the stack.
//!
//! ```
//! use harvest_dom::{Document, ParseOptions, Selector};
//! let url = url::Url::parse("http://example.com/").unwrap();
//! let doc = Document::parse_with(
//!     "<div class='h-card'><a class='u-url' href='/me'>Me</a></div>",
//!     &ParseOptions::new().url(url),
//! );
//! let link = doc.root().select(&Selector::parse(".h-card a").unwrap()).next().unwrap();
//! let href = link.attr("href").unwrap();
//! assert_eq!(doc.resolve_url(&href).unwrap().as_str(), "http://example.com/me");
//! assert_eq!(link.text_content(), "Me");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod deadline;
mod document;
pub mod encoding;
mod error;
mod index;
mod join;
pub mod lang;
mod name_key;
mod node;
mod page_names;
mod parse;
mod path;
mod select;
mod serialize;
mod shared_path;
pub mod srcset;
mod text;
mod tokens;
mod tree;
mod url;
mod walk;
pub mod xml;

pub use crate::deadline::Deadline;
pub use crate::document::{Document, FragmentContext, ParseOptions};
pub use crate::error::{SelectorError, SelectorErrorReason, UrlError, UrlErrorReason};
pub use crate::join::UrlJoiner;
pub use crate::lang::is_well_formed_language_tag;
pub use crate::node::{Element, Namespace, Node, NodeKind};
pub use crate::parse::DEFAULT_MAX_DEPTH;
pub use crate::path::{ElementPaths, WalkPaths};
pub use crate::select::Selector;
pub use crate::serialize::{AttributeRewrite, SerializeOptions};
pub use crate::shared_path::SharedPath;
pub use crate::text::{ImageText, TextOptions, Trim};
pub use crate::tokens::{is_ascii_whitespace, split_ascii_whitespace, trim_ascii_whitespace, unique_tokens};
pub use crate::walk::ElementWalk;
pub use crate::xml::XmlError;
pub use ::url::Url;

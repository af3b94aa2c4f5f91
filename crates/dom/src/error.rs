//! Error types of the DOM crate.

use thiserror::Error;

/// A URL that could not be resolved against the document's base URL.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot resolve URL {value:?}: {reason}")]
pub struct UrlError {
    /// The value as written in the page.
    pub value: String,
    /// Why it failed.
    pub reason: UrlErrorReason,
}

/// Why a URL could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UrlErrorReason {
    /// The value is relative and the document has no base URL.
    #[error("it is relative and the document has no base URL")]
    RelativeWithoutBase,
    /// The URL parser rejected the value.
    #[error("{0}")]
    Invalid(url::ParseError),
}

/// A selector that does not compile.
///
/// ```
/// use harvest_dom::{Selector, SelectorErrorReason};
/// let deep = format!("{}a{}", ":not(".repeat(40), ")".repeat(40));
/// let error = Selector::parse(&deep).unwrap_err();
/// assert!(matches!(error.reason, SelectorErrorReason::TooDeep { depth: 40, max: 32 }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("CSS selector {}: {reason}", Preview(selector))]
#[non_exhaustive]
pub struct SelectorError {
    /// The selector source.
    pub selector: String,
    /// Why it does not compile.
    pub reason: SelectorErrorReason,
}

/// Why a selector does not compile.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SelectorErrorReason {
    /// It is not a selector list harvest supports (a syntax error, an unknown pseudo-class, a
    /// pseudo-element).
    #[error("not a selector list harvest supports")]
    Invalid,
    /// It is longer than [`Selector::MAX_LENGTH`](crate::Selector::MAX_LENGTH) bytes.
    #[error("{length} bytes long; selectors of at most {max} bytes are compiled")]
    TooLong {
        /// Its length in bytes.
        length: usize,
        /// The bound.
        max: usize,
    },
    /// Its parentheses or brackets nest deeper than
    /// [`Selector::MAX_NESTING`](crate::Selector::MAX_NESTING) (`:not(:not(...))`).
    #[error("nested {depth} levels deep; selectors nested at most {max} levels are compiled")]
    TooDeep {
        /// How deep it nests.
        depth: usize,
        /// The bound.
        max: usize,
    },
}

/// A selector as an error message shows it: quoted, its first 64 characters when longer.
struct Preview<'a>(&'a str);

impl std::fmt::Display for Preview<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const SHOWN: usize = 64;
        match self.0.char_indices().nth(SHOWN) {
            None => write!(f, "{:?}", self.0),
            Some((end, _)) => write!(f, "{:?}… ({} bytes)", &self.0[..end], self.0.len()),
        }
    }
}

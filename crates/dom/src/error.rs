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
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid CSS selector {selector:?}")]
pub struct SelectorError {
    /// The selector source.
    pub selector: String,
}

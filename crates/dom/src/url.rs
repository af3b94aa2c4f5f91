//! URL resolution against a document's base URL.

use crate::error::{UrlError, UrlErrorReason};
use url::Url;

/// Resolves `value` against `base` as HTML's "parse a URL" does (the URL parser strips leading
/// and trailing C0 controls and spaces and drops tabs and newlines inside).
pub(crate) fn resolve(base: Option<&Url>, value: &str) -> Result<Url, UrlError> {
    let error = |reason| UrlError { value: value.to_owned(), reason };
    match Url::options().base_url(base).parse(value) {
        Ok(url) => Ok(url),
        Err(url::ParseError::RelativeUrlWithoutBase) => Err(error(UrlErrorReason::RelativeWithoutBase)),
        Err(other) => Err(error(UrlErrorReason::Invalid(other))),
    }
}

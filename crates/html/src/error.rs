//! Why an extraction gave no record.

use crate::output::ExtractError;
use thiserror::Error;

/// Why [`crate::extract`] or [`crate::Extractor::extract`] gave no record. A page that is not
/// well-formed HTML is never an error (HTML parsing recovers from everything); these are the
/// options a page cannot satisfy and the limits it reached.
///
/// ```
/// use harvest_html::{Error, Extractor, Mf2Options, Mf2Root};
/// let error = Extractor::new()
///     .mf2(Mf2Options::default().root(Mf2Root::Id("missing".into())))
///     .extract(b"<p class=h-card>Ada</p>", None)
///     .unwrap_err();
/// assert!(matches!(error, Error::Mf2(_)));
/// assert_eq!(error.to_string(), "microformats2 extraction failed");
/// let cause = std::error::Error::source(&error).unwrap();
/// assert_eq!(cause.to_string(), "no element of the page is #missing");
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The microformats2 parser refused its options or the page (a root that names no
    /// element, an invalid type filter, a limit reached with strict limits).
    #[error("microformats2 extraction failed")]
    Mf2(#[source] harvest_mf2::Mf2Error),
    /// With [`crate::Extractor::strict_limits`]: the microdata JSON would pass an output
    /// limit.
    #[error("microdata extraction failed")]
    MicrodataLimit(#[source] harvest_microdata::LimitExceeded),
    /// The page's microdata nests items deeper than a record holds (about 40 levels, the
    /// nesting serde's JSON reader accepts); `harvest microdata` writes such pages without
    /// a bound.
    #[error("microdata items nested too deeply for a record")]
    MicrodataTooDeep(#[source] serde_json::Error),
    /// The RDFa processor refused the page (its graph would pass a limit).
    #[error("RDFa extraction failed")]
    Rdfa(#[source] harvest_rdfa::RdfaError),
    /// The deadline of [`crate::Limits::deadline`] passed: the parse or an extraction stopped,
    /// and what it found would be partial.
    #[error("the extraction stopped at its deadline")]
    Interrupted,
    /// The record's JSON would be larger than [`crate::Limits::max_output_bytes`].
    #[error("the record is larger than {max_bytes} bytes")]
    OutputTooLarge {
        /// The bound.
        max_bytes: u64,
    },
}

/// The error of the output forms ([`crate::output::ExtractError`]) for a record's error, for a
/// front end that reports both alike (the Python package): the cause's own message for a
/// failed extractor, the same variant for the deadline and the output bound.
///
/// ```
/// use harvest_html::output::ExtractError;
/// use harvest_html::{Extractor, Limits};
/// let limits = Limits::new().max_output_bytes(Some(10));
/// let error = Extractor::new().limits(limits).extract(b"<p>hi", None).unwrap_err();
/// assert_eq!(ExtractError::from(error), ExtractError::OutputTooLarge { max_bytes: 10 });
/// ```
impl From<Error> for ExtractError {
    fn from(error: Error) -> Self {
        match error {
            Error::Interrupted => ExtractError::Interrupted,
            Error::OutputTooLarge { max_bytes } => ExtractError::OutputTooLarge { max_bytes },
            other => ExtractError::Failed(match std::error::Error::source(&other) {
                Some(cause) => cause.to_string(),
                None => other.to_string(),
            }),
        }
    }
}

impl From<harvest_rdfa::RdfaError> for Error {
    fn from(error: harvest_rdfa::RdfaError) -> Self {
        Error::Rdfa(error)
    }
}

impl From<harvest_mf2::Mf2Error> for Error {
    fn from(error: harvest_mf2::Mf2Error) -> Self {
        Error::Mf2(error)
    }
}

impl From<harvest_microdata::LimitExceeded> for Error {
    fn from(error: harvest_microdata::LimitExceeded) -> Self {
        Error::MicrodataLimit(error)
    }
}

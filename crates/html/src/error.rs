//! Why an extraction gave nothing, or its output could not be written: the one error of the
//! front door, for the typed record, every output form and the writers alike.

use thiserror::Error;

/// Why an extraction ([`crate::extract`], [`crate::Extractor`], an
/// [`output::Extraction`](crate::output::Extraction)) gave no output, or its output could not
/// be written. A page that is not well-formed HTML is never an error (HTML parsing recovers
/// from everything); these are the options and outputs a page cannot satisfy, the limits it
/// reached, and the destination failing.
///
/// What a library said is kept as the error's [`source`](std::error::Error::source) (a
/// [`Cause`]), and its message is the error's own, so that a front end shows it as it is.
///
/// ```
/// use harvest_html::{Cause, Error, Extractor, Mf2Options, Mf2Root};
/// let error = Extractor::new()
///     .mf2(Mf2Options::new().root(Mf2Root::id("missing")))
///     .extract(b"<p class=h-card>Ada</p>", None)
///     .unwrap_err();
/// assert!(matches!(error, Error::Failed(Cause::Mf2(_))));
/// assert_eq!(error.to_string(), "no element of the page is #missing");
/// let cause = std::error::Error::source(&error).unwrap();
/// assert!(cause.downcast_ref::<Cause>().is_some());
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The page has nothing the output needs: no contact for vCard, no event for iCalendar,
    /// nothing to make a feed of, no element for a microformats2 root.
    #[error("{0}")]
    NothingFound(#[source] Cause),
    /// An extractor or exporter failed: a limit was reached with strict limits, a graph would
    /// pass its bounds, a value could not be serialized.
    #[error("{0}")]
    Failed(#[source] Cause),
    /// The output would be larger than [`Limits::max_output_bytes`](crate::Limits::max_output_bytes).
    #[error("the output is larger than {max_bytes} bytes")]
    OutputTooLarge {
        /// The bound.
        max_bytes: u64,
    },
    /// The work stopped at [`Limits::deadline`](crate::Limits::deadline) (its instant passed,
    /// or it was cancelled or interrupted) before the output was complete.
    #[error("the extraction was stopped at its deadline")]
    Interrupted,
    /// The destination could not be written; part of the output may have been written.
    #[error("writing the output: {0}")]
    Io(#[source] std::io::Error),
}

/// What a library called by an extraction said: the [`source`](std::error::Error::source) of
/// [`Error::NothingFound`] and [`Error::Failed`], its message the library's own.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Cause {
    /// The microformats2 parser refused its options or the page (a root that names no
    /// element, an invalid type filter, a limit reached with strict limits).
    #[error(transparent)]
    Mf2(#[from] harvest_mf2::Mf2Error),
    /// The microdata JSON would pass an output limit (with strict limits, or for an output
    /// that cannot be cut short).
    #[error(transparent)]
    Microdata(#[from] harvest_microdata::LimitExceeded),
    /// The RDFa processor refused the page (its graph would pass a limit).
    #[error(transparent)]
    Rdfa(#[from] harvest_rdfa::RdfaError),
    /// A graph would pass its bounds (RDFa's processor graph).
    #[error(transparent)]
    Graph(#[from] harvest_rdf::GraphError),
    /// The microdata to RDF conversion failed (a graph past its bound).
    #[error(transparent)]
    Rdf(#[from] harvest_export::rdf::RdfError),
    /// No vCard: the page has no contact.
    #[error(transparent)]
    Vcard(#[from] harvest_export::vcard::VcardError),
    /// No iCalendar: the page has no event.
    #[error(transparent)]
    Ical(#[from] harvest_export::ical::IcalError),
    /// No Atom feed: nothing to make a feed of, or the feed could not be written.
    #[error(transparent)]
    Atom(#[from] harvest_export::atom::AtomError),
    /// JSON could not be written, or a value is not JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// Each library's error as [`Error::Failed`] (the output forms that find nothing say so with
/// [`Error::NothingFound`] themselves).
macro_rules! failed_from {
    ($($error:ty),*) => {$(
        impl From<$error> for Error {
            fn from(error: $error) -> Self {
                Error::Failed(Cause::from(error))
            }
        }
    )*};
}

failed_from!(
    harvest_mf2::Mf2Error,
    harvest_microdata::LimitExceeded,
    harvest_rdfa::RdfaError,
    harvest_rdf::GraphError,
    harvest_export::rdf::RdfError,
    harvest_export::atom::AtomError,
    serde_json::Error
);

impl From<std::io::Error> for Error {
    fn from(error: std::io::Error) -> Self {
        Error::Io(error)
    }
}

impl Error {
    /// A library's error as [`Error::NothingFound`].
    pub(crate) fn nothing(cause: impl Into<Cause>) -> Self {
        Error::NothingFound(cause.into())
    }
}

//! Why an extraction gave nothing, or its output could not be written.

use thiserror::Error;

/// Why an extraction produced nothing for a page.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ExtractError {
    /// The page has nothing the export needs (no contact for vCard, no event, no feed).
    #[error("{0}")]
    NothingFound(String),
    /// An extractor failed (a limit was exceeded, an output could not be written).
    #[error("{0}")]
    Failed(String),
    /// The output grew past [`Limits::max_output_bytes`](crate::Limits::max_output_bytes).
    #[error("the output is larger than {max_bytes} bytes")]
    OutputTooLarge {
        /// The bound.
        max_bytes: u64,
    },
    /// The work stopped at [`Limits::deadline`](crate::Limits::deadline) (its instant passed, or it was cancelled or
    /// interrupted) before the output was complete.
    #[error("the extraction was stopped at its deadline")]
    Interrupted,
}

/// Why writing an extraction's output failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum WriteError {
    /// The extraction failed or found nothing; part of the output may have been written.
    #[error(transparent)]
    Extract(#[from] ExtractError),
    /// The destination could not be written.
    #[error("writing the output: {0}")]
    Io(#[from] std::io::Error),
}

/// An extractor's error as an [`ExtractError::Failed`].
pub(crate) fn failed(error: impl std::fmt::Display) -> ExtractError {
    ExtractError::Failed(error.to_string())
}

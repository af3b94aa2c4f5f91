//! The exceptions of `harvest_html`, one per kind of error of the Rust crates.

use harvest_pipeline::extract::ExtractError;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::PyErr;

create_exception!(
    _harvest,
    HarvestError,
    PyException,
    "Base class of every error harvest_html raises for a page or an archive."
);
create_exception!(
    _harvest,
    NothingFoundError,
    HarvestError,
    "The page has nothing the export needs: no contact (vcard), no event (ical), no feed (atom)."
);
create_exception!(
    _harvest,
    ExtractionError,
    HarvestError,
    "An extractor failed on the page: an output limit was exceeded, or an output could not be written."
);
create_exception!(_harvest, WarcError, HarvestError, "A WARC archive could not be opened or read.");

/// The exception for an extraction error.
pub fn from_extract(error: ExtractError) -> PyErr {
    match error {
        ExtractError::NothingFound(message) => NothingFoundError::new_err(message),
        ExtractError::Failed(message) => ExtractionError::new_err(message),
    }
}

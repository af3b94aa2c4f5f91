//! The exceptions of `harvest_html`, one per kind of error of the Rust crates.
//!
//! They are defined in module `harvest_html` (their `__module__`), where the package exports
//! them, so that `pickle` finds them by name: an exception raised in a `multiprocessing` or
//! `ProcessPoolExecutor` worker reaches the parent as the same class.

use harvest_html::Error;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::PyErr;

create_exception!(
    harvest_html,
    HarvestError,
    PyException,
    "Base class of every error harvest_html raises for a page or an archive."
);
create_exception!(
    harvest_html,
    NothingFoundError,
    HarvestError,
    "The page has nothing the export needs: no contact (vcard), no event (ical), no feed (atom)."
);
create_exception!(
    harvest_html,
    ExtractionError,
    HarvestError,
    "An extractor failed on the page: a limit was exceeded, an output could not be written, or (errors=\"strict\") a JSON-LD block is not JSON."
);
create_exception!(
    harvest_html,
    ExtractionTimeout,
    ExtractionError,
    "The extraction took longer than its Limits(timeout=...) and was stopped."
);
create_exception!(harvest_html, WarcError, HarvestError, "A WARC archive could not be opened or read.");

/// The exception for an extraction error.
pub(crate) fn from_extract(error: Error) -> PyErr {
    match error {
        Error::NothingFound(_) => NothingFoundError::new_err(error.to_string()),
        other => ExtractionError::new_err(other.to_string()),
    }
}

//! `harvest_html.Limits`: the bounds of one call, the same as the command's and `harvest
//! serve`'s (`--max-depth`, `--max-values`, the output size, the deadline).
//!
//! The depth and value bounds are harvest-pipeline's [`Limits`] and apply now. The output size
//! and the deadline are part of the API (so that code written against it does not change) but
//! are not enforced by this build: a call given either raises `NotImplementedError`, never
//! ignores it.

use harvest_pipeline::extract::Limits;
use pyo3::exceptions::{PyNotImplementedError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// Bounds on one call: ``max_depth`` (element nesting the HTML tree builder sees at once;
/// deeper pages parse through a window and keep their tree, default 512), ``max_values`` (values one extraction writes: microdata JSON
/// values, mf2 values copied into nested items, RDF triples; past it the call raises
/// ``ExtractionError``; default: each extractor's own), ``max_output_bytes`` and ``timeout``
/// (seconds). Pass as ``limits=Limits(...)`` or ``limits={...}`` to any function.
#[pyclass(frozen, eq, module = "harvest_html", name = "Limits")]
#[derive(Debug, Clone, PartialEq)]
pub struct PyLimits {
    #[pyo3(get)]
    max_depth: usize,
    #[pyo3(get)]
    max_values: Option<usize>,
    #[pyo3(get)]
    max_output_bytes: Option<usize>,
    #[pyo3(get)]
    timeout: Option<f64>,
}

#[pymethods]
impl PyLimits {
    #[new]
    #[pyo3(signature = (*, max_depth=harvest_dom::DEFAULT_MAX_DEPTH, max_values=None, max_output_bytes=None, timeout=None))]
    fn new(
        max_depth: usize,
        max_values: Option<usize>,
        max_output_bytes: Option<usize>,
        timeout: Option<f64>,
    ) -> PyResult<Self> {
        if max_depth == 0 {
            return Err(PyValueError::new_err("max_depth must be at least 1"));
        }
        if timeout.is_some_and(|seconds| !(seconds.is_finite() && seconds > 0.0)) {
            return Err(PyValueError::new_err("timeout must be a positive number of seconds"));
        }
        Ok(PyLimits { max_depth, max_values, max_output_bytes, timeout })
    }

    fn __repr__(&self) -> String {
        let optional = |value: Option<String>| value.unwrap_or_else(|| "None".to_owned());
        format!(
            "Limits(max_depth={}, max_values={}, max_output_bytes={}, timeout={})",
            self.max_depth,
            optional(self.max_values.map(|v| v.to_string())),
            optional(self.max_output_bytes.map(|v| v.to_string())),
            optional(self.timeout.map(|v| v.to_string())),
        )
    }

    /// Pickled as its keywords.
    fn __getnewargs_ex__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        let keywords = PyDict::new(py);
        keywords.set_item("max_depth", self.max_depth)?;
        keywords.set_item("max_values", self.max_values)?;
        keywords.set_item("max_output_bytes", self.max_output_bytes)?;
        keywords.set_item("timeout", self.timeout)?;
        Ok((PyTuple::empty(py), keywords))
    }
}

impl PyLimits {
    /// The pipeline's limits; the bounds this build does not enforce are refused.
    fn to_pipeline(&self) -> PyResult<Limits> {
        // The output-size bound and the deadline (with Ctrl-C) belong to harvest-pipeline's
        // Limits, checked inside the extraction loops; until they are there, asking for them
        // is an error rather than a bound silently not kept.
        if self.max_output_bytes.is_some() {
            return Err(PyNotImplementedError::new_err("Limits(max_output_bytes=...) is not enforced by this build"));
        }
        if self.timeout.is_some() {
            return Err(PyNotImplementedError::new_err("Limits(timeout=...) is not enforced by this build"));
        }
        // Every other bound of the pipeline's Limits (the output size and the deadline, once it
        // has them) keeps its default.
        #[allow(clippy::needless_update)]
        Ok(Limits { max_depth: self.max_depth, max_values: self.max_values, ..Limits::default() })
    }
}

/// The limits a call was given: `None` (the defaults), a `Limits`, or a dict of its keywords.
pub fn resolve(limits: Option<&Bound<'_, PyAny>>) -> PyResult<Limits> {
    let Some(limits) = limits.filter(|value| !value.is_none()) else { return Ok(Limits::default()) };
    if let Ok(limits) = limits.cast::<PyLimits>() {
        return limits.get().to_pipeline();
    }
    if let Ok(keywords) = limits.cast::<PyDict>() {
        let class = limits.py().get_type::<PyLimits>();
        let made = class.call((), Some(keywords))?;
        return made.cast::<PyLimits>().map_err(PyErr::from)?.get().to_pipeline();
    }
    Err(PyTypeError::new_err("limits must be a harvest_html.Limits or a dict of its keywords"))
}

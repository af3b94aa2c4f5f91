//! `harvest_html.Limits`: the bounds of one call, the same as the command's and `harvest
//! serve`'s (`--max-depth`, `--max-values`, the output size, the deadline).
//!
//! Every bound is harvest-html's [`Limits`]: the depth, the values, the output's size, and
//! the deadline ([`harvest_dom::Deadline`]), which starts when the call does (for `iter_warc`,
//! when each page's extraction does) and covers the conversion of the output to Python
//! objects too ([`crate::convert::Stop`]). The deadline also carries Ctrl-C: on Python's main
//! thread, the extraction asks the interpreter for pending signals every few milliseconds
//! while the GIL is released, and the conversion as it goes, so `KeyboardInterrupt` (or
//! whatever the SIGINT handler raises) interrupts a long call within a fraction of a second.

use crate::errors::{from_extract, ExtractionTimeout};
use harvest_dom::Deadline;
use harvest_html::{Error, Limits};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Bounds on one call: ``max_depth`` (element nesting the HTML tree builder sees at once;
/// deeper pages parse through a window and keep their tree, and mf2 items nest no deeper; a
/// lower bound never costs more; default 512), ``max_values`` (values one extraction writes: microdata JSON
/// values, mf2 values copied into nested items, RDF triples; past it the call raises
/// ``ExtractionError``; default: each extractor's own), ``max_output_bytes`` (the output's
/// size as the command writes it, compact JSON or text; past it ``ExtractionError``) and
/// ``timeout`` (seconds for the call, per page for ``iter_warc``; past it
/// ``ExtractionTimeout``). Pass as ``limits=Limits(...)`` or ``limits={...}`` to any function.
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
    /// The call's limits, its deadline not started.
    fn to_call(&self) -> CallLimits {
        let limits = Limits::new()
            .max_depth(self.max_depth)
            .max_values(self.max_values)
            .max_output_bytes(self.max_output_bytes.map(|bytes| bytes as u64));
        CallLimits { limits, timeout: self.timeout }
    }
}

/// A call's limits before it starts: [`CallLimits::start`] gives the pipeline's, with the
/// deadline counted from then.
#[derive(Debug, Clone, Default)]
pub struct CallLimits {
    limits: Limits,
    /// Seconds.
    timeout: Option<f64>,
}

impl CallLimits {
    /// The pipeline's limits for work starting now, and what turns its errors into exceptions.
    /// Called with the GIL held, on the calling thread.
    pub fn start(&self, py: Python<'_>) -> (Limits, Interruption) {
        let (pages, interruption) = self.start_pages(py);
        (pages.next_page(), interruption)
    }

    /// For a call that extracts several pages in turn (`iter_warc_arrow`'s batches): the
    /// limits of each page as it starts ([`PageLimits::next_page`]), and what turns their
    /// errors into exceptions. Called with the GIL held, on the calling thread.
    pub fn start_pages(&self, py: Python<'_>) -> (PageLimits, Interruption) {
        let raised = Arc::new(Mutex::new(None));
        // Python runs signal handlers on the main thread only: elsewhere there is nothing to
        // ask for (and asking would take the GIL from the threads running Python code).
        let check: Option<SignalCheck> = is_main_thread(py).then(|| {
            let seen = Arc::clone(&raised);
            Arc::new(move || {
                Python::attach(|py| match py.check_signals() {
                    Ok(()) => false,
                    Err(error) => {
                        *seen.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(error);
                        true
                    }
                })
            }) as SignalCheck
        });
        let pages = PageLimits { limits: self.limits.clone(), timeout: self.timeout, check };
        (pages, Interruption { raised, timeout: self.timeout })
    }
}

/// Asks the interpreter for pending signals; true when a handler raised.
type SignalCheck = Arc<dyn Fn() -> bool + Send + Sync>;

/// The limits of the pages of one call, each page's deadline counted from its start.
pub struct PageLimits {
    limits: Limits,
    /// Seconds.
    timeout: Option<f64>,
    check: Option<SignalCheck>,
}

impl PageLimits {
    /// The limits of a page starting now. Needs no GIL.
    pub fn next_page(&self) -> Limits {
        let mut deadline = match self.timeout {
            Some(seconds) => Deadline::after(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX)),
            None => Deadline::never(),
        };
        if let Some(check) = &self.check {
            let check = Arc::clone(check);
            deadline = deadline.interrupt_when(move || check());
        }
        self.limits.clone().deadline(deadline)
    }
}

/// Whether this is Python's main thread, where signal handlers run.
#[allow(unsafe_code, reason = "the thread identifier comes from a C function of the interpreter")]
fn is_main_thread(py: Python<'_>) -> bool {
    match main_thread_ident(py) {
        // SAFETY: PyThread_get_thread_ident only reads the calling thread's identifier.
        Some(main) => main == unsafe { pyo3::ffi::PyThread_get_thread_ident() } as u64,
        None => false,
    }
}

/// `threading.main_thread().ident`, asked once per process: a call on every page would cost
/// more than some pages' extraction. A forked child asks again (the thread that forked is
/// its main thread).
fn main_thread_ident(py: Python<'_>) -> Option<u64> {
    static MAIN: Mutex<Option<(u32, u64)>> = Mutex::new(None);
    let process = std::process::id();
    // The lock is never held across Python code (which may let another thread run and wait
    // for it while holding the GIL).
    let known = *MAIN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, ident)) = known.filter(|(pid, _)| *pid == process) {
        return Some(ident);
    }
    let ident = py.import("threading").and_then(|t| t.call_method0("main_thread")?.getattr("ident")?.extract()).ok()?;
    *MAIN.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some((process, ident));
    Some(ident)
}

/// What a started call's interruption was: the exception a signal handler raised, or the
/// timeout.
#[derive(Debug)]
pub struct Interruption {
    raised: Arc<Mutex<Option<PyErr>>>,
    timeout: Option<f64>,
}

impl Interruption {
    /// The exception a signal handler raised during the call (`KeyboardInterrupt`), if any.
    pub fn raised(&self) -> Option<PyErr> {
        self.raised.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take()
    }

    /// Whether a signal handler raised during the call (what [`Interruption::raised`] would
    /// give). Needs no GIL.
    pub fn pending(&self) -> bool {
        self.raised.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).is_some()
    }

    /// The exception for an extraction error: the signal's own when one interrupted the call,
    /// [`ExtractionTimeout`] when the timeout did, else the error's.
    pub fn error(&self, error: Error) -> PyErr {
        match error {
            Error::Interrupted => match self.raised() {
                Some(raised) => raised,
                None => ExtractionTimeout::new_err(match self.timeout {
                    Some(seconds) => format!("the call took longer than its timeout of {seconds} s"),
                    None => error.to_string(),
                }),
            },
            other => from_extract(other),
        }
    }
}

/// The limits a call was given: `None` (the defaults), a `Limits`, or a dict of its keywords.
pub(crate) fn resolve(limits: Option<&Bound<'_, PyAny>>) -> PyResult<CallLimits> {
    let Some(limits) = limits.filter(|value| !value.is_none()) else { return Ok(CallLimits::default()) };
    if let Ok(limits) = limits.cast::<PyLimits>() {
        return Ok(limits.get().to_call());
    }
    if let Ok(keywords) = limits.cast::<PyDict>() {
        let class = limits.py().get_type::<PyLimits>();
        let made = class.call((), Some(keywords))?;
        return Ok(made.cast::<PyLimits>().map_err(PyErr::from)?.get().to_call());
    }
    Err(PyTypeError::new_err("limits must be a harvest_html.Limits or a dict of its keywords"))
}

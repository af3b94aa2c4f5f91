//! JSON values to Python objects, without recursion.
//!
//! The extractors' JSON nests about three levels per nested item (item, `properties`, a
//! property's list), and pages nest items hundreds deep below the parser's depth bound, so a
//! recursive conversion (or `json.loads`, with its recursion limit) would fail on pages the
//! Rust crates handle. Containers are created empty, attached to their parent at once (Python
//! containers are references), and filled from an explicit stack; children are pushed in
//! reverse so that they are attached in document order, which keeps dict keys in the JSON's
//! order.

use crate::errors::ExtractionTimeout;
use crate::limits::Interruption;
use harvest_dom::Deadline;
use harvest_html::Error;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PySequence};
use pythonize::{PythonizeListType, PythonizeMappingType, PythonizeTypes, PythonizeUnnamedMappingAdapter};
use serde::Serialize;
use serde_json::Value;
use std::cell::RefCell;

/// Values converted between two looks at the deadline: a look costs a clock read (and, every
/// few milliseconds, a signal check), a value well under a microsecond.
const VALUES_PER_CHECK: usize = 1024;

/// The call's deadline, looked at while its output is converted: the timeout and Ctrl-C cover
/// the conversion too, which for a large output can take longer than the extraction.
pub(crate) struct Stop<'a> {
    pub deadline: &'a Deadline,
    pub interruption: &'a Interruption,
}

impl Stop<'_> {
    /// The exception to raise when the deadline has passed (or a signal handler raised).
    pub(crate) fn check(&self) -> PyResult<()> {
        if self.deadline.is_expired() {
            return Err(self.interruption.error(Error::Interrupted));
        }
        Ok(())
    }

    /// The call's last look before it returns: the deadline passed, or a signal handler
    /// raised, at any point of the call. A signal is taken from the interpreter where the
    /// work looks at the deadline, and a walk that stops there (the links read as they are
    /// converted, a short output's conversion that never reached a check) must not return
    /// as if complete: the exception is raised, never dropped.
    pub(crate) fn finish(&self) -> PyResult<()> {
        if self.interruption.pending() || self.deadline.is_expired() {
            return Err(self.interruption.error(Error::Interrupted));
        }
        Ok(())
    }
}

/// Where a converted value goes.
enum Slot<'py, 'v> {
    Top,
    List(Bound<'py, PyList>),
    Dict(Bound<'py, PyDict>, &'v str),
}

/// The Python object for `value`: dicts, lists, str, int (or float past 64 bits), float,
/// bool and None. Stops with the call's exception (`ExtractionTimeout`, or what a signal
/// handler raised) as soon as `stop`'s deadline passes.
pub(crate) fn to_python<'py>(py: Python<'py>, value: &Value, stop: &Stop<'_>) -> PyResult<Bound<'py, PyAny>> {
    let mut top: Option<Bound<'py, PyAny>> = None;
    let mut stack: Vec<(&Value, Slot<'py, '_>)> = vec![(value, Slot::Top)];
    let mut converted = 0usize;
    while let Some((value, slot)) = stack.pop() {
        converted += 1;
        if converted.is_multiple_of(VALUES_PER_CHECK) {
            stop.check()?;
        }
        let object: Bound<'py, PyAny> = match value {
            Value::Null => py.None().into_bound(py),
            Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
            Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
                (Some(i), _, _) => i.into_pyobject(py)?.into_any(),
                (None, Some(u), _) => u.into_pyobject(py)?.into_any(),
                (None, None, f) => f.unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
            },
            Value::String(s) => s.into_pyobject(py)?.into_any(),
            Value::Array(items) => {
                let list = PyList::empty(py);
                stack.extend(items.iter().rev().map(|item| (item, Slot::List(list.clone()))));
                list.into_any()
            }
            Value::Object(members) => {
                let dict = PyDict::new(py);
                stack.extend(members.iter().rev().map(|(key, item)| (item, Slot::Dict(dict.clone(), key.as_str()))));
                dict.into_any()
            }
        };
        match slot {
            Slot::Top => top = Some(object),
            Slot::List(list) => list.append(object)?,
            Slot::Dict(dict, key) => dict.set_item(key, object)?,
        }
    }
    Ok(top.unwrap_or_else(|| py.None().into_bound(py)))
}

/// The Python object of a JSON text through Python's own `json.loads`, which keeps integers
/// of any size exact (a `serde_json::Value` holds those beyond 64 bits as floats). The texts
/// come checked by serde_json, whose nesting limit (128) is far below Python's recursion
/// limit.
pub(crate) fn from_json_text<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    static LOADS: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
    let loads = LOADS.get_or_try_init(py, || py.import("json")?.getattr("loads").map(Bound::unbind))?;
    loads.bind(py).call1((text,))
}

thread_local! {
    /// The deadline of the conversion running on this thread ([`serialized`]), the values
    /// converted so far, and whether it has passed.
    static WATCHED: RefCell<Option<Watch>> = const { RefCell::new(None) };
}

struct Watch {
    deadline: Deadline,
    converted: usize,
    stopped: bool,
}

/// Counts `values` converted on this thread and looks at the deadline each
/// [`VALUES_PER_CHECK`] values: an error once it has passed (the caller raises its own).
fn counted(values: usize) -> PyResult<()> {
    let due = WATCHED.with_borrow_mut(|watch| {
        let watch = watch.as_mut()?;
        let before = watch.converted / VALUES_PER_CHECK;
        watch.converted += values;
        (watch.converted / VALUES_PER_CHECK != before).then(|| watch.deadline.clone())
    });
    // Looked at outside the borrow: the look may run a signal handler (Python code).
    if due.is_some_and(|deadline| deadline.is_expired()) {
        WATCHED.with_borrow_mut(|watch| watch.iter_mut().for_each(|watch| watch.stopped = true));
        return Err(ExtractionTimeout::new_err("stopped"));
    }
    Ok(())
}

/// Python dicts whose entries are counted against the deadline.
pub(crate) struct WatchedDict;

impl PythonizeMappingType for WatchedDict {
    type Builder<'py> = Bound<'py, PyDict>;

    fn builder<'py>(py: Python<'py>, _len: Option<usize>) -> PyResult<Bound<'py, PyDict>> {
        Ok(PyDict::new(py))
    }

    fn push_item<'py>(dict: &mut Self::Builder<'py>, key: Bound<'py, PyAny>, value: Bound<'py, PyAny>) -> PyResult<()> {
        counted(1)?;
        dict.set_item(key, value)
    }

    fn finish<'py>(dict: Self::Builder<'py>) -> PyResult<Bound<'py, PyMapping>> {
        Ok(dict.into_mapping())
    }
}

/// Python lists whose items are counted against the deadline.
pub(crate) struct WatchedList;

impl PythonizeListType for WatchedList {
    fn create_sequence<'py, T, U>(
        py: Python<'py>,
        elements: impl IntoIterator<Item = T, IntoIter = U>,
    ) -> PyResult<Bound<'py, PySequence>>
    where
        T: IntoPyObject<'py>,
        U: ExactSizeIterator<Item = T>,
    {
        let list = PyList::new(py, elements)?;
        counted(list.len())?;
        Ok(list.into_sequence())
    }
}

/// pythonize's serializer with the watched dicts and lists.
pub(crate) struct Watched;

impl PythonizeTypes for Watched {
    type Map = WatchedDict;
    type NamedMap = PythonizeUnnamedMappingAdapter<WatchedDict>;
    type List = WatchedList;
}

/// Puts back the watch of an enclosing conversion (a signal handler's call) when done.
struct Restore(Option<Watch>);

impl Drop for Restore {
    fn drop(&mut self) {
        let outer = self.0.take();
        WATCHED.with_borrow_mut(|watch| *watch = outer);
    }
}

/// The Python object of a serde value, serialized straight into Python objects (dicts, lists,
/// str, int, float, bool, None), as its JSON would read: no JSON value tree between. Stops
/// with the call's exception as soon as `stop`'s deadline passes (looked at every
/// [`VALUES_PER_CHECK`] dict entries and list items). The serializer recurses as the value's
/// `Serialize` does, as deep as the command's JSON writer does on the same value (the
/// extractors' output nests within the parser's depth bound). A value serialized as a tuple
/// becomes a tuple: callers give values without tuples.
pub(crate) fn serialized<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    value: &T,
    stop: &Stop<'_>,
) -> PyResult<Bound<'py, PyAny>> {
    let watch = Watch { deadline: stop.deadline.clone(), converted: 0, stopped: false };
    let _restore = Restore(WATCHED.with_borrow_mut(|current| current.replace(watch)));
    let converted = pythonize::pythonize_custom::<Watched, T>(py, value);
    let stopped = WATCHED.with_borrow(|watch| watch.as_ref().is_some_and(|watch| watch.stopped));
    if stopped {
        return Err(stop.interruption.error(Error::Interrupted));
    }
    converted.map_err(PyErr::from)
}

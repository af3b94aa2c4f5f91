//! JSON values to Python objects, without recursion.
//!
//! The extractors' JSON nests about three levels per nested item (item, `properties`, a
//! property's list), and pages nest items hundreds deep below the parser's depth bound, so a
//! recursive conversion (or `json.loads`, with its recursion limit) would fail on pages the
//! Rust crates handle. Containers are created empty, attached to their parent at once (Python
//! containers are references), and filled from an explicit stack; children are pushed in
//! reverse so that they are attached in document order, which keeps dict keys in the JSON's
//! order.

use crate::limits::Interruption;
use harvest_dom::Deadline;
use harvest_html::Error;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

/// Values converted between two looks at the deadline: a look costs a clock read (and, every
/// few milliseconds, a signal check), a value well under a microsecond.
const VALUES_PER_CHECK: usize = 1024;

/// The call's deadline, looked at while its output is converted: the timeout and Ctrl-C cover
/// the conversion too, which for a large output can take longer than the extraction.
pub struct Stop<'a> {
    pub deadline: &'a Deadline,
    pub interruption: &'a Interruption,
}

impl Stop<'_> {
    /// The exception to raise when the deadline has passed (or a signal handler raised).
    pub fn check(&self) -> PyResult<()> {
        if self.deadline.is_expired() {
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
pub fn to_python<'py>(py: Python<'py>, value: &Value, stop: &Stop<'_>) -> PyResult<Bound<'py, PyAny>> {
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
pub fn from_json_text<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    static LOADS: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
    let loads = LOADS.get_or_try_init(py, || py.import("json")?.getattr("loads").map(Bound::unbind))?;
    loads.bind(py).call1((text,))
}

//! `iter_warc`: the HTML pages of a WARC archive, extracted one at a time.
//!
//! The archive is read by harvest-pipeline's reader, so a damaged archive gives its good pages,
//! then one item carrying the error (where the archive broke), as the `harvest` command does.
//! Reading and extracting run without the GIL; a Python file object is read through its
//! `read` method, which takes the GIL back for each chunk.

use crate::convert::to_python;
use crate::errors::WarcError;
use harvest_pipeline::extract::{AllOptions, Extraction, Output, Syntax};
use harvest_pipeline::warc::WarcPages;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::Mutex;

/// A binary Python file object as a Rust reader.
struct PyFileReader {
    file: Py<PyAny>,
}

impl Read for PyFileReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let chunk = self.file.bind(py).call_method1("read", (buf.len(),)).map_err(io::Error::other)?;
            let bytes = chunk
                .cast::<PyBytes>()
                .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the file's read() did not return bytes"))?
                .as_bytes();
            let n = bytes.len().min(buf.len());
            buf[..n].copy_from_slice(&bytes[..n]);
            Ok(n)
        })
    }
}

/// One page's result, computed without the GIL.
enum Item {
    Page { url: Option<String>, status: Option<u16>, bytes: usize, counts: Vec<(&'static str, usize)>, data: Data },
    Damage(String),
}

/// A page's data: the `all` record, or each member as JSON text (`as_json`), or the error.
enum Data {
    Record(serde_json::Value),
    Texts(Vec<(String, String)>),
    Failed(String),
}

/// Iterator over the HTML pages of a WARC archive: each item is a dict
/// `{"url", "status", "bytes", "counts", "data", "error"}`, `bytes` the size of the page's
/// HTML, `counts` how much each syntax found, and `data` what `extract` gives for the page
/// (with `as_json`, each of its members as JSON text).
#[pyclass(module = "harvest_html._harvest", name = "WarcIterator")]
pub struct WarcIterator {
    /// `None` once the archive is done. A Python object can be reached from any thread, so
    /// the reader sits behind a lock (taken by one `__next__` at a time).
    pages: Mutex<Option<WarcPages>>,
    extraction: Extraction,
    /// Give each syntax's JSON as text instead of Python objects.
    as_json: bool,
}

impl WarcIterator {
    pub fn open(source: &Bound<'_, PyAny>, options: AllOptions, as_json: bool) -> PyResult<WarcIterator> {
        let extraction = Extraction::All(options);
        if let Ok(path) = source.extract::<PathBuf>() {
            let pages = source.py().detach(|| WarcPages::open(&path)).map_err(|e| WarcError::new_err(e.to_string()))?;
            return Ok(WarcIterator { pages: Mutex::new(Some(pages)), extraction, as_json });
        }
        if !source.hasattr("read")? {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "iter_warc() takes a path (str or os.PathLike) or a binary file object",
            ));
        }
        // gzip is told by its first two bytes, which are then read again.
        let mut reader = PyFileReader { file: source.clone().unbind() };
        let mut magic = [0u8; 2];
        let mut seen = 0;
        while seen < magic.len() {
            match reader.read(&mut magic[seen..]) {
                Ok(0) => break,
                Ok(n) => seen += n,
                Err(e) => return Err(WarcError::new_err(e.to_string())),
            }
        }
        let gzip = magic[..seen] == [0x1f, 0x8b];
        let name =
            source.getattr("name").ok().and_then(|n| n.extract::<String>().ok()).unwrap_or_else(|| "<file>".into());
        let reader = io::Cursor::new(magic[..seen].to_vec()).chain(reader);
        Ok(WarcIterator { pages: Mutex::new(Some(WarcPages::from_reader(reader, gzip, &name))), extraction, as_json })
    }
}

#[pymethods]
impl WarcIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let (extraction, as_json) = (&self.extraction, self.as_json);
        let pages = &self.pages;
        let item = py.detach(|| {
            let mut guard = pages.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let next = guard.as_mut()?.next();
            if next.is_none() {
                *guard = None;
            }
            next.map(|page| match page {
                Ok(page) => {
                    let (counts, data) = match extraction.run(&page) {
                        Ok(Output::Json(record)) => (counts_of(&record), data_of(record, as_json)),
                        Ok(Output::Text(text)) => (Vec::new(), Data::Record(serde_json::Value::String(text))),
                        Err(error) => (Vec::new(), Data::Failed(error.to_string())),
                    };
                    Item::Page { url: page.url, status: page.status, bytes: page.bytes.len(), counts, data }
                }
                Err(error) => Item::Damage(error.to_string()),
            })
        });
        let Some(item) = item else { return Ok(None) };
        let dict = PyDict::new(py);
        match item {
            Item::Page { url, status, bytes, counts, data } => {
                dict.set_item("url", url)?;
                dict.set_item("status", status)?;
                dict.set_item("bytes", bytes)?;
                let count_dict = PyDict::new(py);
                for (syntax, count) in counts {
                    count_dict.set_item(syntax, count)?;
                }
                dict.set_item("counts", count_dict)?;
                match data {
                    Data::Record(value) => {
                        dict.set_item("data", to_python(py, &value)?)?;
                        dict.set_item("error", py.None())?;
                    }
                    Data::Texts(texts) => {
                        let text_dict = PyDict::new(py);
                        for (key, text) in texts {
                            text_dict.set_item(key, text)?;
                        }
                        dict.set_item("data", text_dict)?;
                        dict.set_item("error", py.None())?;
                    }
                    Data::Failed(message) => {
                        dict.set_item("data", py.None())?;
                        dict.set_item("error", message)?;
                    }
                }
            }
            Item::Damage(message) => {
                dict.set_item("url", py.None())?;
                dict.set_item("status", py.None())?;
                dict.set_item("bytes", 0)?;
                dict.set_item("counts", PyDict::new(py))?;
                dict.set_item("data", py.None())?;
                dict.set_item("error", message)?;
            }
        }
        Ok(Some(dict.into_any().unbind()))
    }
}

/// How much each syntax of an `all` record found.
fn counts_of(record: &serde_json::Value) -> Vec<(&'static str, usize)> {
    Syntax::ALL
        .iter()
        .filter_map(|syntax| record.get(syntax.name()).map(|value| (syntax.name(), syntax.count(value))))
        .collect()
}

/// The record as Python will get it: as it is, or (`as_json`) each member as JSON text,
/// written here without the GIL.
fn data_of(record: serde_json::Value, as_json: bool) -> Data {
    match record {
        serde_json::Value::Object(members) if as_json => {
            Data::Texts(members.iter().map(|(key, value)| (key.clone(), value.to_string())).collect())
        }
        other => Data::Record(other),
    }
}

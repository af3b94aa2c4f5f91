//! `iter_warc`: the HTML pages of a WARC or ARC archive, extracted one at a time.
//!
//! The archive is read by harvest-pipeline's reader, so a damaged archive gives its good pages,
//! then one item carrying the error (where the archive broke), as the `harvest` command does;
//! what it is (WARC or ARC, gzipped or not, or neither) is told by its first bytes, by the
//! same function the command uses (`harvest_pipeline::warc::sniff`).
//! Reading and extracting run without the GIL; a Python file object is read through its
//! `read` method, which takes the GIL back for each chunk.

use crate::errors::{ExtractionTimeout, WarcError};
use crate::limits::CallLimits;
use crate::record::{Record, Texts};
use harvest_html::jsonld_blocks::Reading;
use harvest_html::{Error, Extractor, Limits};
use harvest_pipeline::warc::{WarcCounts, WarcError as ArchiveError, WarcOrigin, WarcPages};
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

/// What `iter_warc` was asked for.
pub struct Settings {
    pub extractor: Extractor,
    pub reading: Reading,
    pub limits: CallLimits,
    pub form: DataForm,
    /// Each page's dataset of every RDF syntax too, written so (`graph=`).
    pub graph: Option<harvest_html::output::GraphOutput>,
    /// Each page's check too (`check=True`).
    pub check: Option<harvest_html::output::CheckOptions>,
}

impl Settings {
    /// The members a record holds past the syntaxes, each with its count: `graph`, `check`.
    pub fn extra_members(&self) -> Vec<&'static str> {
        self.graph.is_some().then_some("graph").into_iter().chain(self.check.is_some().then_some("check")).collect()
    }
}

/// What an item's `data` holds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DataForm {
    /// The record as Python objects.
    Objects,
    /// Each member's JSON text as `str` (`as_json=True`).
    JsonText,
    /// Each member's JSON text as UTF-8 `bytes` (`as_json="bytes"`).
    JsonBytes,
}

/// What an item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A page and its data.
    Page,
    /// A page whose extraction failed (a limit): its error.
    Failed,
    /// A response record that gave no page (a body that does not decode, no type and no
    /// HTML): why.
    Skipped,
    /// Where the archive (or a gzip member of it) broke.
    Damaged,
}

impl Kind {
    /// The item's `kind`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Page => "page",
            Kind::Failed => "failed",
            Kind::Skipped => "skipped",
            Kind::Damaged => "damaged",
        }
    }
}

/// One item, computed without the GIL: a page (its record, or the error of its extraction),
/// a skipped record, or the damage that ends an archive (or a part of it).
pub(crate) struct Item {
    pub kind: Kind,
    pub url: Option<String>,
    pub status: Option<u16>,
    pub bytes: usize,
    pub origin: Option<WarcOrigin>,
    pub data: Result<Data, String>,
}

/// A page's data: its record, or each member as JSON text (`as_json`).
pub(crate) enum Data {
    /// Boxed: a typed record is large, the texts small.
    Record(Box<Record>),
    Texts(Texts),
}

/// An archive being read, from any thread: the reader and what it has counted. A Python
/// object can be reached from any thread, so they sit behind a lock (taken by one `__next__`
/// at a time).
pub(crate) struct Archive {
    state: Mutex<State>,
}

struct State {
    /// `None` once the archive is done.
    pages: Option<WarcPages>,
    /// The counts when the archive was done.
    counts: WarcCounts,
}

impl Archive {
    /// Opens a path (str or os.PathLike) or a binary file object.
    pub(crate) fn open(source: &Bound<'_, PyAny>) -> PyResult<Archive> {
        let pages = open_pages(source)?;
        Ok(Archive { state: Mutex::new(State { pages: Some(pages), counts: WarcCounts::default() }) })
    }

    /// The next item, its page extracted as `settings` say within `limits`; `None` at the
    /// end of the archive. Runs without the GIL.
    pub(crate) fn next_item(&self, settings: &Settings, limits: &Limits) -> Option<Item> {
        let mut guard = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let pages = guard.pages.as_mut()?;
        let next = pages.next();
        if next.is_none() {
            guard.counts = pages.counts();
            guard.pages = None;
        }
        drop(guard);
        next.map(|page| match page {
            Ok(page) => {
                let (extractor, reading) = (&settings.extractor, settings.reading);
                let data = match settings.form {
                    DataForm::Objects => Record::extract(
                        &page,
                        extractor,
                        reading,
                        limits,
                        settings.graph.as_ref(),
                        settings.check.as_ref(),
                    )
                    .map(|record| Data::Record(Box::new(record))),
                    _ => Record::texts(
                        &page,
                        extractor,
                        reading,
                        limits,
                        settings.graph.as_ref(),
                        settings.check.as_ref(),
                    )
                    .map(Data::Texts),
                };
                Item {
                    kind: if data.is_ok() { Kind::Page } else { Kind::Failed },
                    url: page.url,
                    status: page.status,
                    bytes: page.bytes.len(),
                    origin: page.warc,
                    data: data.map_err(|error| error.to_string()),
                }
            }
            Err(error) => {
                let message = error.to_string();
                match error {
                    ArchiveError::Skipped { url, status, origin, .. } => {
                        Item { kind: Kind::Skipped, url, status, bytes: 0, origin: Some(*origin), data: Err(message) }
                    }
                    _ => Item {
                        kind: Kind::Damaged,
                        url: None,
                        status: None,
                        bytes: 0,
                        origin: None,
                        data: Err(message),
                    },
                }
            }
        })
    }

    /// What the archive held so far, as `counts` gives it.
    pub(crate) fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let state = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let counts = state.pages.as_ref().map_or(state.counts, WarcPages::counts);
        let dict = PyDict::new(py);
        dict.set_item("records", counts.records)?;
        dict.set_item("responses", counts.responses)?;
        dict.set_item("pages", counts.pages)?;
        dict.set_item("skipped", counts.skipped)?;
        dict.set_item("not_html", counts.not_html)?;
        dict.set_item("damaged", counts.damaged)?;
        Ok(dict)
    }
}

/// The reader of a path or a binary file object: a WARC or ARC archive, plain or gzipped as
/// its first bytes say; `WarcError` ("not a WARC or ARC file") when they say it is neither.
fn open_pages(source: &Bound<'_, PyAny>) -> PyResult<WarcPages> {
    if let Ok(path) = source.extract::<PathBuf>() {
        return source.py().detach(|| WarcPages::open(&path)).map_err(|e| WarcError::new_err(e.to_string()));
    }
    if !source.hasattr("read")? {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "iter_warc() takes a path (str or os.PathLike) or a binary file object",
        ));
    }
    let reader = PyFileReader { file: source.clone().unbind() };
    let name = source.getattr("name").ok().and_then(|n| n.extract::<String>().ok()).unwrap_or_else(|| "<file>".into());
    WarcPages::sniffed(reader, &name).map_err(|e| WarcError::new_err(e.to_string()))
}

/// Iterator over the HTML pages of a WARC archive: each item is a dict
/// `{"url", "status", "bytes", "counts", "data", "error"}`, `bytes` the size of the page's
/// HTML, `counts` how much each syntax found, and `data` what `extract` gives for the page
/// (with `as_json`, each of its members as JSON text).
#[pyclass(module = "harvest_html", name = "WarcIterator")]
pub struct WarcIterator {
    archive: Archive,
    settings: Settings,
}

impl WarcIterator {
    pub fn open(source: &Bound<'_, PyAny>, settings: Settings) -> PyResult<WarcIterator> {
        Ok(WarcIterator { archive: Archive::open(source)?, settings })
    }
}

#[pymethods]
impl WarcIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// What the archive held so far: ``records``, ``responses``, ``pages``, ``skipped``
    /// (responses that gave no page, each an item with its error), ``not_html`` (responses
    /// and resources of other media types), ``damaged``.
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.archive.counts(py)
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let (limits, interruption) = self.settings.limits.start(py);
        let item = py.detach(|| self.archive.next_item(&self.settings, &limits));
        // Ctrl-C during the page: the exception its handler raised, not an item.
        if let Some(raised) = interruption.raised() {
            return Err(raised);
        }
        let Some(item) = item else { return Ok(None) };
        let dict = PyDict::new(py);
        dict.set_item("kind", item.kind.name())?;
        dict.set_item("url", item.url)?;
        dict.set_item("status", item.status)?;
        dict.set_item("bytes", item.bytes)?;
        let counts = PyDict::new(py);
        match item.data {
            Ok(Data::Record(record)) => {
                dict.set_item("counts", &counts)?;
                // The page's deadline covers its conversion too: past it, the page fails as
                // one stopped during its extraction does (Ctrl-C raises).
                let stop = crate::convert::Stop { deadline: &limits.deadline, interruption: &interruption };
                let converted = record.to_python(py, &stop);
                // Counted once converted: the streamed links are counted as they go.
                for (syntax, count) in record.counts() {
                    counts.set_item(syntax, count)?;
                }
                match converted {
                    Ok(data) => {
                        dict.set_item("data", data)?;
                        dict.set_item("error", py.None())?;
                    }
                    Err(error) if error.is_instance_of::<ExtractionTimeout>(py) => {
                        dict.set_item("data", py.None())?;
                        dict.set_item("error", Error::Interrupted.to_string())?;
                    }
                    Err(error) => return Err(error),
                }
            }
            Ok(Data::Texts(texts)) => {
                for (syntax, count) in &texts.counts {
                    counts.set_item(*syntax, count)?;
                }
                dict.set_item("counts", counts)?;
                let text_dict = PyDict::new(py);
                for (key, text) in texts.members() {
                    match self.settings.form {
                        DataForm::JsonBytes => text_dict.set_item(key, PyBytes::new(py, text.as_bytes()))?,
                        _ => text_dict.set_item(key, text)?,
                    }
                }
                dict.set_item("data", text_dict)?;
                dict.set_item("error", py.None())?;
            }
            Err(message) => {
                dict.set_item("counts", counts)?;
                dict.set_item("data", py.None())?;
                dict.set_item("error", message)?;
            }
        }
        let origin = item.origin.as_ref();
        dict.set_item("record", origin.map(|o| o.record))?;
        dict.set_item("record_id", origin.and_then(|o| o.record_id.as_deref()))?;
        dict.set_item("date", origin.and_then(|o| o.date.as_deref()))?;
        dict.set_item("ip", origin.and_then(|o| o.ip.as_deref()))?;
        dict.set_item("offset", origin.map(|o| o.offset))?;
        dict.set_item("length", origin.and_then(|o| o.length))?;
        dict.set_item("content_type", origin.and_then(|o| o.content_type.as_deref()))?;
        dict.set_item("truncated", origin.and_then(|o| o.truncated.as_deref()))?;
        dict.set_item("body_truncated", origin.is_some_and(|o| o.body_truncated))?;
        Ok(Some(dict.into_any().unbind()))
    }
}

//! `iter_warc_arrow`: the pages of a WARC archive as Arrow record batches, their columns
//! built here, without a Python object per page.
//!
//! A batch's pages are read and extracted without the GIL, each page's values appended to
//! its columns in Arrow's memory layout (the Arrow Columnar Format,
//! <https://arrow.apache.org/docs/format/Columnar.html>): a validity bitmap per column, the
//! fixed-size values of the number columns, the offsets and UTF-8 bytes of the text columns.
//! With the GIL, each buffer is handed to pyarrow where it lies (`pyarrow.foreign_buffer`,
//! owned by a Python object that frees it when pyarrow is done) and pyarrow assembles the
//! arrays from them (`pyarrow.Array.from_buffers`) without copying or reading the values.
//! Per page, that is the cost of writing its JSON texts once into their columns, where
//! `iter_warc(as_json="bytes")` builds a dict, a `bytes` per text, and the caller's rows and
//! arrays after it.
//!
//! A text column's offsets are 32-bit (Arrow's `string`, what Spark reads): a batch ends
//! before a page whose texts would take a column past 2 GiB, and a page whose own text is
//! beyond that is a `failed` row saying so, never cut.

use crate::limits::{Interruption, PageLimits};
use crate::record::Texts;
use crate::warc::{Archive, Data, Item, Kind, Settings};
use harvest_html::Syntax;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use std::sync::Mutex;

/// A batch ends once its texts reach this many bytes, whatever its rows: a batch's memory
/// stays bounded on pages with large data.
const BATCH_TEXT_BYTES: usize = 64 << 20;

/// The most bytes a text column of one batch holds: its offsets are `i32`.
const TEXT_COLUMN_BYTES: usize = i32::MAX as usize;

/// The columns every batch has, before the syntaxes' (see [`columns`]).
const ITEM_COLUMNS: [(&str, Type, bool); 14] = [
    ("kind", Type::Text, false),
    ("url", Type::Text, true),
    ("status", Type::Int32, true),
    ("bytes", Type::Int64, false),
    ("error", Type::Text, true),
    ("record", Type::Int64, true),
    ("record_id", Type::Text, true),
    ("date", Type::Text, true),
    ("ip", Type::Text, true),
    ("offset", Type::Int64, true),
    ("length", Type::Int64, true),
    ("content_type", Type::Text, true),
    ("truncated", Type::Text, true),
    ("body_truncated", Type::Bool, false),
];

/// A column's Arrow type.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Type {
    /// `string`: UTF-8, 32-bit offsets.
    Text,
    Int32,
    Int64,
    /// `bool`: one bit per row, least significant first ("Fixed-size Primitive Layout").
    Bool,
}

impl Type {
    /// pyarrow's name for it (a function of the `pyarrow` module).
    fn pyarrow(self) -> &'static str {
        match self {
            Type::Text => "string",
            Type::Int32 => "int32",
            Type::Int64 => "int64",
            Type::Bool => "bool_",
        }
    }
}

/// A column's name, type and whether it holds nulls: the item's columns, then for each
/// syntax extracted (in [`Syntax::ALL`] order) its JSON text (`microdata`, `json-ld`, ...)
/// and its count (`microdata_count`, ...), then `errors` (the JSON-LD blocks that are not
/// JSON, as `iter_warc`'s `data["errors"]`).
fn columns(syntaxes: &[Syntax], extra: &[&'static str]) -> Vec<(String, Type, bool)> {
    let mut columns: Vec<_> =
        ITEM_COLUMNS.iter().map(|&(name, ty, nullable)| (name.to_owned(), ty, nullable)).collect();
    for name in members(syntaxes, extra) {
        columns.push((name.to_owned(), Type::Text, true));
        columns.push((format!("{name}_count"), Type::Int64, false));
    }
    columns.push(("errors".to_owned(), Type::Text, true));
    columns
}

/// The members a row holds, each with its count: the syntaxes extracted (in [`Syntax::ALL`]
/// order), then `graph` when asked.
fn members<'a>(syntaxes: &'a [Syntax], extra: &'a [&'static str]) -> impl Iterator<Item = &'static str> + 'a {
    Syntax::ALL.into_iter().filter(|syntax| syntaxes.contains(syntax)).map(Syntax::name).chain(extra.iter().copied())
}

/// One value of a row, in its column's type.
enum Cell<'a> {
    Text(Option<&'a str>),
    Int(Option<i64>),
    Bool(bool),
}

/// A row of cells in [`columns`] order.
fn row<'a>(item: &'a Item, syntaxes: &[Syntax], extra: &[&'static str]) -> Vec<Cell<'a>> {
    let origin = item.origin.as_ref();
    let error = item.data.as_ref().err().map(String::as_str);
    let mut cells = vec![
        Cell::Text(Some(item.kind.name())),
        Cell::Text(item.url.as_deref()),
        Cell::Int(item.status.map(i64::from)),
        Cell::Int(Some(item.bytes as i64)),
        Cell::Text(error),
        Cell::Int(origin.map(|o| o.record as i64)),
        Cell::Text(origin.and_then(|o| o.record_id.as_deref())),
        Cell::Text(origin.and_then(|o| o.date.as_deref())),
        Cell::Text(origin.and_then(|o| o.ip.as_deref())),
        Cell::Int(origin.map(|o| o.offset as i64)),
        Cell::Int(origin.and_then(|o| o.length).map(|length| length as i64)),
        Cell::Text(origin.and_then(|o| o.content_type.as_deref())),
        Cell::Text(origin.and_then(|o| o.truncated.as_deref())),
        Cell::Bool(origin.is_some_and(|o| o.body_truncated)),
    ];
    let texts = match &item.data {
        Ok(Data::Texts(texts)) => Some(texts),
        _ => None,
    };
    let member = |key: &str| texts.and_then(|texts| texts.member(key));
    for name in members(syntaxes, extra) {
        let count = texts.and_then(|Texts { counts, .. }| counts.iter().find(|(member, _)| *member == name));
        cells.push(Cell::Text(member(name)));
        cells.push(Cell::Int(Some(count.map_or(0, |(_, count)| *count as i64))));
    }
    cells.push(Cell::Text(member("errors")));
    cells
}

/// One column of a batch being built: its validity bitmap and its values, each an Arrow
/// buffer.
struct Column {
    ty: Type,
    /// Bit `i` (least significant first) is set when row `i` has a value ("Validity bitmaps").
    validity: Vec<u8>,
    nulls: usize,
    /// The values (number columns, in native byte order), or a text column's offsets: row
    /// `i` is `data[offsets[i]..offsets[i + 1]]` ("Variable-size Binary Layout").
    values: Vec<u8>,
    /// A text column's UTF-8 bytes.
    data: Vec<u8>,
}

impl Column {
    fn new(ty: Type) -> Column {
        let values = if ty == Type::Text { 0i32.to_ne_bytes().to_vec() } else { Vec::new() };
        Column { ty, validity: Vec::new(), nulls: 0, values, data: Vec::new() }
    }

    fn push(&mut self, row: usize, cell: &Cell<'_>) {
        // A cell of another type than its column's is a null of the column's type (never
        // met: `row` and `columns` list the same columns), so the buffers stay well-formed.
        let (text, number) = match (self.ty, cell) {
            (Type::Text, Cell::Text(text)) => (*text, None),
            (Type::Int32 | Type::Int64, Cell::Int(number)) => (None, *number),
            (Type::Bool, Cell::Bool(flag)) => (None, Some(i64::from(*flag))),
            _ => (None, None),
        };
        if row.is_multiple_of(8) {
            self.validity.push(0);
            if self.ty == Type::Bool {
                self.values.push(0);
            }
        }
        if text.is_some() || number.is_some() {
            self.validity[row / 8] |= 1 << (row % 8);
        } else {
            self.nulls += 1;
        }
        match self.ty {
            Type::Text => {
                self.data.extend_from_slice(text.unwrap_or_default().as_bytes());
                // The batch was cut so that the column stays within i32 (`Batch::fits`).
                let end = i32::try_from(self.data.len()).unwrap_or(i32::MAX);
                self.values.extend_from_slice(&end.to_ne_bytes());
            }
            Type::Int32 => {
                let number = i32::try_from(number.unwrap_or(0)).unwrap_or(i32::MAX);
                self.values.extend_from_slice(&number.to_ne_bytes());
            }
            Type::Int64 => self.values.extend_from_slice(&number.unwrap_or(0).to_ne_bytes()),
            Type::Bool => {
                if number == Some(1) {
                    if let Some(bits) = self.values.last_mut() {
                        *bits |= 1 << (row % 8);
                    }
                }
            }
        }
    }
}

/// How large a column's buffers were, in bytes.
#[derive(Clone, Copy)]
struct Sizes {
    validity: usize,
    values: usize,
    data: usize,
}

/// The memory of one Arrow buffer, handed to pyarrow without a copy
/// (`pyarrow.foreign_buffer`, which keeps this object alive as long as the buffer). It is
/// never written again: the bytes stay where pyarrow was told they are.
#[pyclass(frozen, module = "harvest_html", name = "_ArrowMemory")]
struct ArrowMemory {
    bytes: Vec<u8>,
}

#[pymethods]
impl ArrowMemory {
    fn __len__(&self) -> usize {
        self.bytes.len()
    }
}

/// The rows of one batch, column by column.
struct Batch {
    columns: Vec<Column>,
    rows: usize,
    text_bytes: usize,
}

impl Batch {
    fn new(types: impl Iterator<Item = Type>) -> Batch {
        Batch { columns: types.map(Column::new).collect(), rows: 0, text_bytes: 0 }
    }

    /// A batch with room for as much as `sizes` (the last batch's) says, its text data at
    /// most [`BATCH_TEXT_BYTES`] ahead: most batches are then built without their buffers
    /// growing and copying themselves.
    fn with_room(types: impl Iterator<Item = Type>, sizes: &[Sizes]) -> Batch {
        let mut batch = Batch::new(types);
        for (column, sizes) in batch.columns.iter_mut().zip(sizes) {
            column.validity.reserve(sizes.validity);
            column.values.reserve(sizes.values);
            column.data.reserve(sizes.data.min(BATCH_TEXT_BYTES));
        }
        batch
    }

    fn sizes(&self) -> Vec<Sizes> {
        let sizes = |c: &Column| Sizes { validity: c.validity.len(), values: c.values.len(), data: c.data.len() };
        self.columns.iter().map(sizes).collect()
    }

    /// Whether a row's texts fit in its text columns.
    fn fits(&self, cells: &[Cell<'_>]) -> bool {
        self.columns.iter().zip(cells).all(|(column, cell)| match cell {
            Cell::Text(Some(text)) => column.data.len() + text.len() <= TEXT_COLUMN_BYTES,
            _ => true,
        })
    }

    fn push(&mut self, cells: &[Cell<'_>]) {
        for (column, cell) in self.columns.iter_mut().zip(cells) {
            column.push(self.rows, cell);
        }
        self.text_bytes +=
            cells.iter().map(|cell| if let Cell::Text(Some(t)) = cell { t.len() } else { 0 }).sum::<usize>();
        self.rows += 1;
    }
}

/// Iterator over the pages of a WARC archive as ``pyarrow.RecordBatch``es of up to
/// ``batch_rows`` rows, one per item of :func:`iter_warc` (a page, a failed page, a skipped
/// record, damage), with the columns of ``schema``. ``counts`` is :func:`iter_warc`'s.
#[pyclass(module = "harvest_html", name = "WarcBatches")]
pub struct WarcBatches {
    archive: Archive,
    settings: Settings,
    syntaxes: Vec<Syntax>,
    batch_rows: usize,
    /// The `pyarrow.Schema` of the batches.
    schema: Py<PyAny>,
    /// The sizes of the last batch's buffers, and an item read but left for the next batch
    /// (its texts did not fit in this one).
    state: Mutex<(Vec<Sizes>, Option<Item>)>,
}

impl WarcBatches {
    pub fn open(source: &Bound<'_, PyAny>, settings: Settings, batch_rows: usize) -> PyResult<WarcBatches> {
        if batch_rows == 0 {
            return Err(PyValueError::new_err("batch_rows must be at least 1"));
        }
        let py = source.py();
        let pyarrow = import_pyarrow(py)?;
        let syntaxes = settings.extractor.all_options().syntaxes.clone();
        let fields = PyList::empty(py);
        for (name, ty, nullable) in columns(&syntaxes, &settings.extra_members()) {
            let ty = pyarrow.call_method0(ty.pyarrow())?;
            fields.append(pyarrow.call_method1("field", (name, ty, nullable))?)?;
        }
        let schema = pyarrow.call_method1("schema", (fields,))?.unbind();
        let state = Mutex::new((Vec::new(), None));
        Ok(WarcBatches { archive: Archive::open(source)?, settings, syntaxes, batch_rows, schema, state })
    }

    /// The columns' types.
    fn types(&self) -> impl Iterator<Item = Type> {
        columns(&self.syntaxes, &self.settings.extra_members()).into_iter().map(|(_, ty, _)| ty)
    }

    /// Reads and extracts the next batch's pages, without the GIL; stops early when a signal
    /// handler raised (`interruption`).
    fn fill(&self, batch: &mut Batch, pending: &mut Option<Item>, interruption: &Interruption, pages: &PageLimits) {
        while batch.rows < self.batch_rows && batch.text_bytes < BATCH_TEXT_BYTES {
            let item = match pending.take() {
                Some(item) => item,
                None => match self.archive.next_item(&self.settings, &pages.next_page()) {
                    Some(item) => item,
                    None => break,
                },
            };
            if interruption.pending() {
                break;
            }
            let cells = row(&item, &self.syntaxes, &self.settings.extra_members());
            if batch.fits(&cells) {
                batch.push(&cells);
            } else if batch.rows > 0 {
                drop(cells);
                *pending = Some(item);
                break;
            } else {
                // Alone in a batch and still too large for an Arrow string: the page is a
                // failed row that says so.
                let too_large = Item {
                    kind: Kind::Failed,
                    data: Err(format!(
                        "the page's JSON text is larger than an Arrow string column holds ({TEXT_COLUMN_BYTES} bytes)"
                    )),
                    ..item
                };
                batch.push(&row(&too_large, &self.syntaxes, &self.settings.extra_members()));
            }
        }
    }
}

/// The `pyarrow` module, or an `ImportError` saying what needs it.
fn import_pyarrow(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    py.import("pyarrow").map_err(|error| {
        pyo3::exceptions::PyImportError::new_err(format!(
            "iter_warc_arrow needs pyarrow (pip install pyarrow): {error}"
        ))
    })
}

#[pymethods]
impl WarcBatches {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The ``pyarrow.Schema`` of every batch.
    #[getter]
    fn schema(&self, py: Python<'_>) -> Py<PyAny> {
        self.schema.clone_ref(py)
    }

    /// What the archive held so far, as :attr:`WarcIterator.counts`.
    #[getter]
    fn counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.archive.counts(py)
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let (pages, interruption) = self.settings.limits.start_pages(py);
        // The lock is taken without the GIL: a thread holding it may need the GIL (a file
        // object's read, a signal check).
        let batch = py.detach(|| {
            let mut state = self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let (sizes, pending) = &mut *state;
            let mut batch = Batch::with_room(self.types(), sizes);
            self.fill(&mut batch, pending, &interruption, &pages);
            *sizes = batch.sizes();
            batch
        });
        // Ctrl-C during the batch: the exception its handler raised, not a batch.
        if let Some(raised) = interruption.raised() {
            return Err(raised);
        }
        if batch.rows == 0 {
            return Ok(None);
        }
        let pyarrow = import_pyarrow(py)?;
        let from_buffers = pyarrow.getattr("Array")?.getattr("from_buffers")?;
        let schema = self.schema.bind(py);
        let arrays = PyList::empty(py);
        // Each buffer's memory goes to pyarrow as it is: its address, its size, and the
        // object that owns it.
        let buffer = |bytes: Vec<u8>| {
            if bytes.is_empty() {
                return pyarrow.call_method1("py_buffer", (PyBytes::new(py, b""),));
            }
            let (address, size) = (bytes.as_ptr() as usize, bytes.len());
            let owner = Bound::new(py, ArrowMemory { bytes })?;
            pyarrow.call_method1("foreign_buffer", (address, size, owner))
        };
        let rows = batch.rows;
        for (index, column) in batch.columns.into_iter().enumerate() {
            let validity = if column.nulls > 0 { Some(buffer(column.validity)?) } else { None };
            let mut buffers = vec![validity, Some(buffer(column.values)?)];
            if column.ty == Type::Text {
                buffers.push(Some(buffer(column.data)?));
            }
            let ty = schema.call_method1("field", (index,))?.getattr("type")?;
            arrays.append(from_buffers.call1((ty, rows, buffers, column.nulls))?)?;
        }
        let keywords = PyDict::new(py);
        keywords.set_item("schema", schema)?;
        let record_batch = pyarrow.getattr("RecordBatch")?.call_method("from_arrays", (arrays,), Some(&keywords))?;
        Ok(Some(record_batch.unbind()))
    }
}

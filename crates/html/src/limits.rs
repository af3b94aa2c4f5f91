//! Bounds on one extraction's work and output, and the writer that keeps the output within
//! them.

use crate::error::Error;
use harvest_dom::{Deadline, Document};
use std::io::Write;

/// Bounds on the work and output of one extraction, for front ends that take pages from
/// strangers (`harvest serve`). The defaults are the libraries' own.
///
/// ```
/// use harvest_html::output::{Extraction, MicrodataOutput};
/// use harvest_html::Limits;
/// use harvest_html::Page;
/// let page = Page::new("-", b"<p itemscope><b itemprop=a>1</b><b itemprop=b>2</b>".to_vec(), None);
/// let limits = Limits::new().max_values(Some(1));
/// let mut out = Vec::new();
/// let error = Extraction::Microdata(MicrodataOutput::default()).write_limited(&page, &limits, &mut out);
/// assert!(error.is_err());
/// ```
///
/// A deadline stops the parse and the extractors' walks where they are; the extraction then
/// fails with [`Error::Interrupted`] instead of giving a partial output:
///
/// ```
/// use harvest_html::output::{AllOptions, Extraction};
/// use harvest_html::Error;
/// use harvest_html::Limits;
/// use harvest_html::Page;
/// use std::time::Duration;
/// let page = Page::new("-", "<div>".repeat(200_000).into_bytes(), None);
/// let limits = Limits::new().deadline(harvest_dom::Deadline::after(Duration::from_millis(1)));
/// let start = std::time::Instant::now();
/// let error = Extraction::All(AllOptions::default()).run_limited(&page, &limits).unwrap_err();
/// assert!(matches!(error, Error::Interrupted));
/// assert!(start.elapsed() < Duration::from_millis(500));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Element nesting the HTML tree builder sees at once
    /// ([`harvest_dom::ParseOptions::max_depth`]); deeper pages parse through a window.
    pub max_depth: usize,
    /// Most values one extraction writes: microdata JSON values
    /// ([`harvest_microdata::JsonOptions::max_values`]), mf2 values copied into nested items
    /// ([`harvest_mf2::Options::max_copied_values`]), RDF triples. `None`: each library's
    /// default.
    pub max_values: Option<usize>,
    /// Largest output, in bytes: the compact JSON or the text as written
    /// ([`Error::OutputTooLarge`] past it). `None`: no bound.
    pub max_output_bytes: Option<u64>,
    /// When to stop working ([`harvest_dom::Deadline`]; [`Error::Interrupted`]).
    /// Default: never.
    pub deadline: Deadline,
}

impl Limits {
    /// The defaults ([`Default`]); change them with the setters.
    ///
    /// ```
    /// use harvest_html::Limits;
    /// let limits = Limits::new().max_values(Some(1000)).max_output_bytes(Some(1 << 20));
    /// assert_eq!(limits.max_depth, harvest_dom::DEFAULT_MAX_DEPTH);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`Limits::max_depth`](Limits#structfield.max_depth).
    #[must_use]
    pub fn max_depth(mut self, max_depth: usize) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// Sets [`Limits::max_values`](Limits#structfield.max_values).
    #[must_use]
    pub fn max_values(mut self, max_values: Option<usize>) -> Self {
        self.max_values = max_values;
        self
    }

    /// Sets [`Limits::max_output_bytes`](Limits#structfield.max_output_bytes).
    #[must_use]
    pub fn max_output_bytes(mut self, max_output_bytes: Option<u64>) -> Self {
        self.max_output_bytes = max_output_bytes;
        self
    }

    /// Sets [`Limits::deadline`](Limits#structfield.deadline).
    #[must_use]
    pub fn deadline(mut self, deadline: Deadline) -> Self {
        self.deadline = deadline;
        self
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: harvest_dom::DEFAULT_MAX_DEPTH,
            max_values: None,
            max_output_bytes: None,
            deadline: Deadline::never(),
        }
    }
}

/// Bytes written between two looks at the deadline by [`BoundedWriter`].
const OUTPUT_BYTES_PER_CHECK: u64 = 64 * 1024;

/// The size of the blocks in which JSON output is passed to [`BoundedWriter`].
pub(crate) const OUTPUT_BLOCK: usize = 8 * 1024;

/// Passes an extraction's output on to `out` within [`Limits::max_output_bytes`] and
/// [`Limits::deadline`]; past either, writing fails and [`BoundedWriter::stopped`] says why.
pub(crate) struct BoundedWriter<'a> {
    out: &'a mut dyn Write,
    written: u64,
    next_check: u64,
    max_bytes: Option<u64>,
    deadline: &'a Deadline,
    pub(crate) stopped: Option<Error>,
}

impl<'a> BoundedWriter<'a> {
    pub(crate) fn new(out: &'a mut dyn Write, limits: &'a Limits) -> BoundedWriter<'a> {
        BoundedWriter {
            out,
            written: 0,
            next_check: OUTPUT_BYTES_PER_CHECK,
            max_bytes: limits.max_output_bytes,
            deadline: &limits.deadline,
            stopped: None,
        }
    }
}

impl Write for BoundedWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let written = self.written.saturating_add(bytes.len() as u64);
        if let Some(max_bytes) = self.max_bytes.filter(|&max| written > max) {
            self.stopped = Some(Error::OutputTooLarge { max_bytes });
        } else if written >= self.next_check {
            self.next_check = written.saturating_add(OUTPUT_BYTES_PER_CHECK);
            if self.deadline.is_expired() {
                self.stopped = Some(Error::Interrupted);
            }
        }
        if let Some(error) = &self.stopped {
            return Err(std::io::Error::other(error.to_string()));
        }
        self.out.write_all(bytes)?;
        self.written = written;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// The output's size against [`Limits::max_output_bytes`], for outputs built whole.
pub(crate) fn check_size(size: u64, limits: &Limits) -> Result<(), Error> {
    match limits.max_output_bytes {
        Some(max_bytes) if size > max_bytes => Err(Error::OutputTooLarge { max_bytes }),
        _ => Ok(()),
    }
}

/// An error when a walk over the page stopped at the deadline: what was read is partial.
pub(crate) fn check_interrupted(doc: &Document) -> Result<(), Error> {
    if doc.interrupted() {
        return Err(Error::Interrupted);
    }
    Ok(())
}

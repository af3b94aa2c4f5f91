//! Running an extraction over inputs: one page printed as it is, many pages as JSON Lines in
//! input order, spread over cores, with a progress bar when stderr is a terminal.

use crate::check::{self, CheckRun};
use harvest_html::output::{
    check_input, write_page_graph, CheckOptions, CrawlReport, Extraction, GraphFormat, GraphOutput, Output, PageCheck,
};
use harvest_html::Error;
use harvest_pipeline::input::{InputError, Pages, Source};
use harvest_pipeline::warc::{WarcError, WarcOrigin};
use harvest_pipeline::Page;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Exit codes (documented in `harvest --help`).
pub(crate) mod exit {
    /// Everything went well.
    pub(crate) const OK: u8 = 0;
    /// The page holds nothing the subcommand needs (no contact for `vcard`, ...).
    pub(crate) const NOTHING_FOUND: u8 = 1;
    /// `harvest check`: a page has an error (or, with `--deny warnings`, a warning).
    pub(crate) const CHECK_FAILED: u8 = 1;
    /// The command line is wrong.
    pub(crate) const USAGE: u8 = 2;
    /// An input could not be read (in a batch: at least one).
    pub(crate) const UNREADABLE: u8 = 3;
}

/// Options shared by every run.
pub(crate) struct RunOptions {
    /// Pretty-print JSON output.
    pub pretty: bool,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// `harvest check`: how its pages are written and its batches reported.
    pub check: Option<CheckRun>,
}

/// Writes the result of one page; returns the exit code. The output is produced in a buffer
/// first, so that a page that fails writes nothing.
pub(crate) fn run_single(
    page: &Page,
    extraction: &Extraction,
    options: &RunOptions,
    out: &mut dyn Write,
) -> std::io::Result<u8> {
    if let (Extraction::Check(check_options), Some(run)) = (extraction, &options.check) {
        let checked = check_one(page, check_options);
        let mut buffer = Vec::new();
        if run.text {
            check::write_text(&mut buffer, &page.label, &checked);
        } else if options.pretty {
            serde_json::to_writer_pretty(&mut buffer, &checked)?;
            buffer.push(b'\n');
        } else {
            serde_json::to_writer(&mut buffer, &checked)?;
            buffer.push(b'\n');
        }
        out.write_all(&buffer)?;
        return Ok(check::status(checked.fails(run.deny_warnings)));
    }
    let mut buffer = Vec::with_capacity(output_capacity(page));
    let written = extraction.write_noting(page, &mut buffer).map(|notes| {
        // What the output leaves out (itemref references dropped), said beside it.
        for note in notes {
            eprintln!("harvest: {}: note: {note}", page.label);
        }
    });
    match written {
        Ok(()) if extraction.is_json() => {
            if options.pretty {
                harvest_html::output::pretty::write(&buffer, out)?;
            } else {
                out.write_all(&buffer)?;
            }
            out.write_all(b"\n")?;
            Ok(exit::OK)
        }
        Ok(()) => {
            out.write_all(&buffer)?;
            Ok(exit::OK)
        }
        Err(Error::Io(error)) => Err(error),
        Err(error @ Error::NothingFound(_)) => {
            eprintln!("harvest: {}: {error}", page.label);
            Ok(exit::NOTHING_FOUND)
        }
        Err(error) => {
            eprintln!("harvest: {}: {error}", page.label);
            Ok(exit::UNREADABLE)
        }
    }
}

/// Checks a page (`harvest check`).
fn check_one(page: &Page, options: &CheckOptions) -> PageCheck {
    check_input(page, options, &harvest_html::Limits::default())
}

/// A page's part of a `check` batch: its diagnostics as text lines, or its JSON Lines record
/// `{"input", "url", "warc"?, "diagnostics", "features", "counts"}`.
fn write_check_page(line: &mut Vec<u8>, page: &Page, options: &CheckOptions, run: &CheckRun) -> PageCheck {
    let checked = check_one(page, options);
    if run.text {
        check::write_text(line, &page.label, &checked);
        return checked;
    }
    write_record_start(line, &page.label, page.url.as_deref(), page.warc.as_ref(), page.status);
    let members = serde_json::to_vec(&checked.report).unwrap_or_default();
    // The report's members, after the record's own: `{"diagnostics":…}` without its `{`.
    if members.len() > 2 {
        line.push(b',');
        line.extend_from_slice(&members[1..]);
    } else {
        line.push(b'}');
    }
    line.push(b'\n');
    checked
}

/// Room for a page's output: outputs are of the order of the page's size (`all` writes about
/// 0.9 bytes per byte of HTML), so reserving that saves growing the buffer step by step, and
/// costs no memory until it is written (large allocations are mapped lazily).
fn output_capacity(page: &Page) -> usize {
    page.bytes.len().saturating_add(1024)
}

/// Appends a page's JSON Lines record to `line`: `{"input", "url", "warc"?, "<name>": ...}`
/// (`warc` for a page of an archive: its record ID, date, IP address, offset, length, HTTP
/// content type and status, whether it or its body was truncated), or `"nothing_found"` / `"error"` with the message in place of the output. The output
/// is serialized straight into the line. Returns whether the page failed.
fn write_record(line: &mut Vec<u8>, page: &Page, extraction: &Extraction) -> bool {
    write_record_start(line, &page.label, page.url.as_deref(), page.warc.as_ref(), page.status);
    let before_output = line.len();
    let _ = write!(line, ",\"{}\":", extraction.name());
    let result = if extraction.is_json() {
        extraction.write(page, line)
    } else {
        // A text format is a JSON string in the record.
        match extraction.run(page) {
            Ok(Output::Text(text)) => serde_json::to_writer(&mut *line, &text).map_err(|e| Error::Io(e.into())),
            Ok(Output::Json(value)) => serde_json::to_writer(&mut *line, &value).map_err(|e| Error::Io(e.into())),
            Err(error) => Err(error),
            Ok(other) => Err(Error::Io(std::io::Error::other(format!("an output of unknown form: {other:?}")))),
        }
    };
    let (key, message, failed) = match result {
        Ok(()) => {
            line.extend_from_slice(b"}\n");
            return false;
        }
        Err(error @ Error::NothingFound(_)) => ("nothing_found", error.to_string(), false),
        Err(error) => ("error", error.to_string(), true),
    };
    // Take back what was written of the output and say why there is none.
    line.truncate(before_output);
    let _ = write!(line, ",\"{key}\":");
    let _ = serde_json::to_writer(&mut *line, &message);
    line.extend_from_slice(b"}\n");
    failed
}

/// `{"input":…,"url":…` of a record, and `"warc":…` for a page of an archive: where its
/// record is, and the HTTP status of its response.
fn write_record_start(
    line: &mut Vec<u8>,
    label: &str,
    url: Option<&str>,
    warc: Option<&WarcOrigin>,
    status: Option<u16>,
) {
    line.extend_from_slice(b"{\"input\":");
    let _ = serde_json::to_writer(&mut *line, label);
    line.extend_from_slice(b",\"url\":");
    let _ = serde_json::to_writer(&mut *line, &url);
    if let Some(origin) = warc {
        line.extend_from_slice(b",\"warc\":");
        if serde_json::to_writer(&mut *line, origin).is_ok() && line.last() == Some(&b'}') {
            // The object's last member, after those of the origin.
            line.pop();
            line.extend_from_slice(b",\"status\":");
            let _ = serde_json::to_writer(&mut *line, &status);
            line.push(b'}');
        }
    }
}

/// The record of an input that could not be read: `{"input", "error"}`; a WARC record that
/// was skipped also has its `url` and `warc`.
fn write_error_record(line: &mut Vec<u8>, error: &InputError, label: &str) {
    match error {
        InputError::Warc(WarcError::Skipped { url, origin, status, .. }) => {
            write_record_start(line, label, url.as_deref(), Some(origin), *status);
        }
        _ => {
            line.extend_from_slice(b"{\"input\":");
            let _ = serde_json::to_writer(&mut *line, label);
        }
    }
    line.extend_from_slice(b",\"error\":");
    let _ = serde_json::to_writer(&mut *line, &error.to_string());
    line.extend_from_slice(b"}\n");
}

/// How a source is named in its records.
pub(crate) fn label_of(source: &Source) -> String {
    match source {
        Source::Stdin => "-".to_owned(),
        Source::File(path) | Source::Warc(path) => path.display().to_string(),
        Source::Url(url) => url.clone(),
        other => format!("{other:?}"),
    }
}

/// The inputs of a batch: each source's name and its pages, opened as the batch reaches it.
pub(crate) type Inputs<'a> = Box<dyn Iterator<Item = (String, Pages)> + Send + 'a>;

/// Runs over many inputs, writing one JSON line per page in input order; returns the exit code.
///
/// With `--jobs 1`, each page is read, extracted and written in turn on this thread. Otherwise
/// a pipeline: the workers of a thread pool take the next input in turn (reading it is part of
/// the work they share), extract and serialise it, and hand the finished line to this thread,
/// which writes the lines in input order. No worker waits for another's page: a slow page only
/// holds back the *writing* of the lines after it. Pages read but not yet written hold at most
/// [`READ_AHEAD_BYTES_PER_WORKER`] bytes per worker (the oldest unwritten page always goes
/// ahead), which bounds memory.
pub(crate) fn run_batch(
    inputs: Inputs<'_>,
    extraction: &Extraction,
    options: &RunOptions,
    out: &mut dyn Write,
) -> std::io::Result<u8> {
    let progress = progress_bar();
    let mut tally = Tally {
        pages: 0,
        errors: 0,
        skipped: 0,
        bytes: 0,
        quads: 0,
        started: Instant::now(),
        unreadable: false,
        crawl: CrawlReport::default(),
        check_failed: false,
        deny_warnings: options.check.as_ref().is_some_and(|run| run.deny_warnings),
    };
    // Responses of the archives that hold no HTML (images, scripts, DNS lookups...).
    let not_html = AtomicU64::new(0);
    let mut lines = Lines { tally: &mut tally, progress: &progress, out };
    let written = if options.jobs == 1 {
        write_serially(inputs, extraction, options.check.as_ref(), &not_html, &mut lines)
    } else {
        write_in_parallel(inputs, extraction, options, &not_html, &mut lines)
    };
    progress.finish_and_clear();
    written?;
    if let Some(run) = &options.check {
        check::write_report(&tally.crawl, run)?;
    }
    let seconds = tally.started.elapsed().as_secs_f64();
    let quads =
        if matches!(extraction, Extraction::Graph(_)) { format!(", {} quads", tally.quads) } else { String::new() };
    eprintln!(
        "harvest: {} pages{quads}, {} errors ({} skipped WARC records), {} non-HTML responses, {:.1} MB in \
         {seconds:.2} s ({:.1} pages/s)",
        tally.pages,
        tally.errors,
        tally.skipped,
        not_html.load(Ordering::Relaxed),
        tally.bytes as f64 / 1e6,
        tally.pages as f64 / seconds.max(1e-9)
    );
    Ok(if tally.unreadable || tally.errors > 0 {
        exit::UNREADABLE
    } else if options.check.is_some() {
        check::status(tally.check_failed)
    } else {
        exit::OK
    })
}

/// Pages read from each source in turn (an archive record by record); an error (an unreadable
/// file, the damage that ends an archive) becomes its own input.
fn pages_of<'a>(
    inputs: Inputs<'a>,
    not_html: &'a AtomicU64,
) -> impl Iterator<Item = Result<Page, (InputError, String)>> + Send + 'a {
    inputs.flat_map(move |(label, pages)| {
        Tallied { pages: Some(pages), not_html }.map(move |page| page.map_err(|error| (error, label.clone())))
    })
}

/// `--jobs 1`: each page read, extracted and written in turn on this thread, as the parse floor
/// does, so that the memory of a page is freed on the thread that took it before the next page
/// is read.
fn write_serially(
    inputs: Inputs<'_>,
    extraction: &Extraction,
    check: Option<&CheckRun>,
    not_html: &AtomicU64,
    lines: &mut Lines<'_>,
) -> std::io::Result<()> {
    // One buffer for every page's line: taken back once written, so that the pages' output
    // reuses the memory of the largest instead of leaving a buffer of each size behind.
    let mut line = Vec::new();
    for (index, input) in pages_of(inputs, not_html).enumerate() {
        line.clear();
        let finished = finish(index, input, extraction, check, line);
        lines.write(&finished)?;
        lines.tally.show(lines.progress);
        line = finished.line;
        crate::memory::collect_freed_memory();
    }
    lines.out.flush()
}

/// Several workers: the pipeline of [`run_batch`].
fn write_in_parallel(
    inputs: Inputs<'_>,
    extraction: &Extraction,
    options: &RunOptions,
    not_html: &AtomicU64,
    lines: &mut Lines<'_>,
) -> std::io::Result<()> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(options.jobs).build().map_err(std::io::Error::other)?;
    let workers = pool.current_num_threads().max(1);
    let window = Window::new(workers.saturating_mul(READ_AHEAD_BYTES_PER_WORKER));
    let (sender, receiver) = std::sync::mpsc::channel::<Finished>();
    std::thread::scope(|scope| {
        let window = &window;
        let pool = &pool;
        scope.spawn(move || {
            let numbered = pages_of(inputs, not_html)
                .enumerate()
                .take_while(|(index, input)| window.admit(*index, input_size(input)));
            pool.install(|| {
                numbered.par_bridge().for_each_with(sender, |sender, (index, input)| {
                    // A closed channel means the writer stopped (stdout closed): drop the line.
                    let finished = finish(index, input, extraction, options.check.as_ref(), Vec::new());
                    crate::memory::collect_freed_memory();
                    let _ = sender.send(finished);
                });
            });
        });
        let result = write_in_order(&receiver, window, lines);
        if result.is_err() {
            window.close();
        }
        result
    })
}

/// A source's pages that, once read to their end, add the archive's responses that hold no
/// HTML to the batch's count.
struct Tallied<'a> {
    pages: Option<Pages>,
    not_html: &'a AtomicU64,
}

impl Iterator for Tallied<'_> {
    type Item = <Pages as Iterator>::Item;

    fn next(&mut self) -> Option<Self::Item> {
        let next = self.pages.as_mut()?.next();
        if next.is_none() {
            if let Some(counts) = self.pages.take().and_then(|pages| pages.archive_counts()) {
                self.not_html.fetch_add(counts.not_html, Ordering::Relaxed);
            }
        }
        next
    }
}

/// How many bytes of input each worker may have read past the oldest line not yet written.
/// Enough for the other workers to keep busy while one works on a page of many megabytes.
const READ_AHEAD_BYTES_PER_WORKER: usize = 32 << 20;

fn input_size(input: &Result<Page, (InputError, String)>) -> usize {
    input.as_ref().map_or(0, |page| page.bytes.len())
}

/// One input's finished output: its JSON line, or for `graph` its statements.
struct Finished {
    index: usize,
    line: Vec<u8>,
    bytes: usize,
    failed: bool,
    /// The quads written (`graph`).
    quads: usize,
    /// What to say about the page on stderr (`graph`: its diagnostics, or why it failed).
    notes: Vec<String>,
    /// The input could not be read: the message for stderr.
    unreadable: Option<String>,
    /// It is a WARC record that gave no page ([`WarcError::Skipped`]).
    skipped: bool,
    /// The page's check (`check`), for the crawl report.
    checked: Option<PageCheck>,
}

/// Extracts one input (or records why it could not be read) as its JSON line; for `graph`,
/// as its statements, which concatenate into one stream (what went wrong goes to stderr).
fn finish(
    index: usize,
    input: Result<Page, (InputError, String)>,
    extraction: &Extraction,
    check: Option<&CheckRun>,
    mut line: Vec<u8>,
) -> Finished {
    let mut finished = Finished {
        index,
        line: Vec::new(),
        bytes: 0,
        failed: false,
        quads: 0,
        notes: Vec::new(),
        unreadable: None,
        skipped: false,
        checked: None,
    };
    match input {
        Ok(page) => {
            line.reserve(output_capacity(&page));
            finished.bytes = page.bytes.len();
            if let Extraction::Graph(options) = extraction {
                write_graph_page(&mut line, &page, options, &mut finished);
            } else if let (Extraction::Check(options), Some(run)) = (extraction, check) {
                finished.checked = Some(write_check_page(&mut line, &page, options, run));
            } else {
                finished.failed = write_record(&mut line, &page, extraction);
            }
        }
        Err((error, label)) => {
            if !matches!(extraction, Extraction::Graph(_)) && !check.is_some_and(|run| run.text) {
                write_error_record(&mut line, &error, &label);
            }
            finished.skipped = matches!(error, InputError::Warc(WarcError::Skipped { .. }));
            finished.failed = true;
            finished.unreadable = Some(error.to_string());
        }
    }
    finished.line = line;
    finished
}

/// A page's statements for a `graph` batch: what the page gives, with nothing else around it
/// (JSON-LD: one document a line); its diagnostics, or why it gave nothing, as notes.
fn write_graph_page(out: &mut Vec<u8>, page: &Page, options: &GraphOutput, finished: &mut Finished) {
    match write_page_graph(page, options, &harvest_html::Limits::default(), out) {
        Ok(written) => {
            finished.quads = written.quads;
            finished.notes =
                written.diagnostics.iter().map(|d| format!("harvest: {}: note: {d}", page.label)).collect();
            if options.format == GraphFormat::JsonLd {
                out.push(b'\n');
            }
        }
        Err(error) => {
            out.clear();
            finished.failed = true;
            finished.notes.push(format!("harvest: {}: {error}", page.label));
        }
    }
}

/// Writes finished lines in input order as they arrive, until every sender is gone.
fn write_in_order(
    receiver: &std::sync::mpsc::Receiver<Finished>,
    window: &Window,
    lines: &mut Lines<'_>,
) -> std::io::Result<()> {
    let mut waiting: std::collections::BTreeMap<usize, Finished> = std::collections::BTreeMap::new();
    let mut next = 0;
    for finished in receiver {
        waiting.insert(finished.index, finished);
        while let Some(finished) = waiting.remove(&next) {
            lines.write(&finished)?;
            next += 1;
            window.written(next, finished.bytes);
        }
        lines.tally.show(lines.progress);
    }
    lines.out.flush()
}

/// Where finished inputs go: the output, the progress bar, the batch's counts.
struct Lines<'a> {
    tally: &'a mut Tally,
    progress: &'a ProgressBar,
    out: &'a mut dyn Write,
}

impl Lines<'_> {
    /// Writes one input's finished output and counts it.
    fn write(&mut self, finished: &Finished) -> std::io::Result<()> {
        let tally = &mut *self.tally;
        self.out.write_all(&finished.line)?;
        for note in &finished.notes {
            self.progress.suspend(|| eprintln!("{note}"));
        }
        tally.quads += finished.quads;
        if let Some(checked) = &finished.checked {
            tally.crawl.add(checked);
            tally.check_failed |= checked.fails(tally.deny_warnings);
        }
        if let Some(message) = &finished.unreadable {
            eprintln!("harvest: {message}");
            tally.unreadable = true;
        }
        tally.pages += usize::from(finished.unreadable.is_none());
        tally.bytes += finished.bytes;
        tally.errors += usize::from(finished.failed);
        tally.skipped += usize::from(finished.skipped);
        Ok(())
    }
}

/// Back-pressure between reading and writing: an input goes ahead when it is the oldest one
/// not yet written, or when the inputs read and not yet written, with it, hold at most
/// `capacity` bytes.
struct Window {
    capacity: usize,
    state: std::sync::Mutex<WindowState>,
    changed: std::sync::Condvar,
}

struct WindowState {
    written: usize,
    /// Bytes of the inputs admitted and not yet written.
    in_flight: usize,
    closed: bool,
}

impl Window {
    fn new(capacity: usize) -> Window {
        Window {
            capacity,
            state: std::sync::Mutex::new(WindowState { written: 0, in_flight: 0, closed: false }),
            changed: std::sync::Condvar::new(),
        }
    }

    /// Waits until input `index` of `bytes` bytes may go ahead; false once the run is stopping.
    fn admit(&self, index: usize, bytes: usize) -> bool {
        let Ok(mut state) = self.state.lock() else { return false };
        while !state.closed && index != state.written && state.in_flight.saturating_add(bytes) > self.capacity {
            state = match self.changed.wait(state) {
                Ok(state) => state,
                Err(_) => return false,
            };
        }
        state.in_flight = state.in_flight.saturating_add(bytes);
        !state.closed
    }

    /// Records that the first `count` inputs are written, the last of `bytes` bytes.
    fn written(&self, count: usize, bytes: usize) {
        if let Ok(mut state) = self.state.lock() {
            state.written = count;
            state.in_flight = state.in_flight.saturating_sub(bytes);
        }
        self.changed.notify_all();
    }

    /// Stops reading (the output failed).
    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.closed = true;
        }
        self.changed.notify_all();
    }
}

/// Counts for the progress bar and the closing summary.
struct Tally {
    pages: usize,
    errors: usize,
    /// WARC records that gave no page, among the errors.
    skipped: usize,
    bytes: usize,
    /// Quads written (`graph`).
    quads: usize,
    started: Instant,
    unreadable: bool,
    /// `check`: the crawl report, whether a page failed, and whether warnings fail one.
    crawl: CrawlReport,
    check_failed: bool,
    deny_warnings: bool,
}

impl Tally {
    fn show(&self, bar: &ProgressBar) {
        let seconds = self.started.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "{} pages ({:.0} pages/s, {:.1} MB/s), {} errors",
            self.pages,
            self.pages as f64 / seconds,
            self.bytes as f64 / 1e6 / seconds,
            self.errors
        ));
        bar.tick();
    }
}

fn progress_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {msg}") {
        bar.set_style(style);
    }
    bar
}

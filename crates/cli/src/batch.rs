//! Running an extraction over inputs: one page printed as it is, many pages as JSON Lines in
//! input order, spread over cores, with a progress bar when stderr is a terminal.

use crate::extract::{ExtractError, Extraction, Output};
use crate::input::{self, InputError, Page, Source};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde_json::{json, Value};
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// Exit codes (documented in `harvest --help`).
pub mod exit {
    /// Everything went well.
    pub const OK: u8 = 0;
    /// The page holds nothing the subcommand needs (no contact for `vcard`, ...).
    pub const NOTHING_FOUND: u8 = 1;
    /// The command line is wrong.
    pub const USAGE: u8 = 2;
    /// An input could not be read (in a batch: at least one).
    pub const UNREADABLE: u8 = 3;
}

/// How many pages are read ahead per worker thread; bounds memory on big archives.
const PAGES_PER_WORKER: usize = 16;

/// Options shared by every run.
pub struct RunOptions {
    /// Pretty-print JSON output.
    pub pretty: bool,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// `--base-url`, for a single input.
    pub base_url: Option<String>,
}

/// Writes the result of one page; returns the exit code.
pub fn run_single(
    page: &Page,
    extraction: &Extraction,
    options: &RunOptions,
    out: &mut dyn Write,
) -> std::io::Result<u8> {
    match extraction.run(page) {
        Ok(Output::Json(value)) => {
            write_json(out, &value, options.pretty)?;
            Ok(exit::OK)
        }
        Ok(Output::Text(text)) => {
            out.write_all(text.as_bytes())?;
            Ok(exit::OK)
        }
        Err(ExtractError::NothingFound(message)) => {
            eprintln!("harvest: {}: {message}", page.label);
            Ok(exit::NOTHING_FOUND)
        }
        Err(ExtractError::Failed(message)) => {
            eprintln!("harvest: {}: {message}", page.label);
            Ok(exit::UNREADABLE)
        }
    }
}

fn write_json(out: &mut dyn Write, value: &Value, pretty: bool) -> std::io::Result<()> {
    if pretty {
        serde_json::to_writer_pretty(&mut *out, value)?;
    } else {
        serde_json::to_writer(&mut *out, value)?;
    }
    out.write_all(b"\n")
}

/// One JSON Lines record for a page.
fn record(page: &Page, extraction: &Extraction) -> (Value, bool) {
    let mut record = json!({ "input": page.label, "url": page.url });
    let failed = match extraction.run(page) {
        Ok(Output::Json(value)) => {
            record[extraction.name()] = value;
            false
        }
        Ok(Output::Text(text)) => {
            record[extraction.name()] = Value::String(text);
            false
        }
        Err(ExtractError::NothingFound(message)) => {
            record["nothing_found"] = Value::String(message);
            false
        }
        Err(ExtractError::Failed(message)) => {
            record["error"] = Value::String(message);
            true
        }
    };
    (record, failed)
}

fn error_record(error: &InputError, label: &str) -> Value {
    json!({ "input": label, "error": error.to_string() })
}

fn label_of(source: &Source) -> String {
    match source {
        Source::Stdin => "-".to_owned(),
        Source::File(path) | Source::Warc(path) => path.display().to_string(),
        Source::Url(url) => url.clone(),
    }
}

/// Runs over many inputs, writing one JSON line per page in input order; returns the exit code.
pub fn run_batch(
    sources: &[Source],
    extraction: &Extraction,
    options: &RunOptions,
    out: &mut dyn Write,
) -> std::io::Result<u8> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(options.jobs).build().map_err(std::io::Error::other)?;
    let workers = pool.current_num_threads().max(1);
    let progress = progress_bar();
    let mut tally = Tally { pages: 0, errors: 0, bytes: 0, started: Instant::now() };
    let mut pending: Vec<Page> = Vec::new();
    let mut unreadable = false;
    for source in sources {
        match input::read(source, None) {
            Ok(pages) => {
                for page in pages {
                    pending.push(page);
                    if pending.len() >= workers * PAGES_PER_WORKER {
                        flush(&pool, &mut pending, extraction, &mut tally, out)?;
                        tally.show(&progress);
                    }
                }
            }
            Err(error) => {
                flush(&pool, &mut pending, extraction, &mut tally, out)?;
                write_json(out, &error_record(&error, &label_of(source)), false)?;
                eprintln!("harvest: {error}");
                unreadable = true;
                tally.errors += 1;
            }
        }
    }
    flush(&pool, &mut pending, extraction, &mut tally, out)?;
    progress.finish_and_clear();
    let seconds = tally.started.elapsed().as_secs_f64();
    eprintln!(
        "harvest: {} pages, {} errors, {:.1} MB in {seconds:.2} s ({:.1} pages/s)",
        tally.pages,
        tally.errors,
        tally.bytes as f64 / 1e6,
        tally.pages as f64 / seconds.max(1e-9)
    );
    Ok(if unreadable || tally.errors > 0 { exit::UNREADABLE } else { exit::OK })
}

/// Counts for the progress bar and the closing summary.
struct Tally {
    pages: usize,
    errors: usize,
    bytes: usize,
    started: Instant,
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

/// Extracts the pending pages in parallel and writes their records in input order.
fn flush(
    pool: &rayon::ThreadPool,
    pending: &mut Vec<Page>,
    extraction: &Extraction,
    tally: &mut Tally,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let records: Vec<(Value, bool)> = pool.install(|| pending.par_iter().map(|p| record(p, extraction)).collect());
    for ((record, failed), page) in records.iter().zip(pending.iter()) {
        write_json(out, record, false)?;
        tally.pages += 1;
        tally.bytes += page.bytes.len();
        tally.errors += usize::from(*failed);
    }
    pending.clear();
    Ok(())
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

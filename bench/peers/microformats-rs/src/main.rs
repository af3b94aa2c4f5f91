//! `peer-microformats DIR [--rounds N]`: times the `microformats` crate over every `.html`
//! page below DIR.
//!
//! Every page is read into memory first; each round then parses every page with
//! `microformats::from_html` (base URL `https://bench.example/<relative path>`, as
//! harvest-bench uses) and serialises the result to a JSON string. Only that loop is timed.
//! A page that returns an error or panics counts as a failure and the loop goes on.
//! Prints the fastest round.

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

struct Page {
    url: url::Url,
    text: String,
}

fn collect(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&current) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "html" || e == "htm") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn load(dir: &Path) -> (Vec<Page>, usize) {
    let mut bytes = 0;
    let mut pages = Vec::new();
    for path in collect(dir) {
        let Ok(raw) = std::fs::read(&path) else { continue };
        bytes += raw.len();
        let name = path.strip_prefix(dir).unwrap_or(&path).display().to_string();
        let Ok(url) = url::Url::parse(&format!("https://bench.example/{name}")) else { continue };
        pages.push(Page { url, text: String::from_utf8_lossy(&raw).into_owned() });
    }
    (pages, bytes)
}

/// Parses one page to mf2 JSON; `None` when the crate returns an error or panics.
fn run(page: &Page) -> Option<usize> {
    panic::catch_unwind(AssertUnwindSafe(|| {
        let document = microformats::from_html(&page.text, &page.url).ok()?;
        serde_json::to_string(&document).ok().map(|json| json.len())
    }))
    .ok()
    .flatten()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut dir = PathBuf::from("../shared/corpus");
    let mut rounds: usize = 3;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).unwrap_or(rounds),
            _ => dir = PathBuf::from(arg),
        }
    }
    let (pages, bytes) = load(&dir);
    if pages.is_empty() {
        eprintln!("peer-microformats: no .html pages below {}", dir.display());
        std::process::exit(2);
    }
    // Panics are counted as failures; their messages would only flood the output.
    panic::set_hook(Box::new(|_| {}));
    let mut best = Duration::MAX;
    let mut failures = 0;
    let mut json_bytes = 0;
    for _ in 0..rounds.max(1) {
        failures = 0;
        json_bytes = 0;
        let started = Instant::now();
        for page in &pages {
            match run(page) {
                Some(len) => json_bytes += len,
                None => failures += 1,
            }
        }
        best = best.min(started.elapsed());
    }
    let seconds = best.as_secs_f64();
    println!(
        "microformats (crate) 0.19.0: {} pages, {bytes} bytes, fastest of {rounds} rounds {seconds:.3} s, \
         {:.2} MB/s, {failures} failures, {json_bytes} bytes of JSON",
        pages.len(),
        bytes as f64 / 1e6 / seconds
    );
    println!(
        "RESULT pages={} bytes={bytes} seconds={seconds:.6} mbps={:.4} failures={failures}",
        pages.len(),
        bytes as f64 / 1e6 / seconds
    );
}

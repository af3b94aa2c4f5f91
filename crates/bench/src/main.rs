//! `harvest-bench [DIR] [--rounds N] [--phase NAME]`
//!
//! Loads every `.html` page below DIR (default `../shared/corpus`) into memory, decodes them,
//! then times, single-threaded and in one run, each phase over the whole corpus:
//!
//! * `floor`: html5ever + kuchikiki parsing only (the physical limit);
//! * `traverse`: harvest-dom parsing plus one walk over every element reading its classes;
//! * `mf2`: parse + microformats2 to a JSON string;
//! * `microdata`: parse + microdata to a JSON string;
//! * `links`: parse + every link;
//! * `all`: one parse, then mf2, microdata and links, each to JSON.
//!
//! Each phase runs `--rounds` times (default 3) and keeps its fastest round. It prints MB/s,
//! pages/s and the ratio of each phase's throughput to the floor measured in the same run.
//! `--phase NAME` runs one phase alone and prints the process's peak memory, so that peaks can
//! be compared phase by phase (a process's peak covers everything it did).

use html5ever::tendril::TendrilSink;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

struct Page {
    name: String,
    url: harvest_dom::Url,
    text: String,
}

const PHASES: [&str; 6] = ["floor", "traverse", "mf2", "microdata", "links", "all"];

fn load(dir: &Path) -> Vec<Page> {
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
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).ok()?;
            let (text, _) = harvest_dom::encoding::decode(&bytes, None);
            let name = path.strip_prefix(dir).unwrap_or(&path).display().to_string();
            let url = harvest_dom::Url::parse(&format!("https://bench.example/{name}")).ok()?;
            Some(Page { name, url, text: text.into_owned() })
        })
        .collect()
}

fn document(page: &Page) -> harvest_dom::Document {
    harvest_dom::Document::parse_with(&page.text, &harvest_dom::ParseOptions::new().url(page.url.clone()))
}

fn mf2_json(doc: &harvest_dom::Document, page: &Page) -> usize {
    let options = harvest_mf2::Options::new().base_url(page.url.as_str());
    harvest_mf2::parse(doc, &options).map(|parsed| parsed.to_json().len()).unwrap_or(0)
}

fn microdata_json(doc: &harvest_dom::Document) -> usize {
    harvest_microdata::to_json(doc, &harvest_microdata::JsonOptions::new()).len()
}

fn links_json(doc: &harvest_dom::Document) -> usize {
    serde_json::to_string(&harvest_links::links(doc)).map(|json| json.len()).unwrap_or(0)
}

/// Runs one phase over one page; returns a number derived from the work so it is not elided.
fn run_phase(phase: &str, page: &Page) -> usize {
    match phase {
        "floor" => {
            let root = kuchikiki::parse_html().one(page.text.as_str());
            usize::from(root.document_node.first_child().is_some())
        }
        "traverse" => {
            let doc = document(page);
            doc.elements().map(|e| e.attr("class").map_or(0, |c| c.len())).sum()
        }
        "mf2" => mf2_json(&document(page), page),
        "microdata" => microdata_json(&document(page)),
        "links" => links_json(&document(page)),
        "all" => {
            let doc = document(page);
            mf2_json(&doc, page) + microdata_json(&doc) + links_json(&doc)
        }
        _ => 0,
    }
}

fn time_phase(phase: &str, pages: &[Page], rounds: usize) -> (Duration, usize) {
    let mut best = Duration::MAX;
    let mut checksum = 0;
    for _ in 0..rounds.max(1) {
        let started = Instant::now();
        checksum = pages.iter().map(|page| run_phase(phase, page)).sum();
        best = best.min(started.elapsed());
    }
    (best, checksum)
}

/// The process's peak resident memory (Linux `VmHWM`), in MB.
fn peak_memory_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kilobytes| kilobytes / 1024.0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut dir = PathBuf::from("../shared/corpus");
    let mut rounds = 3;
    let mut only: Option<String> = None;
    let mut filter: Option<String> = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).unwrap_or(rounds),
            "--phase" => only = args.next(),
            "--pages" => filter = args.next(),
            "-h" | "--help" => {
                println!("usage: harvest-bench [DIR] [--rounds N] [--phase {}] [--pages SUBSTRING]", PHASES.join("|"));
                return;
            }
            _ => dir = PathBuf::from(arg),
        }
    }
    let mut pages = load(&dir);
    if let Some(filter) = &filter {
        pages.retain(|page| page.name.contains(filter.as_str()));
    }
    if pages.is_empty() {
        eprintln!("harvest-bench: no .html pages below {}", dir.display());
        std::process::exit(2);
    }
    let bytes: usize = pages.iter().map(|p| p.text.len()).sum();
    let megabytes = bytes as f64 / 1e6;
    println!("{} pages, {:.1} MB, fastest of {rounds} rounds, one thread", pages.len(), megabytes);
    if let Some(phase) = only {
        let memory_before = peak_memory_mb();
        let (elapsed, _) = time_phase(&phase, &pages, rounds);
        println!(
            "{phase}: {:.1} MB/s, peak memory {:.0} MB (after loading the corpus: {:.0} MB)",
            megabytes / elapsed.as_secs_f64(),
            peak_memory_mb(),
            memory_before
        );
        return;
    }
    println!("{:<10} {:>10} {:>10} {:>10} {:>8}", "phase", "seconds", "MB/s", "pages/s", "× floor");
    let mut floor_speed = None;
    for phase in PHASES {
        let (elapsed, checksum) = time_phase(phase, &pages, rounds);
        let seconds = elapsed.as_secs_f64();
        let speed = megabytes / seconds;
        let floor = *floor_speed.get_or_insert(speed);
        println!(
            "{phase:<10} {seconds:>10.3} {speed:>10.1} {:>10.0} {:>8.2}   (checksum {checksum})",
            pages.len() as f64 / seconds,
            speed / floor
        );
    }
}

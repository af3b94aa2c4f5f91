//! `harvest-bench [DIR] [--rounds N] [--phase NAME] [--pages SUBSTRING]`
//! `harvest-bench --scaling [N] [--rounds N]`
//! `harvest-bench --scaling-one CASE PATH small|large [N]`
//!
//! Corpus mode loads every `.html` page below DIR (default `../shared/corpus`) into memory,
//! decodes them, then times, single-threaded and in one run, each phase over the whole corpus:
//!
//! * `floor`: html5ever + kuchikiki parsing only (the physical limit the targets are set
//!   against);
//! * `parse`: harvest-dom parsing only (html5ever into harvest-dom's arena tree, with the depth
//!   bound), the baseline of the extractors below;
//! * `traverse`: harvest-dom parsing plus one walk over every element reading its classes;
//! * `mf2`: parse + microformats2 to a JSON string;
//! * `microdata`: parse + microdata to a JSON string;
//! * `links`: parse + every link;
//! * `all`: one parse, then mf2, microdata and links, each to JSON.
//!
//! Each phase runs `--rounds` times (default 3) and keeps its fastest round. It prints MB/s,
//! pages/s and the ratio of each phase's throughput to the floor and to harvest-dom's parse,
//! both measured in the same run, then
//! the same table for each folder of the corpus (`real`, `synthetic/pages`...), and the
//! per-byte speed of the biggest page against the rest of the corpus. Every page is timed on
//! its own in every round, so these breakdowns come from the same rounds as the whole table.
//! `--phases A,B` times the floor, the parse and the phases or exporters named (`rdf-nt`,
//! `rdf-w3c`, `jsonld`, `vcard-md`...) in one run.
//! `--phase NAME` runs one phase alone and prints the process's peak memory, so that peaks can
//! be compared phase by phase (a process's peak covers everything it did).
//!
//! `--scaling` times generated pages of N and 2N blocks (h-entries, microdata items) and of N
//! and 2N nesting levels, and prints the time ratio 2N/N of every path (see `scaling.rs`);
//! `--scaling-one` runs one path of one case once, to count its instructions under callgrind.

mod scaling;

use harvest_bench::work;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

struct Page {
    name: String,
    /// The folder below the corpus directory (`real`, `synthetic/pages`), `.` at the top.
    group: String,
    url: harvest_dom::Url,
    text: String,
}

const PHASES: [&str; 7] = ["floor", "parse", "traverse", "mf2", "microdata", "links", "all"];

fn load(dir: &Path) -> Vec<Page> {
    harvest_test_support::html_files(dir)
        .into_iter()
        .filter_map(|path| {
            let bytes = std::fs::read(&path).ok()?;
            let (text, _) = harvest_dom::encoding::decode(&bytes, None);
            let relative = path.strip_prefix(dir).unwrap_or(&path);
            let name = relative.display().to_string();
            let group = match relative.parent().map(|p| p.display().to_string()) {
                Some(parent) if !parent.is_empty() => parent,
                _ => ".".to_owned(),
            };
            let url = harvest_dom::Url::parse(&format!("https://bench.example/{name}")).ok()?;
            Some(Page { name, group, url, text: text.into_owned() })
        })
        .collect()
}

/// Runs one phase over one page; returns a number derived from the work so it is not elided.
fn run_phase(phase: &str, page: &Page) -> usize {
    let document = || work::parse_at(&page.text, &page.url);
    match phase {
        "floor" => work::floor(&page.text),
        "parse" => work::parsed(&document()),
        "traverse" => work::traverse(&document()),
        "mf2" => work::mf2_json(&document()),
        "microdata" => work::microdata_json(&document()),
        "links" => work::links_json(&document()),
        "all" => work::all(&document()),
        // An exporter by its name (`rdf-nt`, `rdf-w3c`, `jsonld`...), on the parsed page.
        name => work::Export::ALL
            .into_iter()
            .find(|export| export.name() == name)
            .map_or(0, |export| export.from_html_at(&page.text, &page.url)),
    }
}

/// The seconds every page took in every round: `times[round][page]`.
struct Timings {
    times: Vec<Vec<f64>>,
    checksum: usize,
}

impl Timings {
    /// The fastest round's total over the pages `selected` picks.
    fn best(&self, selected: impl Fn(usize) -> bool) -> f64 {
        self.times
            .iter()
            .map(|round| round.iter().enumerate().filter(|(i, _)| selected(*i)).map(|(_, t)| t).sum::<f64>())
            .fold(f64::INFINITY, f64::min)
    }
}

fn time_phase(phase: &str, pages: &[Page], rounds: usize) -> Timings {
    let mut times = Vec::new();
    let mut checksum = 0;
    for _ in 0..rounds.max(1) {
        checksum = 0;
        let round = pages
            .iter()
            .map(|page| {
                let started = Instant::now();
                checksum += run_phase(phase, page);
                started.elapsed().as_secs_f64()
            })
            .collect();
        times.push(round);
    }
    Timings { times, checksum }
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

/// The load average over the last minute (Linux), to note beside a measurement.
pub(crate) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".to_owned())
}

/// The phase table of the pages `selected` picks, with each phase's ratio to the floor.
fn print_table(timings: &[(&str, Timings)], pages: &[Page], selected: &dyn Fn(usize) -> bool) {
    let count = (0..pages.len()).filter(|&i| selected(i)).count();
    let bytes: usize = pages.iter().enumerate().filter(|(i, _)| selected(*i)).map(|(_, p)| p.text.len()).sum();
    let megabytes = bytes as f64 / 1e6;
    println!("{:<10} {:>10} {:>10} {:>10} {:>8} {:>8}", "phase", "seconds", "MB/s", "pages/s", "× floor", "× parse");
    let speed_of = |name: &str| baseline(timings, name).map(|timing| megabytes / timing.best(selected));
    let (floor, parse) = (speed_of("floor"), speed_of("parse"));
    for (phase, timing) in timings {
        let seconds = timing.best(selected);
        let speed = megabytes / seconds;
        println!(
            "{phase:<10} {seconds:>10.3} {speed:>10.1} {:>10.0} {:>8} {:>8}",
            count as f64 / seconds,
            ratio(speed, floor),
            ratio(speed, parse)
        );
    }
}

/// The timings of the phase `name`, if it ran.
fn baseline<'a>(timings: &'a [(&str, Timings)], name: &str) -> Option<&'a Timings> {
    timings.iter().find(|(phase, _)| *phase == name).map(|(_, timing)| timing)
}

/// `speed` as a ratio to a baseline speed, formatted; `-` without the baseline.
fn ratio(speed: f64, baseline: Option<f64>) -> String {
    baseline.map_or_else(|| "-".to_owned(), |baseline| format!("{:.2}", speed / baseline))
}

fn corpus(dir: &Path, rounds: usize, only: Option<String>, filter: Option<String>, phases: Option<Vec<String>>) {
    let mut pages = load(dir);
    if let Some(filter) = &filter {
        pages.retain(|page| page.name.contains(filter.as_str()));
    }
    if pages.is_empty() {
        eprintln!("harvest-bench: no .html pages below {}", dir.display());
        std::process::exit(2);
    }
    let bytes: usize = pages.iter().map(|p| p.text.len()).sum();
    let megabytes = bytes as f64 / 1e6;
    println!(
        "{} pages, {:.1} MB, fastest of {rounds} rounds, one thread, load average {}",
        pages.len(),
        megabytes,
        load_average()
    );
    if let Some(phase) = only {
        let memory_before = peak_memory_mb();
        let timing = time_phase(&phase, &pages, rounds);
        println!(
            "{phase}: {:.1} MB/s, peak memory {:.0} MB (after loading the corpus: {:.0} MB)",
            megabytes / timing.best(|_| true),
            peak_memory_mb(),
            memory_before
        );
        return;
    }
    // `--phases`: the floor, the parse, then the phases named, all in this run.
    let chosen: Vec<String> = match &phases {
        Some(names) => ["floor", "parse"].iter().map(|p| p.to_string()).chain(names.iter().cloned()).collect(),
        None => PHASES.iter().map(|p| p.to_string()).collect(),
    };
    let timings: Vec<(&str, Timings)> = chosen
        .iter()
        .map(|phase| {
            let timing = time_phase(phase, &pages, rounds);
            (phase.as_str(), timing)
        })
        .collect();

    println!("{:<10} {:>10} {:>10} {:>10} {:>8} {:>8}", "phase", "seconds", "MB/s", "pages/s", "× floor", "× parse");
    let speed_of = |name: &str| baseline(&timings, name).map(|timing| megabytes / timing.best(|_| true));
    let (floor, parse) = (speed_of("floor"), speed_of("parse"));
    for (phase, timing) in &timings {
        let seconds = timing.best(|_| true);
        let speed = megabytes / seconds;
        println!(
            "{phase:<10} {seconds:>10.3} {speed:>10.1} {:>10.0} {:>8} {:>8}   (checksum {})",
            pages.len() as f64 / seconds,
            ratio(speed, floor),
            ratio(speed, parse),
            timing.checksum
        );
    }

    // The same table per folder of the corpus.
    let mut groups: BTreeMap<&str, usize> = BTreeMap::new();
    for page in &pages {
        *groups.entry(page.group.as_str()).or_default() += 1;
    }
    if groups.len() > 1 {
        for (group, count) in &groups {
            let group_bytes: usize = pages.iter().filter(|p| p.group == *group).map(|p| p.text.len()).sum();
            println!("\n{group}/: {count} pages, {:.1} MB", group_bytes as f64 / 1e6);
            print_table(&timings, &pages, &|i| pages[i].group == *group);
        }
    }

    // The per-byte speed of the biggest page against the rest of the corpus.
    if pages.len() > 1 {
        let (biggest, big) = pages.iter().enumerate().max_by_key(|(_, p)| p.text.len()).unwrap_or((0, &pages[0]));
        let big_mb = big.text.len() as f64 / 1e6;
        let rest_mb = megabytes - big_mb;
        println!(
            "\nbiggest page {} ({big_mb:.1} MB) against the other {} pages ({rest_mb:.1} MB):",
            big.name,
            pages.len() - 1
        );
        println!(
            "{:<10} {:>12} {:>12} {:>12} {:>16}",
            "phase", "big MB/s", "rest MB/s", "big ÷ rest", "× floor big/rest"
        );
        let speeds =
            |timing: &Timings| (big_mb / timing.best(|i| i == biggest), rest_mb / timing.best(|i| i != biggest));
        let (floor_big, floor_rest) = speeds(&timings[0].1);
        for (phase, timing) in &timings {
            let (big_speed, rest_speed) = speeds(timing);
            println!(
                "{phase:<10} {big_speed:>12.1} {rest_speed:>12.1} {:>12.2} {:>7.2} / {:<6.2}",
                big_speed / rest_speed,
                big_speed / floor_big,
                rest_speed / floor_rest
            );
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let mut dir = PathBuf::from("../shared/corpus");
    let mut rounds = None;
    let mut only: Option<String> = None;
    let mut filter: Option<String> = None;
    let mut phases: Option<Vec<String>> = None;
    let mut scale: Option<usize> = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => rounds = args.next().and_then(|n| n.parse().ok()).or(rounds),
            "--phase" => only = args.next(),
            "--pages" => filter = args.next(),
            "--phases" => phases = args.next().map(|list| list.split(',').map(str::to_owned).collect()),
            "--scaling" => {
                let n = args.peek().and_then(|n| n.parse().ok());
                if n.is_some() {
                    args.next();
                }
                scale = Some(n.unwrap_or(scaling::DEFAULT_N));
            }
            "--scaling-one" => {
                let parts: Vec<String> = args.by_ref().take(3).collect();
                let n = args.next().and_then(|n| n.parse().ok()).unwrap_or(scaling::DEFAULT_N);
                let [case, path, side] = parts.as_slice() else {
                    eprintln!("usage: harvest-bench --scaling-one CASE PATH small|large [N]");
                    std::process::exit(2);
                };
                match scaling::run_one(case, path, side, n) {
                    Ok(length) => println!("{case} {path} {side}: output {length} bytes"),
                    Err(message) => {
                        eprintln!("harvest-bench: {message}");
                        std::process::exit(2);
                    }
                }
                return;
            }
            "-h" | "--help" => {
                println!(
                    "usage: harvest-bench [DIR] [--rounds N] [--phase {}] [--pages SUBSTRING]\n       \
                     harvest-bench [DIR] --phases NAME,NAME (phases or exporters: rdf-nt, rdf-w3c, jsonld...)\n       \
                     harvest-bench --scaling [N] [--rounds N]\n       \
                     harvest-bench --scaling-one CASE PATH small|large [N]",
                    PHASES.join("|")
                );
                return;
            }
            _ => dir = PathBuf::from(arg),
        }
    }
    match scale {
        Some(n) => scaling::run(n, rounds.unwrap_or(5)),
        None => corpus(&dir, rounds.unwrap_or(3), only, filter, phases),
    }
}

//! `harvest-bench --scaling [N]`: does doubling a page's content at most double the time?
//!
//! Issue #10's target: "doubling a page's content (entries, items, nesting) at most doubles
//! time plus 10%", i.e. a time ratio 2N/N of at most 2.2, for the mf2, microdata and export
//! paths. Four pairs of generated pages (see [`harvest_bench::generate`]):
//!
//! * `entries`: an h-feed of N vs 2N h-entries with nested h-card authors and e-content, and
//!   as many h-events with nested h-card locations;
//! * `items`: N vs 2N microdata vCard, iCalendar and schema.org items, all using `itemref`;
//! * `nest<cap` / `md-nest<cap`: threads of h-entries (p-comment) and chains of microdata
//!   items 200 vs 400 levels deep, within the DOM's depth bound of 512;
//! * `nest>cap` / `md-nest>cap`: the same, 2N vs 4N levels deep, past the bound (the parser
//!   flattens what lies deeper).
//!
//! Every path is timed twice: from the HTML text (parse included, what a user waits for) and
//! its own step alone (on the parsed document, and for the exporters that read microformats2,
//! on the mf2 parse), so that a super-linear step cannot hide behind the parse. N and 2N are
//! timed alternately, `rounds` times each (quick steps more often, up to 60 rounds or 0.6 s),
//! and the fastest time of each is kept, so a change
//! of load on the machine hits both sides alike. The ratio of the outputs' lengths is printed
//! too: it shows that the work really doubled (and that no output limit cut it short).

use harvest_bench::generate;
use harvest_bench::work::{self, Export};
use std::time::Instant;

/// N of `--scaling` without a number: 1000 h-entries (about 1.7 MB) vs 2000.
pub(crate) const DEFAULT_N: usize = 1000;

/// The ratio issue #10 allows per doubling.
const TARGET: f64 = 2.2;

/// One thing to time on a page.
#[derive(Clone, Copy)]
enum Path {
    Floor,
    Parse,
    Mf2,
    Microdata,
    /// The `all` record (every syntax, written as the command writes it).
    All,
    Export(Export),
}

impl Path {
    fn name(self) -> &'static str {
        match self {
            Path::Floor => "floor",
            Path::Parse => "parse",
            Path::Mf2 => "mf2",
            Path::Microdata => "microdata",
            Path::All => "all",
            Path::Export(export) => export.name(),
        }
    }

    /// The whole path from the HTML text.
    fn whole(self, html: &str) -> usize {
        match self {
            Path::Floor => work::floor(html),
            Path::Parse => work::traverse(&work::parse(html)),
            Path::Mf2 => work::mf2_json(&work::parse(html)),
            Path::Microdata => work::microdata_json(&work::parse(html)),
            Path::All => work::all(&work::parse(html)),
            Path::Export(export) => export.from_html(html),
        }
    }

    /// The path's own step on what came before it (`None` for the parses: their step is the
    /// whole path).
    fn step(self, prepared: &Prepared) -> Option<usize> {
        match self {
            Path::Floor | Path::Parse => None,
            Path::Mf2 => Some(work::mf2_json(&prepared.doc)),
            Path::Microdata => Some(work::microdata_json(&prepared.doc)),
            Path::All => Some(work::all(&prepared.doc)),
            Path::Export(export) => Some(export.run(&prepared.doc, prepared.mf2.as_ref())),
        }
    }
}

/// A page parsed once, for the step-alone timings.
struct Prepared {
    doc: harvest_dom::Document,
    mf2: Option<harvest_mf2::Document>,
}

impl Prepared {
    fn new(html: &str) -> Prepared {
        let doc = work::parse(html);
        let mf2 = work::mf2(&doc);
        Prepared { doc, mf2 }
    }
}

/// A pair of pages, the second with twice the content of the first.
struct Case {
    name: &'static str,
    what: String,
    small: String,
    large: String,
    paths: Vec<Path>,
}

fn cases(n: usize) -> Vec<Case> {
    let n = n.max(1);
    let mf2_paths = vec![
        Path::Floor,
        Path::Parse,
        Path::Mf2,
        Path::All,
        Path::Export(Export::VcardMf2),
        Path::Export(Export::IcalMf2),
        Path::Export(Export::AtomMf2),
        Path::Export(Export::AtomDocument),
    ];
    let microdata_paths = vec![
        Path::Floor,
        Path::Parse,
        Path::Microdata,
        Path::All,
        Path::Export(Export::VcardMicrodata),
        Path::Export(Export::IcalMicrodata),
        Path::Export(Export::RdfNtriples),
        Path::Export(Export::RdfTurtle),
        Path::Export(Export::RdfW3c),
        Path::Export(Export::JsonLd),
    ];
    let mf2_nest_paths =
        vec![Path::Floor, Path::Parse, Path::Mf2, Path::Export(Export::VcardMf2), Path::Export(Export::AtomMf2)];
    let microdata_nest_paths = vec![
        Path::Floor,
        Path::Parse,
        Path::Microdata,
        Path::Export(Export::RdfNtriples),
        Path::Export(Export::RdfTurtle),
        Path::Export(Export::RdfW3c),
        Path::Export(Export::JsonLd),
    ];
    // Within the DOM's depth bound: 200 and 400 levels (plus html, body, main and the level's
    // own children stays under 512); as many copies as make pages of the entries' size.
    let (shallow, copies) = (200.min(harvest_dom::DEFAULT_MAX_DEPTH / 2 - 10), (n / 20).max(1));
    // Past the bound: 2N and 4N levels (at least 2 × the bound), 5 copies.
    let deep = (2 * n).max(2 * harvest_dom::DEFAULT_MAX_DEPTH);
    vec![
        Case {
            name: "entries",
            what: format!("h-feed of {n} vs {} h-entry + h-event (nested h-cards, e-content)", 2 * n),
            small: generate::mf2_entries(n),
            large: generate::mf2_entries(2 * n),
            paths: mf2_paths,
        },
        Case {
            name: "items",
            what: format!("{n} vs {} each of microdata hcard, vevent, Product (itemref)", 2 * n),
            small: generate::microdata_items(n),
            large: generate::microdata_items(2 * n),
            paths: microdata_paths,
        },
        Case {
            name: "nest<cap",
            what: format!("{copies} h-entry threads {shallow} vs {} levels deep (within the DOM bound)", 2 * shallow),
            small: generate::mf2_nested(copies, shallow),
            large: generate::mf2_nested(copies, 2 * shallow),
            paths: mf2_nest_paths.clone(),
        },
        Case {
            name: "md-nest<cap",
            what: format!("{copies} microdata chains {shallow} vs {} levels deep (within the bound)", 2 * shallow),
            small: generate::microdata_nested(copies, shallow),
            large: generate::microdata_nested(copies, 2 * shallow),
            paths: microdata_nest_paths.clone(),
        },
        Case {
            name: "nest>cap",
            what: format!("5 h-entry threads {deep} vs {} levels deep (past the DOM bound)", 2 * deep),
            small: generate::mf2_nested(5, deep),
            large: generate::mf2_nested(5, 2 * deep),
            paths: mf2_nest_paths,
        },
        Case {
            name: "md-nest>cap",
            what: format!("5 microdata chains {deep} vs {} levels deep (past the bound)", 2 * deep),
            small: generate::microdata_nested(5, deep),
            large: generate::microdata_nested(5, 2 * deep),
            paths: microdata_nest_paths,
        },
    ]
}

/// Quick steps run more rounds than `rounds`, until both sides have run this long in all...
const MIN_SECONDS: f64 = 0.6;
/// ... or this many rounds: a few milliseconds of work are easily cut by a busy machine, and
/// the fastest of many runs is the one it left alone.
const MAX_ROUNDS: usize = 60;

/// The fastest of `rounds` runs (more for quick work: until `min_seconds` are spent) of `f` on the small
/// and the large input, run alternately.
/// Returns (small seconds, large seconds, small output, large output).
fn time_pair<T: ?Sized>(
    rounds: usize,
    min_seconds: f64,
    small: &T,
    large: &T,
    f: impl Fn(&T) -> usize,
) -> (f64, f64, usize, usize) {
    let (mut best_small, mut best_large) = (f64::INFINITY, f64::INFINITY);
    let (mut out_small, mut out_large) = (0, 0);
    let mut spent = 0.0;
    let mut round = 0;
    while round < rounds.max(1) || (spent < min_seconds && round < MAX_ROUNDS) {
        round += 1;
        let started = Instant::now();
        out_small = f(small);
        let elapsed_small = started.elapsed().as_secs_f64();
        best_small = best_small.min(elapsed_small);
        let started = Instant::now();
        out_large = f(large);
        let elapsed = started.elapsed().as_secs_f64();
        best_large = best_large.min(elapsed);
        spent += elapsed + elapsed_small;
    }
    (best_small, best_large, out_small, out_large)
}

/// The measurements of one path on one case.
struct Row {
    case: &'static str,
    path: &'static str,
    whole: (f64, f64),
    step: Option<(f64, f64)>,
    outputs: (usize, usize),
}

impl Row {
    fn whole_ratio(&self) -> f64 {
        self.whole.1 / self.whole.0
    }

    fn step_ratio(&self) -> Option<f64> {
        self.step.map(|(small, large)| large / small)
    }
}

fn measure_case(case: &Case, rounds: usize, min_seconds: f64, mut report: impl FnMut(&Row)) -> Vec<Row> {
    let prepared = (Prepared::new(&case.small), Prepared::new(&case.large));
    let mut rows = Vec::new();
    for &path in &case.paths {
        let (small, large, out_small, out_large) =
            time_pair(rounds, min_seconds, case.small.as_str(), case.large.as_str(), |html| path.whole(html));
        let step = path.step(&prepared.0).map(|_| {
            let (small, large, _, _) =
                time_pair(rounds, min_seconds, &prepared.0, &prepared.1, |p| path.step(p).unwrap_or_default());
            (small, large)
        });
        let row =
            Row { case: case.name, path: path.name(), whole: (small, large), step, outputs: (out_small, out_large) };
        report(&row);
        rows.push(row);
    }
    rows
}

/// Every case's rows, without printing (for tests).
#[cfg(test)]
fn measure(n: usize, rounds: usize) -> Vec<Row> {
    cases(n).iter().flat_map(|case| measure_case(case, rounds, 0.0, |_| {})).collect()
}

pub(crate) fn run(n: usize, rounds: usize) {
    println!(
        "scaling: time ratio 2N/N per path (target ≤ {TARGET}), fastest of {rounds} rounds, one thread, \
         load average {}",
        crate::load_average()
    );
    println!("`whole` starts from the HTML text; `step` is the path's own step on the parsed page\n");
    let mut worst: Vec<Row> = Vec::new();
    let mut all = Vec::new();
    for case in cases(n) {
        println!(
            "{}: {} ({:.2} MB vs {:.2} MB)",
            case.name,
            case.what,
            case.small.len() as f64 / 1e6,
            case.large.len() as f64 / 1e6
        );
        println!(
            "  {:<10} {:>9} {:>9} {:>7}   {:>9} {:>9} {:>7}   {:>7}",
            "path", "N ms", "2N ms", "whole", "step N", "step 2N", "step", "output"
        );
        let rows = measure_case(&case, rounds, MIN_SECONDS, |row| {
            let (step_small, step_large, step_ratio) = match (row.step, row.step_ratio()) {
                (Some((small, large)), Some(ratio)) => {
                    (format!("{:.2}", small * 1e3), format!("{:.2}", large * 1e3), format!("{ratio:.2}"))
                }
                _ => ("-".to_owned(), "-".to_owned(), "-".to_owned()),
            };
            let flag = |ratio: f64| if ratio > TARGET { " !" } else { "" };
            println!(
                "  {:<10} {:>9.2} {:>9.2} {:>7.2}{:<2} {:>9} {:>9} {:>7}{:<2} {:>7.2}",
                row.path,
                row.whole.0 * 1e3,
                row.whole.1 * 1e3,
                row.whole_ratio(),
                flag(row.whole_ratio()),
                step_small,
                step_large,
                step_ratio,
                flag(row.step_ratio().unwrap_or(0.0)),
                row.outputs.1 as f64 / row.outputs.0.max(1) as f64,
            );
        });
        println!();
        all.extend(rows);
    }
    for row in all {
        if row.whole_ratio() > TARGET || row.step_ratio().is_some_and(|r| r > TARGET) {
            worst.push(row);
        }
    }
    if worst.is_empty() {
        println!("every path within {TARGET}× per doubling");
    } else {
        println!("over {TARGET}× per doubling:");
        for row in worst {
            println!(
                "  {} {}: whole {:.2}, step {}",
                row.case,
                row.path,
                row.whole_ratio(),
                row.step_ratio().map_or("-".to_owned(), |r| format!("{r:.2}"))
            );
        }
    }
}

/// Runs one path of one case once, for counting its instructions under callgrind:
/// `harvest-bench --scaling-one CASE PATH small|large [N]`. The page is generated and parsed
/// (for the steps) before [`measured`] runs, so
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measured*'` counts the
/// step alone (the whole path for `floor` and `parse`).
pub(crate) fn run_one(case_name: &str, path_name: &str, side: &str, n: usize) -> Result<usize, String> {
    let case = cases(n).into_iter().find(|c| c.name == case_name).ok_or_else(|| format!("no case {case_name}"))?;
    let path =
        case.paths.iter().copied().find(|p| p.name() == path_name).ok_or_else(|| format!("no path {path_name}"))?;
    let html = match side {
        "small" => &case.small,
        "large" => &case.large,
        _ => return Err(format!("side is small or large, not {side}")),
    };
    let prepared = Prepared::new(html);
    Ok(match path {
        Path::Floor | Path::Parse => measured(|| path.whole(html)),
        _ => measured(|| path.step(&prepared).unwrap_or_default()),
    })
}

/// The work [`run_one`] counts (a function of its own, so a profiler can be told to count in
/// it alone).
#[inline(never)]
fn measured(f: impl Fn() -> usize) -> usize {
    std::hint::black_box(f())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Small pages, one round: the harness runs every path of every case, each doubled page
    /// gives every extractor and exporter more output than its half (the work doubled rather
    /// than being cut short or skipped), and the times are real measurements.
    #[test]
    fn run_one_runs_the_named_step_and_rejects_unknown_names() {
        let small = run_one("items", "rdf-nt", "small", 3).unwrap();
        let large = run_one("items", "rdf-nt", "large", 3).unwrap();
        assert!(large > small && small > 0);
        assert!(run_one("items", "mf2", "small", 3).is_err());
        assert!(run_one("entries", "mf2", "middle", 3).is_err());
    }

    #[test]
    fn every_path_of_every_case_runs_and_doubles_its_output() {
        let rows = measure(40, 1);
        assert_eq!(rows.len(), 8 + 10 + 5 + 7 + 5 + 7);
        for row in &rows {
            assert!(row.whole.0 > 0.0 && row.whole.1 > 0.0, "{} {}", row.case, row.path);
            assert!(row.outputs.0 > 0, "{} {} wrote nothing", row.case, row.path);
            if row.case.contains("nest") && row.path == "atom-mf2" {
                // The feed holds the top-level threads only (their replies are not entries),
                // and the pair has as many threads on both sides.
                assert_eq!(row.outputs.1, row.outputs.0, "{} {}", row.case, row.path);
            } else if row.path != "floor" {
                assert!(row.outputs.1 > row.outputs.0, "{} {}: {:?}", row.case, row.path, row.outputs);
            }
            assert_eq!(row.step.is_some(), !matches!(row.path, "floor" | "parse"));
        }
    }
}

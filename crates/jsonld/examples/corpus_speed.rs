//! Times JSON-LD to RDF over the pages below a folder:
//! `cargo run --release -p harvest-jsonld --example corpus_speed -- FOLDER [--whole-context]`.
//!
//! Prints the pages and blocks read, the quads made, the time of parsing the pages alone, and
//! the time of converting their blocks (the fastest of five runs each). `--whole-context` sets
//! a `DocumentLoader` (that has nothing), which makes every block naming schema.org expand
//! against the whole bundled context instead of the part it names.

use harvest_rdf::{BlankNodes, Dataset};
use std::time::{Duration, Instant};

fn fastest(mut work: impl FnMut()) -> Duration {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let Some(folder) = std::env::args().nth(1) else {
        eprintln!("usage: corpus_speed FOLDER");
        std::process::exit(2);
    };
    let mut pages = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(folder)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                pages.push(std::fs::read(&path).unwrap_or_default());
            }
        }
    }
    struct Nothing;
    impl harvest_jsonld::DocumentLoader for Nothing {
        fn load(&self, _: &str) -> Option<Vec<u8>> {
            None
        }
    }
    let options = if std::env::args().any(|arg| arg == "--whole-context") {
        harvest_jsonld::Options::new().loader(Nothing)
    } else {
        harvest_jsonld::Options::new()
    };
    let docs: Vec<_> = pages.iter().map(|page| harvest_dom::Document::parse_bytes(page, &Default::default())).collect();
    let parse = fastest(|| {
        for page in &pages {
            std::hint::black_box(harvest_dom::Document::parse_bytes(page, &Default::default()));
        }
    });
    let (mut blocks, mut quads, mut schema_blocks) = (0, 0, 0);
    for doc in &docs {
        let report = harvest_jsonld::to_rdf(doc, &options, &mut BlankNodes::new(), &mut Dataset::new());
        blocks += report.blocks;
        quads += report.quads;
        schema_blocks += harvest_jsonld::scripts(doc).filter(|s| s.text_content().contains("schema.org")).count();
    }
    let convert = fastest(|| {
        for doc in &docs {
            std::hint::black_box(harvest_jsonld::to_rdf(doc, &options, &mut BlankNodes::new(), &mut Dataset::new()));
        }
    });
    println!("{} pages, {blocks} JSON-LD blocks ({schema_blocks} mention schema.org), {quads} quads", pages.len());
    println!("parsing the pages: {parse:?}; JSON-LD to RDF of their blocks: {convert:?}");
    if blocks > 0 {
        println!("per block: {:?}", convert / u32::try_from(blocks).unwrap_or(u32::MAX));
    }
}

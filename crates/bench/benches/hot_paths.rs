//! Criterion benches of harvest's hot paths: `cargo bench -p harvest-bench [-- FILTER]`.
//!
//! * `parse`: harvest-dom's parse of a typical page against plain kuchikiki (html5ever) parsing
//!   of the same page, the floor every extractor pays;
//! * `extract`: microformats2 (to JSON, and the parse alone), microdata JSON and links, each on
//!   an already parsed page;
//! * `export`: vCard, iCalendar, Atom and RDF (harvest-export), each from an already parsed
//!   page (and its microformats2 parse for the exporters that read it);
//! * `corpus-real`: the floor, harvest-dom (with one walk) and `all` over every page of `../shared/corpus/real`,
//!   read at run time when it is there (nothing of the corpus is part of the crate).
//!
//! The typical page is generated ([`harvest_bench::generate::typical`]): an h-feed of 20
//! entries and 20 events, 20 blocks of microdata contacts, events and products with `itemref`,
//! link types in head and body, about 80 KB. Under `cargo test --all-targets` criterion runs
//! every bench once, as a test.

use criterion::{criterion_main, Criterion, Throughput};
use harvest_bench::{generate, work};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

fn typical() -> String {
    generate::typical(20)
}

fn parse(c: &mut Criterion) {
    let page = typical();
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(page.len() as u64));
    group.bench_function("kuchikiki (floor)", |b| b.iter(|| work::floor(black_box(&page))));
    group.bench_function("harvest-dom", |b| b.iter(|| work::parse(black_box(&page))));
    group.bench_function("harvest-dom + traverse", |b| b.iter(|| work::traverse(&work::parse(black_box(&page)))));
    group.finish();
}

fn extract(c: &mut Criterion) {
    let page = typical();
    let doc = work::parse(&page);
    let mf2 = work::mf2(&doc);
    let mut group = c.benchmark_group("extract");
    group.throughput(Throughput::Bytes(page.len() as u64));
    group.bench_function("mf2 parse", |b| b.iter(|| work::mf2(black_box(&doc))));
    group.bench_function("mf2 parse + JSON", |b| b.iter(|| work::mf2_json(black_box(&doc))));
    group.bench_function("mf2 JSON only", |b| b.iter(|| black_box(mf2.as_ref()).map(|m| m.to_json().len())));
    group.bench_function("microdata to_json", |b| b.iter(|| work::microdata_json(black_box(&doc))));
    group.bench_function("links + JSON", |b| b.iter(|| work::links_json(black_box(&doc))));
    group.bench_function("all (mf2, microdata, links)", |b| b.iter(|| work::all(black_box(&doc))));
    group.finish();
}

fn export(c: &mut Criterion) {
    let page = typical();
    let doc = work::parse(&page);
    let mf2 = work::mf2(&doc);
    let mut group = c.benchmark_group("export");
    group.throughput(Throughput::Bytes(page.len() as u64));
    for export in work::Export::ALL {
        group.bench_function(export.name(), |b| b.iter(|| export.run(black_box(&doc), black_box(mf2.as_ref()))));
    }
    group.finish();
}

/// The `real` pages of the shared corpus, when the checkout has it beside it.
fn real_corpus() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/real");
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "html" || e == "htm"))
        .collect();
    paths.sort();
    paths
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .map(|bytes| harvest_dom::encoding::decode(&bytes, None).0.into_owned())
        .collect()
}

fn corpus(c: &mut Criterion) {
    let pages = real_corpus();
    if pages.is_empty() {
        eprintln!("corpus benches skipped: ../shared/corpus/real is not beside the checkout");
        return;
    }
    let bytes: usize = pages.iter().map(String::len).sum();
    let mut group = c.benchmark_group("corpus-real");
    group.throughput(Throughput::Bytes(bytes as u64)).sample_size(10).measurement_time(Duration::from_secs(8));
    group.bench_function("kuchikiki (floor)", |b| b.iter(|| pages.iter().map(|p| work::floor(p)).sum::<usize>()));
    group.bench_function("harvest-dom + traverse", |b| {
        b.iter(|| pages.iter().map(|p| work::traverse(&work::parse(p))).sum::<usize>())
    });
    group.bench_function("all", |b| b.iter(|| pages.iter().map(|p| work::all(&work::parse(p))).sum::<usize>()));
    group.finish();
}

#[allow(missing_docs, reason = "criterion_group! declares an undocumented public function")]
mod group {
    use super::{corpus, export, extract, parse};
    criterion::criterion_group!(benches, parse, extract, export, corpus);
}
use group::benches;
criterion_main!(benches);

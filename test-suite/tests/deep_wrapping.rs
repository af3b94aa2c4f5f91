//! Past the DOM's depth bound, extraction gives what the same markup gives shallow: every
//! fixture, wrapped in 10 and in 600 `div`s, and every eighth in 100,000 (a parse of that
//! depth takes a while), gives the same mf2, microdata, link and metadata output (links
//! compared without their element paths, which name the wrappers).
//!
//! Fixtures: the microformats suite's `microformats-v2` pages, the links crate's fixtures,
//! this crate's microdata pages and the W3C Microdata-to-RDF suite's pages (every third, to
//! keep the run short). The suites are found as for their own tests.

use harvest_dom::Document;
use harvest_test_suite::{require, Suite};
use std::path::{Path, PathBuf};

const SHALLOW: usize = 10;
const PAST_THE_BOUND: usize = 600;
const DEEP: usize = 100_000;

fn html_files(folder: &Path, recursive: bool) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() && recursive {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "html") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Every extractor's output for `html` wrapped in `depth` `div`s.
fn extract(html: &str, depth: usize) -> Vec<String> {
    let wrapped = format!("{}{html}{}", "<div>".repeat(depth), "</div>".repeat(depth));
    let options =
        harvest_dom::ParseOptions::new().url(harvest_dom::Url::parse("http://example.com/").expect("valid URL"));
    let document = Document::parse_with(&wrapped, &options);
    let mf2 = harvest_mf2::parse(&document, &harvest_mf2::Options::new()).map(|doc| doc.to_json());
    let microdata = harvest_microdata::to_json(&document, &harvest_microdata::JsonOptions::new());
    let links = harvest_links::links(&document);
    let links: Vec<String> = links
        .iter()
        .map(|link| {
            let mut compact = link.compact();
            compact.path = "";
            serde_json::to_string(&compact).unwrap_or_default()
        })
        .collect();
    let opengraph = serde_json::to_string(&harvest_meta::opengraph(&document)).unwrap_or_default();
    let dublin_core = serde_json::to_string(&harvest_meta::dublin_core(&document)).unwrap_or_default();
    vec![
        format!("depth limit hit: {}", document.depth_limit_hit()),
        format!("mf2: {mf2:?}"),
        format!("microdata: {microdata}"),
        format!("links: {links:?}"),
        format!("opengraph: {opengraph}"),
        format!("dublin core: {dublin_core}"),
    ]
}

#[test]
fn fixtures_wrapped_deep_extract_as_shallow() {
    let mut files = Vec::new();
    if let Some(mf2) = require(Suite::Mf2) {
        files.extend(html_files(&mf2.join("microformats-v2"), true));
    }
    if let Some(rdf) = require(Suite::MicrodataRdf) {
        files.extend(html_files(&rdf, false).into_iter().step_by(3));
    }
    let crates = Path::new(env!("CARGO_MANIFEST_DIR"));
    files.extend(html_files(&crates.join("../crates/links/tests/fixtures"), false));
    files.extend(html_files(&crates.join("microdata"), true));
    assert!(files.len() > 20, "only {} fixtures", files.len());
    for (index, file) in files.iter().enumerate() {
        let Ok(html) = std::fs::read_to_string(file) else { continue };
        let shallow = extract(&html, SHALLOW);
        let depths: &[usize] = if index % 8 == 0 { &[PAST_THE_BOUND, DEEP] } else { &[PAST_THE_BOUND] };
        for &depth in depths {
            let deep = extract(&html, depth);
            for (shallow, deep) in shallow.iter().zip(&deep) {
                assert_eq!(shallow, deep, "{} wrapped {depth} deep", file.display());
            }
        }
    }
}

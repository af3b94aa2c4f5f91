//! The output stays byte for byte what it was: for every page of the benchmark corpus and
//! every JSON command (`all` in each of its forms, and each syntax's own output), the SHA-256
//! of what harvest writes is compared with the one noted in `tests/data/all-digests.txt`.
//!
//! The digests are of harvest's own output, not of the corpus files. A change that is meant to
//! change the output regenerates them, and the diff of that file shows which pages and
//! commands it changed:
//!
//! ```text
//! HARVEST_BLESS=1 cargo test -p harvest-pipeline --test digests
//! ```
//!
//! A page added to or removed from the corpus fails the test until the file is regenerated, so
//! that no page is left uncompared.

use harvest_html::output::{AllOptions, Extraction, LinksMode, Mf2Output, MicrodataOutput, Output, RdfaOutput};
use harvest_html::{Extractor, Limits, LinksDetail, Page};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

const DIGESTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/all-digests.txt");

const HEADER: &str = "\
# SHA-256 of harvest's JSON output (not of the pages) for each page of the benchmark corpus and
# each command of tests/digests.rs: command, page (relative to the corpus), digest.
# Regenerate (only when the output is meant to change):
#   HARVEST_BLESS=1 cargo test -p harvest-pipeline --test digests
";

/// The page's URL in the test: each page has its own, so relative links resolve.
fn page_url(relative: &str) -> String {
    format!("https://example.com/{relative}")
}

/// What a written extraction gives: its bytes, or the message of its error (a failed
/// extraction's partial output is never shown to a user, so it is not compared).
fn written(result: Result<(), impl std::fmt::Display>, out: Vec<u8>) -> Vec<u8> {
    match result {
        Ok(()) => out,
        Err(error) => format!("error: {error}").into_bytes(),
    }
}

fn write(extraction: &Extraction, page: &Page, limits: &Limits) -> Vec<u8> {
    let mut out = Vec::new();
    let result = extraction.write_limited(page, limits, &mut out);
    written(result, out)
}

type Command = Box<dyn Fn(&Page, &Page) -> Vec<u8>>;

/// A command written with `limits`, on the page with its URL or (`bare`) without one.
fn written_with(extraction: Extraction, limits: Limits, bare: bool) -> Command {
    Box::new(move |page, without_url| write(&extraction, if bare { without_url } else { page }, &limits))
}

/// Every command compared, each with what it writes for a page (given with its URL and
/// without one).
fn commands() -> Vec<(&'static str, Command)> {
    let all = || Extraction::All(AllOptions::default());
    let full = Extraction::All(AllOptions::default().links(LinksDetail::Full));
    let strict = Extraction::All(AllOptions::default().strict_limits(true));
    // Tight enough that the larger pages' microdata and microformats are cut short.
    let tight = || Limits::default().max_values(Some(40));
    let single = |extraction| written_with(extraction, Limits::default(), false);
    vec![
        ("all", written_with(all(), Limits::default(), false)),
        ("all-no-url", written_with(all(), Limits::default(), true)),
        ("all-full-links", written_with(full, Limits::default(), false)),
        ("all-limited", written_with(all(), tight(), false)),
        ("all-limited-strict", written_with(strict, tight(), false)),
        (
            "all-members",
            Box::new(|page, _| {
                let mut out = Vec::new();
                let extractor = Extractor::new();
                match extractor.write_document_members(&extractor.parse(page), &mut out) {
                    Ok(members) => {
                        for member in members {
                            let _ = write!(out, "\n{} {:?} {:?}", member.key, member.at, member.found);
                        }
                        out
                    }
                    Err(error) => format!("error: {error}").into_bytes(),
                }
            }),
        ),
        (
            "all-value",
            Box::new(move |page, _| match all().run(page) {
                Ok(Output::Json(value)) => serde_json::to_vec(&value).unwrap(),
                Ok(Output::Text(text)) => text.into_bytes(),
                Ok(other) => panic!("all gives JSON, not {other:?}"),
                Err(error) => format!("error: {error}").into_bytes(),
            }),
        ),
        ("mf2", single(Extraction::Mf2(Mf2Output::new()))),
        ("microdata", single(Extraction::Microdata(MicrodataOutput::default()))),
        ("microdata-jsonld", single(Extraction::Microdata(MicrodataOutput::JsonLd(None)))),
        ("microdata-validate", single(Extraction::Microdata(MicrodataOutput::Validate))),
        ("links", single(Extraction::Links(LinksMode::All))),
        ("links-feeds", single(Extraction::Links(LinksMode::Feeds))),
        ("links-check", single(Extraction::Links(LinksMode::Check))),
        ("rdfa", single(Extraction::Rdfa(RdfaOutput::default()))),
    ]
}

/// `command page` → digest, for every page and command.
fn digests(root: &Path, pages: &[std::path::PathBuf]) -> BTreeMap<(String, String), String> {
    let commands = commands();
    let mut digests = BTreeMap::new();
    for path in pages {
        let relative = path.strip_prefix(root).unwrap_or(path).to_string_lossy().replace('\\', "/");
        let bytes = std::fs::read(path).unwrap();
        let page = Page::new(&relative, bytes.clone(), Some(&page_url(&relative)));
        let bare = Page::new(&relative, bytes, None);
        for (name, command) in &commands {
            let digest = Sha256::digest(command(&page, &bare));
            let hex = digest.iter().fold(String::new(), |mut hex, byte| {
                let _ = write!(hex, "{byte:02x}");
                hex
            });
            digests.insert((name.to_string(), relative.clone()), hex);
        }
    }
    digests
}

fn read_digests(text: &str) -> BTreeMap<(String, String), String> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            let (Some(command), Some(page), Some(digest), None) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                panic!("{DIGESTS}: not `command<TAB>page<TAB>digest`: {line}");
            };
            ((command.to_owned(), page.to_owned()), digest.to_owned())
        })
        .collect()
}

#[test]
fn the_output_is_byte_for_byte_the_noted_one() {
    let Some(pages) = harvest_test_support::corpus_pages() else { return };
    let root = harvest_test_support::corpus_dir().expect("corpus_pages found it");
    let found = digests(&root, &pages);
    if std::env::var_os("HARVEST_BLESS").is_some() {
        let mut text = HEADER.to_owned();
        for ((command, page), digest) in &found {
            let _ = writeln!(text, "{command}\t{page}\t{digest}");
        }
        std::fs::write(DIGESTS, text).unwrap();
        eprintln!("wrote {} digests to {DIGESTS}", found.len());
        return;
    }
    let noted = read_digests(&std::fs::read_to_string(DIGESTS).unwrap());
    let mut differences = Vec::new();
    for (key, digest) in &found {
        match noted.get(key) {
            Some(noted) if noted == digest => {}
            Some(_) => differences.push(format!("{} {}: the output differs", key.0, key.1)),
            None => differences.push(format!("{} {}: no digest noted (a page new to the corpus?)", key.0, key.1)),
        }
    }
    for key in noted.keys().filter(|key| !found.contains_key(*key)) {
        differences.push(format!("{} {}: noted, but the corpus has no such page", key.0, key.1));
    }
    assert!(
        differences.is_empty(),
        "{} of {} outputs are not the noted ones (regenerate with HARVEST_BLESS=1 only if the change is \
         meant):\n{}",
        differences.len(),
        found.len(),
        differences.join("\n")
    );
}

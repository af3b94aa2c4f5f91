//! `Limits`: the output bound and the deadline, for every extraction.

use harvest_dom::Deadline;
use harvest_pipeline::extract::{
    AllOptions, ExtractError, Extraction, FeedSource, IcalOutput, Limits, LinksMode, Mf2Options, MicrodataOutput,
    RdfOutput, VcardOutput, WriteError,
};
use harvest_pipeline::Page;
use std::time::{Duration, Instant};

fn extractions() -> Vec<Extraction> {
    vec![
        Extraction::All(AllOptions::default()),
        Extraction::Mf2(Mf2Options::default()),
        Extraction::Microdata(MicrodataOutput::default()),
        Extraction::Links(LinksMode::All),
        Extraction::Vcard(VcardOutput::default()),
        Extraction::Ical(IcalOutput::default()),
        Extraction::Atom(FeedSource::Auto),
        Extraction::Rdf(RdfOutput::default()),
    ]
}

/// Issue 26, item 3: `<div>` × 2,000,000 costs seconds of CPU; a deadline stops every
/// extraction within a fraction of a second of it, with an error rather than a partial output.
#[test]
fn a_deadline_stops_every_extraction_promptly() {
    let page = Page::new("-", "<div>".repeat(2_000_000).into_bytes(), Some("https://example.com/"));
    for extraction in extractions() {
        let limits = Limits { deadline: Deadline::after(Duration::from_millis(100)), ..Limits::default() };
        let start = Instant::now();
        let mut out = Vec::new();
        let result = extraction.write_limited(&page, &limits, &mut out);
        let elapsed = start.elapsed();
        assert!(
            matches!(result, Err(WriteError::Extract(ExtractError::Interrupted))),
            "{}: {result:?}",
            extraction.name()
        );
        assert!(elapsed < Duration::from_millis(1_500), "{}: {elapsed:?}", extraction.name());
        let limits = Limits { deadline: Deadline::after(Duration::from_millis(100)), ..Limits::default() };
        assert_eq!(extraction.run_limited(&page, &limits), Err(ExtractError::Interrupted), "{}", extraction.name());
    }
}

/// A deadline that does not pass changes nothing.
#[test]
fn a_distant_deadline_changes_nothing() {
    let page = Page::new(
        "-",
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/blog.html")).unwrap(),
        Some("https://ada.example.org/"),
    );
    for extraction in extractions() {
        let limits = Limits { deadline: Deadline::after(Duration::from_secs(3600)), ..Limits::default() };
        let (mut bounded, mut plain) = (Vec::new(), Vec::new());
        let bounded_result = extraction.write_limited(&page, &limits, &mut bounded).map_err(|e| e.to_string());
        let plain_result = extraction.write(&page, &mut plain).map_err(|e| e.to_string());
        assert_eq!(bounded_result, plain_result, "{}", extraction.name());
        assert_eq!(bounded, plain, "{}", extraction.name());
    }
}

/// Past `max_output_bytes` the extraction fails (writing, and building the output whole);
/// at the output's exact size it is whole.
#[test]
fn the_output_bound_is_an_error_not_a_cut() {
    let page = Page::new(
        "-",
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/blog.html")).unwrap(),
        Some("https://ada.example.org/"),
    );
    for extraction in extractions() {
        let mut whole = Vec::new();
        if extraction.write(&page, &mut whole).is_err() {
            continue;
        }
        let size = whole.len() as u64;
        let at = Limits { max_output_bytes: Some(size), ..Limits::default() };
        let mut out = Vec::new();
        extraction.write_limited(&page, &at, &mut out).unwrap();
        assert_eq!(out, whole, "{}", extraction.name());
        assert!(extraction.run_limited(&page, &at).is_ok(), "{}", extraction.name());
        let under = Limits { max_output_bytes: Some(size - 1), ..Limits::default() };
        let mut out = Vec::new();
        let error = extraction.write_limited(&page, &under, &mut out).unwrap_err();
        assert!(
            matches!(error, WriteError::Extract(ExtractError::OutputTooLarge { max_bytes }) if max_bytes == size - 1),
            "{}: {error:?}",
            extraction.name()
        );
        assert!((out.len() as u64) < size);
        assert_eq!(
            extraction.run_limited(&page, &under),
            Err(ExtractError::OutputTooLarge { max_bytes: size - 1 }),
            "{}",
            extraction.name()
        );
    }
}

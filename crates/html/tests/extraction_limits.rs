//! `Limits`: the output bound and the deadline, for every extraction.

use harvest_dom::Deadline;
use harvest_html::output::{
    AllOptions, Extraction, FeedSource, IcalOutput, LinksMode, Mf2Output, MicrodataOutput, RdfOutput, VcardOutput,
};
use harvest_html::Page;
use harvest_html::{Error, Limits};
use std::time::{Duration, Instant};

fn extractions() -> Vec<Extraction> {
    vec![
        Extraction::All(AllOptions::default()),
        Extraction::Mf2(Mf2Output::new()),
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
        let limits = Limits::new().deadline(Deadline::after(Duration::from_millis(100)));
        let start = Instant::now();
        let mut out = Vec::new();
        let result = extraction.write_limited(&page, &limits, &mut out);
        let elapsed = start.elapsed();
        assert!(matches!(result, Err(Error::Interrupted)), "{}: {result:?}", extraction.name());
        assert!(elapsed < Duration::from_millis(1_500), "{}: {elapsed:?}", extraction.name());
        let limits = Limits::new().deadline(Deadline::after(Duration::from_millis(100)));
        let run = extraction.run_limited(&page, &limits);
        assert!(matches!(run, Err(Error::Interrupted)), "{}: {run:?}", extraction.name());
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
        let limits = Limits::new().deadline(Deadline::after(Duration::from_secs(3600)));
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
        let at = Limits::new().max_output_bytes(Some(size));
        let mut out = Vec::new();
        extraction.write_limited(&page, &at, &mut out).unwrap();
        assert_eq!(out, whole, "{}", extraction.name());
        assert!(extraction.run_limited(&page, &at).is_ok(), "{}", extraction.name());
        let under = Limits::new().max_output_bytes(Some(size - 1));
        let mut out = Vec::new();
        let error = extraction.write_limited(&page, &under, &mut out).unwrap_err();
        assert!(
            matches!(error, Error::OutputTooLarge { max_bytes } if max_bytes == size - 1),
            "{}: {error:?}",
            extraction.name()
        );
        assert!((out.len() as u64) < size);
        let run = extraction.run_limited(&page, &under);
        assert!(
            matches!(run, Err(Error::OutputTooLarge { max_bytes }) if max_bytes == size - 1),
            "{}: {run:?}",
            extraction.name()
        );
    }
}

/// The deepest nesting of `{` and `[` in a JSON text (strings skipped).
fn json_depth(text: &[u8]) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for &byte in text {
        match (in_string, byte) {
            (true, _) if escaped => escaped = false,
            (true, b'\\') => escaped = true,
            (true | false, b'"') => in_string = !in_string,
            (false, b'{' | b'[') => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            (false, b'}' | b']') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Issue 42, item 4: a lower `max_depth` never makes a page more expensive. Nested roots past
/// the bound are stored flat by the DOM; at the default they are cut at mf2's item depth, and a
/// lower bound must cut them too rather than give every one as a sibling item (10,000 nested
/// `h-card p-x` gave 10,000 items at `max_depth` 64 against 512 at the default). Pages whose
/// output a budget cuts (an item that is two properties doubles at each level, up to
/// `max_copied_values`) are bounded by that budget at every depth instead. The output's size
/// and nesting stand for the work: both are deterministic where time is not.
#[test]
fn a_lower_max_depth_never_gives_more_output() {
    let pages = [
        r#"<div class="h-card p-x">"#,
        r#"<div class="h-entry"><div class="p-author h-card">"#,
        r#"<div itemscope itemprop=x class="h-card p-x">"#,
        r"<div itemscope itemtype=https://schema.org/Thing itemprop=x property=x typeof=Thing>",
    ];
    for unit in pages {
        let page = Page::new("-", format!("{}x", unit.repeat(10_000)).into_bytes(), Some("https://example.com/"));
        // The extractions that give the whole data (the vCard, iCalendar and Atom conversions
        // show the top-level items only, which a flatter tree gives more of).
        let whole = [
            Extraction::All(AllOptions::default()),
            Extraction::Mf2(Mf2Output::new()),
            Extraction::Microdata(MicrodataOutput::default()),
            Extraction::Rdf(RdfOutput::default()),
        ];
        for extraction in whole {
            let mut previous: Option<(usize, usize, usize)> = None;
            for max_depth in [harvest_dom::DEFAULT_MAX_DEPTH, 64, 8, 1] {
                let limits = Limits::new().max_depth(max_depth);
                let mut out = Vec::new();
                let _ = extraction.write_limited(&page, &limits, &mut out);
                let (size, depth) = (out.len(), json_depth(&out));
                if let Some((above, size_above, depth_above)) = previous {
                    assert!(
                        size <= size_above && depth <= depth_above,
                        "{unit} {}: max_depth {max_depth} gives {size} bytes {depth} deep, {above} gives {size_above} bytes {depth_above} deep",
                        extraction.name()
                    );
                }
                previous = Some((max_depth, size, depth));
            }
        }
    }
}

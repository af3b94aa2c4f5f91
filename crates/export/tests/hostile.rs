//! Hostile input through the exporters (issue 9): a million nested elements inside a contact,
//! an event and an article; 50,000 sibling contacts and events (doubling checks); a 10 MB
//! text value folded into content lines; an `itemref` web that every item references; an mf2
//! `include` pointing at itself; NUL bytes, lone surrogates and invalid UTF-8; a `<base>` and
//! URLs that fail to parse. No panic, no stack overflow, output limits reported as errors.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_export::atom::{self, AtomError, AtomOptions};
use harvest_export::content_line::{unfold, Folding};
use harvest_export::ical::{self, IcalError, IcalOptions};
use harvest_export::rdf::{self, RdfError, RdfOptions};
use harvest_export::vcard::{self, VcardError, VcardOptions};
use std::time::{Duration, Instant, UNIX_EPOCH};

const HCARD: &str = "http://microformats.org/profile/hcard";
const VEVENT: &str = "http://microformats.org/profile/hcalendar#vevent";

fn page_url() -> Url {
    Url::parse("https://example.com/dir/page.html").unwrap()
}

fn parse(html: &str) -> Document {
    Document::parse_with(html, &ParseOptions::new().url(page_url()))
}

fn now() -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::parse_from_rfc3339("2026-11-22T01:02:03Z").unwrap().to_utc()
}

fn atom_options() -> AtomOptions {
    AtomOptions::new().now(UNIX_EPOCH + Duration::from_secs(1_795_000_000))
}

/// Every exporter over the page, both from microdata and from mf2; returns the output size.
fn export_everything(doc: &Document) -> usize {
    let mut size = 0;
    // Without a document URL, mf2 has no base URL: its exports are of an empty result.
    let mf2 = match harvest_mf2::parse(doc, &harvest_mf2::Options::new()) {
        Ok(mf2) => mf2,
        Err(harvest_mf2::Mf2Error::MissingBaseUrl) => harvest_mf2::Document::default(),
        Err(e) => panic!("{e}"),
    };
    for folding in [Folding::Octets, Folding::CodePoints] {
        let options = VcardOptions::new().all(true).folding(folding);
        for result in [vcard::from_microdata(doc, &options), vcard::from_mf2(&mf2, Some(&page_url()), &options)] {
            match result {
                Ok(text) => size += check_lines(&text, folding),
                Err(VcardError::NothingFound) => {}
                Err(e) => panic!("{e}"),
            }
        }
        let options = IcalOptions::new().now(now()).folding(folding);
        for result in [ical::from_microdata(doc, &options), ical::from_mf2(&mf2, Some(&page_url()), &options)] {
            match result {
                Ok(text) => size += check_lines(&text, folding),
                Err(IcalError::NothingFound) => {}
                Err(e) => panic!("{e}"),
            }
        }
    }
    for result in [atom::from_document(doc, &atom_options()), atom::from_mf2(&mf2, &atom_options())] {
        match result {
            Ok(xml) => size += xml.len(),
            Err(AtomError::NothingFound) => {}
            Err(e) => panic!("{e}"),
        }
    }
    match rdf::from_microdata(doc, &RdfOptions::new()) {
        Ok(graph) => size += graph.to_ntriples().len(),
        Err(e) => panic!("{e}"),
    }
    // The W3C note's conversion walks each item once per vocabulary, and its JSON-LD once.
    match rdf::w3c::from_microdata(doc, &rdf::w3c::W3cOptions::new()) {
        Ok(conversion) => {
            size += conversion.to_ntriples().len();
            size += rdf::jsonld::from_conversion(&conversion).to_string().len();
        }
        Err(e) => panic!("{e}"),
    }
    size
}

/// CRLF line ends and at most 75 octets or code points per physical line.
fn check_lines(text: &str, folding: Folding) -> usize {
    assert!(text.ends_with("\r\n"));
    for line in text[..text.len() - 2].split("\r\n") {
        let length = match folding {
            Folding::Octets => line.len(),
            Folding::CodePoints => line.chars().count(),
            other => panic!("no line length for {other:?}"),
        };
        assert!(length <= 75 && !line.contains(['\r', '\n']), "{line:?}");
    }
    text.len()
}

/// Exporting everything from `page(n)` grows linearly (the page is parsed outside the timing).
fn assert_linear(what: &str, page: impl Fn(usize) -> String, n: usize) {
    harvest_test_support::assert_linear(
        what,
        n,
        |n| parse(&page(n)),
        |doc| {
            std::hint::black_box(export_everything(doc));
        },
    );
}

fn nested(n: usize) -> String {
    format!("{}deep{}", "<div>".repeat(n), "</div>".repeat(n))
}

#[test]
fn a_million_nested_elements_inside_a_contact_an_event_and_an_article() {
    let deep = nested(1_000_000);
    let page = format!(
        "<div itemscope itemtype='{HCARD}'><span itemprop=fn>A</span><div itemprop=note>{deep}</div></div>\
         <div class=h-event><p class=p-name>E</p><time class=dt-start datetime=2026-11-22>x</time>\
         <div class=e-description>{deep}</div></div>\
         <article><h1>T</h1>{deep}</article>"
    );
    let doc = parse(&page);
    assert!(export_everything(&doc) > 0);
}

#[test]
fn sibling_contacts_and_events_are_linear() {
    let page = |n: usize| -> String {
        (0..n)
            .map(|i| {
                format!(
                    "<div itemscope itemtype='{HCARD}'><span itemprop=fn>P{i}</span><a itemprop=url href=/p{i}>u</a></div>\
                     <div itemscope itemtype='{VEVENT}'><span itemprop=summary>E{i}</span>\
                     <time itemprop=dtstart datetime=2026-11-22T10:00Z>t</time></div>\
                     <div class=h-card><a class='p-name u-url' href=/c{i}>C{i}</a></div>"
                )
            })
            .collect()
    };
    let doc = parse(&page(50_000 / 3));
    assert!(export_everything(&doc) > 0);
    assert_linear("sibling contacts and events", page, 2_000);
}

#[test]
fn a_ten_megabyte_value_folds_into_short_lines() {
    let text = "é,;\\x".repeat(2 * 1024 * 1024);
    let page = format!("<div itemscope itemtype='{HCARD}'><span itemprop=fn>{text}</span></div>");
    let doc = parse(&page);
    let started = Instant::now();
    for folding in [Folding::Octets, Folding::CodePoints] {
        let card = vcard::from_microdata(&doc, &VcardOptions::new().folding(folding)).unwrap();
        check_lines(&card, folding);
        assert!(unfold(&card).len() > 10 * 1024 * 1024);
    }
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn an_itemref_web_is_bounded_by_the_rdf_limits() {
    // Every item references every other: the conversion reaches each item again from every
    // other one, so the triples it would generate grow without bound. The limit answers.
    let n = 30;
    let ids: Vec<String> = (0..n).map(|i| format!("i{i}")).collect();
    let page: String = (0..n)
        .map(|i| format!("<div id=i{i} itemprop=p itemscope itemref='{}'><b itemprop=v>{i}</b></div>", ids.join(" ")))
        .collect();
    let doc = parse(&format!("<div itemscope itemref='{}'></div>{page}", ids.join(" ")));
    match rdf::from_microdata(&doc, &RdfOptions::new().max_triples(100_000)) {
        Ok(graph) => assert!(!graph.is_empty()),
        Err(RdfError::TooLarge { what, limit }) => assert_eq!((what, limit), ("triples", 100_000)),
        Err(e) => panic!("{e}"),
    }
    // The W3C conversion needs no limit here: each item is walked once, the web's cycles are
    // reported.
    let w3c = rdf::w3c::from_microdata(&doc, &rdf::w3c::W3cOptions::new()).unwrap();
    assert!(w3c.graph.len() <= 2 * n * n + 2 * n, "{}", w3c.graph.len());
    assert!(!w3c.cycles.is_empty());
    export_everything(&parse(&page));
}

#[test]
fn an_include_pointing_at_itself() {
    let page = "<div id=me class='h-card include' itemref=me><a class='p-name u-url' href=/me>Me</a>\
                <object class=include data=#me></object><a class=include href=#me>x</a></div>\
                <div class='vcard' id=v><span class='fn include' id=f itemref=f>F</span>\
                <a class=include href=#v>v</a><object class=include data=#f></object></div>";
    let doc = parse(page);
    assert!(export_everything(&doc) > 0);
}

#[test]
fn nul_bytes_surrogates_and_invalid_utf8() {
    let page = format!(
        "<div itemscope itemtype='{HCARD}' class=h-card><span itemprop=fn class=p-name>\0A&#xD800;&#0;\r\nB</span>\
         <a itemprop=url class=u-url href='/\0&#xDFFF;'>u</a></div>\
         <div itemscope itemtype='{VEVENT}' class=h-event><span itemprop=summary class=p-name>\0&#x110000;</span>\
         <time itemprop=dtstart class=dt-start datetime='2026-11-22T10:00\0Z'>t</time></div>\
         <article><h1>\0&#xD800;</h1><p>&#xFFFE;&#x1;\u{FFFF}</p></article>"
    );
    assert!(export_everything(&parse(&page)) > 0);
    let mut bytes = page.into_bytes();
    bytes.extend_from_slice(b"<p itemscope><span itemprop=n>\xC3\x28\xED\xA0\x80\xFF</span></p>");
    for label in ["utf-8", "shift_jis", "utf-16le", "replacement", "x-user-defined"] {
        let doc = Document::parse_bytes(&bytes, &ParseOptions::new().url(page_url()).transport_charset(label));
        export_everything(&doc);
    }
}

#[test]
fn urls_and_base_elements_that_fail_to_parse() {
    for base in ["http://[::1", "http://a b/", "mailto:x@example.com", "\0", "http:"] {
        let page = format!(
            "<base href='{base}'><div itemscope itemtype='{HCARD}' itemid='http://%zz/' class=h-card>\
             <span itemprop=fn class=p-name>N</span><a itemprop=url class=u-url href='//[x'>u</a>\
             <img itemprop=photo class=u-photo src='http://a b/'></div>\
             <article><h1>T</h1><a href='http://%zz/' rel=bookmark>x</a></article>"
        );
        export_everything(&parse(&page));
        export_everything(&Document::parse(&page));
    }
}

#[test]
fn many_items_sharing_a_target_with_reverse_properties_stay_linear() {
    // n items name one itemref target holding n reverse properties: n × n visits unbounded.
    let page = |n: usize| {
        let mut html = "<div itemscope itemtype='http://schema.org/Thing' itemref=t></div>".repeat(n);
        html.push_str("<div id=t>");
        html.push_str(&"<link itemprop-reverse=about href=https://e.example/x>".repeat(n));
        html.push_str("</div>");
        html
    };
    let small = rdf::w3c::from_microdata(&parse(&page(10)), &rdf::w3c::W3cOptions::new()).unwrap();
    assert!(!small.reverse_truncated);
    assert_eq!(small.graph.len(), 10 + 10, "a type per item, one reverse triple per item (the same href)");
    let large = rdf::w3c::from_microdata(&parse(&page(5_000)), &rdf::w3c::W3cOptions::new()).unwrap();
    assert!(large.reverse_truncated, "the search stops at its bound and says so");
    assert_linear("w3c reverse properties", page, 2_000);
}

#[test]
fn a_long_itemref_chain_is_written_as_shallow_json_ld_with_the_same_triples() {
    // Each item names the next: the chain nests as deep as it is long. Embedded whole, the
    // JSON-LD of 400,000 items overflowed the stack; now every node past the embedding depth
    // is referenced by @id and written at the top level.
    let n: usize = 100_000;
    let mut html = String::from("<div itemscope itemtype='https://schema.org/Person' itemref=p1></div>");
    for k in 1..n {
        html.push_str(&format!(
            "<div id=p{k} itemprop=knows itemscope itemtype='https://schema.org/Person' itemref=p{}></div>",
            k + 1
        ));
    }
    let conversion = rdf::w3c::from_microdata(&parse(&html), &rdf::w3c::W3cOptions::new()).unwrap();
    let jsonld = rdf::jsonld::from_conversion(&conversion);
    let nodes = jsonld.as_array().unwrap();
    assert_eq!(nodes.len(), n.div_ceil(rdf::jsonld::MAX_EMBEDDING));
    // Shallow enough for serde_json's reader (128 levels).
    let text = jsonld.to_string();
    assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), jsonld);
    // Every item is written once, with its type; each link is one "knows".
    assert_eq!(text.matches("\"@type\":\"Person\"").count(), n);
    assert_eq!(text.matches("\"knows\"").count(), n - 1);
}

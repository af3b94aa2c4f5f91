//! The work the benchmarks time: the parse-only floor, harvest-dom parsing, and each extractor
//! and exporter to its final string. Every function returns a number derived from its output
//! (a length), so the work cannot be optimised away and runs can be checked against each other.

use crate::generate::PAGE_URL;
use harvest_dom::{Document, ParseOptions, Url};
use harvest_export::{atom, ical, rdf, vcard};
use html5ever::tendril::TendrilSink;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The URL generated pages are parsed with ([`PAGE_URL`]).
pub fn page_url() -> Url {
    // PAGE_URL is a constant absolute URL; parsing it cannot fail, but fall back rather than
    // panic all the same.
    Url::parse(PAGE_URL).unwrap_or_else(|_| Url::parse("about:blank").expect("about:blank is a URL"))
}

/// The floor: html5ever + kuchikiki parsing only, the cost of having a tree at all.
pub fn floor(html: &str) -> usize {
    let root = kuchikiki::parse_html().one(html);
    usize::from(root.document_node.first_child().is_some())
}

/// harvest-dom parsing (with its depth bound) of a page at [`PAGE_URL`].
pub fn parse(html: &str) -> Document {
    parse_at(html, &page_url())
}

/// harvest-dom parsing of a page at `url`.
pub fn parse_at(html: &str, url: &Url) -> Document {
    Document::parse_with(html, &ParseOptions::new().url(url.clone()))
}

/// What harvest-dom's parse alone produced: the number of the document's top-level nodes.
pub fn parsed(doc: &Document) -> usize {
    doc.root().children().count()
}

/// One walk over every element of a parsed document reading its `class`; returns the number of
/// elements plus the length of their classes.
pub fn traverse(doc: &Document) -> usize {
    doc.elements().map(|e| 1 + e.attr("class").map_or(0, |c| c.len())).sum()
}

/// The microformats2 parse of a document, with the document's URL as base URL.
pub fn mf2(doc: &Document) -> Option<harvest_mf2::Document> {
    let mut options = harvest_mf2::Options::new();
    if let Some(url) = doc.url() {
        options = options.base_url(url.as_str());
    }
    harvest_mf2::parse(doc, &options).ok()
}

/// microformats2 parse and JSON string; returns the JSON's length.
pub fn mf2_json(doc: &Document) -> usize {
    mf2(doc).map_or(0, |parsed| parsed.to_json().len())
}

/// Microdata JSON (§5.4.1) string, items nested as deep as the page nests them; returns its
/// length. The JSON's default item depth bound (32) would stop the scaling cases' chains,
/// whose walk is what they measure; no corpus page nests items that deep.
pub fn microdata_json(doc: &Document) -> usize {
    harvest_microdata::to_json(doc, &harvest_microdata::JsonOptions::new().max_depth(usize::MAX)).len()
}

/// Every link of the page as a JSON string; returns its length.
pub fn links_json(doc: &Document) -> usize {
    serde_json::to_string(&harvest_links::links(doc)).map_or(0, |json| json.len())
}

/// One exporter of harvest-export, run with every item of its kind (vCard and iCalendar write
/// every contact or event of the page, not only the first) and fixed clocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Export {
    /// vCard from microformats2 h-cards ([`vcard::from_mf2`], all of them).
    VcardMf2,
    /// vCard from microdata hcard items ([`vcard::from_microdata`], all of them).
    VcardMicrodata,
    /// iCalendar from microformats2 h-events ([`ical::from_mf2`]).
    IcalMf2,
    /// iCalendar from microdata vevent items ([`ical::from_microdata`]).
    IcalMicrodata,
    /// Atom from a microformats2 h-feed ([`atom::from_mf2`]).
    AtomMf2,
    /// Atom from the document's `article` elements ([`atom::from_document`]).
    AtomDocument,
    /// RDF from the document and its microdata, as N-Triples ([`rdf::from_microdata`]).
    RdfNtriples,
    /// RDF as Turtle (`Graph::to_turtle`).
    RdfTurtle,
    /// RDF by the W3C note "Microdata to RDF", as N-Triples ([`rdf::w3c::from_microdata`]).
    RdfW3c,
    /// JSON-LD from the W3C conversion ([`rdf::jsonld::from_conversion`]).
    JsonLd,
}

impl Export {
    /// Every exporter.
    pub const ALL: [Export; 10] = [
        Export::VcardMf2,
        Export::VcardMicrodata,
        Export::IcalMf2,
        Export::IcalMicrodata,
        Export::AtomMf2,
        Export::AtomDocument,
        Export::RdfNtriples,
        Export::RdfTurtle,
        Export::RdfW3c,
        Export::JsonLd,
    ];

    /// A short name: `vcard-mf2`, `rdf-nt`...
    pub fn name(self) -> &'static str {
        match self {
            Export::VcardMf2 => "vcard-mf2",
            Export::VcardMicrodata => "vcard-md",
            Export::IcalMf2 => "ical-mf2",
            Export::IcalMicrodata => "ical-md",
            Export::AtomMf2 => "atom-mf2",
            Export::AtomDocument => "atom-doc",
            Export::RdfNtriples => "rdf-nt",
            Export::RdfTurtle => "rdf-ttl",
            Export::RdfW3c => "rdf-w3c",
            Export::JsonLd => "jsonld",
        }
    }

    /// Whether the exporter reads the microformats2 parse (rather than the document).
    pub fn needs_mf2(self) -> bool {
        matches!(self, Export::VcardMf2 | Export::IcalMf2 | Export::AtomMf2)
    }

    /// Runs the exporter on a parsed document (and its microformats2 parse, for the exporters
    /// that read it; without one they write nothing). Returns the output's length, 0 when the
    /// page has nothing of the kind.
    pub fn run(self, doc: &Document, mf2: Option<&harvest_mf2::Document>) -> usize {
        let clock = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        match self {
            Export::VcardMf2 => mf2
                .and_then(|m| vcard::from_mf2(m, doc.url(), &vcard::VcardOptions::new().all(true)).ok())
                .map_or(0, |s| s.len()),
            Export::VcardMicrodata => {
                vcard::from_microdata(doc, &vcard::VcardOptions::new().all(true)).map_or(0, |s| s.len())
            }
            Export::IcalMf2 => {
                mf2.and_then(|m| ical::from_mf2(m, doc.url(), &ical_options()).ok()).map_or(0, |s| s.len())
            }
            Export::IcalMicrodata => ical::from_microdata(doc, &ical_options()).map_or(0, |s| s.len()),
            Export::AtomMf2 => mf2.and_then(|m| atom::from_mf2(m, &atom_options(clock)).ok()).map_or(0, |s| s.len()),
            Export::AtomDocument => atom::from_document(doc, &atom_options(clock)).map_or(0, |s| s.len()),
            Export::RdfNtriples => {
                rdf::from_microdata(doc, &rdf::RdfOptions::new()).map_or(0, |g| g.to_ntriples().len())
            }
            Export::RdfTurtle => rdf::from_microdata(doc, &rdf::RdfOptions::new()).map_or(0, |g| g.to_turtle().len()),
            Export::RdfW3c => {
                rdf::w3c::from_microdata(doc, &rdf::w3c::W3cOptions::new()).map_or(0, |c| c.graph.to_ntriples().len())
            }
            Export::JsonLd => rdf::w3c::from_microdata(doc, &rdf::w3c::W3cOptions::new())
                .map_or(0, |c| rdf::jsonld::from_conversion(&c).to_string().len()),
        }
    }

    /// The whole path from the HTML text: parse, the microformats2 parse when the exporter reads
    /// it, then the exporter.
    pub fn from_html(self, html: &str) -> usize {
        self.from_html_at(html, &page_url())
    }

    /// [`Export::from_html`] for a page at `url`.
    pub fn from_html_at(self, html: &str, url: &Url) -> usize {
        let doc = parse_at(html, url);
        let mf2 = if self.needs_mf2() { mf2(&doc) } else { None };
        self.run(&doc, mf2.as_ref())
    }
}

fn ical_options() -> ical::IcalOptions {
    // A fixed DTSTAMP: no clock read inside the timed work, and reproducible output.
    let now = chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap_or_default();
    ical::IcalOptions::new().now(now)
}

fn atom_options(now: SystemTime) -> atom::AtomOptions {
    atom::AtomOptions::new().now(now)
}

/// The `all` record of a parsed page, written as `harvest all` writes it (harvest-html's
/// `Extraction::All` with its defaults: every syntax, compact links); returns its length.
pub fn all(doc: &Document) -> usize {
    let mut out = Vec::new();
    let all = harvest_html::output::Extraction::All(harvest_html::output::AllOptions::default());
    all.write_on(doc, &mut out).map_or(0, |()| out.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate;

    #[test]
    fn floor_and_parse_agree_on_a_page() {
        let page = generate::typical(2);
        assert_eq!(floor(&page), 1);
        let doc = parse(&page);
        assert!(traverse(&doc) > 0);
        assert_eq!(doc.url().map(|u| u.as_str()), Some(PAGE_URL));
    }

    #[test]
    fn exporters_write_one_record_per_item() {
        let doc = parse(&generate::mf2_entries(3));
        let mf2 = mf2(&doc);
        assert!(mf2_json(&doc) > 0);
        assert_eq!(microdata_json(&doc), r#"{"items":[]}"#.len());
        assert!(links_json(&doc) > 0);
        let vcards = vcard::from_mf2(mf2.as_ref().unwrap(), doc.url(), &vcard::VcardOptions::new().all(true)).unwrap();
        // The feed's author, and the author of every entry and the location of every event.
        assert_eq!(vcards.matches("BEGIN:VCARD").count(), 7);
        let feed = atom::from_mf2(mf2.as_ref().unwrap(), &atom_options(UNIX_EPOCH)).unwrap();
        assert_eq!(feed.matches("<entry>").count(), 3);
        assert!(Export::IcalMf2.run(&doc, mf2.as_ref()) > 0);
        assert_eq!(Export::IcalMf2.run(&doc, None), 0);
        assert!(Export::AtomDocument.from_html(&generate::mf2_entries(3)) > 0);

        let page = generate::microdata_items(3);
        let doc = parse(&page);
        let cards = vcard::from_microdata(&doc, &vcard::VcardOptions::new().all(true)).unwrap();
        assert_eq!(cards.matches("BEGIN:VCARD").count(), 3);
        let events = ical::from_microdata(&doc, &ical_options()).unwrap();
        assert_eq!(events.matches("BEGIN:VEVENT").count(), 3);
        assert!(Export::RdfNtriples.from_html(&page) > Export::RdfTurtle.from_html(&page));
    }
}

//! Every page of the shared benchmark corpus (real and synthetic pages, used in place) through
//! the Atom and RDF conversions: nothing panics, every feed is read back by atom_syndication,
//! every N-Triples and Turtle output by oxttl, and the two syntaxes give the same graph.
#![cfg(all(feature = "atom", feature = "rdf"))]

use atom_syndication::Feed;
use harvest_dom::{Document, ParseOptions, Url};
use harvest_export::atom::{self, AtomError, AtomOptions};
use harvest_export::rdf::{self, RdfOptions};
use oxrdf::graph::CanonicalizationAlgorithm;
use std::time::{Duration, UNIX_EPOCH};

fn graph(triples: impl Iterator<Item = oxrdf::Triple>) -> oxrdf::Graph {
    let mut graph = oxrdf::Graph::new();
    for triple in triples {
        graph.insert(&triple);
    }
    graph
}

#[test]
fn corpus_pages_convert_and_read_back() {
    let Some(dir) = harvest_test_support::required_corpus() else { return };
    let mut files = harvest_test_support::html_files(&dir.join("real"));
    files.extend(harvest_test_support::html_files(&dir.join("synthetic/pages")));
    assert!(!files.is_empty());
    let url = Url::parse("https://example.com/corpus/page.html").unwrap();
    let options = AtomOptions::new().now(UNIX_EPOCH + Duration::from_secs(1_700_000_000));
    let (mut feeds, mut entries, mut mf2_feeds, mut triples, mut w3c_triples) = (0, 0, 0, 0, 0);
    for file in &files {
        let what = file.display();
        let bytes = std::fs::read(file).unwrap();
        let document = Document::parse_bytes(&bytes, &ParseOptions::new().url(url.clone()));

        match atom::from_document(&document, &options) {
            Ok(xml) => {
                let feed: Feed = xml.parse().unwrap_or_else(|e| panic!("{what}: feed not read back: {e}"));
                assert!(!feed.entries().is_empty(), "{what}");
                feeds += 1;
                entries += feed.entries().len();
            }
            Err(AtomError::NothingFound) => {}
            Err(e) => panic!("{what}: {e}"),
        }

        let page = harvest_mf2::parse(&document, &harvest_mf2::Options::new()).unwrap();
        match atom::from_mf2(&page, &options.clone().address(url.clone())) {
            Ok(xml) => {
                xml.parse::<Feed>().unwrap_or_else(|e| panic!("{what}: mf2 feed not read back: {e}"));
                mf2_feeds += 1;
            }
            Err(AtomError::NothingFound) => {}
            Err(e) => panic!("{what}: {e}"),
        }

        let converted = rdf::from_microdata(&document, &RdfOptions::new()).unwrap_or_else(|e| panic!("{what}: {e}"));
        let ntriples = converted.to_ntriples();
        let turtle = converted.to_turtle();
        let from_nt = graph(
            oxttl::NTriplesParser::new()
                .for_slice(ntriples.as_bytes())
                .map(|t| t.unwrap_or_else(|e| panic!("{what}: N-Triples rejected: {e}"))),
        );
        let from_ttl = graph(
            oxttl::TurtleParser::new()
                .for_slice(turtle.as_bytes())
                .map(|t| t.unwrap_or_else(|e| panic!("{what}: Turtle rejected: {e}"))),
        );
        assert_eq!(from_nt.len(), converted.len(), "{what}");
        // Same labels in both syntaxes (_:bN), so the graphs compare directly; canonicalize
        // small ones as a check of the comparison itself.
        if from_nt.len() < 2_000 {
            let (mut a, mut b) = (from_nt.clone(), from_ttl.clone());
            a.canonicalize(CanonicalizationAlgorithm::Unstable);
            b.canonicalize(CanonicalizationAlgorithm::Unstable);
            assert_eq!(a, b, "{what}");
        }
        assert_eq!(from_nt, from_ttl, "{what}");
        triples += converted.len();

        // The W3C conversion: both syntaxes read back to the same graph; the JSON-LD of it is
        // one object per top-level item (plus any subject no item reaches) and serializes.
        let w3c = rdf::w3c::from_microdata(&document, &rdf::w3c::W3cOptions::new())
            .unwrap_or_else(|e| panic!("{what}: W3C: {e}"));
        let (nt, ttl) = (w3c.to_ntriples(), w3c.to_turtle());
        let from_nt = graph(
            oxttl::NTriplesParser::new()
                .for_slice(nt.as_bytes())
                .map(|t| t.unwrap_or_else(|e| panic!("{what}: W3C N-Triples rejected: {e}"))),
        );
        let from_ttl = graph(
            oxttl::TurtleParser::new()
                .for_slice(ttl.as_bytes())
                .map(|t| t.unwrap_or_else(|e| panic!("{what}: W3C Turtle rejected: {e}"))),
        );
        assert_eq!(from_nt, from_ttl, "{what}");
        assert_eq!(from_nt.len(), w3c.graph.len(), "{what}");
        let jsonld = rdf::jsonld::from_conversion(&w3c);
        let objects = jsonld.as_array().map_or(0, Vec::len);
        assert!(objects >= w3c.items.len().min(1), "{what}");
        assert!(serde_json::to_string(&jsonld).is_ok());
        w3c_triples += w3c.graph.len();
    }
    eprintln!(
        "{} pages: {feeds} document feeds ({entries} entries), {mf2_feeds} mf2 feeds, {triples} triples, \
         {w3c_triples} W3C triples",
        files.len()
    );
    assert!(feeds > 0 && mf2_feeds > 0 && triples > 0 && w3c_triples > 0);
}

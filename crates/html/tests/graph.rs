//! A page's dataset of every RDF syntax stays linear in the page's size whatever the page
//! holds (many items in each syntax, a deep nesting, many blocks sharing blank node labels),
//! keeps what fits past a limit and says so, and is the same for the same page.

use harvest_html::output::{page_graph, GraphOutput, GraphSource};
use harvest_html::Limits;
use harvest_html::{Extractor, Page};
use harvest_test_support::assert_linear;

/// The page parsed as every extraction parses it.
fn parse(page: &Page) -> harvest_dom::Document {
    Extractor::new().parse(page)
}

fn page_of(html: String) -> harvest_dom::Document {
    parse(&Page::new("-", html.into_bytes(), Some("https://example.com/")))
}

/// `n` items in each RDF syntax, blank nodes in all of them.
fn busy_page(n: usize) -> String {
    let mut html = String::from("<html prefix='og: http://ogp.me/ns#'><head><meta name=DC.title content=T>");
    for i in 0..n {
        html.push_str(&format!(
            r#"<script type="application/ld+json">{{"@context": "https://schema.org", "@type": "Event", "name": "e{i}",
               "location": {{"@type": "Place", "name": "p{i}"}}}}</script>"#
        ));
    }
    html.push_str("</head><body vocab='http://schema.org/'>");
    for i in 0..n {
        html.push_str(&format!(
            "<div itemscope itemtype='https://schema.org/Person'><span itemprop=name>m{i}</span>\
             <div itemprop=address itemscope><span itemprop=streetAddress>s{i}</span></div></div>\
             <div typeof=Person><span property=name>r{i}</span></div>"
        ));
    }
    html
}

#[test]
fn many_items_in_every_syntax_stay_linear() {
    let output = GraphOutput::default();
    assert_linear(
        "page_graph and N-Quads over items of every syntax",
        500,
        |n| page_of(busy_page(n)),
        |doc| {
            let graph = page_graph(doc, &output, &Limits::default());
            assert!(graph.diagnostics.is_empty(), "{:?}", graph.diagnostics);
            std::hint::black_box(graph.write(&output));
        },
    );
}

#[test]
fn every_syntax_counts_and_blank_nodes_stay_apart() {
    let doc = page_of(busy_page(3));
    let graph = page_graph(&doc, &GraphOutput::default(), &Limits::default());
    let counts: std::collections::HashMap<_, _> = graph.counts().into_iter().collect();
    // Per item: microdata type, name, address, street (4); RDFa type, name (2) and one
    // rdfa:usesVocabulary; JSON-LD type, name, location, place type, place name (5).
    assert_eq!(counts[&GraphSource::Microdata], 3 * 4);
    assert_eq!(counts[&GraphSource::Rdfa], 3 * 2 + 1);
    assert_eq!(counts[&GraphSource::JsonLd], 3 * 5);
    assert_eq!(counts[&GraphSource::DublinCore], 1);
    // 3 items x (2 microdata + 1 RDFa + 2 JSON-LD) blank nodes, none shared.
    let mut blanks = std::collections::HashSet::new();
    for quad in graph.dataset.iter() {
        for term in [quad.triple.subject.clone().into(), quad.triple.object.clone()] {
            if let harvest_rdf::Term::Blank(blank) = term {
                blanks.insert(blank);
            }
        }
    }
    assert_eq!(blanks.len(), 3 * 5);
    let again = page_graph(&doc, &GraphOutput::default(), &Limits::default());
    assert_eq!(graph.write(&GraphOutput::default()), again.write(&GraphOutput::default()));
}

#[test]
fn past_the_limit_what_fits_is_kept_and_said() {
    let doc = page_of(busy_page(50));
    let limits = Limits::new().max_values(Some(100));
    let graph = page_graph(&doc, &GraphOutput::default(), &limits);
    assert!(graph.dataset.len() <= 100);
    assert!(graph.dataset.len() >= 90, "{}", graph.dataset.len());
    assert!(graph.diagnostics.iter().any(|d| d.message.contains("limit")), "{:?}", graph.diagnostics);
}

#[test]
fn a_deep_page_gives_its_statements() {
    let depth = 20_000;
    let html = format!(
        "{}<p itemscope itemtype='https://schema.org/Thing'><span itemprop=name>deep</span></p>{}",
        "<div>".repeat(depth),
        "</div>".repeat(depth)
    );
    let graph = page_graph(&page_of(html), &GraphOutput::default(), &Limits::default());
    assert_eq!(graph.dataset.len(), 2, "{:?}", graph.diagnostics);
}

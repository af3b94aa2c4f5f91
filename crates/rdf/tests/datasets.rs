//! Datasets written as N-Quads, TriG and JSON-LD read back by independent parsers (oxttl, and
//! the JSON-LD writer's output compared as data); blank node labels derived per page keep
//! concatenated pages apart.

use harvest_rdf::{
    jsonld, nquads, trig, BlankLabels, BlankNodes, Dataset, GraphName, Iri, LanguageTag, Literal, Quad, Triple,
};
use std::collections::HashSet;

fn page_dataset(name: &str) -> Dataset {
    let mut nodes = BlankNodes::new();
    let page = Iri::parse("https://example.com/").unwrap();
    let schema_name = Iri::parse("http://schema.org/name").unwrap();
    let author = Iri::parse("http://schema.org/author").unwrap();
    let named = Iri::parse("https://example.com/#g").unwrap();
    let (a, b, g) = (nodes.fresh(), nodes.fresh(), nodes.fresh());
    let mut dataset = Dataset::new();
    for quad in [
        Quad::in_default_graph(Triple::new(page.clone(), author, a)),
        Quad::in_default_graph(Triple::new(a, schema_name.clone(), Literal::simple(name))),
        Quad::new(Triple::new(b, schema_name.clone(), Literal::plain("x \"y\"", LanguageTag::parse("en").ok())), named),
        Quad::new(Triple::new(page, schema_name, Literal::simple("in a blank-named graph")), g),
    ] {
        dataset.insert(quad).unwrap();
    }
    dataset
}

fn oxrdf_dataset(quads: impl Iterator<Item = oxrdf::Quad>) -> oxrdf::Dataset {
    let mut dataset = oxrdf::Dataset::new();
    for quad in quads {
        dataset.insert(&quad);
    }
    dataset.canonicalize(oxrdf::dataset::CanonicalizationAlgorithm::Unstable);
    dataset
}

#[test]
fn nquads_and_trig_read_back_as_the_same_dataset() {
    let dataset = page_dataset("Ada");
    let page = Iri::parse("https://example.com/").unwrap();
    let style = nquads::Style::new().default_graph(page.clone()).labels(BlankLabels::derived(&dataset, Some(&page)));
    let nq = nquads::write(&dataset, &style);
    let from_nq = oxrdf_dataset(
        oxttl::NQuadsParser::new().for_slice(nq.as_bytes()).map(|q| q.unwrap_or_else(|e| panic!("{e}\n{nq}"))),
    );
    assert_eq!(from_nq.len(), dataset.len());
    // Every statement of the default graph is in the page's graph.
    assert_eq!(nq.lines().filter(|line| line.ends_with("<https://example.com/> .")).count(), 2, "{nq}");
    let prefixes = [("schema".to_owned(), "http://schema.org/".to_owned())];
    let text = trig::write(&dataset, &prefixes, &style);
    let from_trig = oxrdf_dataset(
        oxttl::TriGParser::new().for_slice(text.as_bytes()).map(|q| q.unwrap_or_else(|e| panic!("{e}\n{text}"))),
    );
    assert_eq!(from_trig, from_nq, "{text}");
    // Without a name for the default graph, it stays the default graph in both.
    let plain = nquads::Style::new();
    let unnamed = nquads::write(&dataset, &plain);
    assert!(unnamed.lines().next().unwrap().ends_with("_:b0 ."), "{unnamed}");
    let text = trig::write(&dataset, &prefixes, &plain);
    assert!(text.contains("\n<https://example.com/> schema:author _:b0 ."), "{text}");
    oxttl::TriGParser::new().for_slice(text.as_bytes()).for_each(|q| {
        q.unwrap_or_else(|e| panic!("{e}\n{text}"));
    });
}

#[test]
fn derived_labels_keep_concatenated_pages_apart() {
    let page = Iri::parse("https://example.com/").unwrap();
    let mut all = String::new();
    let mut expected_blanks = 0;
    for name in ["Ada", "Grace"] {
        let dataset = page_dataset(name);
        expected_blanks += 3;
        let style =
            nquads::Style::new().default_graph(page.clone()).labels(BlankLabels::derived(&dataset, Some(&page)));
        all.push_str(&nquads::write(&dataset, &style));
    }
    let mut blanks = HashSet::new();
    for quad in oxttl::NQuadsParser::new().for_slice(all.as_bytes()) {
        let quad = quad.unwrap();
        for term in [quad.subject.to_string(), quad.object.to_string(), quad.graph_name.to_string()] {
            if term.starts_with("_:") {
                blanks.insert(term);
            }
        }
    }
    assert_eq!(blanks.len(), expected_blanks, "{all}");
}

#[test]
fn jsonld_of_a_dataset_names_its_graphs() {
    let dataset = page_dataset("Ada");
    let page = Iri::parse("https://example.com/").unwrap();
    let value = jsonld::write_dataset(&dataset, Some(&page), &BlankLabels::new());
    let graphs: Vec<&str> = value.as_array().unwrap().iter().map(|g| g["@id"].as_str().unwrap()).collect();
    assert_eq!(graphs, ["https://example.com/", "https://example.com/#g", "_:b2"]);
    let unnamed = jsonld::write_dataset(&dataset, None, &BlankLabels::new());
    assert_eq!(unnamed[0]["@id"], "https://example.com/");
    assert_eq!(unnamed[0]["http://schema.org/author"][0]["@id"], "_:b0");
    assert!(dataset.iter().any(|quad| quad.graph == GraphName::Default));
}

#[test]
fn label_prefixes_are_checked() {
    assert!(BlankLabels::prefixed("p-1_x").is_ok());
    for bad in ["", "1a", "-a", "a b", "a:b", "é"] {
        assert!(BlankLabels::prefixed(bad).is_err(), "{bad}");
    }
}

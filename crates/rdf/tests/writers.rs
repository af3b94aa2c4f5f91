//! The writers' output read back by an independent parser (oxttl): every term kind, hard
//! literals, repaired IRIs; the graph's limits reported.

use harvest_rdf::{jsonld, ntriples, turtle, BlankNodes, Graph, GraphError, Iri, LanguageTag, Limits, Literal, Triple};

fn sample() -> Vec<Triple> {
    let mut nodes = BlankNodes::new();
    let s = Iri::parse("http://example.com/a#me").unwrap();
    let name = Iri::parse("http://schema.org/name").unwrap();
    let knows = Iri::parse("http://xmlns.com/foaf/0.1/knows").unwrap();
    let date = Iri::parse("http://www.w3.org/2001/XMLSchema#date").unwrap();
    let b = nodes.fresh();
    vec![
        Triple::new(
            s.clone(),
            name.clone(),
            Literal::simple("quote \" backslash \\ tab \t nl \n cr \r bell \u{7} é 日本"),
        ),
        Triple::new(s.clone(), name.clone(), Literal::plain("Ada", Some(LanguageTag::parse("en-GB").unwrap()))),
        Triple::new(s.clone(), knows, b),
        Triple::new(b, name.clone(), Literal::typed("2012-03-18", date)),
        Triple::new(b, name, Iri::repair("http://example.com/a b|c{d}^`\\e").unwrap()),
    ]
}

fn parse_ntriples(text: &str) -> usize {
    let mut count = 0;
    for triple in oxttl::NTriplesParser::new().for_slice(text.as_bytes()) {
        triple.unwrap_or_else(|e| {
            panic!(
                "{e}
{text}"
            )
        });
        count += 1;
    }
    count
}

fn parse_turtle(text: &str) -> usize {
    let mut count = 0;
    for triple in oxttl::TurtleParser::new().for_slice(text.as_bytes()) {
        triple.unwrap_or_else(|e| {
            panic!(
                "{e}
{text}"
            )
        });
        count += 1;
    }
    count
}

#[test]
fn ntriples_and_turtle_parse_back() {
    let triples = sample();
    assert_eq!(parse_ntriples(&ntriples::write(&triples)), triples.len());
    let prefixes = [
        ("schema".to_owned(), "http://schema.org/".to_owned()),
        ("foaf".to_owned(), "http://xmlns.com/foaf/0.1/".to_owned()),
    ];
    let text = turtle::write(&triples, &prefixes);
    assert!(text.starts_with("@prefix schema: <http://schema.org/> .\n@prefix foaf: "), "{text}");
    assert_eq!(parse_turtle(&text), triples.len());
}

#[test]
fn jsonld_groups_by_subject() {
    let value = jsonld::write(&sample());
    let nodes = value.as_array().unwrap();
    assert_eq!(nodes.len(), 2);
    assert_eq!(nodes[0]["http://schema.org/name"].as_array().unwrap().len(), 2);
    assert_eq!(nodes[0]["http://schema.org/name"][1]["@language"], "en-GB");
    assert_eq!(nodes[1]["@id"], "_:b0");
}

#[test]
fn invalid_terms_are_refused() {
    for bad in ["", "relative", "http://exa mple.com/", "http://s@@chema.org/x", "http://e.com/<x>", "http://[::1/"] {
        assert!(Iri::parse(bad).is_err(), "{bad:?}");
    }
    for bad in ["", "en_GB", "toolongsubtag1", "-en"] {
        assert!(LanguageTag::parse(bad).is_err(), "{bad:?}");
    }
    assert!(Iri::repair("javascript:alert(1)").is_ok(), "a valid IRI, if an odd one");
    assert!(Iri::repair("not a url").is_err());
}

#[test]
fn limits_are_reported() {
    let mut graph = Graph::with_limits(Limits::new().max_triples(2));
    let triples = sample();
    graph.insert(triples[0].clone()).unwrap();
    graph.insert(triples[1].clone()).unwrap();
    assert_eq!(graph.insert(triples[0].clone()), Ok(false), "a triple already there costs nothing");
    assert_eq!(graph.insert(triples[2].clone()), Err(GraphError::TooLarge { what: "triples", limit: 2 }));
    let mut small = Graph::with_limits(Limits::new().max_bytes(10));
    assert!(matches!(small.insert(triples[0].clone()), Err(GraphError::TooLarge { what: "bytes", .. })));
    assert!(small.is_empty());
}

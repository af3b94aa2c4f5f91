//! Every rule, positive and negative, on small datasets built from harvest-rdf's terms.

use harvest_check::{check_dataset, check_triples, Diagnostic, Severity, Vocabulary, RULES};
use harvest_rdf::{vocab, BlankNode, Dataset, Iri, Literal, Quad, Term, Triple};

const HTTPS: &str = "https://schema.org/";
const HTTP: &str = "http://schema.org/";

fn schema(name: &str) -> Iri {
    Iri::parse(&format!("{HTTPS}{name}")).unwrap()
}

fn node(n: u64) -> BlankNode {
    BlankNode::new(n)
}

fn typed(n: u64, name: &str) -> Triple {
    Triple::new(node(n), vocab::rdf_type(), schema(name))
}

fn text(n: u64, property: &str, value: &str) -> Triple {
    Triple::new(node(n), schema(property), Literal::simple(value))
}

fn link(n: u64, property: &str, object: impl Into<Term>) -> Triple {
    Triple::new(node(n), schema(property), object)
}

fn check(triples: &[Triple]) -> Vec<Diagnostic> {
    check_triples(Vocabulary::bundled(), triples)
}

/// The rule ids found, in order.
fn rules(triples: &[Triple]) -> Vec<&'static str> {
    check(triples).iter().map(|d| d.rule).collect()
}

#[test]
fn the_rule_list_names_each_rule_once() {
    let mut ids: Vec<&str> = RULES.iter().map(|r| r.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 15);
    let families = ["schema-", "google-", "og-", "x-card-"];
    assert!(RULES.iter().all(|r| families.iter().any(|f| r.id.starts_with(f)) && !r.description.is_empty()));
}

#[test]
fn a_correct_item_has_no_finding() {
    let triples = [
        typed(0, "Product"),
        text(0, "name", "Anvil"),
        link(0, "offers", node(1)),
        typed(1, "Offer"),
        text(1, "price", "12.50"),
        link(1, "availability", schema("InStock")),
        link(1, "url", Iri::parse("https://shop.example/anvil").unwrap()),
        text(0, "isFamilyFriendly", "true"),
    ];
    assert_eq!(check(&triples), []);
}

#[test]
fn unknown_type_with_a_suggestion() {
    let found = check(&[typed(0, "Prodcut"), typed(1, "product"), typed(2, "Xyzzyqwerty")]);
    assert_eq!(found.len(), 3);
    assert!(found.iter().all(|d| d.rule == "schema-unknown-type" && d.severity == Severity::Error));
    assert_eq!(found[0].message, "unknown type \"Prodcut\" (did you mean \"Product\"?)");
    assert_eq!(found[0].item_type.as_deref(), Some("Prodcut"));
    assert_eq!(found[0].subject, "_:b0");
    assert_eq!(found[1].suggestion.as_deref(), Some("Product"));
    assert_eq!(found[2].suggestion, None);
    assert_eq!(found[2].message, "unknown type \"Xyzzyqwerty\"");
    // A type of another vocabulary is not judged.
    let foaf = Iri::parse("http://xmlns.com/foaf/0.1/Prodcut").unwrap();
    assert_eq!(check(&[Triple::new(node(0), vocab::rdf_type(), foaf)]), []);
}

#[test]
fn unknown_property_with_a_suggestion() {
    let found = check(&[typed(0, "Person"), text(0, "nmae", "Ada"), text(0, "Name", "Ada"), text(0, "name", "Ada")]);
    assert_eq!(found.len(), 2);
    assert!(found.iter().all(|d| d.rule == "schema-unknown-property" && d.severity == Severity::Error));
    assert_eq!(found[0].message, "unknown property \"nmae\" (did you mean \"name\"?)");
    assert_eq!(found[0].property.as_deref(), Some("nmae"));
    assert_eq!(found[0].item_type.as_deref(), Some("Person"));
    assert_eq!(found[1].suggestion.as_deref(), Some("name"));
    // schema.org Actions' `-input`/`-output` annotations of a known property are not unknown.
    let search = [typed(0, "SearchAction"), text(0, "query-input", "required name=q")];
    assert_eq!(check(&search), []);
    assert_eq!(rules(&[typed(0, "SearchAction"), text(0, "qeury-input", "x")]), ["schema-unknown-property"]);
    // An unknown property is found on an item without a type too.
    assert_eq!(rules(&[text(0, "nmae", "Ada")]), ["schema-unknown-property"]);
}

#[test]
fn property_not_expected_on_the_items_types() {
    let found = check(&[typed(0, "Person"), text(0, "price", "3")]);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].rule, "schema-property-not-expected");
    assert_eq!(found[0].message, "property \"price\" is not expected on type \"Person\"");
    // Expected through a superclass (Restaurant < … < Organization has `telephone`).
    assert_eq!(check(&[typed(0, "Restaurant"), text(0, "telephone", "+1 555")]), []);
    // The union of the item's types: Product and Offer together take `price`.
    assert_eq!(check(&[typed(0, "Product"), typed(0, "Offer"), text(0, "price", "3")]), []);
    // An item without a schema.org type is not judged, nor one with an unknown type.
    assert_eq!(check(&[text(0, "price", "3")]), []);
    assert_eq!(rules(&[typed(0, "Persn"), text(0, "price", "3")]), ["schema-unknown-type"]);
}

#[test]
fn value_of_an_unexpected_type() {
    // `author` expects a Person or an Organization: a Product is not one.
    let found = check(&[typed(0, "Book"), link(0, "author", node(1)), typed(1, "Product")]);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].rule, "schema-value-type");
    assert_eq!(found[0].severity, Severity::Warning);
    assert_eq!(found[0].message, "value of \"author\" is of type \"Product\", expected \"Organization\", \"Person\"");
    // A subclass of the range is fine (Corporation < Organization); so is text standing for
    // the entity, and a node without a type.
    assert_eq!(check(&[typed(0, "Book"), link(0, "author", node(1)), typed(1, "Corporation")]), []);
    assert_eq!(check(&[typed(0, "Book"), text(0, "author", "Ada Lovelace")]), []);
    assert_eq!(check(&[typed(0, "Book"), link(0, "author", node(1))]), []);
    // An enumeration member is fine for its enumeration, not for another.
    let offer = |member: &str| [typed(0, "Offer"), link(0, "availability", schema(member))];
    assert_eq!(check(&offer("InStock")), []);
    let found = check(&offer("Male"));
    assert_eq!(found.iter().map(|d| d.rule).collect::<Vec<_>>(), ["schema-value-type"]);
    assert!(found[0].message.contains("\"Male\" (a \"GenderType\")"), "{}", found[0].message);
    // Boolean's members: `True` for a Boolean property.
    assert_eq!(check(&[typed(0, "Product"), link(0, "isFamilyFriendly", schema("True"))]), []);
    // Any IRI for a URL property, whatever it names; not an item without an IRI.
    assert_eq!(check(&[typed(0, "Product"), link(0, "url", schema("InStock"))]), []);
    let page = Iri::parse("https://a.example/").unwrap();
    let web_page = Triple::new(page.clone(), vocab::rdf_type(), schema("WebPage"));
    assert_eq!(check(&[typed(0, "Product"), link(0, "url", page), web_page]), []);
    let found = check(&[typed(0, "Product"), link(0, "url", node(1)), typed(1, "ImageObject")]);
    assert_eq!(found.iter().map(|d| d.rule).collect::<Vec<_>>(), ["schema-value-type"]);
}

#[test]
fn lexical_forms_of_data_types() {
    let item = |property: &str, value: &str| [typed(0, "Product"), typed(0, "Book"), text(0, property, value)];
    for (property, good, bad) in [
        ("isFamilyFriendly", "false", "yes"),
        ("numberOfPages", "320", "320 pages"),
        ("url", "https://a.example/", "a page"),
        ("releaseDate", "2025-07-21", "July 21st"),
    ] {
        assert_eq!(check(&item(property, good)), [], "{property} {good}");
        let found = check(&item(property, bad));
        assert_eq!(found.len(), 1, "{property} {bad}");
        assert_eq!(found[0].rule, "schema-lexical-form");
        assert_eq!(found[0].severity, Severity::Warning);
    }
    let event = |value: &str| check(&[typed(0, "Event"), text(0, "startDate", value)]);
    assert_eq!(event("2025-07-21"), []);
    assert_eq!(event("2025-07-21T19:30"), []);
    assert_eq!(event("2025-07-21T19:30:00+02:00"), []);
    assert_eq!(
        event("tomorrow")[0].message,
        "value \"tomorrow\" of \"startDate\" is not a valid \"Date\", \"DateTime\""
    );
    let recipe = |value: &str| check(&[typed(0, "Recipe"), text(0, "cookTime", value)]);
    assert_eq!(recipe("PT1H30M"), []);
    assert_eq!(recipe("90 min").len(), 1);
    // A property that takes Text too is not judged.
    assert_eq!(check(&[typed(0, "Offer"), text(0, "price", "about twelve")]), []);
    // Nor a property whose range has an entity type (text stands for the entity).
    assert_eq!(check(&[typed(0, "Product"), text(0, "image", "a photo")]), []);
}

#[test]
fn superseded_and_pending_terms() {
    let found = check(&[typed(0, "Movie"), text(0, "actors", "Ada")]);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].rule, "schema-superseded");
    assert_eq!(found[0].severity, Severity::Warning);
    assert_eq!(found[0].message, "property \"actors\" is superseded by \"actor\"");
    assert_eq!(found[0].suggestion.as_deref(), Some("actor"));
    assert_eq!(check(&[typed(0, "Movie"), text(0, "actor", "Ada")]), []);

    let found = check(&[typed(0, "3DModel")]);
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].rule, found[0].severity), ("schema-pending", Severity::Info));
    assert_eq!(rules(&[typed(0, "CreativeWork"), text(0, "abstract", "…")]), ["schema-pending"]);
}

#[test]
fn attic_terms_of_a_release() {
    // Schema.org's `-current-` release files leave the attic out; a release that has it (the
    // `-all-` files) gives attic terms their warning.
    let release = r#"{"@graph": [
        {"@id": "schema:Thing", "@type": "rdfs:Class"},
        {"@id": "schema:Old", "@type": "rdfs:Class", "rdfs:subClassOf": {"@id": "schema:Thing"},
         "schema:isPartOf": {"@id": "https://attic.schema.org"}},
        {"@id": "schema:name", "@type": "rdf:Property", "schema:domainIncludes": {"@id": "schema:Thing"},
         "schema:rangeIncludes": {"@id": "schema:Text"}},
        {"@id": "schema:oldName", "@type": "rdf:Property", "schema:domainIncludes": {"@id": "schema:Thing"},
         "schema:isPartOf": {"@id": "https://attic.schema.org"}, "schema:supersededBy": {"@id": "schema:name"}}
    ]}"#;
    let vocabulary = Vocabulary::from_release(release).unwrap();
    let found = check_triples(&vocabulary, &[typed(0, "Old"), text(0, "oldName", "x"), text(0, "name", "x")]);
    let rules: Vec<_> = found.iter().map(|d| d.rule).collect();
    assert_eq!(rules, ["schema-attic", "schema-superseded", "schema-attic"]);
    assert!(found.iter().all(|d| d.severity == Severity::Warning));
    assert_eq!(found[1].suggestion.as_deref(), Some("name"));
}

#[test]
fn http_and_https_are_the_same_vocabulary() {
    let http = |name: &str| Iri::parse(&format!("{HTTP}{name}")).unwrap();
    let triples = [
        Triple::new(node(0), vocab::rdf_type(), http("Product")),
        Triple::new(node(0), http("name"), Literal::simple("Anvil")),
        Triple::new(node(0), schema("offers"), node(1)),
        typed(1, "Offer"),
        Triple::new(node(1), http("availability"), http("InStock")),
    ];
    assert_eq!(check(&triples), []);
    let found = check(&[Triple::new(node(0), vocab::rdf_type(), http("Prodcut"))]);
    assert_eq!(found[0].suggestion.as_deref(), Some("Product"));
}

#[test]
fn diagnostics_follow_the_statements_once_each() {
    let triples = [
        typed(0, "Movie"),
        text(0, "actors", "Ada"),
        text(0, "actors", "Ada"),
        text(0, "nmae", "x"),
        typed(1, "Prodcut"),
        typed(1, "Prodcut"),
    ];
    assert_eq!(rules(&triples), ["schema-superseded", "schema-unknown-property", "schema-unknown-type"]);
    // The same through a dataset, its quads in any graph.
    let mut dataset = Dataset::new();
    for (i, triple) in triples.iter().enumerate() {
        let graph = if i % 2 == 0 { harvest_rdf::GraphName::Default } else { node(9).into() };
        dataset.insert(Quad::new(triple.clone(), graph)).unwrap();
    }
    let through_dataset: Vec<_> = check_dataset(Vocabulary::bundled(), &dataset).iter().map(|d| d.rule).collect();
    assert_eq!(through_dataset, rules(&triples));
}

#[test]
fn an_iri_subject_is_written_as_in_ntriples() {
    let page = Iri::parse("https://a.example/#product").unwrap();
    let found = check(&[Triple::new(page, vocab::rdf_type(), schema("Prodcut"))]);
    assert_eq!(found[0].subject, "<https://a.example/#product>");
}

/// 100,000 items (and twice that), each a Product with an Offer that points back at it: the
/// check grows linearly, and the cycle costs nothing.
#[test]
fn a_hundred_thousand_items_stay_linear() {
    let build = |n: usize| {
        let mut triples = Vec::with_capacity(n * 6);
        for i in 0..n as u64 {
            let (product, offer) = (2 * i, 2 * i + 1);
            triples.push(typed(product, "Prodcut"));
            triples.push(text(product, "name", "Anvil"));
            triples.push(link(product, "offers", node(offer)));
            triples.push(typed(offer, "Offer"));
            triples.push(link(offer, "itemOffered", node(product)));
            triples.push(text(offer, "pric", "12"));
        }
        triples
    };
    assert_eq!(check(&build(100_000)).len(), 200_000);
    harvest_test_support::assert_linear("checking items", 100_000, build, |triples| {
        std::hint::black_box(check(triples));
    });
}

#[test]
fn blank_nodes_are_named_as_the_pages_output_names_them() {
    use harvest_check::{check, Page};
    use harvest_rdf::{BlankLabels, Dataset, GraphName, Quad};
    let mut dataset = Dataset::new();
    for triple in [typed(3, "Prodcut"), text(3, "name", "Anvil")] {
        dataset.insert(Quad::new(triple, GraphName::Default)).unwrap();
    }
    let labels = BlankLabels::prefixed("gpage").unwrap();
    let report = check(Vocabulary::bundled(), &Page::new(&dataset).labels(&labels));
    assert_eq!(report.diagnostics[0].rule, "schema-unknown-type");
    assert!(report.diagnostics.iter().all(|d| d.subject == "_:gpage3"), "{:?}", report.diagnostics);
    let unlabelled = check(Vocabulary::bundled(), &Page::new(&dataset));
    assert_eq!(unlabelled.diagnostics[0].subject, "_:b3");
}

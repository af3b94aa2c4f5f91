//! Hostile input: deep and wide blocks, broken blocks, unknown contexts and bad IRIs give
//! diagnostics or output, never a panic or a stack overflow, and take linear time; nothing is
//! lost from the other blocks.

use harvest_jsonld::{DiagnosticKind, Options};
use harvest_rdf::{BlankNodes, Dataset, GraphName, Subject, Term};

fn page(blocks: &[&str]) -> harvest_dom::Document {
    let html: String =
        blocks.iter().map(|block| format!("<script type=\"application/ld+json\">{block}</script>")).collect();
    let url = harvest_dom::Url::parse("https://example.com/page").unwrap();
    harvest_dom::Document::parse_with(&html, &harvest_dom::ParseOptions::new().url(url))
}

fn convert(doc: &harvest_dom::Document, options: &Options) -> (Dataset, harvest_jsonld::Report) {
    let mut dataset = Dataset::new();
    let report = harvest_jsonld::to_rdf(doc, options, &mut BlankNodes::new(), &mut dataset);
    (dataset, report)
}

const GOOD: &str =
    r#"{"@context": "https://schema.org", "@id": "https://example.com/#org", "@type": "Organization", "name": "Acme"}"#;

fn has_good(dataset: &Dataset) -> bool {
    dataset.iter().any(|quad| {
        matches!(&quad.triple.subject, Subject::Iri(iri) if iri.as_str() == "https://example.com/#org")
            && quad.triple.predicate.as_str() == "http://schema.org/name"
    })
}

/// `depth` nested objects, each the value of a property.
fn nested_objects(depth: usize) -> String {
    format!("{}\"bottom\"{}", "{\"http://example.com/p\": ".repeat(depth), "}".repeat(depth))
}

#[test]
fn a_block_nested_10000_deep_is_reported_and_the_others_kept() {
    let arrays = format!("{{\"http://example.com/p\": {}1{}}}", "[".repeat(10_000), "]".repeat(10_000));
    let objects = nested_objects(10_000);
    let context = format!("{{\"@context\": {}{{}}{}}}", "[".repeat(10_000), "]".repeat(10_000));
    let doc = page(&[&arrays, GOOD, &objects, &context]);
    // A small stack: the bound, not the stack size, is what keeps the processor safe.
    let (dataset, report) = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(move || convert(&doc, &Options::new()))
        .unwrap()
        .join()
        .unwrap();
    assert!(has_good(&dataset));
    let deep: Vec<_> = report.diagnostics.iter().filter(|d| d.kind == DiagnosticKind::TooDeep { limit: 128 }).collect();
    assert_eq!(deep.len(), 3, "{:?}", report.diagnostics);
    assert_eq!(deep[1].element.as_deref(), Some("html>head>script:nth-child(3)"));
}

#[test]
fn nesting_up_to_the_bound_is_converted_on_a_small_stack() {
    let block = nested_objects(128);
    let doc = page(&[&block]);
    let (dataset, report) = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(move || convert(&doc, &Options::new()))
        .unwrap()
        .join()
        .unwrap();
    assert!(report.is_clean(), "{:?}", report.diagnostics);
    assert_eq!(dataset.len(), 128);
}

fn wide_array(n: usize) -> String {
    let nodes: Vec<String> = (0..n)
        .map(|i| format!("{{\"@id\": \"https://example.com/n{i}\", \"http://schema.org/position\": {i}}}"))
        .collect();
    format!("[{}]", nodes.join(","))
}

#[test]
fn a_100000_node_array_is_converted() {
    let block = wide_array(100_000);
    let doc = page(&[&block, GOOD]);
    let (dataset, report) = convert(&doc, &Options::new());
    assert!(report.is_clean(), "{:?}", report.diagnostics.first());
    assert_eq!(dataset.len(), 100_002);
    assert!(has_good(&dataset));
}

#[test]
fn wide_and_deep_blocks_take_linear_time() {
    harvest_test_support::assert_linear(
        "a wide JSON-LD array",
        5_000,
        |n| page(&[&wide_array(n)]),
        |doc| {
            convert(doc, &Options::new());
        },
    );
    harvest_test_support::assert_linear(
        "many blocks naming schema.org",
        200,
        |n| page(&vec![GOOD; n]),
        |doc| {
            convert(doc, &Options::new());
        },
    );
    harvest_test_support::assert_linear(
        "a block nested past the bound",
        50_000,
        |n| page(&[&nested_objects(n)]),
        |doc| {
            convert(doc, &Options::new());
        },
    );
}

#[test]
fn broken_blocks_unknown_contexts_and_bad_iris_are_diagnosed() {
    let doc = page(&[
        "{ \"@id\": ",
        GOOD,
        r#"{"@context": "https://example.org/unknown-context.jsonld", "name": "x"}"#,
        r#"{"@context": {"@vocab": "http://schema.org/"}, "@id": "http://exa mple.com/bad", "name": "bad id"}"#,
        r#"{"@context": {"@vocab": "http://schema.org/"}, "@id": "https://example.com/ok", "name": {"@value": "x", "@language": "not a tag!"}, "url": {"@id": "https://example.com/u"}}"#,
        r#"{"@id": "https://example.com/a", "@type": 5}"#,
    ]);
    let (dataset, report) = convert(&doc, &Options::new());
    assert!(has_good(&dataset));
    let kinds: Vec<&DiagnosticKind> = report.diagnostics.iter().map(|d| &d.kind).collect();
    assert_eq!(kinds[0], &DiagnosticKind::NotJson);
    assert_eq!(
        kinds[1],
        &DiagnosticKind::RemoteContext { url: "https://example.org/unknown-context.jsonld".to_owned() }
    );
    assert!(
        kinds.iter().any(|k| matches!(k, DiagnosticKind::InvalidIri { value } if value.contains("exa mple"))),
        "{kinds:?}"
    );
    assert!(
        kinds.iter().any(|k| matches!(k, DiagnosticKind::InvalidJsonLd { code } if code == "invalid type value")),
        "{kinds:?}"
    );
    // The statement with the bad @id is dropped; the good statement of the same block is kept.
    assert!(dataset
        .iter()
        .any(|quad| matches!(&quad.triple.object, Term::Iri(iri) if iri.as_str() == "https://example.com/u")));
    assert!(dataset.iter().all(|quad| !format!("{quad:?}").contains("exa mple")));
    assert!(kinds.contains(&&DiagnosticKind::InvalidLanguageTag { value: "not a tag!".to_owned() }), "{kinds:?}");
    assert_eq!(report.diagnostics[0].element.as_deref(), Some("html>head>script:nth-child(1)"));
    assert!(dataset.iter().all(|quad| quad.graph == GraphName::Default));
    assert_eq!(report.blocks, 6);
}

#[test]
fn the_dataset_limit_is_reported() {
    let block = wide_array(100);
    let doc = page(&[&block, GOOD]);
    let mut dataset = Dataset::with_limits(harvest_rdf::Limits::new().max_triples(10));
    let report = harvest_jsonld::to_rdf(&doc, &Options::new(), &mut BlankNodes::new(), &mut dataset);
    assert_eq!(dataset.len(), 10);
    assert_eq!(report.quads, 10);
    assert!(matches!(report.diagnostics.last().map(|d| &d.kind), Some(DiagnosticKind::LimitReached { limit: 10, .. })));
}

/// The wide array of [`wide_array`], one node a line, starting on the line after the `script`
/// tag.
fn wide_lines(n: usize) -> String {
    format!("\n{}", wide_array(n).replace("},{", "},\n{"))
}

/// One node whose one member has `n` values.
fn many_values(n: usize) -> String {
    let values: Vec<String> = (0..n).map(|i| format!("\"v{i}\"")).collect();
    format!("\n{{\"@id\": \"https://example.com/x\",\n\"http://example.com/p\": [{}]}}", values.join(", "))
}

#[test]
fn positions_of_a_100000_node_array_and_a_10000_deep_block() {
    let block = wide_lines(100_000);
    let doc = page(&[&block, GOOD]);
    let (dataset, report) = convert(&doc, &Options::new().positions(true));
    assert!(report.is_clean(), "{:?}", report.diagnostics.first());
    assert_eq!(dataset.len(), 100_002);
    for i in [0u32, 1, 99_999] {
        let subject = format!("https://example.com/n{i}");
        let index = dataset
            .iter()
            .position(|quad| matches!(&quad.triple.subject, Subject::Iri(iri) if iri.as_str() == subject))
            .unwrap();
        let position = dataset.position(index).unwrap();
        assert_eq!(position.line(), i + 2);
        // The key follows `{"@id": "https://example.com/nI", `, after the `[` on the first line.
        let digits = i.to_string().len() as u32;
        assert_eq!(position.column(), Some(34 + digits + u32::from(i == 0)));
    }
    let deep = format!("\n{}", nested_objects(10_000));
    let doc = page(&[&deep, GOOD]);
    let (dataset, _) = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(move || convert(&doc, &Options::new().positions(true)))
        .unwrap()
        .join()
        .unwrap();
    assert!(has_good(&dataset));
    // The good block starts on the deep block's second line, after its `script` tag: no
    // column there.
    let first = dataset.position(0).unwrap();
    assert_eq!((first.line(), first.column()), (2, None));
}

#[test]
fn positions_take_linear_time() {
    harvest_test_support::assert_linear(
        "positions in a wide JSON-LD array on one line",
        5_000,
        |n| page(&[&format!("\n{}", wide_array(n))]),
        |doc| {
            convert(doc, &Options::new().positions(true));
        },
    );
    harvest_test_support::assert_linear(
        "positions of one member's many values",
        5_000,
        |n| page(&[&many_values(n)]),
        |doc| {
            convert(doc, &Options::new().positions(true));
        },
    );
}

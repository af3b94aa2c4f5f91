//! Contexts offline: schema.org's addresses give the bundled context, a context the caller
//! supplies is used, any other remote context is diagnosed; nothing is fetched.

use harvest_jsonld::{DiagnosticKind, DocumentLoader, Options};
use harvest_rdf::{BlankNodes, Dataset, Iri};

fn convert(text: &str, options: &Options) -> (Dataset, harvest_jsonld::Report) {
    let base = Iri::parse("https://example.com/page").unwrap();
    let mut dataset = Dataset::new();
    let report = harvest_jsonld::document_to_rdf(text, Some(&base), options, &mut BlankNodes::new(), &mut dataset);
    (dataset, report)
}

fn names(dataset: &Dataset) -> Vec<String> {
    dataset.iter().map(|quad| format!("{} {:?}", quad.triple.predicate, quad.triple.object)).collect()
}

#[test]
fn every_schema_org_address_is_the_bundled_context() {
    for url in [
        "https://schema.org",
        "https://schema.org/",
        "http://schema.org",
        "http://schema.org/",
        "https://schema.org/docs/jsonldcontext.json",
        "https://schema.org/docs/jsonldcontext.jsonld",
        "http://schema.org/docs/jsonldcontext.json",
        "http://schema.org/docs/jsonldcontext.jsonld",
    ] {
        let text = format!(
            r#"{{"@context": "{url}", "@type": "Event", "name": "Fête", "startDate": "2025-07-14", "url": "/fete"}}"#
        );
        let (dataset, report) = convert(&text, &Options::new());
        assert!(report.is_clean(), "{url}: {:?}", report.diagnostics);
        let names = names(&dataset);
        assert!(
            names
                .contains(&"http://www.w3.org/1999/02/22-rdf-syntax-ns#type Iri(<http://schema.org/Event>)".to_owned()),
            "{url}: {names:?}"
        );
        // The context's own definitions apply: startDate is a schema:Date, url an IRI.
        assert!(
            names.iter().any(|n| n.starts_with("http://schema.org/startDate") && n.contains("http://schema.org/Date")),
            "{names:?}"
        );
        assert!(names.contains(&"http://schema.org/url Iri(<https://example.com/fete>)".to_owned()), "{names:?}");
    }
}

#[test]
fn without_the_bundle_schema_org_is_a_remote_context_like_any_other() {
    let (dataset, report) =
        convert(r#"{"@context": "https://schema.org", "name": "x"}"#, &Options::new().schema_org(false));
    assert!(dataset.is_empty());
    assert_eq!(report.diagnostics[0].kind, DiagnosticKind::RemoteContext { url: "https://schema.org".to_owned() });
}

#[test]
fn an_unknown_remote_context_is_diagnosed_with_its_url() {
    let text = r#"{"@context": ["https://schema.org", "https://vocab.example/ctx.jsonld"], "name": "x"}"#;
    let (dataset, report) = convert(text, &Options::new());
    assert!(dataset.is_empty());
    assert_eq!(report.diagnostics.len(), 1);
    assert_eq!(
        report.diagnostics[0].kind,
        DiagnosticKind::RemoteContext { url: "https://vocab.example/ctx.jsonld".to_owned() }
    );
    assert!(report.diagnostics[0].message.contains("https://vocab.example/ctx.jsonld"));
}

#[test]
fn a_supplied_context_is_used_and_comes_before_the_bundle() {
    let options = Options::new()
        .context(
            "https://vocab.example/ctx.jsonld",
            br#"{"@context": {"title": "http://purl.org/dc/terms/title"}}"#.to_vec(),
        )
        .context("https://schema.org", br#"{"@context": {"name": "http://xmlns.com/foaf/0.1/name"}}"#.to_vec());
    let text = r#"{"@context": ["https://schema.org", "https://vocab.example/ctx.jsonld"], "name": "n", "title": "t"}"#;
    let (dataset, report) = convert(text, &options);
    assert!(report.is_clean(), "{:?}", report.diagnostics);
    let names = names(&dataset);
    assert!(names.contains(&"http://xmlns.com/foaf/0.1/name Literal(Simple { value: \"n\" })".to_owned()), "{names:?}");
    assert!(names.contains(&"http://purl.org/dc/terms/title Literal(Simple { value: \"t\" })".to_owned()), "{names:?}");
}

struct Nothing;
impl DocumentLoader for Nothing {
    fn load(&self, _: &str) -> Option<Vec<u8>> {
        None
    }
}

/// The restricted schema.org context (what a block names) expands the real pages' blocks
/// exactly as the whole context does (a loader makes harvest-jsonld hand over all of it).
#[test]
fn the_restricted_context_gives_what_the_whole_context_gives() {
    let Some(pages) = harvest_test_support::corpus_pages() else { return };
    let mut blocks = 0;
    for path in pages {
        let html = std::fs::read(&path).unwrap();
        let url = harvest_dom::Url::parse("https://example.com/page").unwrap();
        let doc = harvest_dom::Document::parse_bytes(&html, &harvest_dom::ParseOptions::new().url(url));
        let run = |options: &Options| {
            let mut dataset = Dataset::new();
            let report = harvest_jsonld::to_rdf(&doc, options, &mut BlankNodes::new(), &mut dataset);
            (dataset.iter().cloned().collect::<Vec<_>>(), report)
        };
        let (restricted, report) = run(&Options::new());
        let (whole, whole_report) = run(&Options::new().loader(Nothing));
        assert_eq!(restricted, whole, "{}", path.display());
        assert_eq!(report, whole_report, "{}", path.display());
        blocks += report.blocks;
    }
    assert!(blocks >= 30, "the corpus's pages hold JSON-LD blocks ({blocks})");
}

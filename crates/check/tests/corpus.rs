//! The real pages of the benchmark corpus: their JSON-LD (through harvest-jsonld) names no
//! unknown schema.org term, but for the page mistakes listed here, each checked by hand.

use harvest_check::{check_dataset, Vocabulary};
use harvest_rdf::{BlankNodes, Dataset};

/// (page file name, rule, term): unknown terms that are the page's own mistakes. None so far:
/// the 46 pages' JSON-LD names only schema.org terms (their `query-input` is schema.org Actions'
/// annotation, not a property).
const KNOWN_MISTAKES: &[(&str, &str, &str)] = &[];

#[test]
fn real_pages_name_no_unknown_term_but_their_own_mistakes() {
    let Some(root) = harvest_test_support::required_corpus() else { return };
    let pages = harvest_test_support::html_files(&root.join("real"));
    assert!(!pages.is_empty(), "no page in {}", root.join("real").display());
    let mut found = Vec::new();
    let mut statements = 0;
    for path in &pages {
        let html = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let doc = harvest_dom::Document::parse(&html);
        let mut dataset = Dataset::new();
        let _ = harvest_jsonld::to_rdf(&doc, &harvest_jsonld::Options::new(), &mut BlankNodes::new(), &mut dataset);
        statements += dataset.len();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for diagnostic in check_dataset(Vocabulary::bundled(), &dataset) {
            if diagnostic.rule.starts_with("schema-unknown-") {
                let term = diagnostic.item_type.clone().filter(|_| diagnostic.rule == "schema-unknown-type");
                let term = term.or(diagnostic.property.clone()).unwrap_or_default();
                found.push((name.clone(), diagnostic.rule, term));
            }
        }
    }
    assert!(statements > 0, "the corpus pages hold no JSON-LD");
    let expected: Vec<(String, &str, String)> =
        KNOWN_MISTAKES.iter().map(|(page, rule, term)| (page.to_string(), *rule, term.to_string())).collect();
    assert_eq!(found, expected);
}

/// The whole page (every RDF syntax, through harvest-html): each item of a feature's type
/// is reported, eligible exactly when nothing required is missing, and each missing property is
/// a diagnostic of its feature.
#[test]
fn real_pages_have_feature_reports() {
    let Some(root) = harvest_test_support::required_corpus() else { return };
    let mut eligible = std::collections::BTreeSet::new();
    for path in harvest_test_support::html_files(&root.join("real")) {
        let bytes = std::fs::read(&path).unwrap();
        let doc =
            harvest_html::Extractor::new().parse(&harvest_html::Page::new("-", bytes, Some("https://site.example/")));
        let graph = harvest_html::output::page_graph(
            &doc,
            &harvest_html::output::GraphOutput::default(),
            &harvest_html::Limits::default(),
        );
        let report = harvest_check::check(Vocabulary::bundled(), &harvest_check::Page::new(&graph.dataset));
        for feature in &report.features {
            assert_eq!(feature.eligible, feature.missing_required.is_empty(), "{}", path.display());
            if feature.eligible {
                eligible.insert(feature.feature);
            }
            for missing in &feature.missing_required {
                assert!(report.diagnostics.iter().any(|d| d.feature == Some(feature.feature)
                    && d.subject == feature.subject
                    && d.property.as_deref() == Some(missing)));
            }
        }
    }
    // At the time of writing: articles, breadcrumbs, events, recipes, products, videos, reviews,
    // FAQs, Open Graph objects… are eligible somewhere among the pages.
    for feature in ["article", "breadcrumb", "event", "recipe", "product-snippet", "open-graph"] {
        assert!(eligible.contains(feature), "no eligible {feature} in the corpus");
    }
}

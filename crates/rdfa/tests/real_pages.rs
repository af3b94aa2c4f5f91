//! Real pages (`../shared/corpus/real`): every Open Graph property harvest-meta reads is an
//! RDFa triple of the page (the document as subject, the property's IRI under the `og` prefix
//! the page declares, the content as the literal's value), and every page's graph is valid.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_rdf::{Literal, Subject, Term};
use harvest_rdfa::{parse, RdfaOptions};

#[test]
fn open_graph_properties_are_rdfa_triples() {
    // The corpus is required: missing, the test fails (or says SKIPPED with
    // HARVEST_SKIP_SUITES=corpus).
    let Some(corpus) = harvest_test_support::required_corpus() else { return };
    let pages = harvest_test_support::html_files(&corpus.join("real"));
    assert!(!pages.is_empty(), "no real pages under {}", corpus.display());
    let mut checked = 0;
    for path in pages {
        let url = Url::parse("https://example.com/page").unwrap();
        let doc = Document::parse_bytes(&std::fs::read(&path).unwrap(), &ParseOptions::new().url(url));
        let rdfa = parse(&doc, &RdfaOptions::new()).unwrap();
        let text = rdfa.to_ntriples();
        assert_eq!(oxttl::NTriplesParser::new().for_slice(text.as_bytes()).filter(Result::is_err).count(), 0);
        // The `og` prefix as the page declares it (`prefix`, else `xmlns:og`; on head, else on
        // html: the nearer declaration wins), else the initial context's.
        let root = doc.document_element().unwrap();
        let declared = [doc.head(), Some(root.clone())].into_iter().flatten().find_map(|element| {
            let from_prefix = element.attr("prefix").and_then(|value| {
                let tokens: Vec<&str> = value.split_ascii_whitespace().collect();
                tokens.windows(2).find(|pair| pair[0].eq_ignore_ascii_case("og:")).map(|pair| pair[1].to_owned())
            });
            from_prefix.or_else(|| element.attr("xmlns:og").map(str::to_owned))
        });
        let og = declared.unwrap_or_else(|| "http://ogp.me/ns#".to_owned());
        for object in harvest_meta::opengraph(&doc) {
            for (property, content) in &object.properties {
                let Some(local) = property.strip_prefix("og:") else { continue };
                let predicate = format!("{og}{local}");
                let found = rdfa.graph.iter().any(|triple| {
                    triple.subject == Subject::Iri(rdfa.base.clone())
                        && triple.predicate.as_str() == predicate
                        && matches!(&triple.object, Term::Literal(literal) if literal_value(literal) == content)
                });
                assert!(found, "{}: {property} {content:?} is not <{predicate}> in\n{text}", path.display());
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} Open Graph properties checked");
}

fn literal_value(literal: &Literal) -> &str {
    literal.value()
}

//! Every schema.org rule of harvest-check, on a page's dataset, in each RDF syntax: the
//! mistake is found, named by its rule, placed on the line that makes it, and the same page
//! without the mistake has no finding.

use harvest_check::{check_dataset, Diagnostic, Vocabulary};
use harvest_html::output::{page_graph, GraphOutput, GraphSource};
use harvest_html::Limits;
use harvest_html::{Extractor, Page};

/// The page parsed as every extraction parses it.
fn parse(page: &Page) -> harvest_dom::Document {
    Extractor::new().parse(page)
}

/// A mistake: the rule it breaks, the item's type and the property written (`None`: the type is
/// the mistake), the value, and the same item written right.
struct Mistake {
    rule: &'static str,
    item: &'static str,
    property: &'static str,
    value: Value,
    right: (&'static str, &'static str, Value),
}

#[derive(Clone, Copy)]
enum Value {
    Text(&'static str),
    /// A nested item of this type, with a name.
    Item(&'static str),
}

const MISTAKES: &[Mistake] = &[
    Mistake {
        rule: "schema-unknown-type",
        item: "Prodcut",
        property: "name",
        value: Value::Text("Anvil"),
        right: ("Product", "name", Value::Text("Anvil")),
    },
    Mistake {
        rule: "schema-unknown-property",
        item: "Product",
        property: "nmae",
        value: Value::Text("Anvil"),
        right: ("Product", "name", Value::Text("Anvil")),
    },
    Mistake {
        rule: "schema-property-not-expected",
        item: "Person",
        property: "price",
        value: Value::Text("3"),
        right: ("Person", "name", Value::Text("Ada")),
    },
    Mistake {
        rule: "schema-value-type",
        item: "Book",
        property: "author",
        value: Value::Item("Product"),
        right: ("Book", "author", Value::Item("Person")),
    },
    Mistake {
        rule: "schema-lexical-form",
        item: "Event",
        property: "startDate",
        value: Value::Text("tomorrow"),
        right: ("Event", "startDate", Value::Text("2026-12-01")),
    },
    Mistake {
        rule: "schema-superseded",
        item: "Movie",
        property: "actors",
        value: Value::Text("Ada"),
        right: ("Movie", "actor", Value::Text("Ada")),
    },
    Mistake {
        rule: "schema-pending",
        item: "AnalysisNewsArticle",
        property: "headline",
        value: Value::Text("Why"),
        right: ("NewsArticle", "headline", Value::Text("Why")),
    },
];

/// The item in a syntax, its property on a line of its own (line 4 of the page).
fn page(syntax: GraphSource, item: &str, property: &str, value: Value) -> String {
    let head = "<!doctype html>\n<html><head><title>t</title></head>\n<body>\n";
    let body = match (syntax, value) {
        (GraphSource::Microdata, Value::Text(text)) => format!(
            "<div itemscope itemtype=\"https://schema.org/{item}\">\n<span itemprop=\"{property}\">{text}</span>\n</div>\n"
        ),
        (GraphSource::Microdata, Value::Item(nested)) => format!(
            "<div itemscope itemtype=\"https://schema.org/{item}\">\n<div itemprop=\"{property}\" itemscope itemtype=\"https://schema.org/{nested}\"><span itemprop=\"name\">N</span></div>\n</div>\n"
        ),
        (GraphSource::Rdfa, Value::Text(text)) => format!(
            "<div vocab=\"https://schema.org/\" typeof=\"{item}\">\n<span property=\"{property}\">{text}</span>\n</div>\n"
        ),
        (GraphSource::Rdfa, Value::Item(nested)) => format!(
            "<div vocab=\"https://schema.org/\" typeof=\"{item}\">\n<div property=\"{property}\" typeof=\"{nested}\"><span property=\"name\">N</span></div>\n</div>\n"
        ),
        (_, Value::Text(text)) => format!(
            "<script type=\"application/ld+json\">\n{{\"@context\": \"https://schema.org\", \"@type\": \"{item}\",\n \"{property}\": \"{text}\"}}\n</script>\n"
        ),
        (_, Value::Item(nested)) => format!(
            "<script type=\"application/ld+json\">\n{{\"@context\": \"https://schema.org\", \"@type\": \"{item}\",\n \"{property}\": {{\"@type\": \"{nested}\", \"name\": \"N\"}}}}\n</script>\n"
        ),
    };
    format!("{head}{body}</body></html>\n")
}

fn check(html: &str) -> Vec<Diagnostic> {
    let doc = parse(&Page::new("page.html", html.as_bytes().to_vec(), Some("https://example.com/page")));
    let graph = page_graph(&doc, &GraphOutput::default(), &Limits::default());
    assert!(graph.diagnostics.is_empty(), "{html}: {:?}", graph.diagnostics);
    check_dataset(Vocabulary::bundled(), &graph.dataset)
}

const SYNTAXES: [GraphSource; 3] = [GraphSource::Microdata, GraphSource::Rdfa, GraphSource::JsonLd];

#[test]
fn every_rule_in_every_syntax() {
    for mistake in MISTAKES {
        for syntax in SYNTAXES {
            let html = page(syntax, mistake.item, mistake.property, mistake.value);
            let found = check(&html);
            let rules: Vec<&str> = found.iter().map(|d| d.rule).collect();
            assert_eq!(rules, [mistake.rule], "{} in {}:\n{html}", mistake.rule, syntax.name());
        }
    }
}

/// Where each finding is: the line of the item's type (the `itemscope` or `typeof` element,
/// the JSON-LD `@type` member) or of the property (the `itemprop` or `property` element, the
/// JSON-LD member), as `harvest check` prints it.
#[test]
fn every_finding_is_on_the_line_that_makes_it() {
    use harvest_html::output::{check_page, CheckOptions};
    for mistake in MISTAKES {
        let about_type = matches!(mistake.rule, "schema-unknown-type" | "schema-pending");
        for syntax in SYNTAXES {
            let html = page(syntax, mistake.item, mistake.property, mistake.value);
            let doc = parse(&Page::new("page.html", html.as_bytes().to_vec(), Some("https://example.com/page")));
            let checked = check_page(&doc, &CheckOptions::new(), &Limits::default());
            let found = checked.report.diagnostics.iter().find(|d| d.rule == mistake.rule).expect("found");
            // Line 4 opens the item (the script element for JSON-LD, whose object starts on
            // line 5 with its @type); the property is on the next line.
            let json = syntax == GraphSource::JsonLd;
            let line = 4 + u32::from(json) + u32::from(!about_type);
            assert_eq!(found.line, Some(line), "{} in {}:\n{html}", mistake.rule, syntax.name());
            assert_eq!(found.syntax.as_deref(), Some(syntax.name()));
            // Columns are given inside JSON-LD blocks, on the block's lines after its first.
            assert_eq!(found.column.is_some(), json, "{} in {}: {found:?}", mistake.rule, syntax.name());
        }
    }
}

#[test]
fn the_same_items_written_right_have_no_finding() {
    for mistake in MISTAKES {
        let (item, property, value) = mistake.right;
        for syntax in SYNTAXES {
            let html = page(syntax, item, property, value);
            let found = check(&html);
            assert!(found.is_empty(), "{} in {}: {found:?}\n{html}", mistake.rule, syntax.name());
        }
    }
}

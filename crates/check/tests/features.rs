//! The search features' readings: one-of groups, nested requirements, items judged in their
//! context, standalone and top-level rules, subclasses, value forms; microdata and RDFa pages;
//! Open Graph and X cards; language tags; hostile datasets.

mod common;

use common::{page, report_of};
use harvest_check::{check, FeatureReport, Page, Report, Severity, Vocabulary};
use harvest_rdf::{vocab, BlankNode, Dataset, GraphName, Iri, Literal, Quad, Triple};

fn schema(name: &str) -> Iri {
    Iri::parse(&format!("https://schema.org/{name}")).unwrap()
}

fn typed(n: u64, name: &str) -> Triple {
    Triple::new(BlankNode::new(n), vocab::rdf_type(), schema(name))
}

fn text(n: u64, property: &str, value: &str) -> Triple {
    Triple::new(BlankNode::new(n), schema(property), Literal::simple(value))
}

fn link(n: u64, property: &str, to: u64) -> Triple {
    Triple::new(BlankNode::new(n), schema(property), BlankNode::new(to))
}

fn dataset(triples: &[Triple]) -> Dataset {
    let mut dataset = Dataset::new();
    for triple in triples {
        dataset.insert(Quad::new(triple.clone(), GraphName::Default)).unwrap();
    }
    dataset
}

fn run(triples: &[Triple]) -> Report {
    check(Vocabulary::bundled(), &Page::new(&dataset(triples)))
}

fn reports<'r>(report: &'r Report, feature: &str) -> Vec<&'r FeatureReport> {
    report.features.iter().filter(|f| f.feature == feature).collect()
}

#[test]
fn a_one_of_group_is_met_by_any_of_its_properties() {
    let found = run(&[typed(0, "Product"), text(0, "name", "Anvil")]);
    let snippet = report_of(&found, "product-snippet").unwrap();
    assert!(!snippet.eligible);
    assert_eq!(snippet.missing_required, ["review|aggregateRating|offers"]);
    let error = found.diagnostics.iter().find(|d| d.rule == "google-required").unwrap();
    assert_eq!(error.severity, Severity::Error);
    assert_eq!(error.feature, Some("product-snippet"));
    assert_eq!(error.subject, "_:b0");
    assert_eq!(error.item_type.as_deref(), Some("Product"));
    assert_eq!(error.statement, Some(0), "the item's rdf:type statement");
    assert!(error.message.contains("one of \"review\", \"aggregateRating\", \"offers\""), "{}", error.message);
    assert!(error
        .message
        .contains("https://developers.google.com/search/docs/appearance/structured-data/product-snippet"));
    for group in ["review", "aggregateRating"] {
        let found = run(&[typed(0, "Product"), text(0, "name", "Anvil"), link(0, group, 1), typed(1, "Thing")]);
        let snippet = report_of(&found, "product-snippet").unwrap();
        assert!(!snippet.missing_required.contains(&"review|aggregateRating|offers".to_owned()), "{group}");
    }
}

#[test]
fn a_nested_value_meets_its_own_requirements() {
    let base = [typed(0, "Product"), text(0, "name", "Anvil"), link(0, "offers", 1), typed(1, "Offer")];
    let found = run(&base);
    let snippet = report_of(&found, "product-snippet").unwrap();
    assert_eq!(snippet.missing_required, ["offers.price|offers.priceSpecification.price|offers.lowPrice"]);
    // The offer's own statement is not a feature item of its own.
    assert_eq!(found.features.iter().filter(|f| f.subject == "_:b1").count(), 0);
    let mut priced = base.to_vec();
    priced.extend([link(1, "priceSpecification", 2), typed(2, "UnitPriceSpecification"), text(2, "price", "9")]);
    assert!(report_of(&run(&priced), "product-snippet").unwrap().eligible);
    // A price specification without a price does not count.
    let mut empty = base.to_vec();
    empty.extend([link(1, "priceSpecification", 2), typed(2, "UnitPriceSpecification")]);
    assert!(!report_of(&run(&empty), "product-snippet").unwrap().eligible);
    // Offers as text: nothing to read a price from.
    let found = run(&[typed(0, "Product"), text(0, "name", "Anvil"), text(0, "offers", "$5")]);
    assert!(!report_of(&found, "product-snippet").unwrap().eligible);
    // One offer of two without a price: not eligible.
    let mut two = base.to_vec();
    two.extend([text(1, "price", "5"), link(0, "offers", 3), typed(3, "Offer")]);
    assert!(!report_of(&run(&two), "product-snippet").unwrap().eligible);
}

#[test]
fn an_absent_scope_asks_nothing() {
    // Event recommends offers.price and the like only when it has offers.
    let found = run(&[
        typed(0, "Event"),
        text(0, "name", "Fair"),
        text(0, "startDate", "2025-05-01"),
        link(0, "location", 1),
        typed(1, "Place"),
        text(1, "address", "1 Quay Street"),
    ]);
    let event = report_of(&found, "event").unwrap();
    assert!(event.eligible);
    assert!(event.missing_recommended.contains(&"offers".to_owned()));
    assert!(!event.missing_recommended.iter().any(|m| m.starts_with("offers.")));
}

#[test]
fn an_item_reached_through_a_rule_is_judged_there() {
    // A review nested in a product is the product's: its requirements are the product's rules.
    let found = run(&[
        typed(0, "Product"),
        text(0, "name", "Anvil"),
        link(0, "review", 1),
        typed(1, "Review"),
        link(1, "reviewRating", 2),
        typed(2, "Rating"),
        text(2, "ratingValue", "4"),
    ]);
    assert_eq!(report_of(&found, "product-snippet").unwrap().missing_required, ["review.author"]);
    assert!(reports(&found, "review-snippet").is_empty());
    // A review on its own names what it reviews; nested in a recipe (no rule of the recipe's
    // reaches it), it is judged as a review, and the recipe is what it reviews.
    let review =
        [typed(1, "Review"), text(1, "author", "Ada"), link(1, "reviewRating", 2), text(2, "ratingValue", "4")];
    let alone = run(&review);
    // Without itemReviewed, nothing to ask its name of.
    assert_eq!(report_of(&alone, "review-snippet").unwrap().missing_required, ["itemReviewed"]);
    let mut nested = review.to_vec();
    nested.extend([typed(0, "Recipe"), text(0, "name", "Scones"), text(0, "image", "s.jpg"), link(0, "review", 1)]);
    let nested = run(&nested);
    assert!(report_of(&nested, "review-snippet").unwrap().eligible);
    assert!(report_of(&nested, "recipe").unwrap().eligible);
}

#[test]
fn context_holds_for_nested_items_and_cycles() {
    // A page's main entity is judged, and the review in it in its context.
    let found = run(&[
        typed(9, "WebPage"),
        link(9, "mainEntity", 0),
        typed(0, "Product"),
        text(0, "name", "Anvil"),
        link(0, "review", 1),
        typed(1, "Review"),
    ]);
    assert_eq!(reports(&found, "product-snippet").len(), 1);
    assert!(reports(&found, "review-snippet").is_empty());
    // A review of a product: the review's itemReviewed does not take the product in.
    let found = run(&[typed(1, "Review"), link(1, "itemReviewed", 0), typed(0, "Product"), text(0, "name", "Anvil")]);
    assert_eq!(reports(&found, "review-snippet").len(), 1);
    assert_eq!(reports(&found, "product-snippet").len(), 1);
    // Two products each the other's offer: the first is judged, the second in its context.
    let found = run(&[typed(0, "Product"), typed(1, "Product"), link(0, "offers", 1), link(1, "offers", 0)]);
    let products = reports(&found, "product-snippet");
    assert_eq!(products.len(), 1);
    assert_eq!(products[0].subject, "_:b0");
}

#[test]
fn top_level_features_skip_items_that_are_values() {
    let found =
        run(&[typed(0, "Article"), text(0, "headline", "H"), link(0, "publisher", 1), typed(1, "Organization")]);
    assert!(reports(&found, "organization").is_empty());
    assert_eq!(reports(&found, "article").len(), 1);
    let found = run(&[typed(1, "Organization"), text(1, "name", "Lumen")]);
    let organization = report_of(&found, "organization").unwrap();
    assert!(organization.eligible, "no required property");
    assert!(organization.missing_recommended.contains(&"logo".to_owned()));
    assert!(!organization.missing_recommended.contains(&"name".to_owned()));
}

#[test]
fn subclasses_count_and_an_item_may_have_several_features() {
    for article in ["Article", "NewsArticle", "BlogPosting", "ScholarlyArticle"] {
        assert_eq!(reports(&run(&[typed(0, article)]), "article").len(), 1, "{article}");
    }
    let found = run(&[typed(0, "Restaurant"), text(0, "name", "Copper Pot"), text(0, "address", "22 Bell Road")]);
    assert!(report_of(&found, "local-business").unwrap().eligible);
    assert!(report_of(&found, "organization").unwrap().eligible);
    let found = run(&[typed(0, "Product"), text(0, "name", "Anvil")]);
    assert_eq!(reports(&found, "product-snippet").len(), 1);
    assert_eq!(report_of(&found, "merchant-listing").unwrap().missing_required, ["image", "offers"]);
    // Two types of one item: each feature once.
    let found = run(&[typed(0, "Movie"), typed(0, "VideoObject"), text(0, "name", "Harbour Lights")]);
    assert_eq!(reports(&found, "movie-carousel").len(), 1);
    assert_eq!(reports(&found, "video").len(), 1);
    assert_eq!(found.counts.ineligible, 2);
    assert_eq!(found.counts.eligible, 0);
}

#[test]
fn value_forms_are_errors_for_the_feature() {
    let found = run(&[
        typed(0, "Event"),
        text(0, "name", "Fair"),
        text(0, "startDate", "next Friday"),
        text(0, "location", "Old Quay"),
    ]);
    let value = found.diagnostics.iter().find(|d| d.rule == "google-value").unwrap();
    assert_eq!(value.severity, Severity::Error);
    assert_eq!(value.property.as_deref(), Some("startDate"));
    assert_eq!(value.statement, Some(2));
    assert!(value.message.contains("an ISO 8601 date or date-time"), "{}", value.message);
    // schema.org's own finding stays, a warning, beside it.
    assert!(found.diagnostics.iter().any(|d| d.rule == "schema-lexical-form" && d.statement == Some(2)));
    // A price of 0 is a number (a free app) but not a merchant listing's price.
    let product = [
        typed(0, "Product"),
        text(0, "name", "Anvil"),
        text(0, "image", "https://shop.example/a.jpg"),
        link(0, "offers", 1),
        typed(1, "Offer"),
        text(1, "price", "0"),
        text(1, "priceCurrency", "EUR"),
    ];
    let found = run(&product);
    let values: Vec<_> = found.diagnostics.iter().filter(|d| d.rule == "google-value").collect();
    assert_eq!(values.len(), 1);
    assert_eq!(values[0].feature, Some("merchant-listing"));
    assert_eq!(values[0].subject, "_:b1", "the statement's subject: the offer");
    // A URL given as text must be one; as an IRI it is.
    let found = run(&[typed(0, "Organization"), text(0, "logo", "logo dot png")]);
    assert!(found.diagnostics.iter().any(|d| d.rule == "google-value" && d.property.as_deref() == Some("logo")));
    let logo = Triple::new(BlankNode::new(0), schema("logo"), Iri::parse("https://lumen.example/logo.png").unwrap());
    assert!(!run(&[typed(0, "Organization"), logo]).diagnostics.iter().any(|d| d.rule == "google-value"));
}

#[test]
fn microdata_and_rdfa_pages_are_read_alike() {
    let microdata = r#"<div itemscope itemtype="https://schema.org/Product">
        <span itemprop="name">Linen apron</span><img itemprop="image" src="/apron.jpg">
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <meta itemprop="priceCurrency" content="EUR"><span itemprop="price">34.50</span>
          <link itemprop="availability" href="https://schema.org/InStock"></div></div>
        <div itemscope itemtype="https://schema.org/Event"><span itemprop="name">Lantern night market</span>
          <time itemprop="startDate" datetime="2025-09-12T18:00+02:00">12 September</time>
          <div itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">Old Quay</span>
          <span itemprop="address">1 Quay Street, Portlow</span></div></div>"#;
    let dataset = page(microdata);
    let found = check(Vocabulary::bundled(), &Page::new(&dataset));
    for feature in ["merchant-listing", "product-snippet", "event"] {
        assert!(report_of(&found, feature).unwrap().eligible, "{feature}: {found:#?}");
    }
    let rdfa = r#"<body vocab="https://schema.org/">
        <ol typeof="BreadcrumbList">
          <li property="itemListElement" typeof="ListItem"><a property="item" typeof="WebPage" href="/garden">
            <span property="name">Garden</span></a><meta property="position" content="1"></li>
          <li property="itemListElement" typeof="ListItem"><span property="name">Hoses</span>
            <meta property="position" content="2"></li></ol>
        <div typeof="Recipe"><h1 property="name">Buttermilk scones</h1><img property="image" src="/scones.jpg">
          <meta property="prepTime" content="PT15M"><meta property="cookTime" content="a while"></div></body>"#;
    let dataset = page(rdfa);
    let found = check(Vocabulary::bundled(), &Page::new(&dataset));
    assert!(report_of(&found, "breadcrumb").unwrap().eligible, "{found:#?}");
    assert!(report_of(&found, "recipe").unwrap().eligible);
    assert!(found.diagnostics.iter().any(|d| d.rule == "google-value" && d.property.as_deref() == Some("cookTime")));
    // Without a position, a breadcrumb is not eligible.
    let dataset = page(&rdfa.replace(r#"<meta property="position" content="2">"#, ""));
    let found = check(Vocabulary::bundled(), &Page::new(&dataset));
    assert_eq!(report_of(&found, "breadcrumb").unwrap().missing_required, ["itemListElement.position"]);
}

fn meta(tags: &[(&str, &str)]) -> Vec<(String, String)> {
    tags.iter().map(|(n, c)| (n.to_string(), c.to_string())).collect()
}

#[test]
fn open_graph_through_rdfa() {
    let html = r#"<head><meta property="og:title" content="Dune cottage"><meta property="og:type" content="website">
        <meta property="og:url" content="https://stay.example/dune"></head>"#;
    let dataset = page(html);
    let found = check(Vocabulary::bundled(), &Page::new(&dataset));
    let og = report_of(&found, "open-graph").unwrap();
    assert_eq!(og.subject, "<https://site.example/page>");
    assert_eq!(og.missing_required, ["og:image|og:image:url"]);
    assert_eq!(og.missing_recommended, ["og:description", "og:site_name"]);
    let error = found.diagnostics.iter().find(|d| d.rule == "og-required").unwrap();
    assert!(error.statement.is_some() && error.message.contains("https://ogp.me/"));
    let dataset =
        page(&html.replace("</head>", r#"<meta property="og:image" content="https://stay.example/1.jpg"></head>"#));
    assert!(report_of(&check(Vocabulary::bundled(), &Page::new(&dataset)), "open-graph").unwrap().eligible);
}

#[test]
fn open_graph_from_meta_tags_where_no_rdf_syntax_read_them() {
    let empty = Dataset::new();
    let tags = meta(&[
        ("og:title", "Dune cottage"),
        ("og:type", "website"),
        ("og:image", "https://stay.example/1.jpg"),
        ("og:url", "https://stay.example/dune"),
        ("og:description", "By the sea"),
        ("og:site_name", "Coast Stays"),
    ]);
    let found = check(Vocabulary::bundled(), &Page::new(&empty).meta(&tags));
    let og = report_of(&found, "open-graph").unwrap();
    assert!(og.eligible && og.missing_recommended.is_empty());
    assert_eq!(og.subject, "<https://stay.example/dune>");
    let found = check(Vocabulary::bundled(), &Page::new(&empty).meta(&tags[..2]));
    assert_eq!(report_of(&found, "open-graph").unwrap().missing_required, ["og:image|og:image:url", "og:url"]);
    assert_eq!(found.counts.errors, 2);
    assert!(report_of(&check(Vocabulary::bundled(), &Page::new(&empty)), "open-graph").is_none());
}

#[test]
fn x_cards_by_type_with_open_graph_fallbacks() {
    let empty = Dataset::new();
    let card = |tags: &[(&str, &str)]| {
        let tags = meta(tags);
        let report = check(Vocabulary::bundled(), &Page::new(&empty).meta(&tags));
        report_of(&report, "x-card").cloned()
    };
    assert!(card(&[]).is_none());
    let summary = card(&[("twitter:card", "summary"), ("twitter:title", "Dune cottage")]).unwrap();
    assert!(summary.eligible);
    assert_eq!(summary.missing_recommended, ["twitter:description", "twitter:image", "twitter:site"]);
    // X reads the title, description and image from Open Graph when the card leaves them out.
    let fallback =
        card(&[("twitter:card", "summary_large_image"), ("og:title", "Dune"), ("og:image", "https://s.example/1.jpg")])
            .unwrap();
    assert!(fallback.eligible, "{fallback:?}");
    let large = card(&[("twitter:card", "summary_large_image"), ("twitter:title", "Dune")]).unwrap();
    assert_eq!(large.missing_required, ["twitter:image"]);
    let player = card(&[
        ("twitter:card", "player"),
        ("twitter:title", "Chisel"),
        ("twitter:site", "@vid"),
        ("twitter:player", "https://vid.example/embed"),
        ("twitter:player:height", "360"),
        ("twitter:image", "https://vid.example/t.jpg"),
    ])
    .unwrap();
    assert_eq!(player.missing_required, ["twitter:player:width"]);
    let app = card(&[("twitter:card", "app"), ("twitter:site", "@tidy"), ("twitter:app:id:iphone", "123")]).unwrap();
    assert_eq!(app.missing_required, ["twitter:app:id:ipad", "twitter:app:id:googleplay"]);
    let untyped = card(&[("twitter:title", "Dune")]).unwrap();
    assert_eq!(untyped.missing_required, ["twitter:card"]);
    let unknown = card(&[("twitter:card", "gallery"), ("twitter:title", "Dune")]).unwrap();
    assert!(!unknown.eligible);
    let tags = meta(&[("twitter:card", "gallery")]);
    let report = check(Vocabulary::bundled(), &Page::new(&empty).meta(&tags));
    let error = report.diagnostics.iter().find(|d| d.rule == "x-card-required").unwrap();
    assert!(error.message.contains("\"gallery\" is not a card type"), "{}", error.message);
}

#[test]
fn language_tags_are_bcp_47() {
    for property in ["inLanguage", "availableLanguage", "knowsLanguage", "subtitleLanguage"] {
        let item = if property == "knowsLanguage" { "Person" } else { "Movie" };
        let found = run(&[typed(0, item), text(0, property, "English"), text(0, property, "en-GB")]);
        let lexical: Vec<_> = found.diagnostics.iter().filter(|d| d.rule == "schema-lexical-form").collect();
        assert_eq!(lexical.len(), 1, "{property}: {lexical:?}");
        assert_eq!(lexical[0].statement, Some(1));
        assert!(lexical[0].message.contains("BCP 47"), "{}", lexical[0].message);
    }
    // A Language item as the value is not a literal: not judged here.
    let found = run(&[typed(0, "Movie"), link(0, "inLanguage", 1), typed(1, "Language")]);
    assert!(found.diagnostics.iter().all(|d| d.feature.is_some()), "{:?}", found.diagnostics);
}

#[test]
fn a_feature_diagnostic_serializes_its_feature() {
    let found = run(&[typed(0, "Product"), text(0, "name", "Anvil")]);
    let error = found.diagnostics.iter().find(|d| d.rule == "google-required").unwrap();
    let json = serde_json::to_value(error).unwrap();
    assert_eq!(json["feature"], "product-snippet");
    assert_eq!(json["property"], "review|aggregateRating|offers");
    let json = serde_json::to_value(&found).unwrap();
    assert_eq!(json["features"][0]["missing_required"][0], "review|aggregateRating|offers");
    assert_eq!(json["counts"]["ineligible"], 2);
}

/// `n` products, each with an offer and a review that point back at it.
fn many_products(n: usize) -> Dataset {
    let mut triples = Vec::with_capacity(n * 9);
    for i in 0..n as u64 {
        let (p, o, r) = (3 * i, 3 * i + 1, 3 * i + 2);
        triples.extend([
            typed(p, "Product"),
            text(p, "name", "Anvil"),
            link(p, "offers", o),
            typed(o, "Offer"),
            text(o, "price", "5"),
            link(o, "itemOffered", p),
            link(p, "review", r),
            typed(r, "Review"),
            link(r, "itemReviewed", p),
        ]);
    }
    dataset(&triples)
}

#[test]
fn many_items_with_cycles_stay_linear() {
    let found = check(Vocabulary::bundled(), &Page::new(&many_products(100_000)));
    // Every item is another's value: each product (first in the dataset of its cycle) is judged,
    // its review in its context.
    assert_eq!(reports(&found, "product-snippet").len(), 100_000);
    assert_eq!(reports(&found, "review-snippet").len(), 0);
    harvest_test_support::assert_linear("features of many items", 4_000, many_products, |d| {
        check(Vocabulary::bundled(), &Page::new(d));
    });
}

/// A chain `depth` deep of products, each the offer's item of the next.
fn chain(depth: usize) -> Dataset {
    let mut triples = Vec::new();
    for i in 0..depth as u64 {
        triples.extend([typed(i, "Product"), link(i, "offers", i + 1), link(i, "isRelatedTo", i + 1)]);
    }
    dataset(&triples)
}

/// `n` products all offering one hub whose price specifications (without a price) are `n`:
/// asked once, not once per product.
fn shared_hub(n: usize) -> Dataset {
    let hub = 10 * n as u64;
    let mut triples = vec![typed(hub, "Offer")];
    for i in 0..n as u64 {
        let (product, spec) = (i, 4 * n as u64 + i);
        triples.extend([
            typed(product, "Product"),
            link(product, "offers", hub),
            link(hub, "priceSpecification", spec),
        ]);
    }
    dataset(&triples)
}

#[test]
fn deep_chains_and_shared_hubs_are_bounded() {
    let found = check(Vocabulary::bundled(), &Page::new(&chain(10_000)));
    // The chain's first product is its only top-level one: the second is its offer, judged
    // there; the third is judged on its own (the first reached by then), the fourth in its
    // context, and so on.
    assert_eq!(reports(&found, "product-snippet").len(), 5_000);
    harvest_test_support::assert_linear("a deep chain", 2_000, chain, |d| {
        check(Vocabulary::bundled(), &Page::new(d));
    });
    let found = check(Vocabulary::bundled(), &Page::new(&shared_hub(10_000)));
    let products = reports(&found, "product-snippet");
    assert_eq!(products.len(), 10_000);
    assert!(products.iter().all(|p| !p.eligible));
    harvest_test_support::assert_linear("a shared hub", 8_000, shared_hub, |d| {
        check(Vocabulary::bundled(), &Page::new(d));
    });
    // A cycle through `@id`: a product that is its own offer.
    let found = run(&[typed(0, "Product"), link(0, "offers", 0), text(0, "name", "Ouroboros")]);
    let snippet = report_of(&found, "product-snippet").unwrap();
    assert!(!snippet.eligible, "the offer (itself) has no price");
}

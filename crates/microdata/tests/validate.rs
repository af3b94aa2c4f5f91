//! The validator: one page per rule, and conforming pages that give nothing.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_microdata::{validate, Diagnostic, Rule};

fn check(html: &str) -> Vec<(Rule, String)> {
    let url = Url::parse("https://example.com/page").unwrap();
    let doc = Document::parse_with(html, &ParseOptions::new().url(url));
    validate(&doc).into_iter().map(|d| (d.rule, d.path)).collect()
}

fn rules(html: &str) -> Vec<Rule> {
    check(html).into_iter().map(|(rule, _)| rule).collect()
}

#[test]
fn conforming_pages_give_nothing() {
    for html in [
        "<div itemscope itemtype='https://e.example/T' itemid='urn:x:1' itemref='r'><p itemprop='a https://e.example/b'>x</p></div><p id=r itemprop=c>y</p>",
        "<div itemscope><span itemprop=band itemscope><i itemprop=name>Jazz</i></span></div>",
        "<p itemscope></p><svg itemscope itemtype='not a url' itemprop=''></svg>",
        "<figure itemscope itemtype='http://n.whatwg.org/work'><img itemprop=work src=a.jpg><a itemprop=license href=/l>l</a></figure>",
    ] {
        assert_eq!(check(html), vec![], "{html}");
    }
}

#[test]
fn microdata_errors_and_cycles() {
    // The target is inside the item already: reached twice.
    assert_eq!(
        check("<div itemscope itemref=t><p id=t itemprop=a>x</p></div>"),
        vec![(Rule::MicrodataError, "html>body>div".into()), (Rule::ItemrefTargetInScope, "html>body>div".into())]
    );
    // The item references itself, and a token twice.
    let found = rules("<div itemscope id=me itemref='me t t'></div><p id=t itemprop=a>x</p>");
    assert_eq!(found.iter().filter(|r| **r == Rule::MicrodataError).count(), 2, "{found:?}");
    assert!(found.contains(&Rule::DuplicateToken));
    // a and b are each other's property: a cycle, and neither is used.
    let found = check("<div itemscope itemprop=p id=a itemref=b></div><div itemscope itemprop=q id=b itemref=a></div>");
    // Reported once per cycle, on its first item in tree order.
    assert!(found.contains(&(Rule::ItemCycle, "html>body>div:nth-child(1)".into())), "{found:?}");
    assert!(found.contains(&(Rule::UnusedItem, "html>body>div:nth-child(1)".into())), "{found:?}");
    assert!(found.contains(&(Rule::UnusedItem, "html>body>div:nth-child(2)".into())), "{found:?}");
}

#[test]
fn an_item_inside_its_own_target_is_no_cycle_but_two_are() {
    // The item is inside the element it names: a microdata error, but never its own property.
    let found = rules("<div itemscope itemref=t></div><div id=t><div itemscope itemprop=x itemref=t></div></div>");
    assert_eq!(found, vec![Rule::MicrodataError], "{found:?}");
    // Two items inside the element both name: each is the other's property.
    let found = rules(
        "<div itemscope itemref=t></div><div id=t><p itemscope itemprop=x itemref=t></p><p itemscope itemprop=y itemref=t></p></div>",
    );
    assert_eq!(found.iter().filter(|r| **r == Rule::ItemCycle).count(), 1, "{found:?}");
}

#[test]
fn properties_that_belong_to_no_item() {
    assert_eq!(check("<p itemprop=a>x</p>"), vec![(Rule::UnownedProperty, "html>body>p".into())]);
    // Inside an item that is itself a property of nothing: the item is unused, its property is fine.
    assert_eq!(
        check("<div itemprop=x itemscope><i itemprop=y>1</i></div>"),
        vec![(Rule::UnownedProperty, "html>body>div".into()), (Rule::UnusedItem, "html>body>div".into())]
    );
    assert_eq!(
        check("<div itemscope><i itemprop=''>1</i></div>"),
        vec![(Rule::EmptyItemprop, "html>body>div>i".into())]
    );
}

#[test]
fn attribute_rules() {
    assert_eq!(
        rules("<div itemtype='https://e.example/T' itemid=urn:a itemref=x></div><p id=x>"),
        vec![Rule::AttributeWithoutItemscope, Rule::AttributeWithoutItemscope, Rule::AttributeWithoutItemscope]
    );
    assert_eq!(rules("<div itemscope itemid=urn:a></div>"), vec![Rule::ItemidWithoutItemtype]);
    assert_eq!(
        rules("<div itemscope itemtype='https://e.example/T' itemid='http://[::1'></div>"),
        vec![Rule::InvalidItemid]
    );
    assert_eq!(rules("<div itemscope itemtype=' '></div>"), vec![Rule::EmptyItemtype]);
    assert_eq!(
        rules("<div itemscope itemtype='Person https://e.example/T https://e.example/T'></div>"),
        vec![Rule::DuplicateToken, Rule::ItemtypeNotAbsoluteUrl]
    );
    assert_eq!(rules("<div itemscope itemref='nowhere'></div>"), vec![Rule::ItemrefUnknownId]);
    assert_eq!(
        rules("<div itemscope><i itemprop='a.b c:d https://e.example/x a a'>1</i></div>"),
        vec![Rule::DuplicateToken, Rule::PropertyNameSyntax]
    );
}

#[test]
fn url_properties_need_url_property_elements() {
    let found = check(
        "<div itemscope itemtype='http://microformats.org/profile/hcard'>\
           <span itemprop=url>https://e.example/</span><a itemprop=url href=/x>x</a>\
           <meta itemprop=photo content=https://e.example/p.jpg>\
           <div itemprop=related itemscope><span itemprop=url>https://e.example/r</span><i itemprop=rel>friend</i></div>\
         </div>\
         <div itemscope itemtype='http://microformats.org/profile/hcalendar#vevent'><span itemprop=attach>https://e.example/a</span></div>\
         <div itemscope itemtype='http://n.whatwg.org/work'><span itemprop='work license'>https://e.example/w</span></div>",
    );
    let paths: Vec<&str> =
        found.iter().filter(|(rule, _)| *rule == Rule::UrlPropertyElement).map(|(_, path)| path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "html>body>div:nth-child(1)>span",
            "html>body>div:nth-child(1)>meta",
            "html>body>div:nth-child(1)>div>span",
            "html>body>div:nth-child(2)>span",
            "html>body>div:nth-child(3)>span",
            "html>body>div:nth-child(3)>span",
        ]
    );
    // Beside them, the vocabularies' own rules: the vCard lacks fn and n, the event dtstart.
    let others: Vec<&(Rule, String)> = found.iter().filter(|(rule, _)| *rule != Rule::UrlPropertyElement).collect();
    assert_eq!(
        others,
        [
            &(Rule::VocabularyPropertyCount, "html>body>div:nth-child(1)".to_owned()),
            &(Rule::VocabularyPropertyCount, "html>body>div:nth-child(1)".to_owned()),
            &(Rule::VocabularyPropertyCount, "html>body>div:nth-child(2)".to_owned()),
        ]
    );
}

#[test]
fn diagnostics_name_rule_section_and_path() {
    let doc = Document::parse("<main><p>x</p><p><b itemprop=a>1</b></p></main>");
    let found: Vec<Diagnostic> = validate(&doc);
    assert_eq!(found.len(), 1);
    let d = &found[0];
    assert_eq!(d.section, "HTML §5.2.5");
    let b = doc.elements().find(|e| e.is("b")).unwrap();
    assert_eq!(d.path, b.path());
    assert_eq!(d.path, "html>body>main>p:nth-child(2)>b");
    assert_eq!(d.to_string(), format!("{}: {} [unowned-property, HTML §5.2.5]", d.path, d.message));
    assert_eq!(d.url, "https://html.spec.whatwg.org/multipage/microdata.html#associating-names-with-items");
    for rule in Rule::ALL {
        assert!(!rule.section().is_empty() && !rule.name().is_empty());
        // Every rule names a public document, never a local copy.
        assert!(rule.url().starts_with("https://"), "{rule}: {}", rule.section());
    }
}

#[test]
fn diagnostics_serialize_with_rule_names() {
    let found = validate(&Document::parse("<p itemprop=a>x</p>"));
    let json = serde_json::to_string(&found).unwrap();
    assert_eq!(
        json,
        r#"[{"rule":"unowned-property","section":"HTML §5.2.5","url":"https://html.spec.whatwg.org/multipage/microdata.html#associating-names-with-items","message":"this itemprop element is not a property of any item","path":"html>body>p"}]"#
    );
    let back: Vec<Diagnostic> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, found);
}

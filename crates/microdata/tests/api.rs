//! The DOM-style API: getItems, properties (by position and by name), names, values, itemValue.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_microdata::{get_items, item_value, items, Item, Microdata, PropertyValue};
use std::collections::HashMap;

fn parse(html: &str) -> Document {
    let url = Url::parse("https://example.com/cats/page").unwrap();
    Document::parse_with(html, &ParseOptions::new().url(url))
}

const CAT: &str = r#"<section itemscope itemtype="http://example.org/animals#cat">
 <h1 itemprop="name http://example.com/fn">Hedral</h1>
 <p itemprop="desc">Hedral is a male american domestic
 shorthair, with a fluffy <span
 itemprop="http://example.com/color">black</span> fur with <span
 itemprop="http://example.com/color">white</span> paws and belly.</p>
 <img itemprop="img" src="hedral.jpeg" alt="" title="Hedral, age 18 months">
</section>"#;

fn text(value: &str) -> PropertyValue {
    PropertyValue::Text(value.to_owned())
}

#[test]
fn the_dom_api_examples_of_003_5_1_6() {
    let doc = parse(CAT);
    // var cat = document.getItems('http://example.org/animals#cat')[0];
    let cats = get_items(&doc, "http://example.org/animals#cat");
    assert_eq!(cats.len(), 1);
    let cat = &cats[0];
    // cat.properties['http://example.com/color'].values
    assert_eq!(cat.properties().named("http://example.com/color").values(), [text("black"), text("white")]);
    // properties.names, without the repeated color
    assert_eq!(cat.properties().names(), ["name", "http://example.com/fn", "desc", "http://example.com/color", "img"]);
    assert_eq!(cat.properties().len(), 5);
    assert_eq!(cat.properties().first("img").map(|p| p.value()), Some(text("https://example.com/cats/hedral.jpeg")));
    assert!(cat.properties().named("nothing").is_empty());
    assert!(get_items(&doc, "http://example.org/animals#dog").is_empty());
    assert_eq!(get_items(&doc, "").len(), 1);
}

#[test]
fn items_types_ids_and_nesting() {
    let doc = parse(
        "<div itemscope itemtype=' https://e.example/a\thttps://e.example/b https://e.example/a' itemid=' /ids/1 '>\
           <span itemprop=band itemscope itemid=x><i itemprop=name>Jazz</i></span></div>\
         <p itemscope itemprop=orphan></p>",
    );
    let microdata = Microdata::new(&doc);
    let top = microdata.items();
    assert_eq!(top.len(), 1);
    let outer = &top[0];
    assert_eq!(outer.types(), ["https://e.example/a", "https://e.example/b", "https://e.example/a"]);
    assert!(outer.has_type("https://e.example/b"));
    assert_eq!(outer.id().map(Url::as_str), Some("https://example.com/ids/1"));
    assert!(outer.is_top_level());
    assert_eq!(outer.element().local_name(), "div");
    let band = outer.properties().first("band").unwrap();
    assert!(band.is_item() && !band.is_url_property_element());
    let PropertyValue::Item(inner) = band.value() else { panic!("band is an item") };
    assert!(!inner.is_top_level());
    assert!(inner.types().is_empty());
    // An itemid on an untyped item still gives a global identifier (HTML §5.2.2), resolved.
    assert_eq!(inner.id().map(Url::as_str), Some("https://example.com/cats/x"));
    assert_eq!(inner.properties().named("name").values(), [text("Jazz")]);
    // Every item, in tree order, and the item an element makes.
    let all = microdata.all_items();
    assert_eq!(all.len(), 3);
    assert_eq!(all[1], inner);
    assert_eq!(microdata.item(&inner.element()), Some(inner.clone()));
    let p = doc.elements().find(|e| e.is("p")).unwrap();
    assert!(!microdata.item(&p).unwrap().is_top_level());
    assert_eq!(microdata.item(&doc.body().unwrap()), None);
    // Items hash by identity (clippy frowns on keys with interior mutability; the index is a
    // plain key for the same purpose).
    #[allow(clippy::mutable_key_type)]
    let mut memory: HashMap<Item, usize> = HashMap::new();
    memory.insert(inner.clone(), 1);
    assert_eq!(memory.get(&all[1]), Some(&1));
    assert_eq!(memory.get(&all[0]), None);
    assert_eq!((outer.index(), inner.index()), (0, 1));
    assert_eq!(Microdata::new(&doc).all_items()[1].index(), inner.index());
    assert_eq!(items(&doc), top);
}

#[test]
fn item_value_of_any_element() {
    let doc = parse(
        "<div itemscope><a itemprop=u href=../x>x</a><b>no itemprop</b><i itemprop=''>empty</i>\
         <span itemprop=s itemscope></span><svg><title itemprop=t>svg</title></svg></div>",
    );
    let find = |name: &str| doc.elements().find(|e| e.local_name() == name).unwrap();
    assert_eq!(item_value(&doc, &find("a")), Some(text("https://example.com/x")));
    assert_eq!(item_value(&doc, &find("b")), None);
    // itemprop without tokens still has an itemValue, though it adds no property.
    assert_eq!(item_value(&doc, &find("i")), Some(text("empty")));
    assert!(matches!(item_value(&doc, &find("span")), Some(PropertyValue::Item(_))));
    assert_eq!(item_value(&doc, &find("title")), None);
    let microdata = Microdata::new(&doc);
    assert_eq!(microdata.property_names(&find("a")), ["u"]);
    assert!(microdata.property_names(&find("title")).is_empty());
}

#[test]
fn entries_follow_elements_then_names() {
    let doc = parse("<div itemscope><i itemprop='b a b'>1</i><i itemprop=a>2</i></div>");
    let item = &items(&doc)[0];
    let properties = item.properties();
    let entries: Vec<(String, PropertyValue)> =
        properties.entries().map(|(name, property)| (name.to_owned(), property.value())).collect();
    assert_eq!(entries, [("b".to_owned(), text("1")), ("a".to_owned(), text("1")), ("a".to_owned(), text("2"))]);
    assert_eq!(properties.get(0).unwrap().names(), ["b", "a"]);
    assert!(properties.get(2).is_none());
    assert_eq!(properties.iter().count(), 2);
}

/// A conversion written on the API alone: HTML §5.3.1.1 "collecting the first vCard subproperty"
/// and the N line, to show exporters need nothing else.
#[test]
fn a_vcard_n_line_can_be_written_on_the_api() {
    let doc = parse(
        r#"<span itemscope itemtype="http://microformats.org/profile/hcard"
><span itemprop=fn><span itemprop="n" itemscope><span itemprop="given-name"
>George</span> <span itemprop="family-name">Washington</span></span
></span></span>"#,
    );
    let first = |item: &Item, name: &str| match item.properties().first(name).map(|p| p.value()) {
        Some(PropertyValue::Text(value)) => value.replace('\\', "\\\\").replace(',', "\\,").replace(';', "\\;"),
        _ => String::new(),
    };
    let card = &get_items(&doc, "http://microformats.org/profile/hcard")[0];
    let mut lines = Vec::new();
    for (name, property) in card.properties().entries() {
        match property.value() {
            PropertyValue::Item(sub) if name == "n" => {
                let parts = ["family-name", "given-name", "additional-name", "honorific-prefix", "honorific-suffix"];
                let value: Vec<String> = parts.iter().map(|part| first(&sub, part)).collect();
                lines.push(format!("N:{}", value.join(";")));
            }
            PropertyValue::Text(value) => lines.push(format!("{}:{value}", name.to_ascii_uppercase())),
            PropertyValue::Item(_) => {}
        }
    }
    assert_eq!(lines, ["FN:George Washington", "N:Washington;George;;;"]);
}

#[test]
fn microdata_errors_are_listed_per_item() {
    let doc = parse("<div id=outer><div itemscope itemref='outer t'><p id=t itemprop=a>x</p></div></div>");
    let item = &items(&doc)[0];
    let errors: Vec<String> = item.microdata_errors().iter().map(|e| e.path()).collect();
    // outer leads back to the item's own element; t is a child and a target.
    assert_eq!(errors, ["html>body>div>div>p", "html>body>div>div"]);
    assert_eq!(item.properties().named("a").len(), 1);
}

#[test]
fn template_contents_are_not_in_the_tree_but_noscript_contents_are() {
    let doc = parse(
        "<template><div itemscope><p itemprop=a>in template</p></div></template>\
         <noscript><div itemscope><p itemprop=a>in noscript</p></div></noscript>",
    );
    let found = items(&doc);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].properties().named("a").values(), [text("in noscript")]);
}

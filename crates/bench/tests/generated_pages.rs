//! The generated benchmark pages hold what their generators promise: the items, nesting and
//! itemrefs each benchmark counts on, and something for every exporter to write.

use harvest_bench::generate::{mf2_entries, mf2_nested, microdata_items, microdata_nested, typical};
use harvest_bench::work;

const HCARD: &str = "http://microformats.org/profile/hcard";
const VEVENT: &str = "http://microformats.org/profile/hcalendar#vevent";

fn count_type(items: &[harvest_mf2::Item], type_: &str) -> usize {
    let mut stack: Vec<&harvest_mf2::Item> = items.iter().collect();
    let mut count = 0;
    while let Some(item) = stack.pop() {
        count += usize::from(item.has_type(type_));
        stack.extend(item.children.iter());
        for values in item.properties.values() {
            stack.extend(values.iter().filter_map(|v| v.as_item()));
        }
    }
    count
}

#[test]
fn mf2_entries_holds_n_entries_events_and_cards() {
    let doc = work::parse(&mf2_entries(5));
    let mf2 = work::mf2(&doc).unwrap();
    assert_eq!(mf2.items.len(), 1);
    assert_eq!(count_type(&mf2.items, "h-entry"), 5);
    assert_eq!(count_type(&mf2.items, "h-event"), 5);
    assert_eq!(count_type(&mf2.items, "h-card"), 11);
    assert!(mf2.truncated.is_empty());
}

#[test]
fn microdata_items_holds_n_items_of_each_kind_with_itemref() {
    let doc = work::parse(&microdata_items(4));
    let items = harvest_microdata::items(&doc);
    assert_eq!(items.len(), 12);
    let hcards = items.iter().filter(|i| i.has_type(HCARD)).count();
    let vevents = items.iter().filter(|i| i.has_type(VEVENT)).count();
    assert_eq!((hcards, vevents), (4, 4));
    // Every product has its brand (shared itemref) and its review (own itemref).
    let json = harvest_microdata::to_json(&doc, &harvest_microdata::JsonOptions::new());
    assert_eq!(json.matches("\"brand\"").count(), 4);
    assert_eq!(json.matches("\"review\"").count(), 4);
    assert_eq!(json.matches("\"org\"").count(), 4);
    assert_eq!(json.matches("\"adr\"").count(), 4);
}

#[test]
fn nested_pages_nest_to_the_requested_depth() {
    let doc = work::parse(&mf2_nested(2, 30));
    let mf2 = work::mf2(&doc).unwrap();
    assert_eq!(mf2.items.len(), 2);
    assert_eq!(count_type(&mf2.items, "h-entry"), 60);
    assert_eq!(count_type(&mf2.items, "h-card"), 60);
    let mut depth = 0;
    let mut item = Some(&mf2.items[0]);
    while let Some(current) = item {
        depth += 1;
        item = current.get("comment").first().and_then(|v| v.as_item());
    }
    assert_eq!(depth, 30);

    let doc = work::parse(&microdata_nested(3, 40));
    let items = harvest_microdata::items(&doc);
    assert_eq!(items.len(), 3);
    // Past the JSON's default item depth bound (32), which would stop the first chain.
    let json = harvest_microdata::to_json(&doc, &harvest_microdata::JsonOptions::new().max_depth(usize::MAX));
    assert_eq!(json.matches("\"knows\"").count(), 3 * 39);
}

#[test]
fn typical_page_is_an_ordinary_article_size_and_feeds_every_exporter() {
    let page = typical(20);
    assert!((50_000..150_000).contains(&page.len()), "{}", page.len());
    let doc = work::parse(&page);
    let mf2 = work::mf2(&doc).unwrap();
    for export in work::Export::ALL {
        assert!(export.run(&doc, Some(&mf2)) > 0, "{} wrote nothing", export.name());
    }
}

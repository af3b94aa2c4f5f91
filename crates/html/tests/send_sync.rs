//! Every type a user holds is `Send + Sync`: a parsed document, the extractors' models and the
//! record can move to another thread or across an `.await`, and be shared (a compile-time
//! check: this file does not build otherwise).

fn send_sync<T: Send + Sync>() {}

#[test]
fn the_held_types_are_send_and_sync() {
    send_sync::<harvest_dom::Document>();
    send_sync::<harvest_dom::Node>();
    send_sync::<harvest_dom::Element>();
    send_sync::<harvest_microdata::Microdata>();
    send_sync::<harvest_microdata::Item>();
    send_sync::<harvest_microdata::Property>();
    send_sync::<harvest_microdata::Properties>();
    send_sync::<harvest_microdata::PropertyList>();
    send_sync::<harvest_microdata::PropertyValue>();
    send_sync::<harvest_microdata::JsonDocument>();
    send_sync::<harvest_mf2::Document>();
    send_sync::<harvest_links::Link>();
    send_sync::<harvest_meta::OpenGraph>();
    send_sync::<harvest_meta::DublinCore>();
    send_sync::<harvest_html::Record>();
    send_sync::<harvest_html::Extractor>();
    send_sync::<harvest_html::Error>();
}

#[test]
fn a_record_and_a_document_move_to_other_threads() {
    let page = b"<p class=h-card>Ada</p><div itemscope><b itemprop=n>x</b></div>";
    let extractor = harvest_html::Extractor::new();
    let records: Vec<harvest_html::Record> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2).map(|_| scope.spawn(|| extractor.extract(page, None).unwrap())).collect();
        workers.into_iter().map(|worker| worker.join().unwrap()).collect()
    });
    assert_eq!(records[0].mf2, records[1].mf2);
    let doc = harvest_dom::Document::parse("<p id=a>one</p>");
    let microdata = harvest_microdata::Microdata::new(&doc);
    let text = std::thread::spawn(move || {
        assert!(microdata.items().is_empty());
        doc.element_by_id("a").map(|p| p.text_content())
    })
    .join()
    .unwrap();
    assert_eq!(text.as_deref(), Some("one"));
}

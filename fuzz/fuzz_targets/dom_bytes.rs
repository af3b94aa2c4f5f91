//! DOM loading from bytes: encoding detection (BOM, transport label, `<meta>` prescan), HTML
//! parsing, traversal, text, serialization, ids and URL resolution.
//!
//! Invariants: `parse_bytes` agrees with `encoding::decode` followed by `parse_with`; the
//! iterative element walk and the node walk see the same elements; `element_by_id` returns an
//! element with that id; resolved URLs are absolute; serialization and text never panic.
#![no_main]

use harvest_dom::{encoding, Document, ParseOptions, TextOptions};
use harvest_fuzz::{page_url, TRANSPORT_LABELS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let label = TRANSPORT_LABELS[data.len() % TRANSPORT_LABELS.len()];
    let mut options = ParseOptions::new().url(page_url());
    if let Some(label) = label {
        options = options.transport_charset(label);
    }
    let doc = Document::parse_bytes(data, &options);

    let detected = encoding::detect_encoding(data, label);
    assert_eq!(doc.encoding(), detected.encoding, "parse_bytes and detect_encoding disagree");
    let (text, decoded) = encoding::decode(data, label);
    assert_eq!(decoded.encoding, detected.encoding);
    let from_text = Document::parse_with(&text, &options);
    assert_eq!(doc.inner_html(doc.root()), from_text.inner_html(from_text.root()), "bytes and text parse differently");

    let walked: Vec<_> = doc.elements().collect();
    let from_nodes = doc.root().descendants().filter_map(|n| n.as_element()).count();
    assert_eq!(walked.len(), from_nodes, "elements() and descendants() disagree");

    for element in &walked {
        if let Some(id) = element.id() {
            let id = id.to_string();
            if !id.is_empty() {
                let found = doc.element_by_id(&id).expect("an element with this id exists");
                assert_eq!(found.id(), Some(id.as_str()));
            }
        }
        for name in ["href", "src"] {
            if let Some(value) = element.attr(name) {
                if let Ok(url) = doc.resolve_url(value) {
                    harvest_fuzz::assert_absolute("a resolved URL", url.as_str());
                }
            }
        }
        let _ = element.path();
        let _ = element.class_names();
    }
    if let Some(base) = doc.base_url() {
        harvest_fuzz::assert_absolute("the base URL", base.as_str());
    }
    let _ = doc.text(doc.root(), &TextOptions::TEXT_CONTENT);
    let _ = doc.text(doc.root(), &TextOptions::MICROFORMATS);
    let _ = doc.outer_html(doc.root());
    let _ = doc.title();
});

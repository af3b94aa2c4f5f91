//! vCard export: the spec's examples, the mf2 mapping, folding, and interop — every exported
//! vCard is read back by two independent parsers (`ical`, `calcard`) and compared with the
//! data it came from.
#![cfg(feature = "vcard")]

mod support;

use harvest_export::content_line::Folding;
use harvest_export::vcard::{self, VcardError, VcardOptions};
use harvest_microdata::{Microdata, PropertyValue};
use support::*;

const MICRODATA_FIXTURES: [&str; 4] = ["george-washington", "jack-bauer", "alfred-person", "features"];

fn microdata_vcard(name: &str, options: &VcardOptions) -> String {
    let doc = parse(&fixture(&format!("vcard/{name}.html")), &page_url());
    vcard::from_microdata(&doc, options).unwrap()
}

#[test]
fn george_washington_is_the_vcard_printed_in_the_spec() {
    let out = microdata_vcard("george-washington", &VcardOptions::new());
    let expected = fixture("vcard/george-washington.vcf").replace("document's address", page_url().as_str());
    assert_eq!(out, expected.replace('\n', "\r\n"));
}

#[test]
fn microdata_golden_files() {
    for name in ["jack-bauer", "alfred-person", "features"] {
        golden(&format!("vcard/{name}.vcf"), &microdata_vcard(name, &VcardOptions::new().all(true)));
    }
}

#[test]
fn jack_bauer_follows_the_spec_steps() {
    let out = microdata_vcard("jack-bauer", &VcardOptions::new());
    let lines: Vec<&str> = out.split("\r\n").collect();
    // Property order is tree order; sub-items become structured values.
    assert!(lines.contains(&"N:Bauer;Jack;;;"));
    assert!(lines.contains(&"PHOTO;VALUE=URI:https://example.com/people/jack-bauer.jpg"));
    assert!(lines.contains(&"ORG:Counter-Terrorist Unit;Los Angeles Division"));
    assert!(lines.contains(&"ADR:;;10201 W. Pico Blvd.;Los Angeles;CA;90064;United States"));
    assert!(lines.contains(&"GEO:34.052339;-118.410623"), "geo keeps its semicolon");
    assert!(lines.contains(&"TEL;TYPE=work:+1 (310) 597 3781"), "only the first type");
    assert!(lines.contains(&"TEL;TYPE=cell:+1 (310) 555 3781"));
    assert!(lines.contains(&"REV;VALUE=DATE-TIME:2008-07-20 21:00:00+01:00"));
    assert!(lines.contains(&"EMAIL:j.bauer@la.ctu.gov.invalid"));
    assert!(lines.contains(&"URL;VALUE=URI:http://www.jackbauerfacts.com/"));
    assert_eq!(lines.first(), Some(&"BEGIN:VCARD"));
    assert_eq!(lines.iter().rev().nth(1), Some(&"END:VCARD"));
}

#[test]
fn features_follow_the_spec_steps() {
    let out = microdata_vcard("features", &VcardOptions::new());
    let unfolded = harvest_export::content_line::unfold(&out);
    let lines: Vec<&str> = unfolded.split("\r\n").collect();
    assert!(lines.contains(&"NAME:連絡先\\n — Contacts\\; all\\, of them"), "title textContent, escaped");
    assert!(lines.contains(&"N:山田;太郎;;;様"), "first honorific-suffix only");
    assert!(lines.contains(&"GENDER:M;he\\;him"), "first sex, escaped identity");
    assert!(lines.contains(&"BDAY;VALUE=DATE:1970-02-28"));
    assert!(lines.contains(&"ANNIVERSARY:1970-02-30"), "not a valid date: no VALUE");
    assert!(lines.contains(&"REV;VALUE=DATE-TIME:2020-01-01T00:00:00Z"));
    assert!(lines.contains(&"GEO:35.6895;139.6917"));
    assert!(lines.contains(&"URL;VALUE=URI:https://example.jp/taro\\,yamada"));
    assert!(lines.contains(&"RELATED;VALUE=URI;RELATION=spouse:https://example.jp/hanako"));
    assert!(lines.contains(&"RELATED:"), "no URL element, rel not alphanumeric: {lines:?}");
    assert!(lines.contains(&"ADR;TYPE=home:;;;東京;;;日本"));
    assert!(lines.contains(&"EMAIL:taro@example.jp"), "x-work is not only alphanumerics");
    assert!(lines.contains(&"ORG:Acme\\, Inc.;R&D"), "item-valued units skipped");
    assert_eq!(out.matches("BEGIN:VCARD").count(), 1, "only the first card by default");
    let all = microdata_vcard("features", &VcardOptions::new().all(true));
    assert_eq!(all.matches("BEGIN:VCARD").count(), 4, "two cards and the two related hcards");
}

#[test]
fn nothing_found_is_a_typed_error() {
    let doc = parse("<div itemscope itemtype='http://example.com/other'><p itemprop=fn>x</p></div>", &page_url());
    assert_eq!(vcard::from_microdata(&doc, &VcardOptions::new()), Err(VcardError::NothingFound));
    let mf2 = harvest_mf2::parse_html("<p class=h-entry>x</p>", page_url().as_str(), &Default::default()).unwrap();
    assert_eq!(vcard::from_mf2(&mf2, Some(&page_url()), &VcardOptions::new()), Err(VcardError::NothingFound));
    assert!(VcardError::NothingFound.to_string().contains("no contact"));
}

#[test]
fn source_without_a_document_url_is_about_blank() {
    let doc = harvest_dom::Document::parse(&fixture("vcard/george-washington.html"));
    let out = vcard::from_microdata(&doc, &VcardOptions::new()).unwrap();
    assert!(out.contains("\r\nSOURCE:about:blank\r\n"));
}

/// The interop check for one microdata card: every text property is read back, by both
/// parsers, with the value the page gave it.
fn check_microdata_card(item: &harvest_microdata::Item, ir_props: &[Prop], cc_props: &[(String, String)]) {
    let text_names = ["FN", "NOTE", "TITLE", "ROLE", "NICKNAME", "EMAIL"];
    for (name, property) in item.properties().entries() {
        let upper = name.to_ascii_uppercase();
        match property.value() {
            PropertyValue::Text(text) if name != "sex" && name != "gender-identity" => {
                let expected = text.replace("\r\n", "\n").replace('\r', "\n");
                // The ical crate trims the end of each line, so trailing white space is not read.
                let trimmed = expected.trim_end_matches([' ', '\t']).to_owned();
                assert!(ir(ir_props, &upper).contains(&trimmed), "ical crate: {upper} {expected:?} in {ir_props:?}");
                if text_names.contains(&upper.as_str()) {
                    assert!(cc(cc_props, &upper).contains(&expected.as_str()), "calcard: {upper} {expected:?}");
                }
            }
            PropertyValue::Item(sub) if name == "n" => {
                let parts: Vec<String> =
                    ["family-name", "given-name", "additional-name", "honorific-prefix", "honorific-suffix"]
                        .iter()
                        .map(|p| sub.properties().first(p).and_then(|p| p.value().as_text().map(str::to_owned)))
                        .map(Option::unwrap_or_default)
                        .collect();
                assert_eq!(cc(cc_props, "N"), [parts.join(";").as_str()], "calcard reads N back");
                let raw = ir_props.iter().find(|p| p.name == "N").expect("N");
                assert_eq!(split_unescaped(&raw.value), parts, "ical crate reads N back");
            }
            _ => {}
        }
    }
}

/// Splits a structured value on the semicolons that are not escaped, then unescapes.
fn split_unescaped(raw: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut escaped = false;
    for c in raw.chars() {
        match c {
            ';' if !escaped => parts.push(String::new()),
            _ => {
                if let Some(last) = parts.last_mut() {
                    last.push(c);
                }
            }
        }
        escaped = c == '\\' && !escaped;
    }
    parts.iter().map(|p| unescape(p)).collect()
}

#[test]
fn interop_microdata_fixtures_read_back_by_two_parsers() {
    for name in MICRODATA_FIXTURES {
        for folding in [Folding::CodePoints, Folding::Octets] {
            let html = fixture(&format!("vcard/{name}.html"));
            let doc = parse(&html, &page_url());
            let out = vcard::from_microdata(&doc, &VcardOptions::new().all(true).folding(folding)).unwrap();
            assert_lines(&out, folding == Folding::Octets);
            let items: Vec<_> =
                Microdata::new(&doc).all_items().into_iter().filter(|i| i.has_type(vcard::HCARD_TYPE)).collect();
            let ir_cards = ical_rs_vcards(&out);
            let cc_cards = calcard_vcards(&out);
            assert_eq!(ir_cards.len(), items.len(), "{name}: ical crate card count");
            assert_eq!(cc_cards.len(), items.len(), "{name}: calcard card count");
            for ((item, ir_props), cc_props) in items.iter().zip(&ir_cards).zip(&cc_cards) {
                assert_eq!(ir(ir_props, "SOURCE"), [page_url().to_string()]);
                check_microdata_card(item, ir_props, cc_props);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// mf2

fn mf2_doc(html: &str) -> harvest_mf2::Document {
    harvest_mf2::parse_html(html, page_url().as_str(), &Default::default()).unwrap()
}

#[test]
fn mf2_golden_and_mapping() {
    let doc = mf2_doc(&fixture("mf2/hcard.html"));
    let all = vcard::from_mf2(&doc, Some(&page_url()), &VcardOptions::new().all(true)).unwrap();
    golden("mf2/hcard.vcf", &all);
    let one = vcard::from_mf2(&doc, Some(&page_url()), &VcardOptions::new()).unwrap();
    let lines: Vec<&str> = one.split("\r\n").collect();
    assert!(lines.contains(&"FN:Dr. Jane Q. Doe\\, PhD"), "{lines:?}");
    assert!(lines.contains(&"N;SORT-AS=Doe:Doe;Jane;Quinn;Dr.;PhD"));
    assert!(lines.contains(&"NICKNAME:Janie\\, the great"));
    assert!(lines.contains(&"EMAIL:jane@example.com"));
    assert!(lines.contains(&"TEL:+1 555 0100"));
    assert!(lines.contains(&"TEL:+1-555-0199"));
    assert!(lines.contains(&"ADR:;;1 Main St.\\, Apt. 2;Springfield;IL;62701;USA"));
    assert!(lines.contains(&"GEO:geo:39.7817,-89.6501"));
    assert!(lines.contains(&"ORG:Acme\\; Widgets\\, Inc.;Research"));
    assert!(lines.contains(&"BDAY:19800401"));
    assert!(lines.contains(&"ANNIVERSARY:--0615"));
    assert!(lines.contains(&"CATEGORIES:science,rust\\, programming"));
    assert!(lines.contains(&"GENDER:F;woman"));
    assert!(lines.contains(&"IMPP:xmpp:jane@example.com"));
    assert!(lines.contains(&"UID:https://example.com/people/page.html"));
    assert!(lines.contains(&"PHOTO:https://example.com/jane.png"));
    assert_eq!(one.matches("BEGIN:VCARD").count(), 1);
}

#[test]
fn representative_hcard_rules() {
    let page = page_url();
    let rep = |html: &str| {
        let doc = mf2_doc(html);
        vcard::representative_hcard(&doc, &page).and_then(|c| c.get("name")[0].as_text().map(str::to_owned))
    };
    // 1. uid and url both the page URL (even when not first).
    assert_eq!(
        rep("<a class=h-card href=/x>A</a><p class=h-card><a class='u-url u-uid p-name' href=page.html>B</a>")
            .as_deref(),
        Some("B")
    );
    // 2. a url that is also a rel=me link.
    assert_eq!(
        rep("<a class=h-card href=/x>A</a><a class=h-card href=https://me.example/>C</a>\
             <a rel=me href=https://me.example>me</a>")
        .as_deref(),
        Some("C")
    );
    // 3. the only h-card, with url the page URL.
    assert_eq!(rep("<a class=h-card href=page.html>D</a>").as_deref(), Some("D"));
    assert_eq!(rep("<a class=h-card href=page.html>D</a><a class=h-card href=page.html>E</a>"), None);
    assert_eq!(rep("<a class=h-card href=/elsewhere>F</a>"), None);
    // Without a representative h-card: the first one, unless representative_only.
    let doc = mf2_doc("<a class=h-card href=/elsewhere>F</a>");
    assert!(vcard::from_mf2(&doc, Some(&page), &VcardOptions::new()).unwrap().contains("\r\nFN:F\r\n"));
    assert_eq!(
        vcard::from_mf2(&doc, Some(&page), &VcardOptions::new().representative_only(true)),
        Err(VcardError::NothingFound)
    );
}

/// The interop check for one mf2 card: FN, N parts, emails, tels, notes and categories are
/// read back by both parsers as the h-card gave them.
fn check_mf2_card(card: &harvest_mf2::Item, ir_props: &[Prop], cc_props: &[(String, String)], what: &str) {
    let texts = |name: &str| -> Vec<String> {
        card.get(name)
            .iter()
            .filter_map(|v| match v {
                harvest_mf2::PropertyValue::Item(i) => v.as_text().or_else(|| i.get("name").first()?.as_text()),
                other => other.as_text(),
            })
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .collect()
    };
    if let Some(name) = texts("name").first() {
        assert_eq!(ir(ir_props, "FN"), std::slice::from_ref(name), "{what}: ical crate FN");
        assert_eq!(cc(cc_props, "FN"), [name.as_str()], "{what}: calcard FN");
    }
    for note in texts("note") {
        assert!(ir(ir_props, "NOTE").contains(&note), "{what}: NOTE {note:?}");
        assert!(cc(cc_props, "NOTE").contains(&note.as_str()), "{what}: calcard NOTE {note:?}");
    }
    for email in texts("email") {
        let bare = email.trim_start_matches("mailto:").split('?').next().unwrap_or_default().to_owned();
        assert!(ir(ir_props, "EMAIL").contains(&bare), "{what}: EMAIL {bare:?} in {ir_props:?}");
        assert!(cc(cc_props, "EMAIL").contains(&bare.as_str()), "{what}: calcard EMAIL {bare:?}");
    }
    for tel in texts("tel") {
        let bare = tel.trim_start_matches("tel:").to_owned();
        assert!(ir(ir_props, "TEL").contains(&bare), "{what}: TEL {bare:?}");
    }
    for url in texts("url") {
        assert!(ir(ir_props, "URL").contains(&url), "{what}: URL {url:?}");
    }
    let categories = texts("category");
    if !categories.is_empty() {
        let raw = ir_props.iter().find(|p| p.name == "CATEGORIES").expect("CATEGORIES");
        let read: Vec<String> = split_on_unescaped_commas(&raw.value);
        assert_eq!(read, categories, "{what}: CATEGORIES");
    }
    let parts: Vec<Vec<String>> =
        ["family-name", "given-name", "additional-name", "honorific-prefix", "honorific-suffix"]
            .iter()
            .map(|p| texts(p))
            .collect();
    if parts.iter().any(|p| !p.is_empty()) {
        let raw = ir_props.iter().find(|p| p.name == "N").expect("N");
        let joined: Vec<String> = parts.iter().map(|p| p.join(",")).collect();
        assert_eq!(split_unescaped(&raw.value), joined, "{what}: N");
    }
}

fn split_on_unescaped_commas(raw: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut escaped = false;
    for c in raw.chars() {
        match c {
            ',' if !escaped => parts.push(String::new()),
            _ => {
                if let Some(last) = parts.last_mut() {
                    last.push(c);
                }
            }
        }
        escaped = c == '\\' && !escaped;
    }
    parts.iter().map(|p| unescape(p)).collect()
}

fn all_hcards(items: &[harvest_mf2::Item]) -> Vec<&harvest_mf2::Item> {
    let mut found = Vec::new();
    let mut stack: Vec<&harvest_mf2::Item> = items.iter().rev().collect();
    while let Some(item) = stack.pop() {
        if item.has_type("h-card") {
            found.push(item);
        }
        let mut nested: Vec<&harvest_mf2::Item> =
            item.properties.values().flatten().filter_map(harvest_mf2::PropertyValue::as_item).collect();
        nested.extend(item.children.iter());
        stack.extend(nested.into_iter().rev());
    }
    found
}

fn interop_mf2_page(html: &str, what: &str) -> usize {
    let doc = mf2_doc(html);
    let cards = all_hcards(&doc.items);
    if cards.is_empty() {
        return 0;
    }
    for folding in [Folding::CodePoints, Folding::Octets] {
        let out = vcard::from_mf2(&doc, Some(&page_url()), &VcardOptions::new().all(true).folding(folding)).unwrap();
        assert_lines(&out, folding == Folding::Octets);
        let ir_cards = ical_rs_vcards(&out);
        let cc_cards = calcard_vcards(&out);
        assert_eq!(ir_cards.len(), cards.len(), "{what}: ical crate card count");
        assert_eq!(cc_cards.len(), cards.len(), "{what}: calcard card count");
        for ((card, ir_props), cc_props) in cards.iter().zip(&ir_cards).zip(&cc_cards) {
            assert_eq!(ir(ir_props, "VERSION"), ["4.0"]);
            check_mf2_card(card, ir_props, cc_props, what);
        }
    }
    cards.len()
}

#[test]
fn interop_mf2_fixtures_read_back_by_two_parsers() {
    assert_eq!(interop_mf2_page(&fixture("mf2/hcard.html"), "mf2/hcard.html"), 4);
}

#[test]
fn interop_official_mf2_suite_hcards() {
    let Some(suite) = mf2_suite() else { return };
    let (pages, cards) = over_suite_pages(&suite, interop_mf2_page);
    eprintln!("official suite: {cards} h-cards on {pages} pages exported and read back");
    assert!(pages >= 40, "the suite has h-card pages: {pages}");
}

// ---------------------------------------------------------------------------------------------
// Folding at the boundary, hostile input, scaling.

#[test]
fn folding_cjk_and_emoji_at_the_boundary() {
    for pad in 0..6 {
        for text in ["漢", "😀", "é"] {
            let name = format!("{}{}", "a".repeat(68 + pad), text.repeat(40));
            let html = format!("<p class=h-card><span class=p-name>{name}</span></p>");
            let doc = mf2_doc(&html);
            for folding in [Folding::CodePoints, Folding::Octets] {
                let out = vcard::from_mf2(&doc, None, &VcardOptions::new().folding(folding)).unwrap();
                assert_lines(&out, folding == Folding::Octets);
                assert_eq!(ir(&ical_rs_vcards(&out)[0], "FN"), std::slice::from_ref(&name));
                assert_eq!(cc(&calcard_vcards(&out)[0], "FN"), [name.as_str()]);
            }
        }
    }
}

#[test]
fn code_point_folding_is_the_spec_default() {
    let name = "漢".repeat(100);
    let html = format!("<span itemscope itemtype='{}'><span itemprop=fn>{name}</span></span>", vcard::HCARD_TYPE);
    let out = vcard::from_microdata(&parse(&html, &page_url()), &VcardOptions::new()).unwrap();
    let fn_line = out.split("\r\n").position(|l| l.starts_with("FN:")).unwrap();
    let lines: Vec<&str> = out.split("\r\n").collect();
    assert_eq!(lines[fn_line].chars().count(), 75, "75 code points on the first line");
    assert_eq!(lines[fn_line + 1], format!(" {}", "漢".repeat(100 - 72)));
}

#[test]
fn deep_and_wide_pages() {
    // Deep: an hcard with 100,000 nested elements holding a property (the DOM flattens the
    // nesting past its depth bound; the text lands in the bounded tree).
    let depth = 100_000;
    let html = format!(
        "<div itemscope itemtype='{}'><span itemprop=fn>Deep</span>{}<span itemprop=note>x</span>{}</div>",
        vcard::HCARD_TYPE,
        "<div>".repeat(depth),
        "</div>".repeat(depth)
    );
    let out = vcard::from_microdata(&parse(&html, &page_url()), &VcardOptions::new()).unwrap();
    assert!(out.contains("\r\nFN:Deep\r\n"));
    assert!(out.contains("\r\nNOTE:"));

    // Wide: time grows linearly with the number of cards.
    let page = |n: usize| {
        let card = format!(
            "<div itemscope itemtype='{}'><span itemprop=fn>Name, Person</span><a itemprop=url href=/x>x</a>\
             <span itemprop=n itemscope><span itemprop=given-name>A</span></span></div>",
            vcard::HCARD_TYPE
        );
        parse(&card.repeat(n), &page_url())
    };
    harvest_test_support::assert_linear("vCard of sibling cards", 4_000, page, |doc| {
        let out = vcard::from_microdata(doc, &VcardOptions::new().all(true)).unwrap();
        assert!(!out.is_empty());
    });
}

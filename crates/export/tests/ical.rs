//! iCalendar export: the spec's examples, the mf2 mapping, folding, the injected clock, and
//! interop — every exported calendar is read back by two independent parsers (`ical`,
//! `calcard`) and compared with the data it came from.
#![cfg(feature = "ical")]

mod support;

use chrono::{DateTime, Utc};
use harvest_export::content_line::Folding;
use harvest_export::ical::{self, IcalError, IcalOptions, DEFAULT_PRODID};
use harvest_microdata::{Microdata, PropertyValue};
use support::*;

const MICRODATA_FIXTURES: [&str; 3] = ["bluesday-body", "bluesday-div", "features"];

fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-22T01:02:03Z").unwrap().to_utc()
}

fn options() -> IcalOptions {
    IcalOptions::new().now(now())
}

fn microdata_ics(name: &str, options: &IcalOptions) -> String {
    let doc = parse(&fixture(&format!("ical/{name}.html")), &page_url());
    ical::from_microdata(&doc, options).unwrap()
}

#[test]
fn bluesday_tuesday_follows_the_spec_steps() {
    let prodid = format!("PRODID:{DEFAULT_PRODID}");
    let expected = [
        "BEGIN:VCALENDAR",
        prodid.as_str(),
        "VERSION:2.0",
        "BEGIN:VEVENT",
        "DTSTAMP;VALUE=DATE-TIME:20261122T010203Z",
        "SUMMARY:Bluesday Tuesday: Money Road",
        "DTSTART;VALUE=DATE-TIME:20090505T190000Z",
        "DTEND;VALUE=DATE-TIME:20090505T210000Z",
        "URL:http://livebrum.co.uk/2009/05/05/bluesday-tuesday-money-road",
        "LOCATION:The RoadHouse",
        "DESCRIPTION:via livebrum.co.uk",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
    ]
    .join("\r\n");
    assert_eq!(microdata_ics("bluesday-body", &options()), expected);
    // The blog markup has the same properties, with the location before the link (tree order).
    let url = "URL:http://livebrum.co.uk/2009/05/05/bluesday-tuesday-money-road\r\n";
    let location = "LOCATION:The RoadHouse\r\n";
    let swapped = expected.replace(&format!("{url}{location}"), &format!("{location}{url}"));
    assert_ne!(swapped, expected);
    assert_eq!(microdata_ics("bluesday-div", &options()), swapped);
}

#[test]
fn microdata_golden_files() {
    for name in MICRODATA_FIXTURES {
        golden(&format!("ical/{name}.ics"), &microdata_ics(name, &options()));
    }
    golden("ical/features-rfc5545.ics", &microdata_ics("features", &options().rfc5545_date_times(true)));
}

#[test]
fn features_follow_the_spec_steps() {
    let out = harvest_export::content_line::unfold(&microdata_ics("features", &options()));
    let lines: Vec<&str> = out.split("\r\n").collect();
    assert!(lines.contains(&"DTSTART;VALUE=DATE:20240810"));
    assert!(lines.contains(&"DTEND;VALUE=DATE:20240812"));
    assert!(lines.contains(&"EXDATE;VALUE=DATE:20240811"));
    assert!(!out.contains("RDATE"), "not a date: skipped");
    assert!(lines.contains(&"CREATED;VALUE=DATE-TIME:20240701T093000Z"));
    assert!(lines.contains(&"LAST-MODIFIED;VALUE=DATE-TIME:20240702 101530.5+0900"), "the spec's stripping");
    assert!(lines.contains(&"DESCRIPTION:Fireworks\\, food\\; music.\\nBring a \\\\ towel."));
    assert!(lines.contains(&"GEO:35.0116\\;135.7681"), "iCalendar lines escape every semicolon");
    assert!(!out.contains("skipped item") && !out.contains("CONTACT"), "item-valued properties are skipped");
    assert_eq!(out.matches("BEGIN:VEVENT").count(), 2, "the nested event item is an event too");
    assert!(lines.contains(&"DTSTART;VALUE=DATE-TIME:20240810T180000+0900"));
    let rfc = harvest_export::content_line::unfold(&microdata_ics("features", &options().rfc5545_date_times(true)));
    assert!(rfc.contains("\r\nLAST-MODIFIED;VALUE=DATE-TIME:20240702T011530Z\r\n"));
    assert!(rfc.contains("\r\nDTSTART;VALUE=DATE-TIME:20240810T090000Z\r\n"));
}

#[test]
fn dtstamp_comes_from_the_injected_clock() {
    let other = DateTime::parse_from_rfc3339("1999-12-31T23:59:59Z").unwrap().to_utc();
    let out = microdata_ics("bluesday-div", &IcalOptions::new().now(other).prodid("-//x//y//EN"));
    assert!(out.contains("\r\nDTSTAMP;VALUE=DATE-TIME:19991231T235959Z\r\n"));
    assert!(out.contains("\r\nPRODID:-//x//y//EN\r\n"));
    // Without a clock, the system time: some UTC date-time of this century.
    let live = microdata_ics("bluesday-div", &IcalOptions::new());
    let stamp = live.split("\r\n").find_map(|l| l.strip_prefix("DTSTAMP;VALUE=DATE-TIME:")).unwrap();
    assert!(stamp.len() == 16 && stamp.starts_with("20") && stamp.ends_with('Z'), "{stamp}");
}

#[test]
fn nothing_found_is_a_typed_error() {
    let doc = parse("<div itemscope itemtype='http://microformats.org/profile/hcard'></div>", &page_url());
    assert_eq!(ical::from_microdata(&doc, &options()), Err(IcalError::NothingFound));
    let mf2 = harvest_mf2::parse_html("<p class=h-card>x</p>", page_url().as_str(), &Default::default()).unwrap();
    assert_eq!(ical::from_mf2(&mf2, None, &options()), Err(IcalError::NothingFound));
    assert!(IcalError::NothingFound.to_string().contains("no event"));
}

/// Interop for one microdata event: text properties and valid dates are read back by both
/// parsers with the values the page gave.
fn check_microdata_event(item: &harvest_microdata::Item, ir_props: &[Prop], cc_props: &Pairs, rfc: bool) {
    assert_eq!(ir(ir_props, "DTSTAMP"), ["20261122T010203Z"]);
    assert_eq!(cc(cc_props, "DTSTAMP"), ["20261122T010203Z"]);
    for (name, property) in item.properties().entries() {
        let upper = name.to_ascii_uppercase();
        let PropertyValue::Text(text) = property.value() else { continue };
        if ["dtstart", "dtend", "exdate", "rdate", "created", "last-modified"].contains(&name) {
            let expected = if let Some(d) = harvest_export::datetime::parse_date(&text) {
                d.to_basic_string()
            } else if let Some(g) = harvest_export::datetime::parse_global_date_time(&text) {
                if rfc || g.offset().is_z() {
                    g.to_basic_utc_string().unwrap()
                } else {
                    // The spec's stripped form with an offset is not RFC 5545: only the
                    // lenient `ical` crate's reading is compared.
                    let stripped: String = text.chars().filter(|&c| c != '-' && c != ':').collect();
                    assert_eq!(ir(ir_props, &upper), [stripped]);
                    continue;
                }
            } else {
                assert!(ir(ir_props, &upper).is_empty(), "{upper} {text:?} is skipped");
                continue;
            };
            assert_eq!(ir(ir_props, &upper), std::slice::from_ref(&expected), "ical crate: {upper}");
            assert_eq!(cc(cc_props, &upper), [expected.as_str()], "calcard: {upper}");
        } else {
            let expected = text.replace("\r\n", "\n").replace('\r', "\n");
            let trimmed = expected.trim_end_matches([' ', '\t']).to_owned();
            assert!(ir(ir_props, &upper).contains(&trimmed), "ical crate: {upper} {expected:?} in {ir_props:?}");
            if ["SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT"].contains(&upper.as_str()) {
                assert!(cc(cc_props, &upper).contains(&expected.as_str()), "calcard: {upper} {expected:?}");
            }
        }
    }
}

#[test]
fn interop_microdata_fixtures_read_back_by_two_parsers() {
    for name in MICRODATA_FIXTURES {
        // The spec's LAST-MODIFIED with an offset is not RFC 5545: the strict reader reads
        // the RFC 5545 variant of that fixture.
        let modes: &[bool] = if name == "features" { &[true] } else { &[false, true] };
        for &rfc in modes {
            for folding in [Folding::CodePoints, Folding::Octets] {
                let doc = parse(&fixture(&format!("ical/{name}.html")), &page_url());
                let out = ical::from_microdata(&doc, &options().folding(folding).rfc5545_date_times(rfc)).unwrap();
                assert_lines(&out, folding == Folding::Octets);
                let events: Vec<_> =
                    Microdata::new(&doc).all_items().into_iter().filter(|i| i.has_type(ical::VEVENT_TYPE)).collect();
                let (ir_cal, ir_events) = ical_rs_calendar(&out);
                let (cc_cal, cc_events) = calcard_calendar(&out);
                assert_eq!(ir(&ir_cal, "VERSION"), ["2.0"]);
                assert_eq!(cc(&cc_cal, "PRODID"), [DEFAULT_PRODID]);
                assert_eq!(ir_events.len(), events.len(), "{name}: ical crate event count");
                assert_eq!(cc_events.len(), events.len(), "{name}: calcard event count");
                for ((item, ir_props), cc_props) in events.iter().zip(&ir_events).zip(&cc_events) {
                    check_microdata_event(item, ir_props, cc_props, rfc);
                }
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
    let doc = mf2_doc(&fixture("mf2/hevent.html"));
    let out = ical::from_mf2(&doc, Some(&page_url()), &options()).unwrap();
    golden("mf2/hevent.ics", &out);
    let unfolded = harvest_export::content_line::unfold(&out);
    let lines: Vec<&str> = unfolded.split("\r\n").collect();
    assert!(lines.contains(&"SUMMARY:IndieWebCamp 2024\\; Day 1\\, talks"));
    assert!(lines.contains(&"DTSTART:20240601T160000Z"));
    assert!(lines.contains(&"DTEND:20240602T003000Z"));
    assert!(lines.contains(&"URL:https://example.com/iwc/2024"));
    assert!(lines.contains(&"DESCRIPTION:Talks\\, demos\\; and lunch.\\nSecond line \\\\ with backslash."));
    assert!(lines.contains(&"LOCATION:Mozilla SF\\, 2 Harrison St\\, San Francisco"));
    assert!(lines.contains(&"GEO:37.7899;-122.3883"));
    assert!(lines.contains(&"CATEGORIES:indieweb,camp\\, conference"));
    assert!(lines.contains(&"ORGANIZER;CN=\"Organiser: Tantek, Ç.\":mailto:org@example.com"));
    assert!(lines.contains(&"ATTENDEE;CN=Aaron:https://aaron.example/"));
    assert!(lines.contains(&"ATTENDEE:mailto:bob@example.com"));
    assert!(lines.contains(&"DTSTART;VALUE=DATE:20240603"));
    assert!(lines.contains(&"DURATION:P2D"));
    assert!(lines.contains(&"UID:workshop-2024@example.com"));
    assert!(lines.contains(&"LOCATION:Room 101\\, Building 5"));
    assert!(lines.contains(&"DTSTART:20240704T200000"), "floating local time");
    assert!(lines.contains(&"DURATION:PT1H30M"));
    assert_eq!(out.matches("BEGIN:VEVENT").count(), 3, "nested h-events count");
    // Derived UIDs are stable: the same page gives the same calendar.
    assert_eq!(ical::from_mf2(&mf2_doc(&fixture("mf2/hevent.html")), Some(&page_url()), &options()).unwrap(), out);
}

fn all_hevents(items: &[harvest_mf2::Item]) -> Vec<&harvest_mf2::Item> {
    let mut found = Vec::new();
    let mut stack: Vec<&harvest_mf2::Item> = items.iter().rev().collect();
    while let Some(item) = stack.pop() {
        if item.has_type("h-event") {
            found.push(item);
        }
        let mut nested: Vec<&harvest_mf2::Item> =
            item.properties.values().flatten().filter_map(harvest_mf2::PropertyValue::as_item).collect();
        nested.extend(item.children.iter());
        stack.extend(nested.into_iter().rev());
    }
    found
}

/// Interop for one h-event: SUMMARY, DTSTART, URL, CATEGORIES read back by both parsers.
fn check_mf2_event(event: &harvest_mf2::Item, ir_props: &[Prop], cc_props: &Pairs, what: &str) {
    let first = |name: &str| {
        event.get(name).iter().filter_map(|v| v.as_text()).map(str::trim).find(|t| !t.is_empty()).map(str::to_owned)
    };
    assert_eq!(ir(ir_props, "UID").len(), 1, "{what}: one UID");
    assert_eq!(cc(cc_props, "UID").len(), 1, "{what}: calcard UID");
    if let Some(name) = first("name") {
        assert_eq!(ir(ir_props, "SUMMARY"), std::slice::from_ref(&name), "{what}: SUMMARY");
        assert_eq!(cc(cc_props, "SUMMARY"), [name.as_str()], "{what}: calcard SUMMARY");
    }
    if let Some(url) = first("url") {
        assert_eq!(ir(ir_props, "URL"), std::slice::from_ref(&url), "{what}: URL");
        assert_eq!(cc(cc_props, "URL"), [url.as_str()], "{what}: calcard URL");
    }
    if let Some(start) = first("start") {
        // The start as an instant (UTC), a floating time or a date, in basic form.
        let d = harvest_export::datetime::parse_date(&start).map(|d| d.to_basic_string());
        let g = harvest_export::datetime::parse_global_date_time(&start).and_then(|g| g.to_basic_utc_string());
        if let Some(expected) = d.or(g) {
            assert_eq!(ir(ir_props, "DTSTART"), std::slice::from_ref(&expected), "{what}: DTSTART");
            assert_eq!(cc(cc_props, "DTSTART"), [expected.as_str()], "{what}: calcard DTSTART");
        }
    }
}

fn interop_mf2_page(html: &str, what: &str) -> usize {
    let doc = mf2_doc(html);
    let events = all_hevents(&doc.items);
    if events.is_empty() {
        return 0;
    }
    for folding in [Folding::CodePoints, Folding::Octets] {
        let out = ical::from_mf2(&doc, Some(&page_url()), &options().folding(folding)).unwrap();
        assert_lines(&out, folding == Folding::Octets);
        let (_, ir_events) = ical_rs_calendar(&out);
        let (_, cc_events) = calcard_calendar(&out);
        assert_eq!(ir_events.len(), events.len(), "{what}: ical crate event count");
        assert_eq!(cc_events.len(), events.len(), "{what}: calcard event count");
        for ((event, ir_props), cc_props) in events.iter().zip(&ir_events).zip(&cc_events) {
            check_mf2_event(event, ir_props, cc_props, what);
        }
    }
    events.len()
}

#[test]
fn interop_mf2_fixtures_read_back_by_two_parsers() {
    assert_eq!(interop_mf2_page(&fixture("mf2/hevent.html"), "mf2/hevent.html"), 3);
}

#[test]
fn interop_official_mf2_suite_hevents() {
    let Some(suite) = mf2_suite() else { return };
    let (pages, events) = over_suite_pages(&suite, interop_mf2_page);
    eprintln!("official suite: {events} h-events on {pages} pages exported and read back");
    assert!(pages >= 10, "the suite has h-event pages: {pages}");
}

#[test]
fn folding_cjk_and_emoji_at_the_boundary() {
    for pad in 0..6 {
        for text in ["漢", "😀", "é"] {
            let summary = format!("{}{}", "a".repeat(66 + pad), text.repeat(40));
            let html = format!(
                "<div itemscope itemtype='{}'><span itemprop=summary>{summary}</span></div>",
                ical::VEVENT_TYPE
            );
            let doc = parse(&html, &page_url());
            for folding in [Folding::CodePoints, Folding::Octets] {
                let out = ical::from_microdata(&doc, &options().folding(folding)).unwrap();
                assert_lines(&out, folding == Folding::Octets);
                assert_eq!(ir(&ical_rs_calendar(&out).1[0], "SUMMARY"), std::slice::from_ref(&summary));
                assert_eq!(cc(&calcard_calendar(&out).1[0], "SUMMARY"), [summary.as_str()]);
            }
        }
    }
}

#[test]
fn wide_pages_scale_linearly() {
    let page = |n: usize| {
        let event = format!(
            "<div itemscope itemtype='{}'><span itemprop=summary>Meet, greet</span>\
             <time itemprop=dtstart datetime='2024-01-01T10:00:00Z'>x</time></div>",
            ical::VEVENT_TYPE
        );
        parse(&event.repeat(n), &page_url())
    };
    harvest_test_support::assert_linear("iCalendar of sibling events", 4_000, page, |doc| {
        assert!(!ical::from_microdata(doc, &options()).unwrap().is_empty());
    });
}

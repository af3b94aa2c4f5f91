//! Shared by the vCard and iCalendar tests: reading exported text back with two independent
//! parsers (the `ical` crate and Stalwart's `calcard`), fixtures, and line checks.
#![allow(dead_code)]

use std::io::BufReader;
use std::path::PathBuf;

use harvest_dom::{Document, ParseOptions, Url};

/// Property names and values as calcard read them.
pub(crate) type Pairs = Vec<(String, String)>;

/// One property as a parser read it: upper-case name, parameters, unescaped text value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Prop {
    pub name: String,
    pub params: Vec<(String, String)>,
    pub value: String,
}

pub(crate) fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

pub(crate) fn fixture(path: &str) -> String {
    std::fs::read_to_string(fixture_dir().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub(crate) fn page_url() -> Url {
    Url::parse("https://example.com/people/page.html").unwrap()
}

pub(crate) fn parse(html: &str, url: &Url) -> Document {
    Document::parse_with(html, &ParseOptions::new().url(url.clone()))
}

/// Compares with a golden file, or writes it when `HARVEST_BLESS=1` (then review the diff).
pub(crate) fn golden(path: &str, actual: &str) {
    let file = fixture_dir().join(path);
    if std::env::var("HARVEST_BLESS").as_deref() == Ok("1") {
        std::fs::write(&file, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(actual, expected, "golden file {path} differs");
}

/// The official microformats suite, when present (CI sets HARVEST_MF2_SUITE).
pub(crate) fn mf2_suite() -> Option<PathBuf> {
    let dir = std::env::var_os("HARVEST_MF2_SUITE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/mf2-tests/tests"));
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping: the microformats test suite is not at {} (set HARVEST_MF2_SUITE)", dir.display());
        None
    }
}

/// Every `.html` file under `dir`, sorted.
pub(crate) use harvest_test_support::html_files;

/// Runs `export_and_check` (page HTML and a name for messages in; how many items it exported
/// and read back out) on every page of the official suite; returns the pages that had at least
/// one item and the items in all.
pub(crate) fn over_suite_pages(
    suite: &std::path::Path,
    mut export_and_check: impl FnMut(&str, &str) -> usize,
) -> (usize, usize) {
    let (mut pages, mut items) = (0, 0);
    for file in html_files(suite) {
        let html = std::fs::read_to_string(&file).unwrap();
        let n = export_and_check(&html, &file.display().to_string());
        if n > 0 {
            pages += 1;
            items += n;
        }
    }
    (pages, items)
}

/// Text unescaping of RFC 6350 §3.4 / RFC 5545 §3.3.11 (`\\`, `\,`, `\;`, `\n`, `\N`).
pub(crate) fn unescape(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n' | 'N') => out.push('\n'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn ical_props(props: Vec<ical::property::Property>) -> Vec<Prop> {
    props
        .into_iter()
        .map(|p| Prop {
            name: p.name.to_ascii_uppercase(),
            params: p
                .params
                .unwrap_or_default()
                .into_iter()
                .map(|(n, v)| (n.to_ascii_uppercase(), v.join(",")))
                .collect(),
            value: p.value.unwrap_or_default(),
        })
        .collect()
}

/// The vCards of `text` as the `ical` crate reads them (values raw, as that crate gives them).
pub(crate) fn ical_rs_vcards(text: &str) -> Vec<Vec<Prop>> {
    ical::VcardParser::new(BufReader::new(text.as_bytes()))
        .map(|card| ical_props(card.unwrap_or_else(|e| panic!("ical crate rejects the vCard: {e}\n{text}")).properties))
        .collect()
}

/// The calendar properties and the events of `text` as the `ical` crate reads them.
pub(crate) fn ical_rs_calendar(text: &str) -> (Vec<Prop>, Vec<Vec<Prop>>) {
    let mut cals: Vec<_> = ical::IcalParser::new(BufReader::new(text.as_bytes()))
        .map(|c| c.unwrap_or_else(|e| panic!("ical crate rejects the calendar: {e}\n{text}")))
        .collect();
    assert_eq!(cals.len(), 1, "one VCALENDAR");
    let cal = cals.remove(0);
    (ical_props(cal.properties), cal.events.into_iter().map(|e| ical_props(e.properties)).collect())
}

fn calcard_entries(text: &str) -> Vec<calcard::Entry> {
    let mut parser = calcard::Parser::new(text);
    let mut out = Vec::new();
    loop {
        match parser.entry() {
            calcard::Entry::Eof => break,
            e @ (calcard::Entry::VCard(_) | calcard::Entry::ICalendar(_)) => out.push(e),
            other => panic!("calcard rejects the text: {other:?}\n{text}"),
        }
    }
    out
}

fn vcard_value(v: &calcard::vcard::VCardValue) -> String {
    use calcard::vcard::VCardValue;
    match v {
        VCardValue::Text(t) => t.clone(),
        VCardValue::Component(parts) => parts.join(","),
        VCardValue::PartialDateTime(p) => partial(p),
        VCardValue::Integer(i) => i.to_string(),
        VCardValue::Float(f) => f.to_string(),
        VCardValue::Boolean(b) => b.to_string(),
        VCardValue::Sex(s) => format!("{s:?}"),
        other => format!("{other:?}"),
    }
}

fn partial(p: &calcard::common::PartialDateTime) -> String {
    let mut s = String::new();
    match (p.year, p.month, p.day) {
        (Some(y), Some(m), Some(d)) => s.push_str(&format!("{y:04}{m:02}{d:02}")),
        (None, Some(m), Some(d)) => s.push_str(&format!("--{m:02}{d:02}")),
        (y, m, d) => s.push_str(&format!("{y:?}{m:?}{d:?}")),
    }
    if let (Some(h), Some(mi)) = (p.hour, p.minute) {
        s.push_str(&format!("T{h:02}{mi:02}{:02}", p.second.unwrap_or(0)));
        if matches!((p.tz_hour, p.tz_minute), (Some(0), Some(0) | None)) {
            s.push('Z');
        }
    }
    s
}

/// The vCards of `text` as calcard reads them: each property's name and its values, unescaped,
/// components joined with `;` and list items with `,`.
pub(crate) fn calcard_vcards(text: &str) -> Vec<Vec<(String, String)>> {
    calcard_entries(text)
        .into_iter()
        .map(|e| match e {
            calcard::Entry::VCard(card) => card
                .entries
                .iter()
                .map(|entry| {
                    let values: Vec<String> = entry.values.iter().map(vcard_value).collect();
                    (entry.name.as_str().to_ascii_uppercase(), values.join(";"))
                })
                .collect(),
            other => panic!("expected a vCard, got {other:?}"),
        })
        .collect()
}

fn ical_value(v: &calcard::icalendar::ICalendarValue) -> String {
    use calcard::icalendar::ICalendarValue;
    match v {
        ICalendarValue::Text(t) => t.clone(),
        ICalendarValue::Uri(calcard::icalendar::Uri::Location(u)) => u.clone(),
        ICalendarValue::PartialDateTime(p) => partial(p),
        ICalendarValue::Float(f) => f.to_string(),
        ICalendarValue::Integer(i) => i.to_string(),
        ICalendarValue::Duration(d) => d.to_string(),
        other => format!("{other:?}"),
    }
}

/// The calendar's properties and its events' properties as calcard reads them (values
/// unescaped, several values joined with `,`).
pub(crate) fn calcard_calendar(text: &str) -> (Pairs, Vec<Pairs>) {
    let mut entries = calcard_entries(text);
    assert_eq!(entries.len(), 1, "one VCALENDAR");
    let calcard::Entry::ICalendar(cal) = entries.remove(0) else { panic!("not a calendar") };
    let props = |c: &calcard::icalendar::ICalendarComponent| -> Vec<(String, String)> {
        c.entries
            .iter()
            .map(|e| {
                let values: Vec<String> = e.values.iter().map(ical_value).collect();
                (e.name.as_str().to_ascii_uppercase(), values.join(","))
            })
            .collect()
    };
    let root = cal.components.first().expect("a root component");
    let events = cal
        .components
        .iter()
        .filter(|c| c.component_type == calcard::icalendar::ICalendarComponentType::VEvent)
        .map(props)
        .collect();
    (props(root), events)
}

/// Values of property `name` in a list read by calcard.
pub(crate) fn cc<'a>(props: &'a [(String, String)], name: &str) -> Vec<&'a str> {
    props.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect()
}

/// Unescaped values of property `name` in a list read by the `ical` crate.
pub(crate) fn ir(props: &[Prop], name: &str) -> Vec<String> {
    props.iter().filter(|p| p.name == name).map(|p| unescape(&p.value)).collect()
}

/// Every physical line ends with CRLF and holds at most 75 octets (75 code points in code
/// point mode); continuation lines start with a space.
pub(crate) fn assert_lines(text: &str, octets: bool) {
    assert!(text.ends_with("\r\n"), "ends with CRLF");
    for line in text.split_terminator("\r\n") {
        assert!(!line.contains(['\r', '\n']), "bare line break in {line:?}");
        let len = if octets { line.len() } else { line.chars().count() };
        assert!(len <= 75, "{len} {} in {line:?}", if octets { "octets" } else { "code points" });
    }
}

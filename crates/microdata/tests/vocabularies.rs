//! The vocabularies' own authoring rules (HTML §5.3): vCard, vEvent and licensing works.

use harvest_dom::Document;
use harvest_microdata::{validate, Diagnostic, Rule};

fn diagnostics(html: &str) -> Vec<Diagnostic> {
    validate(&Document::parse_with(html, &harvest_dom::ParseOptions::new().url("https://e.example/".parse().unwrap())))
}

fn messages(html: &str) -> Vec<(Rule, String)> {
    diagnostics(html).into_iter().map(|d| (d.rule, d.message)).collect()
}

const HCARD: &str = "http://microformats.org/profile/hcard";
const VEVENT: &str = "http://microformats.org/profile/hcalendar#vevent";

#[test]
fn a_conforming_vcard_event_and_work_give_nothing() {
    let page = format!(
        "<div itemscope itemtype='{HCARD}'><span itemprop=fn>Ada Lovelace</span>\
           <span itemprop=n itemscope><span itemprop=given-name>Ada</span><span itemprop=family-name>Lovelace</span></span>\
           <time itemprop=bday datetime=1815-12-10>10 Dec</time><data itemprop=sex value=F></data>\
           <span itemprop=tel itemscope><meta itemprop=type content=cell><span itemprop=value>+44 20</span></span>\
           <span itemprop=adr itemscope><meta itemprop=type content=home><span itemprop=locality>London</span></span>\
           <meta itemprop=tz content=+00:00><meta itemprop=geo content='51.5;-0.12'><meta itemprop=lang content=en-GB>\
           <a itemprop=url href=/ada>me</a><meta itemprop=kind content=individual>\
           <span itemprop=org itemscope><span itemprop=organization-name>Analytical</span></span>\
           <span itemprop=related itemscope><a itemprop=url href=/babbage>C</a><meta itemprop=rel content=colleague></span>\
           <time itemprop=rev datetime=2024-01-01T00:00Z>r</time><span itemprop=http://schema.org/knows>x</span></div>\
         <div itemscope itemtype='{VEVENT}'><span itemprop=summary>Talk</span>\
           <time itemprop=dtstart datetime=2024-05-01T10:00Z>10</time><time itemprop=dtend datetime=2024-05-01T11:00Z>11</time>\
           <meta itemprop=status content=confirmed><meta itemprop=sequence content=2></div>\
         <div itemscope itemtype='{VEVENT}'><time itemprop=dtstart datetime=2024-05-01>1</time>\
           <meta itemprop=duration content=P1DT2H></div>\
         <div itemscope itemtype='http://n.whatwg.org/work'><a itemprop=work href=/w>w</a><span itemprop=title>W</span>\
           <a itemprop=license href=/l>l</a><span itemprop=author>Ada</span></div>"
    );
    assert_eq!(messages(&page), []);
}

#[test]
fn counts() {
    let found = messages(&format!(
        "<div itemscope itemtype='{HCARD}'><span itemprop=fn>A</span><span itemprop=fn>B</span>\
           <time itemprop=bday datetime=2000-01-01>x</time><time itemprop=bday datetime=2000-01-02>y</time>\
           <span itemprop=tel itemscope><meta itemprop=type content=cell><meta itemprop=type content=cell></span>\
           <a itemprop=member href=/m>m</a></div>"
    ));
    let texts: Vec<&str> = found.iter().map(|(_, m)| m.as_str()).collect();
    assert!(found.iter().all(|(rule, _)| *rule == Rule::VocabularyPropertyCount), "{found:?}");
    assert!(texts.contains(&"a vCard item must have exactly one n property; it has none"), "{texts:?}");
    assert!(texts.contains(&"a vCard item may have exactly one fn property; it has 2"), "{texts:?}");
    assert!(texts.contains(&"a vCard item may have at most one bday property; it has 2"), "{texts:?}");
    assert!(texts.contains(&"the tel of a vCard item must have exactly one value property; it has none"), "{texts:?}");
    assert!(texts.contains(&"the tel of a vCard item repeats the type \"cell\""), "{texts:?}");
    assert!(texts.contains(&"member is allowed only in a vCard item whose kind is group"), "{texts:?}");
}

#[test]
fn values() {
    let found = diagnostics(&format!(
        "<div itemscope itemtype='{HCARD}'><span itemprop=fn>A</span><span itemprop=n>not an item</span>\
           <span itemprop=bday>yesterday</span><meta itemprop=sex content=X><meta itemprop=tz content=+5:30>\
           <meta itemprop=geo content=north><meta itemprop=lang content=en_GB><a itemprop=photo href='http://['>p</a>\
           <span itemprop=fax>1</span></div>\
         <div itemscope itemtype='{VEVENT}'><time itemprop=dtstart datetime=2024-05-02>2</time>\
           <time itemprop=dtend datetime=2024-05-01>1</time><meta itemprop=duration content=P1W2D>\
           <meta itemprop=class content=secret><meta itemprop=sequence content=-1></div>"
    ));
    let by_rule = |rule: Rule| found.iter().filter(|d| d.rule == rule).map(|d| d.message.as_str()).collect::<Vec<_>>();
    let values = by_rule(Rule::VocabularyPropertyValue);
    for expected in [
        "n of a vCard item: the value must be an item",
        "bday of a vCard item: \"yesterday\" is not a valid date string",
        "sex of a vCard item: \"X\" is not one of F, M, N, O, U",
        "tz of a vCard item: \"+5:30\" is not a time zone (+HH:MM or -HH:MM)",
        "geo of a vCard item: \"north\" is not a geo value (latitude;longitude in decimal degrees)",
        "lang of a vCard item: \"en_GB\" is not a valid BCP 47 language tag",
        "photo of a vCard item: the value must be an absolute URL; this one does not resolve",
        "dtend of a vEvent item: it is not later than dtstart",
        "duration of a vEvent item: \"P1W2D\" is not a valid vevent duration string",
        "class of a vEvent item: \"secret\" is not one of public, private, confidential",
        "sequence of a vEvent item: \"-1\" is not a valid non-negative integer",
    ] {
        assert!(values.contains(&expected), "missing {expected:?} in {values:?}");
    }
    assert_eq!(by_rule(Rule::VocabularyUnknownProperty), ["fax is not a property of a vCard item"]);
    assert!(by_rule(Rule::VocabularyPropertyCount).contains(&"a vEvent item may not have both dtend and duration"));
    let sections: Vec<&str> = found.iter().map(|d| d.section.as_str()).collect();
    assert!(sections.contains(&"HTML §5.3.1") && sections.contains(&"HTML §5.3.2"), "{sections:?}");
    assert!(found.iter().any(|d| d.url.ends_with("#vcard")) && found.iter().any(|d| d.url.ends_with("#vevent")));
}

#[test]
fn a_shared_fault_is_reported_once() {
    // Two vCards share one itemref target holding two fn: one diagnostic, on the second fn.
    let found = messages(&format!(
        "<div itemscope itemtype='{HCARD}' itemref=t><span itemprop=n itemscope></span></div>\
         <div itemscope itemtype='{HCARD}' itemref=t><span itemprop=n itemscope></span></div>\
         <div id=t><b itemprop=fn>A</b><b itemprop=fn>B</b></div>"
    ));
    assert_eq!(
        found,
        [(Rule::VocabularyPropertyCount, "a vCard item may have exactly one fn property; it has 2".to_owned())]
    );
}

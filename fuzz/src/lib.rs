//! Invariant checks shared by the fuzz targets of harvest. Every check panics (which libFuzzer
//! reports as a crash, with the input saved) when an invariant of the list fails; a
//! target is "no panic" plus these.
//!
//! The targets read their input as the bytes of a page (so encoding detection is always on the
//! path) and derive options from the input's length, so that seeds stay plain HTML files.

use harvest_dom::{Document, ParseOptions, Url};
use serde::{de::DeserializeOwned, Serialize};

/// The address every fuzzed page is parsed as coming from: a path, a query and a fragment, so
/// that relative references of every shape resolve.
pub const PAGE_URL: &str = "https://example.com/dir/page.html?q=1#top";

/// Charset labels the DOM target passes as the transport (HTTP) charset, chosen by input length:
/// real labels, labels with whitespace and case, the `replacement` encoding, UTF-16 (which the
/// prescan must not pick from a `<meta>`), nonsense, and none.
pub const TRANSPORT_LABELS: &[Option<&str>] = &[
    None,
    Some("utf-8"),
    Some(" Windows-1252 "),
    Some("shift_jis"),
    Some("iso-2022-jp"),
    Some("utf-16le"),
    Some("utf-16be"),
    Some("gb18030"),
    Some("euc-kr"),
    Some("iso-2022-kr"),
    Some("x-user-defined"),
    Some("no-such-charset"),
    Some(""),
];

/// The page URL as a [`Url`].
pub fn page_url() -> Url {
    Url::parse(PAGE_URL).expect("the page URL constant is valid")
}

/// The page as the targets parse it: bytes, encoding detection, [`PAGE_URL`].
pub fn document(data: &[u8]) -> Document {
    Document::parse_bytes(data, &ParseOptions::new().url(page_url()))
}

/// Whether a serde_json error is its nesting guard (128 levels), which deeply nested items
/// legitimately reach: the JSON is well formed, only too deep for a recursive reader.
pub fn is_depth_limit(error: &serde_json::Error) -> bool {
    error.to_string().contains("recursion limit exceeded")
}

/// JSON text re-parses with serde_json (as a value), and writing that value back gives the same
/// text (so nothing was lost or reordered: the writers emit no duplicate keys and no
/// non-canonical escapes that serde_json would not reproduce). Returns `false` when the text is
/// too deep for serde_json's nesting guard, which callers accept.
pub fn check_json_text(json: &str) -> bool {
    let value: serde_json::Value = match serde_json::from_str(json) {
        Ok(value) => value,
        Err(e) if is_depth_limit(&e) => return false,
        Err(e) => panic!("JSON output does not re-parse: {e}\n{json}"),
    };
    let again = serde_json::to_string(&value).expect("a JSON value serializes");
    assert_eq!(again, json, "JSON output changes when re-read and re-written");
    true
}

/// JSON text reads back as `T` (the crate's public serde type) and `T` writes the same text.
pub fn check_serde_round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(json: &str) {
    let parsed: T = match serde_json::from_str(json) {
        Ok(parsed) => parsed,
        Err(e) if is_depth_limit(&e) => return,
        Err(e) => panic!("JSON output does not read back as {}: {e}\n{json}", std::any::type_name::<T>()),
    };
    let again = serde_json::to_string(&parsed).expect("the public serde type serializes");
    assert_eq!(again, json, "JSON output changes through {}", std::any::type_name::<T>());
}

/// A URL string is absolute: it parses on its own, without a base.
pub fn assert_absolute(what: &str, url: &str) {
    if let Err(e) = Url::parse(url) {
        panic!("{what} is not an absolute URL ({e}): {url:?}");
    }
}

/// The content-line invariants of vCard and iCalendar text (RFC 6350 §3.2, RFC 5545 §3.1):
/// every line ends in CRLF, with no other CR or LF; a physical line is at most 75 octets
/// ([`Folding::Octets`]) or 75 code points ([`Folding::CodePoints`]); continuation lines begin
/// with a space; and unfolding, then folding each logical line again, gives back the text.
/// `begin` / `end` are the component names that must balance (`VCARD`, `VCALENDAR`...).
pub fn check_content_lines(text: &str, folding: harvest_export::content_line::Folding, components: &[&str]) {
    use harvest_export::content_line::{fold_into, unfold, Folding};
    assert!(text.ends_with("\r\n"), "the text does not end in CRLF: {text:?}");
    let body = &text[..text.len() - 2];
    for (i, line) in body.split("\r\n").enumerate() {
        assert!(!line.contains('\r') && !line.contains('\n'), "a bare CR or LF in line {i}: {line:?}");
        let length = match folding {
            Folding::Octets => line.len(),
            Folding::CodePoints => line.chars().count(),
            other => panic!("no line length for {other:?}"),
        };
        assert!(length <= 75, "line {i} is {length} long ({folding:?}): {line:?}");
        assert!(i > 0 || !line.starts_with(' '), "the text begins with a continuation line");
    }
    let unfolded = unfold(text);
    let mut refolded = String::with_capacity(text.len());
    for line in unfolded[..unfolded.len() - 2].split("\r\n") {
        fold_into(line, folding, &mut refolded);
    }
    assert_eq!(refolded, text, "unfolding and folding again changes the text");
    for component in components {
        let begins = unfolded.matches(&format!("\r\nBEGIN:{component}\r\n")).count()
            + usize::from(unfolded.starts_with(&format!("BEGIN:{component}\r\n")));
        let ends = unfolded.matches(&format!("\r\nEND:{component}\r\n")).count();
        assert_eq!(begins, ends, "BEGIN:{component} and END:{component} do not balance");
    }
}

/// XML 1.0 `Char`: what may appear in a well-formed document.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}')
}

/// The text is well-formed XML as quick-xml's reader sees it (end names checked, every text
/// and attribute value unescaped), with one root element, balanced elements and only XML
/// characters (which quick-xml does not check itself). Returns the root element's name.
pub fn check_well_formed_xml(xml: &str) -> String {
    use quick_xml::events::Event;
    if let Some(bad) = xml.chars().find(|&c| !is_xml_char(c)) {
        panic!("a character XML forbids: {bad:?}\n{xml}");
    }
    let mut reader = quick_xml::Reader::from_str(xml);
    reader.config_mut().check_end_names = true;
    reader.config_mut().check_comments = true;
    let mut depth = 0usize;
    let mut roots = 0usize;
    let mut root = String::new();
    loop {
        let event = reader.read_event().unwrap_or_else(|e| panic!("not well-formed: {e}\n{xml}"));
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                if depth == 0 {
                    roots += 1;
                    root = String::from_utf8_lossy(e.name().as_ref()).into_owned();
                }
                for attribute in e.attributes().with_checks(true) {
                    let attribute = attribute.unwrap_or_else(|e| panic!("bad attribute: {e}\n{xml}"));
                    attribute.unescape_value().unwrap_or_else(|e| panic!("bad attribute value: {e}\n{xml}"));
                }
                if matches!(event, Event::Start(_)) {
                    depth += 1;
                }
            }
            Event::End(_) => depth -= 1,
            Event::Text(t) => {
                let text = t.decode().unwrap_or_else(|e| panic!("bad text: {e}\n{xml}"));
                assert!(depth > 0 || text.trim().is_empty(), "text outside the root element\n{xml}");
            }
            Event::GeneralRef(r) => {
                let name = r.decode().unwrap_or_else(|e| panic!("bad reference: {e}\n{xml}"));
                let known = matches!(&*name, "lt" | "gt" | "amp" | "quot" | "apos");
                let numeric = r.resolve_char_ref().ok().flatten().is_some_and(is_xml_char);
                assert!(known || numeric, "an undeclared or invalid reference &{name};\n{xml}");
                assert!(depth > 0, "a reference outside the root element\n{xml}");
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(depth, 0, "unclosed elements\n{xml}");
    assert_eq!(roots, 1, "not exactly one root element\n{xml}");
    root
}

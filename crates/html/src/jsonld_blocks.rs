//! The JSON-LD blocks of a page: `<script type="application/ld+json">` contents, parsed.
//!
//! ```
//! let doc = harvest_dom::Document::parse(r#"<script type=application/ld+json>{"@type": "Person"}</script>"#);
//! let (blocks, errors) = harvest_html::jsonld_blocks::blocks(&doc);
//! assert_eq!(blocks[0]["@type"], "Person");
//! assert!(errors.is_empty());
//! ```

use harvest_dom::{Document, Element};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};

/// How a block's text is read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reading {
    /// As JSON (RFC 8259): a block that is not JSON is an error.
    #[default]
    Strict,
    /// What real pages hold around and inside their JSON, removed first: the markers of an
    /// HTML comment (`<!--`, `-->`) or CDATA section (`<![CDATA[`, `]]>`) wrapped around the
    /// JSON, in any order and behind JavaScript comments or not (`//<![CDATA[`), JavaScript
    /// comments (a leading `//` line included), commas before `]` or `}`, raw control
    /// characters inside strings (escaped).
    Lenient,
}

/// The `<script type="application/ld+json">` elements (the essence of `type`, ASCII
/// case-insensitively), in tree order.
fn scripts(doc: &Document) -> impl Iterator<Item = Element> + '_ {
    doc.elements_named(&["script"]).filter(|script| {
        script.attr("type").is_some_and(|kind| {
            let essence = kind.split(';').next().unwrap_or_default();
            harvest_dom::trim_ascii_whitespace(essence).eq_ignore_ascii_case("application/ld+json")
        })
    })
}

/// A JSON-LD block that is not JSON. Serializes as the `errors` entries of `harvest all`:
/// `{"element": path, "error": message}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct BlockError {
    /// The `script` element's path ([`Document::element_path`]).
    pub element: String,
    /// What the JSON parser said, as `invalid JSON-LD block: ...`.
    #[serde(rename = "error")]
    pub message: String,
}

/// The error of a block that is not JSON, naming its element. `Document::element_path`
/// remembers each parent's children, so naming many invalid blocks under one parent stays
/// linear (`Element::path` would not).
fn block_error(doc: &Document, script: &Element, error: serde_json::Error) -> BlockError {
    BlockError { element: doc.element_path(script), message: format!("invalid JSON-LD block: {error}") }
}

fn error_value(error: BlockError) -> Value {
    json!({ "element": error.element, "error": error.message })
}

/// Every JSON-LD block in tree order, parsed; blocks that are not JSON are reported as errors
/// naming the element, never fatal.
pub fn blocks(doc: &Document) -> (Vec<Value>, Vec<Value>) {
    let (values, errors) = parse_blocks(doc);
    (values, errors.into_iter().map(error_value).collect())
}

/// [`blocks`] with the errors typed.
///
/// ```
/// let doc = harvest_dom::Document::parse("<script type=application/ld+json>{</script>");
/// let (blocks, errors) = harvest_html::jsonld_blocks::parse_blocks(&doc);
/// assert!(blocks.is_empty());
/// assert_eq!(errors[0].element, "html>head>script");
/// ```
pub fn parse_blocks(doc: &Document) -> (Vec<Value>, Vec<BlockError>) {
    let (mut values, mut errors) = (Vec::new(), Vec::new());
    for script in scripts(doc) {
        match serde_json::from_str::<Value>(&script.text_content()) {
            Ok(value) => values.push(value),
            Err(error) => errors.push(block_error(doc, &script, error)),
        }
    }
    (values, errors)
}

/// Every JSON-LD block in tree order as checked JSON text, read as `reading` says; blocks that
/// are not JSON are reported as [`blocks`] reports them. The text keeps every number as
/// written, so a front end converting it can keep integers of any size exact (a
/// `serde_json::Value` holds those beyond 64 bits as floating point).
///
/// ```
/// use harvest_html::jsonld_blocks::{block_texts, Reading};
/// let doc = harvest_dom::Document::parse(
///     "<script type=application/ld+json>{\"n\": 123456789012345678901234567890, // note\n}</script>",
/// );
/// assert_eq!(block_texts(&doc, Reading::Strict).1.len(), 1);
/// let (texts, errors) = block_texts(&doc, Reading::Lenient);
/// assert!(errors.is_empty());
/// assert_eq!(texts[0].get(), "{\"n\": 123456789012345678901234567890 \n}");
/// ```
pub fn block_texts(doc: &Document, reading: Reading) -> (Vec<Box<RawValue>>, Vec<Value>) {
    let (mut texts, mut errors) = (Vec::new(), Vec::new());
    for script in scripts(doc) {
        let text = script.text_content();
        let text = match reading {
            Reading::Strict => text,
            Reading::Lenient => lenient(&text),
        };
        match RawValue::from_string(text.trim_matches(|c: char| c.is_ascii_whitespace()).to_owned()) {
            Ok(raw) => texts.push(raw),
            Err(error) => errors.push(error_value(block_error(doc, &script, error))),
        }
    }
    (texts, errors)
}

/// The markers real pages wrap their JSON in (an HTML comment, a CDATA section, written
/// bare or behind a JavaScript comment, in any order). None of them can occur in JSON outside a
/// string (RFC 8259 §2: no JSON token starts with `<`, `-` is followed by a digit, `]` by a
/// value separator or an end), so dropping them there changes no JSON text.
const WRAPPER_MARKERS: [&str; 4] = ["<!--", "-->", "<![CDATA[", "]]>"];

/// The lenient reading's cleanup, in one pass (see [`Reading::Lenient`]).
fn lenient(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    let mut in_string = false;
    while let Some((at, c)) = chars.next() {
        if in_string {
            match c {
                '\\' => {
                    out.push(c);
                    if let Some((_, escaped)) = chars.next() {
                        out.push(escaped);
                    }
                }
                '"' => {
                    in_string = false;
                    out.push(c);
                }
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
                c => out.push(c),
            }
            continue;
        }
        if matches!(c, '<' | '-' | ']') {
            if let Some(marker) = WRAPPER_MARKERS.iter().find(|marker| text[at..].starts_with(*marker)) {
                // The markers are ASCII: one char per byte, the first already read.
                for _ in 1..marker.len() {
                    chars.next();
                }
                out.push(' ');
                continue;
            }
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '/' if chars.peek().map(|&(_, c)| c) == Some('/') => while chars.next_if(|&(_, c)| c != '\n').is_some() {},
            '/' if chars.peek().map(|&(_, c)| c) == Some('*') => {
                chars.next();
                let mut previous = ' ';
                for (_, c) in chars.by_ref() {
                    if previous == '*' && c == '/' {
                        break;
                    }
                    previous = c;
                }
                out.push(' ');
            }
            ']' | '}' => {
                // A comma before the closing bracket (whitespace and comments between) goes.
                let kept = out.trim_end_matches(|c: char| c.is_ascii_whitespace()).len();
                if out[..kept].ends_with(',') {
                    out.remove(kept - 1);
                }
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_and_invalid_blocks() {
        let doc = Document::parse(concat!(
            "<script type='application/ld+json'>{\"@type\": \"Person\"}</script>",
            "<script type=' Application/LD+JSON; charset=utf-8 '>[1,]</script>",
            "<script type=text/javascript>{}</script>",
            "<script type=application/ld+json>[2]</script>"
        ));
        let (values, errors) = blocks(&doc);
        assert_eq!(values, vec![json!({"@type": "Person"}), json!([2])]);
        assert_eq!(errors.len(), 1);
        assert!(errors[0]["error"].as_str().unwrap().starts_with("invalid JSON-LD block"));
        assert_eq!(errors[0]["element"], "html>head>script:nth-child(2)");
    }

    #[test]
    fn the_lenient_reading() {
        let page = concat!(
            "<script type=application/ld+json><!--\n{\"a\": [1, 2, /* two */ ],\n // x\n \"b\": \"line\none\"\t,}\n--></script>",
            "<script type=application/ld+json>{\"url\": \"https://example.com/\", \"s\": \"a,]\\\" // kept\"}</script>",
            "<script type=application/ld+json>{\"c\": 1,,}</script>",
        );
        let doc = Document::parse(page);
        let (strict, errors) = block_texts(&doc, Reading::Strict);
        assert_eq!((strict.len(), errors.len()), (1, 2));
        let (texts, errors) = block_texts(&doc, Reading::Lenient);
        let values: Vec<Value> = texts.iter().map(|raw| serde_json::from_str(raw.get()).unwrap()).collect();
        assert_eq!(values[0], json!({"a": [1, 2], "b": "line\none"}));
        assert_eq!(values[1], json!({"url": "https://example.com/", "s": "a,]\" // kept"}));
        assert_eq!(errors.len(), 1, "two commas are not a trailing comma");
    }

    /// Every wrapper real pages use, alone and nested two and three deep in any order, with and
    /// without white space: the JSON inside is read; the same JSON with `-->`, `]]>` or
    /// `<!--` inside its strings keeps them.
    #[test]
    fn the_lenient_reading_unwraps_comments_and_cdata_in_any_order() {
        let wrappers = [
            ("<!--", "-->"),
            ("<![CDATA[", "]]>"),
            ("// generated\n", ""),
            ("//<![CDATA[\n", "\n//]]>"),
            ("//<!--\n", "\n//-->"),
            ("/*<![CDATA[*/", "/*]]>*/"),
        ];
        let json = r#"{"@type": "Thing", "name": "<!-- a ]]> -->", "n": [[-1]]}"#;
        let expected = json!({"@type": "Thing", "name": "<!-- a ]]> -->", "n": [[-1]]});
        let mut stacks: Vec<Vec<usize>> = (0..wrappers.len()).map(|a| vec![a]).collect();
        for a in 0..wrappers.len() {
            for b in 0..wrappers.len() {
                stacks.push(vec![a, b]);
                stacks.extend((0..wrappers.len()).map(|c| vec![a, b, c]));
            }
        }
        for stack in &stacks {
            for space in ["", " ", "\n"] {
                let open: String = stack.iter().map(|&w| format!("{}{space}", wrappers[w].0)).collect();
                let close: String = stack.iter().rev().map(|&w| format!("{space}{}", wrappers[w].1)).collect();
                let page = format!("<script type=application/ld+json>{open}{json}{close}</script>");
                let (texts, errors) = block_texts(&Document::parse(&page), Reading::Lenient);
                assert!(errors.is_empty(), "{page}: {errors:?}");
                assert_eq!(serde_json::from_str::<Value>(texts[0].get()).unwrap(), expected, "{page}");
            }
        }
    }

    #[test]
    fn many_invalid_blocks_under_one_parent() {
        // Each error names its element; with 20,000 siblings this must not be quadratic.
        let doc = Document::parse(&"<script type=application/ld+json>{</script>".repeat(20_000));
        let (values, errors) = blocks(&doc);
        assert!(values.is_empty());
        assert_eq!(errors.len(), 20_000);
        assert_eq!(errors[19_999]["element"], "html>head>script:nth-child(20000)");
    }
}

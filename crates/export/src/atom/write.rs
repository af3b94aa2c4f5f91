//! Writing the feed model as Atom XML with quick-xml: the element order of RFC 4287, text
//! escaped for XML 1.0 (characters it does not allow become U+FFFD), indented by two spaces.

use super::model::{Feed, Link, Person, Text};
use super::ATOM_NAMESPACE;
use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::name::QName;
use quick_xml::Writer;
use std::borrow::Cow;

/// XML 1.0 `Char`: what may appear in a document at all.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// Escapes text for XML character data or an attribute value: markup characters become
/// references, a carriage return (and in attributes tab and line feed) a character reference
/// so that parsers keep it, characters XML 1.0 forbids become U+FFFD.
fn escape_xml(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\r' => out.push_str("&#xD;"),
            '\n' if attribute => out.push_str("&#xA;"),
            '\t' if attribute => out.push_str("&#x9;"),
            c if !is_xml_char(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

struct XmlOut<W: std::io::Write> {
    writer: Writer<W>,
}

impl<W: std::io::Write> XmlOut<W> {
    fn start(&mut self, name: &str, attributes: &[(&str, &str)]) -> std::io::Result<()> {
        let mut start = BytesStart::new(name);
        for (key, value) in attributes {
            start.push_attribute(Attribute {
                key: QName(key.as_bytes()),
                value: Cow::Owned(escape_xml(value, true).into_bytes()),
            });
        }
        self.writer.write_event(Event::Start(start))
    }

    fn end(&mut self, name: &str) -> std::io::Result<()> {
        self.writer.write_event(Event::End(BytesEnd::new(name)))
    }

    fn empty(&mut self, name: &str, attributes: &[(&str, &str)]) -> std::io::Result<()> {
        let mut start = BytesStart::new(name);
        for (key, value) in attributes {
            start.push_attribute(Attribute {
                key: QName(key.as_bytes()),
                value: Cow::Owned(escape_xml(value, true).into_bytes()),
            });
        }
        self.writer.write_event(Event::Empty(start))
    }

    fn text_element(&mut self, name: &str, attributes: &[(&str, &str)], text: &str) -> std::io::Result<()> {
        if text.is_empty() {
            // An empty element (an indenting writer would put a line break in `<x></x>`).
            return self.empty(name, attributes);
        }
        self.start(name, attributes)?;
        self.writer.write_event(Event::Text(BytesText::from_escaped(escape_xml(text, false))))?;
        self.end(name)
    }

    fn text_construct(&mut self, name: &str, text: &Text) -> std::io::Result<()> {
        let kind = if text.html { "html" } else { "text" };
        self.text_element(name, &[("type", kind)], &text.value)
    }

    fn person(&mut self, name: &str, person: &Person) -> std::io::Result<()> {
        self.start(name, &[])?;
        self.text_element("name", &[], &person.name)?;
        if let Some(uri) = &person.uri {
            self.text_element("uri", &[], uri)?;
        }
        self.end(name)
    }

    fn link(&mut self, link: &Link) -> std::io::Result<()> {
        let mut attributes = vec![("rel", link.rel)];
        if let Some(media_type) = link.media_type {
            attributes.push(("type", media_type));
        }
        attributes.push(("href", &link.href));
        self.empty("link", &attributes)
    }
}

pub(super) fn write_feed<W: std::io::Write>(feed: &Feed, out: W) -> std::io::Result<()> {
    let mut xml = XmlOut { writer: Writer::new_with_indent(out, b' ', 2) };
    xml.writer.write_event(Event::Decl(BytesDecl::new("1.0", Some("utf-8"), None)))?;
    xml.start("feed", &[("xmlns", ATOM_NAMESPACE)])?;
    for author in &feed.authors {
        xml.person("author", author)?;
    }
    if let Some(icon) = &feed.icon {
        xml.text_element("icon", &[], icon)?;
    }
    xml.text_element("id", &[], &feed.id)?;
    for link in &feed.links {
        xml.link(link)?;
    }
    if let Some(title) = &feed.title {
        xml.text_construct("title", title)?;
    }
    if let Some(subtitle) = &feed.subtitle {
        xml.text_construct("subtitle", subtitle)?;
    }
    if let Some(updated) = &feed.updated {
        xml.text_element("updated", &[], updated)?;
    }
    for entry in &feed.entries {
        match &entry.xml_base {
            Some(base) => xml.start("entry", &[("xml:base", base)])?,
            None => xml.start("entry", &[])?,
        }
        if let Some(title) = &entry.title {
            xml.text_construct("title", title)?;
        }
        if let Some(summary) = &entry.summary {
            xml.text_construct("summary", summary)?;
        }
        if let Some(content) = &entry.content {
            xml.text_construct("content", content)?;
        }
        xml.text_element("id", &[], &entry.id)?;
        for link in &entry.links {
            xml.link(link)?;
        }
        for author in &entry.authors {
            xml.person("author", author)?;
        }
        for category in &entry.categories {
            xml.empty("category", &[("term", category)])?;
        }
        if let Some(published) = &entry.published {
            xml.text_element("published", &[], published)?;
        }
        if let Some(updated) = &entry.updated {
            xml.text_element("updated", &[], updated)?;
        }
        xml.end("entry")?;
    }
    xml.end("feed")?;
    // A final newline, as text files have.
    xml.writer.get_mut().write_all(b"\n")
}

//! N-Triples (W3C Recommendation, 2014): one triple a line.

use crate::term::{Literal, Subject, Term, Triple};
use std::fmt::Write as _;

/// Writes triples as N-Triples, in the order given.
///
/// ```
/// use harvest_rdf::{ntriples, BlankNodes, Iri, LanguageTag, Literal, Triple};
/// let mut nodes = BlankNodes::new();
/// let name = Iri::parse("http://schema.org/name").unwrap();
/// let en = LanguageTag::parse("en").unwrap();
/// let triple = Triple::new(nodes.fresh(), name, Literal::plain("Ada \"A\"", Some(en)));
/// assert_eq!(ntriples::write([&triple]), "_:b0 <http://schema.org/name> \"Ada \\\"A\\\"\"@en .\n");
/// ```
pub fn write<'a>(triples: impl IntoIterator<Item = &'a Triple>) -> String {
    let mut out = String::new();
    for triple in triples {
        write_subject(&mut out, &triple.subject);
        out.push(' ');
        write_iri(&mut out, triple.predicate.as_str());
        out.push(' ');
        write_term(&mut out, &triple.object);
        out.push_str(" .\n");
    }
    out
}

pub(crate) fn write_iri(out: &mut String, iri: &str) {
    out.push('<');
    out.push_str(iri);
    out.push('>');
}

pub(crate) fn write_subject(out: &mut String, subject: &Subject) {
    match subject {
        Subject::Iri(iri) => write_iri(out, iri.as_str()),
        Subject::Blank(blank) => {
            let _ = write!(out, "{blank}");
        }
    }
}

pub(crate) fn write_term(out: &mut String, term: &Term) {
    match term {
        Term::Iri(iri) => write_iri(out, iri.as_str()),
        Term::Blank(blank) => {
            let _ = write!(out, "{blank}");
        }
        Term::Literal(literal) => write_literal(out, literal),
    }
}

/// A literal: `"…"` with `ECHAR` escapes and `UCHAR` for other controls, then `@tag` or
/// `^^<datatype>`.
pub(crate) fn write_literal(out: &mut String, literal: &Literal) {
    write_string(out, literal.value());
    if let Some(language) = literal.language() {
        out.push('@');
        out.push_str(language.as_str());
    } else if let Some(datatype) = literal.datatype() {
        out.push_str("^^");
        write_iri(out, datatype.as_str());
    }
}

pub(crate) fn write_string(out: &mut String, value: &str) {
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

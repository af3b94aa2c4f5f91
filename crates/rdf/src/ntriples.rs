//! N-Triples (W3C Recommendation, 2014): one triple a line.

use crate::labels::BlankLabels;
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
    write_labelled(triples, &BlankLabels::default())
}

/// [`write()`] with blank nodes labelled by `labels`.
pub fn write_labelled<'a>(triples: impl IntoIterator<Item = &'a Triple>, labels: &BlankLabels) -> String {
    let mut out = String::new();
    for triple in triples {
        write_statement(&mut out, triple, labels);
        out.push_str(" .\n");
    }
    out
}

/// Subject, predicate and object, separated by spaces (no ` .`): the start of an N-Triples or
/// N-Quads line.
pub(crate) fn write_statement(out: &mut String, triple: &Triple, labels: &BlankLabels) {
    write_subject(out, &triple.subject, labels);
    out.push(' ');
    write_iri(out, triple.predicate.as_str());
    out.push(' ');
    write_term(out, &triple.object, labels);
}

pub(crate) fn write_iri(out: &mut String, iri: &str) {
    out.push('<');
    out.push_str(iri);
    out.push('>');
}

pub(crate) fn write_subject(out: &mut String, subject: &Subject, labels: &BlankLabels) {
    match subject {
        Subject::Iri(iri) => write_iri(out, iri.as_str()),
        Subject::Blank(blank) => labels.write(out, *blank),
    }
}

pub(crate) fn write_term(out: &mut String, term: &Term, labels: &BlankLabels) {
    match term {
        Term::Iri(iri) => write_iri(out, iri.as_str()),
        Term::Blank(blank) => labels.write(out, *blank),
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

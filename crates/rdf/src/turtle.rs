//! Turtle (W3C Recommendation, 2014): `@prefix` lines for the namespaces the predicates use,
//! then the triples grouped by subject and predicate, each in order of first appearance.

use crate::labels::BlankLabels;
use crate::ntriples::{write_iri, write_subject, write_term};
use crate::term::{Iri, Subject, Term, Triple};
use crate::vocab::RDF_TYPE;
use std::collections::HashMap;
use std::fmt::Write as _;

/// Writes triples as Turtle. `prefixes` are the `(name, namespace)` pairs the writer may
/// declare: a predicate is written as a prefixed name with the longest namespace it starts
/// with, when the rest is a simple local name; only prefixes used are declared, in order of
/// first use.
///
/// ```
/// use harvest_rdf::{turtle, Iri, Literal, Triple};
/// let s = Iri::parse("http://example.com/").unwrap();
/// let title = Iri::parse("http://purl.org/dc/terms/title").unwrap();
/// let t = Triple::new(s, title, Literal::simple("Cats"));
/// let prefixes = [("dcterms".to_owned(), "http://purl.org/dc/terms/".to_owned())];
/// assert_eq!(
///     turtle::write([&t], &prefixes),
///     "@prefix dcterms: <http://purl.org/dc/terms/> .\n\n<http://example.com/> dcterms:title \"Cats\" .\n"
/// );
/// ```
pub fn write<'a>(triples: impl IntoIterator<Item = &'a Triple>, prefixes: &[(String, String)]) -> String {
    write_labelled(triples, prefixes, &BlankLabels::default())
}

/// [`write()`] with blank nodes labelled by `labels`.
pub fn write_labelled<'a>(
    triples: impl IntoIterator<Item = &'a Triple>,
    prefixes: &[(String, String)],
    labels: &BlankLabels,
) -> String {
    let triples: Vec<&Triple> = triples.into_iter().collect();
    let mut out = String::new();
    let prefixed = write_prefixes(&mut out, &triples, prefixes);
    if !out.is_empty() && !triples.is_empty() {
        out.push('\n');
    }
    write_statements(&mut out, &triples, prefixes, &prefixed, labels, "");
    out
}

/// Each predicate's prefixed name: the index of its prefix and its local part.
pub(crate) type Prefixed<'a> = HashMap<&'a Iri, (usize, &'a str)>;

/// Writes the `@prefix` lines of the prefixes the predicates use (in order of first use) and
/// gives each predicate's prefixed name.
pub(crate) fn write_prefixes<'a>(
    out: &mut String,
    triples: &[&'a Triple],
    prefixes: &'a [(String, String)],
) -> Prefixed<'a> {
    let mut used: Vec<usize> = Vec::new();
    let mut prefixed: Prefixed<'a> = HashMap::new();
    for triple in triples {
        let predicate = triple.predicate.as_str();
        if predicate == RDF_TYPE || prefixed.contains_key(&triple.predicate) {
            continue;
        }
        let best = prefixes
            .iter()
            .enumerate()
            .filter(|(_, (_, namespace))| predicate.starts_with(namespace.as_str()))
            .max_by_key(|(_, (_, namespace))| namespace.len());
        let Some((index, (_, namespace))) = best else { continue };
        let local = &predicate[namespace.len()..];
        if !is_simple_local(local) {
            continue;
        }
        if !used.contains(&index) {
            used.push(index);
        }
        prefixed.insert(&triple.predicate, (index, local));
    }
    for &index in &used {
        let (name, namespace) = &prefixes[index];
        let _ = write!(out, "@prefix {name}: ");
        write_iri(out, namespace);
        out.push_str(" .\n");
    }
    prefixed
}

/// Writes `triples` grouped by subject (in order of first appearance), then predicate, each
/// line after the first of a subject indented by `indent` and four spaces.
pub(crate) fn write_statements(
    out: &mut String,
    triples: &[&Triple],
    prefixes: &[(String, String)],
    prefixed: &Prefixed<'_>,
    labels: &BlankLabels,
    indent: &str,
) {
    type Objects<'a> = Vec<(&'a Iri, Vec<&'a Term>)>;
    let mut subjects: Vec<(&Subject, Objects<'_>)> = Vec::new();
    let mut subject_index: HashMap<&Subject, usize> = HashMap::new();
    for triple in triples {
        let index = *subject_index.entry(&triple.subject).or_insert_with(|| {
            subjects.push((&triple.subject, Vec::new()));
            subjects.len() - 1
        });
        let predicates = &mut subjects[index].1;
        match predicates.iter_mut().find(|(p, _)| *p == &triple.predicate) {
            Some((_, objects)) => objects.push(&triple.object),
            None => predicates.push((&triple.predicate, vec![&triple.object])),
        }
    }
    for (subject, predicates) in subjects {
        out.push_str(indent);
        write_subject(out, subject, labels);
        for (position, (predicate, objects)) in predicates.iter().enumerate() {
            if position == 0 {
                out.push(' ');
            } else {
                out.push_str(" ;\n    ");
                out.push_str(indent);
            }
            if predicate.as_str() == RDF_TYPE {
                out.push('a');
            } else if let Some((index, local)) = prefixed.get(predicate) {
                let _ = write!(out, "{}:{local}", prefixes[*index].0);
            } else {
                write_iri(out, predicate.as_str());
            }
            for (n, object) in objects.iter().enumerate() {
                out.push_str(if n == 0 { " " } else { ", " });
                write_term(out, object, labels);
            }
        }
        out.push_str(" .\n");
    }
}

/// Whether `local` can be written as the local part of a prefixed name (a conservative ASCII
/// subset of Turtle's `PN_LOCAL`: letters, digits, `_`, `-`, `:`, `%HH`, inner `.`).
fn is_simple_local(local: &str) -> bool {
    let bytes = local.as_bytes();
    if matches!(bytes.first(), None | Some(b'-' | b'.')) || bytes.last() == Some(&b'.') {
        return false;
    }
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        match byte {
            b'%' if bytes.get(index + 1..index + 3).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) => index += 3,
            b if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b':' | b'.') => index += 1,
            _ => return false,
        }
    }
    true
}

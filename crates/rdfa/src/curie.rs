//! CURIE and IRI processing (RDFa Core 1.1 §7.4): the prefix mappings in scope, and the three
//! ways an attribute value becomes an IRI or a blank node.
//!
//! The prefix mappings are one table with an undo log rather than a copy per element: an
//! element's declarations are pushed on entry and popped when its subtree is done, so that a
//! page declaring prefixes on every level costs time linear in its size.

use crate::context;
use crate::processor::{Diagnostic, DiagnosticKind};
use harvest_rdf::{BaseIri, BlankNode, BlankNodes, Iri, Subject, Term};
use std::collections::HashMap;

/// What an attribute value resolved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Resolved {
    Iri(Iri),
    Blank(BlankNode),
}

impl Resolved {
    pub(crate) fn into_subject(self) -> Subject {
        match self {
            Resolved::Iri(iri) => Subject::Iri(iri),
            Resolved::Blank(blank) => Subject::Blank(blank),
        }
    }

    pub(crate) fn into_term(self) -> Term {
        Term::from(self.into_subject())
    }
}

/// The state CURIE resolution reads: base, prefixes in scope, blank-node labels, diagnostics.
pub(crate) struct Scope {
    pub(crate) base: Iri,
    /// `base`, parsed once for the many references resolved against it.
    parsed_base: BaseIri,
    prefixes: HashMap<String, Vec<Iri>>,
    pub(crate) nodes: BlankNodes,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Whether diagnostics are kept (the processor graph was asked for).
    pub(crate) keep_diagnostics: bool,
    /// Diagnostics dropped because [`Scope::keep_diagnostics`] is off or the cap is reached.
    pub(crate) dropped_diagnostics: usize,
}

/// The most diagnostics kept; past it they are counted.
const MAX_DIAGNOSTICS: usize = 10_000;

impl Scope {
    pub(crate) fn new(base: Iri, keep_diagnostics: bool) -> Scope {
        Scope {
            parsed_base: base.as_base(),
            base,
            prefixes: HashMap::new(),
            nodes: BlankNodes::new(),
            diagnostics: Vec::new(),
            keep_diagnostics,
            dropped_diagnostics: 0,
        }
    }

    pub(crate) fn note(&mut self, kind: DiagnosticKind, message: impl FnOnce() -> String) {
        if self.keep_diagnostics && self.diagnostics.len() < MAX_DIAGNOSTICS {
            self.diagnostics.push(Diagnostic { kind, message: message() });
        } else {
            self.dropped_diagnostics += 1;
        }
    }

    /// Declares a prefix for the current element's subtree (§7.5 step 3); the caller pops it
    /// with [`Scope::pop_prefix`] when the subtree is done.
    pub(crate) fn push_prefix(&mut self, prefix: String, iri: Iri) {
        if context::prefix(&prefix).is_some_and(|initial| initial != iri.as_str()) {
            self.note(DiagnosticKind::PrefixRedefinition, || format!("prefix {prefix:?} redefined as <{iri}>"));
        }
        self.prefixes.entry(prefix).or_default().push(iri);
    }

    pub(crate) fn pop_prefix(&mut self, prefix: &str) {
        if let Some(stack) = self.prefixes.get_mut(prefix) {
            stack.pop();
            if stack.is_empty() {
                self.prefixes.remove(prefix);
            }
        }
    }

    /// The IRI a (lowercased) prefix maps to: the document's innermost declaration, else the
    /// initial context.
    fn prefix(&self, prefix: &str) -> Option<String> {
        match self.prefixes.get(prefix).and_then(|stack| stack.last()) {
            Some(iri) => Some(iri.as_str().to_owned()),
            None => context::prefix(prefix).map(str::to_owned),
        }
    }

    /// An IRI from a string, or a warning and `None` when it is not one.
    fn checked(&mut self, value: String) -> Option<Iri> {
        match Iri::parse(&value) {
            Ok(iri) => Some(iri),
            Err(e) => {
                self.note(DiagnosticKind::InvalidIri, || e.to_string());
                None
            }
        }
    }

    /// Resolves a reference against the base (RFC 3986 §5.2, as RDFa Core 1.1 §7.4.1 says),
    /// leading and trailing ASCII whitespace removed; an IRI the resolution cannot make valid is
    /// repaired through the URL parser ([`Iri::repair`]) or left out with a warning.
    pub(crate) fn resolve(&mut self, reference: &str) -> Option<Iri> {
        let reference = reference.trim_matches(|c: char| c.is_ascii_whitespace());
        match self.parsed_base.resolve(reference) {
            Ok(iri) => Some(iri),
            Err(_) => {
                let joined = url::Url::parse(self.base.as_str()).and_then(|base| base.join(reference));
                match joined
                    .map_err(|e| e.to_string())
                    .and_then(|url| Iri::repair(url.as_str()).map_err(|e| e.to_string()))
                {
                    Ok(iri) => Some(iri),
                    Err(reason) => {
                        self.note(DiagnosticKind::InvalidIri, || format!("{reference:?} does not resolve: {reason}"));
                        None
                    }
                }
            }
        }
    }

    /// A CURIE (§7.4.1 `curie`: `prefix? ':' reference`): `Some(Ok)` when it resolves,
    /// `Some(Err(()))` when it has the form of a CURIE but its prefix is undefined, `None` when
    /// the value is not a CURIE at all.
    fn curie(&mut self, value: &str) -> Option<Result<Resolved, ()>> {
        let (prefix, reference) = value.split_once(':')?;
        if prefix == "_" {
            // §7.4.1: a blank node; `_:` alone is one node for the whole document.
            return Some(Ok(Resolved::Blank(self.nodes.labelled(reference))));
        }
        if !(prefix.is_empty() || is_ncname(prefix)) || reference.starts_with("//") {
            // `http://...`: an IRI, not a CURIE.
            return None;
        }
        let namespace = if prefix.is_empty() {
            Some(context::DEFAULT_PREFIX.to_owned())
        } else {
            self.prefix(&prefix.to_ascii_lowercase())
        };
        match namespace {
            Some(namespace) => Some(self.checked(namespace + reference).map(Resolved::Iri).ok_or(())),
            None => Some(Err(())),
        }
    }

    /// `SafeCURIEorCURIEorIRI` (§7.4.2; `@about`, `@resource`): `[curie]`, else a CURIE whose
    /// prefix is defined, else an IRI resolved against the base.
    pub(crate) fn safe_curie_or_curie_or_iri(&mut self, value: &str) -> Option<Resolved> {
        let trimmed = value.trim_matches(|c: char| c.is_ascii_whitespace());
        if let Some(inner) = trimmed.strip_prefix('[').and_then(|rest| rest.strip_suffix(']')) {
            return match self.curie(inner) {
                Some(Ok(resolved)) => Some(resolved),
                _ => {
                    // §7.4.2: a safe CURIE that does not resolve: the attribute is ignored.
                    self.note(DiagnosticKind::UnresolvedCurie, || format!("safe CURIE {trimmed:?} does not resolve"));
                    None
                }
            };
        }
        match self.curie(trimmed) {
            Some(Ok(resolved)) => Some(resolved),
            _ => self.resolve(trimmed).map(Resolved::Iri),
        }
    }

    /// `TERMorCURIEorAbsIRI` (§7.4.3; `@property`, `@rel`, `@rev`, `@typeof`, `@datatype`),
    /// one token: a term (the default vocabulary's, else the term mappings'), else a CURIE,
    /// else an absolute IRI; `None` with a warning otherwise. Blank nodes are refused when
    /// `allow_blank` is off (predicates cannot be blank nodes: RDF 1.1 Concepts §3.1).
    pub(crate) fn term_or_curie_or_abs_iri(
        &mut self,
        token: &str,
        vocabulary: Option<&Iri>,
        allow_blank: bool,
    ) -> Option<Resolved> {
        if is_term(token) {
            if let Some(vocabulary) = vocabulary {
                return self.checked(format!("{vocabulary}{token}")).map(Resolved::Iri);
            }
            if let Some(iri) = context::term(token) {
                return self.checked(iri.to_owned()).map(Resolved::Iri);
            }
            self.note(DiagnosticKind::UnresolvedTerm, || format!("term {token:?} is not defined"));
            return None;
        }
        match self.curie(token) {
            Some(Ok(Resolved::Blank(_))) if !allow_blank => None,
            Some(Ok(resolved)) => Some(resolved),
            Some(Err(())) | None => {
                if has_scheme(token) {
                    self.checked(token.to_owned()).map(Resolved::Iri)
                } else {
                    self.note(DiagnosticKind::UnresolvedCurie, || {
                        format!("{token:?} is neither a term, a CURIE nor an absolute IRI")
                    });
                    None
                }
            }
        }
    }

    /// The IRIs of a whitespace-separated list of `TERMorCURIEorAbsIRI` tokens, in order,
    /// duplicates kept once.
    pub(crate) fn iris(&mut self, value: &str, vocabulary: Option<&Iri>) -> Vec<Iri> {
        let mut out: Vec<Iri> = Vec::new();
        for token in harvest_dom::split_ascii_whitespace(value) {
            if let Some(Resolved::Iri(iri)) = self.term_or_curie_or_abs_iri(token, vocabulary, false) {
                if !out.contains(&iri) {
                    out.push(iri);
                }
            }
        }
        out
    }

    /// Like [`Scope::iris`], blank nodes allowed (`@typeof`).
    pub(crate) fn resources(&mut self, value: &str, vocabulary: Option<&Iri>) -> Vec<Resolved> {
        let mut out: Vec<Resolved> = Vec::new();
        for token in harvest_dom::split_ascii_whitespace(value) {
            if let Some(resolved) = self.term_or_curie_or_abs_iri(token, vocabulary, true) {
                if !out.contains(&resolved) {
                    out.push(resolved);
                }
            }
        }
        out
    }
}

/// XML `NCName` (Namespaces in XML 1.0 §3), the form of a prefix.
pub(crate) fn is_ncname(value: &str) -> bool {
    let mut chars = value.chars();
    chars.next().is_some_and(|c| c == '_' || c.is_alphabetic())
        && chars.all(|c| c == '_' || c == '-' || c == '.' || c.is_alphanumeric() || is_name_extra(c))
}

fn is_name_extra(c: char) -> bool {
    matches!(c, '\u{B7}' | '\u{300}'..='\u{36F}' | '\u{203F}'..='\u{2040}')
}

/// RDFa Core 1.1 §7.4.3 `term`: `NCNameStartChar termChar*`, where a term character may also be
/// `/`.
pub(crate) fn is_term(value: &str) -> bool {
    let mut chars = value.chars();
    chars.next().is_some_and(|c| c == '_' || c.is_alphabetic())
        && chars.all(|c| c == '_' || c == '-' || c == '.' || c == '/' || c.is_alphanumeric() || is_name_extra(c))
}

/// Whether a value starts with an RFC 3986 scheme and `:`.
fn has_scheme(value: &str) -> bool {
    let Some((scheme, _)) = value.split_once(':') else { return false };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

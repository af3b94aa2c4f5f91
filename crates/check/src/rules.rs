//! The schema.org rules, and the check that applies them to a page's statements.
//!
//! Every rule reads statements only, in two passes over them (the items' types, then each
//! statement): nothing follows node references, so cycles and depth cost nothing, and the
//! work is linear in the statements.

use std::collections::{HashMap, HashSet};

use harvest_rdf::{vocab, Dataset, Subject, Term, Triple};

use crate::lexical::Lexical;
use crate::suggest::suggest;
use crate::vocabulary::{Standing, Status, TypeId, Vocabulary};
use crate::{Diagnostic, Severity};

/// A rule: its stable id, severity and what it checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct Rule {
    /// The stable id diagnostics name (`schema-unknown-type`).
    pub id: &'static str,
    /// The severity of its diagnostics.
    pub severity: Severity,
    /// What it checks, in a line.
    pub description: &'static str,
}

const fn rule(id: &'static str, severity: Severity, description: &'static str) -> Rule {
    Rule { id, severity, description }
}

/// A type that is not in the vocabulary.
pub const UNKNOWN_TYPE: Rule =
    rule("schema-unknown-type", Severity::Error, "a schema.org type that the vocabulary does not define");
/// A property that is not in the vocabulary.
pub const UNKNOWN_PROPERTY: Rule =
    rule("schema-unknown-property", Severity::Error, "a schema.org property that the vocabulary does not define");
/// A property none of the item's types expects.
pub const PROPERTY_NOT_EXPECTED: Rule = rule(
    "schema-property-not-expected",
    Severity::Error,
    "a property whose domainIncludes holds none of the item's types (or their superclasses)",
);
/// A value not of the property's expected types.
pub const VALUE_TYPE: Rule = rule(
    "schema-value-type",
    Severity::Warning,
    "an item or enumeration member as a value whose type is not in the property's rangeIncludes",
);
/// A literal not in the lexical form of its data type.
pub const LEXICAL_FORM: Rule = rule(
    "schema-lexical-form",
    Severity::Warning,
    "a literal not in the form of the property's data types (Date, DateTime, Time, Duration, Number, Integer, Float, Boolean, URL)",
);
/// A term superseded by another.
pub const SUPERSEDED: Rule =
    rule("schema-superseded", Severity::Warning, "a term schema.org has superseded by another (supersededBy)");
/// A term in the attic.
pub const ATTIC: Rule = rule("schema-attic", Severity::Warning, "a term schema.org has retired to attic.schema.org");
/// A term in pending.
pub const PENDING: Rule = rule("schema-pending", Severity::Info, "a term still proposed in pending.schema.org");

/// A property a Google Search feature requires, missing: the item is not eligible.
pub const FEATURE_REQUIRED: Rule = rule(
    "google-required",
    Severity::Error,
    "a property (or one of a group) a Google Search feature requires of an item of its type, missing",
);
/// A property a Google Search feature recommends, missing.
pub const FEATURE_RECOMMENDED: Rule = rule(
    "google-recommended",
    Severity::Warning,
    "a property a Google Search feature recommends for an item of its type, missing",
);
/// A value not in the form a Google Search feature asks for.
pub const FEATURE_VALUE: Rule = rule(
    "google-value",
    Severity::Error,
    "a feature item's literal not in the form its Google Search feature asks for (ISO 8601 date, duration, number, URL, language tag)",
);
/// An Open Graph property of ogp.me's Basic Metadata, missing.
pub const OG_REQUIRED: Rule = rule(
    "og-required",
    Severity::Error,
    "an Open Graph property every page object needs (og:title, og:type, og:image, og:url), missing",
);
/// An optional Open Graph property that previews show, missing.
pub const OG_RECOMMENDED: Rule =
    rule("og-recommended", Severity::Warning, "og:description or og:site_name, which link previews show, missing");
/// An X card without its type, of an unknown type, or without what its type needs.
pub const X_CARD_REQUIRED: Rule = rule(
    "x-card-required",
    Severity::Error,
    "an X card without twitter:card, of a type X does not define, or without what its type needs (Open Graph fallbacks count)",
);
/// An optional X card property its type can show, missing.
pub const X_CARD_RECOMMENDED: Rule =
    rule("x-card-recommended", Severity::Warning, "an optional property an X card's type shows, missing");

/// Every rule, in the order of its documentation (`docs/check.md`).
pub const RULES: &[Rule] = &[
    UNKNOWN_TYPE,
    UNKNOWN_PROPERTY,
    PROPERTY_NOT_EXPECTED,
    VALUE_TYPE,
    LEXICAL_FORM,
    SUPERSEDED,
    ATTIC,
    PENDING,
    FEATURE_REQUIRED,
    FEATURE_RECOMMENDED,
    FEATURE_VALUE,
    OG_REQUIRED,
    OG_RECOMMENDED,
    X_CARD_REQUIRED,
    X_CARD_RECOMMENDED,
];

/// The schema.org term an IRI names (`https://schema.org/Product` or `http://schema.org/Product`
/// → `Product`): both schemes are the same vocabulary.
pub(crate) fn schema_name(iri: &str) -> Option<&str> {
    iri.strip_prefix("https://schema.org/").or_else(|| iri.strip_prefix("http://schema.org/")).filter(|n| !n.is_empty())
}

/// The properties whose Text values schema.org asks to be IETF BCP 47 language tags (their
/// descriptions in the release: "Please use one of the language codes from the IETF BCP 47
/// standard" and the like).
const LANGUAGE_PROPERTIES: &[&str] = &["availableLanguage", "inLanguage", "knowsLanguage", "subtitleLanguage"];

/// An item's schema.org types.
#[derive(Default)]
struct ItemTypes {
    known: Vec<TypeId>,
    /// A schema.org type the vocabulary does not know: the item's kind is unclear.
    unknown: bool,
}

/// Checks the statements of a dataset (every graph: an item's types and properties may come
/// from different blocks or syntaxes of a page) against `vocabulary`.
///
/// Diagnostics come in the order of the statements they are about, each once.
pub fn check_dataset(vocabulary: &Vocabulary, dataset: &Dataset) -> Vec<Diagnostic> {
    run(vocabulary, || dataset.iter().map(|quad| &quad.triple))
}

/// Checks triples against `vocabulary` ([`check_dataset`] for a dataset).
///
/// ```
/// use harvest_check::{check_triples, Vocabulary};
/// use harvest_rdf::{vocab, BlankNode, Iri, Literal, Triple};
/// let schema = |name: &str| Iri::parse(&format!("https://schema.org/{name}")).unwrap();
/// let movie = BlankNode::new(0);
/// let found = check_triples(Vocabulary::bundled(), &[
///     Triple::new(movie, vocab::rdf_type(), schema("Movie")),
///     Triple::new(movie, schema("actors"), Literal::simple("Ada")),
/// ]);
/// assert_eq!(found[0].rule, "schema-superseded");
/// assert_eq!(found[0].suggestion.as_deref(), Some("actor"));
/// ```
pub fn check_triples(vocabulary: &Vocabulary, triples: &[Triple]) -> Vec<Diagnostic> {
    run(vocabulary, || triples.iter())
}

fn run<'t, I: Iterator<Item = &'t Triple>>(vocabulary: &Vocabulary, triples: impl Fn() -> I) -> Vec<Diagnostic> {
    let rdf_type = vocab::rdf_type();
    let mut items: HashMap<&Subject, ItemTypes> = HashMap::new();
    for triple in triples() {
        if triple.predicate != rdf_type {
            continue;
        }
        let Term::Iri(object) = &triple.object else { continue };
        let Some(name) = schema_name(object.as_str()) else { continue };
        let item = items.entry(&triple.subject).or_default();
        match vocabulary.type_id(name) {
            Some(id) if !item.known.contains(&id) => item.known.push(id),
            Some(_) => {}
            None => item.unknown = true,
        }
    }
    let mut checker =
        Checker { vocabulary, items: &items, seen: HashSet::new(), found: Vec::new(), suggestions: Default::default() };
    for (index, triple) in triples().enumerate() {
        checker.triple(index, triple, &rdf_type);
    }
    checker.found
}

struct Checker<'v, 't> {
    vocabulary: &'v Vocabulary,
    items: &'t HashMap<&'t Subject, ItemTypes>,
    /// What was reported, by (rule, which term of the statement, statement): a statement
    /// repeated (in a slice, or in two graphs) is reported once.
    seen: HashSet<(&'static str, u8, &'t Triple)>,
    found: Vec<Diagnostic>,
    /// Suggestions for unknown types and unknown properties, by name: each unknown name is
    /// compared with the vocabulary once.
    suggestions: [HashMap<Box<str>, Option<Box<str>>>; 2],
}

/// What a diagnostic is about.
struct About<'a> {
    /// The statement's index in the order read.
    index: usize,
    triple: &'a Triple,
    /// 0 for the statement's type or property, 1 for its value.
    term: u8,
    subject: &'a Subject,
    /// The type at fault, when the finding is about a type.
    type_at_fault: Option<&'a str>,
    /// The item's known schema.org types.
    types: &'a [TypeId],
    property: Option<&'a str>,
}

impl<'v, 't> Checker<'v, 't> {
    fn emit(&mut self, rule: &Rule, message: String, about: &About<'t>, suggestion: Option<String>) {
        if !self.seen.insert((rule.id, about.term, about.triple)) {
            return;
        }
        let diagnostic = Diagnostic {
            severity: rule.severity,
            rule: rule.id,
            message,
            subject: crate::report::subject_text(about.subject),
            item_type: match about.type_at_fault {
                Some(name) => Some(name.to_owned()),
                None => (!about.types.is_empty()).then(|| self.names(about.types)),
            },
            property: about.property.map(str::to_owned),
            suggestion,
            feature: None,
            syntax: None,
            line: None,
            column: None,
            statement: Some(about.index),
        };
        self.found.push(diagnostic);
    }

    fn suggestion(&mut self, property: bool, name: &str) -> Option<String> {
        let cache = &mut self.suggestions[usize::from(property)];
        if let Some(known) = cache.get(name) {
            return known.as_deref().map(str::to_owned);
        }
        let names =
            if property { self.vocabulary.sorted_property_names() } else { self.vocabulary.sorted_type_names() };
        let found = suggest(name, names);
        cache.insert(Box::from(name), found.map(Box::from));
        found.map(str::to_owned)
    }

    /// `schema-superseded`, `schema-attic`, `schema-pending` for a term in use.
    fn standing(&mut self, kind: &str, name: &str, standing: &Standing, about: &About<'t>) {
        if let Some(by) = &standing.superseded_by {
            self.emit(&SUPERSEDED, format!("{kind} \"{name}\" is superseded by \"{by}\""), about, Some(by.to_string()));
        }
        match standing.status {
            Status::Attic => self.emit(&ATTIC, format!("{kind} \"{name}\" is retired (attic.schema.org)"), about, None),
            Status::Pending => {
                self.emit(&PENDING, format!("{kind} \"{name}\" is pending (proposed, may change)"), about, None)
            }
            Status::Stable => {}
        }
    }

    fn names(&self, types: &[TypeId]) -> String {
        let mut names: Vec<&str> = types.iter().map(|&t| &*self.vocabulary.type_entry(t).name).collect();
        names.sort_unstable();
        names.join(" ")
    }

    fn triple(&mut self, index: usize, triple: &'t Triple, rdf_type: &harvest_rdf::Iri) {
        let vocabulary = self.vocabulary;
        if triple.predicate == *rdf_type {
            let Term::Iri(object) = &triple.object else { return };
            let Some(name) = schema_name(object.as_str()) else { return };
            let about = About {
                index,
                triple,
                term: 0,
                subject: &triple.subject,
                type_at_fault: Some(name),
                types: &[],
                property: None,
            };
            match vocabulary.type_id(name) {
                Some(id) => self.standing("type", name, &vocabulary.type_entry(id).standing, &about),
                None => {
                    let suggestion = self.suggestion(false, name);
                    let message = match &suggestion {
                        Some(s) => format!("unknown type \"{name}\" (did you mean \"{s}\"?)"),
                        None => format!("unknown type \"{name}\""),
                    };
                    self.emit(&UNKNOWN_TYPE, message, &about, suggestion);
                }
            }
            return;
        }
        let Some(name) = schema_name(triple.predicate.as_str()) else { return };
        let item = self.items.get(&triple.subject);
        let known = item.map_or(&[][..], |i| &i.known[..]);
        let about = About {
            index,
            triple,
            term: 0,
            subject: &triple.subject,
            type_at_fault: None,
            types: known,
            property: Some(name),
        };
        // schema.org Actions' annotations (`query-input`, `result-output`): a property's input
        // or output constraint written as text, for a known property (https://schema.org/docs/actions.html,
        // "Input and output constraints"). Not judged further.
        let annotated = name.strip_suffix("-input").or_else(|| name.strip_suffix("-output"));
        if annotated.is_some_and(|property| vocabulary.has_property(property)) {
            return;
        }
        let Some(property) = vocabulary.property(name) else {
            let suggestion = self.suggestion(true, name);
            let message = match &suggestion {
                Some(s) => format!("unknown property \"{name}\" (did you mean \"{s}\"?)"),
                None => format!("unknown property \"{name}\""),
            };
            self.emit(&UNKNOWN_PROPERTY, message, &about, suggestion);
            return;
        };
        self.standing("property", name, &property.standing, &about);
        // Judged only on an item whose every schema.org type is known.
        let judged = !known.is_empty() && !item.is_some_and(|i| i.unknown);
        if judged && !property.domain.is_empty() && !vocabulary.any_in(known, &property.domain) {
            let types = self.names(known);
            self.emit(
                &PROPERTY_NOT_EXPECTED,
                format!("property \"{name}\" is not expected on type \"{types}\""),
                &about,
                None,
            );
        }
        self.value(name, &property.range, &triple.object, &About { term: 1, ..about });
    }

    /// `schema-value-type` and `schema-lexical-form` for one value of a known property.
    fn value(&mut self, name: &str, range: &[TypeId], object: &Term, about: &About<'t>) {
        if range.is_empty() {
            return;
        }
        let vocabulary = self.vocabulary;
        let expected = |checker: &Self| checker.names(range).replace(' ', "\", \"");
        match object {
            Term::Literal(literal) if LANGUAGE_PROPERTIES.contains(&name) => {
                let value = literal.value();
                if !crate::lexical::is_language_tag(value) {
                    let message = format!("value \"{value}\" of \"{name}\" is not a BCP 47 language tag");
                    self.emit(&LEXICAL_FORM, message, about, None);
                }
            }
            Term::Literal(literal) => {
                // Text stands for any entity (schema.org data model): only a range of data types
                // with a lexical form judges a literal.
                let kinds: Option<Vec<Lexical>> =
                    range.iter().map(|&t| Lexical::of(&vocabulary.type_entry(t).name)).collect();
                let Some(kinds) = kinds else { return };
                let value = literal.value();
                if !kinds.iter().any(|kind| kind.accepts(value)) {
                    let message = format!("value \"{value}\" of \"{name}\" is not a valid \"{}\"", expected(self));
                    self.emit(&LEXICAL_FORM, message, about, None);
                }
            }
            // An IRI is a URL: a range with URL takes any, whatever it names.
            Term::Iri(iri)
                if vocabulary.type_id("URL").is_some_and(|url| range.iter().any(|&r| vocabulary.is_sub(r, url))) =>
            {
                let member_name = schema_name(iri.as_str());
                if let Some((member_name, member)) = member_name.and_then(|n| Some((n, vocabulary.member(n)?))) {
                    self.standing("member", member_name, &member.standing, about);
                }
            }
            Term::Iri(_) | Term::Blank(_) => {
                let node = object.as_subject();
                let types = node.as_ref().and_then(|node| self.items.get(node));
                if let Some(types) = types.filter(|t| !t.known.is_empty() && !t.unknown) {
                    if !vocabulary.any_in(&types.known, range) {
                        let message = format!(
                            "value of \"{name}\" is of type \"{}\", expected \"{}\"",
                            self.names(&types.known),
                            expected(self)
                        );
                        self.emit(&VALUE_TYPE, message, about, None);
                    }
                    return;
                }
                let Term::Iri(iri) = object else { return };
                let Some(member_name) = schema_name(iri.as_str()) else { return };
                let Some(member) = vocabulary.member(member_name) else { return };
                self.standing("member", member_name, &member.standing, about);
                if !vocabulary.any_in(&member.of, range) {
                    let message = format!(
                        "value of \"{name}\" is \"{member_name}\" (a \"{}\"), expected \"{}\"",
                        self.names(&member.of),
                        expected(self)
                    );
                    self.emit(&VALUE_TYPE, message, about, None);
                }
            }
        }
    }
}

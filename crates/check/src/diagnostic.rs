//! What a check finds: [`Diagnostic`]s, each naming its [`Severity`] and its rule.

use serde::Serialize;

/// How much a finding matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Severity {
    /// The data is wrong: a consumer will not read it as meant.
    Error,
    /// The data is doubtful or dated.
    Warning,
    /// Worth knowing, nothing wrong.
    Info,
}

impl Severity {
    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// One finding about one statement of a page's data.
///
/// Serialized with only the members that apply:
///
/// ```
/// use harvest_check::{check_triples, Vocabulary};
/// use harvest_rdf::{vocab, BlankNode, Iri, Triple};
/// let item = BlankNode::new(0);
/// let typo = Iri::parse("https://schema.org/Prodcut").unwrap();
/// let found = check_triples(Vocabulary::bundled(), &[Triple::new(item, vocab::rdf_type(), typo)]);
/// assert_eq!(
///     serde_json::to_string(&found[0]).unwrap(),
///     r#"{"severity":"error","rule":"schema-unknown-type","message":"unknown type \"Prodcut\" (did you mean \"Product\"?)","subject":"_:b0","type":"Prodcut","suggestion":"Product"}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub struct Diagnostic {
    /// How much it matters.
    pub severity: Severity,
    /// The rule's stable id ([`crate::RULES`]).
    pub rule: &'static str,
    /// What is wrong, in a sentence.
    pub message: String,
    /// The item (the statement's subject) as N-Triples writes it: `<http://…>` or `_:b0`;
    /// empty (and not serialized) for a finding about no statement (a block that is not JSON).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub subject: String,
    /// The type at fault (unknown, superseded…), else the item's schema.org types, space-separated.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub item_type: Option<String>,
    /// The property at fault, when the finding is about a property or its value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub property: Option<String>,
    /// The term meant, most likely, or the term that replaces the one used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<String>,
    /// The search feature (`product-snippet`, `open-graph`, `x-card`) a feature rule is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feature: Option<&'static str>,
    /// The syntax the statement came from (`microdata`, `rdfa`, `jsonld`, `dublin-core`), when
    /// the dataset is a page's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub syntax: Option<String>,
    /// The page line (from 1) of what made the statement: the element for microdata and RDFa,
    /// the JSON member for JSON-LD.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// The column (from 1, in characters) on [`Diagnostic::line`], where it is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    /// The index of the statement it is about, in the order the check read them (for
    /// [`crate::check_dataset`], the dataset's quad index): where the statement came from is
    /// the page's to say.
    #[serde(skip)]
    pub statement: Option<usize>,
}

impl Diagnostic {
    /// A finding about no statement of the dataset (a front end's own rule: a block that is not
    /// JSON), with only its severity, rule id and message; the other members are set after.
    ///
    /// ```
    /// use harvest_check::{Diagnostic, Severity};
    /// let mut found = Diagnostic::new(Severity::Error, "syntax-error", "not JSON".to_owned());
    /// found.syntax = Some("json-ld".to_owned());
    /// assert_eq!(
    ///     serde_json::to_string(&found).unwrap(),
    ///     r#"{"severity":"error","rule":"syntax-error","message":"not JSON","syntax":"json-ld"}"#
    /// );
    /// ```
    pub fn new(severity: Severity, rule: &'static str, message: String) -> Diagnostic {
        Diagnostic {
            severity,
            rule,
            message,
            subject: String::new(),
            item_type: None,
            property: None,
            suggestion: None,
            feature: None,
            syntax: None,
            line: None,
            column: None,
            statement: None,
        }
    }
}

//! RDF terms that are valid by construction (RDF 1.1 Concepts §3): an [`Iri`] is an absolute
//! RFC 3987 IRI, a [`LanguageTag`] a well-formed BCP 47 tag, so whatever holds them can be
//! written in any RDF syntax and read back by a strict parser.

use serde::{Serialize, Serializer};
use std::fmt;
use std::sync::Arc;

/// Why a string is not a term.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TermError {
    /// Not an absolute IRI (RFC 3987), with the parser's reason.
    #[error("{value:?} is not an absolute IRI: {reason}")]
    InvalidIri {
        /// The string.
        value: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Not a well-formed BCP 47 language tag.
    #[error("{value:?} is not a well-formed BCP 47 language tag")]
    InvalidLanguageTag {
        /// The string.
        value: String,
    },
}

/// An [`Iri`] parsed once to resolve references against (see [`Iri::as_base`]).
#[derive(Debug, Clone)]
pub struct BaseIri {
    iri: Iri,
    parsed: oxiri::Iri<Arc<str>>,
}

impl BaseIri {
    /// The same result as [`Iri::resolve`] on [`BaseIri::iri`].
    pub fn resolve(&self, reference: &str) -> Result<Iri, TermError> {
        match self.parsed.resolve(reference) {
            Ok(iri) => Ok(Iri(Arc::from(iri.into_inner()))),
            Err(e) => Err(TermError::InvalidIri { value: reference.to_owned(), reason: e.to_string() }),
        }
    }

    /// The base IRI.
    pub fn iri(&self) -> &Iri {
        &self.iri
    }
}

/// An absolute IRI (RFC 3987 `IRI`), checked with oxiri, the parser strict RDF readers use.
///
/// ```
/// use harvest_rdf::Iri;
/// let base = Iri::parse("http://example.com/a/b").unwrap();
/// assert_eq!(base.resolve("../c#d").unwrap().as_str(), "http://example.com/c#d");
/// assert!(Iri::parse("http://s@@chema.org/Organization").is_err());
/// assert!(Iri::parse("relative/path").is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Iri(Arc<str>);

impl Iri {
    /// Checks `value` as an absolute IRI.
    pub fn parse(value: &str) -> Result<Iri, TermError> {
        match oxiri::Iri::parse(value) {
            Ok(_) => Ok(Iri(Arc::from(value))),
            Err(e) => Err(TermError::InvalidIri { value: value.to_owned(), reason: e.to_string() }),
        }
    }

    /// Resolves a reference against this IRI (RFC 3986 §5.2, as RDFa and Turtle do: the
    /// reference kept as written where it is already absolute).
    pub fn resolve(&self, reference: &str) -> Result<Iri, TermError> {
        let base = oxiri::Iri::parse_unchecked(&*self.0);
        match base.resolve(reference) {
            Ok(iri) => Ok(Iri(Arc::from(iri.into_inner()))),
            Err(e) => Err(TermError::InvalidIri { value: reference.to_owned(), reason: e.to_string() }),
        }
    }

    /// This IRI parsed once, to resolve many references against it ([`Iri::resolve`] parses
    /// the base at every call).
    ///
    /// ```
    /// use harvest_rdf::Iri;
    /// let base = Iri::parse("http://example.com/a/b").unwrap().as_base();
    /// assert_eq!(base.resolve("c").unwrap().as_str(), "http://example.com/a/c");
    /// assert_eq!(base.iri().as_str(), "http://example.com/a/b");
    /// ```
    pub fn as_base(&self) -> BaseIri {
        BaseIri { parsed: oxiri::Iri::parse_unchecked(Arc::clone(&self.0)), iri: self.clone() }
    }

    /// `value` as it is when it is an absolute IRI; else with what RFC 3987 forbids where it
    /// stands %-encoded (a space, `|`, a lone `%`, a second `#`...), when that makes one; else
    /// the WHATWG URL parser's serialization of it (how every browser reads a URL a page wrote),
    /// %-encoded the same way; else the error.
    ///
    /// ```
    /// use harvest_rdf::Iri;
    /// assert_eq!(Iri::repair("http://example.com/a b|c").unwrap().as_str(), "http://example.com/a%20b%7Cc");
    /// assert_eq!(Iri::repair("http://s@@chema.org/Organization").unwrap().as_str(), "http://s%40@chema.org/Organization");
    /// assert!(Iri::repair("no scheme").is_err());
    /// ```
    pub fn repair(value: &str) -> Result<Iri, TermError> {
        if let Ok(iri) = Iri::parse(value) {
            return Ok(iri);
        }
        if let Ok(iri) = Iri::parse(&escape_forbidden(value)) {
            return Ok(iri);
        }
        let url = url::Url::parse(value)
            .map_err(|e| TermError::InvalidIri { value: value.to_owned(), reason: e.to_string() })?;
        Iri::parse(&escape_forbidden(url.as_str()))
            .map_err(|_| TermError::InvalidIri { value: value.to_owned(), reason: "cannot be repaired".to_owned() })
    }

    /// A constant of [`crate::vocab`], whose validity a test checks.
    pub(crate) fn known(value: &'static str) -> Iri {
        Iri(Arc::from(value))
    }

    /// The IRI.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// %-encodes what RFC 3987 does not allow where it stands: spaces, `<>"{}|^`\`, controls, a
/// `%` not starting an escape, brackets outside an IPv6 host, a second `#`, non-ASCII
/// characters outside `ucschar` and `iprivate`.
fn escape_forbidden(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let literal = ip_literal(value);
    let mut seen_hash = false;
    for (index, c) in value.char_indices() {
        let keep = match c {
            '%' => {
                let hex = value.as_bytes().get(index + 1..index + 3);
                hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
            }
            '#' => !std::mem::replace(&mut seen_hash, true),
            '[' | ']' => literal.is_some_and(|(open, close)| index == open || index == close),
            c if c.is_ascii_alphanumeric() => true,
            '-' | '.' | '_' | '~' | ':' | '/' | '?' | '@' | '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ','
            | ';' | '=' => true,
            c => is_iri_unicode(c),
        };
        if keep {
            out.push(c);
        } else {
            push_percent_encoded(&mut out, c);
        }
    }
    out
}

/// `c`'s UTF-8 bytes as `%HH` escapes.
fn push_percent_encoded(out: &mut String, c: char) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut buffer = [0; 4];
    for byte in c.encode_utf8(&mut buffer).bytes() {
        out.push('%');
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0xF)]));
    }
}

/// %-escapes the characters of `value` that the RFC 3987 `ifragment` production does not
/// allow (it allows `iunreserved`, `sub-delims`, `:`, `@`, `/`, `?` and `%HH` escapes, which
/// stay as they are: an escape is never escaped twice). The microdata conversions build
/// predicate IRIs as a base followed by such a fragment.
///
/// ```
/// assert_eq!(harvest_rdf::escape_ifragment("a b#c%41é"), "a%20b%23c%41é");
/// ```
pub fn escape_ifragment(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for (index, c) in value.char_indices() {
        let valid = c.is_ascii_alphanumeric()
            || matches!(
                c,
                '-' | '.' | '_' | '~' | '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '=' | ':' | '@'
                    | '/' | '?'
            )
            || (c == '%' && value.as_bytes().get(index + 1..index + 3).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)))
            // `iprivate` characters are allowed in a query only, not in a fragment.
            || is_iri_unicode(c)
                && !matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}');
        if valid {
            out.push(c);
        } else {
            push_percent_encoded(&mut out, c);
        }
    }
    out
}

/// RFC 3987 `IP-literal`: where the brackets of an IPv6 host stand, if the IRI has one (an
/// authority follows `scheme://`; the host follows its last `@`).
fn ip_literal(iri: &str) -> Option<(usize, usize)> {
    let scheme_end = iri.find(':')?;
    if !iri.get(scheme_end..)?.starts_with("://") {
        return None;
    }
    let authority_start = scheme_end + 3;
    let rest = iri.get(authority_start..)?;
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    let host_offset = authority.rfind('@').map_or(0, |at| at + 1);
    let host = authority.get(host_offset..)?;
    if !host.starts_with('[') {
        return None;
    }
    let close = host.find(']')?;
    Some((authority_start + host_offset, authority_start + host_offset + close))
}

/// RFC 3987 `ucschar` and `iprivate`: the non-ASCII characters an IRI may hold.
fn is_iri_unicode(c: char) -> bool {
    matches!(c,
        '\u{A0}'..='\u{D7FF}' | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFEF}'
        | '\u{10000}'..='\u{1FFFD}' | '\u{20000}'..='\u{2FFFD}' | '\u{30000}'..='\u{3FFFD}'
        | '\u{40000}'..='\u{4FFFD}' | '\u{50000}'..='\u{5FFFD}' | '\u{60000}'..='\u{6FFFD}'
        | '\u{70000}'..='\u{7FFFD}' | '\u{80000}'..='\u{8FFFD}' | '\u{90000}'..='\u{9FFFD}'
        | '\u{A0000}'..='\u{AFFFD}' | '\u{B0000}'..='\u{BFFFD}' | '\u{C0000}'..='\u{CFFFD}'
        | '\u{D0000}'..='\u{DFFFD}' | '\u{E1000}'..='\u{EFFFD}'
        | '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}')
}

impl fmt::Debug for Iri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{}>", self.0)
    }
}

impl fmt::Display for Iri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Iri {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

/// A well-formed BCP 47 language tag (RFC 5646 §2.1), checked with oxilangtag.
///
/// ```
/// use harvest_rdf::LanguageTag;
/// assert_eq!(LanguageTag::parse("en-GB").unwrap().as_str(), "en-GB");
/// assert!(LanguageTag::parse("en_GB").is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LanguageTag(Arc<str>);

impl LanguageTag {
    /// Checks `value` as a language tag.
    pub fn parse(value: &str) -> Result<LanguageTag, TermError> {
        match oxilangtag::LanguageTag::parse(value) {
            Ok(_) => Ok(LanguageTag(Arc::from(value))),
            Err(_) => Err(TermError::InvalidLanguageTag { value: value.to_owned() }),
        }
    }

    /// The tag as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for LanguageTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{}", self.0)
    }
}

impl Serialize for LanguageTag {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

/// A blank node: a number, unique in its graph, written `_:b` and the number. Make them with
/// [`crate::BlankNodes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct BlankNode(pub(crate) u64);

impl BlankNode {
    /// The node numbered `id`. Nodes made here and by [`crate::BlankNodes`] share one numbering:
    /// a caller merging graphs picks numbers past the other graph's.
    pub fn new(id: u64) -> BlankNode {
        BlankNode(id)
    }

    /// The number.
    pub fn id(self) -> u64 {
        self.0
    }

    /// The label written in N-Triples and Turtle (`b0`, `b1`…), without `_:`.
    pub fn label(self) -> String {
        format!("b{}", self.0)
    }
}

impl fmt::Display for BlankNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_:b{}", self.0)
    }
}

/// A literal: a lexical form, with a language tag or a datatype, or neither (`xsd:string`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(untagged)]
pub enum Literal {
    /// A simple literal (datatype `xsd:string`).
    Simple {
        /// The lexical form.
        value: String,
    },
    /// A language-tagged string.
    LanguageTagged {
        /// The lexical form.
        value: String,
        /// The tag.
        language: LanguageTag,
    },
    /// A literal with a datatype.
    Typed {
        /// The lexical form.
        value: String,
        /// The datatype IRI.
        datatype: Iri,
    },
}

impl Literal {
    /// A simple literal.
    pub fn simple(value: impl Into<String>) -> Literal {
        Literal::Simple { value: value.into() }
    }

    /// A plain literal with a language tag when there is one.
    pub fn plain(value: impl Into<String>, language: Option<LanguageTag>) -> Literal {
        match language {
            Some(language) => Literal::LanguageTagged { value: value.into(), language },
            None => Literal::Simple { value: value.into() },
        }
    }

    /// A typed literal.
    pub fn typed(value: impl Into<String>, datatype: Iri) -> Literal {
        Literal::Typed { value: value.into(), datatype }
    }

    /// The lexical form.
    pub fn value(&self) -> &str {
        match self {
            Literal::Simple { value } | Literal::LanguageTagged { value, .. } | Literal::Typed { value, .. } => value,
        }
    }

    /// The language tag, if any.
    pub fn language(&self) -> Option<&LanguageTag> {
        match self {
            Literal::LanguageTagged { language, .. } => Some(language),
            _ => None,
        }
    }

    /// The datatype IRI, if one was given.
    pub fn datatype(&self) -> Option<&Iri> {
        match self {
            Literal::Typed { datatype, .. } => Some(datatype),
            _ => None,
        }
    }
}

/// The subject of a triple: an IRI or a blank node.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Subject {
    /// An IRI.
    Iri(Iri),
    /// A blank node.
    Blank(BlankNode),
}

/// Any RDF term: the object of a triple.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    /// An IRI.
    Iri(Iri),
    /// A blank node.
    Blank(BlankNode),
    /// A literal.
    Literal(Literal),
}

impl From<Subject> for Term {
    fn from(subject: Subject) -> Term {
        match subject {
            Subject::Iri(iri) => Term::Iri(iri),
            Subject::Blank(blank) => Term::Blank(blank),
        }
    }
}

impl From<Iri> for Term {
    fn from(iri: Iri) -> Term {
        Term::Iri(iri)
    }
}

impl From<Iri> for Subject {
    fn from(iri: Iri) -> Subject {
        Subject::Iri(iri)
    }
}

impl From<BlankNode> for Term {
    fn from(blank: BlankNode) -> Term {
        Term::Blank(blank)
    }
}

impl From<BlankNode> for Subject {
    fn from(blank: BlankNode) -> Subject {
        Subject::Blank(blank)
    }
}

impl From<Literal> for Term {
    fn from(literal: Literal) -> Term {
        Term::Literal(literal)
    }
}

impl Term {
    /// The term as a subject, when it is an IRI or a blank node.
    pub fn as_subject(&self) -> Option<Subject> {
        match self {
            Term::Iri(iri) => Some(Subject::Iri(iri.clone())),
            Term::Blank(blank) => Some(Subject::Blank(*blank)),
            Term::Literal(_) => None,
        }
    }

    /// Bytes the term takes in memory and output, roughly (for graph limits).
    pub(crate) fn weight(&self) -> usize {
        match self {
            Term::Iri(iri) => iri.as_str().len(),
            Term::Blank(_) => 8,
            Term::Literal(literal) => {
                literal.value().len()
                    + literal.language().map_or(0, |l| l.as_str().len())
                    + literal.datatype().map_or(0, |d| d.as_str().len())
            }
        }
    }
}

impl Subject {
    pub(crate) fn weight(&self) -> usize {
        match self {
            Subject::Iri(iri) => iri.as_str().len(),
            Subject::Blank(_) => 8,
        }
    }
}

/// One statement.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Triple {
    /// An IRI or a blank node.
    pub subject: Subject,
    /// The predicate IRI.
    pub predicate: Iri,
    /// Any term.
    pub object: Term,
}

impl Triple {
    /// A triple.
    pub fn new(subject: impl Into<Subject>, predicate: Iri, object: impl Into<Term>) -> Triple {
        Triple { subject: subject.into(), predicate, object: object.into() }
    }

    /// The bytes of IRIs and literals the triple holds, roughly (a blank node counts 8): what
    /// [`crate::Limits::max_bytes`] counts.
    ///
    /// ```
    /// use harvest_rdf::{Iri, Literal, Triple};
    /// let s = Iri::parse("http://a.example/").unwrap();
    /// let p = Iri::parse("http://a.example/p").unwrap();
    /// assert_eq!(Triple::new(s, p, Literal::simple("abc")).weight(), 17 + 18 + 3);
    /// ```
    pub fn weight(&self) -> usize {
        self.subject.weight() + self.predicate.as_str().len() + self.object.weight()
    }
}

//! Dublin Core in HTML (DCMI, "Expressing Dublin Core metadata using HTML/XHTML meta and link
//! elements", 2008: DC-HTML).

use harvest_dom::{split_ascii_whitespace, Document, Element};
use harvest_rdf::{Graph, GraphError, Iri, LanguageTag, Limits, Literal, Position, Term, Triple};
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// The DCMI element set (`/elements/1.1/`): the fifteen original elements.
const ELEMENTS: &str = "http://purl.org/dc/elements/1.1/";
/// DCMI metadata terms.
const TERMS: &str = "http://purl.org/dc/terms/";

/// The prefixes pages use for the two namespaces without a `schema.` link, taken as declared.
const DEFAULT_PREFIXES: [(&str, &str); 2] = [("dc", ELEMENTS), ("dcterms", TERMS)];

/// The fifteen elements of the DCMI element set (DCMES 1.1), as DCMI spells them.
const ELEMENT_NAMES: [&str; 15] = [
    "contributor",
    "coverage",
    "creator",
    "date",
    "description",
    "format",
    "identifier",
    "language",
    "publisher",
    "relation",
    "rights",
    "source",
    "subject",
    "title",
    "type",
];

/// The properties of DCMI metadata terms (`/terms/`), as DCMI spells them.
const TERM_NAMES: [&str; 55] = [
    "abstract",
    "accessRights",
    "accrualMethod",
    "accrualPeriodicity",
    "accrualPolicy",
    "alternative",
    "audience",
    "available",
    "bibliographicCitation",
    "conformsTo",
    "contributor",
    "coverage",
    "created",
    "creator",
    "date",
    "dateAccepted",
    "dateCopyrighted",
    "dateSubmitted",
    "description",
    "educationLevel",
    "extent",
    "format",
    "hasFormat",
    "hasPart",
    "hasVersion",
    "identifier",
    "instructionalMethod",
    "isFormatOf",
    "isPartOf",
    "isReferencedBy",
    "isReplacedBy",
    "isRequiredBy",
    "issued",
    "isVersionOf",
    "language",
    "license",
    "mediator",
    "medium",
    "modified",
    "provenance",
    "publisher",
    "references",
    "relation",
    "replaces",
    "requires",
    "rights",
    "rightsHolder",
    "source",
    "spatial",
    "subject",
    "tableOfContents",
    "temporal",
    "title",
    "type",
    "valid",
];

/// The IRI of a property: the namespace and the local name, spelled as DCMI spells the term
/// when the name is one of its terms in another case (`DC.Title` is `.../elements/1.1/title`,
/// as pages mean and extruct reads it), else as written.
fn property_iri(namespace: &str, local: &str) -> String {
    let names: &[&str] = if namespace == ELEMENTS { &ELEMENT_NAMES } else { &TERM_NAMES };
    let local = names.iter().find(|name| name.eq_ignore_ascii_case(local)).copied().unwrap_or(local);
    format!("{namespace}{local}")
}

/// One Dublin Core statement of a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DublinCoreProperty {
    /// The property's name as the page writes it, prefix included (`DC.title`,
    /// `DCTERMS.created`), as extruct gives it.
    pub name: String,
    /// The value: a `meta`'s `content`, or a `link`'s `href` resolved against the base URL.
    pub content: String,
    /// The property's IRI: its namespace and local name, in DCMI's spelling of the term.
    #[serde(rename = "URI")]
    pub uri: String,
    /// The language of a literal (`lang`, or `xml:lang`), or a link's `hreflang`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub lang: Option<String>,
    /// The encoding scheme of a literal (`scheme="DCTERMS.W3CDTF"`), as written.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub scheme: Option<String>,
}

/// The page's Dublin Core statements.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DublinCore {
    /// Prefix → namespace: the `schema.PREFIX` links (the prefix as the first of them writes
    /// it), and `DC` / `DCTERMS` when the page uses them without declaring them (as the first
    /// statement writes it).
    pub namespaces: IndexMap<String, String>,
    /// Statements in the DCMI element set, in document order.
    pub elements: Vec<DublinCoreProperty>,
    /// Statements in DCMI terms, in document order.
    pub terms: Vec<DublinCoreProperty>,
}

/// The prefixes of a page: prefix as written → namespace, and the lower-case prefix → the
/// prefix as written. Prefixes compare ASCII case-insensitively (pages write `DC`, `dc` and
/// `Dc` for the same one); the first spelling is kept.
#[derive(Default, Clone)]
struct Prefixes {
    namespaces: IndexMap<String, String>,
    written: std::collections::HashMap<String, String>,
}

impl Prefixes {
    fn insert(&mut self, prefix: &str, namespace: &str) {
        let written = self.written.entry(prefix.to_ascii_lowercase()).or_insert_with(|| prefix.to_owned());
        self.namespaces.insert(written.clone(), namespace.to_owned());
    }

    fn get(&self, prefix: &str) -> Option<&String> {
        self.written.get(&prefix.to_ascii_lowercase()).and_then(|written| self.namespaces.get(written))
    }
}

/// DC-HTML §3: `<link rel="schema.PREFIX" href="NAMESPACE">` declares a prefix.
fn declarations(doc: &Document) -> Prefixes {
    let mut namespaces = Prefixes::default();
    for link in doc.elements_named(&["link"]) {
        let (Some(rel), Some(href)) = (link.attr("rel"), link.attr("href")) else { continue };
        for token in split_ascii_whitespace(rel) {
            if let Some(prefix) = token.get(..7).filter(|head| head.eq_ignore_ascii_case("schema.")).and(token.get(7..))
            {
                if !prefix.is_empty() {
                    namespaces.insert(prefix, href.trim());
                }
            }
        }
    }
    namespaces
}

/// `PREFIX.name` split at its first dot.
fn qualified(value: &str) -> Option<(&str, &str)> {
    let (prefix, name) = value.split_once('.')?;
    (!prefix.is_empty() && !name.is_empty()).then_some((prefix, name))
}

/// A literal's language: its `lang` (HTML) or `xml:lang` (XHTML) attribute.
fn language(element: &Element) -> Option<String> {
    element.attr("lang").map(str::to_owned).or_else(|| element.xml_attr("lang"))
}

/// One DC-HTML statement as a page writes it: a `meta` (`name="PREFIX.local"`, a literal
/// value) or a `link` (`rel="PREFIX.local"`, a resource) whose prefix names a namespace.
struct Statement<'a> {
    element: &'a Element,
    /// The prefixed name as written (`DC.title`).
    name: &'a str,
    namespace: &'a str,
    local: &'a str,
    /// The `meta`'s `content` or the `link`'s `href`, as written.
    written: &'a str,
    is_meta: bool,
}

/// Calls `each` with every statement of the page, in tree order (DC-HTML §4.5: `meta` for a
/// literal value, `link` for a resource), with the page's prefixes: the `schema.PREFIX`
/// declarations, and `DC` / `DCTERMS` taken as declared when a page uses them without (added to
/// `prefixes` when first used). `namespaces` says which namespaces to report.
fn statements(
    doc: &Document,
    prefixes: &mut Prefixes,
    namespaces: fn(&str) -> bool,
    mut each: impl FnMut(Statement<'_>),
) {
    for element in doc.elements_named(&["meta", "link"]) {
        let is_meta = element.is("meta");
        let (statement, written) = if is_meta {
            let (Some(name), Some(content)) = (element.attr("name"), element.attr("content")) else { continue };
            (name, content)
        } else if element.is("link") {
            let (Some(rel), Some(href)) = (element.attr("rel"), element.attr("href")) else { continue };
            (rel, href)
        } else {
            continue;
        };
        // A link's rel may hold several tokens; a meta's name is one.
        let names: Vec<&str> =
            if is_meta { vec![statement.trim()] } else { split_ascii_whitespace(statement).collect() };
        for name in names {
            let Some((prefix, local)) = qualified(name) else { continue };
            if prefix.eq_ignore_ascii_case("schema") {
                continue;
            }
            let namespace = match prefixes.get(prefix) {
                Some(namespace) => namespace.clone(),
                None => match DEFAULT_PREFIXES.iter().find(|(known, _)| known.eq_ignore_ascii_case(prefix)) {
                    Some((_, namespace)) => {
                        prefixes.insert(prefix, namespace);
                        (*namespace).to_owned()
                    }
                    None => continue,
                },
            };
            if namespaces(&namespace) {
                each(Statement { element: &element, name, namespace: &namespace, local, written, is_meta });
            }
        }
    }
}

/// The page's Dublin Core statements (DC-HTML §4 for `meta`, §5 for `link`): empty when it
/// has none, else one [`DublinCore`].
///
/// ```
/// let doc = harvest_dom::Document::parse(concat!(
///     r#"<link rel="schema.DCTERMS" href="http://purl.org/dc/terms/">"#,
///     r#"<meta name="DCTERMS.created" scheme="DCTERMS.W3CDTF" content="2008-01-23">"#,
///     r#"<meta name="DC.title" lang="en" content="Expressing Dublin Core">"#,
/// ));
/// let dc = &harvest_meta::dublin_core(&doc)[0];
/// assert_eq!(dc.terms[0].uri, "http://purl.org/dc/terms/created");
/// assert_eq!(dc.terms[0].scheme.as_deref(), Some("DCTERMS.W3CDTF"));
/// assert_eq!(dc.elements[0].lang.as_deref(), Some("en"));
/// ```
pub fn dublin_core(doc: &Document) -> Vec<DublinCore> {
    let mut prefixes = declarations(doc);
    let mut result = DublinCore::default();
    // The value (a link's resolved URL) and language of the element last seen, read once an
    // element holds a Dublin Core statement (most links do not) and once for all its names.
    let mut last: Option<(Element, String, Option<String>)> = None;
    let is_dublin_core: fn(&str) -> bool = |namespace| namespace == ELEMENTS || namespace == TERMS;
    statements(doc, &mut prefixes, is_dublin_core, |statement| {
        let target = if statement.namespace == ELEMENTS { &mut result.elements } else { &mut result.terms };
        let element = statement.element;
        if last.as_ref().is_none_or(|(seen, _, _)| seen != element) {
            let (value, lang) = if statement.is_meta {
                (statement.written.to_owned(), language(element))
            } else {
                let written = statement.written;
                let resolved = doc.resolve_url(written).map(String::from).unwrap_or_else(|_| written.to_owned());
                (resolved, element.attr("hreflang").map(str::to_owned))
            };
            last = Some((element.clone(), value, lang));
        }
        let Some((_, value, lang)) = &last else { return };
        target.push(DublinCoreProperty {
            name: statement.name.to_owned(),
            content: value.clone(),
            uri: property_iri(statement.namespace, statement.local),
            lang: lang.clone().filter(|l| !l.is_empty()),
            scheme: if statement.is_meta { element.attr("scheme").map(str::to_owned) } else { None },
        });
    });
    if result.elements.is_empty() && result.terms.is_empty() {
        Vec::new()
    } else {
        // The prefixes a statement used or a schema link declared, in the order they came.
        result.namespaces = prefixes.namespaces;
        vec![result]
    }
}

/// The page's DC-HTML statements as RDF (DC-HTML §4.4-§4.5): the described resource is the
/// page (its URL, `about:blank` when it has none); a `meta` gives a literal, with its language
/// (`lang` or `xml:lang`) or, when its `scheme` names a syntax encoding scheme by a declared
/// prefix, typed with that datatype; a `link` gives the resource its `href` resolves to. Every
/// declared prefix counts (`schema.foaf` too), not only the two DCMI namespaces; property IRIs
/// of those take DCMI's spelling of the term. A statement whose IRI or language tag is not
/// well-formed is left out (see `docs/meta.md`); past `limits` the error says which. Each
/// triple keeps the page line of its `meta` or `link` element ([`Graph::position`]).
///
/// ```
/// use harvest_dom::{Document, ParseOptions, Url};
/// let url = Url::parse("https://example.com/report").unwrap();
/// let doc = Document::parse_with(
///     r#"<meta name="DC.Title" lang="en" content="Report">
///        <meta name="DCTERMS.created" scheme="DCTERMS.W3CDTF" content="2008-01-23">"#,
///     &ParseOptions::new().url(url),
/// );
/// let graph = harvest_meta::dublin_core_graph(&doc, harvest_rdf::Limits::new()).unwrap();
/// assert_eq!(
///     graph.to_ntriples(),
///     "<https://example.com/report> <http://purl.org/dc/elements/1.1/title> \"Report\"@en .\n\
///      <https://example.com/report> <http://purl.org/dc/terms/created> \"2008-01-23\"^^<http://purl.org/dc/terms/W3CDTF> .\n"
/// );
/// ```
pub fn dublin_core_graph(doc: &Document, limits: Limits) -> Result<Graph, GraphError> {
    let mut graph = Graph::with_limits(limits);
    let page = doc.url().map_or("about:blank", |url| url.as_str());
    let Ok(page) = Iri::parse(page) else { return Ok(graph) };
    let scheme_prefixes = declarations(doc);
    let mut prefixes = scheme_prefixes.clone();
    let mut triples = Vec::new();
    statements(
        doc,
        &mut prefixes,
        |_| true,
        |statement| {
            let Ok(predicate) = Iri::parse(&property_iri(statement.namespace, statement.local)) else { return };
            let element = statement.element;
            let object = if statement.is_meta {
                // §4.5.1.2: a syntax encoding scheme is the literal's datatype (an RDF literal has
                // a datatype or a language, not both: the datatype wins).
                let datatype =
                    element.attr("scheme").and_then(|scheme| qualified(scheme.trim())).and_then(|(prefix, local)| {
                        let namespace = scheme_prefixes.get(prefix).map(String::as_str).or_else(|| {
                            DEFAULT_PREFIXES
                                .iter()
                                .find(|(known, _)| known.eq_ignore_ascii_case(prefix))
                                .map(|(_, ns)| *ns)
                        })?;
                        Iri::parse(&format!("{namespace}{local}")).ok()
                    });
                let value = statement.written.to_owned();
                match datatype {
                    Some(datatype) => Term::Literal(Literal::typed(value, datatype)),
                    None => {
                        let tag = language(element).filter(|tag| !tag.is_empty());
                        let tag = match tag.map(|tag| LanguageTag::parse(&tag)) {
                            Some(Ok(tag)) => Some(tag),
                            Some(Err(_)) => return,
                            None => None,
                        };
                        Term::Literal(Literal::plain(value, tag))
                    }
                }
            } else {
                // §4.5.2: the value is the resource the link's URI reference names.
                let Ok(url) = doc.resolve_url(statement.written) else { return };
                let Ok(iri) = Iri::parse(url.as_str()) else { return };
                Term::Iri(iri)
            };
            // Written where its `meta` or `link` element is.
            triples.push((Triple::new(page.clone(), predicate, object), element.line().and_then(Position::line_only)));
        },
    );
    for (triple, position) in triples {
        graph.insert_at(triple, position)?;
    }
    Ok(graph)
}

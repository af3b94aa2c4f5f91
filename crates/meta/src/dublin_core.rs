//! Dublin Core in HTML (DCMI, "Expressing Dublin Core metadata using HTML/XHTML meta and link
//! elements", 2008: DC-HTML).

use harvest_dom::{split_ascii_whitespace, Document, Element};
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// The DCMI element set (`/elements/1.1/`): the fifteen original elements.
const ELEMENTS: &str = "http://purl.org/dc/elements/1.1/";
/// DCMI metadata terms.
const TERMS: &str = "http://purl.org/dc/terms/";

/// The prefixes pages use for the two namespaces without a `schema.` link, taken as declared.
const DEFAULT_PREFIXES: [(&str, &str); 2] = [("dc", ELEMENTS), ("dcterms", TERMS)];

/// One Dublin Core statement of a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DublinCoreProperty {
    /// The property's local name as written (`title`, `created`).
    pub name: String,
    /// The value: a `meta`'s `content`, or a `link`'s `href` resolved against the base URL.
    pub content: String,
    /// The property's IRI: its namespace and name.
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
    /// Prefix → namespace: the `schema.PREFIX` links, and `DC` / `DCTERMS` when the page uses
    /// them without declaring them.
    pub namespaces: IndexMap<String, String>,
    /// Statements in the DCMI element set, in document order.
    pub elements: Vec<DublinCoreProperty>,
    /// Statements in DCMI terms, in document order.
    pub terms: Vec<DublinCoreProperty>,
}

/// DC-HTML §3: `<link rel="schema.PREFIX" href="NAMESPACE">` declares a prefix. Prefixes
/// compare ASCII case-insensitively (pages write `DC`, `dc` and `Dc` for the same one).
fn declarations(doc: &Document) -> IndexMap<String, String> {
    let mut namespaces = IndexMap::new();
    for link in doc.elements().filter(|element| element.is("link")) {
        let (Some(rel), Some(href)) = (link.attr("rel"), link.attr("href")) else { continue };
        for token in split_ascii_whitespace(rel) {
            if let Some(prefix) = token.get(..7).filter(|head| head.eq_ignore_ascii_case("schema.")).and(token.get(7..))
            {
                if !prefix.is_empty() {
                    namespaces.insert(prefix.to_ascii_lowercase(), href.trim().to_owned());
                }
            }
        }
    }
    namespaces
}

/// `PREFIX.name` split at its first dot, the prefix lowercased.
fn qualified(value: &str) -> Option<(String, &str)> {
    let (prefix, name) = value.split_once('.')?;
    (!prefix.is_empty() && !name.is_empty()).then(|| (prefix.to_ascii_lowercase(), name))
}

/// A literal's language: its `lang` (HTML) or `xml:lang` (XHTML) attribute.
fn language(element: &Element) -> Option<String> {
    element.attr("lang").map(str::to_owned).or_else(|| element.xml_attr("lang"))
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
    let mut result = DublinCore { namespaces: declarations(doc), ..DublinCore::default() };
    for element in doc.elements() {
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
        // A link's rel may hold several tokens; a meta's name is one. The value (a link's
        // resolved URL) and language are read once a name is a Dublin Core statement: most
        // links are not.
        let names: Vec<&str> =
            if is_meta { vec![statement.trim()] } else { split_ascii_whitespace(statement).collect() };
        let mut value_and_lang: Option<(String, Option<String>)> = None;
        for name in names {
            let Some((prefix, local)) = qualified(name) else { continue };
            if prefix == "schema" {
                continue;
            }
            let namespace = match result.namespaces.get(&prefix) {
                Some(namespace) => namespace.clone(),
                None => match DEFAULT_PREFIXES.iter().find(|(known, _)| *known == prefix) {
                    Some((known, namespace)) => {
                        result.namespaces.insert((*known).to_owned(), (*namespace).to_owned());
                        (*namespace).to_owned()
                    }
                    None => continue,
                },
            };
            let target = if namespace == ELEMENTS {
                &mut result.elements
            } else if namespace == TERMS {
                &mut result.terms
            } else {
                continue;
            };
            let (value, lang) = value_and_lang.get_or_insert_with(|| {
                if is_meta {
                    (written.to_owned(), language(&element))
                } else {
                    let resolved = doc.resolve_url(written).map(String::from).unwrap_or_else(|_| written.to_owned());
                    (resolved, element.attr("hreflang").map(str::to_owned))
                }
            });
            target.push(DublinCoreProperty {
                name: local.to_owned(),
                content: value.clone(),
                uri: format!("{namespace}{local}"),
                lang: lang.clone().filter(|l| !l.is_empty()),
                scheme: if is_meta { element.attr("scheme").map(str::to_owned) } else { None },
            });
        }
    }
    if result.elements.is_empty() && result.terms.is_empty() {
        Vec::new()
    } else {
        vec![result]
    }
}

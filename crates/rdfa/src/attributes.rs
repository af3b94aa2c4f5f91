//! The attributes the processing sequence reads (RDFa Core 1.1 §7.5, HTML+RDFa 1.1 §3.1, Role
//! Attribute §4), and the attributes that declare prefixes (§7.5 step 3): what both the
//! sequence and its pass over quiet subtrees ask of an element's attributes.

/// The XML namespaces namespace, of the `xmlns` attributes of foreign content.
pub(crate) const XMLNS: &str = "http://www.w3.org/2000/xmlns/";
/// The XML namespace, of `xml:lang` on foreign content.
pub(crate) const XML: &str = "http://www.w3.org/XML/1998/namespace";

/// Whether the processing steps read this attribute (§7.5 steps 2-12, HTML+RDFa §3.1, Role
/// Attribute §4), besides `xmlns:*` declarations and `xml:lang`.
pub(crate) fn is_rdfa_attribute(name: &str) -> bool {
    matches!(
        name,
        "about"
            | "content"
            | "datatype"
            | "href"
            | "inlist"
            | "lang"
            | "prefix"
            | "property"
            | "rel"
            | "resource"
            | "rev"
            | "role"
            | "src"
            | "typeof"
            | "vocab"
    )
}

/// The prefix an attribute declares with `xmlns:` (§7.5 step 3): `xmlns:foo` as an HTML
/// element carries it, or `foo` in the XML namespaces namespace, where the HTML parser puts
/// the declarations of SVG and MathML elements. A default namespace declaration (`xmlns`
/// alone, which foreign elements often carry) maps no prefix.
///
/// The parser gives an SVG's `xmlns="http://www.w3.org/2000/svg"` the local name `xmlns` in
/// that namespace; read as a prefix, `xmlns:foo` in a `property` would have expanded against
/// the SVG namespace.
pub(crate) fn declared_prefix<'a>(namespace: Option<&str>, name: &'a str) -> Option<&'a str> {
    match namespace {
        Some(XMLNS) => (name != "xmlns").then_some(name),
        None => name.strip_prefix("xmlns:"),
        Some(_) => None,
    }
}

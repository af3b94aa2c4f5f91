//! The RDFa 1.1 initial context (RDFa Core 1.1 §9; the HTML+RDFa 1.1 host language adds no
//! prefixes or terms of its own): the prefixes and terms published at
//! <http://www.w3.org/2011/rdfa-context/rdfa-1.1>, built in as data. The processor never
//! fetches anything.

/// `(prefix, IRI)` pairs of the initial context, sorted by prefix.
pub const PREFIXES: &[(&str, &str)] = &[
    ("as", "https://www.w3.org/ns/activitystreams#"),
    ("cc", "http://creativecommons.org/ns#"),
    ("csvw", "http://www.w3.org/ns/csvw#"),
    ("ctag", "http://commontag.org/ns#"),
    ("dc", "http://purl.org/dc/terms/"),
    ("dc11", "http://purl.org/dc/elements/1.1/"),
    ("dcat", "http://www.w3.org/ns/dcat#"),
    ("dcterms", "http://purl.org/dc/terms/"),
    ("dqv", "http://www.w3.org/ns/dqv#"),
    ("duv", "https://www.w3.org/TR/vocab-duv#"),
    ("foaf", "http://xmlns.com/foaf/0.1/"),
    ("gr", "http://purl.org/goodrelations/v1#"),
    ("grddl", "http://www.w3.org/2003/g/data-view#"),
    ("ical", "http://www.w3.org/2002/12/cal/icaltzd#"),
    ("jsonld", "http://www.w3.org/ns/json-ld#"),
    ("ldp", "http://www.w3.org/ns/ldp#"),
    ("ma", "http://www.w3.org/ns/ma-ont#"),
    ("oa", "http://www.w3.org/ns/oa#"),
    ("odrl", "http://www.w3.org/ns/odrl/2/"),
    ("og", "http://ogp.me/ns#"),
    ("org", "http://www.w3.org/ns/org#"),
    ("owl", "http://www.w3.org/2002/07/owl#"),
    ("prov", "http://www.w3.org/ns/prov#"),
    ("qb", "http://purl.org/linked-data/cube#"),
    ("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"),
    ("rdfa", "http://www.w3.org/ns/rdfa#"),
    ("rdfs", "http://www.w3.org/2000/01/rdf-schema#"),
    ("rev", "http://purl.org/stuff/rev#"),
    ("rif", "http://www.w3.org/2007/rif#"),
    ("rr", "http://www.w3.org/ns/r2rml#"),
    ("schema", "http://schema.org/"),
    ("sd", "http://www.w3.org/ns/sparql-service-description#"),
    ("sioc", "http://rdfs.org/sioc/ns#"),
    ("skos", "http://www.w3.org/2004/02/skos/core#"),
    ("skosxl", "http://www.w3.org/2008/05/skos-xl#"),
    ("sosa", "http://www.w3.org/ns/sosa/"),
    ("ssn", "http://www.w3.org/ns/ssn/"),
    ("time", "http://www.w3.org/2006/time#"),
    ("v", "http://rdf.data-vocabulary.org/#"),
    ("vcard", "http://www.w3.org/2006/vcard/ns#"),
    ("void", "http://rdfs.org/ns/void#"),
    ("wdr", "http://www.w3.org/2007/05/powder#"),
    ("wdrs", "http://www.w3.org/2007/05/powder-s#"),
    ("xhv", "http://www.w3.org/1999/xhtml/vocab#"),
    ("xml", "http://www.w3.org/XML/1998/namespace"),
    ("xsd", "http://www.w3.org/2001/XMLSchema#"),
];

/// `(term, IRI)` pairs of the initial context.
pub const TERMS: &[(&str, &str)] = &[
    ("describedby", "http://www.w3.org/2007/05/powder-s#describedby"),
    ("license", "http://www.w3.org/1999/xhtml/vocab#license"),
    ("role", "http://www.w3.org/1999/xhtml/vocab#role"),
];

/// RDFa Core 1.1 §7.4.3 / §9: the default prefix mapping, for CURIEs with an empty prefix
/// (`:next`).
pub const DEFAULT_PREFIX: &str = "http://www.w3.org/1999/xhtml/vocab#";

/// The IRI of an initial-context prefix (already lowercase).
pub fn prefix(name: &str) -> Option<&'static str> {
    PREFIXES.binary_search_by(|(prefix, _)| prefix.cmp(&name)).ok().map(|index| PREFIXES[index].1)
}

/// The IRI of an initial-context term: an exact match first, then one ignoring ASCII case
/// (RDFa Core 1.1 §7.4.3).
pub fn term(name: &str) -> Option<&'static str> {
    TERMS
        .iter()
        .find(|(term, _)| *term == name)
        .or_else(|| TERMS.iter().find(|(term, _)| term.eq_ignore_ascii_case(name)))
        .map(|(_, iri)| *iri)
}

#[cfg(test)]
mod tests {
    #[test]
    fn prefixes_are_sorted_for_lookup() {
        assert!(super::PREFIXES.windows(2).all(|pair| pair[0].0 < pair[1].0));
        assert_eq!(super::prefix("og"), Some("http://ogp.me/ns#"));
        assert_eq!(super::term("License"), Some("http://www.w3.org/1999/xhtml/vocab#license"));
    }
}

#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod dataset;
mod graph;
pub mod jsonld;
mod labels;
pub mod nquads;
pub mod ntriples;
mod position;
mod term;
pub mod trig;
pub mod turtle;
pub mod xsd;

pub use dataset::{Dataset, GraphName, Quad};
pub use graph::{BlankNodes, Graph, GraphError, Limits, DEFAULT_MAX_BYTES, DEFAULT_MAX_TRIPLES};
pub use labels::{BlankLabels, LabelError};
pub use position::Position;
pub use term::{escape_ifragment, BaseIri, BlankNode, Iri, LanguageTag, Literal, Subject, Term, TermError, Triple};

/// IRIs every RDF writer of harvest uses, as strings and as [`Iri`]s (checked by a test).
pub mod vocab {
    use crate::Iri;

    /// `rdf:`
    pub const RDF: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
    /// `rdf:type`
    pub const RDF_TYPE: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

    macro_rules! known {
        ($($(#[$doc:meta])* $name:ident = $value:expr;)*) => {
            $($(#[$doc])* pub fn $name() -> Iri { Iri::known($value) })*
            #[cfg(test)]
            pub(crate) const ALL: &[&str] = &[$($value),*];
        };
    }

    known! {
        /// `rdf:type`
        rdf_type = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
        /// `rdf:first`
        rdf_first = "http://www.w3.org/1999/02/22-rdf-syntax-ns#first";
        /// `rdf:rest`
        rdf_rest = "http://www.w3.org/1999/02/22-rdf-syntax-ns#rest";
        /// `rdf:nil`
        rdf_nil = "http://www.w3.org/1999/02/22-rdf-syntax-ns#nil";
        /// `rdf:XMLLiteral`
        rdf_xml_literal = "http://www.w3.org/1999/02/22-rdf-syntax-ns#XMLLiteral";
        /// `rdf:HTML`
        rdf_html = "http://www.w3.org/1999/02/22-rdf-syntax-ns#HTML";
        /// `rdfa:usesVocabulary`
        rdfa_uses_vocabulary = "http://www.w3.org/ns/rdfa#usesVocabulary";
        /// `rdfa:copy`
        rdfa_copy = "http://www.w3.org/ns/rdfa#copy";
        /// `rdfa:Pattern`
        rdfa_pattern = "http://www.w3.org/ns/rdfa#Pattern";
        /// `rdfa:context`
        rdfa_context = "http://www.w3.org/ns/rdfa#context";
        /// `rdfa:Warning`
        rdfa_warning = "http://www.w3.org/ns/rdfa#Warning";
        /// `rdfa:UnresolvedCURIE`
        rdfa_unresolved_curie = "http://www.w3.org/ns/rdfa#UnresolvedCURIE";
        /// `rdfa:UnresolvedTerm`
        rdfa_unresolved_term = "http://www.w3.org/ns/rdfa#UnresolvedTerm";
        /// `rdfa:PrefixRedefinition`
        rdfa_prefix_redefinition = "http://www.w3.org/ns/rdfa#PrefixRedefinition";
        /// `dcterms:description`
        dc_description = "http://purl.org/dc/terms/description";
        /// `rdfs:subClassOf`
        rdfs_sub_class_of = "http://www.w3.org/2000/01/rdf-schema#subClassOf";
        /// `rdfs:subPropertyOf`
        rdfs_sub_property_of = "http://www.w3.org/2000/01/rdf-schema#subPropertyOf";
        /// `owl:equivalentClass`
        owl_equivalent_class = "http://www.w3.org/2002/07/owl#equivalentClass";
        /// `owl:equivalentProperty`
        owl_equivalent_property = "http://www.w3.org/2002/07/owl#equivalentProperty";
        /// `xhv:`, the XHTML vocabulary.
        xhv = "http://www.w3.org/1999/xhtml/vocab#";
        /// `xhv:role`
        xhv_role = "http://www.w3.org/1999/xhtml/vocab#role";
        /// `about:blank`, the address of a document that has none.
        about_blank = "about:blank";
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn every_known_iri_is_valid() {
            for value in super::ALL {
                assert!(crate::Iri::parse(value).is_ok(), "{value}");
            }
        }
    }
}

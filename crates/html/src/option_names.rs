//! The name of each value of the output forms' option enums, written once here: the Python
//! keywords, the command's flags and the server's parameters (parsed by the command's
//! definitions) take these names, and messages list them from [`ALL`](RdfaFormat::ALL).
//!
//! Each enum has `ALL` (its values, in the order messages list them; [`GraphSource`]'s is
//! also the order the graph reads them), `name()` (the value's name) and `from_name()` (the
//! value a name, or one of its aliases, stands for). With the `clap` feature each is a
//! `clap::ValueEnum` of the same names and aliases, with what each value means for `--help`.
//!
//! ```
//! use harvest_html::output::{RdfaFormat, RdfaGraph};
//! assert_eq!(RdfaFormat::from_name("ttl"), Some(RdfaFormat::Turtle));
//! assert_eq!(RdfaFormat::from_name("turtle"), Some(RdfaFormat::Turtle));
//! assert_eq!(RdfaFormat::Turtle.name(), "ttl");
//! assert_eq!(RdfaGraph::ALL.map(RdfaGraph::name), ["output", "processor", "both"]);
//! assert_eq!(RdfaGraph::from_name("all"), None);
//!
//! use harvest_html::output::{GraphFormat, GraphSource};
//! assert_eq!(GraphSource::from_name("json-ld"), Some(GraphSource::JsonLd));
//! assert_eq!(GraphFormat::from_name("trig"), Some(GraphFormat::TriG));
//! ```

use crate::graph::{GraphFormat, GraphSource};
use crate::options::{
    ConversionSource, FeedSource, LinksDetail, MicrodataFormat, RdfAlgorithm, RdfFormat, RdfaFormat, RdfaGraph,
};

/// `ALL`, `name()` and `from_name()` for an enum: each value with its name, its aliases and
/// (for the command's `--help`) what it means; with the `clap` feature, the enum is a
/// [`clap::ValueEnum`] of these names and aliases.
macro_rules! names {
    ($enum:ident { $($value:ident => $name:literal $(| $alias:literal)* $(: $help:literal)?),+ $(,)? }) => {
        impl $enum {
            #[doc = concat!("Every value of [`", stringify!($enum), "`], in the order messages list them.")]
            pub const ALL: [$enum; [$($name),+].len()] = [$($enum::$value),+];

            /// The value's name (`from_name` gives the value back).
            pub fn name(self) -> &'static str {
                match self {
                    $($enum::$value => $name,)+
                }
            }

            /// The value a name stands for (its name, or one of its aliases).
            pub fn from_name(name: &str) -> Option<$enum> {
                match name {
                    $($name $(| $alias)* => Some($enum::$value),)+
                    _ => None,
                }
            }
        }

        #[cfg(feature = "clap")]
        impl clap::ValueEnum for $enum {
            fn value_variants<'a>() -> &'a [Self] {
                &$enum::ALL
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                Some(match self {
                    $($enum::$value => clap::builder::PossibleValue::new($name) $(.alias($alias))* $(.help($help))?,)+
                })
            }
        }
    };
}

names!(LinksDetail { Compact => "compact", Full => "full" });
names!(MicrodataFormat { Json => "json": "The microdata JSON", JsonLd => "jsonld": "JSON-LD" });
names!(ConversionSource {
    Auto => "auto": "Microdata first; microformats2 when the page has no microdata to convert",
    Microdata => "microdata": "Microdata items (the HTML vCard and vEvent vocabularies)",
    Mf2 => "mf2": "Microformats2 (h-card, h-event)",
});
names!(FeedSource {
    Auto => "auto": "The document's `article` elements; the mf2 h-feed when it has none",
    Document => "document": "The document's `article` elements (HTML \"Atom feed\" extraction)",
    Mf2 => "mf2": "The mf2 h-feed, or the page's top-level h-entries",
});
names!(RdfFormat { NTriples => "nt" | "ntriples": "N-Triples", Turtle => "ttl" | "turtle": "Turtle" });
names!(RdfAlgorithm {
    W3c => "w3c": "The W3C note \"Microdata to RDF\": vocabulary predicates, typed values",
    Html5 => "html5": "HTML 5.0 §5.5.2: also the page's title, links and meta",
});
names!(RdfaFormat {
    JsonLd => "jsonld" | "json-ld": "Expanded JSON-LD: an array of node objects with full IRIs (extruct's `rdfa` shape)",
    Turtle => "ttl" | "turtle": "Turtle, with the RDFa initial context's prefixes",
    NTriples => "nt" | "ntriples": "N-Triples",
});
names!(RdfaGraph {
    Output => "output": "The data",
    Processor => "processor": "The processor's warnings and errors (rdfa:Warning, rdfa:UnresolvedCURIE...)",
    Both => "both": "Both in one graph",
});
names!(GraphFormat {
    NQuads => "nquads": "N-Quads, one statement a line, the page's URL as fourth term: pages concatenate into one file (Web Data Commons' layout)",
    NTriples => "ntriples": "N-Triples: the page's statements without their graph",
    Turtle => "turtle": "Turtle: the page's statements without their graph, with prefixes",
    TriG => "trig": "TriG: the page's graph and any named JSON-LD graph, with prefixes",
    JsonLd => "jsonld": "JSON-LD (expanded), one object per graph",
});
names!(GraphSource {
    Microdata => "microdata": "Microdata (the W3C note \"Microdata to RDF\")",
    Rdfa => "rdfa": "RDFa 1.1 (Open Graph's meta property included)",
    JsonLd => "json-ld": "JSON-LD blocks",
    DublinCore => "dublincore": "Dublin Core (DC-HTML)",
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_gives_its_value_back() {
        fn check<T: Copy + PartialEq + std::fmt::Debug>(
            all: &[T],
            name: fn(T) -> &'static str,
            from: fn(&str) -> Option<T>,
        ) {
            for value in all {
                assert_eq!(from(name(*value)), Some(*value), "{value:?}");
            }
        }
        check(&LinksDetail::ALL, LinksDetail::name, LinksDetail::from_name);
        check(&ConversionSource::ALL, ConversionSource::name, ConversionSource::from_name);
        check(&FeedSource::ALL, FeedSource::name, FeedSource::from_name);
        check(&RdfFormat::ALL, RdfFormat::name, RdfFormat::from_name);
        check(&RdfAlgorithm::ALL, RdfAlgorithm::name, RdfAlgorithm::from_name);
        check(&RdfaFormat::ALL, RdfaFormat::name, RdfaFormat::from_name);
        check(&RdfaGraph::ALL, RdfaGraph::name, RdfaGraph::from_name);
        check(&GraphFormat::ALL, GraphFormat::name, GraphFormat::from_name);
        check(&GraphSource::ALL, GraphSource::name, GraphSource::from_name);
    }
}

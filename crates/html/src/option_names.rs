//! The name of each value of the output forms' option enums, written once here: the Python
//! keywords and the server's parameters name them so (the command's flags take the same
//! names), and messages list them from [`ALL`](RdfaFormat::ALL).
//!
//! Each enum has `ALL` (its values, in the order messages list them), `name()` (the value's
//! name) and `from_name()` (the value a name, or one of its aliases, stands for).
//!
//! ```
//! use harvest_html::output::{RdfaFormat, RdfaGraph};
//! assert_eq!(RdfaFormat::from_name("ttl"), Some(RdfaFormat::Turtle));
//! assert_eq!(RdfaFormat::from_name("turtle"), Some(RdfaFormat::Turtle));
//! assert_eq!(RdfaFormat::Turtle.name(), "ttl");
//! assert_eq!(RdfaGraph::ALL.map(RdfaGraph::name), ["output", "processor", "both"]);
//! assert_eq!(RdfaGraph::from_name("all"), None);
//! ```

use crate::options::{ConversionSource, FeedSource, LinksDetail, RdfAlgorithm, RdfFormat, RdfaFormat, RdfaGraph};

/// `ALL`, `name()` and `from_name()` for an enum: each value with its name and its aliases.
macro_rules! names {
    ($enum:ident { $($value:ident => $name:literal $(| $alias:literal)*),+ $(,)? }) => {
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
    };
}

names!(LinksDetail { Compact => "compact", Full => "full" });
names!(ConversionSource { Auto => "auto", Microdata => "microdata", Mf2 => "mf2" });
names!(FeedSource { Auto => "auto", Document => "document", Mf2 => "mf2" });
names!(RdfFormat { NTriples => "nt" | "ntriples", Turtle => "ttl" | "turtle" });
names!(RdfAlgorithm { W3c => "w3c", Html5 => "html5" });
names!(RdfaFormat { JsonLd => "jsonld" | "json-ld", Turtle => "ttl" | "turtle", NTriples => "nt" | "ntriples" });
names!(RdfaGraph { Output => "output", Processor => "processor", Both => "both" });

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
    }
}

//! The JSON outputs as serde types, serialized straight to their destination.
//!
//! Every JSON extraction is a value of [`JsonOutput`]: the extractor crates' own types
//! (`harvest_mf2::Document`, `harvest_links::Link`, the diagnostics...) and, for `all`,
//! [`AllRecord`], whose `Serialize` runs one extractor at a time and serializes its result
//! before the next one runs. Serialized with `serde_json::to_writer`, nothing but the page's
//! tree and one extractor's result is held in memory at a time, and no `serde_json::Value`
//! tree is built; serialized with `serde_json::to_value` (the Python package), the same code
//! gives the value. The links are streamed: each link is read from the tree when the
//! serializer asks for it, so a page's link list is never held.
//!
//! The microdata JSON is written by harvest-microdata's own writer (it has no recursion, so
//! nesting of any depth is written), and enters the record as a [`RawValue`]: copied as it is
//! by `to_writer`.

use crate::error::ExtractError;
use crate::extractors::rdfa_graph;
use crate::limits::Limits;
use crate::options::{AllOptions, LinksDetail, RdfaOutput, Syntax};
use harvest_dom::{Document, Url};
use serde::ser::{Error as _, SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// A JSON output, ready to serialize.
pub(crate) enum JsonOutput<'a> {
    /// The microformats2 document.
    Mf2(harvest_mf2::Document),
    /// The microdata JSON, already written.
    Microdata(Box<RawValue>),
    /// The microdata validator's diagnostics.
    MicrodataDiagnostics(Vec<harvest_microdata::Diagnostic>),
    /// A JSON value built whole (JSON-LD of microdata, JF2).
    Value(serde_json::Value),
    /// Every link, in the full form.
    Links(FullLinks<'a>),
    /// The feed links.
    Feeds(Vec<harvest_links::Link>),
    /// The link checker's diagnostics.
    LinkDiagnostics(Vec<harvest_links::Diagnostic>),
    /// The `all` record.
    All(AllRecord<'a>),
}

impl Serialize for JsonOutput<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            JsonOutput::Mf2(document) => document.serialize(serializer),
            JsonOutput::Microdata(raw) => raw.serialize(serializer),
            JsonOutput::MicrodataDiagnostics(diagnostics) => diagnostics.serialize(serializer),
            JsonOutput::Value(value) => value.serialize(serializer),
            JsonOutput::Links(links) => links.serialize(serializer),
            JsonOutput::Feeds(links) => links.serialize(serializer),
            JsonOutput::LinkDiagnostics(diagnostics) => diagnostics.serialize(serializer),
            JsonOutput::All(record) => record.serialize(serializer),
        }
    }
}

/// The microdata JSON of a page (HTML §5.4.1), from harvest-microdata's writer. Past an output
/// limit, a truncated output (`"truncated": true`) when `truncate`, else an error.
pub(crate) fn microdata(
    doc: &Document,
    read: &harvest_microdata::MicrodataOptions,
    truncate: bool,
    limits: &Limits,
) -> Result<Box<RawValue>, ExtractError> {
    let mut options = harvest_microdata::JsonOptions::new();
    if let Some(max) = limits.max_values {
        options = options.max_values(max);
    }
    let microdata = harvest_microdata::Microdata::with_options(doc, read);
    let json = if truncate {
        microdata.to_json(&options)
    } else {
        microdata.try_to_json(&options).map_err(|e| ExtractError::Failed(e.to_string()))?
    };
    RawValue::from_string(json).map_err(|e| ExtractError::Failed(e.to_string()))
}

/// Every link of a page in the full form, read one at a time as the serializer asks.
pub(crate) struct FullLinks<'a>(pub(crate) &'a Document);

impl Serialize for FullLinks<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for link in harvest_links::iter_links(self.0) {
            seq.serialize_element(&link)?;
        }
        seq.end()
    }
}

/// The `all` record of a page: `url`, then each syntax asked for under its key, and `errors`
/// when JSON-LD blocks are not JSON. Each syntax is extracted when its key is serialized.
pub(crate) struct AllRecord<'a> {
    pub(crate) doc: &'a Document,
    pub(crate) options: &'a AllOptions,
    pub(crate) limits: &'a Limits,
}

impl Serialize for AllRecord<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let doc = self.doc;
        let failed = |error: ExtractError| S::Error::custom(error);
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("url", &doc.url().map(Url::as_str))?;
        let mut errors = Vec::new();
        for syntax in Syntax::ALL.into_iter().filter(|syntax| self.options.syntaxes.contains(syntax)) {
            let key = syntax.name();
            match syntax {
                // A page whose itemrefs ask for more than the output limits still gives the
                // other syntaxes: its microdata is cut short and says so.
                Syntax::Microdata => {
                    let strict = self.options.strict_limits;
                    let json = microdata(doc, &self.options.microdata, !strict, self.limits).map_err(failed)?;
                    map.serialize_entry(key, &json)?
                }
                Syntax::Mf2 => {
                    let parser =
                        self.options.mf2.parser_options(doc, self.limits).strict_limits(self.options.strict_limits);
                    let mf2 = harvest_mf2::parse(doc, &parser).map_err(S::Error::custom)?;
                    map.serialize_entry(key, &mf2)?;
                }
                Syntax::Links => match self.options.links {
                    LinksDetail::Compact => map.serialize_entry(key, &harvest_links::compact_links(doc))?,
                    LinksDetail::Full => map.serialize_entry(key, &FullLinks(doc))?,
                },
                Syntax::JsonLd => {
                    let (blocks, block_errors) = crate::jsonld_blocks::blocks(doc);
                    errors = block_errors;
                    map.serialize_entry(key, &blocks)?;
                }
                Syntax::OpenGraph => map.serialize_entry(key, &harvest_meta::opengraph(doc))?,
                Syntax::DublinCore => map.serialize_entry(key, &harvest_meta::dublin_core(doc))?,
                Syntax::Rdfa => {
                    let rdfa = rdfa_graph(doc, &RdfaOutput::default(), self.limits).map_err(failed)?;
                    map.serialize_entry(key, &harvest_rdf::jsonld::write(&rdfa.graph))?;
                }
            }
        }
        if !errors.is_empty() {
            map.serialize_entry("errors", &errors)?;
        }
        map.end()
    }
}

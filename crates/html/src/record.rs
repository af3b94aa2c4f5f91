//! What a page holds, one typed field per syntax, serialized as `harvest all` prints it.

use crate::jsonld_blocks::BlockError;
use crate::options::{LinksDetail, Syntax};
use harvest_links::Link;
use harvest_meta::{DublinCore, OpenGraph};
use harvest_microdata::JsonDocument;
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

/// The structured data of one page: a field per syntax, `None` for a syntax that was not asked
/// for. Each field holds the owning crate's model type.
///
/// `Serialize` gives exactly the JSON record of `harvest all`: `url`, then each syntax asked
/// for under its key (`microdata`, `mf2`, `links`, `json-ld`, `opengraph`, `dublincore`,
/// `rdfa`), then
/// `errors` when JSON-LD blocks are not JSON.
///
/// ```
/// let record = harvest_html::extract(b"<p class=h-card>Ada</p>", "https://example.com/").unwrap();
/// let json = serde_json::to_value(&record).unwrap();
/// assert_eq!(json["url"], "https://example.com/");
/// assert_eq!(json["mf2"]["items"][0]["properties"]["name"][0], "Ada");
/// let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
/// assert_eq!(keys, ["url", "microdata", "mf2", "links", "json-ld", "opengraph", "dublincore", "rdfa"]);
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Record {
    /// The page's URL as parsed (`https://example.com/` for `https://example.com`), or `None`
    /// when no valid URL was given.
    pub url: Option<String>,
    /// The microdata items, in the JSON model of the HTML microdata chapter.
    pub microdata: Option<JsonDocument>,
    /// The microformats2 items, rels and rel-urls.
    pub mf2: Option<harvest_mf2::Document>,
    /// The page's links (`a`, `area` and `link` elements with an `href`), serialized in the
    /// form chosen with [`crate::Extractor::links`] (compact by default).
    pub links: Option<Vec<Link>>,
    /// The `<script type=application/ld+json>` blocks that are JSON, in tree order.
    pub json_ld: Option<Vec<serde_json::Value>>,
    /// The Open Graph properties (RDFa Lite `meta property=`).
    pub opengraph: Option<Vec<OpenGraph>>,
    /// The Dublin Core statements (DC-HTML `meta` and `link` elements).
    pub dublincore: Option<Vec<DublinCore>>,
    /// The RDFa 1.1 output graph; serialized as expanded JSON-LD node objects (extruct's
    /// `rdfa` shape), as `harvest all` writes it.
    pub rdfa: Option<harvest_rdf::Graph>,
    /// The JSON-LD blocks that are not JSON (empty unless JSON-LD was asked for).
    pub errors: Vec<BlockError>,
    pub(crate) links_detail: LinksDetail,
}

/// A page's links in one of the two forms, serialized one at a time.
struct LinksJson<'a>(&'a [Link], LinksDetail);

impl Serialize for LinksJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for link in self.0 {
            match self.1 {
                LinksDetail::Compact => seq.serialize_element(&link.compact())?,
                LinksDetail::Full => seq.serialize_element(link)?,
            }
        }
        seq.end()
    }
}

/// A member of the record: its key and value, in record order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Member {
    Url,
    Syntax(Syntax),
    Errors,
}

impl Record {
    /// Writes `member` into `map`, if the record has it.
    fn serialize_member<M: SerializeMap>(&self, member: Member, map: &mut M) -> Result<(), M::Error> {
        // The keys are the syntaxes' names, as the streamed record's (`Syntax::name`).
        let syntax = match member {
            Member::Url => return map.serialize_entry("url", &self.url),
            Member::Errors if self.errors.is_empty() => return Ok(()),
            Member::Errors => return map.serialize_entry("errors", &self.errors),
            Member::Syntax(syntax) => syntax,
        };
        let key = syntax.name();
        match syntax {
            Syntax::Microdata => self.microdata.iter().try_for_each(|v| map.serialize_entry(key, v))?,
            Syntax::Mf2 => self.mf2.iter().try_for_each(|v| map.serialize_entry(key, v))?,
            Syntax::Links => {
                self.links.iter().try_for_each(|v| map.serialize_entry(key, &LinksJson(v, self.links_detail)))?
            }
            Syntax::JsonLd => self.json_ld.iter().try_for_each(|v| map.serialize_entry(key, v))?,
            Syntax::OpenGraph => self.opengraph.iter().try_for_each(|v| map.serialize_entry(key, v))?,
            Syntax::DublinCore => self.dublincore.iter().try_for_each(|v| map.serialize_entry(key, v))?,
            Syntax::Rdfa => {
                self.rdfa.iter().try_for_each(|v| map.serialize_entry(key, &harvest_rdf::jsonld::write(v)))?
            }
        }
        Ok(())
    }

    /// The bytes `member` adds to the serialized record (its key, value and separator; for
    /// [`Member::Url`], the braces too), counted without keeping them: the record's size is
    /// the sum over its members.
    pub(crate) fn member_size(&self, member: Member) -> u64 {
        /// A map of one member, as the record writes it.
        struct Alone<'a>(&'a Record, Member);
        impl Serialize for Alone<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(None)?;
                self.0.serialize_member(self.1, &mut map)?;
                map.end()
            }
        }
        let mut counted = ByteCount(0);
        // Counting cannot fail, and the models serialize without errors.
        let _ = serde_json::to_writer(&mut counted, &Alone(self, member));
        match (member, counted.0) {
            (Member::Url, all) => all,
            // `{}` alone: the member is absent.
            (_, 2) => 0,
            // Without its own braces, with the comma before it.
            (_, all) => all - 1,
        }
    }
}

/// A writer that keeps nothing and counts the bytes.
struct ByteCount(u64);

impl std::io::Write for ByteCount {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 = self.0.saturating_add(bytes.len() as u64);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        self.serialize_member(Member::Url, &mut map)?;
        for syntax in Syntax::ALL {
            self.serialize_member(Member::Syntax(syntax), &mut map)?;
        }
        self.serialize_member(Member::Errors, &mut map)?;
        map.end()
    }
}

//! What a page holds, one typed field per syntax, serialized as `harvest all` prints it.

use crate::options::LinksDetail;
use harvest_links::Link;
use harvest_meta::{DublinCore, OpenGraph};
use harvest_microdata::JsonDocument;
use harvest_pipeline::jsonld_blocks::BlockError;
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

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("url", &self.url)?;
        if let Some(microdata) = &self.microdata {
            map.serialize_entry("microdata", microdata)?;
        }
        if let Some(mf2) = &self.mf2 {
            map.serialize_entry("mf2", mf2)?;
        }
        if let Some(links) = &self.links {
            map.serialize_entry("links", &LinksJson(links, self.links_detail))?;
        }
        if let Some(json_ld) = &self.json_ld {
            map.serialize_entry("json-ld", json_ld)?;
        }
        if let Some(opengraph) = &self.opengraph {
            map.serialize_entry("opengraph", opengraph)?;
        }
        if let Some(dublincore) = &self.dublincore {
            map.serialize_entry("dublincore", dublincore)?;
        }
        if let Some(rdfa) = &self.rdfa {
            map.serialize_entry("rdfa", &harvest_rdf::jsonld::write(rdfa))?;
        }
        if !self.errors.is_empty() {
            map.serialize_entry("errors", &self.errors)?;
        }
        map.end()
    }
}

//! The compact JSON form of a link: what a crawler needs to follow, classify and filter it, in
//! a fraction of the full form's size.
//!
//! [`Link`]'s own JSON describes every `rel` token (its spelling, the table that defines it, its
//! effect on this element) and every link the element creates (§4.12.1), which is what a link
//! checker needs and about five times the size of a page's microformats JSON. [`CompactLink`]
//! keeps one line's worth per link:
//!
//! | key | value |
//! |---|---|
//! | `url` | the `href` resolved against the document's base URL; `null` when it does not resolve |
//! | `href` | the `href` as written, only when `url` is `null` |
//! | `rel` | the link types: each `rel` token ASCII-lowercased (tokens with a `:` are URLs and kept as written), synonyms replaced by their keyword (`copyright` → `license`), each once, in attribute order; `author` for `rev=made` |
//! | `tag` | `a`, `area` or `link` |
//! | `path` | the element's path ([`harvest_dom::Element::path`]) |
//! | `hyperlink` | whether the element creates a hyperlink (§4.12.1: a hyperlink keyword, or the implied hyperlink of `a` and `area`) |
//! | `external_resource` | whether it creates an external resource link (`stylesheet`, `icon`, `preload`...) |
//! | `hreflang`, `type`, `media`, `title` | the attributes as written, when present |
//!
//! A `link` whose only types are unknown creates neither (`hyperlink` and `external_resource`
//! both `false`); hyperlink annotations such as `nofollow` are in `rel`.

use crate::link::Link;
use crate::rel::{classify, LinkTag, RelList, TokenEffect};
use crate::resolve::Resolver;
use harvest_dom::{Document, WalkPaths};
use serde::ser::SerializeSeq;
use serde::{Serialize, Serializer};
use std::borrow::Cow;

/// A link in the compact form of `harvest all`'s `links` member (see [`compact_links`]).
///
/// ```
/// use harvest_dom::{Document, ParseOptions, Url};
/// let url = Url::parse("https://example.com/blog/").unwrap();
/// let doc = Document::parse_with(
///     "<a href=post rel='NoFollow COPYRIGHT' hreflang=fr>x</a><link rel=stylesheet href=s.css>",
///     &ParseOptions::new().url(url),
/// );
/// let links = harvest_links::links(&doc);
/// let json = serde_json::to_value(links[0].compact()).unwrap();
/// assert_eq!(json, serde_json::json!({
///     "url": "https://example.com/blog/post", "rel": ["nofollow", "license"], "tag": "a",
///     "path": "html>body>a", "hyperlink": true, "external_resource": false, "hreflang": "fr",
/// }));
/// assert_eq!(serde_json::to_value(links[1].compact()).unwrap()["external_resource"], true);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct CompactLink<'a> {
    /// The resolved URL, or `None` when the `href` does not resolve.
    pub url: Option<&'a str>,
    /// The `href` as written, when it does not resolve.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub href: Option<&'a str>,
    /// The link types, normalized, each once.
    pub rel: Vec<&'a str>,
    /// `a`, `area` or `link`.
    pub tag: &'static str,
    /// The element's path.
    pub path: &'a str,
    /// Whether the element creates a hyperlink.
    pub hyperlink: bool,
    /// Whether the element creates an external resource link.
    pub external_resource: bool,
    /// The `hreflang` attribute.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hreflang: Option<&'a str>,
    /// The `type` attribute.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<&'a str>,
    /// The `media` attribute.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media: Option<&'a str>,
    /// The `title` attribute.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<&'a str>,
}

impl Link {
    /// This link in the compact form (see [`CompactLink`]).
    pub fn compact(&self) -> CompactLink<'_> {
        let url = self.url_str();
        CompactLink {
            url,
            href: if url.is_none() { Some(self.href.as_str()) } else { None },
            rel: rel_names(&self.types),
            tag: self.tag.as_str(),
            path: &self.path,
            hyperlink: self.is_hyperlink(),
            external_resource: self.is_external_resource(),
            hreflang: self.hreflang.as_deref(),
            mime_type: self.mime_type.as_deref(),
            media: self.media.as_deref(),
            title: self.title.as_deref(),
        }
    }
}

/// The `rel` of the compact form: each token's keyword (synonyms replaced) or its normalized
/// spelling, each once, in attribute order.
fn rel_names(types: &RelList) -> Vec<&str> {
    let mut rel: Vec<&str> = Vec::with_capacity(types.tokens().len());
    for token in types.tokens() {
        let name = token.keyword.unwrap_or(token.normalized.as_str());
        if !rel.contains(&name) {
            rel.push(name);
        }
    }
    rel
}

/// Every link of a page in the compact form, read from the tree as it is written: the same
/// links as `iter_links(document).map(|link| link.compact())`, without building each
/// [`Link`] whole (its owned strings, its token descriptions and created links), which is most
/// of the cost of a page's links when only the compact form is wanted. Serializes as a JSON
/// array, one link at a time.
///
/// ```
/// use harvest_dom::{Document, ParseOptions, Url};
/// let url = Url::parse("https://example.com/").unwrap();
/// let doc = Document::parse_with("<a href=a>a</a><link rel=Icon href=i.png>", &ParseOptions::new().url(url));
/// let json = serde_json::to_value(harvest_links::compact_links(&doc)).unwrap();
/// assert_eq!(json[0]["url"], "https://example.com/a");
/// assert_eq!(json[1]["rel"], serde_json::json!(["icon"]));
/// let one_by_one: Vec<_> = harvest_links::links(&doc).iter().map(|link| serde_json::to_value(link.compact()).unwrap()).collect();
/// assert_eq!(json, serde_json::Value::Array(one_by_one));
/// ```
pub fn compact_links(document: &Document) -> CompactLinks<'_> {
    CompactLinks { document }
}

/// The links of [`compact_links`].
#[derive(Debug, Clone, Copy)]
pub struct CompactLinks<'a> {
    document: &'a Document,
}

impl CompactLinks<'_> {
    /// Calls `f` with each link in tree order, stopping at the first error.
    pub fn try_for_each<E>(&self, mut f: impl FnMut(&CompactLink<'_>) -> Result<(), E>) -> Result<(), E> {
        let (mut walk, mut paths) = (self.document.element_walk(), WalkPaths::new());
        let mut resolver = Resolver::new(self.document);
        while let Some((element, depth)) = walk.next() {
            paths.enter(depth);
            let Some(tag) = LinkTag::of(element) else { continue };
            let Some(href) = element.attr("href") else { continue };
            let url = resolver.resolve(href);
            // §4.12.1: an element creates a hyperlink when a keyword does, and `a` and `area`
            // their implied one otherwise; `link` without a hyperlink keyword creates none. The
            // types are read as the full form reads them (`created_links`), without building its
            // descriptions.
            let (mut names, mut hyperlink, mut external_resource) = (Vec::new(), tag != LinkTag::Link, false);
            classify(tag, element.attr("rel"), element.attr("rev"), |token| {
                hyperlink |= token.effect == TokenEffect::Hyperlink;
                external_resource |= token.effect == TokenEffect::ExternalResource;
                let name = match token.keyword {
                    Some(keyword) => Cow::Borrowed(keyword),
                    None => token.normalized,
                };
                if !names.contains(&name) {
                    names.push(name);
                }
            });
            let link = CompactLink {
                url,
                href: if url.is_none() { Some(href) } else { None },
                rel: names.iter().map(|name| name.as_ref()).collect(),
                tag: tag.as_str(),
                path: paths.path(element),
                hyperlink,
                external_resource,
                hreflang: element.attr("hreflang"),
                mime_type: element.attr("type"),
                media: element.attr("media"),
                title: element.attr("title"),
            };
            f(&link)?;
        }
        Ok(())
    }
}

impl Serialize for CompactLinks<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        self.try_for_each(|link| seq.serialize_element(link))?;
        seq.end()
    }
}

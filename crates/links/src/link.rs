//! Links of a document (HTML 5.0 §4.12.1) and what each element creates.

use crate::rel::{LinkTag, RelList, TokenEffect};
use crate::sizes::{parse_sizes, IconSize};
use harvest_dom::{trim_ascii_whitespace, Document, Element, ElementWalk, Url, UrlError, WalkPaths};
use serde::{Serialize, Serializer};

/// The two kinds of links (§4.12.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum LinkKind {
    /// A link the user can follow.
    Hyperlink,
    /// A resource that augments the current document (icon, stylesheet...).
    ExternalResource,
}

/// One link created by an element (§4.12.1: one per keyword, one for the set of `up` and
/// `index` keywords, or the implied hyperlink of an `a`/`area`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct CreatedLink {
    /// Hyperlink or external resource.
    pub kind: LinkKind,
    /// The keywords the link is created for (after synonyms). Empty for the implied hyperlink;
    /// `index` and `up` share one link (§4.12.4.17.2).
    pub types: Vec<&'static str>,
    /// Keywords that modify it without a link of their own (`alternate` on a stylesheet:
    /// an alternative style sheet; `shortcut` on an icon).
    pub modifiers: Vec<&'static str>,
    /// Hyperlink annotations of the element (`nofollow`, `noreferrer`...); empty for external
    /// resources.
    pub annotations: Vec<&'static str>,
    /// Whether this is the implied hyperlink of an `a` or `area` with no hyperlink keyword.
    pub implied: bool,
}

/// A syndication feed format (§4.12.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum FeedKind {
    /// `application/rss+xml`
    Rss,
    /// `application/atom+xml`
    Atom,
}

/// A `link`, `a` or `area` element with an `href`, read as the link-type sections say.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Link {
    /// The element.
    pub element: Element,
    /// The element's path (as [`Element::path`]), for messages and JSON.
    pub path: String,
    /// `link`, `a` or `area`.
    pub tag: LinkTag,
    /// The `href` attribute as written.
    pub href: String,
    /// The `href` resolved against the document base URL, or why that failed.
    pub url: Result<Url, UrlError>,
    /// The `rel` attribute as written.
    pub rel: Option<String>,
    /// The link types (rel tokens, classified for this element).
    pub types: RelList,
    /// The links the element creates.
    pub created: Vec<CreatedLink>,
    /// The number of `up` keywords: the hierarchical distance to the target (0 without `up`).
    pub up_count: usize,
    /// The feed format when the element is a syndication feed link: an `alternate`
    /// hyperlink whose `type` is `application/rss+xml` or `application/atom+xml`.
    pub feed: Option<FeedKind>,
    /// The `hreflang` attribute.
    pub hreflang: Option<String>,
    /// The `media` attribute.
    pub media: Option<String>,
    /// The `type` attribute.
    pub mime_type: Option<String>,
    /// The `title` attribute.
    pub title: Option<String>,
    /// The `sizes` attribute of a `link`, parsed (§4.12.4.7).
    pub sizes: Option<Vec<IconSize>>,
}

impl Link {
    /// Whether the element has link type `keyword` (see [`RelList::contains`]).
    pub fn has_type(&self, keyword: &str) -> bool {
        self.types.contains(keyword)
    }

    /// Whether the element creates a hyperlink (implied or by keyword).
    pub fn is_hyperlink(&self) -> bool {
        creates(&self.created, LinkKind::Hyperlink)
    }

    /// Whether the element creates an external resource link.
    pub fn is_external_resource(&self) -> bool {
        creates(&self.created, LinkKind::ExternalResource)
    }

    /// Whether the element is an alternative style sheet: a `link` with `alternate` and
    /// `stylesheet` (§4.12.4.14).
    pub fn is_alternative_stylesheet(&self) -> bool {
        self.created.iter().any(|c| c.types.contains(&"stylesheet") && c.modifiers.contains(&"alternate"))
    }

    /// The resolved URL as a string, when it resolved.
    pub fn url_str(&self) -> Option<&str> {
        self.url.as_ref().ok().map(Url::as_str)
    }
}

#[derive(Serialize)]
struct LinkJson<'a> {
    tag: LinkTag,
    path: &'a str,
    href: &'a str,
    url: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    url_error: Option<String>,
    rel: Option<&'a str>,
    types: &'a RelList,
    created: &'a [CreatedLink],
    #[serde(skip_serializing_if = "is_zero")]
    up_count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    feed: Option<FeedKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hreflang: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    media: Option<&'a str>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    mime_type: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sizes: Option<&'a [IconSize]>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// JSON form: `tag`, `path`, `href`, `url` (null when it failed, with `url_error`), `rel`,
/// `types`, `created`, and when present `up_count`, `feed`, `hreflang`, `media`, `type`,
/// `title`, `sizes`.
impl Serialize for Link {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        LinkJson {
            tag: self.tag,
            path: &self.path,
            href: &self.href,
            url: self.url_str(),
            url_error: self.url.as_ref().err().map(|e| e.reason.to_string()),
            rel: self.rel.as_deref(),
            types: &self.types,
            created: &self.created,
            up_count: self.up_count,
            feed: self.feed,
            hreflang: self.hreflang.as_deref(),
            media: self.media.as_deref(),
            mime_type: self.mime_type.as_deref(),
            title: self.title.as_deref(),
            sizes: self.sizes.as_deref(),
        }
        .serialize(serializer)
    }
}

/// Every `link`, `a` and `area` element (HTML namespace) with an `href` attribute, in tree
/// order, with its link types and the links it creates (§4.12.1, §4.12.4).
///
/// ```
/// use harvest_dom::{Document, ParseOptions, Url};
/// use harvest_links::{links, LinkKind};
/// let url = Url::parse("http://example.com/a/b").unwrap();
/// let doc = Document::parse_with(
///     "<link rel='stylesheet ICON' href=s.css><a href=/x rel=nofollow>x</a><a>no href</a>",
///     &ParseOptions::new().url(url),
/// );
/// let all = links(&doc);
/// assert_eq!(all.len(), 2);
/// assert_eq!(all[0].created.len(), 2);
/// assert_eq!(all[0].created[1].types, vec!["icon"]);
/// assert_eq!(all[1].url_str(), Some("http://example.com/x"));
/// assert!(all[1].created[0].implied);
/// assert_eq!(all[1].created[0].annotations, vec!["nofollow"]);
/// assert_eq!(all[1].created[0].kind, LinkKind::Hyperlink);
/// ```
pub fn links(document: &Document) -> Vec<Link> {
    iter_links(document).collect()
}

/// The links of [`links`] one at a time, in tree order, each read when it is asked for: a
/// caller that writes each link out as it comes holds one link at a time, not the page's list.
///
/// ```
/// let doc = harvest_dom::Document::parse("<a href=/a>a</a><p><a href=/b>b</a>");
/// let paths: Vec<String> = harvest_links::iter_links(&doc).map(|link| link.path).collect();
/// assert_eq!(paths, ["html>body>a", "html>body>p>a"]);
/// ```
pub fn iter_links(document: &Document) -> Links<'_> {
    Links { document, walk: document.element_walk(), paths: WalkPaths::new() }
}

/// The iterator of [`iter_links`].
pub struct Links<'a> {
    document: &'a Document,
    walk: ElementWalk,
    paths: WalkPaths,
}

impl Iterator for Links<'_> {
    type Item = Link;

    fn next(&mut self) -> Option<Link> {
        while let Some((element, depth)) = self.walk.next() {
            self.paths.enter(depth);
            let paths = &mut self.paths;
            if let Some(link) = read_link(self.document, element, || paths.path(element).to_owned()) {
                return Some(link);
            }
        }
        None
    }
}

/// The link an element makes, if it is a `link`, `a` or `area` with an `href`. `path` is asked
/// only then: naming an element is the costly part of walking every element.
pub(crate) fn read_link(document: &Document, element: &Element, path: impl FnOnce() -> String) -> Option<Link> {
    let tag = LinkTag::of(element)?;
    let href = element.attr("href")?.to_string();
    let url = document.resolve_url(&href);
    let attr = |name: &str| element.attr(name).map(|v| v.to_string());
    let rel = attr("rel");
    let types = crate::rel::rel_list(element);
    let created = created_links(tag, &types);
    let mime_type = attr("type");
    let alternate_hyperlink =
        types.tokens().iter().any(|t| t.keyword == Some("alternate") && t.effect == TokenEffect::Hyperlink);
    let feed = if alternate_hyperlink { mime_type.as_deref().and_then(feed_kind) } else { None };
    let sizes = if tag == LinkTag::Link { element.attr("sizes").map(parse_sizes) } else { None };
    Some(Link {
        path: path(),
        element: element.clone(),
        tag,
        href,
        url,
        up_count: types.up_count(),
        rel,
        types,
        created,
        feed,
        hreflang: attr("hreflang"),
        media: attr("media"),
        mime_type,
        title: attr("title"),
        sizes,
    })
}

/// §4.12.4.1: the feed format named by a `type` value. The value is compared after trimming
/// ASCII whitespace, ignoring ASCII case and any MIME parameters (see docs/links.md).
pub(crate) fn feed_kind(mime_type: &str) -> Option<FeedKind> {
    let essence = mime_type.split(';').next().unwrap_or("");
    let essence = trim_ascii_whitespace(essence);
    if essence.eq_ignore_ascii_case("application/rss+xml") {
        Some(FeedKind::Rss)
    } else if essence.eq_ignore_ascii_case("application/atom+xml") {
        Some(FeedKind::Atom)
    } else {
        None
    }
}

/// Whether one of the links an element creates is of this kind.
pub(crate) fn creates(created: &[CreatedLink], kind: LinkKind) -> bool {
    created.iter().any(|link| link.kind == kind)
}

/// §4.12.1 and the keyword sections: the links an element creates.
pub(crate) fn created_links(tag: LinkTag, types: &RelList) -> Vec<CreatedLink> {
    let mut annotations: Vec<&'static str> = Vec::new();
    let mut modifiers: Vec<&'static str> = Vec::new();
    for token in types.tokens() {
        if let Some(keyword) = token.keyword {
            let list = match token.effect {
                TokenEffect::Annotation => &mut annotations,
                TokenEffect::Modifier => &mut modifiers,
                _ => continue,
            };
            if !list.contains(&keyword) {
                list.push(keyword);
            }
        }
    }
    let mut created: Vec<CreatedLink> = Vec::new();
    // §4.12.4.17.2: one link for the set of up keywords and the index keyword.
    let mut hierarchy_link: Option<usize> = None;
    for token in types.tokens() {
        let Some(keyword) = token.keyword else { continue };
        let kind = match token.effect {
            TokenEffect::Hyperlink => LinkKind::Hyperlink,
            TokenEffect::ExternalResource => LinkKind::ExternalResource,
            _ => continue,
        };
        if keyword == "up" || keyword == "index" {
            if let Some(index) = hierarchy_link {
                if let Some(link) = created.get_mut(index) {
                    if !link.types.contains(&keyword) {
                        link.types.push(keyword);
                    }
                }
                continue;
            }
            hierarchy_link = Some(created.len());
        } else if created.iter().any(|c| c.types.contains(&keyword)) {
            continue;
        }
        let link_modifiers = match keyword {
            "stylesheet" => modifiers.iter().copied().filter(|m| *m == "alternate").collect(),
            "icon" => modifiers.iter().copied().filter(|m| *m == "shortcut").collect(),
            _ => Vec::new(),
        };
        created.push(CreatedLink {
            kind,
            types: vec![keyword],
            modifiers: link_modifiers,
            annotations: if kind == LinkKind::Hyperlink { annotations.clone() } else { Vec::new() },
            implied: false,
        });
    }
    // §4.12.1: a and area with no rel, or no keyword creating a hyperlink, create the implied
    // hyperlink (rev="made" counts as the author keyword, §4.12.4.3).
    let has_hyperlink = created.iter().any(|c| c.kind == LinkKind::Hyperlink);
    if tag != LinkTag::Link && !has_hyperlink {
        created.push(CreatedLink {
            kind: LinkKind::Hyperlink,
            types: Vec::new(),
            modifiers: Vec::new(),
            annotations,
            implied: true,
        });
    }
    created
}

/// The links that have link type `keyword` (see [`RelList::contains`]), in order.
///
/// ```
/// use harvest_dom::Document;
/// use harvest_links::{by_type, links};
/// let doc = Document::parse("<a rel=COPYRIGHT href=http://l.example/>c</a><a rel=license href=http://m.example/>l</a>");
/// let all = links(&doc);
/// assert_eq!(by_type(&all, "license").len(), 2);
/// ```
pub fn by_type<'a>(links: &'a [Link], keyword: &str) -> Vec<&'a Link> {
    links.iter().filter(|link| link.has_type(keyword)).collect()
}

/// The syndication feed links (§4.12.4.1), in tree order: `link`, `a` and `area` elements with
/// an `href`, whose `alternate` keyword creates a hyperlink and whose `type` is
/// `application/rss+xml` or `application/atom+xml`.
///
/// ```
/// use harvest_dom::Document;
/// use harvest_links::{default_feed, feeds, FeedKind};
/// let doc = Document::parse(
///     "<link rel=alternate type=application/rss+xml href=rss.xml>\
///      <a rel=alternate type=application/atom+xml href=atom.xml>Atom</a>",
/// );
/// assert_eq!(feeds(&doc).len(), 2);
/// assert_eq!(default_feed(&doc).unwrap().feed, Some(FeedKind::Rss));
/// ```
pub fn feeds(document: &Document) -> Vec<Link> {
    links(document).into_iter().filter(|link| link.feed.is_some()).collect()
}

/// The default syndication feed for feed autodiscovery: the first feed link in tree order
/// (§4.12.4.1).
pub fn default_feed(document: &Document) -> Option<Link> {
    let (mut walk, mut paths) = (document.element_walk(), WalkPaths::new());
    while let Some((element, depth)) = walk.next() {
        paths.enter(depth);
        if let Some(link) = read_link(document, element, || paths.path(element).to_owned()) {
            if link.feed.is_some() {
                return Some(link);
            }
        }
    }
    None
}

//! Reading `rel` (and `rev="made"`) into classified link types (HTML 5.0 §4.12.4).

use crate::table::{self, Effect, KeywordDef, Source};
use harvest_dom::{split_ascii_whitespace, Element, Url};
use serde::Serialize;
use std::borrow::Cow;
use std::collections::HashSet;

/// The element kinds that create links.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum LinkTag {
    /// `<link>`
    Link,
    /// `<a>`
    A,
    /// `<area>`
    Area,
}

impl LinkTag {
    /// The tag of an HTML `link`, `a` or `area` element; `None` for any other element.
    pub fn of(element: &Element) -> Option<LinkTag> {
        if !element.is_html() {
            return None;
        }
        match element.local_name() {
            "link" => Some(LinkTag::Link),
            "a" => Some(LinkTag::A),
            "area" => Some(LinkTag::Area),
            _ => None,
        }
    }

    /// The tag name.
    pub fn as_str(self) -> &'static str {
        match self {
            LinkTag::Link => "link",
            LinkTag::A => "a",
            LinkTag::Area => "area",
        }
    }
}

/// What one token does on the element that carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum TokenEffect {
    /// Creates a hyperlink.
    Hyperlink,
    /// Creates an external resource link.
    ExternalResource,
    /// Annotates the element's other hyperlinks (or its implied hyperlink).
    Annotation,
    /// Modifies another keyword and creates no link of its own: `alternate` together with
    /// `stylesheet` on a `link` (§4.12.4.1), `shortcut` together with `icon` on a `link`.
    Modifier,
    /// Known, but must not be used on this element; it creates nothing.
    NotAllowed,
    /// Not in the spec's table nor in the built-in extension list (including every token with
    /// a `:`); it creates nothing.
    Unknown,
}

impl From<Effect> for TokenEffect {
    fn from(effect: Effect) -> Self {
        match effect {
            Effect::Hyperlink => TokenEffect::Hyperlink,
            Effect::ExternalResource => TokenEffect::ExternalResource,
            Effect::Annotation => TokenEffect::Annotation,
            Effect::NotAllowed => TokenEffect::NotAllowed,
        }
    }
}

/// Which attribute a token came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum TokenOrigin {
    /// The `rel` attribute.
    Rel,
    /// A `rev` attribute with the value `made`, which user agents treat as `rel=author`
    /// (§4.12.4.3, synonyms).
    Rev,
}

/// One link type of an element: a token of its `rel` attribute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RelToken {
    /// The token as written.
    pub token: String,
    /// The token as compared: ASCII-lowercased when it has no `:`, unchanged otherwise
    /// (§4.12.4: tokens with a colon are URLs).
    pub normalized: String,
    /// The keyword it stands for after synonyms (`copyright` → `license`), when known.
    pub keyword: Option<&'static str>,
    /// Whether the token is a synonym of [`RelToken::keyword`] (synonyms must not be used in
    /// documents).
    pub synonym: bool,
    /// Which table defines the keyword, when known.
    pub source: Option<Source>,
    /// What the token does on this element.
    pub effect: TokenEffect,
    /// Whether the token contains a `:` (an extension type named by an absolute URL).
    pub is_url: bool,
    /// Whether the same normalized token came earlier in the attribute.
    pub duplicate: bool,
    /// The attribute the token came from.
    pub origin: TokenOrigin,
}

/// The parsed link types of one element, in attribute order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct RelList {
    tokens: Vec<RelToken>,
}

/// ASCII-lowercases a token unless it contains a `:` (§4.12.4).
pub fn normalize_token(token: &str) -> String {
    if token.contains(':') {
        token.to_owned()
    } else {
        token.to_ascii_lowercase()
    }
}

/// Reads an element's link types: its `rel` attribute split on ASCII whitespace (§4.12.4),
/// each token classified for this element, followed by an `author` token when the element has
/// `rev="made"` (§4.12.4.3). Elements other than HTML `link`, `a` and `area` get an empty
/// list.
///
/// ```
/// use harvest_dom::Document;
/// use harvest_links::{rel_list, TokenEffect};
/// let doc = Document::parse("<a href=/ rel='NoFollow copyright'>x</a>");
/// let a = doc.elements().find(|e| e.is("a")).unwrap();
/// let rel = rel_list(&a);
/// assert!(rel.contains("license"));
/// assert!(rel.contains("nofollow"));
/// assert_eq!(rel.tokens()[0].token, "NoFollow");
/// assert_eq!(rel.tokens()[0].effect, TokenEffect::Annotation);
/// ```
pub fn rel_list(element: &Element) -> RelList {
    match LinkTag::of(element) {
        Some(tag) => {
            let rel = element.attr("rel");
            let rev = element.attr("rev");
            RelList::parse(tag, rel, rev)
        }
        None => RelList::default(),
    }
}

/// One link type of an element as [`classify`] reads it, borrowed from the attribute.
pub(crate) struct Classified<'a> {
    /// The token as written.
    pub(crate) token: &'a str,
    /// The token as compared ([`RelToken::normalized`]).
    pub(crate) normalized: Cow<'a, str>,
    pub(crate) keyword: Option<&'static str>,
    pub(crate) synonym: bool,
    pub(crate) source: Option<Source>,
    pub(crate) effect: TokenEffect,
    pub(crate) is_url: bool,
    pub(crate) origin: TokenOrigin,
}

/// [`normalize_token`], borrowing a token that is already normalized.
fn normalized(token: &str) -> Cow<'_, str> {
    if token.contains(':') || !token.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Borrowed(token)
    } else {
        Cow::Owned(token.to_ascii_lowercase())
    }
}

/// §4.12.4: the link types of an element of kind `tag` with these `rel` and `rev` values, each
/// classified for the element, given to `each` in attribute order (the `rev="made"` author
/// token last). [`RelList::parse`] and the compact links read them here.
pub(crate) fn classify<'a>(
    tag: LinkTag,
    rel: Option<&'a str>,
    rev: Option<&'a str>,
    mut each: impl FnMut(Classified<'a>),
) {
    let rel_tokens = || rel.into_iter().flat_map(split_ascii_whitespace);
    // §4.12.4.3 synonyms: an element with rev="made" is treated as having the author keyword.
    let made = rev.and_then(|v| split_ascii_whitespace(v).find(|t| t.eq_ignore_ascii_case("made")));
    let has = |keyword: &str| rel_tokens().any(|t| !t.contains(':') && t.eq_ignore_ascii_case(keyword));
    // Only a link element's keywords depend on their neighbours.
    let (has_stylesheet, has_icon) =
        if tag == LinkTag::Link { (has("stylesheet"), has("icon")) } else { (false, false) };
    let tokens = rel_tokens().map(|t| (t, TokenOrigin::Rel)).chain(made.map(|t| (t, TokenOrigin::Rev)));
    for (token, origin) in tokens {
        let normalized = match origin {
            TokenOrigin::Rel => normalized(token),
            TokenOrigin::Rev => Cow::Borrowed("author"),
        };
        let is_url = origin == TokenOrigin::Rel && token.contains(':');
        let found: Option<(&'static KeywordDef, bool)> = if is_url { None } else { table::lookup(&normalized) };
        let (keyword, synonym, source, mut effect) = match found {
            Some((def, synonym)) => {
                let effect = if tag == LinkTag::Link { def.on_link } else { def.on_a_area };
                (Some(def.keyword), synonym || origin == TokenOrigin::Rev, Some(def.source), effect.into())
            }
            None => (None, false, None, TokenEffect::Unknown),
        };
        if tag == LinkTag::Link {
            // §4.12.4.1: on a link element, alternate with stylesheet modifies the stylesheet
            // keyword and creates no link of its own.
            if keyword == Some("alternate") && has_stylesheet {
                effect = TokenEffect::Modifier;
            }
            // "shortcut icon" (extension): shortcut only qualifies icon.
            if keyword == Some("shortcut") {
                effect = if has_icon { TokenEffect::Modifier } else { TokenEffect::NotAllowed };
            }
        } else if keyword == Some("shortcut") {
            effect = TokenEffect::NotAllowed;
        }
        each(Classified { token, normalized, keyword, synonym, source, effect, is_url, origin });
    }
}

/// Lists of up to this many tokens find a duplicate by comparing with each earlier token.
const FEW_TOKENS: usize = 16;

impl RelList {
    /// Parses `rel` (and `rev`) values for an element of kind `tag`.
    pub fn parse(tag: LinkTag, rel: Option<&str>, rev: Option<&str>) -> RelList {
        let mut tokens: Vec<RelToken> = Vec::new();
        // The normalized `rel` tokens seen, once there are too many to compare with each.
        let mut seen: HashSet<String> = HashSet::new();
        classify(tag, rel, rev, |token| {
            let normalized = token.normalized.into_owned();
            let duplicate = token.origin == TokenOrigin::Rel
                && if tokens.len() < FEW_TOKENS {
                    tokens.iter().any(|t| t.origin == TokenOrigin::Rel && t.normalized == normalized)
                } else {
                    if seen.is_empty() {
                        let earlier = tokens.iter().filter(|t| t.origin == TokenOrigin::Rel);
                        seen.extend(earlier.map(|t| t.normalized.clone()));
                    }
                    !seen.insert(normalized.clone())
                };
            tokens.push(RelToken {
                token: token.token.to_owned(),
                normalized,
                keyword: token.keyword,
                synonym: token.synonym,
                source: token.source,
                effect: token.effect,
                is_url: token.is_url,
                duplicate,
                origin: token.origin,
            });
        });
        RelList { tokens }
    }

    /// The tokens in attribute order (a `rev="made"` author token last).
    pub fn tokens(&self) -> &[RelToken] {
        &self.tokens
    }

    /// Whether no token was found.
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    /// Whether the element has link type `keyword`, as user agents read it: compared ASCII
    /// case-insensitively after synonyms on both sides (`contains("license")` and
    /// `contains("copyright")` are both true for `rel=copyright` and for `rel=license`), or
    /// exactly for a URL type (one with a `:`). Tokens not allowed on the element still count:
    /// this answers "does the attribute include the keyword".
    pub fn contains(&self, keyword: &str) -> bool {
        if keyword.contains(':') {
            return self.tokens.iter().any(|t| t.is_url && t.normalized == keyword);
        }
        match table::lookup(&keyword.to_ascii_lowercase()) {
            // A known keyword or synonym: compare the keywords they stand for.
            Some((def, _)) => self.tokens.iter().any(|t| t.keyword == Some(def.keyword)),
            None => self.tokens.iter().any(|t| !t.is_url && t.normalized.eq_ignore_ascii_case(keyword)),
        }
    }

    /// The number of `up` tokens: the hierarchical distance to the linked document
    /// (§4.12.4.17.2).
    pub fn up_count(&self) -> usize {
        self.tokens.iter().filter(|t| t.keyword == Some("up")).count()
    }

    /// The rel tokens as HTML 5.0 §5.5.2 step 2 (conversion to RDF) reads them: split on
    /// spaces, tokens without `:` ASCII-lowercased, every `up` removed when there is more than
    /// one, duplicates coalesced (first kept), `alternate` + `stylesheet` replaced by the single
    /// token `ALTERNATE-STYLESHEET` (where the first of the two was), and tokens with a `:`
    /// kept only when they are absolute URLs. Synonyms are *not* mapped and `rev` is not read,
    /// as that algorithm says.
    ///
    /// ```
    /// use harvest_dom::Document;
    /// use harvest_links::{rel_list, RdfRel};
    /// let doc = Document::parse("<link rel='Up up Stylesheet alternate http://e.com/r :y' href=a>");
    /// let link = doc.elements().find(|e| e.is("link")).unwrap();
    /// assert_eq!(
    ///     rel_list(&link).rdf_tokens(),
    ///     vec![RdfRel::Keyword("ALTERNATE-STYLESHEET".into()), RdfRel::Url("http://e.com/r".into())]
    /// );
    /// ```
    pub fn rdf_tokens(&self) -> Vec<RdfRel> {
        // Step 4-5: split, lowercase tokens without a colon.
        let mut list: Vec<&str> =
            self.tokens.iter().filter(|t| t.origin == TokenOrigin::Rel).map(|t| t.normalized.as_str()).collect();
        // Step 6: more than one `up` → remove them all.
        if list.iter().filter(|t| **t == "up").count() > 1 {
            list.retain(|t| *t != "up");
        }
        // Step 7: coalesce duplicates.
        let mut unique: Vec<&str> = Vec::with_capacity(list.len());
        let mut seen = HashSet::new();
        for token in list {
            if seen.insert(token) {
                unique.push(token);
            }
        }
        // Step 8: alternate + stylesheet → ALTERNATE-STYLESHEET.
        let mut out = Vec::with_capacity(unique.len());
        let both = unique.contains(&"alternate") && unique.contains(&"stylesheet");
        let mut replaced = false;
        for token in unique {
            if both && (token == "alternate" || token == "stylesheet") {
                if !replaced {
                    out.push(RdfRel::Keyword("ALTERNATE-STYLESHEET".to_owned()));
                    replaced = true;
                }
            } else if token.contains(':') {
                // Step 9: only absolute URLs generate triples.
                if Url::parse(token).is_ok() {
                    out.push(RdfRel::Url(token.to_owned()));
                }
            } else {
                out.push(RdfRel::Keyword(token.to_owned()));
            }
        }
        out
    }
}

/// A rel token as the RDF conversion uses it (HTML 5.0 §5.5.2 step 2.9).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RdfRel {
    /// A token without `:`; the predicate is `http://www.w3.org/1999/xhtml/vocab#` followed by
    /// it (%-escaped by the exporter).
    Keyword(String),
    /// A token that is an absolute URL; it is the predicate itself.
    Url(String),
}

//! The link-type table: every keyword this crate recognizes and what it does on each element.
//!
//! Two lists, kept apart on purpose:
//!
//! * [`SPEC_KEYWORDS`]: the table of HTML 5.0 §4.12.4 "Link types" with the synonyms given in
//!   each keyword's own section (§4.12.4.1 onwards).
//! * [`EXTENSION_KEYWORDS`]: widely used keywords registered as extensions (§4.12.4.x
//!   "Other link types": the RelExtensions registry, since continued on microformats.org
//!   "existing-rel-values", and keywords later adopted by the HTML Living Standard). These are
//!   *not* part of the specification this crate implements; they are accepted so that the
//!   checker does not call everyday markup unknown. Each entry names where it comes from.
//!
//! Everything that classifies a token reads these two tables through [`lookup`].

use serde::Serialize;

/// What a keyword does on one kind of element (the "Effect on..." columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Effect {
    /// The keyword must not be used on this element.
    NotAllowed,
    /// The keyword creates a hyperlink.
    Hyperlink,
    /// The keyword creates an external resource link.
    ExternalResource,
    /// The keyword annotates the other hyperlinks the element creates (`nofollow`,
    /// `noreferrer`).
    Annotation,
}

/// Where a keyword's definition comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Source {
    /// The HTML 5.0 link-type table (§4.12.4).
    Spec,
    /// The built-in list of registered extensions ([`EXTENSION_KEYWORDS`]).
    Extension,
}

/// One row of a link-type table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct KeywordDef {
    /// The keyword, lowercase.
    pub keyword: &'static str,
    /// Effect on `link` elements.
    pub on_link: Effect,
    /// Effect on `a` and `area` elements.
    pub on_a_area: Effect,
    /// Synonyms user agents must treat like this keyword (lowercase); authors must not use them.
    pub synonyms: &'static [&'static str],
    /// Which table the row belongs to.
    pub source: Source,
    /// Where the keyword is defined (a spec section or a registry).
    pub defined_in: &'static str,
}

use Effect::{Annotation as Ann, ExternalResource as Ext, Hyperlink as Hyp, NotAllowed as No};

const fn spec(
    keyword: &'static str,
    on_link: Effect,
    on_a_area: Effect,
    synonyms: &'static [&'static str],
    defined_in: &'static str,
) -> KeywordDef {
    KeywordDef { keyword, on_link, on_a_area, synonyms, source: Source::Spec, defined_in }
}

const fn ext(keyword: &'static str, on_link: Effect, on_a_area: Effect, defined_in: &'static str) -> KeywordDef {
    KeywordDef { keyword, on_link, on_a_area, synonyms: &[], source: Source::Extension, defined_in }
}

/// HTML 5.0 §4.12.4: the link-type table, with each keyword's synonyms from its own section.
///
/// `rev="made"` (a synonym of `author` given as a `rev` value, §4.12.4.3) is handled where the
/// `rel` attribute is read, not here.
pub const SPEC_KEYWORDS: &[KeywordDef] = &[
    spec("alternate", Hyp, Hyp, &[], "4.12.4.1"),
    spec("archives", Hyp, Hyp, &["archive"], "4.12.4.2"),
    spec("author", Hyp, Hyp, &[], "4.12.4.3"),
    spec("bookmark", No, Hyp, &[], "4.12.4.4"),
    spec("external", No, Hyp, &[], "4.12.4.5"),
    spec("help", Hyp, Hyp, &[], "4.12.4.6"),
    spec("icon", Ext, No, &[], "4.12.4.7"),
    spec("license", Hyp, Hyp, &["copyright"], "4.12.4.8"),
    spec("nofollow", No, Ann, &[], "4.12.4.9"),
    spec("noreferrer", No, Ann, &[], "4.12.4.10"),
    spec("pingback", Ext, No, &[], "4.12.4.11"),
    spec("prefetch", Ext, Ext, &[], "4.12.4.12"),
    spec("search", Hyp, Hyp, &[], "4.12.4.13"),
    spec("stylesheet", Ext, No, &[], "4.12.4.14"),
    spec("sidebar", Hyp, Hyp, &[], "4.12.4.15"),
    spec("tag", Hyp, Hyp, &[], "4.12.4.16"),
    spec("index", Hyp, Hyp, &["top", "contents", "toc"], "4.12.4.17.1"),
    spec("up", Hyp, Hyp, &[], "4.12.4.17.2"),
    spec("first", Hyp, Hyp, &["begin", "start"], "4.12.4.18.1"),
    spec("last", Hyp, Hyp, &["end"], "4.12.4.18.2"),
    spec("next", Hyp, Hyp, &[], "4.12.4.18.3"),
    spec("prev", Hyp, Hyp, &["previous"], "4.12.4.18.4"),
];

/// **Extensions, not HTML 5.0.** Widely used registered keywords (HTML 5.0 §4.12.4.19 "Other
/// link types" says registered extensions with status proposed or ratified may be used per
/// their "Effect on..." fields). Effects follow the HTML Living Standard where it adopted the
/// keyword, else the registry entry or the keyword's own specification. `shortcut` is handled
/// specially (see [`crate::RelToken`]): it only modifies `icon` on `link` elements.
pub const EXTENSION_KEYWORDS: &[KeywordDef] = &[
    // Adopted by the HTML Living Standard.
    ext("canonical", Hyp, No, "HTML Living Standard"),
    ext("dns-prefetch", Ext, No, "HTML Living Standard"),
    ext("manifest", Ext, No, "HTML Living Standard"),
    ext("modulepreload", Ext, No, "HTML Living Standard"),
    ext("noopener", No, Ann, "HTML Living Standard"),
    ext("opener", No, Ann, "HTML Living Standard"),
    ext("preconnect", Ext, No, "HTML Living Standard"),
    ext("preload", Ext, No, "HTML Living Standard"),
    ext("prerender", Ext, No, "HTML Living Standard (since removed)"),
    ext("privacy-policy", Hyp, Hyp, "HTML Living Standard"),
    ext("terms-of-service", Hyp, Hyp, "HTML Living Standard"),
    // Registered in the rel extensions registry (microformats.org existing-rel-values) or
    // defined by their own specifications.
    ext("me", Hyp, Hyp, "XFN / rel-me"),
    ext("webmention", Ext, Ext, "Webmention (W3C Recommendation)"),
    ext("micropub", Ext, No, "Micropub (W3C Recommendation)"),
    ext("authorization_endpoint", Ext, No, "IndieAuth"),
    ext("token_endpoint", Ext, No, "IndieAuth"),
    ext("indieauth-metadata", Ext, No, "IndieAuth"),
    ext("hub", Ext, No, "WebSub (W3C Recommendation)"),
    ext("self", Hyp, No, "WebSub / Atom"),
    ext("shortlink", Hyp, Hyp, "rel extensions registry"),
    ext("syndication", Hyp, Hyp, "rel extensions registry (rel-syndication)"),
    ext("in-reply-to", Hyp, Hyp, "rel extensions registry (rel-in-reply-to)"),
    ext("edit", Hyp, Hyp, "rel extensions registry (AtomPub)"),
    ext("edituri", Hyp, No, "rel extensions registry (RSD)"),
    ext("wlwmanifest", Hyp, No, "rel extensions registry"),
    ext("amphtml", Hyp, No, "rel extensions registry (AMP)"),
    ext("apple-touch-icon", Ext, No, "rel extensions registry"),
    ext("apple-touch-icon-precomposed", Ext, No, "rel extensions registry"),
    ext("mask-icon", Ext, No, "rel extensions registry"),
    ext("openid.server", Hyp, No, "OpenID 1.1"),
    ext("openid.delegate", Hyp, No, "OpenID 1.1"),
    ext("openid2.provider", Hyp, No, "OpenID 2.0"),
    ext("openid2.local_id", Hyp, No, "OpenID 2.0"),
    ext("ugc", No, Ann, "rel extensions registry (search engines)"),
    ext("sponsored", No, Ann, "rel extensions registry (search engines)"),
    ext("shortcut", Ext, No, "rel extensions registry (only in \"shortcut icon\")"),
];

/// Looks up a lowercase keyword: the row that defines it (directly or as a synonym), and
/// whether the token was a synonym. Spec rows are searched first.
pub fn lookup(lowercase: &str) -> Option<(&'static KeywordDef, bool)> {
    SPEC_KEYWORDS.iter().chain(EXTENSION_KEYWORDS).find_map(|def| {
        if def.keyword == lowercase {
            Some((def, false))
        } else if def.synonyms.contains(&lowercase) {
            Some((def, true))
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_lowercase_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for def in SPEC_KEYWORDS.iter().chain(EXTENSION_KEYWORDS) {
            for name in std::iter::once(&def.keyword).chain(def.synonyms) {
                assert_eq!(*name, name.to_ascii_lowercase());
                assert!(!name.contains(':'), "{name}");
                assert!(seen.insert(*name), "{name} listed twice");
            }
        }
        assert_eq!(SPEC_KEYWORDS.len(), 22);
    }

    #[test]
    fn synonyms_resolve_to_their_keyword() {
        for (synonym, keyword) in [
            ("copyright", "license"),
            ("top", "index"),
            ("contents", "index"),
            ("toc", "index"),
            ("begin", "first"),
            ("start", "first"),
            ("end", "last"),
            ("previous", "prev"),
            ("archive", "archives"),
        ] {
            let (def, is_synonym) = lookup(synonym).unwrap();
            assert_eq!(def.keyword, keyword);
            assert!(is_synonym);
        }
        assert_eq!(lookup("next").map(|(d, s)| (d.keyword, s)), Some(("next", false)));
        assert!(lookup("nonsense").is_none());
    }
}

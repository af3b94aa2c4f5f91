//! A conformance checker for link types (what HTML 5.0 §4.12 forbids authors to write).

use crate::link::{links, Link};
use crate::rel::{TokenEffect, TokenOrigin};
use crate::sizes::IconSize;
use crate::table;
use harvest_dom::{Document, Url, UrlErrorReason};
use serde::Serialize;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Severity {
    /// The spec says authors must not do this.
    Error,
    /// Allowed by the letter of the spec only in a reading we flag for attention.
    Warning,
}

/// One finding of [`check`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Diagnostic {
    /// The rule's identifier (`duplicate-keyword`, `not-allowed`...; see docs/links.md).
    pub rule: &'static str,
    /// The HTML 5.0 section the rule comes from.
    pub section: &'static str,
    /// Error or warning.
    pub severity: Severity,
    /// The element's path ([`harvest_dom::Element::path`]).
    pub path: String,
    /// The token or attribute value concerned, when there is one.
    pub token: Option<String>,
    /// A human-readable explanation.
    pub message: String,
}

/// Checks every link of a document against §4.12 and reports, in tree order:
///
/// * `duplicate-keyword` (§4.12.4): a keyword given twice in one `rel` (`up` excepted);
/// * `not-allowed` (the keyword's section): a keyword not allowed on that element;
/// * `synonym-used` (the keyword's section): a synonym, or `rev="made"`;
/// * `unknown-keyword` (§4.12.4.19): a keyword in neither the spec's table nor the built-in
///   extension list;
/// * `url-keyword-not-absolute` (§4.12.4.19): a token with `:` that is not an absolute URL;
/// * `unregistered-url-keyword` (§4.12.4.19, warning): an absolute-URL token;
/// * `alternate-stylesheet-title` (§4.12.4.14): an alternative style sheet without a
///   non-empty `title`;
/// * `icon-sizes` (§4.12.4.7): a `sizes` keyword that represents nothing, uses `X`, or repeats;
/// * `invalid-href` (§4.12.1): an `href` the URL parser rejects.
///
/// ```
/// use harvest_dom::Document;
/// let doc = Document::parse("<link rel='stylesheet alternate' href=a.css><a rel='next next' href=b>b</a>");
/// let rules: Vec<_> = harvest_links::check(&doc).iter().map(|d| d.rule).collect();
/// assert_eq!(rules, vec!["alternate-stylesheet-title", "duplicate-keyword"]);
/// ```
pub fn check(document: &Document) -> Vec<Diagnostic> {
    check_links(&links(document))
}

/// [`check`] over links already read with [`crate::links`].
pub fn check_links(links: &[Link]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for link in links {
        check_link(link, &mut out);
    }
    out
}

fn keyword_section(keyword: &str) -> &'static str {
    table::lookup(keyword).map_or("4.12.4", |(def, _)| def.defined_in)
}

fn check_link(link: &Link, out: &mut Vec<Diagnostic>) {
    let mut push = |rule, section, severity, token: Option<&str>, message: String| {
        out.push(Diagnostic {
            rule,
            section,
            severity,
            path: link.path.clone(),
            token: token.map(str::to_owned),
            message,
        })
    };
    let tag = link.tag.as_str();
    if let Err(error) = &link.url {
        if let UrlErrorReason::Invalid(reason) = &error.reason {
            push(
                "invalid-href",
                "4.12.1",
                Severity::Error,
                Some(&link.href),
                format!("href is not a valid URL: {reason}"),
            );
        }
    }
    for token in link.types.tokens() {
        let text = Some(token.token.as_str());
        if token.origin == TokenOrigin::Rev {
            push(
                "synonym-used",
                "4.12.4.3",
                Severity::Error,
                Some("rev=made"),
                "rev=\"made\" is a synonym of rel=\"author\" that must not be used in documents".into(),
            );
            continue;
        }
        if token.duplicate && token.keyword != Some("up") {
            push(
                "duplicate-keyword",
                "4.12.4",
                Severity::Error,
                text,
                format!("{:?} is given more than once", token.token),
            );
        }
        if let (true, Some(keyword)) = (token.synonym, token.keyword) {
            push(
                "synonym-used",
                keyword_section(keyword),
                Severity::Error,
                text,
                format!("{:?} is a synonym of {keyword:?} and must not be used in documents", token.token),
            );
        }
        match token.effect {
            TokenEffect::NotAllowed => {
                let keyword = token.keyword.unwrap_or("");
                let message = if keyword == "shortcut" && tag == "link" {
                    "\"shortcut\" is only accepted together with \"icon\"".to_owned()
                } else {
                    format!("{keyword:?} is not allowed on {tag} elements")
                };
                push("not-allowed", keyword_section(keyword), Severity::Error, text, message);
            }
            TokenEffect::Unknown if token.is_url => {
                if Url::parse(&token.token).is_ok() {
                    push(
                        "unregistered-url-keyword",
                        "4.12.4.19",
                        Severity::Warning,
                        text,
                        format!("{:?} is an extension type named by URL, not a registered keyword", token.token),
                    );
                } else {
                    push(
                        "url-keyword-not-absolute",
                        "4.12.4.19",
                        Severity::Error,
                        text,
                        format!("{:?} contains \":\" but is not an absolute URL", token.token),
                    );
                }
            }
            TokenEffect::Unknown => push(
                "unknown-keyword",
                "4.12.4.19",
                Severity::Error,
                text,
                format!("{:?} is neither defined by the spec nor a known registered extension", token.token),
            ),
            _ => {}
        }
    }
    // §4.12.4.14: an alternative style sheet needs a non-empty title.
    if link.is_alternative_stylesheet() && link.title.as_deref().unwrap_or("").is_empty() {
        push(
            "alternate-stylesheet-title",
            "4.12.4.14",
            Severity::Error,
            None,
            "an alternative style sheet (rel=\"alternate stylesheet\") must have a non-empty title".into(),
        );
    }
    // §4.12.4.7: sizes is a set of unique tokens, each `any` or WxH with a lowercase x.
    if let Some(sizes) = &link.sizes {
        let mut seen = std::collections::HashSet::new();
        for size in sizes {
            let token = match size {
                IconSize::Any => "any",
                IconSize::Size { token, .. } | IconSize::Invalid { token } => token.as_str(),
            };
            match size {
                IconSize::Invalid { .. } => push(
                    "icon-sizes",
                    "4.12.4.7",
                    Severity::Error,
                    Some(token),
                    format!("sizes keyword {token:?} is neither \"any\" nor WIDTHxHEIGHT"),
                ),
                IconSize::Size { .. } if token.contains('X') => push(
                    "icon-sizes",
                    "4.12.4.7",
                    Severity::Error,
                    Some(token),
                    format!("sizes keyword {token:?} must use a lowercase \"x\""),
                ),
                _ => {}
            }
            if !seen.insert(token.to_owned()) {
                push(
                    "icon-sizes",
                    "4.12.4.7",
                    Severity::Error,
                    Some(token),
                    format!("sizes keyword {token:?} is repeated"),
                );
            }
        }
    }
}

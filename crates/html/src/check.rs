//! A page's structured data checked against schema.org and the search features
//! (`harvest check`): the page's dataset of every RDF syntax ([`crate::graph::page_graph`])
//! and its `<meta>` tags through [`harvest_check::check`], each diagnostic placed on the page
//! line and column its statement came from ([`crate::graph::PageGraph::origin`]).
//!
//! What a syntax could not read at all (a JSON-LD block that is not JSON, the dataset full)
//! is a diagnostic of its own rule, [`SYNTAX_ERROR`] (severity error): the page's data is not
//! what its author meant, whatever the other rules say.
//!
//! [`CrawlReport`] adds pages' checks up: per rule and per feature, the pages and the items.
//!
//! ```
//! use harvest_html::output::{check_page, CheckOptions};
//! use harvest_html::{Extractor, Limits, Page};
//! let html = br#"<div itemscope itemtype="https://schema.org/Prodcut"><b itemprop="name">Anvil</b></div>"#;
//! let page = Page::new("-", html.to_vec(), Some("https://example.com/"));
//! let checked = check_page(&Extractor::new().parse(&page), &CheckOptions::default(), &Limits::default());
//! assert_eq!(checked.report.diagnostics[0].rule, "schema-unknown-type");
//! assert_eq!(checked.report.diagnostics[0].syntax.as_deref(), Some("microdata"));
//! assert!(checked.fails(false));
//! let json = serde_json::to_value(&checked).unwrap();
//! assert_eq!(json["url"], "https://example.com/");
//! assert_eq!(json["counts"]["errors"], 1);
//! ```

use crate::graph::{page_graph, GraphOutput};
use crate::limits::Limits;
use harvest_check::{Diagnostic, Page, Report, Severity, Vocabulary};
use harvest_dom::Document;
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

/// The rule of a syntax that could not be read whole (a JSON-LD block that is not JSON, a
/// context that cannot be loaded, the dataset past its bound): severity error.
pub const SYNTAX_ERROR: &str = "syntax-error";

/// How pages are checked: against which vocabulary, and whether warnings fail a page.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct CheckOptions {
    /// Another schema.org release than the bundled one (`--vocabulary FILE`).
    vocabulary: Option<Arc<Vocabulary>>,
    /// Warnings fail a page as errors do (`--deny warnings`).
    pub deny_warnings: bool,
}

impl PartialEq for CheckOptions {
    fn eq(&self, other: &CheckOptions) -> bool {
        let same_vocabulary = match (&self.vocabulary, &other.vocabulary) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        same_vocabulary && self.deny_warnings == other.deny_warnings
    }
}

impl Eq for CheckOptions {}

impl CheckOptions {
    /// The bundled vocabulary (schema.org 30.0), warnings not failing.
    pub fn new() -> CheckOptions {
        CheckOptions::default()
    }

    /// Checks against `vocabulary` (read once: [`Vocabulary::from_release`]; an
    /// `Arc<Vocabulary>` is shared, not copied).
    pub fn vocabulary(mut self, vocabulary: impl Into<Arc<Vocabulary>>) -> CheckOptions {
        self.vocabulary = Some(vocabulary.into());
        self
    }

    /// Sets [`CheckOptions::deny_warnings`].
    pub fn deny_warnings(mut self, deny: bool) -> CheckOptions {
        self.deny_warnings = deny;
        self
    }

    /// The vocabulary pages are checked against.
    pub fn schema(&self) -> &Vocabulary {
        self.vocabulary.as_deref().unwrap_or_else(|| Vocabulary::bundled())
    }
}

/// One page's check: its URL and [`Report`], serialized as one record `{url, diagnostics,
/// features, counts}` (`url` absent when the page has none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct PageCheck {
    /// The page's URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// What the check found.
    #[serde(flatten)]
    pub report: Report,
}

impl PageCheck {
    /// Whether the page fails: it has an error, or (`deny_warnings`) a warning.
    pub fn fails(&self, deny_warnings: bool) -> bool {
        self.report.counts.errors > 0 || (deny_warnings && self.report.counts.warnings > 0)
    }
}

/// Checks a parsed page (see the module docs).
pub fn check_page(doc: &Document, options: &CheckOptions, limits: &Limits) -> PageCheck {
    let graph = page_graph(doc, &GraphOutput::default(), limits);
    let meta = meta_tags(doc);
    // Blank nodes named as `harvest graph` names them on this page.
    let labels = graph.labels();
    let mut report = harvest_check::check(options.schema(), &Page::new(&graph.dataset).meta(&meta).labels(&labels));
    for diagnostic in &mut report.diagnostics {
        if let Some(origin) = diagnostic.statement.and_then(|index| graph.origin(index)) {
            diagnostic.syntax = Some(origin.syntax.name().to_owned());
            diagnostic.line = origin.line;
            diagnostic.column = origin.column;
        }
    }
    // In page order, as a compiler prints: by line, then column (a stable sort: findings on one
    // line stay in the order of their statements); those with no line (`<meta>` tags) last.
    report.diagnostics.sort_by_key(|d| (d.line.is_none(), d.line, d.column));
    if !graph.diagnostics.is_empty() {
        let unread = graph.diagnostics.iter().map(|found| {
            let message = match &found.element {
                Some(element) => format!("{element}: {}", found.message),
                None => found.message.clone(),
            };
            let mut diagnostic = Diagnostic::new(Severity::Error, SYNTAX_ERROR, message);
            diagnostic.syntax = Some(found.syntax.name().to_owned());
            diagnostic
        });
        report.diagnostics.splice(0..0, unread);
        report.recount();
    }
    PageCheck { url: doc.url().map(|url| url.as_str().to_owned()), report }
}

/// [`check_page`] for a page read from an input: parsed within `limits` first.
pub fn check_input(page: &crate::Page, options: &CheckOptions, limits: &Limits) -> PageCheck {
    check_page(&crate::extractors::parse_limited(page, limits), options, limits)
}

/// The page's `<meta>` tags as (`name`, or else `property`, `content`), in document order:
/// what X cards (`name="twitter:…"`) and Open Graph (`property="og:…"`) are read from.
pub(crate) fn meta_tags(doc: &Document) -> Vec<(String, String)> {
    doc.elements_named(&["meta"])
        .filter_map(|meta| {
            let key = meta.attr("name").or_else(|| meta.attr("property"))?;
            Some((key.to_owned(), meta.attr("content")?.to_owned()))
        })
        .collect()
}

/// A rule's or feature's share of a crawl.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Tally {
    /// The pages with at least one.
    pub pages: usize,
    /// The items (distinct subjects on a page; a finding about no statement counts once).
    pub items: usize,
}

/// A feature's share of a crawl: pages and items of its type, and how many are eligible.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct FeatureTally {
    /// The pages with an item of the feature's type.
    pub pages: usize,
    /// The items of the feature's type.
    pub items: usize,
    /// The items with every required property.
    pub eligible: usize,
    /// The pages with at least one eligible item.
    pub eligible_pages: usize,
}

/// What a crawl's checks add up to (`harvest check`'s report after a batch, `--summary FILE`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct CrawlReport {
    /// The pages checked.
    pub pages: usize,
    /// The pages with at least one error.
    pub pages_with_errors: usize,
    /// Diagnostics of severity error, over all pages.
    pub errors: usize,
    /// Diagnostics of severity warning.
    pub warnings: usize,
    /// Diagnostics of severity info.
    pub infos: usize,
    /// Per rule id, with its severity.
    pub rules: BTreeMap<&'static str, RuleTally>,
    /// Per feature id.
    pub features: BTreeMap<&'static str, FeatureTally>,
}

/// A rule's share of a crawl, with its severity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RuleTally {
    /// The rule's severity.
    pub severity: Severity,
    /// The pages with at least one of its findings.
    pub pages: usize,
    /// The items it was found on.
    pub items: usize,
    /// Its findings.
    pub diagnostics: usize,
}

impl CrawlReport {
    /// Adds a page's check.
    pub fn add(&mut self, page: &PageCheck) {
        let report = &page.report;
        self.pages += 1;
        self.pages_with_errors += usize::from(report.counts.errors > 0);
        self.errors += report.counts.errors;
        self.warnings += report.counts.warnings;
        self.infos += report.counts.infos;
        let mut items: HashSet<(&str, &str)> = HashSet::new();
        let mut rules_seen: HashSet<&str> = HashSet::new();
        for diagnostic in &report.diagnostics {
            let tally = self.rules.entry(diagnostic.rule).or_insert(RuleTally {
                severity: diagnostic.severity,
                pages: 0,
                items: 0,
                diagnostics: 0,
            });
            tally.diagnostics += 1;
            tally.pages += usize::from(rules_seen.insert(diagnostic.rule));
            tally.items += usize::from(items.insert((diagnostic.rule, diagnostic.subject.as_str())));
        }
        let mut features_seen: HashSet<&str> = HashSet::new();
        let mut eligible_seen: HashSet<&str> = HashSet::new();
        for feature in &report.features {
            let tally = self.features.entry(feature.feature).or_default();
            tally.items += 1;
            tally.pages += usize::from(features_seen.insert(feature.feature));
            if feature.eligible {
                tally.eligible += 1;
                tally.eligible_pages += usize::from(eligible_seen.insert(feature.feature));
            }
        }
    }

    /// The report as lines of text, for stderr: totals, then a line per rule and per feature.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "check: {} pages, {} with errors; {} errors, {} warnings, {} infos\n",
            self.pages, self.pages_with_errors, self.errors, self.warnings, self.infos
        );
        for (rule, tally) in &self.rules {
            text.push_str(&format!(
                "  {}[{rule}]: {} on {} items of {} pages\n",
                tally.severity.as_str(),
                tally.diagnostics,
                tally.items,
                tally.pages
            ));
        }
        for (feature, tally) in &self.features {
            text.push_str(&format!(
                "  feature {feature}: {} of {} items eligible, on {} of {} pages\n",
                tally.eligible, tally.items, tally.eligible_pages, tally.pages
            ));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extractors::parse;

    fn check(html: &str) -> PageCheck {
        let page = crate::Page::new("-", html.as_bytes().to_vec(), Some("https://example.com/"));
        check_page(&parse(&page), &CheckOptions::default(), &Limits::default())
    }

    #[test]
    fn a_block_that_is_not_json_is_a_syntax_error() {
        let checked = check(r#"<script type="application/ld+json">{"@type": </script>"#);
        let first = &checked.report.diagnostics[0];
        assert_eq!(
            (first.rule, first.severity, first.syntax.as_deref()),
            (SYNTAX_ERROR, Severity::Error, Some("json-ld"))
        );
        assert_eq!(checked.report.counts.errors, 1);
        let json = serde_json::to_value(first).unwrap();
        assert!(json.get("subject").is_none(), "{json}");
    }

    #[test]
    fn a_clean_page_passes_and_warnings_fail_only_when_denied() {
        let clean = check(r#"<div itemscope itemtype="https://schema.org/Person"><b itemprop="name">Ada</b></div>"#);
        assert!(clean.report.diagnostics.is_empty() && !clean.fails(true));
        let dated = check(r#"<div itemscope itemtype="https://schema.org/Episode"><b itemprop="actors">Ada</b></div>"#);
        assert_eq!(dated.report.counts.warnings, 1);
        assert!(!dated.fails(false) && dated.fails(true));
    }

    #[test]
    fn meta_tags_are_read_by_name_or_property() {
        let doc = Document::parse(
            r#"<meta name="twitter:card" content="summary"><meta property="og:title" content="T"><meta charset=utf-8>"#,
        );
        assert_eq!(
            meta_tags(&doc),
            [("twitter:card".to_owned(), "summary".to_owned()), ("og:title".to_owned(), "T".to_owned())]
        );
    }

    #[test]
    fn the_crawl_report_counts_pages_and_items_per_rule() {
        let mut crawl = CrawlReport::default();
        let typo = r#"<div itemscope itemtype="https://schema.org/Prodcut"></div><div itemscope itemtype="https://schema.org/Prodcut"></div>"#;
        crawl.add(&check(typo));
        crawl.add(&check(typo));
        crawl.add(&check("<p>nothing"));
        let tally = crawl.rules["schema-unknown-type"];
        assert_eq!((tally.pages, tally.items, tally.diagnostics), (2, 4, 4));
        assert_eq!((crawl.pages, crawl.pages_with_errors, crawl.errors), (3, 2, 4));
        assert!(crawl.to_text().contains("error[schema-unknown-type]: 4 on 4 items of 2 pages"), "{}", crawl.to_text());
    }
}

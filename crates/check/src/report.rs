//! A page's check: its [`Diagnostic`]s, the search features its items are eligible for, and
//! the counts a crawl report adds up. One shape for every front end (`docs/check.md`).

use harvest_rdf::{BlankLabels, BlankNode, Dataset};
use serde::Serialize;

use crate::eligibility::check_features;
use crate::social::check_social;
use crate::{check_dataset, Diagnostic, Severity, Vocabulary};

/// What a check reads of a page: its dataset, and the `name`/`content` of its `<meta>` tags
/// (X cards are `<meta name="twitter:…">`, which no RDF syntax reads).
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Page<'a> {
    /// The page's statements (`harvest_pipeline::page_graph`, or any dataset).
    pub dataset: &'a Dataset,
    /// The page's `<meta>` tags as (`name` or `property`, `content`), in document order.
    pub meta: &'a [(String, String)],
    /// How blank nodes are written in `subject`s: the labels the page's dataset is written
    /// with (`harvest graph`'s), so that a finding names the node that output names. `None`:
    /// `_:b0`, `_:b1`… by the nodes' numbers.
    pub labels: Option<&'a BlankLabels>,
}

impl<'a> Page<'a> {
    /// A page of `dataset`, without `<meta>` tags.
    pub fn new(dataset: &'a Dataset) -> Page<'a> {
        Page { dataset, meta: &[], labels: None }
    }

    /// Sets [`Page::labels`].
    pub fn labels(mut self, labels: &'a BlankLabels) -> Page<'a> {
        self.labels = Some(labels);
        self
    }

    /// Sets [`Page::meta`].
    pub fn meta(mut self, meta: &'a [(String, String)]) -> Page<'a> {
        self.meta = meta;
        self
    }
}

/// One item of a search feature's type, and whether it has what the feature requires.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct FeatureReport {
    /// The feature's stable id (`product-snippet`).
    pub feature: &'static str,
    /// Whether the item has every required property.
    pub eligible: bool,
    /// The item, as N-Triples writes it.
    pub subject: String,
    /// The required properties (or groups, `a|b` for one of) it lacks.
    pub missing_required: Vec<String>,
    /// The recommended properties it lacks.
    pub missing_recommended: Vec<String>,
}

/// How many of each a page has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Counts {
    /// Diagnostics of severity error.
    pub errors: usize,
    /// Diagnostics of severity warning.
    pub warnings: usize,
    /// Diagnostics of severity info.
    pub infos: usize,
    /// Feature items that are eligible.
    pub eligible: usize,
    /// Feature items that are not.
    pub ineligible: usize,
}

/// What a check of one page found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Report {
    /// The findings, in the order of the statements they are about.
    pub diagnostics: Vec<Diagnostic>,
    /// Each item of a search feature's type.
    pub features: Vec<FeatureReport>,
    /// The counts of both.
    pub counts: Counts,
}

impl Report {
    /// Recounts [`Report::counts`] from the diagnostics and features.
    pub fn recount(&mut self) {
        let mut counts = Counts::default();
        for diagnostic in &self.diagnostics {
            match diagnostic.severity {
                Severity::Error => counts.errors += 1,
                Severity::Warning => counts.warnings += 1,
                Severity::Info => counts.infos += 1,
            }
        }
        for feature in &self.features {
            if feature.eligible {
                counts.eligible += 1;
            } else {
                counts.ineligible += 1;
            }
        }
        self.counts = counts;
    }
}

/// Checks a page: the schema.org rules ([`check_dataset`]), Google Search's features
/// ([`crate::features`]) for each item of their types, and the page's Open Graph and X card.
///
/// ```
/// use harvest_check::{check, Page, Vocabulary};
/// use harvest_rdf::{vocab, BlankNode, Dataset, GraphName, Iri, Literal, Quad, Triple};
/// let schema = |name: &str| Iri::parse(&format!("https://schema.org/{name}")).unwrap();
/// let mut dataset = Dataset::new();
/// let item = BlankNode::new(0);
/// dataset.insert(Quad::new(Triple::new(item, vocab::rdf_type(), schema("Product")), GraphName::Default)).unwrap();
/// dataset.insert(Quad::new(Triple::new(item, schema("name"), Literal::simple("Anvil")), GraphName::Default)).unwrap();
/// let report = check(Vocabulary::bundled(), &Page::new(&dataset));
/// let snippet = report.features.iter().find(|f| f.feature == "product-snippet").unwrap();
/// assert!(!snippet.eligible);
/// assert_eq!(snippet.missing_required, ["review|aggregateRating|offers"]);
/// ```
pub fn check(vocabulary: &Vocabulary, page: &Page<'_>) -> Report {
    let mut diagnostics = check_dataset(vocabulary, page.dataset);
    let (mut features, found) = check_features(vocabulary, crate::features(), page.dataset);
    diagnostics.extend(found);
    let (social, found) = check_social(page.dataset, page.meta);
    features.extend(social);
    diagnostics.extend(found);
    // In the order of the statements they are about (a stable sort: the schema.org findings
    // first), those about no statement (the `<meta>` tags) last.
    diagnostics.sort_by_key(|d| d.statement.unwrap_or(usize::MAX));
    if let Some(labels) = page.labels {
        for subject in diagnostics.iter_mut().map(|d| &mut d.subject).chain(features.iter_mut().map(|f| &mut f.subject))
        {
            relabel(subject, labels);
        }
    }
    let mut report = Report { diagnostics, features, ..Report::default() };
    report.recount();
    report
}

/// A subject as N-Triples writes it, blank nodes by their numbers (`_:b3`): what every rule
/// writes in [`Diagnostic::subject`] and [`FeatureReport::subject`].
pub(crate) fn subject_text(subject: &harvest_rdf::Subject) -> String {
    match subject {
        harvest_rdf::Subject::Iri(iri) => format!("<{}>", iri.as_str()),
        harvest_rdf::Subject::Blank(blank) => blank.to_string(),
    }
}

/// Rewrites a blank node written by [`subject_text`] (`_:b3`) with `labels`.
fn relabel(subject: &mut String, labels: &BlankLabels) {
    let number = subject.strip_prefix("_:b").and_then(|digits| digits.parse::<u64>().ok());
    if let Some(number) = number {
        *subject = labels.label(BlankNode::new(number));
    }
}

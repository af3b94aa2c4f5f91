//! Open Graph (<https://ogp.me/>, "Basic Metadata") and X cards
//! (<https://developer.x.com/en/docs/x-for-websites/cards/overview/markup>) as features of the
//! page: read from the dataset (RDFa's `og:` prefix, `http://ogp.me/ns#`) and from the page's
//! `<meta>` tags.

use std::collections::HashMap;

use harvest_rdf::{Dataset, Subject, Term};

use crate::rules::{OG_RECOMMENDED, OG_REQUIRED, X_CARD_RECOMMENDED, X_CARD_REQUIRED};
use crate::{Diagnostic, FeatureReport, Rule};

/// Open Graph's namespace (ogp.me, "Basic Metadata").
const OGP: &str = "http://ogp.me/ns#";
/// ogp.me, whose "Basic Metadata" the `open-graph` rules cite.
pub(crate) const OGP_URL: &str = "https://ogp.me/#metadata";
/// X's cards markup reference, which the `x-card` rules cite.
pub(crate) const X_URL: &str = "https://developer.x.com/en/docs/x-for-websites/cards/overview/markup";

/// ogp.me "Basic Metadata": the four properties every page's object needs (`og:image:url` is
/// `og:image`'s other name, ogp.me "Structured Properties").
const OG_REQUIRED_NAMES: &[&str] = &["og:title", "og:type", "og:image|og:image:url", "og:url"];
/// ogp.me "Optional Metadata" that previews show.
const OG_RECOMMENDED_NAMES: &[&str] = &["og:description", "og:site_name"];

/// X's markup reference: what each card type needs, and what it can show.
fn card_rules(card: &str) -> Option<(&'static [&'static str], &'static [&'static str])> {
    Some(match card {
        "summary" => (&["twitter:title"], &["twitter:description", "twitter:image", "twitter:site"]),
        "summary_large_image" => {
            (&["twitter:title", "twitter:image"], &["twitter:description", "twitter:image:alt", "twitter:site"])
        }
        "player" => (
            &[
                "twitter:title",
                "twitter:site",
                "twitter:player",
                "twitter:player:width",
                "twitter:player:height",
                "twitter:image",
            ],
            &["twitter:description", "twitter:player:stream"],
        ),
        "app" => (
            &["twitter:site", "twitter:app:id:iphone", "twitter:app:id:ipad", "twitter:app:id:googleplay"],
            &["twitter:description", "twitter:app:country"],
        ),
        _ => return None,
    })
}

/// The Open Graph property an X card property falls back to when absent (X's markup reference:
/// title, description and image are read from Open Graph when the card does not give them).
fn fallback(name: &str) -> Option<&'static str> {
    match name {
        "twitter:title" => Some("og:title"),
        "twitter:description" => Some("og:description"),
        "twitter:image" => Some("og:image"),
        _ => None,
    }
}

/// One page object's Open Graph or X card properties: name → (value, statement).
type Properties<'a> = HashMap<String, (&'a str, Option<usize>)>;

fn meta_properties<'a>(meta: &'a [(String, String)], prefix: &str) -> Properties<'a> {
    let mut found = Properties::new();
    for (name, content) in meta {
        if name.starts_with(prefix) {
            found.entry(name.clone()).or_insert((content.as_str(), None));
        }
    }
    found
}

struct Judged<'a> {
    feature: &'static str,
    url: &'static str,
    subject: String,
    statement: Option<usize>,
    properties: &'a Properties<'a>,
    fallbacks: Option<&'a Properties<'a>>,
}

impl Judged<'_> {
    fn has(&self, alternatives: &str) -> bool {
        alternatives.split('|').any(|name| {
            self.properties.contains_key(name)
                || fallback(name).zip(self.fallbacks).is_some_and(|(og, props)| props.contains_key(og))
        })
    }

    fn judge(&self, required: &[&str], recommended: &[&str], rules: [&Rule; 2]) -> (FeatureReport, Vec<Diagnostic>) {
        let mut report = FeatureReport {
            feature: self.feature,
            eligible: true,
            subject: self.subject.clone(),
            missing_required: Vec::new(),
            missing_recommended: Vec::new(),
        };
        let mut found = Vec::new();
        for (names, rule) in [(required, rules[0]), (recommended, rules[1])] {
            for &name in names.iter().filter(|n| !self.has(n)) {
                let verb = if rule.id == rules[0].id { "requires" } else { "recommends" };
                let message = format!("{} {verb} \"{name}\": {}", self.feature, self.url);
                found.push(self.diagnostic(rule, message, name));
                if rule.id == rules[0].id {
                    report.missing_required.push(name.to_owned());
                } else {
                    report.missing_recommended.push(name.to_owned());
                }
            }
        }
        report.eligible = report.missing_required.is_empty();
        (report, found)
    }

    fn diagnostic(&self, rule: &Rule, message: String, property: &str) -> Diagnostic {
        Diagnostic {
            severity: rule.severity,
            rule: rule.id,
            message,
            subject: self.subject.clone(),
            item_type: None,
            property: Some(property.to_owned()),
            suggestion: None,
            feature: Some(self.feature),
            syntax: None,
            line: None,
            column: None,
            statement: self.statement,
        }
    }
}

/// The Open Graph and X card reports of a page.
pub(crate) fn check_social(dataset: &Dataset, meta: &[(String, String)]) -> (Vec<FeatureReport>, Vec<Diagnostic>) {
    let mut reports = Vec::new();
    let mut found = Vec::new();
    // Each subject with `og:` statements, in order of its first.
    let mut subjects: Vec<(&Subject, Properties<'_>, usize)> = Vec::new();
    let mut at: HashMap<&Subject, usize> = HashMap::new();
    for (index, quad) in dataset.iter().enumerate() {
        let triple = &quad.triple;
        let Some(name) = triple.predicate.as_str().strip_prefix(OGP) else { continue };
        let value = match &triple.object {
            Term::Literal(literal) => literal.value(),
            Term::Iri(iri) => iri.as_str(),
            Term::Blank(_) => "",
        };
        let slot = *at.entry(&triple.subject).or_insert_with(|| {
            subjects.push((&triple.subject, Properties::new(), index));
            subjects.len() - 1
        });
        subjects[slot].1.entry(format!("og:{name}")).or_insert((value, Some(index)));
    }
    let from_meta = meta_properties(meta, "og:");
    let mut pages: Vec<(String, Option<usize>, &Properties<'_>)> = subjects
        .iter()
        .map(|(subject, props, index)| (crate::report::subject_text(subject), Some(*index), props))
        .collect();
    // Where no RDF syntax read them, the `<meta property="og:…">` tags: the page is the subject.
    if pages.is_empty() && !from_meta.is_empty() {
        let subject = from_meta.get("og:url").map_or_else(|| "<>".to_owned(), |(url, _)| format!("<{url}>"));
        pages.push((subject, None, &from_meta));
    }
    for (subject, statement, properties) in &pages {
        let judged = Judged {
            feature: "open-graph",
            url: OGP_URL,
            subject: subject.clone(),
            statement: *statement,
            properties,
            fallbacks: None,
        };
        let (report, diagnostics) =
            judged.judge(OG_REQUIRED_NAMES, OG_RECOMMENDED_NAMES, [&OG_REQUIRED, &OG_RECOMMENDED]);
        reports.push(report);
        found.extend(diagnostics);
    }
    let card = meta_properties(meta, "twitter:");
    if !card.is_empty() {
        let og = pages.first().map(|(_, _, props)| *props);
        let subject = pages.first().map_or_else(|| "<>".to_owned(), |(subject, _, _)| subject.clone());
        let judged =
            Judged { feature: "x-card", url: X_URL, subject, statement: None, properties: &card, fallbacks: og };
        let kind = card.get("twitter:card").map(|(kind, _)| kind.trim());
        let (required, recommended): (&[&str], &[&str]) = kind.and_then(card_rules).unwrap_or((&["twitter:card"], &[]));
        let (mut report, mut diagnostics) =
            judged.judge(required, recommended, [&X_CARD_REQUIRED, &X_CARD_RECOMMENDED]);
        if let Some(kind) = kind.filter(|k| card_rules(k).is_none()) {
            // A card type X does not define: no card is shown.
            let message =
                format!("x-card: \"{kind}\" is not a card type (summary, summary_large_image, player, app): {X_URL}");
            diagnostics.push(judged.diagnostic(&X_CARD_REQUIRED, message, "twitter:card"));
            report.missing_required.push("twitter:card".to_owned());
            report.eligible = false;
        }
        reports.push(report);
        found.extend(diagnostics);
    }
    (reports, found)
}

//! Which items of a page are eligible for which Google Search features ([`crate::features`]).
//!
//! The dataset is indexed once (each node's schema.org types, and its values by property);
//! rules then follow values from an item along property paths of at most
//! [`MAX_PATH`](crate::features::MAX_PATH) steps, so cycles through `@id` and chains of any
//! depth cost at most that many steps. A node more than one statement leads to is judged once
//! per (rule, step) and the answer kept, so nodes shared by many items are not walked again for
//! each (a node with one way in is asked as often as the node before it): the work is linear in
//! the statements times the size of the features table.

use std::collections::{HashMap, HashSet};

use harvest_rdf::{vocab, BlankNode, Dataset, Literal, Subject, Term};

use crate::features::{Feature, Level, Requirement, ValueKind};
use crate::lexical::Lexical;
use crate::rules::{schema_name, FEATURE_RECOMMENDED, FEATURE_REQUIRED, FEATURE_VALUE};
use crate::vocabulary::{TypeId, Vocabulary};
use crate::{Diagnostic, FeatureReport, Rule};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key<'a> {
    Iri(&'a str),
    Blank(BlankNode),
}

impl Key<'_> {
    /// As [`crate::report::subject_text`] writes it.
    fn ntriples(self) -> String {
        match self {
            Key::Iri(iri) => format!("<{iri}>"),
            Key::Blank(blank) => blank.to_string(),
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Value<'a> {
    Node(u32),
    Literal(&'a Literal),
}

/// A dataset's nodes, their schema.org types and their values by property.
#[derive(Default)]
struct Index<'a> {
    ids: HashMap<Key<'a>, u32>,
    keys: Vec<Key<'a>>,
    types: Vec<Vec<TypeId>>,
    /// The first statement giving the node a schema.org type.
    typed_at: Vec<Option<usize>>,
    /// How many schema.org statements have the node as their value (at most `u32::MAX`).
    in_degree: Vec<u32>,
    /// By node: its values by property.
    values: Vec<HashMap<&'a str, Vec<(Value<'a>, usize)>>>,
}

impl<'a> Index<'a> {
    fn node(&mut self, key: Key<'a>) -> u32 {
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = self.keys.len() as u32;
        self.ids.insert(key, id);
        self.keys.push(key);
        self.types.push(Vec::new());
        self.typed_at.push(None);
        self.in_degree.push(0);
        self.values.push(HashMap::new());
        id
    }

    fn subject(&mut self, subject: &'a Subject) -> u32 {
        match subject {
            Subject::Iri(iri) => self.node(Key::Iri(iri.as_str())),
            Subject::Blank(blank) => self.node(Key::Blank(*blank)),
        }
    }

    fn build(vocabulary: &Vocabulary, dataset: &'a Dataset) -> Index<'a> {
        let rdf_type = vocab::rdf_type();
        let mut index = Index::default();
        for (at, quad) in dataset.iter().enumerate() {
            let triple = &quad.triple;
            if triple.predicate == rdf_type {
                let Term::Iri(object) = &triple.object else { continue };
                let Some(name) = schema_name(object.as_str()) else { continue };
                let node = index.subject(&triple.subject) as usize;
                index.typed_at[node].get_or_insert(at);
                if let Some(id) = vocabulary.type_id(name) {
                    if !index.types[node].contains(&id) {
                        index.types[node].push(id);
                    }
                }
                continue;
            }
            let Some(name) = schema_name(triple.predicate.as_str()) else { continue };
            let node = index.subject(&triple.subject);
            let value = match &triple.object {
                Term::Iri(iri) => Value::Node(index.node(Key::Iri(iri.as_str()))),
                Term::Blank(blank) => Value::Node(index.node(Key::Blank(*blank))),
                Term::Literal(literal) => Value::Literal(literal),
            };
            if let Value::Node(object) = value {
                let degree = &mut index.in_degree[object as usize];
                *degree = degree.saturating_add(1);
            }
            index.values[node as usize].entry(name).or_default().push((value, at));
        }
        index
    }

    /// Whether the node is a schema.org property's value.
    fn referenced(&self, node: u32) -> bool {
        self.in_degree[node as usize] > 0
    }

    /// Whether more than one statement leads to the node: only then may it be asked the same
    /// question twice (a node with one way in is asked as often as the node before it, which
    /// is the item, asked once per rule, or is itself remembered or asked once).
    fn shared(&self, node: u32) -> bool {
        self.in_degree[node as usize] > 1
    }

    fn get(&self, node: u32, property: &str) -> &[(Value<'a>, usize)] {
        self.values[node as usize].get(property).map_or(&[], Vec::as_slice)
    }

    fn type_names(&self, vocabulary: &Vocabulary, node: u32) -> Option<String> {
        let mut names: Vec<&str> = self.types[node as usize].iter().map(|&t| &*vocabulary.type_entry(t).name).collect();
        names.sort_unstable();
        (!names.is_empty()).then(|| names.join(" "))
    }
}

/// What a scoped requirement found under a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// The scope reaches no value: nothing to check.
    Vacuous,
    /// Every value it reaches meets the requirement (and there is one).
    Met,
    /// A value it reaches does not.
    Failed,
}

/// (node, feature, rule, alternative or `u8::MAX` for the scope, step).
type MemoKey = (u32, u16, u16, u8, u8);

struct Judge<'i, 'a> {
    index: &'i Index<'a>,
    memo: HashMap<MemoKey, Outcome>,
}

impl Judge<'_, '_> {
    /// Whether `node` has a value along `path[step..]`.
    fn has(&mut self, node: u32, path: &[Box<str>], step: usize, key: (u16, u16, u8)) -> bool {
        let memo = (node, key.0, key.1, key.2, step as u8);
        let shared = self.index.shared(node);
        if shared {
            if let Some(&known) = self.memo.get(&memo) {
                return known == Outcome::Met;
            }
        }
        let values = self.index.get(node, &path[step]);
        let found = if step + 1 == path.len() {
            !values.is_empty()
        } else {
            // Bounded by the path's length (at most MAX_PATH), not by the data.
            values.iter().any(|&(value, _)| match value {
                Value::Node(next) => self.has(next, path, step + 1, key),
                Value::Literal(_) => false,
            })
        };
        if shared {
            self.memo.insert(memo, if found { Outcome::Met } else { Outcome::Failed });
        }
        found
    }

    /// The requirement's outcome on the values `scope[step..]` reaches from `node`.
    fn scoped(&mut self, node: u32, requirement: &Requirement, step: usize, key: (u16, u16)) -> Outcome {
        if step == requirement.scope.len() {
            let met = requirement
                .alternatives
                .iter()
                .enumerate()
                .any(|(a, alternative)| self.has(node, alternative, 0, (key.0, key.1, a as u8)));
            return if met { Outcome::Met } else { Outcome::Failed };
        }
        let memo = (node, key.0, key.1, u8::MAX, step as u8);
        let shared = self.index.shared(node);
        if shared {
            if let Some(&known) = self.memo.get(&memo) {
                return known;
            }
        }
        let mut outcome = Outcome::Vacuous;
        for &(value, _) in self.index.get(node, &requirement.scope[step]) {
            let found = match value {
                Value::Node(next) => self.scoped(next, requirement, step + 1, key),
                // A literal has no properties: it meets nothing.
                Value::Literal(_) => Outcome::Failed,
            };
            match found {
                Outcome::Failed => {
                    outcome = Outcome::Failed;
                    break;
                }
                Outcome::Met => outcome = Outcome::Met,
                Outcome::Vacuous => {}
            }
        }
        if shared {
            self.memo.insert(memo, outcome);
        }
        outcome
    }
}

/// Whether a literal has the form `kind`.
pub(crate) fn has_form(kind: ValueKind, value: &str) -> bool {
    match kind {
        ValueKind::Date => Lexical::Date.accepts(value) || Lexical::DateTime.accepts(value),
        ValueKind::DateTime => Lexical::DateTime.accepts(value),
        ValueKind::Duration => Lexical::Duration.accepts(value),
        ValueKind::Number => Lexical::Number.accepts(value),
        ValueKind::Positive => Lexical::Number.accepts(value) && value.trim().parse::<f64>().is_ok_and(|n| n > 0.0),
        ValueKind::Integer => Lexical::Integer.accepts(value),
        ValueKind::Url => Lexical::Url.accepts(value),
        ValueKind::Language => crate::lexical::is_language_tag(value),
    }
}

fn diagnostic(rule: &Rule, feature: &Feature, message: String, subject: String) -> Diagnostic {
    Diagnostic {
        severity: rule.severity,
        rule: rule.id,
        message,
        subject,
        item_type: None,
        property: None,
        suggestion: None,
        feature: Some(feature.id),
        syntax: None,
        line: None,
        column: None,
        statement: None,
    }
}

/// The features of a page's items: a report for each item of a feature's type, and the
/// diagnostics of what they lack or hold in the wrong form.
pub(crate) fn check_features(
    vocabulary: &Vocabulary,
    features: &[Feature],
    dataset: &Dataset,
) -> (Vec<FeatureReport>, Vec<Diagnostic>) {
    let index = Index::build(vocabulary, dataset);
    let feature_types: Vec<Vec<TypeId>> =
        features.iter().map(|f| f.types.iter().filter_map(|t| vocabulary.type_id(t)).collect()).collect();
    let candidates: Vec<(u32, usize)> = (0..index.keys.len() as u32)
        .filter(|&n| !index.types[n as usize].is_empty())
        .flat_map(|n| {
            let types = &index.types[n as usize];
            feature_types.iter().enumerate().filter(|(_, ft)| vocabulary.any_in(types, ft)).map(move |(f, _)| (n, f))
        })
        .collect();
    let covered = covered(&index, features, &candidates);
    let mut judge = Judge { index: &index, memo: HashMap::new() };
    let mut reports = Vec::new();
    let mut found = Vec::new();
    let mut valued: HashSet<(u32, u16, u16, u8)> = HashSet::new();
    let mut reported: HashSet<(usize, u16)> = HashSet::new();
    let mut stack: Vec<(u32, usize)> = Vec::new();
    for &(node, f) in &candidates {
        let feature = &features[f];
        let referenced = index.referenced(node);
        if covered[node as usize] || (feature.top_level && referenced) {
            continue;
        }
        let subject = index.keys[node as usize].ntriples();
        let types = index.type_names(vocabulary, node);
        let mut report = FeatureReport {
            feature: feature.id,
            eligible: true,
            subject: subject.clone(),
            missing_required: Vec::new(),
            missing_recommended: Vec::new(),
        };
        for (r, requirement) in feature.requirements.iter().enumerate() {
            if requirement.level == Level::Standalone && referenced {
                continue;
            }
            if judge.scoped(node, requirement, 0, (f as u16, r as u16)) != Outcome::Failed {
                continue;
            }
            let (rule, list) = match requirement.level {
                Level::Recommended => (&FEATURE_RECOMMENDED, &mut report.missing_recommended),
                Level::Required | Level::Standalone => (&FEATURE_REQUIRED, &mut report.missing_required),
            };
            list.push(requirement.text.clone());
            let what = if requirement.alternatives.len() > 1 {
                format!("one of \"{}\"", requirement.text.replace('|', "\", \""))
            } else {
                format!("\"{}\"", requirement.text)
            };
            let verb = if rule.id == FEATURE_REQUIRED.id { "requires" } else { "recommends" };
            let message = format!("{} ({}) {verb} {what}: {}", feature.name, feature.id, feature.url);
            let mut diagnostic = diagnostic(rule, feature, message, subject.clone());
            diagnostic.item_type = types.clone();
            diagnostic.property = Some(requirement.text.clone());
            diagnostic.statement = index.typed_at[node as usize];
            found.push(diagnostic);
        }
        report.eligible = report.missing_required.is_empty();
        reports.push(report);
        for (v, rule) in feature.values.iter().enumerate() {
            // Each (node, rule, step) once per check: shared nodes are walked once (a node with
            // one way in is walked as often as the node before it).
            stack.clear();
            stack.push((node, 0usize));
            while let Some((at, step)) = stack.pop() {
                if index.shared(at) && !valued.insert((at, f as u16, v as u16, step as u8)) {
                    continue;
                }
                for &(value, statement) in index.get(at, &rule.path[step]) {
                    match value {
                        Value::Node(next) if step + 1 < rule.path.len() => stack.push((next, step + 1)),
                        Value::Node(_) => {}
                        Value::Literal(_) if step + 1 < rule.path.len() => {}
                        Value::Literal(literal) => {
                            if has_form(rule.kind, literal.value()) || !reported.insert((statement, f as u16)) {
                                continue;
                            }
                            let property = rule.path.last().map_or("", |p| &**p);
                            let message = format!(
                                "{} ({}) needs \"{property}\" as {}, not \"{}\": {}",
                                feature.name,
                                feature.id,
                                rule.kind.describe(),
                                literal.value(),
                                feature.url
                            );
                            let mut diagnostic =
                                diagnostic(&FEATURE_VALUE, feature, message, index.keys[at as usize].ntriples());
                            diagnostic.item_type = index.type_names(vocabulary, at);
                            diagnostic.property = Some(property.to_owned());
                            diagnostic.statement = Some(statement);
                            found.push(diagnostic);
                        }
                    }
                }
            }
        }
    }
    (reports, found)
}

/// The nodes a feature item reaches through the scope of one of its feature's rules (but the
/// standalone ones, which name what is outside the item): they are judged there, in the item's
/// context, not as items of their own. Items that are no other item's value come first; then
/// each other item not reached by then, in the order of the dataset, so that in a cycle of
/// items the first is judged and the others in its context.
fn covered(index: &Index<'_>, features: &[Feature], candidates: &[(u32, usize)]) -> Vec<bool> {
    let mut covered = vec![false; index.keys.len()];
    let mut seen: HashSet<(u32, u16, u16, u8)> = HashSet::new();
    let mut stack: Vec<(u32, usize)> = Vec::new();
    let top = candidates.iter().filter(|(node, _)| !index.referenced(*node));
    let nested = candidates.iter().filter(|(node, _)| index.referenced(*node));
    for &(node, f) in top.chain(nested) {
        if covered[node as usize] {
            continue;
        }
        for (r, requirement) in features[f].requirements.iter().enumerate() {
            if requirement.level == Level::Standalone || requirement.scope.is_empty() {
                continue;
            }
            stack.clear();
            stack.push((node, 0usize));
            while let Some((at, step)) = stack.pop() {
                if step == requirement.scope.len()
                    || (index.shared(at) && !seen.insert((at, f as u16, r as u16, step as u8)))
                {
                    continue;
                }
                for &(value, _) in index.get(at, &requirement.scope[step]) {
                    if let Value::Node(next) = value {
                        if next != node {
                            covered[next as usize] = true;
                        }
                        stack.push((next, step + 1));
                    }
                }
            }
        }
    }
    covered
}

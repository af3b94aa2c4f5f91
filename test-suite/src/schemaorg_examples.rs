//! schema.org's own examples (schemaorg/schemaorg, `data/releases/30.0/schemaorg-all-examples.txt`)
//! through harvest's page graph and harvest-check: an example names no term the vocabulary does
//! not define.
//!
//! The file holds every example of the site, each under a `TYPES: #eg-NNNN …` line, with its
//! markup in sections (`PRE-MARKUP:`, `MICRODATA:`, `RDFA:`, `JSON:`). Each of the microdata,
//! RDFa and JSON-LD sections that holds markup (not a note such as `TODO.`) is one case,
//! `microdata/eg-0382`: the section is read as a page at `https://example.com/` by
//! `harvest_html::output::page_graph` (every RDF syntax), the dataset is checked against the
//! bundled release with `harvest_check::check_dataset`, and the case fails on a
//! `schema-unknown-type` or `schema-unknown-property` diagnostic, or on markup a syntax could not
//! read (a JSON-LD block that is not JSON, or names a context harvest does not have). The other rules judge how an
//! example uses the vocabulary, which examples are free to bend; they are not counted here.

use crate::{Expectations, Outcome, Report};
use harvest_check::{check_dataset, Vocabulary};
use harvest_dom::{Document, ParseOptions, Url};
use harvest_html::output::{page_graph, GraphOutput};
use harvest_html::Limits;
use std::path::Path;

/// The examples file's name in the release folder.
pub const FILE: &str = "schemaorg-all-examples.txt";

/// The rules a case fails on.
pub const RULES: [&str; 2] = ["schema-unknown-type", "schema-unknown-property"];

/// One example's markup in one syntax.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExampleCase {
    /// `microdata/eg-0382`, `rdfa/eg-0382` or `json/eg-0382`.
    pub name: String,
    /// The markup, as the file gives it.
    pub html: String,
}

/// The sections read, by their heading, and the name a case gets.
const SECTIONS: [(&str, &str); 3] = [("MICRODATA:", "microdata"), ("RDFA:", "rdfa"), ("JSON:", "json")];

/// Every case of the examples file in the release `folder`, in file order.
pub fn discover(folder: &Path) -> Result<Vec<ExampleCase>, String> {
    let path = folder.join(FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(parse(&text))
}

/// The cases of an examples file's text.
pub fn parse(text: &str) -> Vec<ExampleCase> {
    let mut cases = Vec::new();
    let mut id: Option<String> = None;
    let mut section: Option<&str> = None;
    let mut markup = String::new();
    let mut flush = |id: &Option<String>, section: Option<&str>, markup: &mut String| {
        let body = markup.trim();
        if let (Some(id), Some(section)) = (id, section) {
            // Sections without markup say so in prose or in a comment ("TODO.", "This example is
            // JSON only.", "<!-- JSON-LD example only -->").
            if has_markup(body) {
                cases.push(ExampleCase { name: format!("{section}/{id}"), html: body.to_owned() });
            }
        }
        markup.clear();
    };
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("TYPES:") {
            flush(&id, section, &mut markup);
            section = None;
            id = rest.split_whitespace().find_map(|word| word.strip_prefix('#')).map(str::to_owned);
            continue;
        }
        if line.ends_with(':') && line.chars().all(|c| c.is_ascii_uppercase() || c == '-' || c == ':') {
            flush(&id, section, &mut markup);
            section = SECTIONS.iter().find(|(heading, _)| *heading == line).map(|(_, name)| *name);
            continue;
        }
        if section.is_some() {
            markup.push_str(line);
            markup.push('\n');
        }
    }
    flush(&id, section, &mut markup);
    cases
}

/// Whether a section holds a tag outside comments.
fn has_markup(mut body: &str) -> bool {
    while let Some(start) = body.find('<') {
        let Some(comment) = body[start..].strip_prefix("<!--") else { return true };
        match comment.find("-->") {
            Some(end) => body = &comment[end + 3..],
            None => return false,
        }
    }
    false
}

/// What fails a case: each syntax's report of what it could not read (a JSON-LD block whose
/// context is unknown…), then the unknown-term diagnostics, as `rule: message` lines.
pub fn unknown_terms(case: &ExampleCase) -> Vec<String> {
    let mut options = ParseOptions::new();
    if let Ok(url) = Url::parse("https://example.com/") {
        options = options.url(url);
    }
    let doc = Document::parse_with(&case.html, &options);
    let graph = page_graph(&doc, &GraphOutput::new(), &Limits::default());
    let unread =
        graph.diagnostics.iter().map(|diagnostic| format!("{}: {}", diagnostic.syntax.name(), diagnostic.message));
    let unknown = check_dataset(Vocabulary::bundled(), &graph.dataset)
        .into_iter()
        .filter(|diagnostic| RULES.contains(&diagnostic.rule))
        .map(|diagnostic| format!("{}: {}", diagnostic.rule, diagnostic.message));
    unread.chain(unknown).collect()
}

/// Runs every case against the expectations.
pub fn run(cases: &[ExampleCase], expectations: &Expectations) -> Report {
    let mut report = Report::default();
    for case in cases {
        let found = unknown_terms(case);
        let outcome = if found.is_empty() { Outcome::Passed } else { Outcome::Failed(found.join("; ")) };
        report.record(&case.name, outcome, expectations);
    }
    report
}

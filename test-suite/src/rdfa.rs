//! The RDFa test suite (rdfa/rdfa.github.io, `test-suite/`): the html5 cases of `rdfa1.1`,
//! `rdfa1.1-lite`, `rdfa1.1-proc` and `rdfa1.1-role`, through harvest-rdfa.
//!
//! Each folder holds `NNNN.html` (the page), `NNNN.ttl` (the expected graph) and `NNNN.sparql`
//! (the suite's ASK query); `manifest.jsonld` says for each number whether the query must be
//! true (`expectedResults`) and whether it asks about the processor graph
//! (`queryParam: rdfagraph=processor`). A positive case passes when harvest's graph and the
//! expected Turtle are the same graph (parsed with oxttl, canonicalized by oxrdf: blank nodes
//! compared up to renaming); a negative case when its ASK query is false on harvest's graph;
//! a processor-graph case when its query on the processor graph gives `expectedResults`. Pages
//! are addressed as the suite publishes them
//! (`http://rdfa.info/test-suite/test-cases/rdfa1.1/html5/NNNN.html`).

use crate::microdata_rdf::graph;
use crate::{Expectations, Outcome, Report};
use harvest_dom::{Document, ParseOptions, Url};
use harvest_rdfa::RdfaOptions;
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Where the suite publishes its cases.
pub const BASE: &str = "http://rdfa.info/test-suite/test-cases/";

/// The folders run, below `test-cases/`.
pub const FOLDERS: [&str; 4] = ["rdfa1.1/html5", "rdfa1.1-lite/html5", "rdfa1.1-proc/html5", "rdfa1.1-role/html5"];

/// One case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RdfaCase {
    /// `rdfa1.1/html5/0001`.
    pub name: String,
    /// The page's published address.
    pub url: String,
    /// The page.
    pub html: PathBuf,
    /// The expected graph.
    pub ttl: PathBuf,
    /// The ASK query.
    pub sparql: PathBuf,
    /// Whether the query must be true.
    pub expected: bool,
    /// Whether the query is about the processor graph.
    pub processor_graph: bool,
    /// Whether the case runs with vocabulary expansion (`queryParam: vocab_expansion=true`).
    pub vocabulary_expansion: bool,
}

/// The cases of [`FOLDERS`] present in `folder` (the suite's `test-suite/`), by name.
pub fn discover(folder: &Path) -> Result<Vec<RdfaCase>, String> {
    let path = folder.join("manifest.jsonld");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let manifest: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let entries =
        manifest.get("@graph").and_then(Value::as_array).ok_or_else(|| format!("{}: no @graph", path.display()))?;
    let by_number: HashMap<&str, &Value> =
        entries.iter().filter_map(|entry| Some((entry.get("num")?.as_str()?, entry))).collect();
    let mut cases = Vec::new();
    for sub in FOLDERS {
        let dir = folder.join("test-cases").join(sub);
        let listing = std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        for entry in listing {
            let html = entry.map_err(|e| e.to_string())?.path();
            if html.extension().is_none_or(|e| e != "html") {
                continue;
            }
            let number = html.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let entry = by_number.get(number.as_str()).ok_or_else(|| format!("{number} is not in the manifest"))?;
            cases.push(RdfaCase {
                name: format!("{sub}/{number}"),
                url: format!("{BASE}{sub}/{number}.html"),
                ttl: html.with_extension("ttl"),
                sparql: html.with_extension("sparql"),
                html,
                expected: entry.get("expectedResults").and_then(Value::as_bool).unwrap_or(true),
                processor_graph: entry.get("queryParam").and_then(Value::as_str) == Some("rdfagraph=processor"),
                vocabulary_expansion: entry.get("queryParam").and_then(Value::as_str) == Some("vocab_expansion=true"),
            });
        }
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(cases)
}

/// Runs one case.
pub fn run_case(case: &RdfaCase) -> Outcome {
    let read = |path: &Path| std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()));
    let (html, query) = match (read(&case.html), read(&case.sparql)) {
        (Ok(html), Ok(query)) => (html, String::from_utf8_lossy(&query).into_owned()),
        (Err(e), _) | (_, Err(e)) => return Outcome::Failed(e),
    };
    let Ok(url) = Url::parse(&case.url) else { return Outcome::Failed("bad page URL".to_owned()) };
    let doc = Document::parse_bytes(&html, &ParseOptions::new().url(url));
    let options =
        RdfaOptions::new().processor_graph(case.processor_graph).vocabulary_expansion(case.vocabulary_expansion);
    let rdfa = match harvest_rdfa::parse(&doc, &options) {
        Ok(rdfa) => rdfa,
        Err(e) => return Outcome::Failed(format!("processing failed: {e}")),
    };
    let ntriples = if case.processor_graph {
        match rdfa.processor_graph() {
            Ok(graph) => graph.to_ntriples(),
            Err(e) => return Outcome::Failed(format!("processor graph: {e}")),
        }
    } else {
        rdfa.graph.to_ntriples()
    };
    let actual = match graph(&ntriples, &case.url) {
        Ok(graph) => graph,
        Err(e) => return Outcome::Failed(format!("harvest's N-Triples do not parse: {e}\n{ntriples}")),
    };
    let by_query = |note: &str| match ask::ask(&query, &actual) {
        Ok(answer) if answer == case.expected => Outcome::Passed,
        Ok(answer) => Outcome::Failed(format!("{note}the ASK query is {answer}\nquery:\n{query}\nharvest:\n{actual}")),
        Err(e) => Outcome::Failed(format!("{note}the ASK query cannot be evaluated: {e}")),
    };
    if !case.expected || case.processor_graph {
        return by_query("");
    }
    let expected =
        match std::fs::read_to_string(&case.ttl).map_err(|e| e.to_string()).and_then(|t| graph(&t, &case.url)) {
            Ok(graph) => graph,
            // Two expected files of the suite are not Turtle (rdfa1.1-lite 0281 and 0282 write
            // `<<IRI>>`); the case's own ASK query is then the check.
            Err(e) => return by_query(&format!("the expected Turtle does not parse ({e}); ")),
        };
    if actual == expected {
        Outcome::Passed
    } else {
        Outcome::Failed(format!("graphs differ\nharvest:\n{actual}\nexpected:\n{expected}"))
    }
}

/// Runs every case.
pub fn run(cases: &[RdfaCase], expectations: &Expectations) -> Report {
    let mut report = Report::default();
    for case in cases {
        report.record(&case.name, run_case(case), expectations);
    }
    report
}

/// The ASK queries of the suite's negative and processor-graph cases: `PREFIX` lines and one
/// basic graph pattern (`ASK WHERE { s p o . ... }` with variables, IRIs, prefixed names, `a`
/// and plain literals), evaluated by matching. Anything else is reported as unsupported rather
/// than guessed.
mod ask {
    use std::collections::HashMap;

    #[derive(Debug, Clone, PartialEq)]
    enum Token {
        Variable(String),
        /// A term in N-Triples form (`<iri>`, `"literal"`).
        Term(String),
        Dot,
    }

    fn tokens(query: &str) -> Result<Vec<Token>, String> {
        let mut prefixes: HashMap<String, String> = HashMap::new();
        let mut body = String::new();
        for line in query.lines() {
            let line = line.trim();
            if line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.first().is_some_and(|w| w.eq_ignore_ascii_case("PREFIX")) && words.len() == 3 {
                let name = words[1].trim_end_matches(':').to_owned();
                prefixes.insert(name, words[2].trim_matches(['<', '>']).to_owned());
            } else {
                body.push_str(line);
                body.push(' ');
            }
        }
        let open = body.find('{').ok_or("no {")?;
        let close = body.rfind('}').ok_or("no }")?;
        let head = body[..open].trim().to_ascii_uppercase();
        if head != "ASK WHERE" && head != "ASK" {
            return Err(format!("unsupported query form {head:?}"));
        }
        let mut out = Vec::new();
        let mut rest = body[open + 1..close].trim();
        while !rest.is_empty() {
            let (token, len) = if let Some(after) = rest.strip_prefix('<') {
                let end = after.find('>').ok_or("unclosed IRI")?;
                (Token::Term(format!("<{}>", &after[..end])), end + 2)
            } else if let Some(after) = rest.strip_prefix('"') {
                let end = after.find('"').ok_or("unclosed literal")?;
                let literal = format!("\"{}\"", &after[..end]);
                let tail = &after[end + 1..];
                let suffix_len = tail.find(|c: char| c.is_whitespace() || c == '}').unwrap_or(tail.len());
                let suffix = tail[..suffix_len].trim_end_matches('.');
                let term = if let Some(datatype) = suffix.strip_prefix("^^") {
                    let iri = match datatype.strip_prefix('<').and_then(|d| d.strip_suffix('>')) {
                        Some(iri) => iri.to_owned(),
                        None => {
                            let (prefix, local) = datatype.split_once(':').ok_or("bad datatype")?;
                            let namespace = prefixes.get(prefix).ok_or_else(|| format!("undefined prefix {prefix}"))?;
                            format!("{namespace}{local}")
                        }
                    };
                    format!("{literal}^^<{iri}>")
                } else {
                    format!("{literal}{suffix}")
                };
                (Token::Term(term), end + 2 + suffix.len())
            } else if rest.starts_with('.') {
                (Token::Dot, 1)
            } else {
                let end = rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
                let word = rest[..end].trim_end_matches('.');
                let token = if let Some(name) = word.strip_prefix('?') {
                    Token::Variable(name.to_owned())
                } else if word == "a" {
                    Token::Term("<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>".to_owned())
                } else if let Some((prefix, local)) = word.split_once(':') {
                    let namespace = prefixes.get(prefix).ok_or_else(|| format!("undefined prefix {prefix}"))?;
                    Token::Term(format!("<{namespace}{local}>"))
                } else {
                    return Err(format!("unsupported token {word:?}"));
                };
                (token, word.len())
            };
            out.push(token);
            rest = rest[len..].trim_start();
        }
        Ok(out)
    }

    /// Whether the query's pattern matches `graph`.
    pub(super) fn ask(query: &str, graph: &oxrdf::Graph) -> Result<bool, String> {
        let patterns: Vec<Vec<Token>> =
            tokens(query)?.split(|t| *t == Token::Dot).filter(|p| !p.is_empty()).map(<[Token]>::to_vec).collect();
        if patterns.iter().any(|p| p.len() != 3) {
            return Err("a pattern is not three terms".to_owned());
        }
        let triples: Vec<[String; 3]> =
            graph.iter().map(|t| [t.subject.to_string(), t.predicate.to_string(), t.object.to_string()]).collect();
        // Depth-first search over the patterns, with the bindings so far.
        let mut stack: Vec<(usize, HashMap<String, String>)> = vec![(0, HashMap::new())];
        while let Some((index, bindings)) = stack.pop() {
            let Some(pattern) = patterns.get(index) else { return Ok(true) };
            for triple in &triples {
                let mut next = bindings.clone();
                let fits = pattern.iter().zip(triple).all(|(token, value)| match token {
                    Token::Term(term) => term == value,
                    Token::Variable(name) => next.entry(name.clone()).or_insert_with(|| value.clone()) == value,
                    Token::Dot => false,
                });
                if fits {
                    stack.push((index + 1, next));
                }
            }
        }
        Ok(false)
    }
}

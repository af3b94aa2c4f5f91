//! `harvest graph`: one page's dataset, and batches (a directory, a WARC archive) as one stream
//! of statements that a strict N-Quads parser (oxttl) reads whole, each page's statements in
//! its own graph, no blank node shared between pages, the quads counted in the summary.

mod archive;

use assert_cmd::Command;
use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::PathBuf;

fn harvest() -> Command {
    Command::cargo_bin("harvest").unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("harvest-graph-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The quads of an N-Quads document, each as (subject, predicate, object, graph) text.
fn quads(text: &str) -> Vec<[String; 4]> {
    oxttl::NQuadsParser::new()
        .for_slice(text.as_bytes())
        .map(|quad| {
            let quad = quad.unwrap_or_else(|e| panic!("not N-Quads: {e}\n{text}"));
            [quad.subject.to_string(), quad.predicate.to_string(), quad.object.to_string(), quad.graph_name.to_string()]
        })
        .collect()
}

/// A page with a blank node in each RDF syntax but Dublin Core.
fn page(name: &str) -> String {
    format!(
        r#"<html prefix="og: http://ogp.me/ns#"><head><title>{name}</title><meta property="og:title" content="{name}">
        <meta name="DC.title" content="{name}">
        <script type="application/ld+json">{{"@context": "https://schema.org", "@type": "Event", "name": "{name}",
          "location": {{"@type": "Place", "name": "Lisbon"}}}}</script></head>
        <body><div itemscope itemtype="https://schema.org/Person"><span itemprop="name">{name}</span></div>
        <div vocab="http://schema.org/" typeof="Thing"><span property="name">{name}</span></div></body></html>"#
    )
}

#[test]
fn one_page_is_its_own_graph_with_every_syntax() {
    let out = harvest()
        .args(["graph", "-", "--base-url", "https://a.example/", "--provenance"])
        .write_stdin(page("Ada"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let all = quads(&text);
    assert!(all.iter().all(|[_, _, _, graph]| graph == "<https://a.example/>"), "{text}");
    for syntax in ["microdata", "rdfa", "json-ld", "dublincore"] {
        assert!(text.lines().any(|line| line.ends_with(&format!("# {syntax}"))), "{syntax}: {text}");
    }
    // Open Graph's meta property once, through RDFa.
    assert_eq!(all.iter().filter(|[_, p, _, _]| p == "<http://ogp.me/ns#title>").count(), 1);
    // Each syntax numbers its own blank nodes: five distinct nodes in all.
    let blanks: HashSet<&String> = all.iter().flat_map(|[s, _, o, _]| [s, o]).filter(|t| t.starts_with("_:")).collect();
    assert_eq!(blanks.len(), 4, "{text}");
}

#[test]
fn batches_are_one_stream_pages_never_share_a_blank_node() {
    let dir = scratch("batch");
    let mut archive = Vec::new();
    for (number, name) in ["ada", "grace", "ada"].iter().enumerate() {
        archive.extend(archive::warc_response(&format!("https://site.example/{name}-{number}"), number, &page(name)));
    }
    fs::write(dir.join("crawl.warc"), &archive).unwrap();
    fs::write(dir.join("broken.html"), page("Lin")).unwrap();
    let out = harvest().arg("graph").arg(dir.join("crawl.warc")).arg(dir.join("broken.html")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let all = quads(&text);
    // Every page in input order, under its own graph.
    let mut graphs: Vec<&String> = Vec::new();
    for [_, _, _, graph] in &all {
        if graphs.last() != Some(&graph) {
            graphs.push(graph);
        }
    }
    assert_eq!(graphs.len(), 4, "{graphs:?}");
    assert!(graphs[..3].iter().zip(["ada-0", "grace-1", "ada-2"]).all(|(g, name)| g.ends_with(&format!("{name}>"))));
    assert!(graphs[3].starts_with("<file:"), "{graphs:?}");
    // A blank node belongs to one page's graph only.
    let mut owner: HashMap<&String, &String> = HashMap::new();
    for [s, _, o, graph] in &all {
        for term in [s, o].into_iter().filter(|t| t.starts_with("_:")) {
            assert_eq!(*owner.entry(term).or_insert(graph), graph, "{term} in two pages");
        }
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!("harvest: 4 pages, {} quads, 0 errors", all.len())), "{stderr}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_same_page_gets_the_same_labels_in_any_run() {
    let run = |html: &str| {
        let out =
            harvest().args(["graph", "-", "--base-url", "https://a.example/"]).write_stdin(html).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(run(&page("Ada")), run(&page("Ada")));
    let (ada, grace) = (quads(&run(&page("Ada"))), quads(&run(&page("Grace"))));
    let labels = |all: &[[String; 4]]| -> HashSet<String> {
        all.iter().flat_map(|[s, _, o, _]| [s.clone(), o.clone()]).filter(|t| t.starts_with("_:")).collect()
    };
    assert!(labels(&ada).is_disjoint(&labels(&grace)));
}

#[test]
fn diagnostics_go_to_stderr_and_the_other_blocks_stay() {
    let html = r#"<script type="application/ld+json">{ not json</script>
        <script type="application/ld+json">{"@context": "https://unknown.example/ctx", "name": "x"}</script>
        <script type="application/ld+json">{"@id": "http://example.com/a", "http://example.com/p": "kept"}</script>"#;
    let out = harvest().args(["graph", "-", "--base-url", "https://a.example/"]).write_stdin(html).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(quads(&text).len(), 1, "{text}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("json-ld: html>head>script:"), "{stderr}");
    assert!(stderr.contains("https://unknown.example/ctx"), "{stderr}");
}

#[test]
fn formats_and_options() {
    let html = page("Ada");
    for (format, check) in
        [("ntriples", oxttl::NTriplesParser::new().for_slice(b"").count() == 0), ("turtle", true), ("trig", true)]
    {
        let out = harvest()
            .args(["graph", "-", "--base-url", "https://a.example/", "--format", format])
            .write_stdin(html.clone())
            .output()
            .unwrap();
        assert!(out.status.success() && check, "{format}");
        let text = String::from_utf8(out.stdout).unwrap();
        let parsed = match format {
            "ntriples" => oxttl::NTriplesParser::new().for_slice(text.as_bytes()).map(|t| t.map(|_| ())).collect(),
            "turtle" => oxttl::TurtleParser::new().for_slice(text.as_bytes()).map(|t| t.map(|_| ())).collect(),
            _ => oxttl::TriGParser::new()
                .for_slice(text.as_bytes())
                .map(|t| t.map(|_| ()))
                .collect::<Result<Vec<_>, _>>(),
        };
        assert!(parsed.is_ok(), "{format}: {parsed:?}\n{text}");
    }
    let out = harvest()
        .args(["graph", "-", "--base-url", "https://a.example/", "--format", "ntriples", "--provenance"])
        .write_stdin(html.clone())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().all(|line| line.contains(" . # ")), "{text}");
    assert_eq!(
        oxttl::NTriplesParser::new().for_slice(text.as_bytes()).filter(Result::is_ok).count(),
        text.lines().count()
    );
    let out = harvest()
        .args(["graph", "-", "--format", "turtle", "--provenance"])
        .write_stdin(html.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = harvest()
        .args(["graph", "-", "--base-url", "https://a.example/", "--syntax", "json-ld"])
        .write_stdin(html)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains("ogp.me") && text.contains("schema.org/Event"), "{text}");
}

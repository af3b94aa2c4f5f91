//! `harvest rdfa` end to end: the three syntaxes, the processor graph, batches, and the `rdfa`
//! key of `harvest all` (the same graph as the subcommand).

use assert_cmd::Command;
use serde_json::Value;

const PAGE: &str = r##"<html prefix="og: http://ogp.me/ns#"><head><title>Rock</title>
<meta property="og:title" content="The Rock"></head>
<body vocab="http://schema.org/"><div typeof="Person" resource="#ada"><span property="name" lang="en">Ada</span>
<time property="birthDate" datetime="1815-12-10">then</time><span property="undefined:x [bad:y]">z</span></div></body></html>"##;

fn harvest(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("harvest").unwrap().args(args).write_stdin(PAGE).output().unwrap()
}

#[test]
fn jsonld_is_the_default_in_extruct_shape() {
    let out = harvest(&["rdfa", "-", "--base-url", "https://example.com/"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let nodes: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(nodes[0]["@id"], "https://example.com/");
    assert_eq!(nodes[0]["http://ogp.me/ns#title"], serde_json::json!([{"@value": "The Rock"}]));
    assert_eq!(nodes[1]["@id"], "https://example.com/#ada");
    assert_eq!(nodes[1]["@type"], serde_json::json!(["http://schema.org/Person"]));
    assert_eq!(nodes[1]["http://schema.org/name"], serde_json::json!([{"@value": "Ada", "@language": "en"}]));
    assert_eq!(nodes[1]["http://schema.org/birthDate"][0]["@type"], "http://www.w3.org/2001/XMLSchema#date");
}

#[test]
fn turtle_and_ntriples() {
    let ttl = harvest(&["rdfa", "-", "--base-url", "https://example.com/", "--format", "ttl"]);
    let ttl = String::from_utf8(ttl.stdout).unwrap();
    assert!(ttl.starts_with("@prefix og: <http://ogp.me/ns#> .\n"), "{ttl}");
    assert!(ttl.contains("<https://example.com/#ada> a <http://schema.org/Person> ;"), "{ttl}");
    let nt = harvest(&["rdfa", "-", "--base-url", "https://example.com/", "--format", "nt"]);
    let nt = String::from_utf8(nt.stdout).unwrap();
    assert!(nt.contains("<https://example.com/#ada> <http://schema.org/name> \"Ada\"@en .\n"), "{nt}");
    assert_eq!(nt.lines().count(), 6, "{nt}");
}

#[test]
fn processor_graph() {
    let out = harvest(&["rdfa", "-", "--base-url", "https://example.com/", "--format", "nt", "--graph", "processor"]);
    let nt = String::from_utf8(out.stdout).unwrap();
    assert!(nt.contains("<http://www.w3.org/ns/rdfa#UnresolvedCURIE>"), "{nt}");
    assert!(!nt.contains("schema.org/name"), "{nt}");
}

#[test]
fn all_has_the_same_rdfa() {
    let alone: Value =
        serde_json::from_slice(&harvest(&["rdfa", "-", "--base-url", "https://example.com/"]).stdout).unwrap();
    let all: Value =
        serde_json::from_slice(&harvest(&["all", "-", "--base-url", "https://example.com/"]).stdout).unwrap();
    assert_eq!(all["rdfa"], alone);
}

#[test]
fn batches_give_a_record_per_page() {
    let dir = std::env::temp_dir().join(format!("harvest-cli-rdfa-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.html"), PAGE).unwrap();
    std::fs::write(dir.join("b.html"), "<p about='#b' property='http://e.com/p'>b</p>").unwrap();
    let out = Command::cargo_bin("harvest").unwrap().args(["rdfa", "--format", "nt"]).arg(&dir).output().unwrap();
    assert!(out.status.success());
    let records: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(records.len(), 2);
    assert!(records[1]["rdfa"].as_str().unwrap().contains("<http://e.com/p> \"b\" ."), "{records:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

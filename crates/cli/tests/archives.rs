//! The command reads archives by their content: a `.warc.gz` renamed or piped on standard
//! input, ARC files plain and gzipped, a gzip body cut short; what is no archive says so.

use assert_cmd::Command;
use serde_json::Value;
use std::fs;
use std::io::Write;
use std::path::PathBuf;

fn harvest() -> Command {
    Command::cargo_bin("harvest").unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("harvest-cli-archives-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn lines(output: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(output).lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

fn http(content_type: &str, body: &[u8]) -> Vec<u8> {
    [format!("HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\n\r\n").into_bytes(), body.to_vec()].concat()
}

fn warc_record(kind: &str, uri: &str, block: &[u8]) -> Vec<u8> {
    let head = format!(
        "WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Date: 2014-01-03T03:03:21Z\r\nWARC-IP-Address: 93.184.216.119\r\n\
         WARC-Target-URI: {uri}\r\nContent-Length: {}\r\n\r\n",
        block.len()
    );
    [head.into_bytes(), block.to_vec(), b"\r\n\r\n".to_vec()].concat()
}

/// warcio's `example.warc.gz` in form: a warcinfo record, two pages, a request, an image; one
/// gzip member per record.
fn example_warc_gz() -> Vec<u8> {
    [
        warc_record("warcinfo", "", b"software: test\r\n"),
        warc_record("response", "http://example.com/", &http("text/html", b"<p class=h-card>Example Domain</p>")),
        warc_record("request", "http://example.com/", b"GET / HTTP/1.1\r\n\r\n"),
        warc_record("response", "http://example.com/logo.png", &http("image/png", b"\x89PNG")),
        warc_record("response", "http://example.com/post", &http("text/html", b"<p class=h-entry>Post</p>")),
    ]
    .iter()
    .flat_map(|record| gzip(record))
    .collect()
}

/// warcio's `example.arc` in form: the version 1 header block, a page, an image.
fn example_arc() -> Vec<u8> {
    let block = "1 0 LiveWeb Capture\nURL IP-address Archive-date Content-type Archive-length\n";
    let mut arc =
        format!("filedesc://example.arc 127.0.0.1 20140216050221 text/plain {}\n{block}\n", block.len()).into_bytes();
    for (url, content_type, document) in [
        ("http://example.com/", "text/html", http("text/html", b"<a class=h-card href=/ada>Ada</a>")),
        ("http://example.com/logo.png", "image/png", http("image/png", b"\x89PNG")),
    ] {
        arc.extend(format!("{url} 93.184.216.119 20140216050221 {content_type} {}\n", document.len()).into_bytes());
        arc.extend(document);
        arc.push(b'\n');
    }
    arc
}

fn pages_of(out: &std::process::Output) -> Vec<Value> {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    lines(&out.stdout)
}

#[test]
fn a_warc_gz_renamed_or_piped_is_read_as_the_archive_it_is() {
    let dir = scratch("renamed");
    let archive = example_warc_gz();
    for name in ["example-bad.warc.gz.bad", "example.bin", "example.warc.gz"] {
        fs::write(dir.join(name), &archive).unwrap();
        let out = harvest().arg("all").arg(dir.join(name)).output().unwrap();
        let records = pages_of(&out);
        let urls: Vec<&str> = records.iter().map(|record| record["url"].as_str().unwrap()).collect();
        assert_eq!(urls, ["http://example.com/", "http://example.com/post"], "{name}");
        let warc = &records[0]["warc"];
        assert_eq!((warc["status"].as_u64(), warc["ip"].as_str()), (Some(200), Some("93.184.216.119")), "{name}");
        assert_eq!(warc["body_truncated"], false);
        assert_eq!(records[0]["all"]["mf2"]["items"][0]["type"][0], "h-card");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("2 pages, 0 errors (0 skipped WARC records), 1 non-HTML responses"), "{stderr}");
    }
    let out = harvest().args(["all", "-"]).write_stdin(archive).output().unwrap();
    let records = pages_of(&out);
    assert_eq!(records.len(), 2);
    assert_eq!(records[1]["input"], "http://example.com/post");
    // An archive is a batch: a page URL for it is a usage error, as for a .warc name.
    let out =
        harvest().args(["mf2", "--base-url", "https://x.example/"]).arg(dir.join("example.bin")).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn arc_files_plain_and_gzipped_give_their_pages_not_one_page_of_the_file() {
    let dir = scratch("arc");
    let arc = example_arc();
    let mut members: Vec<Vec<u8>> = Vec::new();
    let version_block_end = arc.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
    members.push(gzip(&arc[..version_block_end]));
    members.push(gzip(&arc[version_block_end..]));
    fs::write(dir.join("example.arc"), &arc).unwrap();
    fs::write(dir.join("example.arc.gz"), members.concat()).unwrap();
    fs::write(dir.join("renamed.dat"), &arc).unwrap();
    for name in ["example.arc", "example.arc.gz", "renamed.dat"] {
        let out = harvest().arg("links").arg(dir.join(name)).output().unwrap();
        let records = pages_of(&out);
        assert_eq!(records.len(), 1, "{name}");
        assert_eq!(records[0]["url"], "http://example.com/");
        // The page's links resolve against its own URL, not the archive's file: URL.
        assert_eq!(records[0]["links"][0]["url"], "http://example.com/ada", "{name}");
        let warc = &records[0]["warc"];
        assert_eq!(warc["date"], "2014-02-16T05:02:21Z");
        assert_eq!(warc["ip"], "93.184.216.119");
        assert_eq!(warc["content_type"], "text/html");
        assert_eq!(warc["status"], 200);
        assert!(String::from_utf8_lossy(&out.stderr).contains("1 non-HTML responses"), "{name}");
    }
    // A directory finds ARC files by name too.
    let out = harvest().arg("links").arg(&dir).output().unwrap();
    assert_eq!(pages_of(&out).len(), 2, "example.arc and example.arc.gz");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_gzip_body_cut_short_keeps_what_decodes_marked_truncated() {
    let dir = scratch("trunc");
    let html: String = (0..300).map(|n| format!("<p class=h-entry><span class=p-name>Entry {n}</span></p>")).collect();
    let body = gzip(html.as_bytes());
    let response =
        [b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n".to_vec(), body.clone()]
            .concat();
    // The record's Content-Length cuts the body in half, as in warcio's example-trunc.warc.
    let cut = response.len() - body.len() / 2;
    let mut archive = warc_record("response", "http://example.com/trunc", &response[..cut]);
    archive.truncate(archive.len() - 4);
    archive.extend_from_slice(&response[cut..]);
    archive.extend_from_slice(b"\r\n\r\n");
    fs::write(dir.join("example-trunc.warc"), &archive).unwrap();
    let out = harvest().arg("mf2").arg(dir.join("example-trunc.warc")).output().unwrap();
    let records = lines(&out.stdout);
    let page = &records[0];
    assert_eq!(page["warc"]["body_truncated"], true);
    let entries = page["mf2"]["items"].as_array().unwrap().len();
    assert!((10..300).contains(&entries), "what decoded of the 300 entries: {entries}");
    // What follows the record is damage, reported after the page.
    assert!(records[1]["error"].as_str().unwrap().contains("archive damaged"));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn what_is_named_an_archive_and_is_none_says_so() {
    let dir = scratch("not-archive");
    fs::write(dir.join("page.warc"), "<p>not an archive").unwrap();
    let out = harvest().arg("mf2").arg(dir.join("page.warc")).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let records = lines(&out.stdout);
    let error = records[0]["error"].as_str().unwrap();
    assert!(error.ends_with("page.warc: not a WARC or ARC file"), "{error}");
    // A page is a page whatever its name says, and one that starts like no archive is one page.
    fs::write(dir.join("page.bin"), "<p class=h-card>Ada</p>").unwrap();
    let out = harvest().arg("mf2").arg(dir.join("page.bin")).output().unwrap();
    assert!(out.status.success());
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["items"][0]["properties"]["name"][0], "Ada");
    fs::remove_dir_all(dir).unwrap();
}

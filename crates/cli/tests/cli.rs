//! End-to-end tests of the `harvest` binary.

use assert_cmd::Command;
use serde_json::Value;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

fn harvest() -> Command {
    Command::cargo_bin("harvest").unwrap()
}

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/blog.html")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("harvest-cli-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn json(output: &[u8]) -> Value {
    serde_json::from_slice(output).unwrap()
}

fn lines(output: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(output).lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[test]
fn mf2_on_the_bundled_example() {
    let out = harvest().args(["mf2", "--base-url", "https://ada.example.org/"]).arg(example()).output().unwrap();
    assert!(out.status.success());
    let doc = json(&out.stdout);
    let types: Vec<&str> = doc["items"].as_array().unwrap().iter().map(|i| i["type"][0].as_str().unwrap()).collect();
    assert_eq!(types, ["h-card", "h-feed", "h-event"]);
    assert_eq!(doc["items"][0]["properties"]["photo"][0]["value"], "https://ada.example.org/ada.jpg");
    assert_eq!(doc["rels"]["license"][0], "https://creativecommons.org/licenses/by/4.0/");
    let filtered = harvest().args(["mf2", "--filter", "h-entry"]).arg(example()).output().unwrap();
    assert!(filtered.status.success(), "without --base-url a file has its file: URL");
    let filtered = json(&filtered.stdout);
    assert_eq!(filtered["items"].as_array().unwrap().len(), 2);
    assert_eq!(filtered["items"][0]["type"][0], "h-entry");
}

#[test]
fn stdin_input_with_base_url() {
    let out = harvest()
        .args(["microdata", "-", "--base-url", "https://example.com/dir/"])
        .write_stdin("<div itemscope itemtype='https://schema.org/Thing'><a itemprop=url href=x>x</a></div>")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(json(&out.stdout)["items"][0]["properties"]["url"][0], "https://example.com/dir/x");
}

#[test]
fn links_feeds_and_check() {
    let out =
        harvest().args(["links", "--feeds", "--base-url", "https://ada.example.org/"]).arg(example()).output().unwrap();
    let feeds = json(&out.stdout);
    assert_eq!(feeds[0]["url"], "https://ada.example.org/feed.atom");
    let check = harvest()
        .args(["links", "--check", "-"])
        .write_stdin("<a rel='nofollow nofollow' href=x>x</a>")
        .output()
        .unwrap();
    assert!(check.status.success());
    assert!(!json(&check.stdout).as_array().unwrap().is_empty());
}

#[test]
fn all_extractors_in_one_record() {
    let page = concat!(
        "<script type=application/ld+json>{\"@type\": \"Person\"}</script>",
        "<script type=application/ld+json>{oops</script>",
        "<p class=h-card>Me</p><a rel=me href=/me>me</a>"
    );
    let out = harvest().args(["all", "-", "--base-url", "https://e.example/"]).write_stdin(page).output().unwrap();
    let record = json(&out.stdout);
    assert_eq!(record["url"], "https://e.example/");
    assert_eq!(record["json-ld"][0]["@type"], "Person");
    assert_eq!(record["errors"].as_array().unwrap().len(), 1);
    assert_eq!(record["mf2"]["items"][0]["properties"]["name"][0], "Me");
    assert_eq!(record["microdata"]["items"], serde_json::json!([]));
    assert_eq!(record["links"][0]["url"], "https://e.example/me");
}

#[test]
fn all_gives_compact_links_and_full_ones_on_request() {
    let page = "<link rel='Stylesheet ALTERNATE' href=s.css title=Dark media=print>\
                <a href=/p rel='nofollow copyright' hreflang=fr type=text/html>p</a><a href='http://['>bad</a>";
    let base = ["--base-url", "https://e.example/dir/"];
    let compact = json(&harvest().args(["all", "-"]).args(base).write_stdin(page).output().unwrap().stdout);
    assert_eq!(
        compact["links"],
        serde_json::json!([
            {"url": "https://e.example/dir/s.css", "rel": ["stylesheet", "alternate"], "tag": "link",
             "path": "html>head>link", "hyperlink": false, "external_resource": true, "media": "print",
             "title": "Dark"},
            {"url": "https://e.example/p", "rel": ["nofollow", "license"], "tag": "a", "path": "html>body>a:nth-child(1)",
             "hyperlink": true, "external_resource": false, "hreflang": "fr", "type": "text/html"},
            {"url": null, "href": "http://[", "rel": [], "tag": "a", "path": "html>body>a:nth-child(2)",
             "hyperlink": true, "external_resource": false}
        ])
    );
    let full =
        json(&harvest().args(["all", "--links", "full", "-"]).args(base).write_stdin(page).output().unwrap().stdout);
    let links = json(&harvest().args(["links", "-"]).args(base).write_stdin(page).output().unwrap().stdout);
    assert_eq!(full["links"], links);
    assert_eq!(full["mf2"], compact["mf2"]);
}

#[test]
fn pretty_output_is_serde_json_s_layout_at_any_depth() {
    // 300 levels of nested microdata items: deeper than serde_json reads (128 levels).
    let depth = 300;
    let page = "<div itemscope><div itemprop=p itemscope>".repeat(depth) + "x";
    for command in ["all", "microdata", "mf2", "links"] {
        let compact = harvest().args([command, "-"]).write_stdin(page.clone()).output().unwrap();
        assert!(compact.status.success(), "{command}");
        let pretty = harvest().args([command, "--pretty", "-"]).write_stdin(page.clone()).output().unwrap();
        let text = String::from_utf8(pretty.stdout).unwrap();
        let reindented: String = text.lines().map(str::trim_start).collect::<Vec<_>>().join("");
        let expected = String::from_utf8(compact.stdout).unwrap().replace("\":", "\": ");
        assert_eq!(reindented.trim_end(), expected.trim_end(), "{command}");
        if command == "mf2" {
            let value: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(text.trim_end(), serde_json::to_string_pretty(&value).unwrap());
        }
    }
}

#[test]
fn a_record_that_fails_holds_no_part_of_the_output() {
    // An itemref web whose microdata JSON passes the 1,000,000-value limit.
    let web = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions/microdata_json/itemref-web-at-default-limits.html");
    let dir = scratch("limits");
    fs::copy(&web, dir.join("a.html")).unwrap();
    fs::write(dir.join("b.html"), "<p itemscope><b itemprop=n>B</b>").unwrap();
    let out = harvest().args(["microdata", "--jobs", "1"]).arg(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let records = lines(&out.stdout);
    assert_eq!(records[0].as_object().unwrap().keys().collect::<Vec<_>>(), ["input", "url", "error"]);
    assert!(records[0]["error"].as_str().unwrap().contains("1000000 values"));
    assert_eq!(records[1]["microdata"]["items"][0]["properties"]["n"][0], "B");
    // In `all` the other syntaxes are kept: the microdata is cut short and says so.
    let all = harvest().args(["all", "--jobs", "1"]).arg(&dir).output().unwrap();
    assert_eq!(all.status.code(), Some(0));
    let record = &lines(&all.stdout)[0]["all"];
    assert_eq!(record["microdata"]["truncated"], true);
    assert!(record["mf2"]["items"].is_array());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn mf2_options_jf2_root_filter_roots_srcset() {
    let page = "<div class=h-full><main id=m class=h-entry><p class='p-name p-px'>Hi</p>\
                <img class=u-photo src=a.jpg srcset='a.jpg 1x, b.jpg 2x'></main></div>";
    let base = ["--base-url", "https://e.example/"];
    let run = |args: &[&str]| harvest().args(["mf2", "-"]).args(base).args(args).write_stdin(page).output().unwrap();
    let plain = json(&run(&[]).stdout);
    assert_eq!(plain["items"][0]["type"][0], "h-full");
    let jf2 = json(&run(&["--jf2", "--filter-roots", "--srcset", "--root-id", "m"]).stdout);
    assert_eq!(
        jf2,
        serde_json::json!({"type": "entry", "name": "Hi", "photo": {"value": "https://e.example/a.jpg",
            "srcset": {"1x": "https://e.example/a.jpg", "2x": "https://e.example/b.jpg"}}})
    );
    let by_selector = json(&run(&["--root-selector", "main", "--filter-roots"]).stdout);
    assert_eq!(by_selector["items"][0]["type"][0], "h-entry");
    let bad_selector = run(&["--root-selector", "main >"]);
    assert_eq!(bad_selector.status.code(), Some(2), "a selector that is none is a usage error");
    let missing = run(&["--root-id", "nope"]);
    assert_eq!(missing.status.code(), Some(1), "a page without the element has nothing to give");
    assert!(String::from_utf8_lossy(&missing.stderr).contains("#nope"));
    let both = run(&["--root-id", "m", "--root-selector", "main"]);
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn directory_batch_in_order_with_a_failing_page() {
    let dir = scratch("batch");
    for (name, body) in [("b.html", "<p class=h-card>B</p>"), ("a.html", "<p class=h-card>A</p>"), ("skip.txt", "x")] {
        fs::write(dir.join(name), body).unwrap();
    }
    fs::create_dir(dir.join("sub")).unwrap();
    fs::write(dir.join("sub/c.htm"), "<p class=h-card>C</p>").unwrap();
    let missing = dir.join("missing.html");
    let out = harvest().args(["mf2", "--jobs", "2"]).arg(&dir).arg(&missing).output().unwrap();
    assert_eq!(out.status.code(), Some(3), "an unreadable input makes the batch exit 3");
    let records = lines(&out.stdout);
    let names: Vec<String> = records
        .iter()
        .map(|r| r["mf2"]["items"][0]["properties"]["name"][0].as_str().unwrap_or("-").to_owned())
        .collect();
    assert_eq!(names, ["A", "B", "C", "-"]);
    assert!(records[3]["error"].as_str().unwrap().contains("missing.html"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("harvest: 3 pages, 1 errors"));
    // One worker takes each page in turn on one thread: the same lines, counts and exit code
    // as the pipeline of several, for every kind of output.
    for subcommand in [&["mf2"][..], &["all"], &["graph"], &["check", "--format", "json"]] {
        let run =
            |jobs: &str| harvest().args(subcommand).args(["--jobs", jobs]).arg(&dir).arg(&missing).output().unwrap();
        let (serial, parallel) = (run("1"), run("2"));
        assert_eq!(serial.status.code(), parallel.status.code(), "{subcommand:?}");
        assert_eq!(
            String::from_utf8_lossy(&serial.stdout),
            String::from_utf8_lossy(&parallel.stdout),
            "{subcommand:?}"
        );
        let counts = |out: &std::process::Output| {
            // The summary's counts, without its time.
            let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
            stderr.lines().map(|l| l.split(" MB in ").next().unwrap_or_default().to_owned()).collect::<Vec<_>>()
        };
        assert_eq!(counts(&serial), counts(&parallel), "{subcommand:?}");
    }
    let globbed = harvest().args(["mf2", "--glob", "*.txt"]).arg(&dir).output().unwrap();
    assert_eq!(lines(&globbed.stdout).len(), 1, "a directory is a batch even when it holds one page");
    assert_eq!(lines(&globbed.stdout)[0]["input"], dir.join("skip.txt").display().to_string());
    // A pattern that does not compile is a usage error that says why.
    let bad = harvest().args(["mf2", "--glob", "[a"]).arg(&dir).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(said.starts_with("harvest: invalid --glob pattern \"[a\": ") && said.contains("character class"), "{said}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn big_batch_keeps_input_order_past_the_read_ahead_window() {
    // More pages than the read-ahead window of two workers, the first one slow to extract.
    let dir = scratch("window");
    let slow =
        "<div class=h-entry><p class=p-name>0</p>".to_owned() + &"<p class=h-card>x</p>".repeat(20_000) + "</div>";
    fs::write(dir.join("p000.html"), slow).unwrap();
    for i in 1..300 {
        fs::write(dir.join(format!("p{i:03}.html")), format!("<p class=h-entry><b class=p-name>{i}</b></p>")).unwrap();
    }
    let out = harvest().args(["mf2", "--jobs", "2"]).arg(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let names: Vec<String> = lines(&out.stdout)
        .iter()
        .map(|r| r["mf2"]["items"][0]["properties"]["name"][0].as_str().unwrap_or("-").to_owned())
        .collect();
    let expected: Vec<String> = (0..300).map(|i| i.to_string()).collect();
    assert_eq!(names, expected);
    fs::remove_dir_all(dir).unwrap();
}

fn warc_record(kind: &str, uri: &str, block: &[u8]) -> Vec<u8> {
    let mut record = format!(
        "WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:uuid:{:08x}-0000-0000-0000-000000000000>\r\n\
         WARC-Date: 2026-01-01T00:00:00Z\r\nWARC-Target-URI: {uri}\r\nContent-Length: {}\r\n\r\n",
        block.len() * 7 + uri.len(),
        block.len()
    )
    .into_bytes();
    record.extend_from_slice(block);
    record.extend_from_slice(b"\r\n\r\n");
    record
}

#[test]
fn warc_archives_plain_and_gzipped() {
    let dir = scratch("warc");
    let page = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=iso-8859-1\r\n\r\n<div class=h-card><p class=p-name>Jos\xE9</p><a class=u-url href=/x></a></div>";
    let image = b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG";
    let mut archive = warc_record("request", "https://site.example/a", b"GET /a HTTP/1.1\r\n\r\n");
    archive.extend(warc_record("response", "https://site.example/a", page));
    archive.extend(warc_record("response", "https://site.example/logo.png", image));
    fs::write(dir.join("crawl.warc"), &archive).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&archive).unwrap();
    fs::write(dir.join("crawl.warc.gz"), gz.finish().unwrap()).unwrap();
    for name in ["crawl.warc", "crawl.warc.gz"] {
        let out = harvest().arg("mf2").arg(dir.join(name)).output().unwrap();
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let records = lines(&out.stdout);
        assert_eq!(records.len(), 1, "{name}: only the HTML response is a page");
        assert_eq!(records[0]["url"], "https://site.example/a");
        let card = &records[0]["mf2"]["items"][0]["properties"];
        assert_eq!(card["name"][0], "José", "{name}: the HTTP charset reaches the decoder");
        assert_eq!(card["url"][0], "https://site.example/x", "{name}: the target URI is the base URL");
    }
    fs::write(dir.join("broken.warc"), b"WARC/1.0\r\nContent-Length: 99\r\n\r\nshort").unwrap();
    let out = harvest().arg("mf2").arg(dir.join("broken.warc")).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn warc_records_carry_their_origin_and_skipped_ones_are_reported() {
    let dir = scratch("warc-origin");
    let page = b"HTTP/2 200\r\ncontent-type: text/html\r\n\r\n<p class=h-card>Ada</p>";
    let unknown = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: zstd\r\n\r\n(zstd)";
    let first = warc_record("response", "https://site.example/a", page);
    let mut archive = first.clone();
    archive.extend(warc_record("response", "https://site.example/b", unknown));
    fs::write(dir.join("crawl.warc"), &archive).unwrap();
    let out = harvest().arg("mf2").arg(dir.join("crawl.warc")).output().unwrap();
    assert_eq!(out.status.code(), Some(3), "a skipped record is an error");
    let records = lines(&out.stdout);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["mf2"]["items"][0]["properties"]["name"][0], "Ada");
    let warc = &records[0]["warc"];
    assert_eq!(warc["record"], 1);
    assert_eq!(warc["record_id"], format!("<urn:uuid:{:08x}-0000-0000-0000-000000000000>", page.len() * 7 + 22));
    assert_eq!(warc["date"], "2026-01-01T00:00:00Z");
    assert_eq!((warc["offset"].as_u64(), warc["length"].as_u64()), (Some(0), Some(first.len() as u64)));
    assert_eq!(warc["content_type"], "text/html");
    assert_eq!(records[1]["url"], "https://site.example/b");
    assert_eq!(records[1]["warc"]["offset"], first.len());
    assert!(records[1]["error"].as_str().unwrap().contains("skipped: its body is in the \"zstd\" coding"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("1 pages, 1 errors (1 skipped WARC records)"), "{stderr}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_truncated_warc_gz_keeps_its_good_pages() {
    let dir = scratch("truncated-warc");
    let member = |n: usize| {
        let page = format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p class=h-card>Person {n}</p>");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&warc_record("response", &format!("https://site.example/{n}"), page.as_bytes())).unwrap();
        gz.finish().unwrap()
    };
    let mut archive: Vec<u8> = (1..=3).flat_map(member).collect();
    let offset = archive.len();
    let fourth = member(4);
    archive.extend_from_slice(&fourth[..fourth.len() / 2]);
    fs::write(dir.join("cut.warc.gz"), &archive).unwrap();
    let out = harvest().arg("mf2").arg(dir.join("cut.warc.gz")).output().unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    let records = lines(&out.stdout);
    assert_eq!(records.len(), 4);
    for (n, record) in records[..3].iter().enumerate() {
        assert_eq!(record["mf2"]["items"][0]["properties"]["name"][0], format!("Person {}", n + 1));
    }
    let error = records[3]["error"].as_str().unwrap();
    assert!(error.contains(&format!("archive damaged at byte {offset} (record 4)")), "{error}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("3 pages, 1 errors"));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn output_file_and_pretty() {
    let dir = scratch("output");
    let target = dir.join("out.json");
    let out = harvest().args(["mf2", "--pretty", "-o"]).arg(&target).arg(example()).output().unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    let written = fs::read_to_string(&target).unwrap();
    assert!(written.starts_with("{\n  \"items\""));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn exit_codes_and_messages() {
    let usage = harvest().args(["mf2"]).output().unwrap();
    assert_eq!(usage.status.code(), Some(2));
    let bad_base = harvest().args(["mf2", "--base-url", "not a url"]).arg(example()).output().unwrap();
    assert_eq!(bad_base.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad_base.stderr).contains("not an absolute URL"));
    let missing = harvest().args(["mf2", "/nonexistent/page.html"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&missing.stderr).starts_with("harvest: /nonexistent/page.html"));
    // Run only where nothing is fetched: a build with web access would reach the address.
    if !cfg!(feature = "http") {
        let web = harvest().args(["mf2", "https://example.com/"]).output().unwrap();
        assert_eq!(web.status.code(), Some(3));
        let said = String::from_utf8_lossy(&web.stderr);
        assert!(said.starts_with("harvest: https://example.com/: ") && said.contains("--features http"), "{said}");
    }
}

/// A fetch that fails says the address, then why (the client's error), on one line. The port
/// of 127.0.0.1 was bound, then let go, so the connection is refused; no proxy is used.
#[cfg(feature = "http")]
#[test]
fn a_refused_fetch_says_the_address_and_why() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/page", listener.local_addr().unwrap());
    drop(listener);
    let mut command = harvest();
    for proxy in ["HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "https_proxy", "http_proxy", "all_proxy"] {
        command.env_remove(proxy);
    }
    let out = command.arg("mf2").arg(&url).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.starts_with(&format!("harvest: {url}: ")) && said.to_lowercase().contains("refused"), "{said}");
}

#[test]
fn help_and_completions() {
    let help = harvest().args(["mf2", "--help"]).output().unwrap();
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(help.status.success() && text.contains("Examples:") && text.contains("--base-url"));
    let top = harvest().arg("--help").output().unwrap();
    assert!(String::from_utf8_lossy(&top.stdout).contains("Exit codes"));
    let bash = harvest().args(["completions", "bash"]).output().unwrap();
    assert!(String::from_utf8_lossy(&bash.stdout).contains("_harvest"));
}

/// A one-shot web server on 127.0.0.1: answers `responses.len()` requests in order, then stops.
#[cfg(feature = "http")]
fn serve(responses: Vec<String>) -> String {
    use std::io::{BufRead, BufReader};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for response in responses {
            let Ok((mut stream, _)) = listener.accept() else { return };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                line.clear();
            }
            let _ = stream.write_all(response.as_bytes());
        }
    });
    address
}

#[cfg(feature = "http")]
#[test]
fn web_addresses_with_redirects() {
    let body = "<p class=h-card><a class='p-name u-url' href=/me>Me</a></p>";
    let page = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let redirect =
        "HTTP/1.1 301 Moved\r\nLocation: /final/\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_owned();
    let address = serve(vec![redirect, page]);
    let out = harvest().arg("mf2").arg(format!("{address}/start")).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let doc = json(&out.stdout);
    assert_eq!(doc["items"][0]["properties"]["url"][0], format!("{address}/me"));
    let missing = serve(vec!["HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_owned()]);
    let out = harvest().arg("mf2").arg(format!("{missing}/gone")).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("404"));
}

#[test]
fn exporters_on_the_bundled_example() {
    let run = |args: &[&str]| {
        let out =
            harvest().args(args).arg("--base-url").arg("https://ada.example.org/").arg(example()).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let card = run(&["vcard"]);
    assert!(card.starts_with("BEGIN:VCARD\r\n") && card.contains("\r\nFN:Ada Gardener\r\n"), "{card}");
    let mf2_cards = run(&["vcard", "--from", "mf2", "--all", "--octets"]);
    assert!(mf2_cards.matches("BEGIN:VCARD").count() >= 2, "{mf2_cards}");
    assert!(mf2_cards.split("\r\n").all(|line| line.len() <= 75));
    let calendar = run(&["ical"]);
    assert!(
        calendar.contains("\r\nSUMMARY:Seed swap\r\n") && calendar.contains("DTSTART;VALUE=DATE-TIME:20260905T100000Z")
    );
    let feed = run(&["atom"]);
    assert!(feed.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\">") && feed.matches("<entry").count() == 2);
    let mf2_feed = run(&["atom", "--from", "mf2"]);
    assert!(mf2_feed.contains("<title>Field Notes</title>") || mf2_feed.contains("Field Notes"), "{mf2_feed}");
    let triples = run(&["rdf", "--algorithm", "html5"]);
    assert!(triples
        .contains("<https://ada.example.org/> <http://purl.org/dc/terms/title> \"Field Notes — Ada Gardener\"@en ."));
    let turtle = run(&["rdf", "--algorithm", "html5", "--format", "ttl"]);
    assert!(turtle.contains("@prefix dcterms: <http://purl.org/dc/terms/> ."));
    // The default is the W3C note's conversion: vocabulary predicates, typed values.
    let w3c = run(&["rdf"]);
    assert!(w3c.contains("<http://microformats.org/profile/hcard#fn> \"Ada Gardener\"@en ."), "{w3c}");
    assert!(w3c.contains("\"2026-09-05T10:00:00Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime>"), "{w3c}");
    assert!(!w3c.contains("dc/terms/title"), "the W3C conversion is of the microdata only");
}

#[test]
fn rdf_registry_and_json_ld() {
    let dir = scratch("registry");
    let page = "<div itemscope itemtype='http://expansion/Main'><link itemprop=sub href='http://expansion/Other'>\
                <span itemprop=name>x</span></div>";
    let registry = dir.join("registry.json");
    fs::write(&registry, r#"{"http://expansion/": {"properties": {"sub": {"subPropertyOf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"}}}}"#).unwrap();
    let base = ["--base-url", "https://e.example/"];
    let plain = harvest().args(["rdf", "-"]).args(base).write_stdin(page).output().unwrap();
    let plain = String::from_utf8(plain.stdout).unwrap();
    assert!(!plain.contains("<http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://expansion/Other>"), "{plain}");
    let expanded =
        harvest().args(["rdf", "-", "--registry"]).arg(&registry).args(base).write_stdin(page).output().unwrap();
    let expanded = String::from_utf8(expanded.stdout).unwrap();
    assert!(
        expanded.contains("<http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://expansion/Other>"),
        "{expanded}"
    );
    let jsonld = harvest()
        .args(["microdata", "--format", "jsonld", "-", "--registry"])
        .arg(&registry)
        .args(base)
        .write_stdin(page)
        .output()
        .unwrap();
    let jsonld = json(&jsonld.stdout);
    assert_eq!(jsonld[0]["@type"], serde_json::json!(["http://expansion/Main", "http://expansion/Other"]));
    assert_eq!(jsonld[0]["http://expansion/name"], "x");
    // A registry that is not one is a usage error.
    fs::write(&registry, "[]").unwrap();
    let bad = harvest().args(["rdf", "-", "--registry"]).arg(&registry).write_stdin(page).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--registry"));
    let schema = harvest()
        .args(["microdata", "--format", "jsonld", "-"])
        .write_stdin("<p itemscope itemtype=https://schema.org/Person><b itemprop=name>Ada</b>")
        .output()
        .unwrap();
    assert_eq!(
        json(&schema.stdout),
        serde_json::json!([{"@context": {"@vocab": "https://schema.org/"}, "@type": "Person", "name": "Ada"}])
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn exporters_exit_1_when_the_page_has_nothing() {
    for subcommand in ["vcard", "ical", "atom"] {
        let out = harvest()
            .args([subcommand, "-", "--base-url", "https://e.example/"])
            .write_stdin("<p>plain page</p>")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{subcommand}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("harvest: -: "), "{subcommand}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn rdf_and_microdata_note_dropped_itemref_references_on_stderr() {
    let page =
        "<div itemscope itemtype='https://schema.org/Person' itemref='gone'><span itemprop=name>Ada</span></div>\
                <div itemscope><div itemprop=a itemscope id=x itemref=y></div></div>\
                <div itemprop=b itemscope id=y itemref=x></div>";
    for args in [vec!["rdf"], vec!["microdata"], vec!["microdata", "--format", "jsonld"]] {
        let out =
            harvest().args(&args).args(["-", "--base-url", "http://example.com/"]).write_stdin(page).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("note: html>body>div:nth-child(1): itemref names \"gone\""), "{args:?}: {stderr}");
        assert!(stderr.contains("[item-cycle"), "{args:?}: {stderr}");
    }
    // A page whose references all resolve says nothing.
    let clean = "<div itemscope itemref=x></div><p id=x itemprop=a>1</p>";
    let out = harvest().args(["rdf", "-", "--base-url", "http://example.com/"]).write_stdin(clean).output().unwrap();
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn microdata_content_attribute_is_opt_in() {
    let page = r#"<div itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="1000.00">$1,000.00</span></div>"#;
    let standard = harvest().args(["microdata", "-"]).write_stdin(page).output().unwrap();
    assert!(standard.status.success());
    assert_eq!(json(&standard.stdout)["items"][0]["properties"]["price"][0], "$1,000.00");
    let read = harvest().args(["microdata", "--content-attribute", "-"]).write_stdin(page).output().unwrap();
    assert!(read.status.success());
    assert_eq!(json(&read.stdout)["items"][0]["properties"]["price"][0], "1000.00");
    let validated = harvest().args(["microdata", "--validate", "-"]).write_stdin(page).output().unwrap();
    assert!(String::from_utf8_lossy(&validated.stdout).contains("content-attribute"));
    let jsonld = harvest()
        .args(["microdata", "--content-attribute", "--format", "jsonld", "-"])
        .write_stdin(page)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&jsonld.stderr);
    assert_eq!(jsonld.status.code(), Some(2), "{said}");
    assert_eq!(said, "harvest: --content-attribute applies to --format json\n");
}

#[test]
fn a_microdata_registry_applies_to_json_ld_only() {
    let page = r#"<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">x</span></div>"#;
    let registry = scratch("registry").join("registry.json");
    fs::write(&registry, "{}").unwrap();
    let registry = registry.to_str().unwrap();
    let jsonld = harvest()
        .args(["microdata", "--format", "jsonld", "--registry", registry, "-"])
        .write_stdin(page)
        .output()
        .unwrap();
    assert!(jsonld.status.success(), "{}", String::from_utf8_lossy(&jsonld.stderr));
    // Given to an output that takes none, the registry is not left unused in silence.
    for args in
        [&["microdata", "--registry", registry, "-"][..], &["microdata", "--validate", "--registry", registry, "-"]]
    {
        let out = harvest().args(args).write_stdin(page).output().unwrap();
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        assert_eq!(said, "harvest: --registry applies to --format jsonld\n");
    }
}

#[test]
fn mf2_without_any_url_keeps_empty_and_fragment_references_as_written() {
    let page = r##"<div class=h-entry><a class=u-url href="">x</a><a class=u-syndication href="#x">y</a></div>"##;
    let out = harvest().args(["mf2", "-"]).write_stdin(page).output().unwrap();
    assert!(out.status.success());
    let doc = json(&out.stdout);
    assert_eq!(doc["items"][0]["properties"]["url"][0], "");
    assert_eq!(doc["items"][0]["properties"]["syndication"][0], "#x");
    let with_url =
        harvest().args(["mf2", "-", "--base-url", "http://example.com/"]).write_stdin(page).output().unwrap();
    assert_eq!(json(&with_url.stdout)["items"][0]["properties"]["syndication"][0], "http://example.com/#x");
}

#[test]
fn classic_root_ids_are_opt_in() {
    let page = r#"<div class="hentry" id="post-1"><span class="entry-title">Post</span> <a rel="tag" href="http://example.com/tag/web-dev/">Web</a></div>"#;
    let plain = harvest().args(["mf2", "-", "--base-url", "http://example.com/"]).write_stdin(page).output().unwrap();
    let plain = json(&plain.stdout);
    assert!(plain["items"][0].get("id").is_none());
    assert_eq!(plain["items"][0]["properties"]["category"][0], "web-dev");
    let ids = harvest().args(["mf2", "-", "--classic-root-ids"]).write_stdin(page).output().unwrap();
    assert_eq!(json(&ids.stdout)["items"][0]["id"], "post-1");
}

/// Every field of the microformats2 options (harvest-mf2's own, the one definition the front
/// ends read) has its flag on `harvest mf2`, and so its `harvest serve` parameter, which is
/// parsed by the same definitions, unless the front door sets it from the page and the limits.
/// Python's keywords are checked against the flags by the Python tests.
#[test]
fn every_mf2_option_has_its_flag() {
    let help = harvest().args(["mf2", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let options = serde_json::to_value(harvest_html::Mf2Options::default()).unwrap();
    let fields: Vec<&String> = options.as_object().unwrap().keys().collect();
    assert!(fields.len() >= 16, "{fields:?}");
    for field in fields {
        // Fields whose flag says more than a flag name can: which element, which algorithm.
        let flags = match field.as_str() {
            "root" => vec!["--root-id".to_owned(), "--root-selector".to_owned()],
            "types" => vec!["--filter".to_owned()],
            // Set per page from the page's URL and the limits (harvest_html::output::Mf2Output),
            // and the living specification's URL resolution in e-* HTML.
            "max_item_depth" | "max_copied_values" | "max_value_bytes" | "max_includes" | "strict_limits"
            | "resolve_html_urls" => continue,
            other => vec![format!("--{}", other.replace('_', "-"))],
        };
        for flag in flags {
            assert!(help.contains(&format!("{flag} ")) || help.contains(&format!("{flag}\n")), "{field}: no {flag}");
        }
    }
}

/// The flags take the names and aliases of the options' own enums (`RdfaFormat::from_name`,
/// what Python's keywords take): `turtle` is `ttl`, `json-ld` is `jsonld`; other words are
/// usage errors that list the names.
#[test]
fn option_values_take_their_aliases() {
    let page = r#"<p vocab="https://schema.org/" typeof="Person"><span property="name">Ada</span></p>"#;
    let run = |args: &[&str]| {
        harvest()
            .args(["rdfa", "-", "--base-url", "https://example.com/"])
            .args(args)
            .write_stdin(page)
            .output()
            .unwrap()
    };
    let ttl = run(&["--format", "ttl"]);
    assert!(ttl.status.success());
    assert!(String::from_utf8_lossy(&ttl.stdout).contains("Ada"));
    assert_eq!(run(&["--format", "turtle"]).stdout, ttl.stdout);
    assert_eq!(run(&["--format", "json-ld"]).stdout, run(&["--format", "jsonld"]).stdout);
    let bad = run(&["--format", "xml"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("[possible values: jsonld, ttl, nt]"));
}

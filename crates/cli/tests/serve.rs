//! `harvest serve` against real requests on 127.0.0.1: every endpoint and option (answers equal
//! to the command's), every error code, the limits, and the address checks end to end. Every
//! connection stays in the loopback range; the other special-purpose ranges are tested on the
//! classifier (`harvest_pipeline::address`), never by connecting.
#![cfg(feature = "serve")]

mod support;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};
use support::*;

#[test]
fn every_endpoint_and_option_answers_as_the_command_does() {
    let server = Server::start(&[]);
    let page = std::fs::read(example()).unwrap();
    let registry = r#"{"http://microformats.org/profile/": {"propertyURI": "vocabulary"}}"#;
    let registry_file = std::env::temp_dir().join(format!("harvest-serve-registry-{}.json", std::process::id()));
    std::fs::write(&registry_file, registry).unwrap();
    let registry_path = registry_file.to_str().unwrap();
    let cases: &[(&str, &[&str], &str)] = &[
        ("mf2", &[], "application/json"),
        ("mf2", &["--pretty", "--lang", "--metaformats", "--alternates", "--filter-roots"], "application/json"),
        ("mf2", &["--filter", "h-card", "--filter", "h-event", "--srcset", "--source-paths"], "application/json"),
        ("mf2", &["--root-selector", "footer", "--text", "thorough"], "application/json"),
        ("mf2", &["--root-id", "author", "--jf2"], "application/json"),
        ("microdata", &[], "application/json"),
        ("microdata", &["--validate"], "application/json"),
        ("microdata", &["--format", "jsonld"], "application/ld+json"),
        ("links", &[], "application/json"),
        ("links", &["--feeds"], "application/json"),
        ("links", &["--check"], "application/json"),
        ("vcard", &[], "text/vcard; charset=utf-8"),
        ("vcard", &["--from", "mf2", "--all", "--octets"], "text/vcard; charset=utf-8"),
        ("ical", &["--from", "microdata", "--octets", "--rfc5545"], "text/calendar; charset=utf-8"),
        ("ical", &["--from", "mf2"], "text/calendar; charset=utf-8"),
        ("atom", &["--from", "document"], "application/atom+xml"),
        ("atom", &["--from", "mf2"], "application/atom+xml"),
        ("rdf", &[], "application/n-triples"),
        ("rdf", &["--format", "ttl", "--algorithm", "html5"], "text/turtle; charset=utf-8"),
        ("rdfa", &[], "application/ld+json"),
        ("rdfa", &["--format", "ttl", "--vocab-expansion"], "text/turtle; charset=utf-8"),
        ("rdfa", &["--format", "nt", "--graph", "both"], "application/n-triples"),
        ("all", &[], "application/json"),
        ("all", &["--links", "full", "--pretty"], "application/json"),
        ("graph", &[], "application/n-quads"),
        ("graph", &["--format", "ntriples", "--provenance", "--syntax", "microdata,rdfa"], "application/n-triples"),
        ("graph", &["--format", "turtle"], "text/turtle; charset=utf-8"),
        ("graph", &["--format", "trig", "--syntax", "dublincore"], "application/trig; charset=utf-8"),
        ("graph", &["--format", "jsonld"], "application/ld+json"),
    ];
    for (endpoint, flags, media_type) in cases {
        let answer = server.post(&format!("/v1/{endpoint}?{}", query(flags)), &page);
        assert_eq!(answer.status, 200, "{endpoint} {flags:?}: {}", answer.text());
        assert_eq!(answer.header("content-type"), Some(*media_type), "{endpoint} {flags:?}");
        assert_eq!(answer.text(), String::from_utf8(cli(endpoint, flags)).unwrap(), "{endpoint} {flags:?}");
    }
    // The registry travels as JSON in the query; the command reads it from a file.
    for (endpoint, flags) in [("rdf", &[][..]), ("microdata", &["--format", "jsonld"][..]), ("graph", &[][..])] {
        let mut with_registry = query(flags);
        with_registry.push_str("&registry=");
        with_registry.extend(form_urlencoded::byte_serialize(registry.as_bytes()));
        let answer = server.post(&format!("/v1/{endpoint}?{with_registry}"), &page);
        let expected = cli(endpoint, &[flags, &["--registry", registry_path]].concat());
        assert_eq!(answer.text(), String::from_utf8(expected).unwrap(), "{endpoint} with a registry");
    }
    let _ = std::fs::remove_file(&registry_file);
    // mf2 JSON under its own media type when asked.
    let mf2 =
        server.request("POST", "/v1/mf2", &[("Content-Type", "text/html"), ("Accept", "application/mf2+json")], &page);
    assert_eq!(mf2.header("content-type"), Some("application/mf2+json"));
    let jf2 = server.request(
        "POST",
        "/v1/mf2?jf2",
        &[("Content-Type", "text/html"), ("Accept", "application/jf2+json, */*;q=0.1")],
        &page,
    );
    assert_eq!(jf2.header("content-type"), Some("application/jf2+json"));
    // One access-log line per request, path without query.
    let expected = cases.len() + 5;
    server.wait_for_log_lines("for every request", |log| {
        log.iter().filter(|l| l.contains("\"POST /v1/")).count() >= expected
    });
    let log = server.log.lock().unwrap().clone();
    assert_eq!(log.iter().filter(|l| l.contains("\"POST /v1/")).count(), expected, "{log:?}");
    assert!(log.iter().all(|l| !l.contains("base_url")));
}

#[test]
fn the_content_type_charset_is_honoured_else_the_page_says() {
    let server = Server::start(&[]);
    let latin1 = b"<p class=h-card><span class=p-name>Jos\xe9</span></p>";
    let labelled = server.request("POST", "/v1/mf2", &[("Content-Type", "text/html; charset=ISO-8859-1")], latin1);
    assert_eq!(labelled.json()["items"][0]["properties"]["name"][0], "José");
    let meta = b"<meta charset=windows-1252><p class=h-card><span class=p-name>Jos\xe9</span></p>";
    assert_eq!(server.post("/v1/mf2", meta).json()["items"][0]["properties"]["name"][0], "José");
    let unlabelled = server.request("POST", "/v1/mf2", &[], "<p class=h-card>Zoë</p>".as_bytes());
    assert_eq!(unlabelled.json()["items"][0]["properties"]["name"][0], "Zoë");
}

#[test]
fn errors_have_their_status_and_code() {
    let server = Server::start(&["--max-body", "1K", "--max-values", "3"]);
    let page = b"<p class=h-card>Ada</p>";
    assert_eq!(server.post("/v1/mf2?bogus=1", page).error_code(400), "bad-parameter");
    assert_eq!(server.post("/v1/mf2?output=/tmp/x", page).error_code(400), "bad-parameter");
    assert_eq!(server.post("/v1/rdf?format=xml", page).error_code(400), "bad-parameter");
    assert!(server.post("/v1/rdf?format=xml", page).text().contains("nt, ttl"));
    assert_eq!(server.post("/v1/mf2?base_url=nope", page).error_code(400), "bad-parameter");
    assert_eq!(server.post("/v1/mf2?url=http://example.com/", page).error_code(400), "bad-parameter");
    assert_eq!(server.get("/v1/mf2").error_code(400), "bad-parameter");
    assert_eq!(server.get("/v1/mf2?url=ftp://127.0.0.1/").error_code(400), "bad-parameter");
    assert_eq!(server.get("/v1/mf2?url=file:///etc/passwd").error_code(400), "bad-parameter");
    assert_eq!(server.post("/v1/yaml", page).error_code(400), "bad-parameter");
    assert_eq!(server.get("/v2/mf2").error_code(404), "not-found");
    let put = server.request("PUT", "/v1/mf2", &[], b"");
    assert_eq!(put.error_code(405), "method-not-allowed");
    assert_eq!(put.header("allow"), Some("GET, HEAD, POST"));
    assert_eq!(server.post("/v1/mf2", &[b'x'; 2048]).error_code(413), "body-too-large");
    let json = server.request("POST", "/v1/mf2", &[("Content-Type", "application/json")], b"{}");
    assert_eq!(json.error_code(415), "not-html");
    assert_eq!(server.post("/v1/vcard", b"<p>no contact</p>").error_code(422), "nothing-found");
    let many = b"<div itemscope><b itemprop=a>1</b><b itemprop=b>2</b><b itemprop=c>3</b><b itemprop=d>4</b></div>";
    assert_eq!(server.post("/v1/microdata", many).error_code(422), "extraction-failed");
    assert_eq!(server.post("/v1/microdata", &many[..60]).status, 200);
}

#[test]
fn bodies_over_the_limit_are_refused_without_being_read() {
    let server = Server::start(&["--max-body", "1M"]);
    // A declared gigabyte: refused from its Content-Length, before any of it is sent.
    let mut stream = TcpStream::connect(&server.address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let start = Instant::now();
    write!(stream, "POST /v1/all HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: 1073741824\r\n\r\n")
        .unwrap();
    let answer = read_response(&mut stream);
    assert_eq!(answer.error_code(413), "body-too-large");
    assert!(start.elapsed() < Duration::from_secs(5));
    // A chunked body with no length: cut off once past the limit. The client is answered 413
    // and its writes stop (the connection is closed, or stops taking data) long before the
    // gigabyte it meant to send.
    let stream = TcpStream::connect(&server.address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    stream.set_write_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut writer = stream.try_clone().unwrap();
    let sending = std::thread::spawn(move || {
        let head = "POST /v1/all HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n";
        writer.write_all(head.as_bytes()).unwrap();
        let chunk = [b'a'; 64 * 1024];
        let framed = [format!("{:x}\r\n", chunk.len()).as_bytes(), &chunk, b"\r\n"].concat();
        let mut sent = 0usize;
        while sent < 1 << 30 && writer.write_all(&framed).is_ok() {
            sent += chunk.len();
        }
        sent
    });
    let mut reader = stream;
    let mut raw = Vec::new();
    let _ = reader.read_to_end(&mut raw);
    let sent = sending.join().unwrap();
    assert!(sent < 64 << 20, "the client could send {sent} bytes of an over-limit body");
    if !raw.is_empty() {
        assert!(String::from_utf8_lossy(&raw).starts_with("HTTP/1.1 413"), "{}", String::from_utf8_lossy(&raw));
    }
}

#[test]
fn a_slow_body_times_out_and_others_are_still_answered() {
    let server = Server::start(&["--timeout", "2"]);
    let mut slow = TcpStream::connect(&server.address).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(slow, "POST /v1/mf2 HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: 100\r\n\r\n").unwrap();
    let start = Instant::now();
    for byte in b"<p>" {
        slow.write_all(&[*byte]).unwrap();
        // Meanwhile the server answers others at once.
        let health_start = Instant::now();
        assert_eq!(server.get("/healthz").status, 200);
        assert!(health_start.elapsed() < Duration::from_millis(500));
        std::thread::sleep(Duration::from_millis(300));
    }
    let answer = read_response(&mut slow);
    assert_eq!(answer.error_code(408), "request-timeout");
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn requests_past_the_in_flight_bound_are_answered_503() {
    // The slot is held by a fetch that does not end (a body being sent holds none).
    let target = target_server();
    let server = Server::start(&[
        "--max-in-flight",
        "1",
        "--timeout",
        "5",
        "--allow-address",
        "127.0.0.1/32",
        "--fetch-port",
        port_of(&target),
    ]);
    let url: String = form_urlencoded::byte_serialize(format!("http://{target}/hang").as_bytes()).collect();
    let mut holding = TcpStream::connect(&server.address).unwrap();
    write!(holding, "GET /v1/mf2?url={url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let refused = server.post("/v1/mf2", b"<p>");
    assert_eq!(refused.error_code(503), "saturated");
    assert_eq!(refused.header("retry-after"), Some("1"));
    assert_eq!(server.get("/healthz").status, 200, "health checks take no request slot");
    assert_eq!(read_response(&mut holding).error_code(503), "timeout");
    assert_eq!(server.post("/v1/mf2", b"<p>").status, 200);
}

#[test]
fn connections_past_the_bound_are_closed_and_slow_requests_time_out() {
    let server = Server::start(&["--max-connections", "2"]);
    let mut held: Vec<TcpStream> = (0..2).map(|_| TcpStream::connect(&server.address).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(300));
    // Past the bound, the connection idle the longest is closed for the new one (issue 43;
    // serve_bounds.rs has the rest).
    assert_eq!(server.get("/healthz").status, 200);
    held[0].set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut byte = [0u8; 1];
    assert!(matches!(held[0].read(&mut byte), Ok(0) | Err(_)), "the oldest idle connection is closed");
    drop(held);

    // The whole request is bounded too: a fetch that outlasts --timeout is answered 503.
    let target = target_server();
    let slow = Server::start(&[
        "--allow-address",
        "127.0.0.1/32",
        "--timeout",
        "1",
        "--fetch-timeout",
        "20",
        "--fetch-port",
        port_of(&target),
    ]);
    assert_eq!(fetch(&slow, &format!("http://{target}/hang")).error_code(503), "timeout");
}

#[test]
fn cors_and_health() {
    let server = Server::start(&[]);
    let preflight = server.request(
        "OPTIONS",
        "/v1/mf2",
        &[
            ("Origin", "https://reader.example"),
            ("Access-Control-Request-Method", "POST"),
            ("Access-Control-Request-Headers", "content-type"),
        ],
        b"",
    );
    assert_eq!(preflight.status, 200);
    assert_eq!(preflight.header("access-control-allow-origin"), Some("*"));
    assert!(preflight.header("access-control-allow-methods").unwrap().contains("POST"));
    let answer = server.request("GET", "/healthz", &[("Origin", "https://reader.example")], b"");
    assert_eq!(answer.header("access-control-expose-headers"), Some("x-request-id"), "scripts may read the id");
    let answer = server.request(
        "POST",
        "/v1/links",
        &[("Origin", "https://reader.example"), ("Content-Type", "text/html")],
        b"<a href=x>x</a>",
    );
    assert_eq!(answer.header("access-control-allow-origin"), Some("*"));
    assert_eq!(server.get("/healthz").json()["status"], "ok");
    let playground = server.get("/");
    assert!(playground.text().contains("<title>harvest playground</title>"));
    assert!(playground.header("content-security-policy").unwrap().contains("default-src 'none'"));
    assert_eq!(server.get("/playground.js").header("content-type"), Some("text/javascript; charset=utf-8"));
}

#[test]
fn the_parsers_limits_come_from_the_flags() {
    // Past --max-depth ancestors with attributes, an element with attributes is stored flat
    // (docs/robustness.md, "The depth bound"); plain elements keep the tree's depth.
    let path_depth = |server: &Server, div: &str| {
        let deep = format!("{}<a href=/x>x</a>", div.repeat(40));
        let links = server.post("/v1/links", deep.as_bytes()).json();
        links[0]["path"].as_str().unwrap().split('>').count()
    };
    let default = Server::start(&[]);
    assert_eq!(path_depth(&default, "<div class=d>"), 43);
    let bounded = Server::start(&["--max-depth", "10"]);
    assert_eq!(path_depth(&bounded, "<div class=d>"), 13);
    assert_eq!(path_depth(&bounded, "<div>"), 43);
}

#[test]
fn loopback_addresses_are_refused_in_every_form() {
    let target = target_server();
    let port = target.split(':').nth(1).unwrap();
    // The port is let through: what is refused is the address.
    let server = Server::start(&["--fetch-port", port]);
    for url in [
        format!("http://{target}/page"),
        format!("http://localhost:{port}/page"),
        format!("http://127.0.0.2:{port}/page"),
        format!("http://[::1]:{port}/page"),
        format!("http://[::ffff:127.0.0.1]:{port}/page"),
        format!("http://2130706433:{port}/page"),
        format!("http://0x7f.1:{port}/page"),
        format!("http://0.0.0.0:{port}/page"),
    ] {
        let answer = fetch(&server, &url);
        assert_eq!(answer.error_code(403), "forbidden-address", "{url}");
    }
    assert!(fetch(&server, &format!("http://localhost:{port}/page")).text().contains("loopback"));
}

#[test]
fn every_hop_is_checked_and_fetches_are_bounded() {
    let target = target_server();
    let port = target.split(':').nth(1).unwrap();
    // 127.0.0.1 alone is let through: the hops that leave it are refused.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let ports = format!("{port},{}", closed.port());
    let server = Server::start(&[
        "--allow-address",
        "127.0.0.1/32",
        "--max-body",
        "1M",
        "--fetch-timeout",
        "2",
        "--fetch-port",
        &ports,
    ]);
    let page = fetch(&server, &format!("http://{target}/page"));
    assert_eq!(page.status, 200, "{}", page.text());
    assert_eq!(page.json()["items"][0]["properties"]["url"][0], format!("http://{target}/me"));
    // A redirect from the server to itself; the page URL is where it ended.
    let redirected = fetch(&server, &format!("http://{target}/to-page"));
    assert_eq!(redirected.status, 200, "{}", redirected.text());
    assert_eq!(redirected.json()["items"][0]["properties"]["url"][0], format!("http://{target}/me"));
    for hop in ["/to-ipv6", "/to-127.0.0.2"] {
        assert_eq!(fetch(&server, &format!("http://{target}{hop}")).error_code(403), "forbidden-address", "{hop}");
    }
    assert_eq!(fetch(&server, &format!("http://{target}/loop")).error_code(502), "fetch-failed");
    assert_eq!(fetch(&server, &format!("http://{target}/missing")).error_code(502), "fetch-failed");
    assert_eq!(fetch(&server, &format!("http://{target}/image")).error_code(502), "fetched-not-html");
    assert_eq!(fetch(&server, &format!("http://{target}/huge")).error_code(502), "fetched-too-large");
    assert_eq!(fetch(&server, &format!("http://{target}/hang")).error_code(504), "fetch-timeout");
    // A closed port: the connection is refused.
    assert_eq!(fetch(&server, &format!("http://{closed}/page")).error_code(502), "fetch-failed");
    // --allow-private lets everything through.
    let open = Server::start(&["--allow-private", "--fetch-port", port]);
    assert_eq!(fetch(&open, &format!("http://localhost:{port}/to-ipv6")).status, 502, "nothing listens on [::1]");
    assert_eq!(fetch(&open, &format!("http://[::ffff:127.0.0.1]:{port}/page")).status, 200);
    let _ = port;
}

#[test]
fn sigterm_lets_the_request_in_progress_finish() {
    let server = Server::start(&[]);
    let mut stream = TcpStream::connect(&server.address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        stream,
        "POST /v1/mf2 HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: 23\r\n\r\n<p class="
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    signal_term(&server.child);
    std::thread::sleep(Duration::from_millis(200));
    stream.write_all(b"h-card>Ada</p>").unwrap();
    let answer = read_response(&mut stream);
    assert_eq!(answer.status, 200);
    assert_eq!(answer.json()["items"][0]["properties"]["name"][0], "Ada");
    assert!(server.terminate().success());
}

#[test]
fn idle_connections_neither_block_health_checks_nor_grow_memory_without_bound() {
    // One client here: its own bound (tests/serve_abuse.rs) is raised past the 1000.
    let server = Server::start(&["--max-connections-per-client", "2000"]);
    let before = server.rss_kib();
    let idle: Vec<TcpStream> = (0..1000).map(|_| TcpStream::connect(&server.address).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(500));
    let mut slowest = Duration::ZERO;
    for _ in 0..20 {
        let start = Instant::now();
        assert_eq!(server.get("/healthz").status, 200);
        slowest = slowest.max(start.elapsed());
    }
    let after = server.rss_kib();
    drop(idle);
    // Measured at well under 100 ms and a few MB (docs/benchmarks.md); bounds with room for a
    // busy CI machine.
    assert!(slowest < Duration::from_millis(500), "{slowest:?}");
    assert!(after.saturating_sub(before) < 64 * 1024, "{before} KiB → {after} KiB");
}

/// `/v1/graph` without `format` answers in the syntax `Accept` names first; a named `format`
/// wins; `context` is not a parameter (a server reads no file a request names).
#[test]
fn the_graph_endpoint_negotiates_its_syntax() {
    let server = Server::start(&[]);
    let page = std::fs::read(example()).unwrap();
    let html = [("Content-Type", "text/html")];
    for (accept, media_type, flags) in [
        ("text/turtle, */*;q=0.1", "text/turtle; charset=utf-8", &["--format", "turtle"][..]),
        ("application/ld+json", "application/ld+json", &["--format", "jsonld"][..]),
        ("application/trig", "application/trig; charset=utf-8", &["--format", "trig"][..]),
        ("text/html, application/n-triples", "application/n-triples", &["--format", "ntriples"][..]),
        ("*/*", "application/n-quads", &[][..]),
    ] {
        let target = format!("/v1/graph?base_url={BASE}");
        let answer = server.request("POST", &target, &[html[0], ("Accept", accept)], &page);
        assert_eq!(answer.status, 200, "{accept}: {}", answer.text());
        assert_eq!(answer.header("content-type"), Some(media_type), "{accept}");
        assert_eq!(answer.text(), String::from_utf8(cli("graph", flags)).unwrap(), "{accept}");
    }
    let target = format!("/v1/graph?format=nquads&base_url={BASE}");
    let named = server.request("POST", &target, &[html[0], ("Accept", "text/turtle")], &page);
    assert_eq!(named.header("content-type"), Some("application/n-quads"));
    let refused = server.post("/v1/graph?context=https://example.com/c=/etc/passwd", &page);
    assert_eq!(refused.status, 400, "{}", refused.text());
}

/// `/v1/check` answers the record `harvest check --format json` prints, with the same
/// parameters but the ones a server does not take (a vocabulary file, the batch report, the
/// text form, the exit status).
#[test]
fn the_check_endpoint_answers_as_the_command_does() {
    let server = Server::start(&[]);
    let example = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/check/product.html");
    let page = std::fs::read(&example).unwrap();
    let answer = server.post(&format!("/v1/check?base_url={BASE}"), &page);
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.header("content-type"), Some("application/json"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_harvest"))
        .arg("check")
        .arg(&example)
        .args(["--base-url", BASE, "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "the example has errors");
    assert_eq!(answer.text(), String::from_utf8(out.stdout).unwrap());
    assert!(answer.text().contains(r#""rule":"schema-unknown-type""#));
    for parameter in ["vocabulary=/etc/passwd", "summary=/tmp/x", "format=text", "deny=warnings"] {
        let refused = server.post(&format!("/v1/check?{parameter}"), &page);
        assert_eq!(refused.status, 400, "{parameter}: {}", refused.text());
    }
}

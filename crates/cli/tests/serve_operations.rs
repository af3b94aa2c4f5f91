//! What an operator of a public `harvest serve` runs it with (issue 26, "also expected"):
//! `/metrics`, request ids in answers and access logs, configuration from the environment,
//! the fetches' port list and per-host rate, and `/openapi.json`. On 127.0.0.1 only.
#![cfg(feature = "serve")]

mod support;

use std::collections::BTreeMap;
use std::time::Duration;
use support::*;

/// The samples of a Prometheus text exposition: `name{labels}` → value. Panics on a line that
/// is neither a comment nor a well-formed sample, and on a sample of a family without a
/// `# TYPE` line before it.
fn parse_exposition(text: &str) -> BTreeMap<String, f64> {
    let mut samples = BTreeMap::new();
    let mut typed: Vec<String> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let mut words = rest.split(' ');
            let (name, kind) = (words.next().unwrap(), words.next().unwrap());
            assert!(["counter", "gauge", "histogram"].contains(&kind), "{line}");
            typed.push(name.to_owned());
            continue;
        }
        if line.starts_with("# HELP ") || line.is_empty() {
            continue;
        }
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("not a sample: {line:?}"));
        let name = series.split('{').next().unwrap();
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !name.is_empty(),
            "a metric name: {line:?}"
        );
        if let Some(labels) = series.strip_prefix(name) {
            if !labels.is_empty() {
                let inner = labels.strip_prefix('{').and_then(|l| l.strip_suffix('}')).expect(line);
                for pair in inner.split("\",") {
                    let (key, value) = pair.split_once("=\"").unwrap_or_else(|| panic!("a label: {line:?}"));
                    assert!(key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), "{line:?}");
                    assert!(!value.trim_end_matches('"').contains('"'), "{line:?}");
                }
            }
        }
        let family = ["_bucket", "_sum", "_count"].iter().find_map(|s| name.strip_suffix(s)).unwrap_or(name);
        assert!(typed.iter().any(|t| t == name || t == family), "no # TYPE before {line:?}");
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("a value: {line:?}"));
        assert!(samples.insert(series.to_owned(), value).is_none(), "{series} twice");
    }
    samples
}

fn scrape(server: &Server) -> BTreeMap<String, f64> {
    let answer = server.get("/metrics");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.header("content-type"), Some("text/plain; version=0.0.4; charset=utf-8"));
    parse_exposition(&answer.text())
}

fn value(samples: &BTreeMap<String, f64>, series: &str) -> f64 {
    samples.get(series).copied().unwrap_or(0.0)
}

/// How much each of `series` grew between two scrapes.
fn grew(before: &BTreeMap<String, f64>, after: &BTreeMap<String, f64>, series: &str) -> f64 {
    value(after, series) - value(before, series)
}

#[test]
fn metrics_count_requests_rejections_and_fetches() {
    let target = target_server();
    let server = Server::start(&[
        "--metrics",
        "--max-body",
        "1K",
        "--allow-address",
        "127.0.0.1/32",
        "--fetch-port",
        port_of(&target),
        "--fetch-timeout",
        "2",
    ]);
    let before = scrape(&server);
    assert!(value(&before, "harvest_serve_workers") >= 1.0);
    let build = format!("harvest_serve_build_info{{version=\"{}\"}}", env!("CARGO_PKG_VERSION"));
    assert_eq!(value(&before, &build), 1.0);
    let page = b"<p class=h-card>Ada</p>";
    for _ in 0..2 {
        assert_eq!(server.post("/v1/mf2", page).status, 200);
    }
    assert_eq!(server.post("/v1/mf2", &[b'x'; 2048]).error_code(413), "body-too-large");
    assert_eq!(server.get("/made-up").status, 404);
    let fetched = |path: &str| fetch(&server, &format!("http://{target}{path}")).status;
    assert_eq!(fetched("/page"), 200);
    assert_eq!(fetched("/page"), 200, "from the cache");
    assert_eq!(fetched("/image"), 502);
    assert_eq!(fetched("/missing"), 502);
    assert_eq!(fetched("/to-127.0.0.2"), 403);
    assert_eq!(fetch(&server, "http://127.0.0.1:9/page").status, 403, "a port not on the list");
    let after = scrape(&server);

    let mf2 = "endpoint=\"/v1/mf2\"";
    assert_eq!(
        grew(&before, &after, &format!("harvest_serve_requests_total{{{mf2},method=\"POST\",status=\"200\"}}")),
        2.0
    );
    assert_eq!(
        grew(&before, &after, &format!("harvest_serve_requests_total{{{mf2},method=\"POST\",status=\"413\"}}")),
        1.0
    );
    assert_eq!(
        grew(&before, &after, &format!("harvest_serve_requests_total{{{mf2},method=\"GET\",status=\"502\"}}")),
        2.0
    );
    assert_eq!(
        grew(&before, &after, "harvest_serve_requests_total{endpoint=\"other\",method=\"GET\",status=\"404\"}"),
        1.0
    );
    // The latency histogram: every request counted, buckets cumulative, +Inf the count.
    let count = value(&after, &format!("harvest_serve_request_duration_seconds_count{{{mf2}}}"));
    assert_eq!(count - value(&before, &format!("harvest_serve_request_duration_seconds_count{{{mf2}}}")), 9.0);
    let buckets: Vec<f64> = after
        .iter()
        .filter(|(series, _)| series.starts_with(&format!("harvest_serve_request_duration_seconds_bucket{{{mf2},")))
        .map(|(_, value)| *value)
        .collect();
    assert!(buckets.len() > 5);
    assert_eq!(value(&after, &format!("harvest_serve_request_duration_seconds_bucket{{{mf2},le=\"+Inf\"}}")), count);
    assert!(value(&after, &format!("harvest_serve_request_duration_seconds_sum{{{mf2}}}")) > 0.0);
    // Errors by code, rejections by reason, fetches by outcome.
    assert_eq!(grew(&before, &after, "harvest_serve_errors_total{code=\"body-too-large\"}"), 1.0);
    assert_eq!(grew(&before, &after, "harvest_serve_rejections_total{reason=\"body-too-large\"}"), 1.0);
    assert_eq!(grew(&before, &after, "harvest_serve_errors_total{code=\"not-found\"}"), 1.0);
    assert_eq!(grew(&before, &after, "harvest_serve_rejections_total{reason=\"not-found\"}"), 0.0, "not a bound");
    for (outcome, times) in [
        ("ok", 1.0),
        ("fetched-not-html", 1.0),
        ("fetch-failed", 1.0),
        ("forbidden-address", 1.0),
        ("forbidden-port", 1.0),
    ] {
        assert_eq!(
            grew(&before, &after, &format!("harvest_serve_fetches_total{{outcome=\"{outcome}\"}}")),
            times,
            "{outcome}"
        );
    }
    assert_eq!(grew(&before, &after, "harvest_serve_fetch_cache_total{result=\"hit\"}"), 1.0);
    // Extractions: each timed on its worker, and its wait for one.
    assert!(grew(&before, &after, "harvest_serve_extraction_seconds_count") >= 3.0);
    assert!(grew(&before, &after, "harvest_serve_worker_wait_seconds_count") >= 3.0);

    // In flight: a fetch that hangs is counted while it lasts, then as a fetch timeout.
    let address = server.address.clone();
    let url: String = form_urlencoded::byte_serialize(format!("http://{target}/hang").as_bytes()).collect();
    let hanging = std::thread::spawn(move || {
        let mut stream = std::net::TcpStream::connect(&address).unwrap();
        let head = format!("GET /v1/mf2?url={url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        std::io::Write::write_all(&mut stream, head.as_bytes()).unwrap();
        read_response(&mut stream).status
    });
    std::thread::sleep(Duration::from_millis(500));
    let during = scrape(&server);
    assert_eq!(value(&during, "harvest_serve_requests_in_flight"), 2.0, "the fetch, and the scrape itself");
    assert_eq!(value(&during, "harvest_serve_request_slots_used"), 1.0);
    assert!(value(&during, "harvest_serve_connections_open") >= 2.0);
    assert_eq!(hanging.join().unwrap(), 504);
    let end = scrape(&server);
    assert_eq!(grew(&after, &end, "harvest_serve_fetches_total{outcome=\"fetch-timeout\"}"), 1.0);
    assert_eq!(value(&end, "harvest_serve_requests_in_flight"), 1.0);
}

#[test]
fn metrics_count_each_bound_that_refuses() {
    // 429 per client (its rate), 503 saturated (every slot taken), refused connections.
    let target = target_server();
    let server = Server::start(&[
        "--metrics",
        "--rate-per-client",
        "1",
        "--max-in-flight",
        "1",
        "--max-connections-per-client",
        "4",
        "--allow-address",
        "127.0.0.1/32",
        "--fetch-port",
        port_of(&target),
        "--fetch-timeout",
        "2",
    ]);
    let page = b"<p class=h-card>Ada</p>";
    let statuses: Vec<u16> = (0..3).map(|_| server.post("/v1/mf2", page).status).collect();
    assert_eq!(statuses, [200, 200, 429]);
    // Two tokens again: one for the fetch that holds the slot, one for the request refused.
    std::thread::sleep(Duration::from_millis(2100));
    let address = server.address.clone();
    let url: String = form_urlencoded::byte_serialize(format!("http://{target}/hang").as_bytes()).collect();
    let hanging = std::thread::spawn(move || {
        let mut stream = std::net::TcpStream::connect(&address).unwrap();
        let head = format!("GET /v1/mf2?url={url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        std::io::Write::write_all(&mut stream, head.as_bytes()).unwrap();
        read_response(&mut stream).status
    });
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(server.post("/v1/mf2", page).error_code(503), "saturated");
    assert_eq!(hanging.join().unwrap(), 504);
    // The connections before are closed (on the server's side too), then four held: a fifth is
    // one too many.
    std::thread::sleep(Duration::from_millis(300));
    let idle: Vec<_> = (0..4).map(|_| std::net::TcpStream::connect(&server.address).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut fifth = std::net::TcpStream::connect(&server.address).unwrap();
    fifth.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let _ = std::io::Read::read(&mut fifth, &mut [0u8; 1]);
    drop(idle);
    std::thread::sleep(Duration::from_millis(300));
    let samples = scrape(&server);
    assert_eq!(value(&samples, "harvest_serve_rejections_total{reason=\"client-rate\"}"), 1.0, "{samples:?}");
    assert_eq!(value(&samples, "harvest_serve_rejections_total{reason=\"max-in-flight\"}"), 1.0);
    assert_eq!(value(&samples, "harvest_serve_rejections_total{reason=\"client-connections\"}"), 1.0);
    assert_eq!(value(&samples, "harvest_serve_errors_total{code=\"too-many-requests\"}"), 1.0);
    assert_eq!(value(&samples, "harvest_serve_errors_total{code=\"saturated\"}"), 1.0);
}

/// A fetch that outlasts its request (`--timeout` before `--fetch-timeout`) is counted too.
#[test]
fn a_fetch_cut_short_by_its_request_counts_as_cancelled() {
    let target = target_server();
    let flags = ["--metrics", "--allow-address", "127.0.0.1/32", "--timeout", "1", "--fetch-timeout", "20"];
    let server = Server::start(&[&flags[..], &["--fetch-port", port_of(&target)]].concat());
    assert_eq!(fetch(&server, &format!("http://{target}/hang")).error_code(503), "timeout");
    let samples = scrape(&server);
    assert_eq!(value(&samples, "harvest_serve_fetches_total{outcome=\"cancelled\"}"), 1.0, "{samples:?}");
    assert_eq!(value(&samples, "harvest_serve_rejections_total{reason=\"timeout\"}"), 1.0);
}

#[test]
fn metrics_are_served_only_when_asked() {
    let quiet = Server::start(&[]);
    assert_eq!(quiet.get("/metrics").error_code(404), "not-found");
    // On an address of their own: there and not on the API's.
    let separate = Server::start(&["--metrics-listen", "127.0.0.1:0"]);
    separate.wait_for_log("naming the metrics address", |line| line.contains("metrics on http://"));
    let line = separate.log.lock().unwrap().iter().find(|l| l.contains("metrics on http://")).cloned().unwrap();
    let address = line.split("http://").nth(1).unwrap().split('/').next().unwrap().to_owned();
    assert_eq!(separate.post("/v1/mf2", b"<p class=h-card>Ada</p>").status, 200);
    let raw = raw_exchange(&address, b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    let text = String::from_utf8(raw).unwrap();
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    let samples = parse_exposition(text.split("\r\n\r\n").nth(1).unwrap());
    let posted = "harvest_serve_requests_total{endpoint=\"/v1/mf2\",method=\"POST\",status=\"200\"}";
    assert_eq!(value(&samples, posted), 1.0);
    assert_eq!(separate.get("/metrics").error_code(404), "not-found");
}

#[test]
fn request_ids_are_taken_or_made_and_returned_everywhere() {
    let server = Server::start(&[]);
    let page = b"<p class=h-card>Ada</p>";
    let headers = [("Content-Type", "text/html"), ("X-Request-Id", "trace-7f3a:01")];
    let sent = server.request("POST", "/v1/mf2", &headers, page);
    assert_eq!(sent.status, 200);
    assert_eq!(sent.header("x-request-id"), Some("trace-7f3a:01"));
    server.wait_for_log("with the id sent", |line| {
        line.contains("\"POST /v1/mf2\" 200") && line.ends_with("id=trace-7f3a:01")
    });
    // An error names it in its JSON too, and the log line names the code.
    let refused = server.request("POST", "/v1/mf2?bogus=1", &headers, page);
    assert_eq!(refused.error_code(400), "bad-parameter");
    assert_eq!(refused.json()["error"]["request_id"], "trace-7f3a:01");
    server.wait_for_log("with the error code", |line| line.ends_with("id=trace-7f3a:01 error=bad-parameter"));
    // None sent, or one that is not plain and short: one is made, new for each request.
    let made: Vec<String> = (0..2)
        .map(|_| server.post("/v1/mf2?bogus=1", page))
        .map(|answer| {
            let id = answer.header("x-request-id").unwrap().to_owned();
            assert_eq!(answer.json()["error"]["request_id"], id.as_str());
            id
        })
        .collect();
    assert_ne!(made[0], made[1]);
    assert!(made.iter().all(|id| id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())), "{made:?}");
    for odd in ["has space", &"x".repeat(200), "quote\"d"] {
        let answer = server.request("GET", "/healthz", &[("X-Request-Id", odd)], b"");
        let id = answer.header("x-request-id").unwrap();
        assert!(id != odd && id.len() == 16, "{odd:?} → {id:?}");
    }
}

#[test]
fn the_access_log_can_be_json() {
    let server = Server::start(&["--access-log", "json"]);
    let headers = [("Content-Type", "text/html"), ("X-Request-Id", "abc-1")];
    assert_eq!(server.request("POST", "/v1/links?bogus=1", &headers, b"<a href=x>").status, 400);
    server.wait_for_log("in JSON", |line| line.contains("\"abc-1\""));
    let line = server.log.lock().unwrap().iter().find(|line| line.contains("\"abc-1\"")).cloned().unwrap();
    let entry: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(entry["request_id"], "abc-1");
    assert_eq!(entry["method"], "POST");
    assert_eq!(entry["path"], "/v1/links", "without the query");
    assert_eq!(entry["status"], 400);
    assert_eq!(entry["error"], "bad-parameter");
    assert_eq!(entry["client"], "127.0.0.1");
    assert!(entry["ms"].as_f64().unwrap() >= 0.0);
    let time = entry["time"].as_str().unwrap();
    assert!(time.len() == 24 && time.ends_with('Z') && time.as_bytes()[10] == b'T', "{time}");
}

#[test]
fn every_flag_is_read_from_the_environment_and_flags_win() {
    let page = b"<p class=h-card>Ada</p>";
    let big = [b'x'; 2048];
    let small = Server::start_with_env(&[], &[("HARVEST_SERVE_MAX_BODY", "1K")]);
    assert_eq!(small.post("/v1/mf2", &big).error_code(413), "body-too-large");
    assert_eq!(small.post("/v1/mf2", page).status, 200);
    let flag_wins = Server::start_with_env(&["--max-body", "1M"], &[("HARVEST_SERVE_MAX_BODY", "1K")]);
    assert_eq!(flag_wins.post("/v1/mf2", &big).status, 200, "the flag wins");
    // A switch: true/false, 1/0...
    let no_fetch = Server::start_with_env(&[], &[("HARVEST_SERVE_NO_FETCH", "1")]);
    assert_eq!(no_fetch.get("/v1/mf2?url=http://example.com/").error_code(403), "fetching-off");
    let fetches = Server::start_with_env(&[], &[("HARVEST_SERVE_NO_FETCH", "false")]);
    assert_eq!(fetches.get("/v1/mf2?url=http://127.0.0.1/").error_code(403), "forbidden-address");
    // A list: comma-separated.
    let hosts = Server::start_with_env(&[], &[("HARVEST_SERVE_ALLOWED_HOST", "a.example,b.example:8080")]);
    let with_host = |host: &str| {
        let request = format!("GET /healthz HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        String::from_utf8_lossy(&raw_exchange(&hosts.address, request.as_bytes()))[9..12].to_owned()
    };
    assert_eq!(with_host("b.example:8080"), "200");
    assert_eq!(with_host("a.example"), "200");
    assert_eq!(with_host("c.example"), "421");
    // A bad value is a usage error that names the variable's flag, as a bad flag is.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_harvest"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .env("HARVEST_SERVE_TIMEOUT", "soon")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--timeout"), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn fetches_go_to_listed_ports_only_on_every_hop() {
    let target = target_server();
    let other = target_server();
    let allowed = Server::start(&["--allow-address", "127.0.0.1/32"]);
    let refused = fetch(&allowed, &format!("http://{target}/page"));
    assert_eq!(refused.error_code(403), "forbidden-port");
    assert!(refused.text().contains("--fetch-port"), "{}", refused.text());
    // The first port listed, the hop's not: refused at the hop.
    let one = Server::start(&["--allow-address", "127.0.0.1/32", "--fetch-port", port_of(&target)]);
    assert_eq!(fetch(&one, &format!("http://{target}/page")).status, 200);
    let hop = format!("http://{target}/to-port/{}", port_of(&other));
    let answer = fetch(&one, &hop);
    assert_eq!(answer.error_code(403), "forbidden-port");
    assert!(answer.text().contains(&format!("port {}", port_of(&other))), "{}", answer.text());
    // Both listed (a flag repeated): followed.
    let both = Server::start(&[
        "--allow-address",
        "127.0.0.1/32",
        "--fetch-port",
        port_of(&target),
        "--fetch-port",
        port_of(&other),
    ]);
    let followed = fetch(&both, &hop);
    assert_eq!(followed.status, 200, "{}", followed.text());
    assert_eq!(followed.json()["items"][0]["properties"]["url"][0], format!("http://{other}/me"));
}

#[test]
fn fetches_from_one_host_are_rate_limited() {
    let target = target_server();
    let server = Server::start(&[
        "--allow-address",
        "127.0.0.1/32",
        "--fetch-port",
        port_of(&target),
        "--fetch-rate-per-host",
        "1",
        "--fetch-cache",
        "0",
    ]);
    // A burst of twice the rate, then 429 with the time to wait.
    let statuses: Vec<u16> = (0..2).map(|_| fetch(&server, &format!("http://{target}/page")).status).collect();
    assert_eq!(statuses, [200, 200]);
    let limited = fetch(&server, &format!("http://{target}/page"));
    assert_eq!(limited.error_code(429), "host-rate-limited");
    assert_eq!(limited.header("retry-after"), Some("1"));
    assert!(limited.text().contains("127.0.0.1"), "{}", limited.text());
    // A POST fetches nothing: not limited.
    assert_eq!(server.post("/v1/mf2", b"<p class=h-card>Ada</p>").status, 200);
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(fetch(&server, &format!("http://{target}/page")).status, 200, "a token again after a second");
}

#[test]
fn openapi_describes_every_path_and_is_valid() {
    let server = Server::start(&["--metrics"]);
    let answer = server.get("/openapi.json");
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("content-type"), Some("application/json"));
    let document = answer.json();
    assert!(document["openapi"].as_str().unwrap().starts_with("3.0."));
    assert_eq!(document["info"]["version"], env!("CARGO_PKG_VERSION"));
    let paths = document["paths"].as_object().unwrap();
    for endpoint in ["mf2", "microdata", "links", "all", "vcard", "ical", "atom", "rdf", "rdfa"] {
        let path = &paths[&format!("/v1/{endpoint}")];
        assert!(path["get"]["parameters"].as_array().unwrap().iter().any(|p| p["name"] == "url"), "{endpoint}");
        let body = &path["post"]["requestBody"]["content"];
        assert!(body["text/html"].is_object() && body["application/x-www-form-urlencoded"].is_object());
        // Every parameter described is one the endpoint takes (a POST with it is not a 400).
        for parameter in path["post"]["parameters"].as_array().unwrap() {
            if parameter["in"] != "query" || parameter["schema"]["type"] != "boolean" {
                continue;
            }
            let name = parameter["name"].as_str().unwrap();
            let answer = server.post(&format!("/v1/{endpoint}?{name}=false"), b"<p>");
            assert_ne!(answer.status, 400, "{endpoint}?{name}: {}", answer.text());
        }
    }
    // Every path described is served.
    for (path, operations) in paths {
        let answer = match operations.get("get") {
            Some(_) if !path.starts_with("/v1/") => server.get(path),
            _ => server.post(path, b"<p>"),
        };
        assert!(answer.status != 404 && answer.status != 405, "{path}: {}", answer.status);
    }
    // An error answer has the shape described.
    let error = server.post("/v1/mf2?bogus=1", b"<p>").json();
    let described = &document["components"]["schemas"]["Error"]["properties"]["error"]["properties"];
    for key in error["error"].as_object().unwrap().keys() {
        assert!(described.get(key).is_some(), "{key} is not described");
    }
    assert!(described["code"]["enum"].as_array().unwrap().contains(&error["error"]["code"]));
    validate_with_openapi_spec_validator(&answer.text());
}

/// Runs the OpenAPI validator (openapi-spec-validator) on the description, with the Python
/// that `HARVEST_PYTHON` names (`scripts/test.sh` sets it to its virtualenv, where the
/// validator is installed from `tests/browser/requirements.txt`): there a missing validator
/// fails the test. A plain `cargo test` tries `python3` and says SKIPPED without it.
fn validate_with_openapi_spec_validator(text: &str) {
    let named = std::env::var("HARVEST_PYTHON").ok().filter(|python| !python.is_empty());
    let required = named.is_some();
    let python = named.unwrap_or_else(|| "python3".to_owned());
    let check = "import sys, json\n\
                 try:\n    from openapi_spec_validator import validate\n\
                 except ImportError:\n    print('SKIPPED'); sys.exit(0)\n\
                 validate(json.load(sys.stdin)); print('valid')\n";
    let spawned = std::process::Command::new(&python)
        .args(["-c", check])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => {
            assert!(!required, "HARVEST_PYTHON={python}: {error}");
            eprintln!("SKIPPED: the OpenAPI validator (no python3)");
            return;
        }
    };
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), text.as_bytes()).unwrap();
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}{}", String::from_utf8_lossy(&out.stderr));
    if said.trim() == "SKIPPED" {
        assert!(!required, "HARVEST_PYTHON={python} has no openapi-spec-validator (tests/browser/requirements.txt)");
        eprintln!("SKIPPED: the OpenAPI validator (pip install openapi-spec-validator)");
    } else {
        assert_eq!(said.trim(), "valid");
    }
}

/// The instructions of a Dockerfile, continuation lines joined: `(INSTRUCTION, arguments)`.
fn dockerfile_instructions(text: &str) -> Vec<(String, String)> {
    let mut instructions = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        let line = line.trim();
        if pending.is_empty() && (line.is_empty() || line.starts_with('#')) {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(continued) => pending.push_str(continued),
            None => {
                pending.push_str(line);
                let (name, arguments) = pending.split_once(' ').unwrap_or((&pending, ""));
                instructions.push((name.to_uppercase(), arguments.trim().to_owned()));
                pending.clear();
            }
        }
    }
    instructions
}

/// No engine builds images where the tests run, so the image's configuration is checked here:
/// the binary is installed where the entry point runs it, as a user that is not root, and
/// every variable the Dockerfile sets is one `harvest serve` reads (its `--help` names it) and
/// takes: a server started with all of them (on loopback: the flags given here win over the
/// image's listening addresses) runs with their limits and logs JSON.
#[test]
fn the_dockerfile_configures_a_server_that_starts() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Dockerfile")).unwrap();
    let instructions = dockerfile_instructions(&text);
    let last = |name: &str| instructions.iter().rev().find(|(n, _)| n == name).map(|(_, a)| a.as_str());
    let entry: Vec<String> = serde_json::from_str(last("ENTRYPOINT").unwrap()).unwrap();
    assert_eq!(entry, ["/usr/local/bin/harvest", "serve"]);
    assert!(last("COPY").unwrap().ends_with(" /usr/local/bin/harvest"), "{:?}", last("COPY"));
    assert!(!last("USER").unwrap().starts_with("root"), "{:?}", last("USER"));
    let variables: Vec<(String, String)> = instructions
        .iter()
        .filter(|(name, _)| name == "ENV")
        .flat_map(|(_, arguments)| arguments.split_whitespace())
        .map(|pair| pair.split_once('=').map(|(k, v)| (k.to_owned(), v.to_owned())).unwrap())
        .collect();
    assert!(variables.len() >= 10, "{variables:?}");
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_harvest")).args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for (name, _) in &variables {
        assert!(help.contains(&format!("[env: {name}=")), "harvest serve does not read {name}");
    }
    let environment: Vec<(&str, &str)> = variables.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let server = Server::start_with_env(&["--metrics-listen", "127.0.0.1:0"], &environment);
    let ready = server.get("/readyz");
    assert_eq!(ready.status, 200, "{}", ready.text());
    let setting = |name: &str| variables.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).unwrap();
    let ready = ready.json();
    assert_eq!(ready["max_in_flight"].to_string(), setting("HARVEST_SERVE_MAX_IN_FLIGHT"));
    let body_memory = setting("HARVEST_SERVE_BODY_MEMORY").strip_suffix('M').unwrap().parse::<u64>().unwrap();
    assert_eq!(ready["body_memory"], body_memory << 20);
    assert_eq!(server.post("/v1/mf2", b"<p class=h-card>Ada</p>").status, 200);
    server.wait_for_log("a JSON access-log line", |line| line.starts_with('{') && line.contains("/v1/mf2"));
}

//! `/metrics`: the server's counts in the Prometheus text exposition format (version 0.0.4).
//!
//! Requests by endpoint, method and status; their latency, server side (from the request's
//! headers to its answer's head); requests in flight; every error answer by its `code`; the
//! rejections by reason (the bounds that refused a request or a connection); fetch outcomes;
//! and the time requests wait for a worker and spend on one, which tells queueing from work.
//!
//! Every label takes a value from a fixed set (an endpoint name, a status, an error code), so
//! the number of series is bounded whatever the requests. The format is written here: a few
//! counter families and histograms need no registry, and a client library would bring a global
//! registry and its own locking for the same dozen lines of text.
//!
//! It is served only when asked (`--metrics` on the API's address, or `--metrics-listen` on an
//! address of its own): the counts tell whoever reads them how loaded the server is and which
//! bounds refuse what, which is the operator's business.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Upper bounds of the histograms' buckets, in seconds.
const BUCKETS: [f64; 14] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// A histogram: counts per bucket (not cumulative), their sum and count.
#[derive(Debug, Default, Clone)]
struct Histogram {
    buckets: [u64; BUCKETS.len()],
    sum: f64,
    count: u64,
}

impl Histogram {
    fn observe(&mut self, seconds: f64) {
        if let Some(bucket) = BUCKETS.iter().position(|&bound| seconds <= bound) {
            self.buckets[bucket] += 1;
        }
        self.sum += seconds;
        self.count += 1;
    }

    /// Writes `name_bucket`, `name_sum` and `name_count` with `labels` (`key="value"` pairs,
    /// written already, or empty).
    fn write(&self, out: &mut String, name: &str, labels: &str) {
        let separator = if labels.is_empty() { "" } else { "," };
        let mut cumulative = 0;
        for (bound, count) in BUCKETS.iter().zip(self.buckets) {
            cumulative += count;
            let _ = writeln!(out, "{name}_bucket{{{labels}{separator}le=\"{bound}\"}} {cumulative}");
        }
        let _ = writeln!(out, "{name}_bucket{{{labels}{separator}le=\"+Inf\"}} {}", self.count);
        let braces = |labels: &str| if labels.is_empty() { String::new() } else { format!("{{{labels}}}") };
        let _ = writeln!(out, "{name}_sum{} {}", braces(labels), self.sum);
        let _ = writeln!(out, "{name}_count{} {}", braces(labels), self.count);
    }
}

/// The counts behind the lock.
#[derive(Debug, Default)]
struct Counts {
    /// (endpoint, method, status) → requests.
    requests: BTreeMap<(&'static str, &'static str, u16), u64>,
    /// endpoint → latency.
    latency: BTreeMap<&'static str, Histogram>,
    /// error code → answers.
    errors: BTreeMap<&'static str, u64>,
    /// reason → refusals.
    rejections: BTreeMap<&'static str, u64>,
    /// outcome → fetches.
    fetches: BTreeMap<&'static str, u64>,
    /// `hit` or `miss` → requests for a fetched page.
    fetch_cache: BTreeMap<&'static str, u64>,
    worker_wait: Histogram,
    extraction: Histogram,
}

/// The server's counters.
#[derive(Debug, Default)]
pub(crate) struct Metrics {
    counts: Mutex<Counts>,
    in_flight: AtomicI64,
    connections: AtomicI64,
}

/// What the server knows only when asked: its bounds' current use.
pub(crate) struct Gauges {
    pub(crate) workers: usize,
    pub(crate) workers_busy: usize,
    pub(crate) body_memory_used: u64,
    pub(crate) clients: usize,
    pub(crate) request_slots_used: usize,
}

impl Metrics {
    fn lock(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A request began; its [`InFlight`] counts it until dropped.
    pub(crate) fn begin(&self) -> InFlight<'_> {
        self.in_flight.fetch_add(1, Ordering::Relaxed);
        InFlight(&self.in_flight)
    }

    /// A connection was accepted; counted until the guard is dropped.
    pub(crate) fn connection(self: &std::sync::Arc<Self>) -> Connection {
        self.connections.fetch_add(1, Ordering::Relaxed);
        Connection(std::sync::Arc::clone(self))
    }

    /// A request was answered.
    pub(crate) fn answered(&self, endpoint: &'static str, method: &'static str, status: u16, latency: Duration) {
        let mut counts = self.lock();
        *counts.requests.entry((endpoint, method, status)).or_default() += 1;
        counts.latency.entry(endpoint).or_default().observe(latency.as_secs_f64());
    }

    /// A request was answered with this error code.
    pub(crate) fn error(&self, code: &'static str) {
        *self.lock().errors.entry(code).or_default() += 1;
    }

    /// A bound refused a request or a connection.
    pub(crate) fn rejected(&self, reason: &'static str) {
        *self.lock().rejections.entry(reason).or_default() += 1;
    }

    /// A fetch ended: `ok`, or its error code.
    pub(crate) fn fetched(&self, outcome: &'static str) {
        *self.lock().fetches.entry(outcome).or_default() += 1;
    }

    /// A request for a URL was answered from the page cache (`hit`) or fetched (`miss`).
    pub(crate) fn fetch_cache(&self, hit: bool) {
        *self.lock().fetch_cache.entry(if hit { "hit" } else { "miss" }).or_default() += 1;
    }

    /// An extraction waited `wait` for a worker, then took `work` on it.
    pub(crate) fn extraction(&self, wait: Duration, work: Duration) {
        let mut counts = self.lock();
        counts.worker_wait.observe(wait.as_secs_f64());
        counts.extraction.observe(work.as_secs_f64());
    }

    /// The exposition text.
    pub(crate) fn render(&self, gauges: &Gauges) -> String {
        let counts = self.lock();
        let mut out = String::with_capacity(16 << 10);
        let family = |out: &mut String, name: &str, kind: &str, help: &str| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
        };
        family(&mut out, "harvest_serve_build_info", "gauge", "The server's version (always 1).");
        let _ = writeln!(out, "harvest_serve_build_info{{version=\"{}\"}} 1", env!("CARGO_PKG_VERSION"));

        family(
            &mut out,
            "harvest_serve_requests_total",
            "counter",
            "Requests answered, by endpoint, method and status.",
        );
        for ((endpoint, method, status), count) in &counts.requests {
            let _ = writeln!(
                out,
                "harvest_serve_requests_total{{endpoint=\"{endpoint}\",method=\"{method}\",status=\"{status}\"}} {count}"
            );
        }
        family(
            &mut out,
            "harvest_serve_request_duration_seconds",
            "histogram",
            "Time from a request's headers to its answer's head, by endpoint.",
        );
        for (endpoint, histogram) in &counts.latency {
            histogram.write(&mut out, "harvest_serve_request_duration_seconds", &format!("endpoint=\"{endpoint}\""));
        }
        family(&mut out, "harvest_serve_requests_in_flight", "gauge", "Requests being handled now.");
        let _ = writeln!(out, "harvest_serve_requests_in_flight {}", self.in_flight.load(Ordering::Relaxed));
        family(
            &mut out,
            "harvest_serve_request_slots_used",
            "gauge",
            "Slots of --max-in-flight taken (API requests past their body).",
        );
        let _ = writeln!(out, "harvest_serve_request_slots_used {}", gauges.request_slots_used);
        family(&mut out, "harvest_serve_connections_open", "gauge", "Connections open now.");
        let _ = writeln!(out, "harvest_serve_connections_open {}", self.connections.load(Ordering::Relaxed));
        family(&mut out, "harvest_serve_workers", "gauge", "Extractions that may run at once (--workers).");
        let _ = writeln!(out, "harvest_serve_workers {}", gauges.workers);
        family(&mut out, "harvest_serve_workers_busy", "gauge", "Extractions running now.");
        let _ = writeln!(out, "harvest_serve_workers_busy {}", gauges.workers_busy);
        family(
            &mut out,
            "harvest_serve_body_memory_bytes",
            "gauge",
            "Bytes request bodies and fetched pages hold now (--body-memory).",
        );
        let _ = writeln!(out, "harvest_serve_body_memory_bytes {}", gauges.body_memory_used);
        family(&mut out, "harvest_serve_clients", "gauge", "Clients with connections, requests or a rate counted now.");
        let _ = writeln!(out, "harvest_serve_clients {}", gauges.clients);

        family(&mut out, "harvest_serve_errors_total", "counter", "Error answers, by their JSON error code.");
        for (code, count) in &counts.errors {
            let _ = writeln!(out, "harvest_serve_errors_total{{code=\"{code}\"}} {count}");
        }
        family(
            &mut out,
            "harvest_serve_rejections_total",
            "counter",
            "Requests and connections refused by one of the server's bounds, by reason.",
        );
        for (reason, count) in &counts.rejections {
            let _ = writeln!(out, "harvest_serve_rejections_total{{reason=\"{reason}\"}} {count}");
        }
        family(
            &mut out,
            "harvest_serve_fetches_total",
            "counter",
            "Fetches for ?url=, by outcome (ok, or the error code).",
        );
        for (outcome, count) in &counts.fetches {
            let _ = writeln!(out, "harvest_serve_fetches_total{{outcome=\"{outcome}\"}} {count}");
        }
        family(
            &mut out,
            "harvest_serve_fetch_cache_total",
            "counter",
            "Requests for a URL answered from the fetched pages kept (hit) or fetched (miss).",
        );
        for (result, count) in &counts.fetch_cache {
            let _ = writeln!(out, "harvest_serve_fetch_cache_total{{result=\"{result}\"}} {count}");
        }
        family(
            &mut out,
            "harvest_serve_worker_wait_seconds",
            "histogram",
            "Time an extraction waited for a worker (--workers).",
        );
        counts.worker_wait.write(&mut out, "harvest_serve_worker_wait_seconds", "");
        family(&mut out, "harvest_serve_extraction_seconds", "histogram", "Time an extraction took on its worker.");
        counts.extraction.write(&mut out, "harvest_serve_extraction_seconds", "");
        out
    }
}

/// A request being handled, uncounted when dropped.
pub(crate) struct InFlight<'a>(&'a AtomicI64);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// An open connection, uncounted when dropped.
pub(crate) struct Connection(std::sync::Arc<Metrics>);

impl Drop for Connection {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The `endpoint` label of a path: a route of the server, `/v1/{name}` for a known endpoint,
/// else `other` (so that the paths strangers make up do not become series).
pub(crate) fn endpoint_label(path: &str) -> &'static str {
    const ROUTES: [&str; 8] =
        ["/", "/playground.css", "/playground.js", "/healthz", "/readyz", "/version", "/metrics", "/openapi.json"];
    if let Some(route) = ROUTES.iter().find(|route| **route == path) {
        return route;
    }
    if let Some(name) = path.strip_prefix("/v1/") {
        if let Some(known) = super::options::endpoint_labels().iter().find(|label| label[4..] == *name) {
            return known;
        }
    }
    "other"
}

/// The `method` label: the methods the server takes, else `other`.
pub(crate) fn method_label(method: &axum::http::Method) -> &'static str {
    match method.as_str() {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_are_cumulative() {
        let mut histogram = Histogram::default();
        for seconds in [0.0005, 0.003, 0.003, 100.0] {
            histogram.observe(seconds);
        }
        let mut out = String::new();
        histogram.write(&mut out, "x", "a=\"b\"");
        assert!(out.contains("x_bucket{a=\"b\",le=\"0.001\"} 1\n"), "{out}");
        assert!(out.contains("x_bucket{a=\"b\",le=\"0.005\"} 3\n"), "{out}");
        assert!(out.contains("x_bucket{a=\"b\",le=\"30\"} 3\n"), "{out}");
        assert!(out.contains("x_bucket{a=\"b\",le=\"+Inf\"} 4\n"), "{out}");
        assert!(out.contains("x_count{a=\"b\"} 4\n"), "{out}");
    }

    #[test]
    fn labels_come_from_fixed_sets() {
        assert_eq!(endpoint_label("/v1/mf2"), "/v1/mf2");
        assert_eq!(endpoint_label("/v1/made-up"), "other");
        assert_eq!(endpoint_label("/wp-admin"), "other");
        assert_eq!(endpoint_label("/healthz"), "/healthz");
        assert_eq!(method_label(&axum::http::Method::PUT), "other");
    }
}

//! `harvest serve`: the HTTP API and the web playground.
//!
//! The server is a thin front end: it turns a request into a [`harvest_pipeline::Page`] and an
//! [`harvest_pipeline::extract::Extraction`] (the query parameters are the subcommand's own
//! command-line options, parsed by the same definitions: [`options`]), runs it on a worker
//! thread, and answers with the output's media type. Nothing here extracts anything.
//!
//! What a public service needs is bounded at every step:
//!
//! * connections: at most `--max-connections` open (more are closed as they arrive); request
//!   headers must arrive within [`HEADER_TIMEOUT`];
//! * requests: at most `--max-in-flight` handled at once, a POST once its body has arrived
//!   (more are answered 503 `saturated` at once); each must be answered within `--timeout`,
//!   which is also the extraction's deadline ([`harvest_dom::Deadline`]);
//! * bodies: `--max-body` bytes, refused from `Content-Length` before any is read, and cut off
//!   when a body without one grows past it (413); within `--body-timeout` and at
//!   `--min-body-rate` (408); all of them within `--body-memory` ([`body`]);
//! * clients: connections, requests in flight and a rate per client ([`clients`]);
//! * answers: `--max-output` bytes, streamed past their first MiB ([`output`]);
//! * work: `--workers` extractions at once (one per core plus one by default), the others wait their
//!   turn in arrival order; the parsers' depth and value limits come from the flags;
//! * fetches (`?url=`): [`fetch`] checks every address a host resolves to, on every hop, and
//!   connects to the address it checked; time, size and redirects are bounded.
//!
//! SIGTERM or Ctrl-C stops accepting, lets the requests in progress finish (up to
//! [`SHUTDOWN_GRACE`]) and exits. Every request writes one access-log line on stderr.

mod access;
mod api;
mod body;
mod clients;
mod errors;
mod fetch;
mod options;
mod output;
mod page_cache;
mod playground;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Time a client has to send a request's headers, on a new connection or a kept-alive one.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Time the requests in progress are given to finish after a shutdown signal.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(30);

/// `harvest serve`'s options.
#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// Address and port to listen on (port 0: any free port; the address is printed on stderr).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR:PORT")]
    listen: SocketAddr,
    /// Largest request body, and largest page fetched for ?url=, in bytes (suffixes K, M, G:
    /// powers of 1024).
    #[arg(long, default_value = "10M", value_name = "SIZE", value_parser = parse_size)]
    max_body: u64,
    /// Requests handled at once; past it a request is answered 503 at once.
    #[arg(long, default_value_t = 256, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_in_flight: u32,
    /// Open connections at once; past it new connections are closed as they arrive.
    #[arg(long, default_value_t = 4096, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_connections: u32,
    /// Extractions run at once (default: one per core, plus one); the other requests wait
    /// their turn.
    #[arg(long, default_value_t = 0, value_name = "N")]
    workers: usize,
    /// Seconds a request may take, from its headers to its answer (its body must arrive
    /// within it: 408; the rest: 503).
    #[arg(long, default_value_t = 30, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
    timeout: u64,
    /// Seconds a request body may take to arrive (at most --timeout; 408 past it).
    #[arg(long, default_value_t = 10, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
    body_timeout: u64,
    /// Slowest a body may arrive, in bytes per second on average after its first 2 seconds
    /// (408 below it).
    #[arg(long, default_value_t = 1024, value_name = "BYTES")]
    min_body_rate: u64,
    /// Memory all request bodies being read and waiting may hold together (suffixes K, M, G);
    /// past it a request is answered 503.
    #[arg(long, default_value = "512M", value_name = "SIZE", value_parser = parse_size)]
    body_memory: u64,
    /// Open connections from one client (an IPv4 address or an IPv6 /64); more are closed as
    /// they arrive.
    #[arg(long, default_value_t = 256, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_connections_per_client: u32,
    /// Requests of one client handled at once; more are answered 429.
    #[arg(long, default_value_t = 64, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_in_flight_per_client: u32,
    /// Requests per second one client may make (bursts of twice as many); more are answered
    /// 429 (0: no bound).
    #[arg(long, default_value_t = 0, value_name = "N")]
    rate_per_client: u32,
    /// Proxies (CIDR, repeatable) whose X-Forwarded-For names the client: requests from them
    /// count under the last address of X-Forwarded-For that is not a trusted proxy.
    #[arg(long, value_name = "CIDR")]
    trusted_proxy: Vec<ipnet::IpNet>,
    /// Turn ?url= off: the server fetches nothing (GET /v1/… answers 403 fetching-off).
    #[arg(long)]
    no_fetch: bool,
    /// The User-Agent of the server's fetches.
    #[arg(long, value_name = "TEXT", default_value = concat!("harvest/", env!("CARGO_PKG_VERSION"), " (structured data extraction)"))]
    user_agent: String,
    /// Seconds a fetch for ?url= may take, redirects included (504 past it).
    #[arg(long, default_value_t = 10, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
    fetch_timeout: u64,
    /// Bytes of fetched pages kept for 30 seconds, so that requests about the same URL (the
    /// playground asks every endpoint at once) fetch it once (suffixes K, M, G; 0: none kept).
    #[arg(long, default_value = "32M", value_name = "SIZE", value_parser = parse_size)]
    fetch_cache: u64,
    /// Redirects a fetch follows (502 past it).
    #[arg(long, default_value_t = 5, value_name = "N")]
    max_redirects: usize,
    /// Let ?url= fetch from any address: loopback, private, link-local and the other
    /// special-purpose ranges included (for a server inside a trusted network only).
    #[arg(long)]
    allow_private: bool,
    /// Let ?url= fetch from these special-purpose ranges (CIDR, repeatable), e.g.
    /// --allow-address 10.1.2.0/24 for one internal network.
    #[arg(long, value_name = "CIDR")]
    allow_address: Vec<ipnet::IpNet>,
    /// Origins whose web pages may call the API (CORS; repeatable; `*` for any). Default: any,
    /// unless --allow-private or --allow-address let the server reach internal pages: then
    /// none.
    #[arg(long, value_name = "ORIGIN")]
    cors_origin: Vec<String>,
    /// Host names the server answers to (`name`, or `name:port`; repeatable); other Host
    /// headers are answered 421. Default: any, unless --allow-private or --allow-address: then
    /// IP addresses and localhost only (what a DNS-rebinding name never is).
    #[arg(long, value_name = "HOST")]
    allowed_host: Vec<String>,
    /// Nesting the HTML tree builder sees at once; deeper pages parse through a window.
    #[arg(long, default_value_t = harvest_dom::DEFAULT_MAX_DEPTH, value_name = "N")]
    max_depth: usize,
    /// Largest answer, in bytes (suffixes K, M, G); past it the request is answered 422
    /// `output-too-large`, or, when the answer is past its first megabyte already, cut short.
    #[arg(long, default_value = "64M", value_name = "SIZE", value_parser = parse_size)]
    max_output: u64,
    /// Most values one extraction writes (microdata JSON values, mf2 values copied into
    /// nested items, RDF triples); past it the request is answered 422 (default: each
    /// extractor's own: 1,000,000 microdata values or RDF triples, 4,000,000 mf2 copies).
    #[arg(long, value_name = "N")]
    max_values: Option<usize>,
}

/// `10M` → 10485760.
fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, ""),
    };
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        _ => return Err(format!("{text:?}: a size is a number with an optional K, M or G")),
    };
    let number: u64 = digits.parse().map_err(|_| format!("{text:?}: a size is a number with an optional K, M or G"))?;
    number.checked_mul(1 << shift).ok_or_else(|| format!("{text:?} is too large"))
}

/// What every request handler shares.
pub(crate) struct State {
    pub(crate) settings: ServeArgs,
    /// Requests being handled (not `/healthz` or the playground).
    pub(crate) in_flight: Semaphore,
    /// Extractions running (a permit moves to the worker thread with its extraction).
    pub(crate) workers: Arc<Semaphore>,
    pub(crate) fetcher: fetch::Fetcher,
    /// Pages fetched in the last seconds.
    pub(crate) pages: page_cache::PageCache,
    /// Bytes request bodies may still hold (`--body-memory`).
    pub(crate) body_memory: Arc<Semaphore>,
    /// Per-client counts.
    pub(crate) clients: Arc<clients::Clients>,
}

/// Runs the server until SIGTERM or Ctrl-C; returns the exit code.
pub fn run(args: ServeArgs) -> u8 {
    // Extractions run on tokio's blocking threads, `workers` at a time (a semaphore); a pool
    // just that large (and two for name lookups) keeps the threads, and the allocator's
    // per-thread arenas, from multiplying under load.
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().max_blocking_threads(workers(&args) + 2).build();
    let runtime = match runtime {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("harvest serve: starting the runtime: {error}");
            return crate::batch::exit::UNREADABLE;
        }
    };
    runtime.block_on(serve(args))
}

async fn serve(args: ServeArgs) -> u8 {
    let listener = match TcpListener::bind(args.listen).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("harvest serve: listening on {}: {error}", args.listen);
            return crate::batch::exit::USAGE;
        }
    };
    let workers = workers(&args);
    let fetcher = match fetch::Fetcher::new(fetch::Policy::from_args(&args)) {
        Ok(fetcher) => fetcher,
        Err(error) => {
            eprintln!("harvest serve: {error}");
            return crate::batch::exit::UNREADABLE;
        }
    };
    let state = Arc::new(State {
        in_flight: Semaphore::new(args.max_in_flight as usize),
        workers: Arc::new(Semaphore::new(workers)),
        fetcher,
        pages: page_cache::PageCache::new(args.fetch_cache),
        body_memory: body::memory_budget(&args),
        clients: clients::Clients::new(&args),
        settings: args.clone(),
    });
    if access::reaches_private(&args) && args.cors_origin.iter().any(|origin| origin == "*") {
        eprintln!(
            "harvest serve: warning: --cors-origin '*' with private addresses allowed lets any web page a \
             user of your network opens read internal pages through this server"
        );
    }
    let clients = Arc::clone(&state.clients);
    let router = api::router(state);
    let address = listener.local_addr().map(|a| a.to_string()).unwrap_or_else(|_| args.listen.to_string());
    eprintln!("harvest serve: listening on http://{address}/ ({workers} workers; Ctrl-C to stop)");
    accept_loop(listener, router, args.max_connections as usize, clients).await;
    crate::batch::exit::OK
}

/// `--workers`, or one per core plus one: while the workers extract, the runtime's threads
/// read and write the requests around them, and one more worker keeps the cores busy then
/// (measured in docs/benchmarks.md: 2 cores, 2 workers 0.80× the command's rate, 3 workers
/// 0.89×, 4 workers 0.91×).
pub(crate) fn workers(args: &ServeArgs) -> usize {
    match args.workers {
        0 => std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1) + 1,
        n => n,
    }
}

/// Accepts connections until a shutdown signal, each served by hyper with the router; then
/// waits for the connections to finish their requests.
async fn accept_loop(listener: TcpListener, router: Router, max_connections: usize, clients: Arc<clients::Clients>) {
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let connections = Arc::new(Semaphore::new(max_connections));
    let mut shutdown = std::pin::pin!(shutdown_signal());
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: wait a little rather than spin.
                    eprintln!("harvest serve: accepting a connection: {error}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let Some(client_permit) = clients.connect(peer.ip()) else {
            drop(stream);
            continue;
        };
        let (router, clients) = (router.clone(), Arc::clone(&clients));
        let service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let (router, clients) = (router.clone(), Arc::clone(&clients));
            async move { Ok::<_, std::convert::Infallible>(logged(router, peer, &clients, request).await) }
        });
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder.timer(TokioTimer::new()).header_read_timeout(HEADER_TIMEOUT);
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                log_rejection(peer, &error);
            }
            drop(client_permit);
            drop(permit);
        });
    }
    drop(listener);
    eprintln!("harvest serve: stopping; letting the requests in progress finish");
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(SHUTDOWN_GRACE) => eprintln!("harvest serve: requests still running after {SHUTDOWN_GRACE:?}; stopping anyway"),
    }
}

/// Writes the access-log line of a request hyper refused before the router saw it (a head
/// too large, a URI too long, a malformed request): hyper answers those itself, 431, 414 or
/// 400 with no body, and closes the connection.
fn log_rejection(peer: SocketAddr, error: &hyper::Error) {
    if !(error.is_parse() || error.is_parse_too_large()) {
        return;
    }
    let text = error.to_string();
    let status = match (error.is_parse_too_large(), text.contains("URI")) {
        (true, true) => 414,
        (true, false) => 431,
        (false, _) => 400,
    };
    eprintln!("{peer} \"-\" {status} rejected by the HTTP parser: {}", text.escape_debug());
}

/// Runs a request through the router and writes its access-log line:
/// `peer "METHOD /path" status milliseconds`.
async fn logged(
    router: Router,
    peer: SocketAddr,
    clients: &clients::Clients,
    mut request: hyper::Request<hyper::body::Incoming>,
) -> axum::response::Response {
    use tower::ServiceExt;
    let start = Instant::now();
    let forwarded: Vec<&str> =
        request.headers().get_all("x-forwarded-for").iter().filter_map(|value| value.to_str().ok()).collect();
    let client = clients.client(peer.ip(), &forwarded);
    request.extensions_mut().insert(Client(client));
    let method = request.method().clone();
    // The path only: query strings can hold the addresses people ask about.
    let path = request.uri().path().to_owned();
    let response = match router.oneshot(request.map(axum::body::Body::new)).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    let who = match client == peer.ip() {
        true => peer.to_string(),
        false => format!("{client} via {peer}"),
    };
    eprintln!(
        "{who} \"{method} {}\" {} {:.1}ms",
        path.escape_debug(),
        response.status().as_u16(),
        start.elapsed().as_secs_f64() * 1000.0
    );
    response
}

/// The client a request is counted under ([`clients`]), put in its extensions.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Client(pub(crate) std::net::IpAddr);

/// Resolves on SIGTERM or Ctrl-C (SIGINT).
async fn shutdown_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("10M"), Ok(10 << 20));
        assert_eq!(parse_size("512"), Ok(512));
        assert_eq!(parse_size("1g"), Ok(1 << 30));
        assert_eq!(parse_size("64KiB"), Ok(64 << 10));
        assert!(parse_size("ten").is_err());
        assert!(parse_size("5T").is_err());
        assert!(parse_size("99999999999999G").is_err());
    }
}

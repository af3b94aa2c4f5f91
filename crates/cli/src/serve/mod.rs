//! `harvest serve`: the HTTP API and the web playground.
//!
//! The server is a thin front end: it turns a request into a [`harvest_pipeline::Page`] and an
//! [`harvest_html::output::Extraction`] (the query parameters are the subcommand's own
//! command-line options, parsed by the same definitions: [`options`]), runs it on a worker
//! thread, and answers with the output's media type. Nothing here extracts anything.
//!
//! What a public service needs is bounded at every step:
//!
//! * connections: at most `--max-connections` open (past it the connection idle the longest is
//!   closed for a new one, and a new one is closed only when every one has a request in
//!   progress: [`connections`]); request headers must arrive within [`HEADER_TIMEOUT`];
//! * requests: at most `--max-in-flight` handled at once, a POST once its body has arrived
//!   (more are answered 503 `saturated` at once); each must be answered within `--timeout`,
//!   which is also the extraction's deadline ([`harvest_dom::Deadline`]);
//! * bodies: `--max-body` bytes, refused from `Content-Length` before any is read, and cut off
//!   when a body without one grows past it (413); within `--body-timeout` and at
//!   `--min-body-rate` (408); all of them within `--body-memory` ([`body`]);
//! * clients: connections, requests in flight and a rate per client ([`clients`]);
//! * answers: `--max-output` bytes, streamed past their first MiB ([`output`]);
//! * work: `--workers` extractions at once (one per core plus one by default), the others wait their
//!   turn, the clients with fewer running first, and pages past `--heavy-page` never on the last
//!   free worker ([`mod@workers`]); the parsers' depth and value limits come from the flags;
//! * fetches (`?url=`): [`fetch`] checks every address a host resolves to, on every hop, and
//!   connects to the address it checked; time, size and redirects are bounded.
//!
//! SIGTERM or Ctrl-C stops accepting, lets the requests in progress finish (up to
//! [`SHUTDOWN_GRACE`]) and exits. Every request writes one access-log line on stderr, with its
//! request id ([`log`]), and is counted for `/metrics` ([`metrics`]). The API describes itself
//! at `/openapi.json` ([`openapi`]).

mod access;
mod api;
mod args;
mod body;
mod clients;
mod connections;
mod errors;
mod fetch;
mod form;
mod host_rate;
mod log;
mod metrics;
mod openapi;
mod options;
mod output;
mod page_cache;
mod playground;
mod request_id;
mod stall;
mod workers;

pub(crate) use args::ServeArgs;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Time a client has to send a request's headers, on a new connection or a kept-alive one:
/// an idle connection is closed then. Short, since a connection that sends nothing holds a
/// socket and a place among `--max-connections` (a browser sends its headers at once).
const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// Time the requests in progress are given to finish after a shutdown signal.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(30);

/// What every request handler shares.
pub(crate) struct State {
    pub(crate) settings: ServeArgs,
    /// Requests being handled (not `/healthz` or the playground).
    /// (A streamed answer holds its slot until its last byte is sent.)
    pub(crate) in_flight: Arc<Semaphore>,
    /// Extractions running (a permit moves to the worker thread with its extraction), handed
    /// out fairly ([`mod@workers`]).
    pub(crate) workers: workers::Workers,
    pub(crate) fetcher: fetch::Fetcher,
    /// Pages fetched in the last seconds.
    pub(crate) pages: page_cache::PageCache,
    /// Bytes request bodies and fetched pages may still hold (`--body-memory`).
    pub(crate) body_memory: Arc<Semaphore>,
    /// Per-client counts.
    pub(crate) clients: Arc<clients::Clients>,
    /// What `/metrics` reports.
    pub(crate) metrics: Arc<metrics::Metrics>,
    /// Makes the ids of requests that bring none.
    pub(crate) request_ids: request_id::RequestIds,
}

/// Runs the server until SIGTERM or Ctrl-C; returns the exit code.
pub(crate) fn run(args: ServeArgs) -> u8 {
    // Extractions run on threads of their own (`workers`); tokio's blocking threads only look
    // up names, decode gzip bodies and parse forms, and a small pool keeps the threads, and the allocator's
    // per-thread arenas, from multiplying under load.
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().max_blocking_threads(4).build();
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
    let worker_count = workers(&args);
    let metrics = Arc::new(metrics::Metrics::default());
    let body_memory = body::memory_budget(&args);
    let fetcher =
        match fetch::Fetcher::new(fetch::Policy::from_args(&args), Arc::clone(&metrics), Arc::clone(&body_memory)) {
            Ok(fetcher) => fetcher,
            Err(error) => {
                eprintln!("harvest serve: {error}");
                return crate::batch::exit::UNREADABLE;
            }
        };
    let workers = match workers::Workers::new(worker_count, cores()) {
        Ok(workers) => workers,
        Err(error) => {
            eprintln!("harvest serve: starting the extraction workers: {error}");
            return crate::batch::exit::UNREADABLE;
        }
    };
    let state = Arc::new(State {
        in_flight: Arc::new(Semaphore::new(args.max_in_flight as usize)),
        workers,
        fetcher,
        pages: page_cache::PageCache::new(args.fetch_cache),
        body_memory,
        clients: clients::Clients::new(&args),
        metrics,
        request_ids: request_id::RequestIds::new(),
        settings: args.clone(),
    });
    if access::reaches_private(&args) && args.cors_origin.iter().any(|origin| origin == "*") {
        eprintln!(
            "harvest serve: warning: --cors-origin '*' with private addresses allowed lets any web page a \
             user of your network opens read internal pages through this server"
        );
    }
    let metrics_listener = match args.metrics_listen {
        Some(address) => match TcpListener::bind(address).await {
            Ok(listener) => Some(listener),
            Err(error) => {
                eprintln!("harvest serve: listening for /metrics on {address}: {error}");
                return crate::batch::exit::USAGE;
            }
        },
        None => None,
    };
    let router = api::router(Arc::clone(&state));
    let address = listener.local_addr().map(|a| a.to_string()).unwrap_or_else(|_| args.listen.to_string());
    eprintln!("harvest serve: listening on http://{address}/ ({worker_count} workers; Ctrl-C to stop)");
    if let Some(listener) = metrics_listener {
        let address = listener.local_addr().map(|a| a.to_string()).unwrap_or_default();
        eprintln!("harvest serve: metrics on http://{address}/metrics");
        let router = api::metrics_router(Arc::clone(&state));
        tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, router).await {
                eprintln!("harvest serve: serving /metrics: {error}");
            }
        });
    }
    // On a worker thread of the runtime, not the thread that started it: a connection's task
    // is then spawned where the accept ran, onto that worker's own queue, instead of being
    // handed across threads (a wake-up and a context switch per connection).
    match tokio::spawn(accept_loop(listener, router, state)).await {
        Ok(()) => crate::batch::exit::OK,
        Err(error) => {
            eprintln!("harvest serve: the accept loop failed: {error}");
            crate::batch::exit::UNREADABLE
        }
    }
}

/// The cores the server may use.
fn cores() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// `--workers`, or one per core plus one: while the workers extract, the runtime's threads
/// read and write the requests around them, and one more worker keeps the cores busy then
/// (measured in docs/benchmarks.md: 2 cores, 2 workers 0.80× the command's rate, 3 workers
/// 0.89×, 4 workers 0.91×).
pub(crate) fn workers(args: &ServeArgs) -> usize {
    match args.workers {
        0 => cores() + 1,
        n => n,
    }
}

/// Accepts connections until a shutdown signal, each served by hyper with the router; then
/// waits for the connections to finish their requests.
async fn accept_loop(listener: TcpListener, router: Router, state: Arc<State>) {
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let connections = connections::Connections::new(state.settings.max_connections as usize);
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
        let Some(client_permit) = state.clients.connect(peer.ip()) else {
            state.metrics.rejected("client-connections");
            drop(stream);
            continue;
        };
        let admitted = match connections.admit() {
            connections::Admission::Admitted { connection, evicted } => {
                if evicted {
                    state.metrics.rejected("idle-evicted");
                }
                Arc::new(connection)
            }
            connections::Admission::Full => {
                state.metrics.rejected("max-connections");
                drop(stream);
                continue;
            }
        };
        let open = state.metrics.connection();
        let (router, serving, serving_connection) = (router.clone(), Arc::clone(&state), Arc::clone(&admitted));
        let service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let (router, state) = (router.clone(), Arc::clone(&serving));
            // The connection is busy until the answer's last byte is sent (the body is dropped).
            let busy = serving_connection.busy();
            async move {
                let response = log::logged(router, peer, &state, request).await;
                Ok::<_, std::convert::Infallible>(response.map(|body| {
                    use http_body_util::BodyExt;
                    axum::body::Body::new(body.map_frame(move |frame| {
                        let _ = &busy;
                        frame
                    }))
                }))
            }
        });
        let state = Arc::clone(&state);
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder.timer(TokioTimer::new()).header_read_timeout(HEADER_TIMEOUT);
        // A client that stops reading its answer is disconnected after --timeout ([`stall`]).
        let stream = stall::StallBounded::new(stream, Duration::from_secs(state.settings.timeout));
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            tokio::select! {
                served = connection => if let Err(error) = served {
                    log::log_rejection(&state, peer, &error);
                },
                // Closed (the future dropped) to make room for a new connection.
                () = admitted.evicted() => {}
            }
            drop(open);
            drop(client_permit);
            drop(admitted);
        });
    }
    drop(listener);
    eprintln!("harvest serve: stopping; letting the requests in progress finish");
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(SHUTDOWN_GRACE) => eprintln!("harvest serve: requests still running after {SHUTDOWN_GRACE:?}; stopping anyway"),
    }
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

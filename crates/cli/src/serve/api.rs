//! The routes: `/v1/{endpoint}` (POST a page, or GET `?url=`), `/healthz`, `/readyz`,
//! `/version`, `/openapi.json`, `/metrics` (when asked), the playground.

use super::errors::{ApiError, Kind};
use super::options::{self, Request};
use super::{access, body, clients, form, openapi, output, playground, Client, ServeArgs, State};
use axum::body::Body;
use axum::extract::{Path, RawQuery};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, MethodRouter};
use axum::Router;
use harvest_dom::Deadline;
use harvest_html::output::pretty::Pretty;
use harvest_html::output::{Extraction, GraphFormat, MicrodataOutput, RdfFormat, RdfaFormat};
use harvest_html::{Error, Limits};
use harvest_pipeline::media_type::MediaType;
use harvest_pipeline::Page;
use std::io::Write;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The server's routes by path (`/metrics` only with `--metrics`): what the router serves, and
/// what `/openapi.json` must describe.
pub(crate) fn routes(settings: &ServeArgs) -> Vec<(&'static str, MethodRouter<Arc<State>>)> {
    let mut routes: Vec<(&'static str, MethodRouter<Arc<State>>)> = vec![
        ("/", get(playground::index)),
        ("/playground.css", get(playground::stylesheet)),
        ("/playground.js", get(playground::script)),
        ("/healthz", get(healthz)),
        ("/version", get(version)),
        ("/openapi.json", get(openapi::serve)),
        ("/v1/{endpoint}", get(fetch_and_extract).post(extract_body)),
    ];
    if !settings.private_readyz {
        routes.push(("/readyz", get(readyz)));
    }
    if settings.metrics {
        routes.push(("/metrics", get(metrics)));
    }
    routes
}

/// The server's routes, with CORS for browser clients ([`access`]) on every answer.
pub(crate) fn router(state: Arc<State>) -> Router {
    let cors = access::cors(&state.settings);
    let hosts = access::Hosts::from_settings(&state.settings);
    let mut router = Router::new();
    for (path, route) in routes(&state.settings) {
        let route = match path.starts_with("/v1/") {
            true => route.route_layer(axum::middleware::from_fn_with_state(Arc::clone(&state), per_client)),
            false => route,
        };
        router = router.route(path, route);
    }
    let router = router
        .fallback(|| async { ApiError::new(Kind::NotFound, "no such path; the API is /v1/{endpoint}") })
        .method_not_allowed_fallback(|uri: axum::http::Uri| async move {
            let (message, allow) = match uri.path().starts_with("/v1/") {
                true => ("the endpoints take POST (a page) and GET (?url=)", "GET, HEAD, POST"),
                false => ("this path takes GET", "GET, HEAD"),
            };
            let mut response = ApiError::new(Kind::MethodNotAllowed, message).into_response();
            response.headers_mut().insert(header::ALLOW, HeaderValue::from_static(allow));
            response
        })
        .layer(axum::middleware::map_response(vary_accept))
        .layer(axum::middleware::map_response(no_sniffing));
    let router = match cors {
        Some(cors) => router.layer(cors),
        None => router,
    };
    router
        .layer(axum::middleware::from_fn(move |request, next| access::check_host(hosts.clone(), request, next)))
        .with_state(state)
}

/// `/metrics` and `/readyz`, for `--metrics-listen`.
pub(crate) fn metrics_router(state: Arc<State>) -> Router {
    Router::new().route("/metrics", get(metrics)).route("/readyz", get(readyz)).with_state(state)
}

/// `GET /metrics`: the counts in the Prometheus text format ([`super::metrics`]).
async fn metrics(axum::extract::State(state): axum::extract::State<Arc<State>>) -> Response {
    let settings = &state.settings;
    let gauges = super::metrics::Gauges {
        workers: super::workers(settings),
        workers_busy: state.workers.busy(),
        body_memory_used: settings.body_memory.min(Semaphore::MAX_PERMITS as u64)
            - state.body_memory.available_permits() as u64,
        clients: state.clients.len(),
        request_slots_used: settings.max_in_flight as usize - state.in_flight.available_permits(),
    };
    let text = state.metrics.render(&gauges);
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], text).into_response()
}

async fn no_sniffing(mut response: Response) -> Response {
    response.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

/// Every answer of the API says it depends on `Accept` (the mf2 media type does), so caches
/// keep the answers apart.
async fn vary_accept(uri: axum::http::Uri, mut response: Response) -> Response {
    if uri.path().starts_with("/v1/") {
        response.headers_mut().append(header::VARY, HeaderValue::from_static("accept"));
    }
    response
}

/// Counts an API request against its client's bounds ([`clients`]): 429 past them.
async fn per_client(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let client = request.extensions().get::<Client>().map_or(std::net::Ipv4Addr::UNSPECIFIED.into(), |c| c.0);
    let _counted: clients::ClientGuard = match state.clients.request(client) {
        Ok(guard) => guard,
        Err(error) => return error.into_response(),
    };
    next.run(request).await
}

/// `GET /readyz`: whether the server takes requests now (200 `ready`) or is saturated (503:
/// no request slot free, no room for another full body, or extractions waiting for a
/// worker), with the counts it judged by.
pub(crate) async fn readyz(axum::extract::State(state): axum::extract::State<Arc<State>>) -> Response {
    let settings = &state.settings;
    let free_slots = state.in_flight.available_permits();
    let free_body_memory = state.body_memory.available_permits() as u64;
    let queued = state.workers.queued();
    let saturated = free_slots == 0 || free_body_memory < settings.max_body.min(settings.body_memory) || queued > 0;
    let workers = super::workers(settings);
    let report = serde_json::json!({
        "status": if saturated { "saturated" } else { "ready" },
        "in_flight": settings.max_in_flight as usize - free_slots,
        "max_in_flight": settings.max_in_flight,
        "workers_busy": state.workers.busy(),
        "workers": workers,
        "queued": queued,
        "body_memory_used": settings.body_memory.min(Semaphore::MAX_PERMITS as u64) - free_body_memory,
        "body_memory": settings.body_memory,
        "clients": state.clients.len(),
    });
    let status = if saturated { StatusCode::SERVICE_UNAVAILABLE } else { StatusCode::OK };
    (status, [(header::CONTENT_TYPE, "application/json")], format!("{report}\n")).into_response()
}

/// `GET /version`: `{"name": "harvest", "version": "…"}`.
async fn version() -> Response {
    let body = serde_json::json!({"name": "harvest", "version": env!("CARGO_PKG_VERSION")});
    ([(header::CONTENT_TYPE, "application/json")], format!("{body}\n")).into_response()
}

/// `GET /healthz`: answered at once, whatever the load (it takes no request slot).
async fn healthz() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], "{\"status\":\"ok\"}\n").into_response()
}

/// The `Content-Type` of a page given to the server, or fetched by it; none counts as HTML.
pub(crate) fn page_media_type(headers: &HeaderMap) -> MediaType {
    MediaType::parse(headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default())
}

/// HTML, XHTML, or not labelled.
pub(crate) fn is_html_or_unlabelled(media: &MediaType) -> bool {
    media.essence.is_empty() || media.is_html()
}

/// `POST /v1/{endpoint}`: the body is the page.
async fn extract_body(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    axum::Extension(Client(client)): axum::Extension<Client>,
    Path(endpoint): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let deadline = Deadline::after(Duration::from_secs(state.settings.timeout));
    if page_media_type(&headers).essence == "application/x-www-form-urlencoded" {
        return extract_form(state, client, endpoint, query, headers, body, deadline).await;
    }
    let result = async {
        let request = parse_query(&endpoint, query.as_deref())?;
        if request.url.is_some() {
            return Err(ApiError::new(Kind::BadParameter, "url is for GET; a POST sends the page as its body"));
        }
        let media = page_media_type(&headers);
        if !(is_html_or_unlabelled(&media) || media.essence == "application/octet-stream") {
            return Err(ApiError::new(
                Kind::NotHtml,
                format!("the body is {}; send HTML as text/html (or application/xhtml+xml)", media.essence),
            ));
        }
        // The body first: a slow one holds no extraction slot.
        let body = body::read(body, &headers, &state.settings, &state.body_memory).await?;
        let Ok(slot) = Arc::clone(&state.in_flight).try_acquire_owned() else { return Ok(saturated()) };
        let page = Page::new("body", body.bytes, request.base_url.as_deref()).charset(media.charset);
        let work = run(&state, client, slot, request, (page, body.memory), &headers, &deadline);
        Ok(within_deadline(&state, work).await)
    };
    result.await.unwrap_or_else(IntoResponse::into_response)
}

/// `GET /v1/{endpoint}?url=`: the page is fetched.
async fn fetch_and_extract(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    axum::Extension(Client(client)): axum::Extension<Client>,
    Path(endpoint): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let Ok(slot) = Arc::clone(&state.in_flight).try_acquire_owned() else { return saturated() };
    let deadline = Deadline::after(Duration::from_secs(state.settings.timeout));
    let result = async {
        let request = parse_query(&endpoint, query.as_deref())?;
        Ok::<_, ApiError>(fetch_then_run(&state, client, slot, request, &headers, &deadline).await)
    };
    result.await.unwrap_or_else(IntoResponse::into_response)
}

/// Fetches `request.url` and runs the extraction on it, within the request's deadline.
async fn fetch_then_run(
    state: &State,
    client: IpAddr,
    slot: OwnedSemaphorePermit,
    request: Request,
    headers: &HeaderMap,
    deadline: &Deadline,
) -> Response {
    if state.settings.no_fetch {
        return ApiError::new(Kind::FetchingOff, "this server fetches no pages (--no-fetch): POST the page")
            .into_response();
    }
    let Some(url) = request.url.clone() else {
        return ApiError::new(Kind::BadParameter, "GET needs ?url= (the page to fetch); POST sends the page itself")
            .into_response();
    };
    let fetch = async {
        let mut page = state.pages.fetch(&url, &state.fetcher).await?;
        if let Some(base) = &request.base_url {
            page.url = Some(base.clone());
        }
        // The request's own copy of the page counts against --body-memory as a posted body
        // does, until its extraction ends.
        let mut memory = body::Memory::default();
        memory.take(&state.body_memory, page.bytes.len())?;
        run(state, client, slot, request, (page, memory), headers, deadline).await
    };
    within_deadline(state, fetch).await
}

/// `POST /v1/{endpoint}` with a form (`application/x-www-form-urlencoded`), as XRay and
/// php-mf2's service take it: `html=` (the page) or `url=` (to fetch), and any parameter of
/// the endpoint, in the form or the query.
async fn extract_form(
    state: Arc<State>,
    client: IpAddr,
    endpoint: String,
    query: Option<String>,
    headers: HeaderMap,
    body: Body,
    deadline: Deadline,
) -> Response {
    let result = async {
        let read = body::read(body, &headers, &state.settings, &state.body_memory).await?;
        let form = form::parse(read, &state.body_memory).await?;
        let mut html = form.html;
        let mut parameters = Vec::new();
        for (name, value) in pairs(query.as_deref().unwrap_or_default().as_bytes()) {
            if name == "html" {
                if html.replace(value).is_some() {
                    return Err(ApiError::new(Kind::BadParameter, "html is given twice"));
                }
            } else {
                parameters.push((name, value));
            }
        }
        parameters.extend(form.parameters);
        let request =
            options::parse(&endpoint, &parameters).map_err(|message| ApiError::new(Kind::BadParameter, message))?;
        let Ok(slot) = Arc::clone(&state.in_flight).try_acquire_owned() else { return Ok(saturated()) };
        match (html, request.url.is_some()) {
            (Some(html), false) => {
                let page =
                    Page::new("body", html.into_bytes(), request.base_url.as_deref()).charset(Some("utf-8".into()));
                let work = run(&state, client, slot, request, (page, form.memory), &headers, &deadline);
                Ok(within_deadline(&state, work).await)
            }
            (None, true) => Ok(fetch_then_run(&state, client, slot, request, &headers, &deadline).await),
            _ => {
                Err(ApiError::new(Kind::BadParameter, "a form gives html= (the page) or url= (to fetch), one of them"))
            }
        }
    };
    result.await.unwrap_or_else(IntoResponse::into_response)
}

/// The name/value pairs of a query string or a form.
fn pairs(encoded: &[u8]) -> Vec<(String, String)> {
    form_urlencoded::parse(encoded).map(|(k, v)| (k.into_owned(), v.into_owned())).collect()
}

fn saturated() -> Response {
    ApiError::new(Kind::Saturated, "the server is handling as many requests as it takes; try again shortly")
        .reason("max-in-flight")
        .into_response()
}

fn parse_query(endpoint: &str, query: Option<&str>) -> Result<Request, ApiError> {
    let pairs = pairs(query.unwrap_or_default().as_bytes());
    options::parse(endpoint, &pairs).map_err(|message| ApiError::new(Kind::BadParameter, message))
}

/// Runs `work` within the request timeout.
async fn within_deadline(
    state: &State,
    work: impl std::future::Future<Output = Result<Response, ApiError>>,
) -> Response {
    let timeout = Duration::from_secs(state.settings.timeout);
    match tokio::time::timeout(timeout, work).await {
        Ok(Ok(response)) => response,
        Ok(Err(error)) => error.into_response(),
        Err(_) => ApiError::new(Kind::Timeout, format!("the request took longer than {} s", timeout.as_secs()))
            .into_response(),
    }
}

/// Runs the extraction on a worker thread once one is free, and answers with its output
/// ([`output`]: whole when short, else streamed), stopping it at `deadline`. The page's share
/// of `--body-memory` is given back when the extraction ends and the page is dropped.
async fn run(
    state: &State,
    client: IpAddr,
    slot: OwnedSemaphorePermit,
    request: Request,
    (page, memory): (Page, body::Memory),
    headers: &HeaderMap,
    deadline: &Deadline,
) -> Result<Response, ApiError> {
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let request =
        Request { extraction: options::negotiate(request.extraction, accept, request.format_given), ..request };
    let content_type = media_type(&request.extraction, accept);
    let max_output = state.settings.max_output;
    let limits = Limits::new()
        .max_depth(state.settings.max_depth)
        .max_values(state.settings.max_values)
        .max_output_bytes(Some(max_output))
        .deadline(deadline.clone());
    let held = output::Held { _cancel: output::CancelOnDrop(deadline.clone()), _slot: slot };
    let heavy = state.settings.heavy_page > 0 && page.bytes.len() as u64 > state.settings.heavy_page;
    let (extraction, pretty) = (request.extraction, request.pretty);
    let label = format!("/v1/{} for {}", extraction.name(), page.label);
    let timeout = state.settings.timeout;
    let (sender, receiver) = tokio::sync::mpsc::channel(output::CHANNEL_CHUNKS);
    // The request stops waiting when its task is dropped (a timeout, the client gone).
    let listener = sender.clone();
    let wanted = move || !listener.is_closed();
    let mut writer = output::ChunkWriter::new(sender, max_output, deadline.clone());
    let metrics = Arc::clone(&state.metrics);
    let job = super::workers::Job::new(state.clients.key(client), heavy, wanted, move |waited| {
        let started = std::time::Instant::now();
        let mut extract = || write_output(&extraction, &page, &limits, pretty, &mut writer);
        let written = match heavy {
            true => super::workers::run_heavy(extract),
            false => extract(),
        };
        metrics.extraction(waited, started.elapsed());
        drop(page);
        drop(memory);
        let result = written.map_err(|error| output_error(error, writer.stopped, max_output, timeout));
        writer.finish(result);
    });
    state.workers.submit(job);
    let answer = match output::receive(receiver, label, held).await? {
        output::Answer::Whole(bytes) => Body::from(bytes),
        output::Answer::Streamed(streamed) => Body::new(streamed),
    };
    Ok(([(header::CONTENT_TYPE, content_type)], answer).into_response())
}

/// Writes the output as the command prints it: JSON (indented for `pretty`, at most
/// [`output::MAX_PRETTY_INDENT`] levels deep) with a final newline, text formats as they are.
fn write_output(
    extraction: &Extraction,
    page: &Page,
    limits: &Limits,
    pretty: bool,
    writer: &mut output::ChunkWriter,
) -> Result<(), Error> {
    if !extraction.is_json() {
        extraction.write_limited(page, limits, writer)?;
    } else if pretty {
        let mut indented = Pretty::new(&mut *writer).max_indent(output::MAX_PRETTY_INDENT);
        extraction.write_limited(page, limits, &mut indented)?;
        indented.finish()?;
        writer.write_all(b"\n")?;
    } else {
        extraction.write_limited(page, limits, writer)?;
        writer.write_all(b"\n")?;
    }
    Ok(writer.flush()?)
}

/// The answer to an extraction that stopped: why the writer stopped it, else the extraction's
/// own error.
fn output_error(error: Error, stopped: Option<output::Stop>, max_output: u64, timeout: u64) -> ApiError {
    let too_large =
        || ApiError::new(Kind::OutputTooLarge, format!("the output is larger than {max_output} bytes (--max-output)"));
    let timed_out = || ApiError::new(Kind::Timeout, format!("the request took longer than {timeout} s"));
    match (stopped, error) {
        (Some(output::Stop::TooLarge), _) | (None, Error::OutputTooLarge { .. }) => too_large(),
        (Some(output::Stop::Deadline | output::Stop::Gone), _) | (None, Error::Interrupted) => timed_out(),
        (None, error @ Error::NothingFound(_)) => ApiError::new(Kind::NothingFound, error.to_string()),
        (None, error @ Error::Io(_)) => ApiError::new(Kind::Internal, error.to_string()),
        (None, error) => ApiError::new(Kind::ExtractionFailed, error.to_string()),
    }
}

/// The media type of an extraction's output; mf2 JSON (and JF2) under its own type when the
/// client's `Accept` names it.
fn media_type(extraction: &Extraction, accept: &str) -> &'static str {
    let asks = |media: &str| {
        accept.split(',').any(|range| range.split(';').next().is_some_and(|r| r.trim().eq_ignore_ascii_case(media)))
    };
    match extraction {
        Extraction::Mf2(output) if output.jf2 && asks("application/jf2+json") => "application/jf2+json",
        Extraction::Mf2(output) if !output.jf2 && asks("application/mf2+json") => "application/mf2+json",
        Extraction::Microdata(MicrodataOutput::JsonLd(_)) => "application/ld+json",
        Extraction::Vcard(_) => "text/vcard; charset=utf-8",
        Extraction::Ical(_) => "text/calendar; charset=utf-8",
        Extraction::Atom(_) => "application/atom+xml",
        Extraction::Rdf(options) if options.format == RdfFormat::Turtle => "text/turtle; charset=utf-8",
        Extraction::Rdf(_) => "application/n-triples",
        Extraction::Rdfa(options) if options.format == RdfaFormat::JsonLd => "application/ld+json",
        Extraction::Rdfa(options) if options.format == RdfaFormat::Turtle => "text/turtle; charset=utf-8",
        Extraction::Rdfa(_) => "application/n-triples",
        Extraction::Graph(options) => match options.format {
            GraphFormat::Turtle => "text/turtle; charset=utf-8",
            GraphFormat::TriG => "application/trig; charset=utf-8",
            format => format.media_type(),
        },
        _ => "application/json",
    }
}

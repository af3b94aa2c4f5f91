//! The routes: `/v1/{endpoint}` (POST a page, or GET `?url=`), `/healthz`, the playground.

use super::errors::{ApiError, Kind};
use super::options::{self, Request};
use super::{output, playground, State};
use axum::body::Body;
use axum::extract::{Path, RawQuery};
use axum::http::{header, HeaderMap, HeaderValue, Method};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use harvest_dom::Deadline;
use harvest_pipeline::extract::{ExtractError, Extraction, Limits, MicrodataOutput, RdfFormat, WriteError};
use harvest_pipeline::media_type::MediaType;
use harvest_pipeline::pretty::Pretty;
use harvest_pipeline::Page;
use http_body_util::BodyExt;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;
use tower_http::cors::{Any, CorsLayer};

/// The server's routes, with CORS for browser clients on every answer.
pub(crate) fn router(state: Arc<State>) -> Router {
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::POST])
        .allow_headers([header::CONTENT_TYPE, header::ACCEPT])
        .max_age(Duration::from_secs(86_400));
    Router::new()
        .route("/", get(playground::index))
        .route("/playground.css", get(playground::stylesheet))
        .route("/playground.js", get(playground::script))
        .route("/healthz", get(healthz))
        .route("/v1/{endpoint}", get(fetch_and_extract).post(extract_body))
        .fallback(|| async { ApiError::new(Kind::NotFound, "no such path; the API is /v1/{endpoint}") })
        .method_not_allowed_fallback(|| async {
            let mut response =
                ApiError::new(Kind::MethodNotAllowed, "the endpoints take POST (a page) and GET (?url=)")
                    .into_response();
            response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD, POST"));
            response
        })
        .layer(axum::middleware::map_response(no_sniffing))
        .layer(cors)
        .with_state(state)
}

async fn no_sniffing(mut response: Response) -> Response {
    response.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
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
    Path(endpoint): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let Ok(_slot) = state.in_flight.try_acquire() else { return saturated() };
    let deadline = Deadline::after(Duration::from_secs(state.settings.timeout));
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
        let bytes = read_body(body, &headers, &state).await?;
        let page = Page {
            label: "body".into(),
            bytes,
            url: request.base_url.clone(),
            charset: media.charset,
            status: None,
            warc: None,
        };
        Ok(within_deadline(&state, run(&state, request, page, &headers, &deadline)).await)
    };
    result.await.unwrap_or_else(IntoResponse::into_response)
}

/// `GET /v1/{endpoint}?url=`: the page is fetched.
async fn fetch_and_extract(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    Path(endpoint): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let Ok(_slot) = state.in_flight.try_acquire() else { return saturated() };
    let deadline = Deadline::after(Duration::from_secs(state.settings.timeout));
    let result = async {
        let request = parse_query(&endpoint, query.as_deref())?;
        let Some(url) = request.url.clone() else {
            return Err(ApiError::new(
                Kind::BadParameter,
                "GET needs ?url= (the page to fetch); POST sends the page itself",
            ));
        };
        let fetch = async {
            let mut page = state.fetcher.fetch(&url).await?;
            if let Some(base) = &request.base_url {
                page.url = Some(base.clone());
            }
            run(&state, request, page, &headers, &deadline).await
        };
        Ok(within_deadline(&state, fetch).await)
    };
    result.await.unwrap_or_else(IntoResponse::into_response)
}

fn saturated() -> Response {
    ApiError::new(Kind::Saturated, "the server is handling as many requests as it takes; try again shortly")
        .into_response()
}

fn parse_query(endpoint: &str, query: Option<&str>) -> Result<Request, ApiError> {
    let pairs: Vec<(String, String)> = form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
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

/// The body, up to the size limit (refused from its `Content-Length` before reading any) and
/// within the request timeout.
async fn read_body(mut body: Body, headers: &HeaderMap, state: &State) -> Result<Vec<u8>, ApiError> {
    let max = state.settings.max_body;
    let too_large = || ApiError::new(Kind::BodyTooLarge, format!("the body is larger than {max} bytes (--max-body)"));
    let declared =
        headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|length| length > max) {
        return Err(too_large());
    }
    let timeout = Duration::from_secs(state.settings.timeout);
    let read = async {
        let mut bytes = Vec::with_capacity(declared.unwrap_or(0) as usize);
        while let Some(frame) = body.frame().await {
            let frame = frame.map_err(|e| ApiError::new(Kind::BadParameter, format!("reading the body: {e}")))?;
            if let Ok(data) = frame.into_data() {
                if bytes.len() as u64 + data.len() as u64 > max {
                    return Err(too_large());
                }
                bytes.extend_from_slice(&data);
            }
        }
        Ok(bytes)
    };
    match tokio::time::timeout(timeout, read).await {
        Ok(result) => result,
        Err(_) => {
            Err(ApiError::new(Kind::RequestTimeout, format!("the body did not arrive within {} s", timeout.as_secs())))
        }
    }
}

/// Runs the extraction on a worker thread once one is free, and answers with its output
/// ([`output`]: whole when short, else streamed), stopping it at `deadline`.
async fn run(
    state: &State,
    request: Request,
    page: Page,
    headers: &HeaderMap,
    deadline: &Deadline,
) -> Result<Response, ApiError> {
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let content_type = media_type(&request.extraction, accept);
    let max_output = state.settings.max_output;
    let limits = Limits {
        max_depth: state.settings.max_depth,
        max_values: state.settings.max_values,
        max_output_bytes: Some(max_output),
        deadline: deadline.clone(),
    };
    let cancel = output::CancelOnDrop(deadline.clone());
    let worker = Arc::clone(&state.workers)
        .acquire_owned()
        .await
        .map_err(|_| ApiError::new(Kind::Internal, "the workers are gone"))?;
    let (extraction, pretty) = (request.extraction, request.pretty);
    let label = format!("/v1/{} for {}", extraction.name(), page.label);
    let timeout = state.settings.timeout;
    let (sender, receiver) = tokio::sync::mpsc::channel(output::CHANNEL_CHUNKS);
    let task = tokio::task::spawn_blocking(move || {
        let mut writer = output::ChunkWriter::new(sender, max_output, limits.deadline.clone());
        let written = write_output(&extraction, &page, &limits, pretty, &mut writer);
        drop(worker);
        written.map_err(|error| output_error(error, writer.stopped, max_output, timeout))
    });
    let answer = match output::receive(receiver, task, label, cancel).await? {
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
) -> Result<(), WriteError> {
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
fn output_error(error: WriteError, stopped: Option<output::Stop>, max_output: u64, timeout: u64) -> ApiError {
    let too_large =
        || ApiError::new(Kind::OutputTooLarge, format!("the output is larger than {max_output} bytes (--max-output)"));
    let timed_out = || ApiError::new(Kind::Timeout, format!("the request took longer than {timeout} s"));
    match (stopped, error) {
        (Some(output::Stop::TooLarge), _) | (None, WriteError::Extract(ExtractError::OutputTooLarge { .. })) => {
            too_large()
        }
        (Some(output::Stop::Deadline | output::Stop::Gone), _)
        | (None, WriteError::Extract(ExtractError::Interrupted)) => timed_out(),
        (None, WriteError::Extract(ExtractError::NothingFound(message))) => ApiError::new(Kind::NothingFound, message),
        (None, WriteError::Extract(error)) => ApiError::new(Kind::ExtractionFailed, error.to_string()),
        (None, WriteError::Io(error)) => ApiError::new(Kind::Internal, error.to_string()),
    }
}

/// The media type of an extraction's output; mf2 JSON (and JF2) under its own type when the
/// client's `Accept` names it.
fn media_type(extraction: &Extraction, accept: &str) -> &'static str {
    let asks = |media: &str| {
        accept.split(',').any(|range| range.split(';').next().is_some_and(|r| r.trim().eq_ignore_ascii_case(media)))
    };
    match extraction {
        Extraction::Mf2(options) if options.jf2 && asks("application/jf2+json") => "application/jf2+json",
        Extraction::Mf2(options) if !options.jf2 && asks("application/mf2+json") => "application/mf2+json",
        Extraction::Microdata(MicrodataOutput::JsonLd(_)) => "application/ld+json",
        Extraction::Vcard(_) => "text/vcard; charset=utf-8",
        Extraction::Ical(_) => "text/calendar; charset=utf-8",
        Extraction::Atom(_) => "application/atom+xml",
        Extraction::Rdf(options) if options.format == RdfFormat::Turtle => "text/turtle; charset=utf-8",
        Extraction::Rdf(_) => "application/n-triples",
        _ => "application/json",
    }
}

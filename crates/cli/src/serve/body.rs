//! Reading a request body: bounded in size (`--max-body`, sent and decoded), in time
//! (`--body-timeout` and a minimum rate), and in the memory all bodies being read hold together
//! (`--body-memory`).
//!
//! A body is read before the request takes an extraction slot (`--max-in-flight`): a client
//! that trickles its body holds a connection and the few bytes it sent, nothing that others
//! wait for. The memory is counted as bytes arrive, not from `Content-Length`, so a client
//! that declares ten megabytes and sends one byte a second holds one byte of the budget.

use super::errors::{ApiError, Kind};
use super::ServeArgs;
use axum::body::Body;
use axum::http::{header, HeaderMap};
use http_body_util::BodyExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// Time a body is given before the minimum rate applies.
const RATE_GRACE: Duration = Duration::from_secs(2);

/// A body read whole, with its share of `--body-memory` (given back when dropped).
pub(crate) struct ReadBody {
    pub(crate) bytes: Vec<u8>,
    pub(crate) memory: Memory,
}

/// Bytes held against `--body-memory` (request bodies, fetched pages, forms), given back when
/// dropped.
#[derive(Default)]
pub(crate) struct Memory(Option<OwnedSemaphorePermit>);

impl Memory {
    /// Takes `bytes` more from the budget: 503 `body-memory` when they are not there (the
    /// server holds as many pages as it takes).
    pub(crate) fn take(&mut self, budget: &Arc<Semaphore>, bytes: usize) -> Result<(), ApiError> {
        if bytes == 0 {
            return Ok(());
        }
        let more = u32::try_from(bytes).unwrap_or(u32::MAX);
        let Ok(permit) = Arc::clone(budget).try_acquire_many_owned(more) else {
            return Err(ApiError::new(
                Kind::Saturated,
                "the server is holding as many request bodies and fetched pages as it takes (--body-memory); \
                 try again shortly",
            )
            .reason("body-memory"));
        };
        match &mut self.0 {
            Some(held) => held.merge(permit),
            None => self.0 = Some(permit),
        }
        Ok(())
    }
}

/// The budget of `--body-memory`, in bytes (a semaphore's permits).
pub(crate) fn memory_budget(settings: &ServeArgs) -> Arc<Semaphore> {
    let bytes = usize::try_from(settings.body_memory).unwrap_or(usize::MAX).min(Semaphore::MAX_PERMITS);
    Arc::new(Semaphore::new(bytes))
}

/// Reads the body: refused from its `Content-Length` when too large, cut off when it grows too
/// large, too slow (below `--min-body-rate` after [`RATE_GRACE`], or past `--body-timeout`), or
/// past the memory budget (503: the server holds as many bodies as it takes).
pub(crate) async fn read(
    mut body: Body,
    headers: &HeaderMap,
    settings: &ServeArgs,
    budget: &Arc<Semaphore>,
) -> Result<ReadBody, ApiError> {
    let max = settings.max_body;
    let too_large = || ApiError::new(Kind::BodyTooLarge, format!("the body is larger than {max} bytes (--max-body)"));
    let declared =
        headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|length| length > max) {
        return Err(too_large());
    }
    let start = Instant::now();
    let timeout = Duration::from_secs(settings.body_timeout.min(settings.timeout));
    let min_rate = settings.min_body_rate.max(1) as f64;
    let mut bytes = Vec::new();
    let mut memory = Memory::default();
    loop {
        // The rate: after the grace, each byte more buys 1/rate seconds.
        let by_rate = start + RATE_GRACE + Duration::from_secs_f64((bytes.len() as f64 + 1.0) / min_rate);
        let until = by_rate.min(start + timeout);
        let frame = match tokio::time::timeout_at(until, body.frame()).await {
            Ok(Some(frame)) => frame,
            Ok(None) => break,
            Err(_) if until < start + timeout => {
                return Err(ApiError::new(
                    Kind::RequestTimeout,
                    format!(
                        "the body arrived slower than {} bytes per second (--min-body-rate)",
                        settings.min_body_rate
                    ),
                )
                .reason("slow-body"))
            }
            Err(_) => {
                return Err(ApiError::new(
                    Kind::RequestTimeout,
                    format!("the body did not arrive within {} s (--body-timeout)", timeout.as_secs()),
                )
                .reason("body-timeout"))
            }
        };
        let frame = frame.map_err(|e| ApiError::new(Kind::BadParameter, format!("reading the body: {e}")))?;
        let Ok(data) = frame.into_data() else { continue };
        if bytes.len() as u64 + data.len() as u64 > max {
            return Err(too_large());
        }
        memory.take(budget, data.len())?;
        bytes.extend_from_slice(&data);
    }
    let sent = bytes.len();
    let bytes = decode(bytes, headers, max).await?;
    // A decoded body holds more than was sent: that counts too.
    memory.take(budget, bytes.len().saturating_sub(sent))?;
    Ok(ReadBody { bytes, memory })
}

/// The body without its `Content-Encoding`: gzip is decoded (to at most `max` bytes, so a
/// small bomb cannot grow past the limit), identity is as sent, any other coding is refused.
async fn decode(bytes: Vec<u8>, headers: &HeaderMap, max: u64) -> Result<Vec<u8>, ApiError> {
    let mut codings = Vec::new();
    for value in headers.get_all(header::CONTENT_ENCODING) {
        let value = value.to_str().unwrap_or("?");
        codings.extend(value.split(',').map(|c| c.trim().to_ascii_lowercase()).filter(|c| !c.is_empty()));
    }
    codings.retain(|coding| coding != "identity");
    match codings.as_slice() {
        [] => Ok(bytes),
        [gzip] if gzip == "gzip" || gzip == "x-gzip" => match gunzip(bytes, max).await {
            Ok(decoded) => Ok(decoded),
            Err(Gunzip::TooLarge) => Err(ApiError::new(
                Kind::BodyTooLarge,
                format!("the body, decoded, is larger than {max} bytes (--max-body)"),
            )),
            Err(Gunzip::Invalid(e)) => {
                Err(ApiError::new(Kind::BadParameter, format!("the gzip body does not decode: {e}")))
            }
        },
        _ => Err(ApiError::new(
            Kind::UnsupportedEncoding,
            format!("the body's Content-Encoding is {}; send it as is, or gzip", codings.join(", ")),
        )),
    }
}

/// Why a gzip body was not decoded.
pub(crate) enum Gunzip {
    /// It decodes to more than the bound.
    TooLarge,
    /// It is not gzip (the decoder's message).
    Invalid(String),
}

/// Decodes a gzip body (RFC 1952; members one after another, as `Content-Encoding: gzip`
/// allows) on a blocking thread, to at most `max` bytes: a small bomb stops at the bound.
pub(crate) async fn gunzip(bytes: Vec<u8>, max: u64) -> Result<Vec<u8>, Gunzip> {
    let decoded = tokio::task::spawn_blocking(move || {
        use std::io::Read;
        let mut decoded = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes.as_slice())
            .take(max.saturating_add(1))
            .read_to_end(&mut decoded)
            .map_err(|e| Gunzip::Invalid(e.to_string()))?;
        match decoded.len() as u64 > max {
            true => Err(Gunzip::TooLarge),
            false => Ok(decoded),
        }
    });
    decoded.await.unwrap_or_else(|e| Err(Gunzip::Invalid(e.to_string())))
}

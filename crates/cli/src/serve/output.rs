//! An extraction's output on its way to the client: bounded in size, spooled up to
//! [`SPOOL_BYTES`], streamed past it, never held whole.
//!
//! The extraction runs on a worker thread and writes into a [`ChunkWriter`], which hands the
//! output to the request's task through a channel of [`CHANNEL_CHUNKS`]: the first
//! [`SPOOL_BYTES`] as one chunk, then chunks of [`CHUNK_BYTES`]. An output that ends within the
//! spool is answered whole, with its length, from the one chunk (most answers: a single handoff
//! between the threads, and no copy), and an extraction that fails is answered with its JSON
//! error, whatever was written.
//! A longer output is streamed as it comes (chunked), so the memory an answer holds is bounded
//! by the spool and the channel, not by the output; an error after the first bytes are sent
//! (the output bound, the deadline) can no longer change the status, so the answer is cut
//! short (no final chunk: clients see an incomplete answer, never a complete-looking one) and
//! the server's log says why.
//!
//! The writer stops the extraction when the answer is no longer wanted: past `--max-output`,
//! at the request's deadline, and when the client has gone (the channel is closed). A client
//! that reads slowly holds the worker at most until the deadline.

use super::errors::{ApiError, Kind};
use axum::body::Bytes;
use harvest_dom::Deadline;
use hyper::body::Frame;
use std::collections::VecDeque;
use std::future::Future;
use std::io::{self, Write};
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Bytes of output answered whole (and replaced by a JSON error when the extraction fails).
pub(crate) const SPOOL_BYTES: usize = 1 << 20;
/// Size of the chunks the worker hands on.
const CHUNK_BYTES: usize = 64 << 10;
/// Chunks waiting between the worker and the client.
pub(crate) const CHANNEL_CHUNKS: usize = 16;
/// Deepest indentation of `?pretty` JSON, in levels: deeper lines start with 64 spaces. The
/// indentation of a document nested `n` levels otherwise grows with `n²`.
pub(crate) const MAX_PRETTY_INDENT: usize = 32;

/// Why a [`ChunkWriter`] stopped taking output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The output grew past `--max-output`.
    TooLarge,
    /// The request's deadline passed while the client was not reading.
    Deadline,
    /// Nobody reads the answer any more (the client left, or the request timed out).
    Gone,
}

/// The worker's end: buffers output into chunks and sends them, within the output bound.
pub(crate) struct ChunkWriter {
    sender: mpsc::Sender<Bytes>,
    buffer: Vec<u8>,
    /// Size of the chunk being filled: [`SPOOL_BYTES`] for the first, then [`CHUNK_BYTES`].
    chunk_bytes: usize,
    written: u64,
    max_bytes: u64,
    deadline: Deadline,
    runtime: tokio::runtime::Handle,
    pub(crate) stopped: Option<Stop>,
}

impl ChunkWriter {
    pub(crate) fn new(sender: mpsc::Sender<Bytes>, max_bytes: u64, deadline: Deadline) -> ChunkWriter {
        ChunkWriter {
            sender,
            buffer: Vec::with_capacity(CHUNK_BYTES),
            chunk_bytes: SPOOL_BYTES,
            written: 0,
            max_bytes,
            deadline,
            runtime: tokio::runtime::Handle::current(),
            stopped: None,
        }
    }

    fn stop(&mut self, why: Stop) -> io::Error {
        self.stopped = Some(why);
        io::Error::other(match why {
            Stop::TooLarge => "the output is larger than --max-output",
            Stop::Deadline => "the request's deadline passed",
            Stop::Gone => "the answer is no longer wanted",
        })
    }

    /// Sends the buffered chunk, waiting for room at most until the deadline.
    fn send(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::replace(&mut self.buffer, Vec::with_capacity(CHUNK_BYTES)));
        self.chunk_bytes = CHUNK_BYTES;
        let sent = match self.sender.try_send(chunk) {
            Ok(()) => Ok(()),
            Err(mpsc::error::TrySendError::Closed(_)) => Err(Stop::Gone),
            Err(mpsc::error::TrySendError::Full(chunk)) => {
                let sender = self.sender.clone();
                let until = self.deadline.instant().map(tokio::time::Instant::from_std);
                self.runtime.block_on(async move {
                    let send = sender.send(chunk);
                    match until {
                        Some(until) => match tokio::time::timeout_at(until, send).await {
                            Ok(sent) => sent.map_err(|_| Stop::Gone),
                            Err(_) => Err(Stop::Deadline),
                        },
                        None => send.await.map_err(|_| Stop::Gone),
                    }
                })
            }
        };
        sent.map_err(|why| self.stop(why))
    }
}

impl Write for ChunkWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if let Some(why) = self.stopped {
            return Err(self.stop(why));
        }
        let written = self.written.saturating_add(bytes.len() as u64);
        if written > self.max_bytes {
            return Err(self.stop(Stop::TooLarge));
        }
        self.written = written;
        let mut rest = bytes;
        while !rest.is_empty() {
            let room = self.chunk_bytes - self.buffer.len();
            let (now, later) = rest.split_at(room.min(rest.len()));
            self.buffer.extend_from_slice(now);
            rest = later;
            if self.buffer.len() == self.chunk_bytes {
                self.send()?;
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.send()
    }
}

/// Cancels the extraction when the request's end is dropped: the request timed out, failed,
/// or its answer (streamed) is done with or abandoned.
pub(crate) struct CancelOnDrop(pub(crate) Deadline);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// What an answer holds until it is sent or abandoned: the extraction's cancellation, and the
/// request's slot of `--max-in-flight` (a streamed answer counts until its last byte, so the
/// answers in memory are bounded by the slots).
pub(crate) struct Held {
    pub(crate) _cancel: CancelOnDrop,
    pub(crate) _slot: tokio::sync::OwnedSemaphorePermit,
}

/// The request's end: the first [`SPOOL_BYTES`] of output, and what follows.
pub(crate) enum Answer {
    /// The whole output.
    Whole(Bytes),
    /// The first bytes, to be sent with the rest as it comes.
    Streamed(Streamed),
}

/// Reads the output until it ends or passes the spool; an extraction that fails before then is
/// its error.
pub(crate) async fn receive(
    mut receiver: mpsc::Receiver<Bytes>,
    worker: JoinHandle<Result<(), ApiError>>,
    label: String,
    held: Held,
) -> Result<Answer, ApiError> {
    let mut head = VecDeque::new();
    let mut size = 0;
    while let Some(chunk) = receiver.recv().await {
        size += chunk.len();
        head.push_back(chunk);
        if size > SPOOL_BYTES {
            return Ok(Answer::Streamed(Streamed { head, receiver, worker: Some(worker), label, _held: held }));
        }
    }
    joined(worker).await?;
    // One chunk, as a rule, when the output is within the spool (more after a flush).
    if head.len() <= 1 {
        return Ok(Answer::Whole(head.pop_front().unwrap_or_default()));
    }
    let mut whole = Vec::with_capacity(size);
    for chunk in head {
        whole.extend_from_slice(&chunk);
    }
    Ok(Answer::Whole(whole.into()))
}

async fn joined(worker: JoinHandle<Result<(), ApiError>>) -> Result<(), ApiError> {
    worker.await.map_err(|error| ApiError::new(Kind::Internal, format!("the extraction failed: {error}")))?
}

/// A streamed answer's body: the spooled chunks, the rest from the channel, then the worker's
/// result; an error there ends the body with an error, which makes hyper cut the answer short.
pub(crate) struct Streamed {
    head: VecDeque<Bytes>,
    receiver: mpsc::Receiver<Bytes>,
    worker: Option<JoinHandle<Result<(), ApiError>>>,
    /// Names the request in the log line of a cut answer.
    label: String,
    _held: Held,
}

impl axum::body::HttpBody for Streamed {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<Option<io::Result<Frame<Bytes>>>> {
        if let Some(chunk) = self.head.pop_front() {
            return Poll::Ready(Some(Ok(Frame::data(chunk))));
        }
        if let Some(chunk) = std::task::ready!(self.receiver.poll_recv(context)) {
            return Poll::Ready(Some(Ok(Frame::data(chunk))));
        }
        let Some(worker) = self.worker.as_mut() else { return Poll::Ready(None) };
        let result = std::task::ready!(Pin::new(worker).poll(context));
        self.worker = None;
        let error = match result {
            Ok(Ok(())) => return Poll::Ready(None),
            Ok(Err(error)) => error.message,
            Err(error) => format!("the extraction failed: {error}"),
        };
        eprintln!("harvest serve: {}: answer cut short after it started: {error}", self.label);
        Poll::Ready(Some(Err(io::Error::other(error))))
    }
}

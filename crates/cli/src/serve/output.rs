//! An extraction's output on its way to the client: bounded in size, spooled up to
//! [`SPOOL_BYTES`], streamed past it, never held whole.
//!
//! The extraction runs on a worker thread and writes into a [`ChunkWriter`], which hands the
//! output to the request's task through a channel of [`CHANNEL_CHUNKS`]: the first
//! [`SPOOL_BYTES`] as one chunk, then chunks of [`CHUNK_BYTES`], and last the extraction's
//! result with what is left ([`Piece::End`]). An output that ends within the spool is answered
//! whole, with its length, from that last piece (most answers: a single handoff between the
//! threads, and no copy), and an extraction that fails is answered with its JSON error,
//! whatever was written.
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
use std::io::{self, Write};
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::sync::mpsc;

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

/// What the worker hands the request's task.
pub(crate) enum Piece {
    /// Output, past the spool.
    Chunk(Bytes),
    /// The end: the output not yet handed on, and the extraction's result. A channel closed
    /// without it means the extraction ended abnormally (a bug).
    End(Bytes, Result<(), ApiError>),
}

/// The worker's end: buffers output into chunks and sends them, within the output bound.
pub(crate) struct ChunkWriter {
    sender: mpsc::Sender<Piece>,
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
    /// A writer into `sender`, made on the runtime (it waits for room in the channel there).
    pub(crate) fn new(sender: mpsc::Sender<Piece>, max_bytes: u64, deadline: Deadline) -> ChunkWriter {
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

    /// Sends the buffered chunk.
    fn send(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::replace(&mut self.buffer, Vec::with_capacity(CHUNK_BYTES)));
        self.chunk_bytes = CHUNK_BYTES;
        self.hand_on(Piece::Chunk(chunk)).map_err(|why| self.stop(why))
    }

    /// Ends the output with the extraction's `result`: sends what is buffered with it.
    pub(crate) fn finish(mut self, result: Result<(), ApiError>) {
        let rest = Bytes::from(std::mem::take(&mut self.buffer));
        // Nobody to tell if the request is gone or its deadline passed.
        let _ = self.hand_on(Piece::End(rest, result));
    }

    /// Hands a piece on, waiting for room at most until the deadline.
    fn hand_on(&self, piece: Piece) -> Result<(), Stop> {
        match self.sender.try_send(piece) {
            Ok(()) => Ok(()),
            Err(mpsc::error::TrySendError::Closed(_)) => Err(Stop::Gone),
            Err(mpsc::error::TrySendError::Full(piece)) => {
                let sender = self.sender.clone();
                let until = self.deadline.instant().map(tokio::time::Instant::from_std);
                self.runtime.block_on(async move {
                    let send = sender.send(piece);
                    match until {
                        Some(until) => match tokio::time::timeout_at(until, send).await {
                            Ok(sent) => sent.map_err(|_| Stop::Gone),
                            Err(_) => Err(Stop::Deadline),
                        },
                        None => send.await.map_err(|_| Stop::Gone),
                    }
                })
            }
        }
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

    /// Within the spool, nothing: the spool is handed on whole, when it fills or the output
    /// ends. Past it, sends what is buffered.
    fn flush(&mut self) -> io::Result<()> {
        match self.chunk_bytes {
            SPOOL_BYTES => Ok(()),
            _ => self.send(),
        }
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

/// The message for an extraction that ended without its result (a bug: it panicked).
const NO_END: &str = "the extraction failed: it ended without a result";

/// Reads the output until it ends or passes the spool; an extraction that fails before then is
/// its error.
pub(crate) async fn receive(
    mut receiver: mpsc::Receiver<Piece>,
    label: String,
    held: Held,
) -> Result<Answer, ApiError> {
    let mut head = VecDeque::new();
    let mut size = 0;
    loop {
        match receiver.recv().await {
            Some(Piece::Chunk(chunk)) => {
                size += chunk.len();
                head.push_back(chunk);
                if size > SPOOL_BYTES {
                    let rest = Streamed { head, receiver, ended: false, label, _held: held };
                    return Ok(Answer::Streamed(rest));
                }
            }
            Some(Piece::End(rest, result)) => {
                result?;
                // Within the spool, the output is all in the last piece.
                if head.is_empty() {
                    return Ok(Answer::Whole(rest));
                }
                let mut whole = Vec::with_capacity(size + rest.len());
                for chunk in head.iter().chain([&rest]) {
                    whole.extend_from_slice(chunk);
                }
                return Ok(Answer::Whole(whole.into()));
            }
            None => return Err(ApiError::new(Kind::Internal, NO_END)),
        }
    }
}

/// A streamed answer's body: the spooled chunks, the rest from the channel, then the
/// extraction's result; an error there ends the body with an error, which makes hyper cut the
/// answer short.
pub(crate) struct Streamed {
    head: VecDeque<Bytes>,
    receiver: mpsc::Receiver<Piece>,
    /// Whether the result has come.
    ended: bool,
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
        if self.ended {
            return Poll::Ready(None);
        }
        let error = match std::task::ready!(self.receiver.poll_recv(context)) {
            Some(Piece::Chunk(chunk)) => return Poll::Ready(Some(Ok(Frame::data(chunk)))),
            Some(Piece::End(rest, Ok(()))) => {
                self.ended = true;
                return Poll::Ready((!rest.is_empty()).then(|| Ok(Frame::data(rest))));
            }
            Some(Piece::End(_, Err(error))) => error.message,
            None => NO_END.to_owned(),
        };
        self.ended = true;
        eprintln!("harvest serve: {}: answer cut short after it started: {error}", self.label);
        Poll::Ready(Some(Err(io::Error::other(error))))
    }
}

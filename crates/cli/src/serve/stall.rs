//! A connection whose writes may not stall longer than a bound: a client that stops reading an
//! answer is disconnected instead of holding the answer (and its request slot) forever.
//!
//! hyper writes an answer only as fast as the client reads it, and has no write timeout of its
//! own: a client that opens a large streamed answer and never reads it would keep its
//! connection, the answer's buffers and its `--max-in-flight` slot until the operating system
//! gave up on the socket, which can take hours. Here a write that stays pending for the bound
//! fails with `TimedOut`, hyper closes the connection, and everything the answer held is freed.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// A stream whose writes fail once they have been pending for `bound`.
pub(crate) struct StallBounded<T> {
    inner: T,
    bound: Duration,
    /// Armed while a write is pending.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<T> StallBounded<T> {
    pub(crate) fn new(inner: T, bound: Duration) -> StallBounded<T> {
        StallBounded { inner, bound, stalled: None }
    }

    /// Passes a write's result on; a pending one arms the timer, or fails once it has run out.
    fn watch<R>(&mut self, context: &mut Context<'_>, polled: Poll<io::Result<R>>) -> Poll<io::Result<R>> {
        match polled {
            Poll::Ready(result) => {
                self.stalled = None;
                Poll::Ready(result)
            }
            Poll::Pending => {
                let bound = self.bound;
                let timer = self.stalled.get_or_insert_with(|| Box::pin(tokio::time::sleep(bound)));
                match timer.as_mut().poll(context) {
                    Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!("the client read nothing for {} s", bound.as_secs()),
                    ))),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for StallBounded<T> {
    fn poll_read(mut self: Pin<&mut Self>, context: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(context, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for StallBounded<T> {
    fn poll_write(mut self: Pin<&mut Self>, context: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(context, buf);
        self.watch(context, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write_vectored(context, bufs);
        self.watch(context, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.inner).poll_flush(context);
        self.watch(context, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.inner).poll_shutdown(context);
        self.watch(context, polled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[tokio::test]
    async fn a_write_nobody_reads_fails_after_the_bound() {
        // A pipe with a small buffer that nobody reads.
        let (writer, _reader) = tokio::io::duplex(1024);
        let mut bounded = StallBounded::new(writer, Duration::from_millis(200));
        let start = std::time::Instant::now();
        let error = bounded.write_all(&[0; 64 * 1024]).await.unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        assert!(start.elapsed() >= Duration::from_millis(200) && start.elapsed() < Duration::from_secs(2));
    }

    #[tokio::test]
    async fn writes_that_are_read_go_through() {
        let (writer, mut reader) = tokio::io::duplex(1024);
        let mut bounded = StallBounded::new(writer, Duration::from_millis(200));
        let reading = tokio::spawn(async move {
            let mut all = Vec::new();
            // Slowly, but each read within the bound.
            let mut buf = [0u8; 4096];
            loop {
                tokio::time::sleep(Duration::from_millis(20)).await;
                match tokio::io::AsyncReadExt::read(&mut reader, &mut buf).await.unwrap() {
                    0 => return all,
                    n => all.extend_from_slice(&buf[..n]),
                }
            }
        });
        bounded.write_all(&[7; 16 * 1024]).await.unwrap();
        bounded.shutdown().await.unwrap();
        drop(bounded);
        assert_eq!(reading.await.unwrap().len(), 16 * 1024);
    }
}

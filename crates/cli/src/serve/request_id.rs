//! Request ids: the id that ties an access-log line to its answer and to the JSON error in it.
//!
//! A request's id is its `X-Request-Id` when it sends one that is short and plain (at most
//! [`MAX_ID_LENGTH`] characters out of letters, digits and `-_.:+/=@`: what proxies and tracing
//! systems send, nothing that could forge a log line), else one made here. While a request is
//! answered its id is the task's ([`scope`], [`current`]), so that the answer's parts that are
//! made far from the access log ([`super::errors`]) can carry it.

use axum::http::HeaderValue;
use std::future::Future;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Longest `X-Request-Id` taken from a request.
pub(crate) const MAX_ID_LENGTH: usize = 128;

tokio::task_local! {
    /// The id of the request the current task answers.
    static REQUEST_ID: Arc<str>;
}

/// The id of the request being answered, when called while answering one.
pub(crate) fn current() -> Option<Arc<str>> {
    REQUEST_ID.try_with(Arc::clone).ok()
}

/// Runs `answer` as the answer to the request with this id.
pub(crate) async fn scope<F: Future>(id: Arc<str>, answer: F) -> F::Output {
    REQUEST_ID.scope(id, answer).await
}

/// Makes request ids: 16 hex digits, a keyed hash of a counter (unique within the process, and
/// not guessable from the ids seen before).
pub(crate) struct RequestIds {
    key: std::collections::hash_map::RandomState,
    next: AtomicU64,
}

impl RequestIds {
    pub(crate) fn new() -> RequestIds {
        RequestIds { key: std::collections::hash_map::RandomState::new(), next: AtomicU64::new(0) }
    }

    fn make(&self) -> Arc<str> {
        let mut hasher = self.key.build_hasher();
        hasher.write_u64(self.next.fetch_add(1, Ordering::Relaxed));
        format!("{:016x}", hasher.finish()).into()
    }

    /// The request's own id if it is acceptable, else a new one.
    pub(crate) fn for_request(&self, sent: Option<&HeaderValue>) -> Arc<str> {
        match sent.and_then(|value| value.to_str().ok()).filter(|id| acceptable(id)) {
            Some(id) => id.into(),
            None => self.make(),
        }
    }
}

/// Whether an incoming `X-Request-Id` is taken as it is.
fn acceptable(id: &str) -> bool {
    (1..=MAX_ID_LENGTH).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.:+/=@".contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incoming_ids_are_taken_when_plain_and_short() {
        let ids = RequestIds::new();
        let sent = |text: &str| ids.for_request(Some(&HeaderValue::from_str(text).unwrap())).to_string();
        assert_eq!(sent("3f2a-11ee-b962:0242/ac120002"), "3f2a-11ee-b962:0242/ac120002");
        for refused in ["", "a b", "x\"y", &"a".repeat(129), "line\tfeed"] {
            let made = sent(refused);
            assert_ne!(made, refused);
            assert_eq!(made.len(), 16, "{made}");
        }
        assert_ne!(ids.for_request(None), ids.for_request(None), "each made id is new");
    }
}

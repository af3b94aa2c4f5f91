//! Stopping work on a page when its caller stops waiting: [`Deadline`].
//!
//! A deadline is a point in time, a cancellation another thread can trigger, and an optional
//! interruption check (a Python binding asks the interpreter for pending signals there). The
//! parser and every walk over a [`crate::Document`] look at it every few hundred steps; once it
//! has passed, parsing stops where it is and walks end early, so the work left is bounded by a
//! few hundred steps. Whoever gave the deadline then finds [`Deadline::is_expired`] true and
//! throws the partial result away (harvest-html answers with an error): a truncated page is
//! never passed off as a whole one.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Steps (tokens parsed, nodes walked) between two looks at a deadline: a look reads the clock,
/// so it is made rarely enough to cost nothing measurable and often enough to stop within
/// microseconds.
pub(crate) const STEPS_PER_CHECK: u32 = 256;

/// Least time between two calls of an interruption check ([`Deadline::interrupt_when`]).
const INTERRUPT_POLL: Duration = Duration::from_millis(5);

/// When work on a page must stop: never (the default), at an instant, when cancelled, or when
/// a check says so. Clones share the one deadline, so a clone kept by another thread can
/// [`Deadline::cancel`] the work. `Send + Sync`.
///
/// ```
/// use harvest_dom::{Deadline, Document, ParseOptions};
/// use std::time::Duration;
/// let page = "<div>".repeat(100_000);
/// // Already past: the parse stops at once, and the deadline says why the tree is partial.
/// let deadline = Deadline::after(Duration::ZERO);
/// let doc = Document::parse_with(&page, &ParseOptions::new().deadline(deadline.clone()));
/// assert!(deadline.is_expired());
/// assert!(doc.elements().count() < 1_000);
/// // Cancelled from elsewhere.
/// let cancel = Deadline::cancellable();
/// assert!(!cancel.is_expired());
/// cancel.clone().cancel();
/// assert!(cancel.is_expired());
/// ```
#[derive(Clone, Default)]
pub struct Deadline {
    inner: Option<Arc<Inner>>,
}

struct Inner {
    at: Option<Instant>,
    created: Instant,
    cancelled: AtomicBool,
    interrupt: Option<Box<dyn Fn() -> bool + Send + Sync>>,
    /// Nanoseconds after `created` of the last interruption check.
    last_poll: AtomicU64,
}

impl Deadline {
    /// No deadline: work is never stopped (and never looks at the clock).
    pub fn never() -> Deadline {
        Deadline::default()
    }

    /// Work stops at `instant`.
    pub fn at(instant: Instant) -> Deadline {
        Deadline::build(Some(instant), None)
    }

    /// Work stops `duration` from now (a duration too long to represent: never).
    pub fn after(duration: Duration) -> Deadline {
        match Instant::now().checked_add(duration) {
            Some(instant) => Deadline::at(instant),
            None => Deadline::cancellable(),
        }
    }

    /// Work stops only when [`Deadline::cancel`] is called.
    pub fn cancellable() -> Deadline {
        Deadline::build(None, None)
    }

    /// Work also stops when `check` returns true. It is called from the working thread, at
    /// most every few milliseconds (a Python binding checks for Ctrl-C there); once it has
    /// returned true the deadline stays expired. Set it before cloning the deadline: clones
    /// made earlier keep the deadline without the check.
    pub fn interrupt_when(self, check: impl Fn() -> bool + Send + Sync + 'static) -> Deadline {
        let at = self.inner.as_ref().and_then(|inner| inner.at);
        let deadline = Deadline::build(at, Some(Box::new(check)));
        if self.is_expired() {
            deadline.cancel();
        }
        deadline
    }

    fn build(at: Option<Instant>, interrupt: Option<Box<dyn Fn() -> bool + Send + Sync>>) -> Deadline {
        let inner = Inner {
            at,
            created: Instant::now(),
            cancelled: AtomicBool::new(false),
            interrupt,
            last_poll: AtomicU64::new(0),
        };
        Deadline { inner: Some(Arc::new(inner)) }
    }

    /// Stops the work now (from any thread holding a clone). A deadline made with
    /// [`Deadline::never`] cannot be cancelled.
    pub fn cancel(&self) {
        if let Some(inner) = &self.inner {
            inner.cancelled.store(true, Ordering::Relaxed);
        }
    }

    /// Whether work must stop: cancelled, past the instant, or interrupted.
    pub fn is_expired(&self) -> bool {
        let Some(inner) = &self.inner else { return false };
        if inner.cancelled.load(Ordering::Relaxed) {
            return true;
        }
        let now = Instant::now();
        if inner.at.is_some_and(|at| now >= at) {
            inner.cancelled.store(true, Ordering::Relaxed);
            return true;
        }
        if let Some(interrupt) = &inner.interrupt {
            let since = u64::try_from(now.duration_since(inner.created).as_nanos()).unwrap_or(u64::MAX);
            let last = inner.last_poll.load(Ordering::Relaxed);
            if since.saturating_sub(last) >= INTERRUPT_POLL.as_nanos() as u64
                && inner.last_poll.compare_exchange(last, since, Ordering::Relaxed, Ordering::Relaxed).is_ok()
                && interrupt()
            {
                inner.cancelled.store(true, Ordering::Relaxed);
                return true;
            }
        }
        false
    }

    /// Whether this deadline can ever expire (it is not [`Deadline::never`]).
    pub fn is_set(&self) -> bool {
        self.inner.is_some()
    }

    /// The instant work stops at, if it has one.
    pub fn instant(&self) -> Option<Instant> {
        self.inner.as_ref().and_then(|inner| inner.at)
    }
}

impl std::fmt::Debug for Deadline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.inner {
            None => f.write_str("Deadline(never)"),
            Some(inner) => f
                .debug_struct("Deadline")
                .field("at", &inner.at)
                .field("cancelled", &inner.cancelled.load(Ordering::Relaxed))
                .field("interruptible", &inner.interrupt.is_some())
                .finish(),
        }
    }
}

/// Two deadlines are equal when they are the same one (clones of each other), or both never.
impl PartialEq for Deadline {
    fn eq(&self, other: &Deadline) -> bool {
        match (&self.inner, &other.inner) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Deadline {}

/// A deadline as one walk or parse looks at it: every [`STEPS_PER_CHECK`] steps. Its counters
/// are atomics, so a document that holds one can be shared between threads; a step is counted
/// with a plain load and store, not a read-modify-write (a locked instruction on every node of
/// every walk cost the server 6% of its CPU, docs/benchmarks.md): steps counted by two threads
/// at once may be lost, and a step count need not be exact.
#[derive(Debug, Default)]
pub(crate) struct Watch {
    deadline: Deadline,
    steps: AtomicU32,
    stopped: AtomicBool,
}

impl Watch {
    pub(crate) fn new(deadline: Deadline) -> Watch {
        Watch { deadline, steps: AtomicU32::new(0), stopped: AtomicBool::new(false) }
    }

    /// Counts one step; false once the deadline has passed (and from then on).
    #[inline]
    pub(crate) fn keep_going(&self) -> bool {
        if self.deadline.inner.is_none() {
            return true;
        }
        if self.stopped.load(Ordering::Relaxed) {
            return false;
        }
        let steps = self.steps.load(Ordering::Relaxed).wrapping_add(1);
        self.steps.store(steps, Ordering::Relaxed);
        if steps.is_multiple_of(STEPS_PER_CHECK) && self.deadline.is_expired() {
            self.stopped.store(true, Ordering::Relaxed);
            return false;
        }
        true
    }

    /// Whether a step has found the deadline passed.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_never_expires_and_cannot_be_cancelled() {
        let never = Deadline::never();
        never.cancel();
        assert!(!never.is_expired());
        let watch = Watch::new(never);
        assert!((0..10_000).all(|_| watch.keep_going()));
    }

    #[test]
    fn an_instant_passes() {
        let deadline = Deadline::after(Duration::from_millis(20));
        assert!(!deadline.is_expired());
        std::thread::sleep(Duration::from_millis(30));
        assert!(deadline.is_expired());
        assert!(Deadline::after(Duration::MAX).is_set());
    }

    #[test]
    fn a_watch_stops_within_a_check_interval_and_stays_stopped() {
        let deadline = Deadline::cancellable();
        let watch = Watch::new(deadline.clone());
        assert!((0..1_000).all(|_| watch.keep_going()));
        deadline.cancel();
        let steps = (0..10_000).take_while(|_| watch.keep_going()).count();
        assert!(steps < STEPS_PER_CHECK as usize, "{steps}");
        assert!(!watch.keep_going() && watch.stopped());
    }

    #[test]
    fn an_interruption_check_is_polled_and_latches() {
        use std::sync::atomic::AtomicUsize;
        let calls = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&calls);
        let deadline = Deadline::never().interrupt_when(move || counted.fetch_add(1, Ordering::Relaxed) >= 2);
        let start = Instant::now();
        while !deadline.is_expired() {
            assert!(start.elapsed() < Duration::from_secs(5));
        }
        assert_eq!(calls.load(Ordering::Relaxed), 3, "polled every few milliseconds, not on every look");
        assert!(start.elapsed() >= INTERRUPT_POLL * 2);
        assert!(deadline.is_expired());
    }
}

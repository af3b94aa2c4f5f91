//! The extraction workers (`--workers`), shared fairly between clients and kept from being all
//! taken by large pages.
//!
//! An extraction cannot be paused once it runs, so fairness is decided when a worker is handed
//! out:
//!
//! * a free worker goes to the waiting request whose client has the fewest extractions running
//!   (among equals, to the one waiting longest): a client that sends many requests at once
//!   waits behind the others' first ones instead of ahead of them;
//! * a page larger than `--heavy-page` (an extraction's cost grows with its page's size) may
//!   take any worker but the last, and no more workers than there are cores but one: with two
//!   workers or more, one worker, and one core, are always left for smaller pages, so that a
//!   few huge pages, each holding a worker up to `--timeout`, neither make every ordinary
//!   request wait for them nor slow it down by taking every core.
//!
//! * on Linux, a page past `--heavy-page` is extracted on a thread of its own at a lower
//!   scheduling priority ([`HEAVY_NICENESS`]): the kernel gives a core to ordinary pages, and
//!   to the reading and writing of every request, before it gives it to a huge page, which
//!   takes the time left over (up to `--timeout`).
//!
//! The requests waiting are the ones in flight (`--max-in-flight`): the waiting list is bounded
//! by it, and a request that stops waiting (its deadline passed, its client left) is passed
//! over.

use super::clients::ClientKey;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// The niceness of the threads that extract pages past `--heavy-page` (Linux): at 10, a thread
/// gets about a tenth of what an ordinary one gets of a core they share.
pub(crate) const HEAVY_NICENESS: i32 = 10;

/// Runs `work`, the extraction of a page past `--heavy-page`, on a thread of its own at
/// [`HEAVY_NICENESS`] (a niceness once raised cannot be lowered again without privileges, so
/// the worker's own thread keeps its priority). Where there is no such thread, or it cannot be
/// started, the work runs here.
pub(crate) fn run_heavy<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    let work = Mutex::new(Some(work));
    let run = || work.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take().map(|work| work());
    let ran = std::thread::scope(|scope| {
        let thread = std::thread::Builder::new().name("harvest-heavy".into()).spawn_scoped(scope, || {
            lower_priority();
            run()
        });
        match thread.map(|thread| thread.join()) {
            Ok(Ok(ran)) => ran,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => None,
        }
    });
    match ran {
        Some(result) => result,
        None => run().expect("the work runs once, on the thread or here"),
    }
}

/// Lowers the calling thread's scheduling priority to [`HEAVY_NICENESS`] (best effort).
#[cfg(target_os = "linux")]
fn lower_priority() {
    // On Linux, PRIO_PROCESS with a thread id sets that thread's niceness alone (setpriority(2),
    // BUGS); failing, the thread keeps its priority.
    let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), HEAVY_NICENESS);
}

/// Elsewhere `setpriority` sets the whole process's priority: nothing is changed.
#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

/// A request waiting for a worker.
struct Waiter {
    /// Arrival order.
    seq: u64,
    client: ClientKey,
    heavy: bool,
    wake: oneshot::Sender<WorkerPermit>,
}

#[derive(Default)]
struct Inner {
    free: usize,
    heavy_running: usize,
    running: HashMap<ClientKey, usize>,
    waiting: Vec<Waiter>,
    next_seq: u64,
}

/// The workers, and who waits for them.
pub(crate) struct Workers {
    total: usize,
    /// Large pages may run on this many workers at once.
    heavy_bound: usize,
    inner: Mutex<Inner>,
}

impl Workers {
    /// `total` workers on a machine of `cores` cores.
    pub(crate) fn new(total: usize, cores: usize) -> Arc<Workers> {
        let heavy_bound = match total {
            0 | 1 => 1,
            _ => (total - 1).min(cores.saturating_sub(1)).max(1),
        };
        Arc::new(Workers { total, heavy_bound, inner: Mutex::new(Inner { free: total, ..Inner::default() }) })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Extractions running now.
    pub(crate) fn busy(&self) -> usize {
        self.total - self.lock().free
    }

    /// Waits for a worker for `client`'s extraction of a page (`heavy`: larger than
    /// `--heavy-page`). `None` only if the workers are gone.
    pub(crate) async fn acquire(self: &Arc<Self>, client: IpAddr, heavy: bool) -> Option<WorkerPermit> {
        let (wake, woken) = oneshot::channel();
        {
            let mut inner = self.lock();
            let seq = inner.next_seq;
            inner.next_seq += 1;
            inner.waiting.push(Waiter { seq, client: ClientKey::of(client), heavy, wake });
            self.dispatch(&mut inner);
        }
        woken.await.ok()
    }

    /// Hands free workers to the waiting requests, fairest first.
    fn dispatch(self: &Arc<Self>, inner: &mut Inner) {
        // Requests that stopped waiting are forgotten.
        inner.waiting.retain(|waiter| !waiter.wake.is_closed());
        while inner.free > 0 {
            let heavy_allowed = inner.heavy_running < self.heavy_bound;
            let chosen = inner
                .waiting
                .iter()
                .enumerate()
                .filter(|(_, waiter)| !waiter.heavy || heavy_allowed)
                .min_by_key(|(_, waiter)| (inner.running.get(&waiter.client).copied().unwrap_or(0), waiter.seq))
                .map(|(at, _)| at);
            let Some(at) = chosen else { return };
            let waiter = inner.waiting.swap_remove(at);
            inner.free -= 1;
            inner.heavy_running += usize::from(waiter.heavy);
            *inner.running.entry(waiter.client).or_default() += 1;
            let permit =
                WorkerPermit { workers: Arc::clone(self), client: waiter.client, heavy: waiter.heavy, armed: true };
            if let Err(mut unwanted) = waiter.wake.send(permit) {
                // It stopped waiting just now: the worker is free again (without a recursive
                // release through the permit's drop).
                unwanted.armed = false;
                Self::uncount(inner, waiter.client, waiter.heavy);
            }
        }
    }

    fn uncount(inner: &mut Inner, client: ClientKey, heavy: bool) {
        inner.free += 1;
        inner.heavy_running -= usize::from(heavy);
        if let Some(running) = inner.running.get_mut(&client) {
            *running -= 1;
            if *running == 0 {
                inner.running.remove(&client);
            }
        }
    }
}

/// A worker held by an extraction; given to the next request when dropped.
pub(crate) struct WorkerPermit {
    workers: Arc<Workers>,
    client: ClientKey,
    heavy: bool,
    armed: bool,
}

impl Drop for WorkerPermit {
    fn drop(&mut self) {
        if !self.armed {
            return;
        }
        let workers = Arc::clone(&self.workers);
        let mut inner = workers.lock();
        Workers::uncount(&mut inner, self.client, self.heavy);
        workers.dispatch(&mut inner);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    /// Whether the future is ready within a moment.
    async fn ready<T>(future: impl std::future::Future<Output = T>) -> Option<T> {
        tokio::time::timeout(Duration::from_millis(50), future).await.ok()
    }

    #[tokio::test]
    async fn a_client_with_fewer_running_goes_first() {
        let workers = Workers::new(2, 2);
        let busy = ip("192.0.2.1");
        let a = workers.acquire(busy, false).await.unwrap();
        let b = workers.acquire(busy, false).await.unwrap();
        assert_eq!(workers.busy(), 2);
        // The busy client asks again first; another client asks after it.
        let again = tokio::spawn({
            let workers = Arc::clone(&workers);
            async move { workers.acquire(busy, false).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let other = tokio::spawn({
            let workers = Arc::clone(&workers);
            async move { workers.acquire(ip("192.0.2.2"), false).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(a);
        let other = ready(other).await.expect("the other client is served first").unwrap().unwrap();
        assert!(!again.is_finished());
        drop(b);
        let again = ready(again).await.expect("then the busy client").unwrap().unwrap();
        drop((other, again));
        assert_eq!(workers.busy(), 0);
    }

    #[tokio::test]
    async fn large_pages_leave_a_worker_for_the_others() {
        let workers = Workers::new(3, 8);
        let heavy = ip("192.0.2.1");
        let first = workers.acquire(heavy, true).await.unwrap();
        let _second = workers.acquire(heavy, true).await.unwrap();
        assert!(ready(workers.acquire(heavy, true)).await.is_none(), "a third large page waits");
        let light = ready(workers.acquire(heavy, false)).await.expect("a small page runs at once");
        assert!(light.is_some());
        drop(first);
        assert!(ready(workers.acquire(heavy, true)).await.is_some());
        let single = Workers::new(1, 8);
        assert!(ready(single.acquire(heavy, true)).await.is_some(), "one worker: large pages run too");
        let two_cores = Workers::new(3, 2);
        let _running = two_cores.acquire(heavy, true).await.unwrap();
        assert!(ready(two_cores.acquire(heavy, true)).await.is_none(), "two cores: one large page at a time");
        assert!(ready(two_cores.acquire(heavy, false)).await.is_some());
    }

    #[test]
    fn heavy_work_runs_on_a_thread_of_lower_priority() {
        let (here, before) = (std::thread::current().id(), own_niceness());
        let (ran_on, niceness) = run_heavy(|| (std::thread::current().id(), own_niceness()));
        assert_ne!(ran_on, here);
        if let Some(before) = before {
            // Relative to the tests' own niceness (19 at most).
            assert_eq!(niceness, Some((before + HEAVY_NICENESS).min(19)));
        }
        assert_eq!(own_niceness(), before, "this thread keeps its priority");
        let panicked = std::panic::catch_unwind(|| run_heavy(|| panic!("a bug")));
        assert!(panicked.is_err(), "a panic reaches the caller, as from the worker's own thread");
    }

    /// The calling thread's niceness, where a thread has its own.
    fn own_niceness() -> Option<i32> {
        #[cfg(target_os = "linux")]
        return rustix::process::getpriority_process(Some(rustix::thread::gettid())).ok();
        #[cfg(not(target_os = "linux"))]
        None
    }

    #[tokio::test]
    async fn requests_that_stop_waiting_are_passed_over() {
        let workers = Workers::new(1, 1);
        let held = workers.acquire(ip("192.0.2.1"), false).await.unwrap();
        assert!(ready(workers.acquire(ip("192.0.2.2"), false)).await.is_none(), "gave up waiting");
        let waiting = tokio::spawn({
            let workers = Arc::clone(&workers);
            async move { workers.acquire(ip("192.0.2.3"), false).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        drop(held);
        assert!(ready(waiting).await.unwrap().unwrap().is_some());
    }
}

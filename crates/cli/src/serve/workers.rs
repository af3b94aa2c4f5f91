//! The extraction workers (`--workers`): threads of their own, shared fairly between clients and
//! kept from being all taken by large pages.
//!
//! A request hands its extraction over as a [`Job`] and waits for the answer; a worker thread
//! that finishes one job takes the next itself. Under load the workers never sleep between
//! jobs, and a request's extraction costs one handoff between threads each way (measured in
//! docs/benchmarks.md: handing a worker to the waiting request, which then started its
//! extraction on a thread woken for it, cost about 8 thread switches per request).
//!
//! An extraction cannot be paused once it runs, so fairness is decided when a job is taken:
//!
//! * a free worker takes the waiting job whose client has the fewest extractions running
//!   (among equals, the one waiting longest): a client that sends many requests at once
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
//! by it, and a job whose request stopped waiting (its deadline passed, its client left) is
//! dropped unrun.

use super::clients::ClientKey;
use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The niceness of the threads that extract pages past `--heavy-page` (Linux): at 10, a thread
/// gets about a tenth of what an ordinary one gets of a core they share.
pub(crate) const HEAVY_NICENESS: i32 = 10;

/// Runs `work`, the extraction of a page past `--heavy-page`, on a thread of its own at
/// [`HEAVY_NICENESS`] (a niceness once raised cannot be lowered again without privileges, so
/// the worker's own thread keeps its priority). Where there is no such thread, or it cannot be
/// started, the work runs here.
#[allow(clippy::expect_used, reason = "the work is taken once: by the thread, or here when no thread ran it")]
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

/// An extraction to run on a worker.
pub(crate) struct Job {
    client: ClientKey,
    /// Larger than `--heavy-page`.
    heavy: bool,
    /// Whether the request still waits for the job.
    wanted: Box<dyn Fn() -> bool + Send>,
    /// The extraction, given how long it waited for a worker.
    work: Box<dyn FnOnce(Duration) + Send>,
}

impl Job {
    /// `client`'s extraction, run by `work` unless `wanted` says the request has stopped
    /// waiting for it.
    pub(crate) fn new(
        client: ClientKey,
        heavy: bool,
        wanted: impl Fn() -> bool + Send + 'static,
        work: impl FnOnce(Duration) + Send + 'static,
    ) -> Job {
        Job { client, heavy, wanted: Box::new(wanted), work: Box::new(work) }
    }
}

/// A job waiting for a worker.
struct Waiting {
    /// Arrival order.
    seq: u64,
    since: Instant,
    job: Job,
}

#[derive(Default)]
struct Queue {
    waiting: Vec<Waiting>,
    next_seq: u64,
    /// Jobs running, in all and per client.
    busy: usize,
    heavy_running: usize,
    running: HashMap<ClientKey, usize>,
    /// The workers without a job, the one idle the shortest last: a job goes to it, so that
    /// work stays on few threads, whose caches and allocator heaps are warm.
    idle: Vec<usize>,
    /// Set when the [`Workers`] are dropped: the threads finish what waits, then end.
    closing: bool,
}

struct Shared {
    /// Large pages may run on this many workers at once.
    heavy_bound: usize,
    queue: Mutex<Queue>,
    /// Each worker's signal: given a job, when a large page's job ends (another may start
    /// then), and when closing.
    wake: Vec<Condvar>,
}

/// The worker threads, and the jobs waiting for them.
pub(crate) struct Workers {
    shared: Arc<Shared>,
}

impl Workers {
    /// Starts `total` worker threads (at least one) for a machine of `cores` cores.
    pub(crate) fn new(total: usize, cores: usize) -> std::io::Result<Workers> {
        let total = total.max(1);
        let heavy_bound = match total {
            1 => 1,
            _ => (total - 1).min(cores.saturating_sub(1)).max(1),
        };
        let wake = (0..total).map(|_| Condvar::new()).collect();
        let shared = Arc::new(Shared { heavy_bound, queue: Mutex::new(Queue::default()), wake });
        let workers = Workers { shared };
        for number in 0..total {
            let shared = Arc::clone(&workers.shared);
            // On failure, `workers` is dropped and the threads already started end.
            std::thread::Builder::new().name(format!("harvest-worker-{number}")).spawn(move || shared.work(number))?;
        }
        Ok(workers)
    }

    /// Extractions running now.
    pub(crate) fn busy(&self) -> usize {
        self.shared.lock().busy
    }

    /// Extractions waiting for a worker now.
    pub(crate) fn queued(&self) -> usize {
        self.shared.lock().waiting.len()
    }

    /// Queues `job`; a worker runs it unless its request has stopped waiting by then.
    pub(crate) fn submit(&self, job: Job) {
        let mut queue = self.shared.lock();
        let seq = queue.next_seq;
        queue.next_seq += 1;
        queue.waiting.push(Waiting { seq, since: Instant::now(), job });
        if let Some(worker) = queue.idle.pop() {
            self.shared.wake[worker].notify_one();
        }
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        self.shared.lock().closing = true;
        self.shared.wake.iter().for_each(Condvar::notify_one);
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Worker `me`'s thread: takes the fairest job it may run, runs it, and again; sleeps
    /// while there is none.
    fn work(&self, me: usize) {
        let mut queue = self.lock();
        loop {
            queue.idle.retain(|&worker| worker != me);
            // Jobs nobody waits for any more are dropped unrun.
            queue.waiting.retain(|waiting| (waiting.job.wanted)());
            let Some(waiting) = self.take(&mut queue) else {
                if queue.closing {
                    return;
                }
                queue.idle.push(me);
                queue = self.wake[me].wait(queue).unwrap_or_else(|poisoned| poisoned.into_inner());
                continue;
            };
            let (client, heavy) = (waiting.job.client, waiting.job.heavy);
            drop(queue);
            let Job { wanted, work, .. } = waiting.job;
            drop(wanted);
            // A panic is a bug: the job's answer channel closes with it, which its request
            // reports as an internal error, and the worker goes on.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(waiting.since.elapsed())));
            queue = self.lock();
            queue.busy -= 1;
            queue.heavy_running -= usize::from(heavy);
            if let Some(running) = queue.running.get_mut(&client) {
                *running -= 1;
                if *running == 0 {
                    queue.running.remove(&client);
                }
            }
            if heavy {
                // A large page's job may be waiting for this one: an idle worker may take it.
                for worker in queue.idle.drain(..) {
                    self.wake[worker].notify_one();
                }
            }
        }
    }

    /// Takes the waiting job to run next, fairest first, and counts it as running.
    fn take(&self, queue: &mut Queue) -> Option<Waiting> {
        let heavy_allowed = queue.heavy_running < self.heavy_bound;
        let at = queue
            .waiting
            .iter()
            .enumerate()
            .filter(|(_, waiting)| !waiting.job.heavy || heavy_allowed)
            .min_by_key(|(_, waiting)| (queue.running.get(&waiting.job.client).copied().unwrap_or(0), waiting.seq))
            .map(|(at, _)| at)?;
        let waiting = queue.waiting.swap_remove(at);
        queue.busy += 1;
        queue.heavy_running += usize::from(waiting.job.heavy);
        *queue.running.entry(waiting.job.client).or_default() += 1;
        Some(waiting)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    fn ip(text: &str) -> std::net::IpAddr {
        text.parse().unwrap()
    }

    /// A job that says when it starts, then runs until its gate opens (or is dropped).
    fn gated(
        client: &str,
        heavy: bool,
        name: &'static str,
        started: &mpsc::Sender<&'static str>,
    ) -> (Job, mpsc::Sender<()>) {
        let (open, gate) = mpsc::channel::<()>();
        let started = started.clone();
        let job = Job::new(
            ClientKey::of(ip(client), 56),
            heavy,
            || true,
            move |_| {
                let _ = started.send(name);
                let _ = gate.recv();
            },
        );
        (job, open)
    }

    /// The next job to start (waiting for it up to 10 s).
    fn next(started: &mpsc::Receiver<&'static str>) -> Option<&'static str> {
        started.recv_timeout(Duration::from_secs(10)).ok()
    }

    /// The next job to start within a moment, if any (to show that none does).
    fn soon(started: &mpsc::Receiver<&'static str>) -> Option<&'static str> {
        started.recv_timeout(Duration::from_millis(100)).ok()
    }

    #[test]
    fn a_client_with_fewer_running_goes_first() {
        let workers = Workers::new(2, 2).unwrap();
        let (tx, started) = mpsc::channel();
        let busy = "192.0.2.1";
        let (a, open_a) = gated(busy, false, "a", &tx);
        let (b, open_b) = gated(busy, false, "b", &tx);
        workers.submit(a);
        workers.submit(b);
        let mut first = [next(&started), next(&started)];
        first.sort();
        assert_eq!(first, [Some("a"), Some("b")]);
        assert_eq!(workers.busy(), 2);
        // The busy client asks again first; another client asks after it.
        let (again, open_again) = gated(busy, false, "again", &tx);
        workers.submit(again);
        let (other, open_other) = gated("192.0.2.2", false, "other", &tx);
        workers.submit(other);
        assert_eq!(soon(&started), None, "both wait");
        drop(open_a);
        assert_eq!(next(&started), Some("other"), "the other client is served first");
        drop(open_b);
        assert_eq!(next(&started), Some("again"), "then the busy client");
        drop((open_again, open_other));
        for _ in 0..50 {
            if workers.busy() == 0 {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("{} jobs still counted as running", workers.busy());
    }

    #[test]
    fn large_pages_leave_a_worker_for_the_others() {
        let (tx, started) = mpsc::channel();
        let client = "192.0.2.1";
        let workers = Workers::new(3, 8).unwrap();
        let (first, open_first) = gated(client, true, "first", &tx);
        let (second, _open_second) = gated(client, true, "second", &tx);
        let (third, _open_third) = gated(client, true, "third", &tx);
        workers.submit(first);
        workers.submit(second);
        assert!(next(&started).is_some() && next(&started).is_some());
        workers.submit(third);
        assert_eq!(soon(&started), None, "a third large page waits");
        let (light, _open_light) = gated(client, false, "light", &tx);
        workers.submit(light);
        assert_eq!(next(&started), Some("light"), "a small page runs at once");
        drop(open_first);
        assert_eq!(next(&started), Some("third"));

        let single = Workers::new(1, 8).unwrap();
        let (alone, _open_alone) = gated(client, true, "alone", &tx);
        single.submit(alone);
        assert_eq!(next(&started), Some("alone"), "one worker: large pages run too");

        let two_cores = Workers::new(3, 2).unwrap();
        let (running, _open_running) = gated(client, true, "running", &tx);
        two_cores.submit(running);
        assert_eq!(next(&started), Some("running"));
        let (waits, _open_waits) = gated(client, true, "waits", &tx);
        two_cores.submit(waits);
        assert_eq!(soon(&started), None, "two cores: one large page at a time");
        let (small, _open_small) = gated(client, false, "small", &tx);
        two_cores.submit(small);
        assert_eq!(next(&started), Some("small"));
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

    #[test]
    fn jobs_nobody_waits_for_are_dropped_unrun() {
        let workers = Workers::new(1, 1).unwrap();
        let (tx, started) = mpsc::channel();
        let (held, open_held) = gated("192.0.2.1", false, "held", &tx);
        workers.submit(held);
        assert_eq!(next(&started), Some("held"));
        let abandoned = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let sender = tx.clone();
        let wanted = {
            let abandoned = Arc::clone(&abandoned);
            move || !abandoned.load(std::sync::atomic::Ordering::Relaxed)
        };
        workers.submit(Job::new(ClientKey::of(ip("192.0.2.2"), 56), false, wanted, move |_| {
            let _ = sender.send("abandoned");
        }));
        let (waiting, _open_waiting) = gated("192.0.2.3", false, "waiting", &tx);
        workers.submit(waiting);
        abandoned.store(true, std::sync::atomic::Ordering::Relaxed);
        drop(open_held);
        assert_eq!(next(&started), Some("waiting"));
        assert_eq!(soon(&started), None, "the abandoned job never ran");
    }

    #[test]
    fn a_panic_ends_the_job_not_the_worker() {
        let workers = Workers::new(1, 1).unwrap();
        let (tx, started) = mpsc::channel();
        workers.submit(Job::new(ClientKey::of(ip("192.0.2.1"), 56), false, || true, |_| panic!("a bug")));
        let (after, _open) = gated("192.0.2.1", false, "after", &tx);
        workers.submit(after);
        assert_eq!(next(&started), Some("after"));
    }

    #[test]
    fn dropping_the_workers_ends_their_threads() {
        let (tx, started) = mpsc::channel();
        let workers = Workers::new(2, 2).unwrap();
        let (job, open) = gated("192.0.2.1", false, "job", &tx);
        workers.submit(job);
        assert_eq!(next(&started), Some("job"));
        let shared = Arc::downgrade(&workers.shared);
        drop(workers);
        drop(open);
        for _ in 0..100 {
            if shared.upgrade().is_none() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the worker threads still hold the queue");
    }
}

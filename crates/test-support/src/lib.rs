//! Helpers shared by the tests of every harvest crate.
//!
//! Two things are needed by almost every crate's tests and were easy to get subtly wrong in
//! each copy:
//!
//! - [`assert_linear`]: that an operation's cost grows linearly with its input. It times the
//!   operation on an input and on one twice as large and asks for less than three times the
//!   time. One doubling is not enough evidence either way on a busy machine: an interruption or
//!   the step where the input outgrows a CPU cache can triple one doubling, while a quadratic
//!   step quadruples *every* doubling. So a doubling that looks superlinear is decided by the
//!   next ones (up to three), and only a doubling that is superlinear each time fails.
//! - [`corpus_pages`]: the benchmark pages beside the checkout (`../shared/corpus`, or the
//!   folder `HARVEST_CORPUS` names). A missing corpus fails the test that needs it, unless
//!   `HARVEST_SKIP_SUITES` names `corpus`, in which case the test prints `SKIPPED` and passes,
//!   as the conformance suites do.
//!
//! ```
//! harvest_test_support::assert_linear("summing", 100_000, |n| vec![1u64; n], |v| {
//!     std::hint::black_box(v.iter().sum::<u64>());
//! });
//! ```

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The ratio a doubling of the input must stay under: linear work doubles the time,
/// quadratic work quadruples it.
pub const LINEAR_RATIO_LIMIT: f64 = 3.0;

/// How many doublings are measured before a superlinear-looking one counts as a failure.
const DOUBLINGS: u32 = 3;

/// The least total time spent timing one input: fast operations are repeated until then, so
/// the fastest run is a measurement and not the clock's resolution.
const MIN_SAMPLE_TIME: Duration = Duration::from_millis(40);

/// The fastest of at least `runs` timings of `work(input)`, repeated until `MIN_SAMPLE_TIME`
/// has passed (at most 50 runs).
pub fn fastest<T>(input: &T, runs: usize, work: &impl Fn(&T)) -> Duration {
    let started = Instant::now();
    let mut best = Duration::MAX;
    let mut done = 0;
    while done < runs.max(1) || (started.elapsed() < MIN_SAMPLE_TIME && done < 50) {
        let start = Instant::now();
        work(input);
        best = best.min(start.elapsed());
        done += 1;
    }
    best
}

/// One measured doubling: the times for `n` and `2n` and their ratio.
#[derive(Debug, Clone, Copy)]
pub struct Doubling {
    /// The input size of the smaller run.
    pub n: usize,
    /// The fastest time on the input built for `n`.
    pub small: Duration,
    /// The fastest time on the input built for `2n`.
    pub large: Duration,
}

impl Doubling {
    /// `large / small`.
    pub fn ratio(&self) -> f64 {
        self.large.as_secs_f64() / self.small.as_secs_f64().max(1e-9)
    }
}

impl std::fmt::Display for Doubling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "n={} {:?} -> 2n {:?} (ratio {:.2})", self.n, self.small, self.large, self.ratio())
    }
}

/// Times `work` on the inputs `build(n)` and `build(2 * n)`.
pub fn measure_doubling<T>(n: usize, build: &impl Fn(usize) -> T, work: &impl Fn(&T)) -> Doubling {
    let small_input = build(n);
    let large_input = build(2 * n);
    // The large input first, once: neither size then pays for the allocator's fresh memory.
    work(&large_input);
    let small = fastest(&small_input, 5, work);
    let large = fastest(&large_input, 5, work);
    Doubling { n, small, large }
}

/// Asserts that `work` on `build(2n)` costs less than [`LINEAR_RATIO_LIMIT`] times `work` on
/// `build(n)`. A doubling over the limit is measured again one size up (a cache cliff or an
/// interruption slows one doubling, a quadratic step every one); the assertion fails only when
/// `DOUBLINGS` doublings in a row are over it, and its message lists them all.
///
/// `build` makes the input outside the timed region; `work` is what is timed.
#[track_caller]
pub fn assert_linear<T>(what: &str, n: usize, build: impl Fn(usize) -> T, work: impl Fn(&T)) {
    let mut seen = Vec::new();
    let mut size = n;
    for _ in 0..DOUBLINGS {
        let doubling = measure_doubling(size, &build, &work);
        if doubling.ratio() < LINEAR_RATIO_LIMIT {
            return;
        }
        seen.push(doubling.to_string());
        size *= 2;
    }
    panic!("{what}: every doubling more than tripled the time: {}", seen.join("; "));
}

/// True when `HARVEST_SKIP_SUITES` (a comma-separated list) names `name`.
pub fn skipped(name: &str) -> bool {
    std::env::var("HARVEST_SKIP_SUITES").is_ok_and(|list| list.split(',').any(|s| s.trim() == name))
}

/// The benchmark corpus folder: `HARVEST_CORPUS`, else `shared/corpus` beside the workspace.
/// `None` when neither exists.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("HARVEST_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    dir.is_dir().then_some(dir)
}

/// The benchmark corpus folder for a test that needs it.
///
/// Returns `None` (after printing `SKIPPED`) when `HARVEST_SKIP_SUITES` names `corpus`.
///
/// # Panics
///
/// When the corpus is missing and not skipped: a test that needs it must not pass without it.
#[track_caller]
pub fn required_corpus() -> Option<PathBuf> {
    if skipped("corpus") {
        eprintln!("SKIPPED: HARVEST_SKIP_SUITES names corpus");
        return None;
    }
    match corpus_dir() {
        Some(dir) => Some(dir),
        None => panic!(
            "the benchmark corpus is missing: put it at ../shared/corpus beside the checkout, set \
             HARVEST_CORPUS to its folder, or set HARVEST_SKIP_SUITES=corpus to skip this test"
        ),
    }
}

/// Every `.html`/`.htm` page below the benchmark corpus, sorted ([`required_corpus`] says
/// when it is `None` and when it panics).
///
/// # Panics
///
/// When the corpus is missing or holds no page and is not skipped.
#[track_caller]
pub fn corpus_pages() -> Option<Vec<PathBuf>> {
    let root = required_corpus()?;
    let pages = html_files(&root);
    assert!(!pages.is_empty(), "the benchmark corpus at {} holds no .html page", root.display());
    Some(pages)
}

/// Every `.html`/`.htm` file below `dir` (subfolders included, without recursion), sorted; an
/// unreadable or missing folder gives none.
pub fn html_files(dir: &Path) -> Vec<PathBuf> {
    let mut pages = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "html" || e == "htm") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_work_passes() {
        assert_linear(
            "copying",
            200_000,
            |n| vec![7u8; n],
            |v| {
                std::hint::black_box(v.iter().map(|&b| u64::from(b)).sum::<u64>());
            },
        );
    }

    #[test]
    #[should_panic(expected = "every doubling more than tripled the time")]
    fn quadratic_work_fails() {
        assert_linear(
            "pairs",
            400,
            |n| vec![1u32; n],
            |v| {
                let mut pairs = 0u64;
                for a in v {
                    for b in v {
                        pairs += u64::from(std::hint::black_box(a ^ b) == 0);
                    }
                }
                std::hint::black_box(pairs);
            },
        );
    }

    #[test]
    fn skip_list_is_comma_separated() {
        // Only reads the variable; the suite names are not set in the test environment.
        assert!(!skipped("no-such-suite-name"));
    }
}

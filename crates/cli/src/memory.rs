//! How the process uses memory: the allocator's settings and freed memory sorted back between
//! pages.
//!
//! mimalloc's own options, read from the environment before anything is allocated, stay the
//! user's: `MIMALLOC_PURGE_DELAY=0` and `MIMALLOC_ALLOW_THP=0` trade CPU time for a lower peak
//! (docs/benchmarks.md, "Peak memory against huge pages").

/// mimalloc 2's `mi_option_purge_delay` (its `mi_option_e`; the Rust binding names no constant
/// for it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// The allocator's setting, made first thing in `main`: memory freed and left unused is
/// returned to the system after 10 s, as jemalloc's decay does, instead of mimalloc's 10 ms: a
/// server's worker threads take turns, and memory returned between two requests on one thread
/// had to be mapped and zeroed again for the next (8-12% of `harvest serve`'s CPU per page;
/// docs/benchmarks.md, "The allocator"). A delay set in the environment (`MIMALLOC_PURGE_DELAY`)
/// is kept.
///
/// Transparent huge pages stay as mimalloc asks for them: without them a batch of small pages
/// peaks 3-4 MB lower, but takes up to 11% more CPU, and the 10 MB page 32% more
/// (docs/benchmarks.md, "Peak memory against huge pages").
#[allow(unsafe_code, reason = "mimalloc's option setter is a C function")]
pub(crate) fn tune_allocator() {
    // mimalloc reads its options from the environment too: one set there is the user's.
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_some() {
        return;
    }
    // SAFETY: mi_option_set only stores the value; it is called before any other thread exists.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 10_000) }
}

/// Between two pages of a batch: the memory the thread freed is sorted back into mimalloc's
/// free pages and segments (`mi_collect(false)`: nothing is returned to the system before the
/// purge delay). Without it the pages' memory went to new segments while freed ones waited:
/// the synthetic pages' peak 21 MB against 19 MB, at no cost the rounds could tell
/// (docs/benchmarks.md, "Peak memory").
#[allow(unsafe_code, reason = "mimalloc's collection is a C function")]
pub(crate) fn collect_freed_memory() {
    // SAFETY: mi_collect takes no pointer; it only walks the calling thread's own heap.
    unsafe { libmimalloc_sys::mi_collect(false) }
}

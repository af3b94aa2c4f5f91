//! `source_paths` on nesting built to multiply them: every level is an item that is the value of
//! two properties, so each level copies everything inside it once more. The paths are shared
//! (a copy of a path is a reference count) and each use is charged to the value budget, so
//! time and memory stay linear in the nesting and the JSON within the budget.
//!
//! This file is a test binary of its own: its allocator counts the bytes the parse holds.

use harvest_mf2::{parse_html, Limit, Options, PropertyValue};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

const BASE: &str = "http://example.test/";

/// The system allocator, counting the bytes held now and the most held since [`reset_peak`].
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

#[allow(unsafe_code, reason = "a global allocator is an unsafe trait; this one forwards to the system's")]
// SAFETY: every call is passed on to the system allocator unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout is passed on unchanged.
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            let held = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(held, Ordering::Relaxed);
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: the pointer and layout are the ones the system allocator handed out.
        unsafe { System.dealloc(pointer, layout) };
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn reset_peak() {
    PEAK.store(HELD.load(Ordering::Relaxed), Ordering::Relaxed);
}

/// The tests of this file run one at a time: they time and count what one parse holds.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The page of the report: an entry, then `n` nested cards, each the value of `x` and of `z`.
fn page(n: usize) -> String {
    format!("<div class=h-entry>{}", "<div class=\"p-x u-z h-card\">".repeat(n))
}

/// Parses with paths and writes the JSON away; returns its length.
fn parse_and_write(html: &str, options: &Options) -> usize {
    let doc = parse_html(html, BASE, options).expect("valid base URL");
    let mut counted = Counted(0);
    serde_json::to_writer(&mut counted, &doc).expect("the JSON is written");
    counted.0
}

/// A writer that keeps only the count of bytes written.
struct Counted(usize);

impl std::io::Write for Counted {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn doubling_the_nesting_doubles_time_at_most() {
    let _serial = serial();
    let options = Options::new().source_paths(true);
    harvest_test_support::assert_linear("mf2 parse with source paths", 100, page, |html| {
        std::hint::black_box(parse_and_write(html, &options));
    });
}

#[test]
fn doubling_the_nesting_doubles_memory_at_most() {
    let _serial = serial();
    let options = Options::new().source_paths(true);
    let peak = |n: usize| {
        let html = page(n);
        reset_peak();
        let before = HELD.load(Ordering::Relaxed);
        std::hint::black_box(parse_and_write(&html, &options));
        PEAK.load(Ordering::Relaxed) - before
    };
    // Memory is not disturbed by other work as time is: every doubling must stay under 3×.
    let sizes = [100, 200, 400, 800, 1600];
    let peaks: Vec<usize> = sizes.iter().map(|&n| peak(n)).collect();
    eprintln!("nesting {sizes:?}: bytes held at most {peaks:?}");
    for (pair, sizes) in peaks.windows(2).zip(sizes.windows(2)) {
        assert!(
            pair[1] < 3 * pair[0],
            "nesting {} -> {}: the parse held {} -> {} bytes (all: {peaks:?})",
            sizes[0],
            sizes[1],
            pair[0],
            pair[1]
        );
    }
    // A few hundred megabytes would mean the copies hold their own paths again.
    assert!(peaks.iter().all(|&bytes| bytes < 200 << 20), "{peaks:?}");
}

#[test]
fn the_paths_are_charged_to_the_value_budget() {
    let _serial = serial();
    let html = page(3000);
    // The JSON stays within the budget (and what the structure around it takes), and the
    // loss is reported.
    for budget in [1 << 20, 8 << 20] {
        let options = Options::new().source_paths(true).max_value_bytes(budget);
        let doc = parse_html(&html, BASE, &options).expect("valid options");
        assert!(doc.truncated.contains(&Limit::ValueBytes), "{:?}", doc.truncated);
        let written = parse_and_write(&html, &options);
        assert!(written < 2 * budget + (4 << 20), "budget {budget}: {written} bytes of JSON");
        // An item whose paths the budget refused has none; one that has them has a path for
        // each of its values.
        let mut stack: Vec<&harvest_mf2::Item> = doc.items.iter().collect();
        let mut with_paths = 0;
        while let Some(item) = stack.pop() {
            if let Some(paths) = &item.source_paths {
                with_paths += 1;
                for (name, values) in &item.properties {
                    assert_eq!(paths.properties.get(name).map(Vec::len), Some(values.len()), "{name}");
                }
            }
            stack.extend(item.properties.values().flatten().filter_map(PropertyValue::as_item));
        }
        assert!(with_paths > 0);
    }
    // With strict limits the refusal is an error.
    let strict = Options::new().source_paths(true).max_value_bytes(1 << 20).strict_limits(true);
    assert!(parse_html(&html, BASE, &strict).is_err());
}

#[test]
fn shared_paths_are_the_paths_as_written() {
    let _serial = serial();
    let doc = parse_html(&page(3), BASE, &Options::new().source_paths(true)).expect("valid base URL");
    let entry = &doc.items[0];
    let paths = entry.source_paths.as_ref().expect("paths");
    assert_eq!(paths.item, "html>body>div");
    assert_eq!(paths.properties["x"], ["html>body>div>div"]);
    assert_eq!(paths.properties["z"], ["html>body>div>div"]);
    // The copy in `x` and the item in `z` name the same elements.
    let (x, z) = (entry.get("x")[0].as_item().expect("item"), entry.get("z")[0].as_item().expect("item"));
    assert_eq!(x.source_paths, z.source_paths);
    assert_eq!(x.source_paths.as_ref().map(|p| p.item.to_string()).as_deref(), Some("html>body>div>div"));
    // The JSON reads back to the same document.
    let again: harvest_mf2::Document = serde_json::from_str(&doc.to_json()).expect("JSON");
    assert_eq!(again, doc);
}

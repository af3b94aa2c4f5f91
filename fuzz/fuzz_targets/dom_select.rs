//! CSS selectors on a page: the input's first line is a selector list, the rest the page.
//!
//! A first line that starts with a byte from 1 to 6 is wrapped in nested functions: that byte
//! picks the function (`:not(`, `:is(`, `:where(`, `:nth-child(2n of `, `:nth-last-child(odd of `,
//! or a bare `(`), the next byte, times 16, the depth (up to 2,032), so the fuzzer reaches
//! nesting far past [`Selector::MAX_NESTING`] from short inputs.
//!
//! Invariants: compiling and matching never exhaust the stack (both run on a thread with a
//! 256 KiB stack, well under the 2 MiB of a server's worker); a selector nested deeper than
//! [`Selector::MAX_NESTING`] or longer than [`Selector::MAX_LENGTH`] is refused with that reason;
//! `select` from the root finds exactly the elements, in tree order, for which `matches` holds.
#![no_main]

use harvest_dom::{Document, Selector, SelectorErrorReason};
use libfuzzer_sys::fuzz_target;

const WRAPPERS: [&str; 6] = [":not(", ":is(", ":where(", ":nth-child(2n of ", ":nth-last-child(odd of ", "("];

/// The selector the first line stands for, and how deep its wrapping nests.
fn selector(line: &str) -> (String, usize) {
    let bytes = line.as_bytes();
    match bytes {
        [kind @ 1..=6, depth, ..] if depth.is_ascii() => {
            let depth = usize::from(*depth) * 16;
            let inner = &line[2..];
            let wrapper = WRAPPERS[usize::from(*kind) - 1];
            (format!("{}{inner}{}", wrapper.repeat(depth), ")".repeat(depth)), depth)
        }
        _ => (line.to_owned(), 0),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (line, html) = text.split_once('\n').unwrap_or((text, ""));
    let (source, wrapped) = selector(line);
    let html = html.to_owned();
    let checks = move || {
        let parsed = Selector::parse(&source);
        if source.len() > Selector::MAX_LENGTH {
            let error = parsed.as_ref().expect_err("an over-long selector is refused");
            assert!(matches!(error.reason, SelectorErrorReason::TooLong { .. }), "{error}");
        } else if wrapped > Selector::MAX_NESTING {
            let error = parsed.as_ref().expect_err("an over-deep selector is refused");
            assert!(matches!(error.reason, SelectorErrorReason::TooDeep { .. }), "{error}");
        }
        let Ok(selector) = parsed else { return };
        let doc = Document::parse(&html);
        let selected: Vec<_> = doc.root().select(&selector).collect();
        let matching: Vec<_> = doc.elements().filter(|e| e.matches(&selector)).collect();
        assert_eq!(selected, matching, "select and matches disagree");
    };
    let thread = std::thread::Builder::new().stack_size(256 * 1024).spawn(checks).expect("a thread starts");
    if let Err(panic) = thread.join() {
        std::panic::resume_unwind(panic);
    }
});

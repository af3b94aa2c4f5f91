//! iCalendar from microdata (`vevent` items, 001 §5.3.2) and from microformats2 (`h-event`),
//! folded by octets or code points, with RFC 5545 date-times or not (by input length).
//!
//! Invariants: every line ends in CRLF, physical lines are at most 75 octets (octet folding)
//! or code points, unfolding and folding again gives back the text, `VCALENDAR` and `VEVENT`
//! components balance; a page without an event gives `NothingFound`, nothing else.
#![no_main]

use chrono::{TimeZone, Utc};
use harvest_export::content_line::Folding;
use harvest_export::ical::{self, IcalError, IcalOptions};
use harvest_fuzz::{check_content_lines, document, page_url};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let folding = if data.len().is_multiple_of(2) { Folding::Octets } else { Folding::CodePoints };
    let now = Utc.with_ymd_and_hms(2026, 11, 22, 1, 2, 3).single().expect("a valid instant");
    let options = IcalOptions::new().now(now).folding(folding).rfc5545_date_times(data.len() % 4 < 2);
    let components = ["VCALENDAR", "VEVENT"];
    match ical::from_microdata(&doc, &options) {
        Ok(text) => check_content_lines(&text, folding, &components),
        Err(IcalError::NothingFound) => {}
        Err(e) => panic!("unexpected error: {e}"),
    }
    let mf2 = harvest_mf2::parse(&doc, &harvest_mf2::Options::new()).expect("the page URL is a valid base");
    match ical::from_mf2(&mf2, Some(&page_url()), &options) {
        Ok(text) => check_content_lines(&text, folding, &components),
        Err(IcalError::NothingFound) => {}
        Err(e) => panic!("unexpected error: {e}"),
    }
});

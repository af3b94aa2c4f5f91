//! Every page of the shared benchmark corpus (real pages and synthetic ones) through the four
//! vCard / iCalendar conversions: nothing panics, every line fits 75 octets in octet mode, and
//! both independent parsers read every file back with one component per exported item.
#![cfg(all(feature = "vcard", feature = "ical"))]

mod support;

use harvest_export::content_line::Folding;
use harvest_export::ical::{self, IcalError, IcalOptions};
use harvest_export::vcard::{self, VcardError, VcardOptions};
use support::*;

#[test]
fn corpus_pages_export_and_read_back() {
    let Some(dir) = harvest_test_support::required_corpus() else { return };
    let mut files = html_files(&dir.join("real"));
    files.extend(html_files(&dir.join("synthetic/pages")));
    let now = chrono::DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z").unwrap().to_utc();
    let (mut cards, mut events) = (0, 0);
    for file in &files {
        let what = file.display().to_string();
        let bytes = std::fs::read(file).unwrap();
        let doc = harvest_dom::Document::parse_bytes(&bytes, &harvest_dom::ParseOptions::new().url(page_url()));
        let mf2 = harvest_mf2::parse(&doc, &harvest_mf2::Options::new()).unwrap();
        let vopts = VcardOptions::new().all(true).folding(Folding::Octets);
        let iopts = IcalOptions::new().now(now).folding(Folding::Octets).rfc5545_date_times(true);
        for result in [vcard::from_microdata(&doc, &vopts), vcard::from_mf2(&mf2, Some(&page_url()), &vopts)] {
            match result {
                Ok(text) => {
                    assert_lines(&text, true);
                    let n = ical_rs_vcards(&text).len();
                    assert_eq!(calcard_vcards(&text).len(), n, "{what}");
                    assert_eq!(text.matches("BEGIN:VCARD\r\n").count(), n, "{what}");
                    cards += n;
                }
                Err(VcardError::NothingFound) => {}
                Err(e) => panic!("{what}: {e}"),
            }
        }
        for result in [ical::from_microdata(&doc, &iopts), ical::from_mf2(&mf2, Some(&page_url()), &iopts)] {
            match result {
                Ok(text) => {
                    assert_lines(&text, true);
                    let n = ical_rs_calendar(&text).1.len();
                    assert_eq!(calcard_calendar(&text).1.len(), n, "{what}");
                    assert_eq!(text.matches("BEGIN:VEVENT\r\n").count(), n, "{what}");
                    events += n;
                }
                Err(IcalError::NothingFound) => {}
                Err(e) => panic!("{what}: {e}"),
            }
        }
    }
    eprintln!("corpus: {} pages, {cards} vCards and {events} events read back", files.len());
    assert!(!files.is_empty());
}

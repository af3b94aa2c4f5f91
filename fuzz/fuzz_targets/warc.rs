//! WARC archives (harvest-pipeline): the input as a plain archive and as gzip members (the
//! bytes themselves, and gzipped by the target), read record by record and page by page with
//! a small block limit.
//!
//! Invariants: reading ends; record numbers grow by one, damage or not; an input that is neither WARC nor ARC says so once, as its first and
//! only item; each page comes from a response or resource record and has a label;
//! records and pages agree (pages and skipped responses never outnumber records, each names a
//! record that was read).
#![no_main]

use harvest_pipeline::warc::{WarcError, WarcPages, WarcRecords};
use libfuzzer_sys::fuzz_target;
use std::io::{Cursor, Write};

fn check(bytes: Vec<u8>, gzip: bool) {
    let mut records = 0usize;
    let mut not_an_archive = false;
    let read = WarcRecords::from_reader(Cursor::new(bytes.clone()), gzip, "fuzz.warc").max_block_bytes(1 << 16);
    for (expected_number, record) in (1..).zip(read) {
        assert!(!not_an_archive, "reading goes on after an input that is no archive");
        let number = match &record {
            Ok(record) => record.number,
            Err(WarcError::Damaged { record, .. }) => *record,
            Err(WarcError::TooLarge { record, .. }) => *record,
            Err(WarcError::NotAnArchive { .. }) => {
                not_an_archive = true;
                1
            }
            Err(error) => unreachable!("an in-memory reader does not fail, and records skip nothing: {error}"),
        };
        assert_eq!(number, expected_number, "record numbers skip");
        records += 1;
    }
    let pages = WarcPages::from_records(
        WarcRecords::from_reader(Cursor::new(bytes), gzip, "fuzz.warc").max_block_bytes(1 << 16),
    );
    let mut count = 0;
    for page in pages {
        count += 1;
        match page {
            Ok(page) => {
                assert!(!page.label.is_empty());
                assert!(page.warc.is_some_and(|origin| origin.record as usize <= records));
            }
            Err(WarcError::Skipped { origin, .. }) => assert!(origin.record as usize <= records),
            Err(_) => {}
        }
    }
    assert!(count <= records, "more pages than records");
}

fuzz_target!(|data: &[u8]| {
    check(data.to_vec(), false);
    check(data.to_vec(), true);
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    if encoder.write_all(data).is_ok() {
        if let Ok(compressed) = encoder.finish() {
            check(compressed, true);
        }
    }
});

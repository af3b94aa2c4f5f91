//! Atom feeds from documents (`article` elements, HTML 5.0 §5.5.3) and from microformats2
//! (`h-feed` / top-level `h-entry`), with a fixed clock.
//!
//! Invariants: the feed re-parses as well-formed XML with quick-xml's reader (one `feed` root,
//! balanced elements, valid references and characters); a page with nothing to make a feed of
//! gives `NothingFound`, nothing else.
#![no_main]

use harvest_export::atom::{self, AtomError, AtomOptions};
use harvest_fuzz::{check_well_formed_xml, document, page_url};
use libfuzzer_sys::fuzz_target;
use std::time::{Duration, UNIX_EPOCH};

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let options = AtomOptions::new().address(page_url()).now(UNIX_EPOCH + Duration::from_secs(1_795_000_000));
    match atom::from_document(&doc, &options) {
        Ok(xml) => assert_eq!(check_well_formed_xml(&xml), "feed"),
        Err(AtomError::NothingFound) => {}
        Err(e) => panic!("unexpected error: {e}"),
    }
    let mf2 = harvest_mf2::parse(&doc, &harvest_mf2::Options::new()).expect("the page URL is a valid base");
    match atom::from_mf2(&mf2, &options) {
        Ok(xml) => assert_eq!(check_well_formed_xml(&xml), "feed"),
        Err(AtomError::NothingFound) => {}
        Err(e) => panic!("unexpected error: {e}"),
    }
});

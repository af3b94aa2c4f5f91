//! vCard from microdata (`hcard` items, 001 §5.3.1.1) and from microformats2 (`h-card`), with
//! every card or one, folded by octets or code points (by input length).
//!
//! Invariants: every line ends in CRLF, physical lines are at most 75 octets (octet folding)
//! or code points, unfolding and folding again gives back the text, `BEGIN:VCARD` and
//! `END:VCARD` balance; a page without a contact gives `NothingFound`, nothing else.
#![no_main]

use harvest_export::content_line::Folding;
use harvest_export::vcard::{self, VcardError, VcardOptions};
use harvest_fuzz::{check_content_lines, document, page_url};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let doc = document(data);
    let folding = if data.len().is_multiple_of(2) { Folding::Octets } else { Folding::CodePoints };
    let options = VcardOptions::new().folding(folding).all(data.len() % 4 < 2);
    match vcard::from_microdata(&doc, &options) {
        Ok(text) => check_content_lines(&text, folding, &["VCARD"]),
        Err(VcardError::NothingFound) => {}
        Err(e) => panic!("unexpected error: {e}"),
    }
    let mf2 = harvest_mf2::parse(&doc, &harvest_mf2::Options::new()).expect("the page URL is a valid base");
    match vcard::from_mf2(&mf2, Some(&page_url()), &options) {
        Ok(text) => check_content_lines(&text, folding, &["VCARD"]),
        Err(VcardError::NothingFound) => {}
        Err(e) => panic!("unexpected error: {e}"),
    }
});

//! WARC archives as real crawls leave them: complete, cut short, with a corrupt gzip member in
//! the middle, with absurd lengths. Every good record before the damage is kept, the damage is
//! one error that says where, and a gzipped archive goes on at the next member.

use harvest_pipeline::warc::{WarcError, WarcPages, WarcRecords};
use std::io::Write;

fn record(kind: &str, uri: &str, content_type: Option<&str>, block: &[u8]) -> Vec<u8> {
    let mut head = format!("WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\n");
    if let Some(content_type) = content_type {
        head.push_str(&format!("Content-Type: {content_type}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", block.len()));
    let mut record = head.into_bytes();
    record.extend_from_slice(block);
    record.extend_from_slice(b"\r\n\r\n");
    record
}

fn response(n: usize) -> Vec<u8> {
    let block = format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p class=h-card>Page {n}</p>");
    record(
        "response",
        &format!("https://example.com/{n}"),
        Some("application/http; msgtype=response"),
        block.as_bytes(),
    )
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

/// Outcomes as short strings: the page URL, or `error: ...`.
fn outcomes(pages: WarcPages) -> Vec<String> {
    pages
        .map(|page| match page {
            Ok(page) => page.url.unwrap_or_default(),
            Err(error) => format!("error: {error}"),
        })
        .collect()
}

fn plain(bytes: Vec<u8>) -> WarcPages {
    WarcPages::from_reader(std::io::Cursor::new(bytes), false, "test.warc")
}

fn gzipped(bytes: Vec<u8>) -> WarcPages {
    WarcPages::from_reader(std::io::Cursor::new(bytes), true, "test.warc.gz")
}

#[test]
fn complete_archives_plain_one_member_per_record_and_one_member_for_all() {
    let records: Vec<Vec<u8>> = (1..=3).map(response).collect();
    let expected = ["https://example.com/1", "https://example.com/2", "https://example.com/3"];
    assert_eq!(outcomes(plain(records.concat())), expected);
    assert_eq!(outcomes(gzipped(records.iter().flat_map(|r| gzip(r)).collect())), expected);
    assert_eq!(outcomes(gzipped(gzip(&records.concat()))), expected);
}

#[test]
fn only_html_responses_and_resources_are_pages() {
    let mut archive = record("warcinfo", "", Some("application/warc-fields"), b"software: test\r\n");
    archive.extend(record("request", "https://example.com/1", None, b"GET / HTTP/1.1\r\n\r\n"));
    archive.extend(record(
        "response",
        "https://example.com/logo.png",
        None,
        b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG",
    ));
    archive.extend(record("resource", "file:///saved.html", Some("text/html; charset=utf-8"), b"<p>saved"));
    archive.extend(response(1));
    let pages: Vec<_> = plain(archive).map(Result::unwrap).collect();
    assert_eq!(pages.len(), 2);
    assert_eq!(pages[0].url.as_deref(), Some("file:///saved.html"));
    assert_eq!(pages[0].charset.as_deref(), Some("utf-8"));
    assert_eq!(pages[0].status, None);
    assert_eq!(pages[1].status, Some(200));
}

#[test]
fn a_plain_archive_cut_mid_record_keeps_the_records_before() {
    let mut archive: Vec<u8> = (1..=3).flat_map(response).collect();
    let offset = archive.len();
    let fourth = response(4);
    // Cut inside the block: ten bytes short of the record's end (its block and CRLF CRLF).
    archive.extend_from_slice(&fourth[..fourth.len() - 10]);
    let got = outcomes(plain(archive));
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(&got[..3], ["https://example.com/1", "https://example.com/2", "https://example.com/3"]);
    assert!(
        got[3].starts_with(&format!(
            "error: test.warc: archive damaged at byte {offset} (record 4): truncated: archive ends inside a record block"
        )),
        "{got:?}"
    );
    // Cut inside the header.
    let mut archive: Vec<u8> = (1..=3).flat_map(response).collect();
    archive.extend_from_slice(&fourth[..20]);
    let got = outcomes(plain(archive));
    assert_eq!(
        got[3],
        format!("error: test.warc: archive damaged at byte {offset} (record 4): truncated: archive ends inside a record header")
    );
}

#[test]
fn a_gzipped_archive_cut_mid_member_keeps_the_members_before() {
    let members: Vec<Vec<u8>> = (1..=4).map(|n| gzip(&response(n))).collect();
    let offset: usize = members[..3].iter().map(Vec::len).sum();
    let mut archive: Vec<u8> = members[..3].concat();
    archive.extend_from_slice(&members[3][..members[3].len() / 2]);
    let got = outcomes(gzipped(archive));
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(&got[..3], ["https://example.com/1", "https://example.com/2", "https://example.com/3"]);
    assert!(
        got[3].starts_with(&format!("error: test.warc.gz: archive damaged at byte {offset} (record 4)")),
        "{got:?} {offset}"
    );
}

#[test]
fn a_corrupt_member_in_the_middle_is_reported_and_reading_goes_on() {
    let members: Vec<Vec<u8>> = (1..=4).map(|n| gzip(&response(n))).collect();
    let mut corrupt = members[1].clone();
    // Overwrite the deflate data after the 10-byte gzip header.
    for byte in corrupt.iter_mut().skip(12).take(20) {
        *byte = 0xff;
    }
    let archive = [members[0].clone(), corrupt, members[2].clone(), members[3].clone()].concat();
    let got = outcomes(gzipped(archive));
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(got[0], "https://example.com/1");
    assert!(
        got[1].starts_with(&format!("error: test.warc.gz: archive damaged at byte {} (record 2)", members[0].len())),
        "{got:?}"
    );
    assert_eq!(&got[2..], ["https://example.com/3", "https://example.com/4"]);
}

#[test]
fn a_huge_content_length_is_never_allocated() {
    // Far more than the default limit and than the archive holds: skipped while reading, so the
    // archive ends inside it, and nothing of that size is ever allocated.
    let archive = b"WARC/1.1\r\nWARC-Type: response\r\nContent-Length: 99999999999999\r\n\r\nshort".to_vec();
    let records: Vec<_> = WarcRecords::from_reader(std::io::Cursor::new(archive), false, "big.warc").collect();
    assert_eq!(records.len(), 1);
    assert!(
        matches!(&records[0], Err(WarcError::Damaged { record: 1, offset: 0, reason, .. }) if reason.contains("truncated")),
        "{records:?}"
    );
}

#[test]
fn a_block_over_the_limit_is_skipped_and_the_next_record_read() {
    let mut archive = response(1);
    archive.extend(response(2));
    let records: Vec<_> =
        WarcRecords::from_reader(std::io::Cursor::new(archive), false, "small.warc").max_block_bytes(60).collect();
    assert!(matches!(records[0], Err(WarcError::TooLarge { record: 1, .. })), "{records:?}");
    assert!(matches!(records[1], Err(WarcError::TooLarge { record: 2, .. })), "{records:?}");
    assert_eq!(records.len(), 2);
}

#[test]
fn garbage_and_empty_archives() {
    assert!(outcomes(plain(Vec::new())).is_empty());
    let got = outcomes(plain(b"not a warc at all\r\n".to_vec()));
    assert_eq!(
        got,
        ["error: test.warc: archive damaged at byte 0 (record 1): no WARC version line where a record should start"]
    );
    let got = outcomes(gzipped(b"\x1f\x8b\x08garbage".to_vec()));
    assert_eq!(got.len(), 1);
    assert!(got[0].starts_with("error: test.warc.gz: archive damaged at byte 0 (record 1)"), "{got:?}");
    // A header that never ends is bounded.
    let mut endless = b"WARC/1.1\r\n".to_vec();
    endless.extend(std::iter::repeat_n(b'a', 100_000));
    let got = outcomes(plain(endless));
    assert_eq!(got, ["error: test.warc: archive damaged at byte 0 (record 1): record header too long"]);
}

#[test]
fn an_empty_target_uri_is_no_url() {
    let block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>x";
    let mut archive =
        format!("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: \r\nContent-Length: {}\r\n\r\n", block.len())
            .into_bytes();
    archive.extend_from_slice(block);
    let page = plain(archive).next().unwrap().unwrap();
    assert_eq!(page.url, None);
    assert_eq!(page.label, "test.warc#1");
}

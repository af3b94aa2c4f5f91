//! ARC files (the Internet Archive's format, version 1: a version block, then one record per URL
//! line), plain and gzipped, and inputs told by their content: a renamed `.warc.gz`, standard
//! input, a file that is no archive at all.

use harvest_pipeline::input::{read, Source};
use harvest_pipeline::warc::sniff::{sniff, ArchiveFormat, Sniffed};
use harvest_pipeline::warc::{WarcError, WarcPages, WarcRecords};
use std::io::Write;

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

/// The version block of a version 1 ARC file: the `filedesc://` line, then as many bytes as it
/// says (the version line and the URL-record definition), then the record's newline.
fn version_block(name: &str) -> Vec<u8> {
    let body = "1 0 LiveWeb Capture\nURL IP-address Archive-date Content-type Archive-length\n";
    format!("filedesc://{name} 127.0.0.1 20140216050221 text/plain {}\n{body}\n", body.len()).into_bytes()
}

/// A URL record: its line, its network document (the HTTP response), a newline.
fn url_record(url: &str, content_type: &str, document: &[u8]) -> Vec<u8> {
    let mut record = format!("{url} 93.184.216.119 20140216050221 {content_type} {}\n", document.len()).into_bytes();
    record.extend_from_slice(document);
    record.push(b'\n');
    record
}

fn html_response(body: &str) -> Vec<u8> {
    format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// An ARC file as warcio's samples are: a page, an image, a DNS lookup, a page whose URL has
/// spaces, one record per gzip member when gzipped.
fn arc_records() -> Vec<Vec<u8>> {
    vec![
        version_block("example.arc"),
        url_record("http://example.com/", "text/html", &html_response("<p class=h-card>Example Domain</p>")),
        url_record(
            "http://example.com/logo.png",
            "image/png",
            b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG",
        ),
        url_record("dns:example.com", "text/dns", b"20140216050221\nexample.com. 3600 IN A 93.184.216.119\n"),
        url_record("http://example.com/a page?q=x y", "text/html", &html_response("<a class=h-card href=/ada>Ada</a>")),
    ]
}

#[test]
fn arc_files_plain_and_gzipped_give_their_pages_with_warcio_s_fields() {
    let records = arc_records();
    let plain = records.concat();
    let gzipped: Vec<u8> = records.iter().flat_map(|record| gzip(record)).collect();
    for (bytes, name) in [(plain, "example.arc"), (gzipped, "example.arc.gz")] {
        assert!(matches!(sniff(&bytes), Sniffed::Archive { format: ArchiveFormat::Arc, .. }), "{name}");
        let mut pages = WarcPages::sniffed(std::io::Cursor::new(bytes), name).unwrap();
        let got: Vec<_> = pages.by_ref().map(Result::unwrap).collect();
        assert_eq!(got.len(), 2, "{name}");
        let page = &got[0];
        assert_eq!(page.url.as_deref(), Some("http://example.com/"));
        assert_eq!(page.status, Some(200));
        assert_eq!(page.bytes, b"<p class=h-card>Example Domain</p>");
        let origin = page.warc.as_ref().unwrap();
        assert_eq!(origin.ip.as_deref(), Some("93.184.216.119"));
        assert_eq!(origin.date.as_deref(), Some("2014-02-16T05:02:21Z"));
        assert_eq!(origin.content_type.as_deref(), Some("text/html"));
        assert_eq!(origin.record, 2);
        assert_eq!(origin.record_id, None);
        // Where the record is in the file: after the version block (its gzip member).
        let first = &records[0];
        let offset = if name.ends_with(".gz") { gzip(first).len() } else { first.len() };
        assert_eq!(origin.offset, offset as u64, "{name}");
        assert_eq!(got[1].url.as_deref(), Some("http://example.com/a page?q=x y"));
        let counts = pages.counts();
        assert_eq!((counts.records, counts.pages, counts.not_html, counts.damaged), (5, 2, 2, 0), "{name}");
    }
}

#[test]
fn arc_records_are_the_warc_records_they_stand_for() {
    let records: Vec<_> =
        WarcRecords::sniffed(std::io::Cursor::new(arc_records().concat()), "example.arc").unwrap().collect();
    let record = records[0].as_ref().unwrap();
    assert_eq!(record.field("WARC-Type"), Some("warcinfo"));
    assert_eq!(record.field("WARC-Filename"), Some("example.arc"));
    assert!(record.block.starts_with(b"1 0 LiveWeb Capture\n"));
    let record = records[1].as_ref().unwrap();
    assert_eq!(record.field("WARC-Type"), Some("response"));
    assert_eq!(record.field("WARC-Target-URI"), Some("http://example.com/"));
    assert_eq!(record.field("WARC-IP-Address"), Some("93.184.216.119"));
    assert_eq!(record.field("Content-Type"), Some("text/html"));
    assert_eq!(record.field("Content-Length"), Some(record.block.len().to_string().as_str()));
}

#[test]
fn a_damaged_arc_file_keeps_its_good_records() {
    let mut archive = arc_records().concat();
    archive.extend_from_slice(b"http://example.com/next 1.2.3.4 20140216050221 text/html 99999\n<p>cut");
    let mut pages = WarcPages::sniffed(std::io::Cursor::new(archive), "cut.arc").unwrap();
    let got: Vec<_> = pages.by_ref().collect();
    assert_eq!(got.len(), 3);
    let error = got[2].as_ref().unwrap_err().to_string();
    assert!(error.starts_with("cut.arc: archive damaged at byte"), "{error}");
    assert!(error.contains("(record 6): truncated"), "{error}");
    // A line that is no URL line where a record should start: reading goes on at the next
    // URL line, as warcio's does.
    let mut archive = arc_records().concat();
    archive.extend_from_slice(b"garbage\nmore garbage\n");
    archive.extend(url_record("http://example.com/after", "text/html", &html_response("<p>after</p>")));
    let got: Vec<_> = WarcPages::sniffed(std::io::Cursor::new(archive), "bad.arc").unwrap().collect();
    let error = got[2].as_ref().unwrap_err().to_string();
    assert!(error.ends_with("no ARC URL record line where a record should start"), "{error}");
    assert_eq!(got[3].as_ref().unwrap().url.as_deref(), Some("http://example.com/after"));
    assert_eq!(got.len(), 4);
}

#[test]
fn what_is_neither_warc_nor_arc_says_so() {
    for bytes in [b"<!DOCTYPE html><p>a page".to_vec(), gzip(b"<p>a gzipped page")] {
        let error = WarcPages::sniffed(std::io::Cursor::new(bytes), "page.warc").err().unwrap();
        assert!(matches!(error, WarcError::NotAnArchive { .. }));
        assert_eq!(error.to_string(), "page.warc: not a WARC or ARC file");
    }
    // An empty input is an empty archive.
    assert_eq!(WarcPages::sniffed(std::io::empty(), "empty.warc").unwrap().count(), 0);
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("harvest-pipeline-arc-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn files_are_archives_by_their_content_not_their_name() {
    let dir = scratch("content");
    let block = html_response("<p>x</p>");
    let warc = format!(
        "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.com/\r\nContent-Length: {}\r\n\r\n",
        block.len()
    );
    let warc = gzip(&[warc.into_bytes(), block, b"\r\n\r\n".to_vec()].concat());
    let renamed = dir.join("example.warc.gz.bad");
    std::fs::write(&renamed, &warc).unwrap();
    let arc = dir.join("crawl.bin");
    std::fs::write(&arc, arc_records().concat()).unwrap();
    let page = dir.join("page.warc.html");
    std::fs::write(&page, "<p>WARC/1.1 is not how this page starts").unwrap();
    let mut pages = read(&Source::File(renamed), None);
    assert!(pages.is_archive());
    assert_eq!(pages.next().unwrap().unwrap().url.as_deref(), Some("https://example.com/"));
    let pages = read(&Source::File(arc), None);
    assert!(pages.is_archive());
    assert_eq!(pages.count(), 2);
    let mut pages = read(&Source::File(page.clone()), None);
    assert!(!pages.is_archive() && pages.archive_counts().is_none());
    assert!(pages.next().unwrap().unwrap().bytes.starts_with(b"<p>WARC/1.1"));
    // Named as an archive and not one: said so.
    let named = dir.join("not.warc");
    std::fs::copy(&page, &named).unwrap();
    let got: Vec<_> = read(&Source::Warc(named.clone()), None).collect();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].as_ref().unwrap_err().to_string(), format!("{}: not a WARC or ARC file", named.display()));
    std::fs::remove_dir_all(dir).unwrap();
}

/// Reading an ARC file, and reading on past damage in a plain archive, take time in proportion
/// to the bytes: a doubled input takes about twice as long.
#[test]
fn arc_records_and_reading_on_after_damage_are_linear() {
    harvest_test_support::assert_linear(
        "ARC records",
        2_000,
        |n| {
            let mut archive = version_block("big.arc");
            for i in 0..n {
                archive.extend(url_record(&format!("http://example.com/{i}"), "text/html", &html_response("<p>x</p>")));
            }
            archive
        },
        |archive| {
            let pages = WarcPages::sniffed(std::io::Cursor::new(archive.clone()), "big.arc").unwrap();
            assert!(pages.count() > 0);
        },
    );
    harvest_test_support::assert_linear(
        "lines skipped after damage",
        20_000,
        |n| {
            let mut archive = b"WARC/1.0\r\nContent-Length: 0\r\n\r\n\r\n\r\nnot a record\r\n".to_vec();
            for _ in 0..n {
                archive.extend_from_slice(b"a line that starts no record, WARC/1.0 inside it\r\n");
            }
            archive.extend_from_slice(b"WARC/1.0\r\nContent-Length: 0\r\n\r\n\r\n\r\n");
            archive
        },
        |archive| {
            let records = WarcRecords::from_reader(std::io::Cursor::new(archive.clone()), false, "big.warc");
            assert_eq!(records.count(), 3);
        },
    );
}

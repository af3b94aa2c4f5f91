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
    // Neither a WARC nor an ARC file: said so, not taken for damage.
    let got = outcomes(plain(b"not a warc at all\r\n".to_vec()));
    assert_eq!(got, ["error: test.warc: not a WARC or ARC file"]);
    // Past the first record, what is no record is damage.
    let mut archive = response(1);
    archive.extend_from_slice(b"not a record\r\n");
    let got = outcomes(plain(archive));
    assert_eq!(
        got[1],
        format!(
            "error: test.warc: archive damaged at byte {} (record 2): no WARC version line where a record should start",
            response(1).len()
        )
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

/// A response record with an ID and a date, around an HTTP block.
fn response_block(n: usize, block: &[u8]) -> Vec<u8> {
    let head = format!(
        "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{n:08}-0000-4000-8000-000000000000>\r\n\
         WARC-Date: 2026-01-0{}T12:00:00Z\r\nWARC-Target-URI: https://example.com/{n}\r\n\
         Content-Type: application/http; msgtype=response\r\nContent-Length: {}\r\n\r\n",
        n % 9 + 1,
        block.len()
    );
    let mut record = head.into_bytes();
    record.extend_from_slice(block);
    record.extend_from_slice(b"\r\n\r\n");
    record
}

fn http(status_line: &str, headers: &[(&str, &str)], body: &[u8]) -> Vec<u8> {
    let mut block = format!("{status_line}\r\n").into_bytes();
    for (name, value) in headers {
        block.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    block.extend_from_slice(b"\r\n");
    block.extend_from_slice(body);
    block
}

/// A page as `(url, status, body)`, or `skipped: <reason>` / `error: ...`.
type Outcome = Result<(String, Option<u16>, String), String>;

fn read_all(pages: &mut WarcPages) -> Vec<Outcome> {
    pages
        .map(|page| match page {
            Ok(page) => Ok((page.url.unwrap_or_default(), page.status, String::from_utf8_lossy(&page.bytes).into())),
            Err(WarcError::Skipped { reason, .. }) => Err(format!("skipped: {reason}")),
            Err(error) => Err(format!("error: {error}")),
        })
        .collect()
}

fn page(n: usize, status: u16, body: &str) -> Outcome {
    Ok((format!("https://example.com/{n}"), Some(status), body.to_owned()))
}

#[test]
fn any_http_version_and_any_number_of_headers() {
    let many: Vec<(String, String)> = (0..150).map(|n| (format!("X-Header-{n}"), format!("value {n}"))).collect();
    let mut headers: Vec<(&str, &str)> = many.iter().map(|(name, value)| (name.as_str(), value.as_str())).collect();
    headers.push(("Content-Type", "text/html; charset=utf-8"));
    let archive = [
        response_block(1, &http("HTTP/2 200", &[("content-type", "text/html")], b"<p>h2")),
        response_block(2, &http("HTTP/2.0 200 OK", &[("Content-Type", "text/html")], b"<p>h2.0")),
        response_block(3, &http("HTTP/1.1 200 OK", &headers, b"<p>150 headers")),
        response_block(4, b"HTTP/1.0 404 Not Found\nContent-Type: text/html\n\n<p>LF only"),
        response_block(5, &http("HTTP/3 201", &[("Content-Type", "text/html")], b"<p>h3")),
    ]
    .concat();
    let mut pages = plain(archive);
    assert_eq!(
        read_all(&mut pages),
        [
            page(1, 200, "<p>h2"),
            page(2, 200, "<p>h2.0"),
            page(3, 200, "<p>150 headers"),
            page(4, 404, "<p>LF only"),
            page(5, 201, "<p>h3"),
        ]
    );
    let counts = pages.counts();
    assert_eq!((counts.records, counts.responses, counts.pages, counts.skipped), (5, 5, 5, 0));
}

fn gzip_body(data: &[u8]) -> Vec<u8> {
    gzip(data)
}

fn brotli_body(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
    writer.write_all(data).unwrap();
    drop(writer);
    out
}

fn zlib_body(data: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

#[test]
fn content_codings_are_decoded_or_reported() {
    let html = b"<p class=h-card>Compressed Ada</p>";
    let coded = |n: usize, coding: &str, body: &[u8]| {
        response_block(
            n,
            &http("HTTP/1.1 200 OK", &[("Content-Type", "text/html"), ("Content-Encoding", coding)], body),
        )
    };
    let mut gzip_then_br = http("HTTP/1.1 200 OK", &[("Content-Type", "text/html"), ("Content-Encoding", "gzip")], b"");
    gzip_then_br.truncate(gzip_then_br.len() - 2);
    gzip_then_br.extend_from_slice(b"Content-Encoding: br\r\nTransfer-Encoding: chunked\r\n\r\n");
    let both = brotli_body(&gzip_body(html));
    gzip_then_br.extend_from_slice(format!("{:x}\r\n", both.len()).as_bytes());
    gzip_then_br.extend_from_slice(&both);
    gzip_then_br.extend_from_slice(b"\r\n0\r\n\r\n");
    // A gzip header no decoder takes (compression method 7): corrupt before its end.
    let mut corrupt = gzip_body(html);
    corrupt[2] = 7;
    let bomb = gzip_body(&vec![b'a'; 1 << 20]);
    let archive = [
        coded(1, "gzip", &gzip_body(html)),
        coded(2, "deflate", &zlib_body(html)),
        coded(3, "br", &brotli_body(html)),
        coded(4, "x-gzip", &gzip_body(html)),
        response_block(5, &gzip_then_br),
        coded(6, "zstd", b"(zstd frame)"),
        coded(7, "gzip", &corrupt),
        coded(8, "gzip", &bomb),
        coded(9, "identity", html),
    ]
    .concat();
    let mut pages = plain(archive).max_body_bytes(64 << 10);
    let got = read_all(&mut pages);
    let text = std::str::from_utf8(html).unwrap();
    assert_eq!(
        got[..5],
        [page(1, 200, text), page(2, 200, text), page(3, 200, text), page(4, 200, text), page(5, 200, text)]
    );
    assert_eq!(
        got[5],
        Err("skipped: its body is in the \"zstd\" coding, which is not decoded (gzip, deflate, br are)".into())
    );
    assert!(
        matches!(&got[6], Err(message) if message.starts_with("skipped: its gzip body does not decode")),
        "{got:?}"
    );
    assert_eq!(got[7], Err(format!("skipped: its body decodes to more than {} bytes", 64 << 10)));
    assert_eq!(got[8], page(9, 200, text));
    assert_eq!(pages.counts().skipped, 3);
}

#[test]
fn a_response_without_content_type_is_sniffed_or_reported() {
    let archive = [
        response_block(1, &http("HTTP/1.1 200 OK", &[], b"\n<!DOCTYPE html><p>untyped")),
        response_block(2, &http("HTTP/1.1 200 OK", &[("Content-Type", "*/*")], b"<html><p>any type")),
        response_block(3, &http("HTTP/1.1 200 OK", &[], b"%PDF-1.7 binary")),
        response_block(4, &http("HTTP/1.1 304 Not Modified", &[], b"")),
        response_block(5, &http("HTTP/1.1 200 OK", &[("Content-Type", "image/png")], b"\x89PNG")),
        response_block(6, b"not an HTTP response at all"),
    ]
    .concat();
    let mut pages = plain(archive);
    let got = read_all(&mut pages);
    assert_eq!(
        got,
        [
            page(1, 200, "\n<!DOCTYPE html><p>untyped"),
            page(2, 200, "<html><p>any type"),
            Err("skipped: it has no Content-Type and its body does not look like HTML".into()),
            Err("skipped: its block is not an HTTP response (no HTTP status line)".into()),
        ]
    );
    let counts = pages.counts();
    assert_eq!((counts.responses, counts.pages, counts.skipped, counts.not_html), (6, 2, 2, 2));
}

#[test]
fn skipped_records_say_where_they_are() {
    let mut archive = response(1);
    let offset = archive.len();
    archive.extend(response_block(2, &http("HTTP/1.1 200 OK", &[("Content-Encoding", "compress")], b"x")));
    let error = plain(archive).nth(1).unwrap().unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "test.warc: record 2 at byte {offset} (https://example.com/2) skipped: \
             its body is in the \"compress\" coding, which is not decoded (gzip, deflate, br are)"
        )
    );
    let WarcError::Skipped { url, status, origin, .. } = error else { panic!("{error:?}") };
    assert_eq!((url.as_deref(), status), (Some("https://example.com/2"), Some(200)));
    assert_eq!(origin.record_id.as_deref(), Some("<urn:uuid:00000002-0000-4000-8000-000000000000>"));
    // A segment of a record split over several is reported too.
    let mut segment = response_block(3, &http("HTTP/1.1 200 OK", &[("Content-Type", "text/html")], b"<p>part"));
    segment.splice(10..10, b"WARC-Segment-Number: 1\r\n".iter().copied());
    let got = read_all(&mut plain(segment));
    assert_eq!(got, [Err("skipped: it is segment 1 of a segmented record, and segments are not joined".into())]);
}

#[test]
fn pages_carry_their_record_id_date_offset_length_and_content_type() {
    let records: Vec<Vec<u8>> = (1..=3)
        .map(|n| response_block(n, &http("HTTP/1.1 200 OK", &[("Content-Type", "text/html; charset=utf-8")], b"<p>x")))
        .collect();
    let origins = |pages: WarcPages| -> Vec<(u64, Option<u64>)> {
        pages.map(|page| page.unwrap().warc.unwrap()).map(|origin| (origin.offset, origin.length)).collect()
    };
    // Plain: byte ranges of the records themselves.
    let lengths: Vec<u64> = records.iter().map(|r| r.len() as u64).collect();
    assert_eq!(
        origins(plain(records.concat())),
        [(0, Some(lengths[0])), (lengths[0], Some(lengths[1])), (lengths[0] + lengths[1], Some(lengths[2]))]
    );
    // One gzip member per record: the members' ranges, as CDX indexes give them.
    let members: Vec<Vec<u8>> = records.iter().map(|r| gzip(r)).collect();
    let sizes: Vec<u64> = members.iter().map(|m| m.len() as u64).collect();
    assert_eq!(
        origins(gzipped(members.concat())),
        [(0, Some(sizes[0])), (sizes[0], Some(sizes[1])), (sizes[0] + sizes[1], Some(sizes[2]))]
    );
    // One member for every record: no record has a range of its own.
    assert_eq!(origins(gzipped(gzip(&records.concat()))), [(0, None), (0, None), (0, None)]);
    let page = plain(records.concat()).next().unwrap().unwrap();
    let origin = page.warc.unwrap();
    assert_eq!(origin.record, 1);
    assert_eq!(origin.record_id.as_deref(), Some("<urn:uuid:00000001-0000-4000-8000-000000000000>"));
    assert_eq!(origin.date.as_deref(), Some("2026-01-02T12:00:00Z"));
    assert_eq!(origin.content_type.as_deref(), Some("text/html; charset=utf-8"));
    assert_eq!(origin.truncated, None);
    assert_eq!(page.charset.as_deref(), Some("utf-8"));
}

#[test]
fn a_truncated_archive_is_counted_as_damage() {
    let mut archive: Vec<u8> = (1..=2).flat_map(response).collect();
    let third = response(3);
    archive.extend_from_slice(&third[..third.len() / 2]);
    let mut pages = plain(archive);
    assert_eq!(pages.by_ref().count(), 3);
    let counts = pages.counts();
    assert_eq!((counts.records, counts.pages, counts.damaged), (2, 2, 1));
}

/// warcio's `example-trunc.warc`: a response whose gzip body was cut short by a Content-Length
/// shorter than the response, the rest of the body left where the next record should start.
#[test]
fn a_gzip_body_cut_short_keeps_what_decodes_marked_truncated() {
    let html: String = (0..500).map(|n| format!("<p class=h-entry><span class=p-name>Entry {n}</span></p>")).collect();
    let body = gzip_body(html.as_bytes());
    let response = http("HTTP/1.1 200 OK", &[("Content-Type", "text/html"), ("Content-Encoding", "gzip")], &body);
    let cut = response.len() - body.len() / 2;
    let mut archive = response_block(1, &response[..cut]);
    // The rest of the body, where the next record should start.
    archive.truncate(archive.len() - 4);
    archive.extend_from_slice(&response[cut..]);
    archive.extend_from_slice(b"\r\n\r\n");
    // Reading goes on at the next record, as warcio's does.
    let next_offset = archive.len() as u64;
    archive.extend(response_block(2, &http("HTTP/1.1 200 OK", &[("Content-Type", "text/html")], b"<p>next")));
    let mut pages = plain(archive);
    let page = pages.next().unwrap().unwrap();
    let origin = page.warc.as_ref().unwrap();
    assert!(origin.body_truncated);
    assert!(page.bytes.len() > 1000 && html.as_bytes().starts_with(&page.bytes), "{}", page.bytes.len());
    assert!(pages.next().unwrap().unwrap_err().to_string().contains("archive damaged"));
    let next = pages.next().unwrap().unwrap();
    assert_eq!((next.bytes.as_slice(), next.warc.as_ref().unwrap().offset), (&b"<p>next"[..], next_offset));
    assert_eq!(next.warc.unwrap().record, 3);
    assert!(pages.next().is_none());
    // The whole body is no truncation.
    let page = plain(response_block(2, &response)).next().unwrap().unwrap();
    assert_eq!((page.bytes.len(), page.warc.unwrap().body_truncated), (html.len(), false));
}

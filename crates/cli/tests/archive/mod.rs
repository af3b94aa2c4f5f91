//! What the batch tests share: archives built in the test.
/// A WARC 1.0 `response` record of an HTML page at `uri`, numbered `number` (its record id).
pub(crate) fn warc_response(uri: &str, number: usize, body: &str) -> Vec<u8> {
    let block = format!("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n{body}");
    let mut record = format!(
        "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{number:08x}-0000-0000-0000-000000000000>\r\n\
         WARC-Date: 2026-01-01T00:00:00Z\r\nWARC-Target-URI: {uri}\r\nContent-Type: application/http; msgtype=response\r\n\
         Content-Length: {}\r\n\r\n",
        block.len()
    )
    .into_bytes();
    record.extend_from_slice(block.as_bytes());
    record.extend_from_slice(b"\r\n\r\n");
    record
}

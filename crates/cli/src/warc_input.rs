//! Pages from WARC archives: every `response` record holding an HTML HTTP response (and every
//! `resource` record of an HTML type), with the record's target URI as the page URL and the
//! HTTP `Content-Type` charset passed on to encoding detection.

use crate::input::{InputError, Page};
use std::path::Path;
use warc::{RecordType, WarcHeader, WarcReader};

/// Reads every HTML page stored in the archive at `path`.
pub fn read(path: &Path) -> Result<Vec<Page>, InputError> {
    let label = path.display().to_string();
    let gzip = label.to_ascii_lowercase().ends_with(".gz");
    let io_error = |source| InputError::Io { path: label.clone(), source };
    // The file is opened here rather than with the warc crate's from_path helpers, which ask
    // for write access; gzip members are read with flate2 (a .warc.gz is a series of members).
    let file = std::fs::File::open(path).map_err(io_error)?;
    let records: Box<dyn Iterator<Item = Result<warc::Record<warc::BufferedBody>, warc::Error>>> = if gzip {
        let decoder = flate2::read::MultiGzDecoder::new(std::io::BufReader::new(file));
        Box::new(WarcReader::new(std::io::BufReader::new(decoder)).iter_records())
    } else {
        Box::new(WarcReader::new(std::io::BufReader::new(file)).iter_records())
    };
    let mut pages = Vec::new();
    for record in records {
        let record = record.map_err(|e| InputError::Warc { path: label.clone(), reason: e.to_string() })?;
        let target = record.header(WarcHeader::TargetURI).map(|uri| uri.trim().to_owned());
        let page = match record.warc_type() {
            RecordType::Response => html_response(record.body()),
            RecordType::Resource => {
                let content_type = record.header(WarcHeader::ContentType).map(|v| v.into_owned()).unwrap_or_default();
                is_html(&content_type).then(|| (record.body().to_vec(), charset_of(&content_type)))
            }
            _ => None,
        };
        if let Some((bytes, charset)) = page {
            let label = target.clone().unwrap_or_else(|| format!("{label}#{}", record.warc_id()));
            pages.push(Page { label, bytes, url: target, charset });
        }
    }
    Ok(pages)
}

fn is_html(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case("text/html") || essence.eq_ignore_ascii_case("application/xhtml+xml")
}

/// The `charset` parameter of a `Content-Type` value.
fn charset_of(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|parameter| {
        let (name, value) = parameter.split_once('=')?;
        name.trim().eq_ignore_ascii_case("charset").then(|| value.trim().trim_matches('"').to_owned())
    })
}

/// The body and charset of a stored HTTP response, when it is an HTML page.
fn html_response(block: &[u8]) -> Option<(Vec<u8>, Option<String>)> {
    let mut headers = [httparse::EMPTY_HEADER; 128];
    let mut response = httparse::Response::new(&mut headers);
    let httparse::Status::Complete(head_length) = response.parse(block).ok()? else { return None };
    let header = |name: &str| {
        response.headers.iter().find(|h| h.name.eq_ignore_ascii_case(name)).map(|h| String::from_utf8_lossy(h.value))
    };
    let content_type = header("content-type").unwrap_or_default();
    if !is_html(&content_type) {
        return None;
    }
    let charset = charset_of(&content_type);
    let body = block.get(head_length..).unwrap_or_default();
    let chunked = header("transfer-encoding").is_some_and(|v| v.to_ascii_lowercase().contains("chunked"));
    let body = if chunked { dechunk(body).unwrap_or_else(|| body.to_vec()) } else { body.to_vec() };
    Some((body, charset))
}

/// Removes HTTP/1.1 chunked transfer coding (RFC 9112 §7.1); `None` when malformed.
fn dechunk(mut data: &[u8]) -> Option<Vec<u8>> {
    let mut body = Vec::with_capacity(data.len());
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(data.get(..line_end)?).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        data = data.get(line_end + 2..)?;
        if size == 0 {
            return Some(body);
        }
        body.extend_from_slice(data.get(..size)?);
        data = data.get(size + 2..)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_responses() {
        let block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=\"ISO-8859-1\"\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<p>ab\r\n3;x=y\r\ncd<\r\n0\r\n\r\n";
        let (body, charset) = html_response(block).unwrap();
        assert_eq!(body, b"<p>abcd<");
        assert_eq!(charset.as_deref(), Some("ISO-8859-1"));
        assert!(html_response(b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG").is_none());
        assert!(html_response(b"garbage").is_none());
        assert_eq!(dechunk(b"zz\r\n"), None);
    }
}

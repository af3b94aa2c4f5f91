//! The HTTP response a `response` record holds, read the way a lenient HTTP client reads one.
//!
//! A `response` record of an `http:` or `https:` URI holds the response as it came over the
//! wire (WARC 1.1, "'response'"): a status line, header fields, an empty line and the body,
//! with its transfer and content codings still applied. Crawlers write what they received, so
//! this reader takes any HTTP version on the status line (`HTTP/1.1`, `HTTP/2`, `HTTP/2.0`:
//! an HTTP/2 or HTTP/3 response is stored in HTTP/1's syntax), any number of header fields
//! up to [`MAX_HEAD_BYTES`] in all, and lines ended by LF alone (RFC 9112 §2.2). It then
//! undoes the codings: `chunked` transfer coding (RFC 9112 §7.1), then the content codings
//! `gzip`, `deflate` and `br` in the reverse of the order they were applied (RFC 9110 §8.4),
//! never producing more than the caller's limit of decoded bytes. A body cut short (a crawler's
//! length limit, a record truncated) keeps what decodes and is marked truncated ([`Decoded`]),
//! as warcio gives it; a body that is corrupt before its end is reported.
//!
//! Whether the body is HTML is its `Content-Type` (RFC 9110 §8.3); without one (or with
//! `unknown/unknown`, `application/unknown`, `*/*`), the MIME Sniffing Standard's rules for a
//! resource with an unknown MIME type decide, as a browser would (§7.1, the HTML patterns of
//! its table).
//!
//! <https://www.rfc-editor.org/rfc/rfc9112>, <https://www.rfc-editor.org/rfc/rfc9110>,
//! <https://mimesniff.spec.whatwg.org/>

use std::io::Read;
use thiserror::Error;

/// The longest HTTP head (status line and header fields) read from a record; a longer one is
/// reported ([`SkipReason::HeadTooLong`]).
pub const MAX_HEAD_BYTES: usize = 1 << 20;

/// Why a `response` record that should hold a page gave none. Each is reported as
/// [`super::WarcError::Skipped`], never dropped.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SkipReason {
    /// The block does not start with an HTTP status line.
    #[error("its block is not an HTTP response (no HTTP status line)")]
    NotHttp,
    /// The status line and header fields are longer than the limit.
    #[error("its HTTP head is longer than {limit} bytes")]
    HeadTooLong {
        /// [`MAX_HEAD_BYTES`].
        limit: usize,
    },
    /// The response has no `Content-Type` and its body, not empty, does not sniff as HTML.
    #[error("it has no Content-Type and its body does not look like HTML")]
    NoContentType,
    /// A content or transfer coding this reader does not decode.
    #[error("its body is in the {coding:?} coding, which is not decoded (gzip, deflate, br are)")]
    UnknownCoding {
        /// The coding's name, as written.
        coding: String,
    },
    /// The body does not decode in its coding.
    #[error("its {coding} body does not decode: {reason}")]
    BadCoding {
        /// The coding.
        coding: String,
        /// What the decoder said.
        reason: String,
    },
    /// The decoded body would be larger than the limit.
    #[error("its body decodes to more than {limit} bytes")]
    DecodedTooLarge {
        /// The limit ([`super::WarcPages::max_body_bytes`]).
        limit: u64,
    },
    /// The record is one segment of a record split over several (`WARC-Segment-Number`);
    /// segments are not joined.
    #[error("it is segment {number} of a segmented record, and segments are not joined")]
    Segmented {
        /// The `WARC-Segment-Number` value.
        number: String,
    },
}

/// A stored HTTP response, its head read and its body not yet decoded.
#[derive(Debug)]
pub(crate) struct Response<'a> {
    pub status: u16,
    /// Header fields in order: names as written, values with folded lines joined (RFC 9112
    /// §5.2) and surrounding whitespace removed.
    pub fields: Vec<(String, String)>,
    pub body: &'a [u8],
}

impl Response<'_> {
    /// The last value of a field (names compare ASCII case-insensitively).
    pub(super) fn field(&self, name: &str) -> Option<&str> {
        self.fields.iter().rev().find(|(field, _)| field.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    /// Every coding named by every occurrence of a field, in the order they were applied
    /// (RFC 9110 §8.4: a list, possibly over several field lines), lower case.
    fn codings(&self, name: &str) -> Vec<String> {
        self.fields
            .iter()
            .filter(|(field, _)| field.eq_ignore_ascii_case(name))
            .flat_map(|(_, value)| value.split(','))
            .map(|coding| coding.trim().to_ascii_lowercase())
            .filter(|coding| !coding.is_empty())
            .collect()
    }
}

/// One line of the head: its content without the line end, and where the next line starts.
fn line_at(block: &[u8], start: usize) -> Option<(&[u8], usize)> {
    let rest = block.get(start..)?;
    if rest.is_empty() {
        return None;
    }
    let (content, next) = match rest.iter().position(|b| *b == b'\n') {
        Some(end) => (rest.get(..end)?, start + end + 1),
        None => (rest, block.len()),
    };
    // RFC 9112 §2.2: a single LF ends a line too; a CR before it is part of the line end.
    Some((content.strip_suffix(b"\r").unwrap_or(content), next))
}

/// The status code of a status line (RFC 9112 §4: `HTTP-version SP status-code SP
/// [reason-phrase]`), any version accepted: `HTTP/1.1 200 OK`, `HTTP/2 200`.
fn status_of(line: &[u8]) -> Option<u16> {
    let rest = line.strip_prefix(b"HTTP/")?;
    let space = rest.iter().position(|b| *b == b' ')?;
    let version = rest.get(..space)?;
    if version.is_empty() || !version.iter().all(|b| b.is_ascii_digit() || *b == b'.') {
        return None;
    }
    let code = rest.get(space + 1..)?.trim_ascii_start();
    let digits = code.get(..3)?;
    if !digits.iter().all(u8::is_ascii_digit) || code.get(3).is_some_and(|b| *b != b' ' && *b != b'\t') {
        return None;
    }
    std::str::from_utf8(digits).ok()?.parse().ok()
}

/// Reads the head of a stored response (RFC 9112 §2.1: status line, field lines, empty line).
/// A block that ends before the empty line is all head and an empty body.
pub(crate) fn parse(block: &[u8]) -> Result<Response<'_>, SkipReason> {
    let (status_line, mut next) = line_at(block, 0).ok_or(SkipReason::NotHttp)?;
    let status = status_of(status_line).ok_or(SkipReason::NotHttp)?;
    let mut fields: Vec<(String, String)> = Vec::new();
    loop {
        if next > MAX_HEAD_BYTES {
            return Err(SkipReason::HeadTooLong { limit: MAX_HEAD_BYTES });
        }
        let Some((line, after)) = line_at(block, next) else {
            next = block.len();
            break;
        };
        next = after;
        if line.is_empty() {
            break;
        }
        let text = String::from_utf8_lossy(line);
        // RFC 9112 §5.2: obsolete line folding, a line starting with SP or HTAB, continues the
        // previous field's value; a recipient replaces it with SP.
        if text.starts_with([' ', '\t']) {
            if let Some((_, value)) = fields.last_mut() {
                value.push(' ');
                value.push_str(text.trim());
            }
            continue;
        }
        // §5.1: `field-name ":" OWS field-value OWS`. A line without a colon is no field.
        if let Some((name, value)) = text.split_once(':') {
            fields.push((name.trim().to_owned(), value.trim().to_owned()));
        }
    }
    Ok(Response { status, fields, body: block.get(next..).unwrap_or_default() })
}

/// The media type a `Content-Type` value supplies: `None` when it is missing or says nothing
/// (MIME Sniffing §7.1 step 1: `unknown/unknown`, `application/unknown`, `*/*`), in which case
/// the body is sniffed ([`sniffs_as_html`]).
pub(crate) fn supplied_media_type(content_type: Option<&str>) -> Option<crate::media_type::MediaType> {
    content_type
        .map(crate::media_type::MediaType::parse)
        .filter(|media| !matches!(media.essence.as_str(), "" | "unknown/unknown" | "application/unknown" | "*/*"))
}

/// MIME Sniffing §7.1 "identifying a resource with an unknown MIME type", the rows of its
/// table that give `text/html` (sniff-scriptable): after leading whitespace bytes, one of
/// these tags, ASCII case-insensitively, followed by a tag-terminating byte (SP or `>`).
/// Only the resource header (the first 1445 bytes) is read.
pub(crate) fn sniffs_as_html(body: &[u8]) -> bool {
    const PATTERNS: [&[u8]; 17] = [
        b"<!DOCTYPE HTML",
        b"<HTML",
        b"<HEAD",
        b"<SCRIPT",
        b"<IFRAME",
        b"<H1",
        b"<DIV",
        b"<FONT",
        b"<TABLE",
        b"<A",
        b"<STYLE",
        b"<TITLE",
        b"<B",
        b"<BODY",
        b"<BR",
        b"<P",
        b"<!--",
    ];
    let header = body.get(..body.len().min(1445)).unwrap_or_default();
    // §4.6 "whitespace byte": HT, LF, FF, CR, SP.
    let start = header.iter().position(|b| !matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' '));
    let Some(rest) = start.and_then(|start| header.get(start..)) else { return false };
    PATTERNS.iter().any(|pattern| {
        rest.get(..pattern.len()).is_some_and(|head| head.eq_ignore_ascii_case(pattern))
            && matches!(rest.get(pattern.len()), Some(b' ' | b'>'))
    })
}

/// A body with its codings undone.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Decoded {
    pub body: Vec<u8>,
    /// A coding's data ended before the coding did (a chunk, a gzip, deflate or brotli stream
    /// cut short): `body` is what decoded.
    pub truncated: bool,
}

/// The body with its transfer codings and content codings undone (RFC 9112 §6.1, §7; RFC 9110
/// §8.4), at most `limit` bytes of it.
pub(crate) fn decoded_body(response: &Response<'_>, limit: u64) -> Result<Decoded, SkipReason> {
    let mut truncated = false;
    let mut cut = |(body, cut_short): (Vec<u8>, bool)| {
        truncated |= cut_short;
        std::borrow::Cow::Owned(body)
    };
    let mut body = std::borrow::Cow::Borrowed(response.body);
    let transfer = response.codings("transfer-encoding");
    let content = response.codings("content-encoding");
    // Transfer codings are undone first (the last applied first), then content codings.
    for coding in transfer.iter().rev().chain(content.iter().rev()) {
        body = match coding.as_str() {
            "identity" => body,
            // A malformed chunked body is taken as it is: some crawlers store it de-chunked
            // and keep the header.
            "chunked" => match dechunk(&body) {
                Some(dechunked) => cut(dechunked),
                None => body,
            },
            "gzip" | "x-gzip" => cut(decode(&body, flate2::read::MultiGzDecoder::new, coding, limit)?),
            "deflate" => cut(inflate(&body, limit)?),
            "br" => cut(decode(&body, |input| brotli_decompressor::Decompressor::new(input, 4096), coding, limit)?),
            other => return Err(SkipReason::UnknownCoding { coding: other.to_owned() }),
        };
    }
    if body.len() as u64 > limit {
        return Err(SkipReason::DecodedTooLarge { limit });
    }
    Ok(Decoded { body: body.into_owned(), truncated })
}

/// HTTP's `deflate` is the zlib format (RFC 9110 §8.4.1.2, RFC 1950); servers that send a raw
/// deflate stream (RFC 1951) are read too, as browsers do.
fn inflate(body: &[u8], limit: u64) -> Result<(Vec<u8>, bool), SkipReason> {
    // RFC 1950 §2.2: CM = 8 in the low nibble of CMF, and CMF*256 + FLG a multiple of 31.
    let zlib = match body {
        [cmf, flg, ..] => cmf & 0x0f == 8 && (u16::from(*cmf) << 8 | u16::from(*flg)) % 31 == 0,
        _ => false,
    };
    if zlib {
        decode(body, flate2::read::ZlibDecoder::new, "deflate", limit)
    } else {
        decode(body, flate2::read::DeflateDecoder::new, "deflate", limit)
    }
}

/// A reader of a body that notes when it has given its last byte.
struct Tracked<'a> {
    data: &'a [u8],
    ended: std::rc::Rc<std::cell::Cell<bool>>,
}

impl Read for Tracked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.data.read(buf)?;
        if n == 0 && !buf.is_empty() {
            self.ended.set(true);
        }
        Ok(n)
    }
}

/// Everything the decoder `decoder` makes of `body` gives, up to `limit` bytes, and whether
/// the body was cut short: a decoder that fails once it has read the whole body wanted more of
/// it, and what it gave until then is kept. A decoder that fails before is reported.
fn decode<'a, D: Read>(
    body: &'a [u8],
    decoder: impl FnOnce(Tracked<'a>) -> D,
    coding: &str,
    limit: u64,
) -> Result<(Vec<u8>, bool), SkipReason> {
    let ended = std::rc::Rc::new(std::cell::Cell::new(false));
    let mut out = Vec::new();
    let input = Tracked { data: body, ended: std::rc::Rc::clone(&ended) };
    let result = decoder(input).take(limit.saturating_add(1)).read_to_end(&mut out);
    let truncated = match result {
        Ok(_) => false,
        Err(_) if ended.get() => true,
        Err(error) => return Err(SkipReason::BadCoding { coding: coding.to_owned(), reason: error.to_string() }),
    };
    if out.len() as u64 > limit {
        return Err(SkipReason::DecodedTooLarge { limit });
    }
    Ok((out, truncated))
}

/// Removes HTTP/1.1 chunked transfer coding (RFC 9112 §7.1), and says whether the body ended
/// before its last chunk; `None` when it is not chunked at all (its first chunk-size line is
/// not one).
fn dechunk(mut data: &[u8]) -> Option<(Vec<u8>, bool)> {
    let mut body = Vec::with_capacity(data.len());
    loop {
        let size = data.windows(2).position(|w| w == b"\r\n").and_then(|line_end| {
            let size_text = std::str::from_utf8(data.get(..line_end)?).ok()?;
            let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
            Some((size, line_end))
        });
        let Some((size, line_end)) = size else {
            // After the first chunk, a body that ends (or stops making sense) was cut short.
            return (!body.is_empty()).then_some((body, true));
        };
        data = data.get(line_end + 2..).unwrap_or_default();
        if size == 0 {
            return Some((body, false));
        }
        match data.get(..size) {
            Some(chunk) => body.extend_from_slice(chunk),
            None => {
                body.extend_from_slice(data);
                return Some((body, true));
            }
        }
        data = data.get(size + 2..).unwrap_or_default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines_of_every_version() {
        assert_eq!(status_of(b"HTTP/1.1 200 OK"), Some(200));
        assert_eq!(status_of(b"HTTP/1.0 404 Not Found"), Some(404));
        assert_eq!(status_of(b"HTTP/2 200"), Some(200));
        assert_eq!(status_of(b"HTTP/2.0 301 "), Some(301));
        assert_eq!(status_of(b"HTTP/3 204"), Some(204));
        assert_eq!(status_of(b"HTTP/1.1 2000 OK"), None);
        assert_eq!(status_of(b"HTTP/x 200"), None);
        assert_eq!(status_of(b"GET / HTTP/1.1"), None);
        assert_eq!(status_of(b"HTTP/1.1"), None);
    }

    #[test]
    fn heads_with_lf_line_ends_folding_and_no_end() {
        let response = parse(b"HTTP/1.1 200 OK\nContent-Type: text/html;\n charset=utf-8\nbogus\n\n<p>").unwrap();
        assert_eq!(response.field("content-type"), Some("text/html; charset=utf-8"));
        assert_eq!(response.fields.len(), 1);
        assert_eq!(response.body, b"<p>");
        let response = parse(b"HTTP/1.1 204 No Content\r\nServer: x").unwrap();
        assert_eq!((response.status, response.body), (204, &b""[..]));
        assert_eq!(parse(b"garbage").unwrap_err(), SkipReason::NotHttp);
        assert_eq!(parse(b"").unwrap_err(), SkipReason::NotHttp);
    }

    #[test]
    fn a_head_over_the_limit_is_reported() {
        let mut block = b"HTTP/1.1 200 OK\r\n".to_vec();
        for n in 0..MAX_HEAD_BYTES / 20 + 1 {
            block.extend_from_slice(format!("X-Field-{n:08}: 1\r\n").as_bytes());
        }
        assert_eq!(parse(&block).unwrap_err(), SkipReason::HeadTooLong { limit: MAX_HEAD_BYTES });
    }

    #[test]
    fn sniffing() {
        assert!(sniffs_as_html(b" \r\n<!doctype html><p>"));
        assert!(sniffs_as_html(b"<p>hi"));
        assert!(sniffs_as_html(b"<!-- x -->"));
        assert!(!sniffs_as_html(b"<pre>"));
        assert!(!sniffs_as_html(b"<?xml version=1.0?>"));
        assert!(!sniffs_as_html(b""));
        assert!(!sniffs_as_html(b"<p"));
        assert!(supplied_media_type(Some("*/*")).is_none());
        assert!(supplied_media_type(Some(" ")).is_none());
        assert!(supplied_media_type(None).is_none());
        assert_eq!(supplied_media_type(Some("text/plain")).unwrap().essence, "text/plain");
    }

    #[test]
    fn codings() {
        let block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<p>ab\r\n3;x=y\r\ncd<\r\n0\r\n\r\n";
        assert_eq!(decoded_body(&parse(block).unwrap(), 100).unwrap().body, b"<p>abcd<");
        assert_eq!(dechunk(b"zz\r\n"), None);
        let unknown = parse(b"HTTP/1.1 200 OK\r\nContent-Encoding: zstd\r\n\r\nxx").unwrap();
        assert_eq!(decoded_body(&unknown, 100).unwrap_err(), SkipReason::UnknownCoding { coding: "zstd".into() });
        let raw = {
            use std::io::Write;
            let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
            encoder.write_all(b"<p>raw deflate").unwrap();
            encoder.finish().unwrap()
        };
        assert_eq!(inflate(&raw, 100).unwrap(), (b"<p>raw deflate".to_vec(), false));
        assert_eq!(inflate(&raw, 5).unwrap_err(), SkipReason::DecodedTooLarge { limit: 5 });
        assert!(matches!(inflate(b"\x78\x9c\xff\xff", 100), Err(SkipReason::BadCoding { .. })));
    }

    /// A body whose coding's data ends too soon keeps what decodes, marked truncated; a corrupt
    /// one is reported.
    #[test]
    fn bodies_cut_short() {
        use std::io::Write;
        let page: Vec<u8> = (0..2000).flat_map(|n| format!("<p>paragraph {n}</p>").into_bytes()).collect();
        let gzip = {
            let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            encoder.write_all(&page).unwrap();
            encoder.finish().unwrap()
        };
        let brotli = {
            let mut out = Vec::new();
            let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
            writer.write_all(&page).unwrap();
            drop(writer);
            out
        };
        let zlib = {
            let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
            encoder.write_all(&page).unwrap();
            encoder.finish().unwrap()
        };
        for (coding, data) in [("gzip", &gzip), ("br", &brotli), ("deflate", &zlib)] {
            let head = format!("HTTP/1.1 200 OK\r\nContent-Encoding: {coding}\r\n\r\n").into_bytes();
            let whole = [head.clone(), data.clone()].concat();
            let decoded = decoded_body(&parse(&whole).unwrap(), 1 << 20).unwrap();
            assert_eq!((decoded.body.len(), decoded.truncated), (page.len(), false), "{coding}");
            let cut = [head.clone(), data[..data.len() / 2].to_vec()].concat();
            let decoded = decoded_body(&parse(&cut).unwrap(), 1 << 20).unwrap();
            assert!(decoded.truncated, "{coding}");
            assert!(!decoded.body.is_empty() && page.starts_with(&decoded.body), "{coding}: {}", decoded.body.len());
            // Bytes no decoder takes, long before the end.
            let mut corrupt = data.clone();
            corrupt[..4].copy_from_slice(b"\x1f\x8b\x07\xff");
            let corrupt = [head, corrupt].concat();
            assert!(
                matches!(decoded_body(&parse(&corrupt).unwrap(), 1 << 20), Err(SkipReason::BadCoding { .. })),
                "{coding}"
            );
        }
        // A chunked body cut in its second chunk, or after it.
        assert_eq!(dechunk(b"3\r\n<p>\r\n5\r\nab"), Some((b"<p>ab".to_vec(), true)));
        assert_eq!(dechunk(b"3\r\n<p>\r\n"), Some((b"<p>".to_vec(), true)));
        assert_eq!(dechunk(b"3\r\n<p>\r\n0\r\n\r\n"), Some((b"<p>".to_vec(), false)));
    }
}

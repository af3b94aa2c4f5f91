//! Character encoding detection for pages given as raw bytes.
//!
//! The order follows the HTML standard's "determining the character encoding" (§ 13.2.3.2 of the
//! living standard), restricted to what a non-browser can know:
//!
//! 1. a byte order mark (UTF-8, UTF-16BE, UTF-16LE);
//! 2. the transport layer's charset, when the caller passes one (e.g. from `Content-Type`);
//! 3. the *prescan* of the first 1024 bytes for `<meta charset>` or
//!    `<meta http-equiv=content-type content="...charset=...">`;
//! 4. UTF-8, when the whole input is valid UTF-8;
//! 5. windows-1252, the standard's fallback for unknown locales.
//!
//! Decoding never fails: malformed sequences become U+FFFD.

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};
use std::borrow::Cow;

/// How many bytes the prescan looks at (HTML: "the first 1024 bytes").
const PRESCAN_LIMIT: usize = 1024;

/// Where the encoding of a decoded page came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EncodingSource {
    /// The page was given as text; no decoding took place.
    Text,
    /// A byte order mark at the start of the bytes.
    ByteOrderMark,
    /// The charset the caller passed from the transport layer.
    Transport,
    /// A `<meta>` element found by the prescan.
    MetaPrescan,
    /// No declaration was found and the bytes are valid UTF-8.
    Utf8Valid,
    /// No declaration was found and the bytes are not UTF-8: windows-1252.
    Fallback,
}

/// The outcome of [`detect_encoding`]: the encoding and why it was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DetectedEncoding {
    /// The encoding to decode with.
    pub encoding: &'static Encoding,
    /// Which step of the detection chose it.
    pub source: EncodingSource,
    /// Length of the byte order mark to skip (0 when there is none).
    pub bom_length: usize,
}

/// Chooses the encoding of `bytes`, given an optional transport-layer charset label.
///
/// ```
/// use harvest_dom::encoding::{detect_encoding, EncodingSource};
/// let page = b"<meta charset=iso-8859-2><p>\xB1";
/// let detected = detect_encoding(page, None);
/// assert_eq!(detected.encoding.name(), "ISO-8859-2");
/// assert_eq!(detected.source, EncodingSource::MetaPrescan);
/// ```
pub fn detect_encoding(bytes: &[u8], transport_charset: Option<&str>) -> DetectedEncoding {
    if let Some((encoding, bom_length)) = Encoding::for_bom(bytes) {
        return DetectedEncoding { encoding, source: EncodingSource::ByteOrderMark, bom_length };
    }
    if let Some(encoding) = transport_charset.and_then(|label| Encoding::for_label(label.as_bytes())) {
        return DetectedEncoding { encoding, source: EncodingSource::Transport, bom_length: 0 };
    }
    if let Some(encoding) = prescan(&bytes[..bytes.len().min(PRESCAN_LIMIT)]) {
        return DetectedEncoding { encoding, source: EncodingSource::MetaPrescan, bom_length: 0 };
    }
    if std::str::from_utf8(bytes).is_ok() {
        return DetectedEncoding { encoding: UTF_8, source: EncodingSource::Utf8Valid, bom_length: 0 };
    }
    DetectedEncoding { encoding: WINDOWS_1252, source: EncodingSource::Fallback, bom_length: 0 }
}

/// Detects the encoding of `bytes` and decodes them; malformed sequences become U+FFFD.
///
/// ```
/// use harvest_dom::encoding::decode;
/// let (text, detected) = decode(b"caf\xE9", None);
/// assert_eq!(text, "café");
/// assert_eq!(detected.encoding.name(), "windows-1252");
/// ```
pub fn decode<'a>(bytes: &'a [u8], transport_charset: Option<&str>) -> (Cow<'a, str>, DetectedEncoding) {
    let detected = detect_encoding(bytes, transport_charset);
    let body = bytes.get(detected.bom_length..).unwrap_or_default();
    let (text, _had_errors) = detected.encoding.decode_without_bom_handling(body);
    (text, detected)
}

fn is_space(byte: u8) -> bool {
    matches!(byte, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

/// HTML § "prescan a byte stream to determine its encoding".
fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
    let mut scanner = Scanner { bytes, pos: 0 };
    while scanner.pos < bytes.len() {
        let rest = &bytes[scanner.pos..];
        if rest.starts_with(b"<!--") {
            // Step: comment. Find the first '>' preceded by "--", the dashes of "<!--" included.
            scanner.pos = find(bytes, scanner.pos + 2, b"-->")? + 3;
            continue;
        }
        if starts_with_ignore_case(rest, b"<meta") && rest.get(5).is_some_and(|&b| is_space(b) || b == b'/') {
            scanner.pos += 5;
            if let Some(encoding) = scanner.meta_element()? {
                return Some(encoding);
            }
            continue;
        }
        let is_tag_start = |offset: usize| rest.get(offset).is_some_and(u8::is_ascii_alphabetic);
        if rest.first() == Some(&b'<') && (is_tag_start(1) || (rest.get(1) == Some(&b'/') && is_tag_start(2))) {
            // Step: a start or end tag. Skip its name, then its attributes.
            scanner.pos += 2;
            while scanner.peek().is_some_and(|b| !is_space(b) && b != b'>') {
                scanner.pos += 1;
            }
            while scanner.attribute()?.is_some() {}
            scanner.pos += 1;
            continue;
        }
        if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            scanner.pos = find(bytes, scanner.pos + 2, b">")? + 1;
            continue;
        }
        scanner.pos += 1;
    }
    None
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    let haystack = bytes.get(from..)?;
    haystack.windows(needle.len()).position(|window| window == needle).map(|offset| from + offset)
}

fn starts_with_ignore_case(bytes: &[u8], prefix: &[u8]) -> bool {
    bytes.len() >= prefix.len() && bytes[..prefix.len()].eq_ignore_ascii_case(prefix)
}

struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// The `<meta` branch of the prescan. `None` means the bytes ran out (abort the prescan);
    /// `Some(None)` means this element declares nothing usable.
    fn meta_element(&mut self) -> Option<Option<&'static Encoding>> {
        let mut seen: Vec<Vec<u8>> = Vec::new();
        let mut got_pragma = false;
        let mut need_pragma: Option<bool> = None;
        let mut charset: Option<&'static Encoding> = None;
        while let Some((name, value)) = self.attribute()? {
            if seen.contains(&name) {
                continue;
            }
            match name.as_slice() {
                b"http-equiv" => got_pragma |= value.eq_ignore_ascii_case(b"content-type"),
                b"content" if charset.is_none() => {
                    if let Some(found) = charset_from_content(&value) {
                        charset = Encoding::for_label(found);
                        need_pragma = Some(true);
                    }
                }
                b"charset" => {
                    charset = Encoding::for_label(&value);
                    need_pragma = Some(false);
                }
                _ => {}
            }
            seen.push(name);
        }
        // Processing step: decide whether this element declares an encoding.
        let declared = match need_pragma {
            None => None,
            Some(true) if !got_pragma => None,
            _ => charset,
        };
        Some(declared.map(|encoding| {
            if encoding == UTF_16BE || encoding == UTF_16LE {
                UTF_8
            } else if encoding == X_USER_DEFINED {
                WINDOWS_1252
            } else {
                encoding
            }
        }))
    }

    /// HTML § "get an attribute". `None`: ran out of bytes; `Some(None)`: no more attributes.
    #[allow(clippy::type_complexity)]
    fn attribute(&mut self) -> Option<Option<(Vec<u8>, Vec<u8>)>> {
        while is_space(self.peek()?) || self.peek()? == b'/' {
            self.pos += 1;
        }
        if self.peek()? == b'>' {
            return Some(None);
        }
        let mut name = Vec::new();
        let mut value = Vec::new();
        // Name.
        loop {
            let byte = self.peek()?;
            if byte == b'=' && !name.is_empty() {
                self.pos += 1;
                break;
            }
            if is_space(byte) {
                while is_space(self.peek()?) {
                    self.pos += 1;
                }
                if self.peek()? != b'=' {
                    return Some(Some((name, value)));
                }
                self.pos += 1;
                break;
            }
            if byte == b'/' || byte == b'>' {
                return Some(Some((name, value)));
            }
            name.push(byte.to_ascii_lowercase());
            self.pos += 1;
        }
        // Value.
        while is_space(self.peek()?) {
            self.pos += 1;
        }
        let byte = self.peek()?;
        if byte == b'"' || byte == b'\'' {
            loop {
                self.pos += 1;
                let next = self.peek()?;
                if next == byte {
                    self.pos += 1;
                    return Some(Some((name, value)));
                }
                value.push(next.to_ascii_lowercase());
            }
        }
        if byte == b'>' {
            return Some(Some((name, value)));
        }
        loop {
            let next = self.peek()?;
            if is_space(next) || next == b'>' {
                return Some(Some((name, value)));
            }
            value.push(next.to_ascii_lowercase());
            self.pos += 1;
        }
    }
}

/// HTML § "extracting a character encoding from a meta element" (on the `content` value).
fn charset_from_content(content: &[u8]) -> Option<&[u8]> {
    let mut pos = 0;
    loop {
        let start = pos + content.get(pos..)?.windows(7).position(|w| w.eq_ignore_ascii_case(b"charset"))?;
        pos = start + 7;
        while content.get(pos).is_some_and(|&b| is_space(b)) {
            pos += 1;
        }
        if content.get(pos) == Some(&b'=') {
            pos += 1;
            break;
        }
    }
    while content.get(pos).is_some_and(|&b| is_space(b)) {
        pos += 1;
    }
    let rest = content.get(pos..)?;
    match rest.first()? {
        &quote @ (b'"' | b'\'') => {
            let end = rest[1..].iter().position(|&b| b == quote)?;
            Some(&rest[1..1 + end])
        }
        _ => {
            let end = rest.iter().position(|&b| is_space(b) || b == b';').unwrap_or(rest.len());
            Some(&rest[..end])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(bytes: &[u8]) -> &'static str {
        detect_encoding(bytes, None).encoding.name()
    }

    #[test]
    fn byte_order_marks_win_over_everything() {
        assert_eq!(name(b"\xEF\xBB\xBF<meta charset=latin2>"), "UTF-8");
        assert_eq!(name(b"\xFE\xFF\x00<"), "UTF-16BE");
        assert_eq!(name(b"\xFF\xFE<\x00"), "UTF-16LE");
        let detected = detect_encoding(b"\xFF\xFEa\x00", Some("iso-8859-2"));
        assert_eq!(detected.source, EncodingSource::ByteOrderMark);
        assert_eq!(detected.bom_length, 2);
    }

    #[test]
    fn transport_charset_beats_meta() {
        let detected = detect_encoding(b"<meta charset=utf-8>", Some("ISO-8859-2"));
        assert_eq!(detected.encoding.name(), "ISO-8859-2");
        assert_eq!(detected.source, EncodingSource::Transport);
        // An unknown transport label is ignored.
        assert_eq!(detect_encoding(b"<meta charset=koi8-r>", Some("bogus")).encoding.name(), "KOI8-R");
    }

    #[test]
    fn meta_charset_forms() {
        assert_eq!(name(b"<!doctype html><html><head><meta charset=\"Shift_JIS\">"), "Shift_JIS");
        assert_eq!(name(b"<meta http-equiv=Content-Type content='text/html; charset=euc-kr'>"), "EUC-KR");
        // content without the http-equiv pragma does not count
        assert_eq!(name(b"<meta content='text/html; charset=euc-kr'>"), "UTF-8");
        // a charset inside a comment does not count
        assert_eq!(name(b"<!-- <meta charset=koi8-r> --><p>"), "UTF-8");
        // UTF-16 declared in meta means UTF-8; x-user-defined means windows-1252
        assert_eq!(name(b"<meta charset=utf-16le>"), "UTF-8");
        assert_eq!(name(b"<meta charset=x-user-defined>"), "windows-1252");
        // attribute values of other tags are skipped over, not scanned
        assert_eq!(name(b"<div title='<meta charset=koi8-r>'><meta charset=gbk>"), "GBK");
    }

    #[test]
    fn meta_after_1024_bytes_is_not_seen() {
        let mut page = vec![b' '; 1100];
        page.extend_from_slice(b"<meta charset=koi8-r>\xFF");
        assert_eq!(name(&page), "windows-1252");
    }

    #[test]
    fn fallbacks() {
        assert_eq!(detect_encoding("héllo".as_bytes(), None).source, EncodingSource::Utf8Valid);
        let detected = detect_encoding(b"h\xE9llo", None);
        assert_eq!(detected.encoding.name(), "windows-1252");
        assert_eq!(detected.source, EncodingSource::Fallback);
    }

    #[test]
    fn truncated_markup_never_panics() {
        for page in [&b"<meta"[..], b"<meta ", b"<meta charset", b"<meta charset='", b"<!--", b"<a b='", b"<!x", b"<"] {
            let _ = detect_encoding(page, None);
        }
        assert_eq!(charset_from_content(b"charset"), None);
        assert_eq!(charset_from_content(b"charset='x"), None);
        assert_eq!(charset_from_content(b"text/html;charset = \"utf-8\""), Some(&b"utf-8"[..]));
        assert_eq!(charset_from_content(b"charset;charset=x;y"), Some(&b"x"[..]));
    }

    #[test]
    fn decode_replaces_malformed_sequences() {
        let (text, _) = decode(b"<meta charset=utf-8>\xFFok", None);
        assert_eq!(text, "<meta charset=utf-8>\u{FFFD}ok");
        let (text, detected) = decode(b"\xFF\xFEh\x00i\x00", None);
        assert_eq!(text, "hi");
        assert_eq!(detected.encoding.name(), "UTF-16LE");
    }
}

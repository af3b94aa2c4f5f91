//! ARC records (the Internet Archive's "ARC File Format", version 1.0,
//! <https://archive.org/web/researcher/ArcFileFormat.php>), read as the WARC records they
//! stand for.
//!
//! An ARC file is a version block, then URL records ("ARC File Format" 1.0, "Version block",
//! "URL record"):
//!
//! * the version block is itself a URL record, of the file: `filedesc://<path> <ip-address>
//!   <date> <content-type> <length>`, then `length` bytes: the version line
//!   (`<version-number> <reserved> <origin-code>`), the URL-record definition that names the
//!   fields of every URL line (`URL IP-address Archive-date Content-type Archive-length` in
//!   version 1), and in files written by later crawlers an XML metadata document;
//! * each URL record is one line, `<url> <ip-address> <archive-date> <content-type>
//!   <archive-length>`, then `archive-length` bytes of the network document (what the server
//!   sent, protocol headers included), then a newline.
//!
//! Dates are `YYYYMMDDhhmmss`, in GMT. Version 2 of the format has more fields on a URL line
//! (result code, checksum, location, offset, file name) before the length: the fields are those
//! the file's definition line names, the length always the last.
//!
//! Each record is given as the WARC record it stands for, as warcio's `arc2warc` reading gives
//! it: the version block a `warcinfo` record (`WARC-Filename`), a URL record a `response` with
//! `WARC-Target-URI`, `WARC-IP-Address`, `WARC-Date` (in WARC's form, WARC 1.1 §5.4),
//! `Content-Type` (the ARC's) and `Content-Length`. Some crawlers wrote URLs with spaces in
//! them: the fields after the URL are counted from the end of the line.

/// How the version block's URL starts.
pub(crate) const FILEDESC: &[u8] = b"filedesc://";

/// The fields of a URL line in version 1 ("URL-record definition").
const VERSION_1_FIELDS: [&str; 5] = ["URL", "IP-address", "Archive-date", "Content-type", "Archive-length"];

/// What the version block says of the file's URL lines: the names of their fields.
#[derive(Debug, Clone)]
pub(crate) struct Definition {
    names: Vec<String>,
}

impl Default for Definition {
    fn default() -> Self {
        Definition { names: VERSION_1_FIELDS.iter().map(|name| (*name).to_owned()).collect() }
    }
}

impl Definition {
    /// The definition the version block's bytes give (its second line); version 1's when it
    /// names fewer than the URL and the length.
    pub(crate) fn of_version_block(block: &[u8]) -> Definition {
        let text = String::from_utf8_lossy(block);
        let names: Vec<String> =
            text.lines().nth(1).unwrap_or_default().split_whitespace().map(str::to_owned).collect();
        if names.len() < 2 {
            return Definition::default();
        }
        Definition { names }
    }
}

/// An ARC record's header line as WARC header fields, and the length of its block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Header {
    pub fields: Vec<(String, String)>,
    pub length: u64,
    /// Whether it is the version block (whose bytes hold the URL-record definition).
    pub version_block: bool,
}

/// Reads an ARC header line (without its line end); `None` when it is none: too few fields,
/// a length that is not a number.
pub(crate) fn header(line: &str, definition: &Definition) -> Option<Header> {
    let parts: Vec<&str> = line.split(' ').filter(|part| !part.is_empty()).collect();
    let version_block = line.as_bytes().starts_with(FILEDESC);
    // The version block's own line has version 1's fields (its URL has no spaces); a URL line
    // has the definition's.
    let names: Vec<&str> =
        if version_block { VERSION_1_FIELDS.to_vec() } else { definition.names.iter().map(String::as_str).collect() };
    let after_url = names.len().checked_sub(1)?;
    let url_parts = parts.len().checked_sub(after_url).filter(|count| *count > 0)?;
    let (url, rest) = (parts.get(..url_parts)?.join(" "), parts.get(url_parts..)?);
    let (length, rest) = rest.split_last()?;
    let length: u64 = length.parse().ok()?;
    let mut fields = Vec::with_capacity(names.len() + 1);
    if version_block {
        fields.push(("WARC-Type".to_owned(), "warcinfo".to_owned()));
        let path = url.get(FILEDESC.len()..).unwrap_or_default();
        fields.push(("WARC-Filename".to_owned(), path.to_owned()));
    } else {
        fields.push(("WARC-Type".to_owned(), "response".to_owned()));
        fields.push(("WARC-Target-URI".to_owned(), url));
    }
    for (name, value) in names.get(1..).unwrap_or_default().iter().zip(rest) {
        let field = match name.to_ascii_lowercase().as_str() {
            "ip-address" => "WARC-IP-Address".to_owned(),
            "archive-date" => {
                fields.push(("WARC-Date".to_owned(), warc_date(value)));
                continue;
            }
            "content-type" => "Content-Type".to_owned(),
            _ => format!("ARC-{name}"),
        };
        fields.push((field, (*value).to_owned()));
    }
    fields.push(("Content-Length".to_owned(), length.to_string()));
    Some(Header { fields, length, version_block })
}

/// An ARC date (`YYYYMMDDhhmmss`, GMT) in WARC-Date's form (WARC 1.1 §5.4, the W3C profile of
/// ISO 8601: `YYYY-MM-DDThh:mm:ssZ`); another value as written.
fn warc_date(date: &str) -> String {
    let bytes = date.as_bytes();
    if bytes.len() != 14 || !bytes.iter().all(u8::is_ascii_digit) {
        return date.to_owned();
    }
    let part = |range: std::ops::Range<usize>| date.get(range).unwrap_or_default();
    format!("{}-{}-{}T{}:{}:{}Z", part(0..4), part(4..6), part(6..8), part(8..10), part(10..12), part(12..14))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field<'a>(header: &'a Header, name: &str) -> Option<&'a str> {
        header.fields.iter().find(|(field, _)| field == name).map(|(_, value)| value.as_str())
    }

    #[test]
    fn version_block_and_url_lines() {
        let definition = Definition::default();
        let block = header("filedesc://crawl.arc 0.0.0.0 20040925000741 text/plain 76", &definition).unwrap();
        assert!(block.version_block);
        assert_eq!((field(&block, "WARC-Type"), field(&block, "WARC-Filename")), (Some("warcinfo"), Some("crawl.arc")));
        assert_eq!(field(&block, "WARC-Date"), Some("2004-09-25T00:07:41Z"));
        assert_eq!(block.length, 76);
        let line = "http://example.com/ 93.184.216.34 20140216050221 text/html 1591";
        let record = header(line, &definition).unwrap();
        assert_eq!(field(&record, "WARC-Target-URI"), Some("http://example.com/"));
        assert_eq!(field(&record, "WARC-IP-Address"), Some("93.184.216.34"));
        assert_eq!(field(&record, "Content-Type"), Some("text/html"));
        assert_eq!((record.length, record.version_block), (1591, false));
    }

    #[test]
    fn spaces_in_urls_version_2_and_bad_lines() {
        let definition = Definition::default();
        let record = header("http://a.example/x y z 1.2.3.4 20040925001013 text/html 149", &definition).unwrap();
        assert_eq!(field(&record, "WARC-Target-URI"), Some("http://a.example/x y z"));
        assert_eq!(record.length, 149);
        let v2 = Definition::of_version_block(
            b"2 0 Alexa\nURL IP-address Archive-date Content-type Result-code Checksum Location Offset Filename Archive-length\n",
        );
        let line = "http://b.example/ 1.2.3.4 19961104142103 text/html 200 - - 0 f.arc 10";
        let record = header(line, &v2).unwrap();
        assert_eq!((field(&record, "ARC-Result-code"), record.length), (Some("200"), 10));
        assert_eq!(header("http://c.example/ 1.2.3.4 text/html 10", &definition), None);
        assert_eq!(header("http://c.example/ 1.2.3.4 20040925001013 text/html ten", &definition), None);
        assert_eq!(header("", &definition), None);
        assert_eq!(warc_date("200409"), "200409");
    }
}

//! What an input is, told by its first bytes, never by its name: a WARC archive, an ARC file,
//! either one gzipped, or anything else (a page).
//!
//! The one place every front end asks (the command for its files and standard input, the
//! Python package for its paths and file objects, [`super::WarcRecords::open`]): a `.warc.gz`
//! renamed `.bin` is still an archive, and a page named `.warc` is none.
//!
//! * gzip: the first two bytes of a gzip member, ID1 ID2 = `1f 8b` (RFC 1952 §2.3.1); the first
//!   bytes of the decompressed member are then sniffed as below.
//! * WARC: the version line `WARC/` that starts every record (WARC 1.1 §4), after any blank
//!   lines.
//! * ARC: the version block that starts every ARC file, whose first line is the `filedesc://`
//!   URL record of the file itself (the Internet Archive's "ARC File Format", version 1.0,
//!   "Version block").

use std::io::{self, Read};

/// How many bytes of an input are read to tell what it is ([`read_head`]).
pub const SNIFF_BYTES: usize = 64 << 10;

/// How many decompressed bytes of a gzip member are looked at.
const DECODED_BYTES: usize = 4 << 10;

/// The first bytes of a gzip member (RFC 1952 §2.3.1: ID1, ID2).
const GZIP_ID: [u8; 2] = [0x1f, 0x8b];

/// An archive format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArchiveFormat {
    /// WARC (ISO 28500), any version.
    Warc,
    /// The Internet Archive's ARC format.
    Arc,
}

/// What an input's first bytes say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Sniffed {
    /// No bytes at all.
    Empty,
    /// An archive.
    Archive {
        /// Its format.
        format: ArchiveFormat,
        /// Whether it is gzipped (one or more gzip members).
        gzip: bool,
    },
    /// A gzip member that does not decode: an archive damaged at its start, or anything else.
    BrokenGzip,
    /// Anything else: a page.
    Other {
        /// Whether it is gzipped.
        gzip: bool,
    },
}

impl Sniffed {
    /// Whether the input starts with a gzip member.
    pub fn gzip(self) -> bool {
        match self {
            Sniffed::Archive { gzip, .. } | Sniffed::Other { gzip } => gzip,
            Sniffed::BrokenGzip => true,
            Sniffed::Empty => false,
        }
    }

    /// Whether the input is an archive.
    pub fn is_archive(self) -> bool {
        matches!(self, Sniffed::Archive { .. })
    }
}

/// Tells what `head`, the first bytes of an input (up to [`SNIFF_BYTES`] of them, or all of a
/// shorter input), is.
///
/// ```
/// use harvest_pipeline::warc::sniff::{sniff, ArchiveFormat, Sniffed};
/// assert_eq!(sniff(b"WARC/1.1\r\n"), Sniffed::Archive { format: ArchiveFormat::Warc, gzip: false });
/// assert_eq!(
///     sniff(b"filedesc://crawl.arc 0.0.0.0 20040925000741 text/plain 76\n"),
///     Sniffed::Archive { format: ArchiveFormat::Arc, gzip: false }
/// );
/// assert_eq!(sniff(b"<!DOCTYPE html>"), Sniffed::Other { gzip: false });
/// ```
pub fn sniff(head: &[u8]) -> Sniffed {
    if head.is_empty() {
        return Sniffed::Empty;
    }
    if !head.starts_with(&GZIP_ID) {
        return match format_of(head) {
            Some(format) => Sniffed::Archive { format, gzip: false },
            None => Sniffed::Other { gzip: false },
        };
    }
    // The decompressed start of the first member; a member cut short by the end of `head` still
    // gives its first bytes.
    let mut decoder = flate2::bufread::GzDecoder::new(head);
    let mut decoded = vec![0; DECODED_BYTES];
    let mut filled = 0;
    while filled < decoded.len() {
        match decoder.read(&mut decoded[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(_) if filled > 0 => break,
            Err(_) => return Sniffed::BrokenGzip,
        }
    }
    match format_of(decoded.get(..filled).unwrap_or_default()) {
        Some(format) => Sniffed::Archive { format, gzip: true },
        None => Sniffed::Other { gzip: true },
    }
}

/// The archive format a record's first line names: `WARC/` or ARC's `filedesc://`, after any
/// blank lines.
fn format_of(bytes: &[u8]) -> Option<ArchiveFormat> {
    let start = bytes.iter().position(|b| !matches!(b, b'\r' | b'\n'))?;
    let rest = bytes.get(start..)?;
    if rest.starts_with(b"WARC/") {
        Some(ArchiveFormat::Warc)
    } else if rest.starts_with(super::arc::FILEDESC) {
        Some(ArchiveFormat::Arc)
    } else {
        None
    }
}

/// Reads the first bytes of `reader`, up to [`SNIFF_BYTES`] (fewer only at its end), for
/// [`sniff`]; a reader that gives them back first is `io::Cursor::new(head).chain(reader)`.
pub fn read_head<R: Read>(reader: &mut R) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(8 << 10);
    reader.take(SNIFF_BYTES as u64).read_to_end(&mut head)?;
    Ok(head)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(data).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn formats_plain_and_gzipped() {
        let warc = Sniffed::Archive { format: ArchiveFormat::Warc, gzip: true };
        assert_eq!(sniff(&gzip(b"\r\nWARC/1.0\r\nWARC-Type: warcinfo\r\n")), warc);
        // Only the start of the member is needed.
        let member = gzip(b"filedesc://x.arc 0.0.0.0 20040925000741 text/plain 0\n");
        assert_eq!(sniff(&member[..member.len() - 8]), Sniffed::Archive { format: ArchiveFormat::Arc, gzip: true });
        assert_eq!(sniff(&gzip(b"<p>a gzipped page")), Sniffed::Other { gzip: true });
        assert_eq!(sniff(b"\x1f\x8b\x08garbage"), Sniffed::BrokenGzip);
        assert_eq!(sniff(b""), Sniffed::Empty);
        assert_eq!(sniff(b"\r\n\r\n"), Sniffed::Other { gzip: false });
        assert_eq!(sniff(b"warc/1.0"), Sniffed::Other { gzip: false });
    }

    #[test]
    fn heads_are_bounded() {
        let long = vec![b'a'; SNIFF_BYTES * 2];
        assert_eq!(read_head(&mut &long[..]).unwrap().len(), SNIFF_BYTES);
        assert_eq!(read_head(&mut &b"short"[..]).unwrap(), b"short");
    }
}

//! WARC and ARC archives as a stream of records, and the HTML pages among them.
//!
//! # Design
//!
//! A WARC file (ISO 28500; WARC 1.1 §4) is a series of records, each a version line
//! (`WARC/1.0`, `WARC/1.1`), named header fields, an empty line, a block of exactly
//! `Content-Length` octets, and two CRLFs. A `.warc.gz` is the same series compressed, by
//! convention one gzip member per record (WARC 1.1 Annex D), so that a reader can start at any
//! member.
//!
//! Archives from real crawls are often damaged: a download cut short, a corrupt member in the
//! middle. [`WarcRecords`] reads record after record and, at the first damage, yields every
//! record read before it and then one [`WarcError`] that says where the archive broke (the
//! record's number and byte offset). A plain archive goes on at the next line that can start a
//! record (a `WARC/` version line; a URL line in an ARC file), as warcio reads on after a
//! record whose length was wrong; a gzipped one goes on at the next gzip member, which by the
//! convention above starts a record. Nothing is trusted blindly: a header is at most [`MAX_HEADER_BYTES`], and a
//! block larger than the reader's limit is skipped with an error instead of being held.
//!
//! ARC files (the Internet Archive's format, in old crawls) are read too, plain or gzipped: each
//! ARC record is given as the WARC record it stands for (the `arc` module's documentation). What
//! an input is, is told by its first bytes ([`sniff`]), never by its name; an input that is
//! neither is [`WarcError::NotAnArchive`].
//!
//! [`WarcPages`] turns records into [`Page`](crate::Page)s (`pages`): every `response` record that holds an
//! HTML HTTP response, and every `resource` record of an HTML type, with the record's
//! `WARC-Target-URI` as the page URL and its [`WarcOrigin`] (record ID, date, offset and length
//! in the archive, the HTTP `Content-Type`). The stored HTTP response (`http`) is read in any
//! HTTP version, with any number of header fields, its transfer and content codings undone
//! (`chunked`, `gzip`, `deflate`, `br`). A response that should give a page and cannot is
//! reported ([`WarcError::Skipped`], with a [`SkipReason`]), never dropped; [`WarcCounts`]
//! says what an archive held.
//!
//! ```
//! use harvest_pipeline::warc::WarcPages;
//! let html = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p class=h-card>Ada</p>";
//! let archive = format!(
//!     "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.com/\r\nContent-Length: {}\r\n\r\n{html}\r\n\r\n",
//!     html.len()
//! );
//! let pages: Vec<_> = WarcPages::from_reader(std::io::Cursor::new(archive), false, "crawl.warc").collect();
//! let page = pages[0].as_ref().unwrap();
//! assert_eq!(page.url.as_deref(), Some("https://example.com/"));
//! assert_eq!(page.status, Some(200));
//! ```

mod arc;
mod http;
mod pages;
pub mod sniff;

pub use http::{SkipReason, MAX_HEAD_BYTES as MAX_HTTP_HEAD_BYTES};
pub use pages::{WarcCounts, WarcOrigin, WarcPages};

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use thiserror::Error;

/// The largest record header read (version line and fields); a longer one is damage.
pub const MAX_HEADER_BYTES: usize = 64 << 10;

/// Of each line skipped after damage in a plain archive, how many bytes are looked at.
const MAX_SKIPPED_LINE_KEPT: usize = 8 << 10;

/// The default limit on a record's block: larger blocks are skipped with an error.
pub const DEFAULT_MAX_BLOCK_BYTES: u64 = 256 << 20;

/// What went wrong in an archive.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum WarcError {
    /// The input is neither a WARC nor an ARC file (its first bytes say so, see [`sniff`]).
    #[error("{archive}: not a WARC or ARC file")]
    NotAnArchive {
        /// The input's name.
        archive: String,
    },
    /// The archive could not be opened or read.
    #[error("{archive}: {source}")]
    Io {
        /// The archive's name.
        archive: String,
        /// What went wrong.
        source: io::Error,
    },
    /// The archive is damaged from here: the records before were read; what follows is lost
    /// (plain archives) or read again from the next gzip member.
    #[error("{archive}: archive damaged at byte {offset} (record {record}): {reason}")]
    Damaged {
        /// The archive's name.
        archive: String,
        /// The number of the record that could not be read (the first is 1).
        record: u64,
        /// Where the damaged record starts: its byte offset in a plain archive, the offset of
        /// its gzip member in a compressed one.
        offset: u64,
        /// What is wrong.
        reason: String,
    },
    /// A record's block is larger than the reader's limit; it was skipped.
    #[error("{archive}: record {record} at byte {offset} has a block of {length} bytes, over the limit of {limit}")]
    TooLarge {
        /// The archive's name.
        archive: String,
        /// The record's number.
        record: u64,
        /// Where the record starts (as for [`WarcError::Damaged`]).
        offset: u64,
        /// Its `Content-Length`.
        length: u64,
        /// The limit.
        limit: u64,
    },
    /// A `response` record was read whole but gives no page, for `reason`; the records after
    /// it are read as usual.
    #[error(
        "{archive}: record {} at byte {} ({}) skipped: {reason}",
        origin.record,
        origin.offset,
        url.as_deref().or(origin.record_id.as_deref()).unwrap_or("no target URI")
    )]
    Skipped {
        /// The archive's name.
        archive: String,
        /// The record's `WARC-Target-URI`.
        url: Option<String>,
        /// The HTTP status, when the response's status line was read.
        status: Option<u16>,
        /// Where the record is, and what it says of itself.
        origin: Box<WarcOrigin>,
        /// Why it gives no page.
        reason: Box<SkipReason>,
    },
}

/// One WARC record: its header fields and its block.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct WarcRecord {
    /// The record's number in the archive (the first is 1).
    pub number: u64,
    /// Where it starts (a byte offset, or its gzip member's offset in a compressed archive).
    pub offset: u64,
    /// How many bytes of the archive it takes, up to where the next record starts (in a
    /// compressed archive, its gzip members); `None` when it shares its last gzip member with
    /// the next record.
    pub length: Option<u64>,
    /// The header fields in order, names as written.
    pub fields: Vec<(String, String)>,
    /// The block.
    pub block: Vec<u8>,
}

impl WarcRecord {
    /// The value of a header field (names compare ASCII case-insensitively, WARC 1.1 §4).
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields.iter().find(|(field, _)| field.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }
}

/// The byte stream under the record reader: a plain file, or gzip members one after another.
///
/// A gzip source ends each member like the end of input; the record reader moves on to the next
/// member itself ([`Source::next_member`]), so its buffer never holds bytes of two members and
/// a record's offset is exactly its member's.
trait Source: Read {
    /// The offset to report for a record starting now.
    fn record_offset(&self, uncompressed: u64) -> u64;
    /// At the end of a member, starts the next one; false at the end of the input.
    fn next_member(&mut self) -> io::Result<bool>;
    /// After damage, moves to the next place a record can start; false when there is none.
    fn resync(&mut self) -> bool;
}

/// A plain archive: offsets are the bytes read; after damage, nothing marks the next record.
struct Plain<R>(R);

impl<R: Read> Read for Plain<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

impl<R: Read> Source for Plain<R> {
    fn record_offset(&self, uncompressed: u64) -> u64 {
        uncompressed
    }
    fn next_member(&mut self) -> io::Result<bool> {
        Ok(false)
    }
    fn resync(&mut self) -> bool {
        false
    }
}

/// A `BufRead` that counts the bytes consumed from it.
struct Counted<R> {
    inner: R,
    consumed: u64,
}

impl<R: BufRead> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.consumed += n as u64;
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, amount: usize) {
        self.consumed += amount as u64;
        self.inner.consume(amount)
    }
}

/// gzip members one after another (RFC 1952 §2.2: a gzip file is a series of members), each
/// decoded until its end; the offset of the current member is what errors report.
struct GzipMembers<R: BufRead> {
    decoder: Option<flate2::bufread::GzDecoder<Counted<R>>>,
    member_offset: u64,
}

/// The first bytes of every gzip member (RFC 1952 §2.3.1: ID1, ID2, CM = deflate).
const GZIP_MAGIC: [u8; 3] = [0x1f, 0x8b, 0x08];

impl<R: BufRead> GzipMembers<R> {
    fn new(inner: R) -> Self {
        let counted = Counted { inner, consumed: 0 };
        GzipMembers { decoder: Some(flate2::bufread::GzDecoder::new(counted)), member_offset: 0 }
    }

    /// Starts a new member decoder at the reader's position, unless the input is over.
    fn start_member(&mut self, mut counted: Counted<R>) -> io::Result<bool> {
        let at_end = counted.fill_buf()?.is_empty();
        self.member_offset = counted.consumed;
        if at_end {
            self.decoder = None;
            return Ok(false);
        }
        self.decoder = Some(flate2::bufread::GzDecoder::new(counted));
        Ok(true)
    }
}

impl<R: BufRead> Read for GzipMembers<R> {
    /// Reads the current member; 0 at its end (see [`Source::next_member`]).
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.decoder.as_mut() {
            Some(decoder) => decoder.read(buf),
            None => Ok(0),
        }
    }
}

impl<R: BufRead> Source for GzipMembers<R> {
    fn record_offset(&self, _uncompressed: u64) -> u64 {
        self.member_offset
    }

    fn next_member(&mut self) -> io::Result<bool> {
        match self.decoder.take() {
            Some(decoder) => self.start_member(decoder.into_inner()),
            None => Ok(false),
        }
    }

    fn resync(&mut self) -> bool {
        let Some(decoder) = self.decoder.take() else { return false };
        let mut counted = decoder.into_inner();
        // Skip at least one byte so that a member broken at its very start is not read again.
        if counted.consumed <= self.member_offset {
            counted.consume(1);
        }
        loop {
            let (found, skip) = match counted.fill_buf() {
                Ok([]) | Err(_) => return false,
                Ok(buffer) => match buffer.windows(GZIP_MAGIC.len()).position(|w| w == GZIP_MAGIC) {
                    Some(position) => (true, position),
                    // Keep the last bytes: the magic may straddle two buffers.
                    None => (false, buffer.len().saturating_sub(GZIP_MAGIC.len() - 1).max(1)),
                },
            };
            counted.consume(skip);
            if found {
                return self.start_member(counted).unwrap_or(false);
            }
        }
    }
}

/// Reads the records of an archive; see the module documentation.
pub struct WarcRecords {
    source: BufReader<Box<dyn Source + Send>>,
    archive: String,
    max_block_bytes: u64,
    /// Uncompressed bytes consumed so far.
    position: u64,
    next_number: u64,
    done: bool,
    /// An error met while looking past a record's end, reported as damage of the next one.
    pending: Option<io::Error>,
    /// Where the last record read started: a record starting at the same offset shares its
    /// gzip member with it, and has no length of its own.
    last_offset: Option<u64>,
    /// In an ARC file (its version block was read): the fields of its URL lines.
    arc: Option<arc::Definition>,
    /// Whether the archive is gzip members.
    gzip: bool,
    /// The first line of the next record and where it starts, found by reading on after
    /// damage in a plain archive ([`WarcRecords::skip_to_next_record`]).
    carried: Option<(Vec<u8>, u64)>,
}

impl WarcRecords {
    /// Opens an archive, WARC or ARC, plain or gzipped as its first bytes say (whatever its
    /// name); [`WarcError::NotAnArchive`] when they say it is neither.
    pub fn open(path: &Path) -> Result<WarcRecords, WarcError> {
        let archive = path.display().to_string();
        let file = File::open(path).map_err(|source| WarcError::Io { archive: archive.clone(), source })?;
        Self::sniffed(file, &archive)
    }

    /// Reads an archive from any reader, WARC or ARC, plain or gzipped as its first bytes say;
    /// [`WarcError::NotAnArchive`] when they say it is neither. An empty input is an empty
    /// archive, and a gzip member that does not decode at the start is read as damage.
    pub fn sniffed<R: Read + Send + 'static>(mut reader: R, archive: &str) -> Result<WarcRecords, WarcError> {
        let head =
            sniff::read_head(&mut reader).map_err(|source| WarcError::Io { archive: archive.to_owned(), source })?;
        Self::from_head(head, reader, archive)
    }

    /// As [`WarcRecords::sniffed`], for a reader whose first bytes were read already: `head`
    /// (as [`sniff::read_head`] reads them), then `rest`.
    pub fn from_head<R: Read + Send + 'static>(
        head: Vec<u8>,
        rest: R,
        archive: &str,
    ) -> Result<WarcRecords, WarcError> {
        let sniffed = sniff::sniff(&head);
        if matches!(sniffed, sniff::Sniffed::Other { .. }) {
            return Err(WarcError::NotAnArchive { archive: archive.to_owned() });
        }
        Ok(Self::from_reader(io::Cursor::new(head).chain(rest), sniffed.gzip(), archive))
    }

    /// Reads an archive from any reader; `gzip` says whether it is compressed, `archive` names
    /// it in errors. Its records are WARC or ARC records, as its first record says; when that is
    /// neither, the one item is [`WarcError::NotAnArchive`].
    pub fn from_reader<R: Read + Send + 'static>(reader: R, gzip: bool, archive: &str) -> WarcRecords {
        Self::from_buf_reader(BufReader::new(reader), gzip, archive)
    }

    fn from_buf_reader<R: BufRead + Send + 'static>(reader: R, gzip: bool, archive: &str) -> WarcRecords {
        let source: Box<dyn Source + Send> =
            if gzip { Box::new(GzipMembers::new(reader)) } else { Box::new(Plain(reader)) };
        WarcRecords {
            source: BufReader::with_capacity(64 << 10, source),
            archive: archive.to_owned(),
            max_block_bytes: DEFAULT_MAX_BLOCK_BYTES,
            position: 0,
            next_number: 1,
            done: false,
            pending: None,
            last_offset: None,
            arc: None,
            gzip,
            carried: None,
        }
    }

    /// The largest block read (default [`DEFAULT_MAX_BLOCK_BYTES`]); larger ones are skipped
    /// with [`WarcError::TooLarge`].
    pub fn max_block_bytes(mut self, limit: u64) -> Self {
        self.max_block_bytes = limit;
        self
    }

    fn damaged(&self, record: u64, offset: u64, reason: impl Into<String>) -> WarcError {
        WarcError::Damaged { archive: self.archive.clone(), record, offset, reason: reason.into() }
    }

    /// The buffered bytes, moving on to the next gzip member when one ends; empty at the end
    /// of the input. A record may go on in the next member (the convention of one record per
    /// member is not a rule).
    fn fill(&mut self) -> io::Result<&[u8]> {
        while self.source.fill_buf()?.is_empty() {
            if !self.source.get_mut().next_member()? {
                break;
            }
        }
        self.source.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.source.consume(amount);
        self.position += amount as u64;
    }

    /// Reads one line ending in LF (at most `MAX_HEADER_BYTES` in all); `None` at the end.
    fn read_line(&mut self, line: &mut Vec<u8>, budget: &mut usize) -> io::Result<Option<()>> {
        line.clear();
        loop {
            let buffer = self.fill()?;
            if buffer.is_empty() {
                return match line.is_empty() {
                    true => Ok(None),
                    false => Err(io::Error::new(io::ErrorKind::UnexpectedEof, "archive ends inside a record header")),
                };
            }
            let (taken, complete) = match buffer.iter().position(|b| *b == b'\n') {
                Some(end) => (end + 1, true),
                None => (buffer.len(), false),
            };
            if taken > *budget {
                return Err(io::Error::new(io::ErrorKind::InvalidData, "record header too long"));
            }
            line.extend_from_slice(buffer.get(..taken).unwrap_or_default());
            *budget -= taken;
            self.consume(taken);
            if complete {
                return Ok(Some(()));
            }
        }
    }

    /// Reads (or, without `into`, skips) `length` bytes of a block; how many there were.
    fn read_block(&mut self, length: u64, mut into: Option<&mut Vec<u8>>) -> io::Result<u64> {
        let mut done = 0;
        while done < length {
            let buffer = self.fill()?;
            if buffer.is_empty() {
                break;
            }
            let take = buffer.len().min(usize::try_from(length - done).unwrap_or(usize::MAX));
            if let Some(into) = into.as_deref_mut() {
                into.extend_from_slice(buffer.get(..take).unwrap_or_default());
            }
            self.consume(take);
            done += take as u64;
        }
        Ok(done)
    }

    /// Reads the next record; `Ok(None)` at a clean end.
    fn read_record(&mut self, number: u64, offset: &mut u64) -> io::Result<Option<Result<WarcRecord, WarcError>>> {
        if let Some(error) = self.pending.take() {
            return Err(error);
        }
        let mut budget = MAX_HEADER_BYTES;
        let mut line = Vec::new();
        // Blank lines between records are tolerated (WARC 1.1 §4 wants exactly two CRLFs).
        loop {
            if let Some((carried, start)) = self.carried.take() {
                budget = budget.saturating_sub(carried.len());
                line = carried;
                *offset = start;
                break;
            }
            // The record's offset once its first byte is buffered (its member's, gzipped), or
            // once reading it failed.
            let more = self.fill().map(|buffer| !buffer.is_empty());
            *offset = self.source.get_ref().record_offset(self.position);
            if !more? {
                return Ok(None);
            }
            if self.read_line(&mut line, &mut budget)?.is_none() {
                return Ok(None);
            }
            if !line.iter().all(|b| *b == b'\r' || *b == b'\n') {
                break;
            }
        }
        let (fields, length, arc_version_block) = if line.starts_with(b"WARC/") {
            let (fields, length) = self.read_warc_header(&mut line, &mut budget)?;
            (fields, length, false)
        } else if let Some(header) = self.arc_header(&line) {
            (header.fields, header.length, header.version_block)
        } else if number == 1 {
            // Nothing before says this is an archive at all.
            self.done = true;
            return Ok(Some(Err(WarcError::NotAnArchive { archive: self.archive.clone() })));
        } else {
            let expected = if self.arc.is_some() { "ARC URL record line" } else { "WARC version line" };
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("no {expected} where a record should start"),
            ));
        };
        if length > self.max_block_bytes {
            let skipped = self.read_block(length, None)?;
            if skipped < length {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "archive ends inside a record block"));
            }
            self.skip_record_end()?;
            return Ok(Some(Err(WarcError::TooLarge {
                archive: self.archive.clone(),
                record: number,
                offset: *offset,
                length,
                limit: self.max_block_bytes,
            })));
        }
        // The limit above bounds this allocation; it grows as bytes arrive, never ahead of them.
        let mut block = Vec::new();
        let read = self.read_block(length, Some(&mut block))?;
        if read < length {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                format!("archive ends inside a record block ({read} of {length} bytes)"),
            ));
        }
        if arc_version_block {
            self.arc = Some(arc::Definition::of_version_block(&block));
        }
        self.skip_record_end()?;
        let length = self.length_from(*offset);
        Ok(Some(Ok(WarcRecord { number, offset: *offset, length, fields, block })))
    }

    /// WARC 1.1 §4: after the version line, named fields up to an empty line (a line starting
    /// with space or tab continues the previous field); §5.3: the mandatory `Content-Length`.
    fn read_warc_header(&mut self, line: &mut Vec<u8>, budget: &mut usize) -> io::Result<(Vec<(String, String)>, u64)> {
        let mut fields: Vec<(String, String)> = Vec::new();
        loop {
            if self.read_line(line, budget)?.is_none() {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "archive ends inside a record header"));
            }
            let text = String::from_utf8_lossy(line);
            let text = text.trim_end_matches(['\r', '\n']);
            if text.is_empty() {
                break;
            }
            if text.starts_with([' ', '\t']) {
                if let Some((_, value)) = fields.last_mut() {
                    value.push(' ');
                    value.push_str(text.trim());
                }
                continue;
            }
            let Some((name, value)) = text.split_once(':') else {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("header line without a colon: {text:?}"),
                ));
            };
            fields.push((name.trim().to_owned(), value.trim().to_owned()));
        }
        let length = fields
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case("Content-Length"))
            .and_then(|(_, value)| value.parse::<u64>().ok())
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "no valid Content-Length"))?;
        Ok((fields, length))
    }

    /// An ARC record's header line: the version block's (`filedesc://`) where a file starts, a
    /// URL line once the version block was read ([`arc`]).
    fn arc_header(&self, line: &[u8]) -> Option<arc::Header> {
        let text = String::from_utf8_lossy(line);
        let text = text.trim_end_matches(['\r', '\n']);
        match &self.arc {
            Some(definition) => arc::header(text, definition),
            None if line.starts_with(arc::FILEDESC) => arc::header(text, &arc::Definition::default()),
            None => None,
        }
    }

    /// The length of the record that started at `offset` and has just been read: the next
    /// record's offset, found by looking at the next byte (which, in a `.warc.gz`, moves on to
    /// the next gzip member when this one is over), minus `offset`. An error there belongs to
    /// the next record: it is kept and reported as its damage.
    fn length_from(&mut self, offset: u64) -> Option<u64> {
        let shares_its_start = self.last_offset.replace(offset) == Some(offset);
        if let Err(error) = self.fill() {
            self.pending = Some(error);
            return None;
        }
        let end = self.source.get_ref().record_offset(self.position);
        end.checked_sub(offset).filter(|length| *length > 0 && !shares_its_start)
    }

    /// After damage in a plain archive, reads on line by line to the next line that can start a
    /// record, as warcio reads on after a record whose length was wrong: a WARC version line
    /// (WARC 1.1 §4), or in an ARC file a URL record line. The line is kept for the next
    /// record; false when the archive ends first. Linear in the bytes skipped: of each line,
    /// only its first [`MAX_SKIPPED_LINE_KEPT`] bytes are looked at.
    fn skip_to_next_record(&mut self) -> bool {
        loop {
            let start = self.position;
            let mut head = Vec::new();
            let mut complete = false;
            while !complete {
                let buffer = match self.fill() {
                    Ok([]) | Err(_) => break,
                    Ok(buffer) => buffer,
                };
                let taken = match buffer.iter().position(|b| *b == b'\n') {
                    Some(end) => {
                        complete = true;
                        end + 1
                    }
                    None => buffer.len(),
                };
                let keep = taken.min(MAX_SKIPPED_LINE_KEPT.saturating_sub(head.len()));
                head.extend_from_slice(buffer.get(..keep).unwrap_or_default());
                self.consume(taken);
            }
            if !complete {
                return false;
            }
            let starts_a_record = match &self.arc {
                None => head.starts_with(b"WARC/"),
                Some(_) => head.len() < MAX_SKIPPED_LINE_KEPT && self.arc_header(&head).is_some(),
            };
            if starts_a_record {
                self.carried = Some((head, start));
                return true;
            }
        }
    }

    /// Consumes the CRLF CRLF that ends a record (§4), leniently: whatever CRs and LFs are there.
    fn skip_record_end(&mut self) -> io::Result<()> {
        for _ in 0..4 {
            match self.fill()?.first() {
                Some(b'\r' | b'\n') => self.consume(1),
                _ => break,
            }
        }
        Ok(())
    }
}

impl Iterator for WarcRecords {
    type Item = Result<WarcRecord, WarcError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let number = self.next_number;
        let mut offset = self.source.get_ref().record_offset(self.position);
        match self.read_record(number, &mut offset) {
            Ok(None) => {
                self.done = true;
                None
            }
            Ok(Some(record)) => {
                self.next_number += 1;
                Some(record)
            }
            Err(error) => {
                let reason = match error.kind() {
                    io::ErrorKind::UnexpectedEof => format!("truncated: {error}"),
                    _ => error.to_string(),
                };
                let damage = self.damaged(number, offset, reason);
                self.next_number += 1;
                if self.gzip {
                    // Drop what was buffered from the damaged member, then go on at the next.
                    let buffered = self.source.buffer().len();
                    self.source.consume(buffered);
                    self.done = !self.source.get_mut().resync();
                } else {
                    self.done = !self.skip_to_next_record();
                }
                Some(Err(damage))
            }
        }
    }
}

//! Inputs: files, standard input, directories, WARC and ARC archives and (with the `http`
//! feature) web addresses, each turned into pages.
//!
//! [`expand`] turns command-line style arguments into [`Source`]s (a directory becomes the
//! files below it); [`read`] turns a source into its pages, as a stream: an archive's pages are
//! read one at a time, and a damaged archive gives its good pages and then an error. Whether a
//! file or standard input is an archive is told by its first bytes ([`crate::warc::sniff`]),
//! not by its name: a `.warc.gz` renamed `.bin`, or piped in, is read as the archive it is.

use crate::warc::sniff::{self, Sniffed};
use crate::warc::{WarcCounts, WarcError, WarcPages};
use crate::Page;
use globset::{Glob, GlobMatcher};
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// An input that could not be read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum InputError {
    /// A file or directory could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// What went wrong.
        source: io::Error,
    },
    /// A WARC archive could not be read, or is damaged from some record on.
    #[error(transparent)]
    Warc(#[from] WarcError),
    /// A web address could not be fetched.
    #[error("{url}: {source}")]
    Fetch {
        /// The address.
        url: String,
        /// Why it could not be (the HTTP client's error, when there was a request, is its
        /// source in turn).
        source: crate::fetch::FetchError,
    },
    /// A glob pattern does not compile.
    #[error("invalid --glob pattern {pattern:?}: {}", source.kind())]
    Glob {
        /// The pattern.
        pattern: String,
        /// Why it does not compile.
        source: globset::Error,
    },
}

/// What an argument names, before it is read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Source {
    /// Standard input (`-`).
    Stdin,
    /// A file: an archive when its first bytes say so, else a page.
    File(PathBuf),
    /// An archive by its name (`.warc`, `.warc.gz`, `.arc`, `.arc.gz`): read as one whatever
    /// its first bytes, so that one that is not says so ([`WarcError::NotAnArchive`]).
    Warc(PathBuf),
    /// An `http://` or `https://` address.
    Url(String),
}

fn is_warc(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    [".warc", ".warc.gz", ".arc", ".arc.gz"].iter().any(|suffix| name.ends_with(suffix))
}

/// Expands the command line's inputs: directories become the files below them (sorted, those
/// matching `glob`, default `*.html` and `*.htm`, plus the archives named `.warc`, `.warc.gz`,
/// `.arc`, `.arc.gz`), in argument order. A file named otherwise is still read as an archive
/// when its content is one ([`read`]).
pub fn expand(arguments: &[String], glob: Option<&str>) -> Result<Vec<Source>, InputError> {
    let matcher = match glob {
        Some(pattern) => Some(compile(pattern)?),
        None => None,
    };
    let mut sources = Vec::new();
    for argument in arguments {
        if argument == "-" {
            sources.push(Source::Stdin);
        } else if argument.starts_with("http://") || argument.starts_with("https://") {
            sources.push(Source::Url(argument.clone()));
        } else {
            let path = PathBuf::from(argument);
            if path.is_dir() {
                for file in walk(&path)? {
                    if is_warc(&file) {
                        sources.push(Source::Warc(file));
                    } else if matches(&file, &path, matcher.as_ref()) {
                        sources.push(Source::File(file));
                    }
                }
            } else if is_warc(&path) {
                sources.push(Source::Warc(path));
            } else {
                sources.push(Source::File(path));
            }
        }
    }
    Ok(sources)
}

fn compile(pattern: &str) -> Result<GlobMatcher, InputError> {
    Glob::new(pattern)
        .map(|glob| glob.compile_matcher())
        .map_err(|source| InputError::Glob { pattern: pattern.to_owned(), source })
}

fn matches(file: &Path, root: &Path, matcher: Option<&GlobMatcher>) -> bool {
    match matcher {
        Some(matcher) => {
            let relative = file.strip_prefix(root).unwrap_or(file);
            matcher.is_match(relative) || file.file_name().is_some_and(|name| matcher.is_match(name))
        }
        None => file.extension().is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm")),
    }
}

/// Every file below `dir`, sorted by path.
fn walk(dir: &Path) -> Result<Vec<PathBuf>, InputError> {
    let io_error = |path: &Path, source| InputError::Io { path: path.display().to_string(), source };
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in fs::read_dir(&current).map_err(|e| io_error(&current, e))? {
            let path = entry.map_err(|e| io_error(&current, e))?.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

fn file_url(path: &Path) -> Option<String> {
    let absolute = fs::canonicalize(path).ok()?;
    harvest_dom::Url::from_file_path(absolute).ok().map(String::from)
}

/// The pages of a source, read as they are asked for: one page (or the error that kept it from
/// being read), or an archive's pages.
pub struct Pages {
    inner: PagesInner,
}

enum PagesInner {
    One(Option<Result<Page, InputError>>),
    Archive(WarcPages),
}

impl Pages {
    fn one(page: Result<Page, InputError>) -> Pages {
        Pages { inner: PagesInner::One(Some(page)) }
    }

    fn archive(pages: WarcPages) -> Pages {
        Pages { inner: PagesInner::Archive(pages) }
    }

    /// Whether the source is an archive (by its content, or by its name for
    /// [`Source::Warc`]): its pages are records of it, and there may be any number.
    pub fn is_archive(&self) -> bool {
        matches!(self.inner, PagesInner::Archive(_))
    }

    /// What the archive held so far (records, pages, responses of other media types...);
    /// `None` for a source that is no archive.
    pub fn archive_counts(&self) -> Option<WarcCounts> {
        match &self.inner {
            PagesInner::Archive(pages) => Some(pages.counts()),
            PagesInner::One(_) => None,
        }
    }
}

impl Iterator for Pages {
    type Item = Result<Page, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.inner {
            PagesInner::One(page) => page.take(),
            PagesInner::Archive(pages) => pages.next().map(|page| page.map_err(InputError::from)),
        }
    }
}

/// Reads a source into pages. An archive (WARC or ARC, plain or gzipped, told by its first
/// bytes for files and standard input, by its name for [`Source::Warc`]) yields one page per
/// HTML response record, read as they are asked for; a damaged archive yields the pages before
/// the damage, then the error (see [`crate::warc`]). Any other source is one page, or the
/// error that kept it from being read.
pub fn read(source: &Source, base_url: Option<&str>) -> Pages {
    match source {
        Source::Stdin => read_sniffed(io::stdin(), "-", || base_url.map(str::to_owned)),
        Source::File(path) => match fs::File::open(path) {
            // Without a base URL a file's URL is its file: URL, as a browser would give it.
            Ok(file) => read_sniffed(file, &path.display().to_string(), || {
                base_url.map(str::to_owned).or_else(|| file_url(path))
            }),
            Err(source) => Pages::one(Err(InputError::Io { path: path.display().to_string(), source })),
        },
        Source::Warc(path) => match WarcPages::open(path) {
            Ok(pages) => Pages::archive(pages),
            Err(error) => Pages::one(Err(error.into())),
        },
        Source::Url(url) => {
            Pages::one(crate::fetch::fetch(url).map_err(|source| InputError::Fetch { url: url.clone(), source }))
        }
    }
}

/// An input that is an archive if its first bytes say so, else one page named `label` whose
/// URL `url` gives.
fn read_sniffed<R: Read + Send + 'static>(mut reader: R, label: &str, url: impl FnOnce() -> Option<String>) -> Pages {
    let io_error = |source| InputError::Io { path: label.to_owned(), source };
    let head = match sniff::read_head(&mut reader) {
        Ok(head) => head,
        Err(error) => return Pages::one(Err(io_error(error))),
    };
    if let Sniffed::Archive { .. } = sniff::sniff(&head) {
        return match WarcPages::from_head(head, reader, label) {
            Ok(pages) => Pages::archive(pages),
            Err(error) => Pages::one(Err(error.into())),
        };
    }
    let mut bytes = head;
    match reader.read_to_end(&mut bytes) {
        Ok(_) => Pages::one(Ok(Page::new(label, bytes, url().as_deref()))),
        Err(error) => Pages::one(Err(io_error(error))),
    }
}

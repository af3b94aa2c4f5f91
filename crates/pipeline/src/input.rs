//! Inputs: files, standard input, directories, WARC archives and (with the `http` feature)
//! web addresses, each turned into pages.
//!
//! [`expand`] turns command-line style arguments into [`Source`]s (a directory becomes the
//! files below it); [`read`] turns a source into its pages, as a stream: an archive's pages are
//! read one at a time, and a damaged archive gives its good pages and then an error.

use crate::warc::{WarcError, WarcPages};
use crate::Page;
use globset::{Glob, GlobMatcher};
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// An input that could not be read.
#[derive(Debug, Error)]
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
    #[error("{url}: {reason}")]
    Fetch {
        /// The address.
        url: String,
        /// What went wrong.
        reason: String,
    },
    /// A glob pattern does not compile.
    #[error("invalid --glob pattern {0:?}")]
    Glob(String),
}

impl From<crate::fetch::FetchError> for InputError {
    fn from(error: crate::fetch::FetchError) -> InputError {
        InputError::Fetch { url: error.url, reason: error.reason }
    }
}

/// What an argument names, before it is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Standard input (`-`).
    Stdin,
    /// An HTML file.
    File(PathBuf),
    /// A WARC archive (`.warc`, `.warc.gz`).
    Warc(PathBuf),
    /// An `http://` or `https://` address.
    Url(String),
}

fn is_warc(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    name.ends_with(".warc") || name.ends_with(".warc.gz")
}

/// Expands the command line's inputs: directories become the files below them (sorted, those
/// matching `glob`, default `*.html` and `*.htm`, plus WARC archives), in argument order.
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
    Glob::new(pattern).map(|glob| glob.compile_matcher()).map_err(|_| InputError::Glob(pattern.to_owned()))
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

/// The pages of a source, read as they are asked for.
pub type Pages = Box<dyn Iterator<Item = Result<Page, InputError>> + Send>;

/// Reads a source into pages. A WARC archive yields one page per HTML response record, read as
/// they are asked for; a damaged archive yields the pages before the damage, then the error
/// (see [`crate::warc`]). Any other source is one page, or the error that kept it from being
/// read.
pub fn read(source: &Source, base_url: Option<&str>) -> Pages {
    let one = |page: Result<Page, InputError>| -> Pages { Box::new(std::iter::once(page)) };
    match source {
        Source::Stdin => {
            let mut bytes = Vec::new();
            one(io::stdin()
                .read_to_end(&mut bytes)
                .map(|_| Page::new("-", bytes, base_url))
                .map_err(|source| InputError::Io { path: "-".into(), source }))
        }
        Source::File(path) => one(fs::read(path)
            .map(|bytes| {
                // Without a base URL a file's URL is its file: URL, as a browser would give it.
                let url = base_url.map(str::to_owned).or_else(|| file_url(path));
                Page::new(&path.display().to_string(), bytes, url.as_deref())
            })
            .map_err(|source| InputError::Io { path: path.display().to_string(), source })),
        Source::Warc(path) => match WarcPages::open(path) {
            Ok(pages) => Box::new(pages.map(|page| page.map_err(InputError::from))),
            Err(error) => one(Err(error.into())),
        },
        Source::Url(url) => one(crate::fetch::fetch(url).map_err(InputError::from)),
    }
}

/// Checks a page URL given by a user (`--base-url`, `base_url=`): it must be an absolute URL.
///
/// ```
/// assert!(harvest_pipeline::input::check_base_url("https://example.com/").is_ok());
/// let message = harvest_pipeline::input::check_base_url("not a url").unwrap_err();
/// assert!(message.contains("not an absolute URL"));
/// ```
pub fn check_base_url(url: &str) -> Result<(), String> {
    harvest_dom::Url::parse(url).map(|_| ()).map_err(|error| format!("{url:?} is not an absolute URL: {error}"))
}

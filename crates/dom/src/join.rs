//! Resolving references against one base URL without the URL parser for the shapes most
//! links have.
//!
//! The URL Standard's basic URL parser (§4.4), given a relative reference of only unreserved
//! and sub-delimiter characters against an `http`/`https` base, copies the base up to where
//! the reference starts to differ and appends the reference as written: nothing in it is
//! percent-encoded (§1.3's path, query and fragment percent-encode sets hold none of those
//! characters), stripped, or read as a dot segment. Such references are written here
//! straight after the part of the base they keep; any other (one with `%`, `\`, `:`, white
//! space, a `.` or `..` segment, a non-ASCII character...) goes through the URL parser, so the
//! result is always what `Url::join` gives: the tests compare the two over many references and
//! bases.

use url::Url;

/// Joins references to one base URL, as [`Url::join`] does, taking a short way for plain
/// references (the module's documentation says which).
///
/// ```
/// use harvest_dom::{Url, UrlJoiner};
/// let base = Url::parse("https://example.com/blog/post.html").unwrap();
/// let joiner = UrlJoiner::new(base);
/// let mut out = String::new();
/// assert!(joiner.join_into("../about", &mut out));
/// assert_eq!(out, "https://example.com/about");
/// out.clear();
/// assert!(joiner.join_into("next.html#comments", &mut out));
/// assert_eq!(out, "https://example.com/blog/next.html#comments");
/// assert!(!joiner.join_into("https://[", &mut out));
/// ```
#[derive(Debug, Clone)]
pub struct UrlJoiner {
    base: Url,
    cut: Option<Cut>,
}

impl UrlJoiner {
    /// A joiner for references against `base`.
    pub fn new(base: Url) -> UrlJoiner {
        let cut = Cut::of(&base);
        UrlJoiner { base, cut }
    }

    /// The base URL.
    pub fn base(&self) -> &Url {
        &self.base
    }

    /// Appends `reference` resolved against the base to `out`, as [`Url::join`] serializes it;
    /// `false` (and nothing appended) when it does not resolve.
    pub fn join_into(&self, reference: &str, out: &mut String) -> bool {
        let text = self.base.as_str();
        if let Some((start, end)) =
            self.cut.as_ref().and_then(|cut| cut.view(text)).and_then(|base| plain_reference(&base, reference))
        {
            out.push_str(start);
            out.push_str(reference);
            out.push_str(end);
            return true;
        }
        match self.base.join(reference) {
            Ok(url) => {
                out.push_str(url.as_str());
                true
            }
            Err(_) => false,
        }
    }

    /// Whether `value` parses as an absolute URL ([`Url::parse`] succeeds), without the parser
    /// for an `http` or `https` URL of the plain shape the module's documentation describes.
    ///
    /// ```
    /// use harvest_dom::UrlJoiner;
    /// assert!(UrlJoiner::parses("https://example.com/a?b#c"));
    /// assert!(UrlJoiner::parses("mailto:ada@example.com"));
    /// assert!(!UrlJoiner::parses("https://[::"));
    /// assert!(!UrlJoiner::parses("/relative"));
    /// ```
    pub fn parses(value: &str) -> bool {
        let absolute = value.starts_with("https://") || value.starts_with("http://");
        let no_base = Base { scheme: None, origin: None, directory: "", before_fragment: "" };
        (absolute && plain_reference(&no_base, value).is_some()) || Url::parse(value).is_ok()
    }

    /// `reference` resolved against the base, as [`Url::join`] serializes it, or `None` when it
    /// does not resolve.
    pub fn join(&self, reference: &str) -> Option<String> {
        let mut out = String::new();
        self.join_into(reference, &mut out).then_some(out)
    }
}

/// A base URL cut where relative references take over from it.
struct Base<'a> {
    /// The scheme and its colon: `https:`, for scheme-relative references (`None` for `file`,
    /// whose hosts are read differently).
    scheme: Option<&'a str>,
    /// Up to the path: `https://host:port`; `None` when the path starts with a Windows drive
    /// letter (a `file` URL's, which a path-absolute reference keeps).
    origin: Option<&'a str>,
    /// Up to and including the path's last `/`.
    directory: &'a str,
    /// Up to the fragment.
    before_fragment: &'a str,
}

/// Where the parts of [`Base`] end in the base URL's text (the URL owns the text, so the
/// joiner keeps lengths, not slices).
#[derive(Debug, Clone)]
struct Cut {
    scheme: Option<usize>,
    origin: Option<usize>,
    directory: usize,
    before_fragment: usize,
}

impl Cut {
    fn of(url: &Url) -> Option<Cut> {
        let file = match url.scheme() {
            "http" | "https" if url.has_host() => false,
            "file" => true,
            _ => return None,
        };
        let text = url.as_str();
        let before_fragment = text.len() - url.fragment().map_or(0, |f| f.len() + 1);
        let path_start = before_fragment - url.query().map_or(0, |q| q.len() + 1) - url.path().len();
        let directory = path_start + url.path().rfind('/')? + 1;
        let drive_letter = file && {
            let path = url.path().as_bytes();
            path.len() >= 3 && path[1].is_ascii_alphabetic() && matches!(path[2], b':' | b'|')
        };
        Some(Cut {
            scheme: (!file).then(|| url.scheme().len() + 1),
            origin: (!drive_letter).then_some(path_start),
            directory,
            before_fragment,
        })
    }

    /// The parts of `text`, the base URL's.
    fn view<'a>(&self, text: &'a str) -> Option<Base<'a>> {
        Some(Base {
            scheme: match self.scheme {
                Some(end) => Some(text.get(..end)?),
                None => None,
            },
            origin: match self.origin {
                Some(end) => Some(text.get(..end)?),
                None => None,
            },
            directory: text.get(..self.directory)?,
            before_fragment: text.get(..self.before_fragment)?,
        })
    }
}

/// A table of the ASCII alphanumerics and `others`, for testing a byte with one look-up.
const fn table(others: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 128 {
        table[byte] = (byte as u8).is_ascii_alphanumeric();
        byte += 1;
    }
    let mut i = 0;
    while i < others.len() {
        table[others[i] as usize] = true;
        i += 1;
    }
    table
}

/// Characters that stand for themselves in a path (no `%`, which could spell a dot segment,
/// and no `:`, which could end a scheme).
const PATH: [bool; 256] = table(b"-._~!$&'()*+,;=@/");
/// Characters that stand for themselves in the query of a special URL (not `'`).
const QUERY: [bool; 256] = table(b"-._~!$&()*+,;=:@/?%");
/// Characters that stand for themselves in a fragment.
const FRAGMENT: [bool; 256] = table(b"-._~!$&'()*+,;=:@/?%");

fn path_character(byte: u8) -> bool {
    PATH[usize::from(byte)]
}

fn query_character(byte: u8) -> bool {
    QUERY[usize::from(byte)]
}

fn fragment_character(byte: u8) -> bool {
    FRAGMENT[usize::from(byte)]
}

/// Whether `host` is a domain the host parser keeps as written (URL Standard §3.5): lowercase
/// ASCII letters, digits and hyphens in non-empty labels, none punycode (`xn--`), the last
/// starting with a letter (so that it is not read as an IPv4 address).
fn plain_domain(host: &[u8]) -> bool {
    let mut labels = host.split(|&b| b == b'.');
    let plain = |label: &[u8]| {
        !label.is_empty()
            && !label.starts_with(b"xn--")
            && label.iter().all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    labels.clone().all(plain) && labels.next_back().and_then(|last| last.first()).is_some_and(u8::is_ascii_lowercase)
}

/// For an `href` the URL parser would copy as written after a part of the base, that part
/// and what it adds after the `href` (`/` after a bare host): a path-absolute or
/// path-relative reference, or a fragment, of the characters above, with a non-empty query
/// and fragment when it has them and no `.` or `..` segment; or such a path after
/// `http://`, `https://` or `//` and a [`plain_domain`].
fn plain_reference<'a>(base: &Base<'a>, href: &str) -> Option<(&'a str, &'static str)> {
    let bytes = href.as_bytes();
    let (start, authority) = if let Some(rest) = bytes.strip_prefix(b"//") {
        (base.scheme?, Some(rest))
    } else if let Some(rest) = bytes.strip_prefix(b"https://").or_else(|| bytes.strip_prefix(b"http://")) {
        ("", Some(rest))
    } else {
        (base.origin.unwrap_or(""), None)
    };
    let (start, reference) = match authority {
        Some(rest) => {
            let host_end = rest.iter().position(|&b| matches!(b, b'/' | b'?' | b'#')).unwrap_or(rest.len());
            if !plain_domain(&rest[..host_end]) {
                return None;
            }
            match rest.get(host_end) {
                None => return Some((start, "/")),
                Some(b'/') => (start, &rest[host_end..]),
                Some(_) => return None,
            }
        }
        None => match bytes.first()? {
            b'/' => (base.origin?, bytes),
            // A fragment alone keeps the base's path and query.
            b'#' => (base.before_fragment, bytes),
            // A query alone: left to the parser.
            b'?' => return None,
            _ => (base.directory, bytes),
        },
    };
    let path_end = reference.iter().position(|&b| b == b'?' || b == b'#').unwrap_or(reference.len());
    let (path, rest) = reference.split_at(path_end);
    let (query, fragment) = match rest.iter().position(|&b| b == b'#') {
        Some(hash) => (&rest[..hash], Some(&rest[hash + 1..])),
        None => (rest, None),
    };
    let plain_query = query.is_empty() || (query.len() > 1 && query[1..].iter().all(|&b| query_character(b)));
    let plain_fragment = fragment.is_none_or(|f| !f.is_empty() && f.iter().all(|&b| fragment_character(b)));
    let plain_path = path.iter().all(|&b| path_character(b))
        && !path.split(|&b| b == b'/').any(|segment| segment == b"." || segment == b"..");
    (plain_query && plain_fragment && plain_path).then_some((start, ""))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASES: &[&str] = &[
        "https://example.com/",
        "https://example.com",
        "http://example.com/a/b/c",
        "http://example.com/a/b/",
        "https://user:pw@example.com:8443/dir/page.html?q=1#top",
        "https://example.com/p?only-query",
        "https://example.com/p#only-fragment",
        "http://[::1]:8080/x/y",
        "https://xn--bcher-kva.example/%C3%A9/a",
        "file:///home/page.html",
        "file:///C:/dir/page.html",
        "file:///c|/dir/",
        "file://server/share/p.html",
        "file:///",
        "about:blank",
        "mailto:someone@example.com",
    ];

    /// References of every shape the fast path takes and many it must leave alone.
    fn references() -> Vec<String> {
        let pieces = [
            "",
            "/",
            "//",
            "a",
            "A",
            "b/c",
            ".",
            "..",
            "./",
            "../",
            "...",
            ".a",
            "a.",
            "%2e",
            "%2E",
            ":",
            "a:b",
            "?",
            "?x=1",
            "?'",
            "#",
            "#f",
            "#f#g",
            "\\",
            " ",
            "\t",
            "é",
            "~",
            "'",
            "!$&()*+,;=@",
            "%41",
            "http:",
            "https:",
            "x.html",
            "a//b",
            "?q/..",
            "#/../",
            "`",
            "{",
            "^",
            "|",
            "<",
            "\"",
            "C:",
            "c|",
            "//h.example",
            "https://a.example",
            "http://a.b.example/p",
            "https://A.example",
            "https://xn--a.example",
            "https://a.1",
            "https://1.2.3.4",
            "https://0x7f.1",
            "http://a..b",
            "https://a.example.",
            "https://-a-.b-",
            "https://a--b.example",
            "https://a.example:443",
            "https://u@a.example",
            "https://",
            "http:/a",
            "HTTP://a.example/",
        ];
        let mut references: Vec<String> = pieces.iter().map(|p| p.to_string()).collect();
        for a in pieces {
            for b in pieces {
                references.push(format!("{a}{b}"));
                references.push(format!("/{a}{b}"));
                for c in ["", "/x", "?y", "#z", "/.."] {
                    references.push(format!("{a}/{b}{c}"));
                }
            }
        }
        references
    }

    #[test]
    fn joins_as_the_url_parser_does() {
        let references = references();
        let mut fast = 0;
        for base in BASES {
            let base = Url::parse(base).unwrap();
            let joiner = UrlJoiner::new(base.clone());
            let cut = joiner.cut.as_ref().and_then(|cut| cut.view(base.as_str()));
            for reference in &references {
                let expected = base.join(reference).ok().map(String::from);
                fast += usize::from(cut.as_ref().and_then(|cut| plain_reference(cut, reference)).is_some());
                assert_eq!(joiner.join(reference), expected, "{reference:?} against {base}");
            }
        }
        // The short way is taken, not only the parser.
        assert!(fast > references.len(), "{fast}");
    }

    #[test]
    fn parses_as_the_url_parser_does() {
        for reference in references() {
            assert_eq!(UrlJoiner::parses(&reference), Url::parse(&reference).is_ok(), "{reference:?}");
        }
    }
}

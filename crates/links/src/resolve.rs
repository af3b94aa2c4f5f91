//! Resolving `href` values against the document's base URL for the compact links, without a
//! parse or an allocation for the shapes most links have.
//!
//! The URL Standard's basic URL parser (§4.4), given a relative reference of only unreserved
//! and sub-delimiter characters against an `http`/`https` base, copies the base up to where
//! the reference starts to differ and appends the reference as written: nothing in it is
//! percent-encoded (§1.3's path, query and fragment percent-encode sets hold none of those
//! characters), stripped, or read as a dot segment. Such references are written here
//! straight into a buffer; any other (an absolute URL, one with `%`, `\`, `:`, white space, a
//! `.` or `..` segment, a non-ASCII character...) goes through the document's own resolution
//! (the `url` crate), so the result is always what that gives: the tests compare the two over
//! many references and bases.

use harvest_dom::{Document, Url};

/// A document's base URL cut where relative references take over from it.
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

impl<'a> Base<'a> {
    fn of(url: &'a Url) -> Option<Base<'a>> {
        let file = match url.scheme() {
            "http" | "https" if url.has_host() => false,
            "file" => true,
            _ => return None,
        };
        let text = url.as_str();
        let before_fragment = &text[..text.len() - url.fragment().map_or(0, |f| f.len() + 1)];
        let path_start = before_fragment.len() - url.query().map_or(0, |q| q.len() + 1) - url.path().len();
        let path = &text[path_start..];
        let directory_end = path_start + path[..url.path().len()].rfind('/')? + 1;
        let drive_letter = file && {
            let path = url.path().as_bytes();
            path.len() >= 3 && path[1].is_ascii_alphabetic() && matches!(path[2], b':' | b'|')
        };
        Some(Base {
            scheme: (!file).then(|| &text[..url.scheme().len() + 1]),
            origin: (!drive_letter).then(|| &text[..path_start]),
            directory: &text[..directory_end],
            before_fragment,
        })
    }
}

/// Resolves `href` values of one document, one at a time.
pub(crate) struct Resolver<'a> {
    document: &'a Document,
    base: Option<Base<'a>>,
    buffer: String,
    parsed: Option<Url>,
}

impl<'a> Resolver<'a> {
    pub(crate) fn new(document: &'a Document) -> Resolver<'a> {
        let base = document.base_url().and_then(Base::of);
        Resolver { document, base, buffer: String::new(), parsed: None }
    }

    /// `href` resolved against the document's base URL ([`Document::resolve_url`]'s URL, as
    /// text), or `None` when it does not resolve.
    pub(crate) fn resolve(&mut self, href: &str) -> Option<&str> {
        if let Some((start, end)) = self.base.as_ref().and_then(|base| plain_reference(base, href)) {
            self.buffer.clear();
            self.buffer.push_str(start);
            self.buffer.push_str(href);
            self.buffer.push_str(end);
            return Some(&self.buffer);
        }
        self.parsed = self.document.resolve_url(href).ok();
        self.parsed.as_ref().map(Url::as_str)
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
    use harvest_dom::ParseOptions;

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
    fn resolves_as_the_url_parser_does() {
        let references = references();
        let mut fast = 0;
        for base in BASES {
            let doc = Document::parse_with("<p>", &ParseOptions::new().url(Url::parse(base).unwrap()));
            let mut resolver = Resolver::new(&doc);
            for href in &references {
                let expected = doc.resolve_url(href).ok().map(|url| url.as_str().to_owned());
                fast += usize::from(resolver.base.as_ref().and_then(|b| plain_reference(b, href)).is_some());
                assert_eq!(resolver.resolve(href), expected.as_deref(), "{href:?} against {base}");
            }
        }
        // The fast path is taken, not only the parser.
        assert!(fast > references.len(), "{fast}");
    }
}

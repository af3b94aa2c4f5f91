//! What the text and value readers share about elements and URLs: which HTML element an
//! element is, and how the page's URLs resolve (microformats2 parsing §"parse an element for
//! properties": URLs are resolved against the base URL, `<base href>` included).

use harvest_dom::{Element, Url, UrlJoiner};

/// How relative URLs are resolved, and what an empty URL becomes.
#[derive(Debug, Clone)]
pub(crate) struct Urls {
    /// The base URL, and relative references joined to it (plain ones without a parse).
    base: UrlJoiner,
    /// The base URL as written (the page URL given, or the `<base href>` value when absolute):
    /// an empty reference resolves to it, so `href=""` gives `http://example.test` and not the
    /// re-serialised `http://example.test/`.
    base_as_written: String,
}

/// The URL parser's trimming: leading and trailing C0 controls and spaces.
fn trim_url(value: &str) -> &str {
    value.trim_matches(|c: char| c <= ' ')
}

impl Urls {
    pub(crate) fn new(base: Url, base_as_written: String) -> Urls {
        Urls { base: UrlJoiner::new(base), base_as_written }
    }

    /// Resolves a URL found in the page. Absolute URLs are kept as written (only trimmed), a
    /// relative one is resolved against the base URL, an empty one is the base URL; a value the
    /// URL parser rejects is kept as written.
    ///
    /// A base that cannot be a base (`about:blank`, the URL of a page parsed without one)
    /// resolves nothing: every relative reference stays as written, `""` and `#x` included,
    /// rather than becoming `about:blank` or `about:blank#x`.
    pub(crate) fn resolve(&self, value: &str) -> String {
        let value = trim_url(value);
        if self.base.base().cannot_be_a_base() {
            return value.to_owned();
        }
        if value.is_empty() {
            return self.base_as_written.clone();
        }
        if has_scheme(value) && UrlJoiner::parses(value) {
            return value.to_owned();
        }
        self.base.join(value).unwrap_or_else(|| value.to_owned())
    }
}

/// Whether a (trimmed) value starts with a scheme and `:`, as the URL parser reads it (URL
/// Standard, "basic URL parser": tabs and newlines removed, then "scheme start state" and
/// "scheme state"). Without one, parsing it with no base fails, so the check saves that parse.
fn has_scheme(value: &str) -> bool {
    let mut chars = value.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r'));
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    for c in chars {
        match c {
            ':' => return true,
            c if c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.') => {}
            _ => return false,
        }
    }
    false
}

/// Whether an element is the HTML element with one of these names.
pub(crate) fn is_one_of(element: &Element, names: &[&str]) -> bool {
    element.is_html() && names.contains(&element.local_name())
}

/// An attribute of an element when the element is one of `names`.
pub(crate) fn attr_of(element: &Element, names: &[&str], attribute: &str) -> Option<String> {
    if is_one_of(element, names) {
        element.attr(attribute).map(|v| v.to_string())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::has_scheme;
    use harvest_dom::Url;

    #[test]
    fn values_without_a_scheme_do_not_parse_alone() {
        for value in ["/a", "a", "a/b:c", "1a:b", "#x", "?q", "", "-:x", "h\tt\ntp", "ü:x", "//h/x"] {
            assert!(!has_scheme(value), "{value:?}");
            assert!(Url::parse(value).is_err(), "{value:?}");
        }
        for value in ["http://h/", "h\tt\ntp://h/", "mailto:a@b", "a+b.c-d:x", "x:"] {
            assert!(has_scheme(value), "{value:?}");
        }
    }
}

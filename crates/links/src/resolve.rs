//! Resolving `href` values against the document's base URL for the compact links, without a
//! parse or an allocation for the shapes most links have ([`UrlJoiner`]'s short way).

use harvest_dom::{Document, UrlJoiner};

/// Resolves `href` values of one document, one at a time, into one buffer.
pub(crate) struct Resolver<'a> {
    document: &'a Document,
    joiner: Option<UrlJoiner>,
    buffer: String,
}

impl<'a> Resolver<'a> {
    pub(crate) fn new(document: &'a Document) -> Resolver<'a> {
        Resolver { document, joiner: document.base_url().cloned().map(UrlJoiner::new), buffer: String::new() }
    }

    /// `href` resolved against the document's base URL ([`Document::resolve_url`]'s URL, as
    /// text), or `None` when it does not resolve.
    pub(crate) fn resolve(&mut self, href: &str) -> Option<&str> {
        self.buffer.clear();
        let resolved = match &self.joiner {
            Some(joiner) => joiner.join_into(href, &mut self.buffer),
            None => match self.document.resolve_url(href) {
                Ok(url) => {
                    self.buffer.push_str(url.as_str());
                    true
                }
                Err(_) => false,
            },
        };
        resolved.then_some(self.buffer.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use harvest_dom::{ParseOptions, Url};

    #[test]
    fn resolves_as_the_document_does() {
        let references = ["a", "/b", "../c?d#e", "https://x.example/", "//h.example/p", "%zz", "http://[", ""];
        for base in [Some("https://example.com/dir/page.html"), Some("about:blank"), None] {
            let options = match base {
                Some(base) => ParseOptions::new().url(Url::parse(base).unwrap()),
                None => ParseOptions::new(),
            };
            let doc = Document::parse_with("<p>", &options);
            let mut resolver = Resolver::new(&doc);
            for href in references {
                let expected = doc.resolve_url(href).ok().map(|url| url.as_str().to_owned());
                assert_eq!(resolver.resolve(href).map(str::to_owned), expected, "{href:?} against {base:?}");
            }
        }
    }
}

//! schema.org's own context (release 30.0, CC BY-SA 3.0: `contexts/NOTICE.md`), bundled so
//! that `"@context": "https://schema.org"` needs no network.

/// The context document.
pub(crate) static CONTEXT: &[u8] = include_bytes!("../contexts/schemaorg-30.0.jsonld");

/// Whether `url` is one of the addresses schema.org serves its context at: the site itself
/// (`http` or `https`, with or without the final `/`) and `docs/jsonldcontext.json(ld)`.
pub(crate) fn is_address(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("https://schema.org").or_else(|| url.strip_prefix("http://schema.org")) else {
        return false;
    };
    matches!(rest, "" | "/" | "/docs/jsonldcontext.json" | "/docs/jsonldcontext.jsonld")
}

#[cfg(test)]
mod tests {
    #[test]
    fn addresses() {
        for url in [
            "https://schema.org",
            "http://schema.org/",
            "https://schema.org/docs/jsonldcontext.json",
            "http://schema.org/docs/jsonldcontext.jsonld",
        ] {
            assert!(super::is_address(url), "{url}");
        }
        for url in ["https://schema.org/Person", "https://schema.org.example/", "https://example.com/schema.org"] {
            assert!(!super::is_address(url), "{url}");
        }
    }
}

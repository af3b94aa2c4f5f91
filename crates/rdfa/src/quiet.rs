//! Subtrees the processing sequence can pass over: those where §7.5 would change nothing that
//! is seen outside them.
//!
//! Most elements of a page hold no RDFa attribute, or only `@href` / `@src`. Such an element
//! still takes a new subject from its link (step 5.2), which only its descendants read: it
//! emits no triple of its own, starts no list, declares no prefix and makes no blank node.
//! When neither it nor any of its descendants does more than that, and the evaluation context
//! carries no incomplete triples for the subtree to complete (step 12), the whole subtree
//! contributes nothing to the output graph. It contributes nothing to the processor graph
//! either when its links resolve without a warning, which [`resolves_cleanly`] tells apart
//! without resolving them (the resolution is most of what entering such an element costs).

use crate::attributes::{declared_prefix, is_rdfa_attribute, XML, XMLNS};
use crate::context;
use crate::curie::is_ncname;
use harvest_dom::{Document, Element};
use harvest_rdf::Iri;
use rustc_hash::FxHashSet;

/// The elements whose subtree (the element included) holds an element the sequence has to
/// enter: one that is not [`is_quiet`] under `base`.
pub(crate) struct Loud {
    elements: FxHashSet<Element>,
}

impl Loud {
    /// Marks every element that is not quiet, and its ancestors: each element at most once,
    /// stopping at the first ancestor already marked.
    pub(crate) fn find(document: &Document, base: &str) -> Loud {
        let hierarchical = has_authority(base);
        let mut elements = FxHashSet::default();
        let mut walk = document.element_walk();
        while let Some((element, _)) = walk.next() {
            if is_quiet(element, hierarchical) || !elements.insert(element.clone()) {
                continue;
            }
            for ancestor in element.ancestors() {
                if !elements.insert(ancestor) {
                    break;
                }
            }
        }
        Loud { elements }
    }

    /// Whether the subtree of `element` holds an element that is not quiet.
    pub(crate) fn contains(&self, element: &Element) -> bool {
        self.elements.contains(element)
    }
}

/// Whether entering `element` can at most give it a new subject or a prefix for its
/// descendants, and says nothing to the processor graph. It is not `head` or `body` (which
/// take the parent object, HTML+RDFa §3.1), and of the attributes the sequence reads it has
/// only:
/// - `@href` and `@src` that resolve without a warning (step 5.2 makes one the new subject);
/// - `@content`, `@datatype` and `@inlist`, which nothing reads without `@property`, `@rel`
///   or `@rev` (steps 5.1, 9-11);
/// - prefix declarations (`xmlns:*`, an SVG's `xmlns`) that step 3 takes without a warning.
fn is_quiet(element: &Element, hierarchical_base: bool) -> bool {
    if element.is("head") || element.is("body") {
        return false;
    }
    element.namespaced_attributes().all(|(namespace, name, value)| {
        if let Some(prefix) = declared_prefix(namespace, name) {
            return declares_cleanly(prefix, value);
        }
        match namespace {
            None => match name {
                "href" | "src" => hierarchical_base && resolves_cleanly(value),
                "content" | "datatype" | "inlist" => true,
                "xml:lang" => false,
                name => !is_rdfa_attribute(name),
            },
            // A default namespace declaration: no prefix.
            Some(XMLNS) => true,
            // `xml:lang` (step 4), and whatever else the XML namespace holds.
            Some(XML) => false,
            // `xlink:href` and other foreign attributes: the sequence reads none of them.
            Some(_) => true,
        }
    })
}

/// Whether §7.5 step 3 declares this prefix without a note: a valid one, mapped to an IRI, that
/// redefines no prefix of the initial context as something else
/// ([`crate::curie::Scope::push_prefix`]).
fn declares_cleanly(prefix: &str, iri: &str) -> bool {
    let prefix = prefix.to_ascii_lowercase();
    prefix != "_"
        && is_ncname(&prefix)
        && context::prefix(&prefix).is_none_or(|initial| initial == iri)
        && Iri::parse(iri).is_ok()
}

/// Whether an IRI has an authority (`scheme://`), so that resolving a relative reference
/// against it (RFC 3986 §5.2) always yields a path under that authority.
fn has_authority(iri: &str) -> bool {
    match iri.split_once("://") {
        Some((scheme, _)) => is_scheme(scheme),
        None => false,
    }
}

/// A conservative test for a reference that [`crate::curie::Scope::resolve`] turns into an
/// IRI without a warning, against a base with an authority: after trimming ASCII whitespace,
/// an RFC 3987 `IRI-reference` in ASCII, of characters that need no escaping (`unreserved`,
/// `sub-delims`, `:`, `@`, `/`, `?`, one `#`, `%` before two hex digits), that is either
/// relative without starting with `//` or has a scheme and at most a plain `host[:port]`
/// authority. `false` says nothing: the reference is then resolved as usual.
pub(crate) fn resolves_cleanly(reference: &str) -> bool {
    let value = reference.trim_matches(|c: char| c.is_ascii_whitespace());
    let bytes = value.as_bytes();
    let mut hashes = 0;
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'%' => {
                let escaped = bytes.get(index + 1..index + 3);
                if !escaped.is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit)) {
                    return false;
                }
                index += 3;
                continue;
            }
            b'#' => hashes += 1,
            byte if is_plain(byte) => {}
            _ => return false,
        }
        index += 1;
    }
    if hashes > 1 {
        return false;
    }
    let first_segment = &value[..value.find(['/', '?', '#']).unwrap_or(value.len())];
    match first_segment.split_once(':') {
        // A relative reference (RFC 3986 §4.2); `//` would start an authority.
        None => !value.starts_with("//"),
        Some((scheme, _)) => {
            let rest = &value[scheme.len() + 1..];
            is_scheme(scheme)
                && match rest.strip_prefix("//") {
                    Some(after) => is_plain_authority(&after[..after.find(['/', '?', '#']).unwrap_or(after.len())]),
                    None => true,
                }
        }
    }
}

/// RFC 3986 §3.1 `scheme`: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn is_scheme(value: &str) -> bool {
    let mut bytes = value.bytes();
    bytes.next().is_some_and(|byte| byte.is_ascii_alphabetic())
        && bytes.all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'+' | b'-' | b'.'))
}

/// `host[:port]` with a non-empty `reg-name` host (RFC 3986 §3.2.2) and a port of digits; no
/// user information, no IP literal.
fn is_plain_authority(value: &str) -> bool {
    let (host, port) = value.split_once(':').unwrap_or((value, ""));
    !host.is_empty() && !host.contains('@') && port.bytes().all(|byte| byte.is_ascii_digit())
}

/// `unreserved`, `sub-delims`, `:`, `@`, `/` and `?` (RFC 3986 §2.2, §2.3, §3.3, §3.4).
fn is_plain(byte: u8) -> bool {
    PLAIN[usize::from(byte)]
}

/// [`is_plain`] as a table, one entry per byte.
const PLAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b':'
                    | b'@'
                    | b'/'
                    | b'?'
            );
        byte += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::resolves_cleanly;
    use harvest_rdf::Iri;

    /// Every reference the test calls clean resolves against the base; the others are not
    /// claimed either way.
    fn check(base: &str, reference: &str) {
        if resolves_cleanly(reference) {
            let trimmed = reference.trim_matches(|c: char| c.is_ascii_whitespace());
            let base = Iri::parse(base).unwrap().as_base();
            assert!(base.resolve(trimmed).is_ok(), "{reference:?} is called clean but does not resolve");
        }
    }

    #[test]
    fn clean_references_resolve() {
        for reference in [
            "/a/b?c=d#e",
            " ../x ",
            "",
            "#",
            "?",
            "mailto:a@b.c",
            "https://example.com:8080/x",
            "tel:+1-555",
            "javascript:void(0)",
            "a%20b",
        ] {
            assert!(resolves_cleanly(reference), "{reference:?}");
            check("http://example.com/dir/page", reference);
        }
        for reference in [
            "a b",
            "%zz",
            "%4",
            "a#b#c",
            "//host/x",
            "1a:b",
            ":x",
            "http://[::1]/",
            "http://u@h/",
            "http://h:8x/",
            "http:///x",
            "é",
            "a|b",
            "<x>",
        ] {
            assert!(!resolves_cleanly(reference), "{reference:?}");
        }
    }

    /// Every string over an alphabet of the characters that matter, up to four long.
    #[test]
    fn exhaustive_short_references() {
        let alphabet = ['a', '1', ':', '/', '?', '#', '%', '.', '@', '[', ' ', '|', 'f'];
        let mut references = vec![String::new()];
        for _ in 0..4 {
            let mut longer = Vec::new();
            for reference in &references {
                for c in alphabet {
                    longer.push(format!("{reference}{c}"));
                }
            }
            for reference in &longer {
                for base in ["http://example.com/a/b", "https://h", "http://h/a?q#f"] {
                    check(base, reference);
                    check(base, &format!("http://{reference}"));
                    check(base, &format!("x:{reference}"));
                }
            }
            references = longer;
        }
    }
}

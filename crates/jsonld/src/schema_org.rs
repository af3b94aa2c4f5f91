//! schema.org's own context (release 30.0, CC BY-SA 3.0: `contexts/NOTICE.md`), bundled so
//! that `"@context": "https://schema.org"` needs no network.

use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

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

/// The context prepared once per process: its keyword entries (`@vocab`) as JSON members, and
/// for each term its definition as a JSON member with the names the definition uses.
struct Prepared {
    keywords: Vec<String>,
    terms: HashMap<String, (String, Vec<String>)>,
}

fn prepared() -> Option<&'static Prepared> {
    static PREPARED: OnceLock<Option<Prepared>> = OnceLock::new();
    PREPARED
        .get_or_init(|| {
            let Ok(Value::Object(mut document)) = serde_json::from_slice::<Value>(CONTEXT) else { return None };
            let Some(Value::Object(context)) = document.remove("@context") else { return None };
            let mut prepared = Prepared { keywords: Vec::new(), terms: HashMap::new() };
            for (key, definition) in context {
                let member = format!("{}:{definition}", Value::String(key.clone()));
                if key.starts_with('@') {
                    prepared.keywords.push(member);
                } else {
                    let mut names = HashSet::new();
                    mentioned(&definition.to_string(), &mut names);
                    prepared.terms.insert(key, (member, names.into_iter().collect()));
                }
            }
            Some(prepared)
        })
        .as_ref()
}

/// Every string of a JSON text (object keys and string values, escapes decoded), and the
/// prefix before the first `:` of each, in one pass without recursion: the terms a context
/// processor can look up for the text. A text that is not JSON gives what it can.
fn mentioned(text: &str, into: &mut HashSet<String>) {
    crate::strings::each_string(text, |value, _| {
        if let Some((prefix, _)) = value.split_once(':') {
            into.insert(prefix.to_owned());
        }
        into.insert(value.to_owned());
    });
}

/// The bundled context restricted to what a document can use: its keyword entries
/// (`@vocab`) and the definitions of the terms `texts` mention (as keys, values, or the prefix
/// of a compact IRI), with the terms those definitions mention in turn.
///
/// JSON-LD 1.1 API §4.1 and §5.2 look a term up in the active context only where a document
/// (or a definition) writes it, and the schema.org context defines no scoped context and no
/// protected term, so a definition no string names can change nothing: expanding with the
/// restricted context gives the same result as with the whole one, for a fraction of the
/// cost (the context has some 3,000 definitions, a block uses a few dozen).
pub(crate) fn restricted<'a>(texts: impl IntoIterator<Item = &'a str>) -> Vec<u8> {
    let Some(prepared) = prepared() else { return CONTEXT.to_vec() };
    let mut wanted = HashSet::new();
    for text in texts {
        mentioned(text, &mut wanted);
    }
    let mut kept: Vec<&str> = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut pending: Vec<&str> = wanted.iter().map(String::as_str).collect();
    while let Some(term) = pending.pop() {
        let Some((key, (_, names))) = prepared.terms.get_key_value(term) else { continue };
        if seen.insert(key.as_str()) {
            kept.push(key.as_str());
            pending.extend(names.iter().map(String::as_str));
        }
    }
    // In one order whatever the hashing: the same block gives the same context text.
    kept.sort_unstable();
    let members =
        prepared.keywords.iter().map(String::as_str).chain(kept.iter().map(|term| prepared.terms[*term].0.as_str()));
    let mut document = String::from("{\"@context\":{");
    for (index, member) in members.enumerate() {
        if index > 0 {
            document.push(',');
        }
        document.push_str(member);
    }
    document.push_str("}}");
    document.into_bytes()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_restricted_context_keeps_what_is_named_and_what_that_names() {
        let document = super::restricted([r#"{"@type": "Person", "birthDate": "1815", "\u0075rl": "x"}"#]);
        let value: serde_json::Value = serde_json::from_slice(&document).unwrap();
        let context = value["@context"].as_object().unwrap();
        assert_eq!(context["@vocab"], "http://schema.org/");
        assert_eq!(context["birthDate"]["@type"], "Date");
        assert!(context.contains_key("url"), "escapes are decoded");
        assert!(context.contains_key("schema"), "the prefix of a definition's IRI");
        assert!(!context.contains_key("name"));
        assert!(context.len() < 20);
    }

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

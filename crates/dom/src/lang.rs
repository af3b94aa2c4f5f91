//! Language tags: whether a `lang` value is a well-formed BCP 47 tag (RFC 5646 §2.1, §2.2.9).
//!
//! A page's `lang` attribute (or `Content-Language`) can say anything; formats that carry a
//! language (RDF literals, `xml:lang`, JSON-LD `@language`) accept only BCP 47 tags, and RDF
//! parsers reject a document with one malformed tag. Every exporter asks
//! [`is_well_formed_language_tag`] before writing one.
//!
//! "Well-formed" is RFC 5646's term for a tag that matches the ABNF of §2.1; it does not look
//! subtags up in the IANA registry ("valid", §2.2.9), so `qq-Qqqq` is well-formed. The ABNF,
//! one function per production below (case-insensitive, subtags separated by `-`):
//!
//! | production | RFC 5646 §2.1 |
//! |---|---|
//! | Language-Tag | `langtag / privateuse / grandfathered` |
//! | langtag | `language ["-" script] ["-" region] *("-" variant) *("-" extension) ["-" privateuse]` |
//! | language | `2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA` |
//! | extlang | `3ALPHA *2("-" 3ALPHA)` |
//! | script | `4ALPHA` |
//! | region | `2ALPHA / 3DIGIT` |
//! | variant | `5*8alphanum / (DIGIT 3alphanum)` |
//! | extension | `singleton 1*("-" (2*8alphanum))`, singleton any alphanumeric but `x` |
//! | privateuse | `"x" 1*("-" (1*8alphanum))` |
//! | grandfathered | the 26 irregular and regular tags listed in §2.1 |
//!
//! ```
//! use harvest_dom::is_well_formed_language_tag;
//! assert!(is_well_formed_language_tag("en-GB"));
//! assert!(is_well_formed_language_tag("zh-Hant-TW"));
//! assert!(!is_well_formed_language_tag("en-toolongsubtag"));
//! assert!(!is_well_formed_language_tag(""));
//! ```

/// RFC 5646 §2.1 `grandfathered`: `irregular` and `regular` tags, lowercase.
const GRANDFATHERED: [&str; 26] = [
    "en-gb-oed",
    "i-ami",
    "i-bnn",
    "i-default",
    "i-enochian",
    "i-hak",
    "i-klingon",
    "i-lux",
    "i-mingo",
    "i-navajo",
    "i-pwn",
    "i-tao",
    "i-tay",
    "i-tsu",
    "sgn-be-fr",
    "sgn-be-nl",
    "sgn-ch-de",
    "art-lojban",
    "cel-gaulish",
    "no-bok",
    "no-nyn",
    "zh-guoyu",
    "zh-hakka",
    "zh-min",
    "zh-min-nan",
    "zh-xiang",
];

/// Whether `tag` is a well-formed BCP 47 language tag (RFC 5646 §2.2.9: it matches the ABNF
/// of §2.1). Empty strings and tags with empty subtags are not.
pub fn is_well_formed_language_tag(tag: &str) -> bool {
    // Language-Tag = langtag / privateuse / grandfathered
    if GRANDFATHERED.iter().any(|g| g.eq_ignore_ascii_case(tag)) {
        return true;
    }
    let subtags: Vec<&str> = tag.split('-').collect();
    if subtags.iter().any(|s| s.is_empty()) {
        return false;
    }
    let mut rest = subtags.as_slice();
    if privateuse(&mut rest) {
        return rest.is_empty();
    }
    langtag(&mut rest) && rest.is_empty()
}

fn alpha(s: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphabetic())
}

fn digits(s: &str, n: usize) -> bool {
    s.len() == n && s.bytes().all(|b| b.is_ascii_digit())
}

fn alphanum(s: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Takes the first subtag if `accept` says so.
fn take(rest: &mut &[&str], accept: impl Fn(&str) -> bool) -> bool {
    match rest.split_first() {
        Some((first, tail)) if accept(first) => {
            *rest = tail;
            true
        }
        _ => false,
    }
}

/// langtag = language ["-" script] ["-" region] *("-" variant) *("-" extension) ["-" privateuse]
fn langtag(rest: &mut &[&str]) -> bool {
    if !language(rest) {
        return false;
    }
    take(rest, script);
    take(rest, region);
    while take(rest, variant) {}
    while extension(rest) {}
    privateuse(rest);
    true
}

/// language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA
fn language(rest: &mut &[&str]) -> bool {
    let Some(first) = rest.first() else { return false };
    if alpha(first, 2, 3) {
        *rest = rest.get(1..).unwrap_or_default();
        // extlang = 3ALPHA *2("-" 3ALPHA)
        for _ in 0..3 {
            if !take(rest, |s| alpha(s, 3, 3)) {
                break;
            }
        }
        true
    } else {
        take(rest, |s| alpha(s, 4, 8))
    }
}

/// script = 4ALPHA
fn script(s: &str) -> bool {
    alpha(s, 4, 4)
}

/// region = 2ALPHA / 3DIGIT
fn region(s: &str) -> bool {
    alpha(s, 2, 2) || digits(s, 3)
}

/// variant = 5*8alphanum / (DIGIT 3alphanum)
fn variant(s: &str) -> bool {
    alphanum(s, 5, 8) || (s.len() == 4 && s.as_bytes().first().is_some_and(u8::is_ascii_digit) && alphanum(s, 4, 4))
}

/// extension = singleton 1*("-" (2*8alphanum)); singleton = any alphanumeric but x
fn extension(rest: &mut &[&str]) -> bool {
    let singleton = |s: &str| alphanum(s, 1, 1) && !s.eq_ignore_ascii_case("x");
    let mut probe = *rest;
    if !take(&mut probe, singleton) || !take(&mut probe, |s| alphanum(s, 2, 8)) {
        return false;
    }
    while take(&mut probe, |s| alphanum(s, 2, 8)) {}
    *rest = probe;
    true
}

/// privateuse = "x" 1*("-" (1*8alphanum))
fn privateuse(rest: &mut &[&str]) -> bool {
    let mut probe = *rest;
    if !take(&mut probe, |s| s.eq_ignore_ascii_case("x")) || !take(&mut probe, |s| alphanum(s, 1, 8)) {
        return false;
    }
    while take(&mut probe, |s| alphanum(s, 1, 8)) {}
    *rest = probe;
    true
}

#[cfg(test)]
mod tests {
    use super::is_well_formed_language_tag as ok;

    #[test]
    fn rfc_5646_appendix_a_well_formed_examples() {
        for tag in [
            "de",
            "fr",
            "ja",
            "i-enochian",
            "zh-Hant",
            "zh-Hans",
            "sr-Cyrl",
            "sr-Latn",
            "zh-cmn-Hans-CN",
            "cmn-Hans-CN",
            "zh-yue-HK",
            "yue-HK",
            "zh-Hans-CN",
            "sr-Latn-RS",
            "sl-rozaj",
            "sl-rozaj-biske",
            "sl-nedis",
            "de-CH-1901",
            "sl-IT-nedis",
            "hy-Latn-IT-arevela",
            "de-DE",
            "en-US",
            "es-419",
            "de-CH-x-phonebk",
            "az-Arab-x-AZE-derbend",
            "x-whatever",
            "qaa-Qaaa-QM-x-southern",
            "de-Qaaa",
            "sr-Latn-QM",
            "sr-Qaaa-RS",
            "en-US-u-islamcal",
            "zh-CN-a-myext-x-private",
            "en-a-myext-b-another",
            "en-GB-oed",
            "EN-gb",
            // Appendix A lists this among invalid tags: a repeated singleton is well-formed but
            // not valid (§2.2.9), and harvest checks well-formedness only.
            "ar-a-aaa-b-bbb-a-ccc",
        ] {
            assert!(ok(tag), "{tag}");
        }
    }

    #[test]
    fn rfc_5646_appendix_a_not_well_formed_examples() {
        // Appendix A "Some Invalid Tags": de-419-DE (two regions), a-DE (a singleton first),
        // and the fuzz finding that started this (a subtag over eight characters).
        for tag in [
            "de-419-DE",
            "a-DE",
            "en-toolongsubtag",
            "",
            "-",
            "en-",
            "-en",
            "en--US",
            "x",
            "en-x",
            "en-a",
            "ab-c_d",
            "de-DE-x-abcdefghi",
        ] {
            assert!(!ok(tag), "{tag:?}");
        }
    }

    #[test]
    fn shapes_of_each_subtag() {
        assert!(ok("abcdefgh"));
        assert!(!ok("abcdefghi"));
        assert!(ok("en-1994"));
        assert!(ok("en-199"));
        assert!(!ok("en-19"));
        assert!(ok("en-123"));
        assert!(ok("zh-min-nan"));
        assert!(ok("ab-abc-abc-abc"));
        assert!(!ok("ab-abc-abc-abc-abc"));
        assert!(!ok("é"));
    }
}

//! The lexical forms of schema.org's data types, for the literals of properties whose range
//! holds nothing else (`schema-lexical-form`).

use harvest_rdf::{xsd, Iri};

/// A data type whose literals are judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lexical {
    Date,
    DateTime,
    Time,
    Duration,
    Number,
    Integer,
    Float,
    Boolean,
    Url,
}

impl Lexical {
    /// The data type of a schema.org type name, when its literals are judged (`Text` and its
    /// other subclasses take any string, entity types take text standing for the entity).
    pub(crate) fn of(name: &str) -> Option<Lexical> {
        Some(match name {
            "Date" => Lexical::Date,
            "DateTime" => Lexical::DateTime,
            "Time" => Lexical::Time,
            "Duration" => Lexical::Duration,
            "Number" => Lexical::Number,
            "Integer" => Lexical::Integer,
            "Float" => Lexical::Float,
            "Boolean" => Lexical::Boolean,
            "URL" => Lexical::Url,
            _ => return None,
        })
    }

    /// Whether `value` has this data type's lexical form. Whitespace around it is dropped first:
    /// these XSD types have the fixed facet `whiteSpace="collapse"` (XSD 1.1 Part 2 §4.3.6).
    pub(crate) fn accepts(self, value: &str) -> bool {
        let value = value.trim_matches([' ', '\t', '\n', '\r']);
        match self {
            Lexical::Date => xsd::is_date(value),
            Lexical::DateTime => with_seconds(value, value.find('T').map_or(usize::MAX, |t| t + 1), xsd::is_date_time),
            Lexical::Time => with_seconds(value, 0, xsd::is_time),
            Lexical::Duration => xsd::is_duration(value),
            // schema.org Number: digits with '.' as the decimal point (its Number page); the
            // lexical space of xsd:decimal and xsd:double, which xsd:double's covers.
            Lexical::Number | Lexical::Float => xsd::is_double(value),
            Lexical::Integer => xsd::is_integer(value),
            // xsd:boolean (XSD 1.1 Part 2 §3.3.2), and schema.org's own `True`/`False` written
            // as text.
            Lexical::Boolean => {
                matches!(value, "true" | "false" | "1" | "0")
                    || ["True", "False"].iter().any(|v| {
                        ["https://schema.org/", "http://schema.org/"].iter().any(|ns| value.strip_prefix(ns) == Some(v))
                    })
            }
            Lexical::Url => Iri::parse(value).is_ok(),
        }
    }
}

/// Whether `value` is a language tag: well-formed (BCP 47, RFC 5646 §2.1, as oxilangtag parses
/// it, after dropping whitespace around it), with a primary language subtag of 2 or 3 letters.
/// RFC 5646 §2.2.1 reserves 4 letters and keeps 5 to 8 for registrations, and the IANA
/// registry holds none of them, so a language's name (`English`) is not a tag.
pub(crate) fn is_language_tag(value: &str) -> bool {
    oxilangtag::LanguageTag::parse(value.trim_matches([' ', '\t', '\n', '\r'])).is_ok_and(|tag| {
        let primary = tag.primary_language();
        // Private use (`x-…`) and grandfathered tags (`i-klingon`) have a 1-letter prefix.
        primary.len() <= 3 || primary.contains('-')
    })
}

/// `check(value)`, or, when the time of day at byte `at` is written `hh:mm` without seconds
/// (ISO 8601-1:2019 §5.3.1.4 allows "reduced precision"; schema.org's examples use it, as in
/// `2025-07-21T19:30`), `check` of the value with `:00` seconds inserted.
fn with_seconds(value: &str, at: usize, check: fn(&str) -> bool) -> bool {
    if check(value) {
        return true;
    }
    let Some(time) = value.get(at..) else { return false };
    let bytes = time.as_bytes();
    let hh_mm = bytes.len() >= 5
        && bytes[..2].iter().all(u8::is_ascii_digit)
        && bytes[2] == b':'
        && bytes[3..5].iter().all(u8::is_ascii_digit)
        && matches!(bytes.get(5), None | Some(b'Z' | b'+' | b'-'));
    hh_mm && check(&format!("{}:00{}", &value[..at + 5], &value[at + 5..]))
}

#[cfg(test)]
mod tests {
    use super::Lexical;

    #[test]
    fn reduced_precision_times_and_trimmed_values() {
        assert!(Lexical::DateTime.accepts("2025-07-21T19:30"));
        assert!(Lexical::DateTime.accepts("2025-07-21T19:30+02:00"));
        assert!(Lexical::DateTime.accepts(" 2025-07-21T19:30:00Z\n"));
        assert!(!Lexical::DateTime.accepts("2025-07-21"));
        assert!(!Lexical::DateTime.accepts("2025-07-21T19"));
        assert!(Lexical::Time.accepts("19:30"));
        assert!(!Lexical::Time.accepts("7pm"));
        assert!(Lexical::Boolean.accepts("https://schema.org/True"));
        assert!(!Lexical::Boolean.accepts("yes"));
        assert!(Lexical::Number.accepts("12") && Lexical::Number.accepts("1.5") && !Lexical::Number.accepts("1,5"));
        assert!(Lexical::Integer.accepts("-3") && !Lexical::Integer.accepts("3.0"));
        assert!(Lexical::Url.accepts("https://a.example/x") && !Lexical::Url.accepts("not a url"));
        assert!(Lexical::Duration.accepts("PT1H30M") && !Lexical::Duration.accepts("90 minutes"));
        assert!(Lexical::Date.accepts("2025-07-21") && !Lexical::Date.accepts("21/07/2025"));
    }

    #[test]
    fn language_tags() {
        for tag in ["en", "en-GB", "zh-Hant-TW", "x-private", "en-US-x-twain", "de-CH-1996", " fr "] {
            assert!(super::is_language_tag(tag), "{tag}");
        }
        for tag in ["English", "en_GB", "", "en-", "123", "e"] {
            assert!(!super::is_language_tag(tag), "{tag}");
        }
    }
}

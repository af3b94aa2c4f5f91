//! A `Content-Type` value as the front ends read it: its essence and its `charset` parameter.
//!
//! Pages come with a media type from several places: an HTTP response (fetched, or stored in a
//! WARC archive), a WARC `resource` record, a request to `harvest serve`. Each needs the same
//! two facts: whether the page is HTML, and the charset its transport declares (which
//! [`crate::Page::charset`] carries to the decoder). This is the reading of RFC 9110 §8.3.1
//! they share: the essence before the first `;`, case-insensitive; a `charset` parameter whose
//! name is case-insensitive and whose value may be quoted.
//!
//! ```
//! use harvest_pipeline::media_type::MediaType;
//! let media = MediaType::parse("Text/HTML; Charset=\"windows-1252\"");
//! assert_eq!(media.essence, "text/html");
//! assert_eq!(media.charset.as_deref(), Some("windows-1252"));
//! assert!(media.is_html());
//! assert!(!MediaType::parse("image/png").is_html());
//! ```

/// A parsed `Content-Type` value.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct MediaType {
    /// The type and subtype, lower case (`text/html`); empty when the value is.
    pub essence: String,
    /// The `charset` parameter's value, unquoted, when there is one.
    pub charset: Option<String>,
}

impl MediaType {
    /// Reads a `Content-Type` value (RFC 9110 §8.3.1). Never fails: an unreadable value gives
    /// an essence that is not HTML.
    pub fn parse(value: &str) -> MediaType {
        let mut parts = value.split(';');
        let essence = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let charset = parts.find_map(|parameter| {
            let (name, value) = parameter.split_once('=')?;
            name.trim().eq_ignore_ascii_case("charset").then(|| value.trim().trim_matches('"').to_owned())
        });
        MediaType { essence, charset }
    }

    /// `text/html` or `application/xhtml+xml`.
    pub fn is_html(&self) -> bool {
        matches!(self.essence.as_str(), "text/html" | "application/xhtml+xml")
    }
}

#[cfg(test)]
mod tests {
    use super::MediaType;

    #[test]
    fn essence_and_charset() {
        let media = MediaType::parse(" application/XHTML+xml ;q=1; charset = utf-8 ");
        assert_eq!(media.essence, "application/xhtml+xml");
        assert_eq!(media.charset.as_deref(), Some("utf-8"));
        assert!(media.is_html());
    }

    #[test]
    fn missing_or_odd_values() {
        assert_eq!(MediaType::parse(""), MediaType { essence: String::new(), charset: None });
        assert!(!MediaType::parse("").is_html());
        assert!(!MediaType::parse("text/htmlx").is_html());
        assert_eq!(MediaType::parse("text/html; charset").charset, None);
        assert_eq!(MediaType::parse("text/html;;charset=\"\"").charset.as_deref(), Some(""));
    }
}

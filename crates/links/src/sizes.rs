//! The `sizes` attribute of icons (HTML 5.0 §4.12.4.7).

use serde::Serialize;

/// One keyword of a `sizes` attribute and what it represents.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum IconSize {
    /// `any`: a scalable icon (compared ASCII case-insensitively).
    Any,
    /// `WxH`: a bitmap icon of that many device pixels.
    Size {
        /// Width in device pixels.
        width: u64,
        /// Height in device pixels.
        height: u64,
        /// The keyword as written (`16X16` represents a size but is not conforming).
        token: String,
    },
    /// A keyword that represents nothing.
    Invalid {
        /// The keyword as written.
        token: String,
    },
}

/// Parses a `sizes` value: split on spaces, then each keyword is `any`, or exactly one `x`/`X`
/// between two runs of ASCII digits neither of which starts with `0`, or represents nothing.
/// Numbers that do not fit in 64 bits represent nothing.
///
/// ```
/// use harvest_links::{parse_sizes, IconSize};
/// let sizes = parse_sizes("16x16 ANY 032x32");
/// assert_eq!(sizes[0], IconSize::Size { width: 16, height: 16, token: "16x16".into() });
/// assert_eq!(sizes[1], IconSize::Any);
/// assert_eq!(sizes[2], IconSize::Invalid { token: "032x32".into() });
/// ```
pub fn parse_sizes(value: &str) -> Vec<IconSize> {
    harvest_dom::split_ascii_whitespace(value).map(parse_keyword).collect()
}

fn parse_keyword(token: &str) -> IconSize {
    if token.eq_ignore_ascii_case("any") {
        return IconSize::Any;
    }
    let invalid = || IconSize::Invalid { token: token.to_owned() };
    // Exactly one U+0078 or U+0058.
    let mut parts = token.split(['x', 'X']);
    let (Some(width), Some(height), None) = (parts.next(), parts.next(), parts.next()) else {
        return invalid();
    };
    match (dimension(width), dimension(height)) {
        (Some(width), Some(height)) => IconSize::Size { width, height, token: token.to_owned() },
        _ => invalid(),
    }
}

/// A run of ASCII digits not starting with `0`, as a non-negative integer.
fn dimension(digits: &str) -> Option<u64> {
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords() {
        let size = |w, h, t: &str| IconSize::Size { width: w, height: h, token: t.into() };
        let bad = |t: &str| IconSize::Invalid { token: t.into() };
        assert_eq!(
            parse_sizes(" 128x128\t512X512 8192x8192 32768x32768 "),
            vec![
                size(128, 128, "128x128"),
                size(512, 512, "512X512"),
                size(8192, 8192, "8192x8192"),
                size(32768, 32768, "32768x32768")
            ]
        );
        for token in ["0x0", "x16", "16x", "16x16x16", "16", "+1x1", "1 x1", "１x1", "16×16", "99999999999999999999x1"]
        {
            for parsed in parse_sizes(token) {
                if let IconSize::Invalid { .. } = parsed {
                } else {
                    panic!("{token} parsed as {parsed:?}");
                }
            }
        }
        assert_eq!(parse_sizes("aNy"), vec![IconSize::Any]);
        assert_eq!(parse_sizes("10x0"), vec![bad("10x0")]);
        assert!(parse_sizes("").is_empty());
    }
}

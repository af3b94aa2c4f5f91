//! Token lists as HTML defines them: "split a string on ASCII whitespace".

/// HTML's ASCII whitespace: TAB, LF, FF, CR and SPACE (not VT, not NBSP).
pub fn is_ascii_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\u{0C}' | '\r' | ' ')
}

/// Splits `value` on ASCII whitespace, dropping empty tokens (HTML "split a string on ASCII
/// whitespace").
///
/// ```
/// let tokens: Vec<&str> = harvest_dom::split_ascii_whitespace(" a\u{A0}b\tc ").collect();
/// assert_eq!(tokens, vec!["a\u{A0}b", "c"]);
/// ```
pub fn split_ascii_whitespace(value: &str) -> impl Iterator<Item = &str> {
    value.split(is_ascii_whitespace).filter(|token| !token.is_empty())
}

/// The tokens of `value` with duplicates removed, first occurrence kept (an "unordered set of
/// unique space-separated tokens" read in order).
pub fn unique_tokens(value: &str) -> Vec<&str> {
    let mut seen = std::collections::HashSet::new();
    split_ascii_whitespace(value).filter(|token| seen.insert(*token)).collect()
}

/// Strips leading and trailing ASCII whitespace.
pub fn trim_ascii_whitespace(value: &str) -> &str {
    value.trim_matches(is_ascii_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting_uses_ascii_whitespace_only() {
        let tokens: Vec<&str> = split_ascii_whitespace("a\u{0B}b\r\nc\u{0C}d").collect();
        assert_eq!(tokens, vec!["a\u{0B}b", "c", "d"]);
        assert_eq!(unique_tokens("x y x z y"), vec!["x", "y", "z"]);
        let many: String = (0..100_000).map(|i| format!("c{} ", i % 50_000)).collect();
        assert_eq!(unique_tokens(&many).len(), 50_000);
        assert_eq!(trim_ascii_whitespace("\u{A0} a \n"), "\u{A0} a");
    }
}

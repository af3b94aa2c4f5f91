//! The nesting depth of a JSON text, measured in one pass before the text is processed, so
//! that a block nested past [`crate::Options::max_depth`] is reported instead of handed to a
//! processor whose work grows with the depth.

/// Whether the arrays and objects of `text` nest deeper than `limit` (strings skipped, escapes
/// honoured; the text need not be valid JSON).
pub(crate) fn exceeds(text: &[u8], limit: usize) -> bool {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for &byte in text {
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::exceeds;

    #[test]
    fn depth_counts_brackets_outside_strings() {
        assert!(!exceeds(br#"{"a": [[1]], "b": "[[[[[[["}"#, 3));
        assert!(exceeds(br#"{"a": [[1]]}"#, 2));
        assert!(!exceeds(br#"{"a": "\"[[[[", "b": {}}"#, 2));
    }
}

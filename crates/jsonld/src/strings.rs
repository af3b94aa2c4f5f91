//! The strings of a JSON text, found without parsing it into values (the blocks are parsed by
//! the JSON-LD processor; these passes only look for what the text names).

/// Calls `visit` with every string of a JSON text (escapes decoded) and whether it is an
/// object key (followed by `:`), in one pass without recursion.
pub(crate) fn each_string(text: &str, mut visit: impl FnMut(&str, bool)) {
    let bytes = text.as_bytes();
    let mut index = 0;
    while let Some(offset) = bytes.get(index..).and_then(|rest| rest.iter().position(|&b| b == b'"')) {
        let start = index + offset;
        let mut end = start + 1;
        let mut escaped = false;
        while let Some(&byte) = bytes.get(end) {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => break,
                _ => {}
            }
            end += 1;
        }
        let raw = text.get(start..(end + 1).min(bytes.len())).unwrap_or_default();
        let decoded;
        let value = if raw.contains('\\') {
            decoded = serde_json::from_str::<String>(raw).unwrap_or_default();
            decoded.as_str()
        } else {
            raw.get(1..raw.len().saturating_sub(1)).unwrap_or_default()
        };
        let after = bytes.get(end + 1..).unwrap_or_default();
        let is_key = after.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b':');
        visit(value, is_key);
        index = end + 1;
    }
}

//! Pretty-printing compact JSON text, in one pass and without recursion.
//!
//! The extractions write compact JSON; `--pretty` re-indents the text. The
//! layout is `serde_json`'s pretty printer's: two spaces per level, `"key": value`, one member
//! or element per line, `[]` and `{}` for empty containers. Working on the text, not on a
//! tree, means nesting of any depth is printed (the microdata writer has no depth bound) and
//! that a raw value embedded in the compact text is indented like the rest.

use std::io::{self, Write};

/// Writes compact JSON `text` (no whitespace outside strings, as `serde_json::to_writer` and
/// harvest-microdata write it) to `out`, indented.
///
/// ```
/// let mut out = Vec::new();
/// harvest_pipeline::pretty::write(br#"{"a":[1,{"b":"x,y"}],"c":{},"d":[]}"#, &mut out).unwrap();
/// let expected = serde_json::to_string_pretty(&serde_json::json!({"a": [1, {"b": "x,y"}], "c": {}, "d": []})).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), expected);
/// ```
pub fn write(text: &[u8], out: &mut dyn Write) -> io::Result<()> {
    let mut depth = 0usize;
    // Bytes not yet written: runs without structure are copied as one slice.
    let mut pending = 0;
    let mut in_string = false;
    let mut escaped = false;
    let mut index = 0;
    while let Some(&byte) = text.get(index) {
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            index += 1;
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'{' | b'[' => {
                out.write_all(text.get(pending..=index).unwrap_or_default())?;
                let close = if byte == b'{' { b'}' } else { b']' };
                if text.get(index + 1) == Some(&close) {
                    // An empty container stays on its line.
                    out.write_all(&[close])?;
                    index += 1;
                } else {
                    depth += 1;
                    newline(out, depth)?;
                }
                pending = index + 1;
            }
            b'}' | b']' => {
                out.write_all(text.get(pending..index).unwrap_or_default())?;
                depth = depth.saturating_sub(1);
                newline(out, depth)?;
                pending = index;
            }
            b',' => {
                out.write_all(text.get(pending..=index).unwrap_or_default())?;
                newline(out, depth)?;
                pending = index + 1;
            }
            b':' => {
                out.write_all(text.get(pending..=index).unwrap_or_default())?;
                out.write_all(b" ")?;
                pending = index + 1;
            }
            _ => {}
        }
        index += 1;
    }
    out.write_all(text.get(pending..).unwrap_or_default())
}

fn newline(out: &mut dyn Write, depth: usize) -> io::Result<()> {
    const SPACES: &[u8; 64] = b"                                                                ";
    out.write_all(b"\n")?;
    let mut left = depth.saturating_mul(2);
    while left > 0 {
        let run = left.min(SPACES.len());
        out.write_all(SPACES.get(..run).unwrap_or_default())?;
        left -= run;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    fn pretty(text: &str) -> String {
        let mut out = Vec::new();
        super::write(text.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_layout_is_serde_json_s() {
        let values = [
            json!(null),
            json!("a \" { [ , : ] } \\"),
            json!([]),
            json!({}),
            json!([[], {}, [[]], {"": {}}]),
            json!({"items": [{"type": ["h-card"], "properties": {"name": ["A, \"B\": {C}"]}}], "rels": {}}),
            json!([1, -2.5e10, true, false, null, "\\\\\""]),
        ];
        for value in values {
            let compact = serde_json::to_string(&value).unwrap();
            assert_eq!(pretty(&compact), serde_json::to_string_pretty(&value).unwrap(), "{compact}");
        }
    }

    #[test]
    fn deep_nesting_is_printed() {
        // Deeper than serde_json reads (128 levels); the output grows with the square of the
        // depth (each line is indented), so its length and edges are checked.
        let depth = 3_000;
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let mut out = Vec::new();
        super::write(text.as_bytes(), &mut out).unwrap();
        assert_eq!(out.len(), 2 * depth + 2 * (depth - 1) + 2 * (depth - 1) * (depth - 1));
        assert!(out.starts_with(b"[\n  [\n    ["));
        assert!(out.ends_with(b"]\n  ]\n]"));
    }
}

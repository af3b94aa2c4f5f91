//! Pretty-printing compact JSON text, in one pass and without recursion.
//!
//! The extractions write compact JSON; `--pretty` re-indents the text. The
//! layout is `serde_json`'s pretty printer's: two spaces per level, `"key": value`, one member
//! or element per line, `[]` and `{}` for empty containers. Working on the text, not on a
//! tree, means nesting of any depth is printed (the microdata writer has no depth bound) and
//! that a raw value embedded in the compact text is indented like the rest.
//!
//! [`Pretty`] does it as the text is written, so the compact text is never held whole; it can
//! also stop indenting past a depth ([`Pretty::max_indent`]): each line of a nesting `n` levels
//! deep otherwise starts with `2n` spaces, and a deep document's indentation grows with the
//! square of its depth.

use std::io::{self, Write};

/// Writes compact JSON `text` (no whitespace outside strings, as `serde_json::to_writer` and
/// harvest-microdata write it) to `out`, indented.
///
/// ```
/// let mut out = Vec::new();
/// harvest_html::output::pretty::write(br#"{"a":[1,{"b":"x,y"}],"c":{},"d":[]}"#, &mut out).unwrap();
/// let expected = serde_json::to_string_pretty(&serde_json::json!({"a": [1, {"b": "x,y"}], "c": {}, "d": []})).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), expected);
/// ```
pub fn write(text: &[u8], out: &mut dyn Write) -> io::Result<()> {
    let mut pretty = Pretty::new(out);
    pretty.write_all(text)?;
    pretty.finish()
}

/// A writer that indents the compact JSON text written to it and passes it on to `out`.
///
/// Call [`Pretty::finish`] at the end: an opening bracket is held until the next byte says
/// whether its container is empty.
///
/// ```
/// use std::io::Write;
/// use harvest_html::output::pretty::Pretty;
/// let mut out = Vec::new();
/// let mut pretty = Pretty::new(&mut out).max_indent(1);
/// pretty.write_all(br#"{"a":[1,"#).unwrap();
/// pretty.write_all(br#"[]]}"#).unwrap();
/// pretty.finish().unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "{\n  \"a\": [\n  1,\n  []\n  ]\n}");
/// ```
#[derive(Debug)]
pub struct Pretty<W: Write> {
    out: W,
    depth: usize,
    max_indent: usize,
    in_string: bool,
    escaped: bool,
    /// An opening bracket written, whose newline waits for the next byte.
    open: Option<u8>,
}

impl<W: Write> Pretty<W> {
    /// Indents what is written to it into `out`, every level (see [`Pretty::max_indent`]).
    pub fn new(out: W) -> Pretty<W> {
        Pretty { out, depth: 0, max_indent: usize::MAX, in_string: false, escaped: false, open: None }
    }

    /// Indents at most `levels` levels: lines nested deeper start with `2 × levels` spaces.
    /// The text stays the same JSON.
    pub fn max_indent(mut self, levels: usize) -> Pretty<W> {
        self.max_indent = levels;
        self
    }

    /// Writes what is held back (an opening bracket at the very end) and flushes.
    pub fn finish(&mut self) -> io::Result<()> {
        if self.open.take().is_some() {
            self.depth += 1;
            self.newline(self.depth)?;
        }
        self.out.flush()
    }

    /// The writer given to [`Pretty::new`].
    pub fn into_inner(self) -> W {
        self.out
    }

    fn newline(&mut self, depth: usize) -> io::Result<()> {
        const SPACES: &[u8; 64] = b"                                                                ";
        self.out.write_all(b"\n")?;
        let mut left = depth.min(self.max_indent).saturating_mul(2);
        while left > 0 {
            let run = left.min(SPACES.len());
            self.out.write_all(SPACES.get(..run).unwrap_or_default())?;
            left -= run;
        }
        Ok(())
    }
}

impl<W: Write> Write for Pretty<W> {
    fn write(&mut self, text: &[u8]) -> io::Result<usize> {
        // Bytes not yet written: runs without structure are copied as one slice.
        let mut pending = 0;
        let mut index = 0;
        while let Some(&byte) = text.get(index) {
            if let Some(opened) = self.open.take() {
                let close = if opened == b'{' { b'}' } else { b']' };
                if byte == close {
                    // An empty container stays on its line.
                    self.out.write_all(&[close])?;
                    index += 1;
                    pending = index;
                    continue;
                }
                self.depth += 1;
                self.newline(self.depth)?;
            }
            if self.in_string {
                match (self.escaped, byte) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
                index += 1;
                continue;
            }
            match byte {
                b'"' => self.in_string = true,
                b'{' | b'[' => {
                    self.out.write_all(text.get(pending..=index).unwrap_or_default())?;
                    self.open = Some(byte);
                    pending = index + 1;
                }
                b'}' | b']' => {
                    self.out.write_all(text.get(pending..index).unwrap_or_default())?;
                    self.depth = self.depth.saturating_sub(1);
                    self.newline(self.depth)?;
                    pending = index;
                }
                b',' => {
                    self.out.write_all(text.get(pending..=index).unwrap_or_default())?;
                    self.newline(self.depth)?;
                    pending = index + 1;
                }
                b':' => {
                    self.out.write_all(text.get(pending..=index).unwrap_or_default())?;
                    self.out.write_all(b" ")?;
                    pending = index + 1;
                }
                _ => {}
            }
            index += 1;
        }
        self.out.write_all(text.get(pending..).unwrap_or_default())?;
        Ok(text.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::Pretty;
    use serde_json::json;
    use std::io::Write;

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
    fn text_written_in_pieces_is_indented_as_a_whole() {
        let value = json!({"a": [[], {}, [[1]], {"b\"[": {"c": "\\\\,"}}], "d": {}});
        let compact = serde_json::to_string(&value).unwrap();
        let whole = pretty(&compact);
        // Every split, byte by byte: strings, escapes and empty containers cut anywhere.
        let mut out = Vec::new();
        let mut writer = Pretty::new(&mut out);
        for byte in compact.as_bytes() {
            writer.write_all(&[*byte]).unwrap();
        }
        writer.finish().unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), whole);
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

    #[test]
    fn bounded_indentation_grows_linearly_and_keeps_the_json() {
        let depth = 3_000;
        let text = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
        let mut out = Vec::new();
        let mut writer = Pretty::new(&mut out).max_indent(8);
        writer.write_all(text.as_bytes()).unwrap();
        writer.finish().unwrap();
        // Each bracket on its line, at most 16 spaces before it.
        assert!(out.len() <= (2 * depth + 1) * (1 + 1 + 16), "{}", out.len());
        let compact: String = String::from_utf8(out).unwrap().split_whitespace().collect();
        assert_eq!(compact, text);
    }
}

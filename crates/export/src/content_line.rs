//! Content lines of vCard and iCalendar: the "add a vCard line" and "add an iCalendar line"
//! steps of HTML microdata (HTML §5.3.1.1, §5.3.2.1), shared by both formats.
//!
//! A line is `NAME;PARAM=value;…:value` followed by CRLF, folded when long: the first physical
//! line holds at most 75 units and each continuation line a space and at most 74 more. The
//! microdata spec counts *code points* ([`Folding::CodePoints`], the default); RFC 5545 §3.1
//! and RFC 6350 §3.2 count *octets* ([`Folding::Octets`]), and octet folding here never splits
//! a UTF-8 sequence, so every physical line is valid UTF-8 of at most 75 octets plus CRLF.
//!
//! ```
//! use harvest_export::content_line::{escape_text, ContentLines, Folding};
//! let mut lines = ContentLines::new(Folding::CodePoints);
//! lines.push("fn", &[], &escape_text("Doe, Jane"));
//! lines.push("tel", &[("TYPE", "cell")], "+1 555 0100");
//! assert_eq!(lines.finish(), "FN:Doe\\, Jane\r\nTEL;TYPE=cell:+1 555 0100\r\n");
//! ```

use serde::{Deserialize, Serialize};

/// How long lines are folded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Folding {
    /// 75 code points on the first line, 74 on each continuation (the microdata spec's steps).
    #[default]
    CodePoints,
    /// 75 octets on the first line, 74 on each continuation (RFC 5545 / RFC 6350), never
    /// splitting a UTF-8 sequence.
    Octets,
}

/// The longest first physical line, in the unit of the [`Folding`].
pub const FIRST_LINE_MAX: usize = 75;
/// The longest continuation line after its leading space, in the unit of the [`Folding`].
pub const CONTINUATION_MAX: usize = 74;

/// A growing vCard or iCalendar text, one content line at a time.
#[derive(Debug, Clone, Default)]
pub struct ContentLines {
    out: String,
    folding: Folding,
}

impl ContentLines {
    /// An empty text that folds lines per `folding`.
    pub fn new(folding: Folding) -> Self {
        ContentLines { out: String::new(), folding }
    }

    /// Adds one content line (the "add a vCard line" steps): `name` in ASCII uppercase, each
    /// parameter as `;NAME=value` in the order given, `:`, then `value`, folded, then CRLF.
    ///
    /// `value` is written as given: escape it first ([`escape_text`]) where the format wants
    /// it. Parameter values are written as given too, except that one holding `;`, `:` or `,`
    /// is put in double quotes (RFC 6350 `param-value`, RFC 5545 `quoted-string`) and double
    /// quotes and line breaks inside it, which no parameter value can hold, are dropped.
    pub fn push(&mut self, name: &str, params: &[(&str, &str)], value: &str) {
        let mut line = name.to_ascii_uppercase();
        for (pname, pvalue) in params {
            line.push(';');
            line.push_str(pname);
            line.push('=');
            push_param_value(&mut line, pvalue);
        }
        line.push(':');
        line.push_str(value);
        fold_into(&line, self.folding, &mut self.out);
    }

    /// Adds one iCalendar line with an annotation written as is (the "add an iCalendar line"
    /// steps of §5.3.2.1: `NAME;annotation:value`); `value` must already be escaped.
    pub fn push_annotated(&mut self, name: &str, annotation: Option<&str>, value: &str) {
        let mut line = name.to_ascii_uppercase();
        if let Some(a) = annotation {
            line.push(';');
            line.push_str(a);
        }
        line.push(':');
        line.push_str(value);
        fold_into(&line, self.folding, &mut self.out);
    }

    /// The text so far.
    pub fn as_str(&self) -> &str {
        &self.out
    }

    /// The finished text.
    pub fn finish(self) -> String {
        self.out
    }
}

fn push_param_value(line: &mut String, value: &str) {
    let clean = |c: &char| !matches!(c, '"' | '\r' | '\n');
    if value.contains([';', ':', ',']) {
        line.push('"');
        line.extend(value.chars().filter(clean));
        line.push('"');
    } else {
        line.extend(value.chars().filter(clean));
    }
}

/// Escapes a text value: the "escape the vCard text string" steps, which are also steps 5–9 of
/// "add an iCalendar line": `\` → `\\`, `,` → `\,`, `;` → `\;`, and CRLF, CR or LF → `\n`.
pub fn escape_text(value: &str) -> String {
    escape(value, true)
}

/// Escapes a text value but leaves `;` alone: the vCard steps for the `geo` property.
pub fn escape_text_keep_semicolons(value: &str) -> String {
    escape(value, false)
}

fn escape(value: &str, semicolons: bool) -> String {
    let mut out = String::with_capacity(value.len() + 8);
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ',' => out.push_str("\\,"),
            ';' if semicolons => out.push_str("\\;"),
            '\r' => {
                // A CRLF pair is one line break.
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// Folds one unfolded line into `out` and ends it with CRLF (steps 6–10 of "add a vCard line").
pub fn fold_into(line: &str, folding: Folding, out: &mut String) {
    let mut max = FIRST_LINE_MAX;
    let mut rest = line;
    loop {
        let cut = match folding {
            Folding::CodePoints => rest.char_indices().nth(max).map(|(i, _)| i),
            Folding::Octets => {
                if rest.len() <= max {
                    None
                } else {
                    // The last char boundary at or before `max` octets; a char wider than the
                    // limit cannot happen (UTF-8 sequences are at most 4 octets).
                    let mut i = max;
                    while !rest.is_char_boundary(i) {
                        i -= 1;
                    }
                    Some(i)
                }
            }
        };
        match cut {
            Some(i) if i > 0 => {
                let (head, tail) = rest.split_at(i);
                out.push_str(head);
                out.push_str("\r\n ");
                rest = tail;
                max = CONTINUATION_MAX;
            }
            _ => break,
        }
    }
    out.push_str(rest);
    out.push_str("\r\n");
}

/// Unfolds a text: removes every CRLF followed by a space or tab (RFC 5545 §3.1).
pub fn unfold(text: &str) -> String {
    text.replace("\r\n ", "").replace("\r\n\t", "")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fold(line: &str, folding: Folding) -> String {
        let mut out = String::new();
        fold_into(line, folding, &mut out);
        out
    }

    #[test]
    fn escaping() {
        assert_eq!(escape_text("a\\b,c;d\r\ne\rf\ng"), "a\\\\b\\,c\\;d\\ne\\nf\\ng");
        assert_eq!(escape_text_keep_semicolons("1.5;-2,3"), "1.5;-2\\,3");
        assert_eq!(escape_text("\n\r"), "\\n\\n");
    }

    #[test]
    fn short_lines_are_not_folded() {
        let line = "X".repeat(75);
        assert_eq!(fold(&line, Folding::CodePoints), format!("{line}\r\n"));
        assert_eq!(fold(&line, Folding::Octets), format!("{line}\r\n"));
        assert_eq!(fold("", Folding::Octets), "\r\n");
    }

    #[test]
    fn code_point_folding_counts_code_points() {
        // 75 CJK characters fit on the first line by code points (225 octets).
        let line = "漢".repeat(75 + 74 + 1);
        let out = fold(&line, Folding::CodePoints);
        let phys: Vec<&str> = out.trim_end_matches("\r\n").split("\r\n").collect();
        assert_eq!(phys.len(), 3);
        assert_eq!(phys[0].chars().count(), 75);
        assert_eq!(phys[1].chars().count(), 75);
        assert!(phys[1].starts_with(' '));
        assert_eq!(phys[2], " 漢");
        assert_eq!(unfold(&out), format!("{line}\r\n"));
    }

    #[test]
    fn octet_folding_never_splits_a_sequence() {
        for prefix in 0..8 {
            for text in ["漢字かな", "😀🎉", "é"] {
                let line = format!("{}{}", "a".repeat(70 + prefix), text.repeat(60));
                let out = fold(&line, Folding::Octets);
                for phys in out.split_terminator("\r\n") {
                    assert!(phys.len() <= 75, "{} octets: {phys:?}", phys.len());
                }
                assert_eq!(unfold(&out), format!("{line}\r\n"));
            }
        }
        // An emoji straddling octet 75 moves whole to the next line.
        let line = format!("{}😀", "a".repeat(73));
        assert_eq!(fold(&line, Folding::Octets), format!("{}\r\n 😀\r\n", "a".repeat(73)));
    }

    #[test]
    fn parameters_in_order_and_quoted_when_needed() {
        let mut l = ContentLines::new(Folding::CodePoints);
        l.push("adr", &[("TYPE", "work"), ("LABEL", "a;b\"c")], ";;x;;;;");
        l.push_annotated("dtstart", Some("VALUE=DATE"), "20090505");
        assert_eq!(l.finish(), "ADR;TYPE=work;LABEL=\"a;bc\":;;x;;;;\r\nDTSTART;VALUE=DATE:20090505\r\n");
    }
}

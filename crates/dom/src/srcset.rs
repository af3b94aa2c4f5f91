//! HTML's `srcset` attribute: "parse a srcset attribute" (HTML, the `img` element, "Parsing a
//! srcset attribute"), step by step.
//!
//! The value is a list of image candidates: a URL, then descriptors (`640w`, `1.5x`, with a
//! future-compatible `480h` beside a width), candidates separated by commas. A URL may itself
//! contain commas (`image.png?a,b 1x`): it runs to the next whitespace, and only commas at its
//! end separate candidates. Candidates whose descriptors break the rules (two densities, a zero
//! width, an unknown descriptor) are dropped, as the algorithm drops them.
//!
//! ```
//! use harvest_dom::srcset::parse_srcset;
//! let candidates = parse_srcset("a.png, b.png 2x, c,d.png 640w 480h, bad.png 1x 2x");
//! let urls: Vec<&str> = candidates.iter().map(|c| c.url.as_str()).collect();
//! assert_eq!(urls, ["a.png", "b.png", "c,d.png"]);
//! assert_eq!(candidates[1].density, Some(2.0));
//! assert_eq!(candidates[2].width, Some(640));
//! assert_eq!(candidates[2].descriptors, ["640w", "480h"]);
//! assert_eq!(candidates[0].key(), "1x");
//! assert_eq!(candidates[2].key(), "640w");
//! ```

use crate::tokens::is_ascii_whitespace;

/// One image candidate.
#[derive(Debug, Clone, PartialEq)]
pub struct ImageCandidate {
    /// The URL as written (not resolved).
    pub url: String,
    /// The descriptors as written, in order.
    pub descriptors: Vec<String>,
    /// The width descriptor (`640w`).
    pub width: Option<u64>,
    /// The pixel density descriptor (`1.5x`).
    pub density: Option<f64>,
}

impl ImageCandidate {
    /// The candidate's descriptor as one token: its width (`640w`) or density (`1.5x`) as
    /// written, else `1x` (a candidate without descriptors has density 1).
    pub fn key(&self) -> String {
        let last = |suffix: char| self.descriptors.iter().find(|d| d.ends_with(suffix)).cloned();
        if self.width.is_some() {
            return last('w').unwrap_or_default();
        }
        if self.density.is_some() {
            return last('x').unwrap_or_default();
        }
        "1x".to_owned()
    }
}

/// "parse a srcset attribute": the valid image candidates of `input`, in order.
pub fn parse_srcset(input: &str) -> Vec<ImageCandidate> {
    split_srcset(input).into_iter().filter_map(|(url, descriptors)| parse_descriptors(url, descriptors)).collect()
}

/// Steps 1–6 of "parse a srcset attribute" without the descriptor parser: every candidate's URL
/// and descriptors as written, the invalid ones too (for rewriting the URLs of an attribute
/// without changing what it says).
///
/// ```
/// let candidates = harvest_dom::srcset::split_srcset("a,b.png 1x 2x, c.png");
/// assert_eq!(candidates, [("a,b.png".to_owned(), vec!["1x".to_owned(), "2x".to_owned()]), ("c.png".to_owned(), vec![])]);
/// ```
pub fn split_srcset(input: &str) -> Vec<(String, Vec<String>)> {
    let chars: Vec<char> = input.chars().collect();
    let mut position = 0;
    let mut candidates = Vec::new();
    loop {
        // Splitting loop, step 1: skip whitespace and commas.
        while chars.get(position).is_some_and(|&c| is_ascii_whitespace(c) || c == ',') {
            position += 1;
        }
        // Step 2: the end.
        if position >= chars.len() {
            return candidates;
        }
        // Step 3: the URL runs to the next whitespace.
        let start = position;
        while chars.get(position).is_some_and(|&c| !is_ascii_whitespace(c)) {
            position += 1;
        }
        let mut url: String = chars.get(start..position).unwrap_or_default().iter().collect();
        let mut descriptors: Vec<String> = Vec::new();
        // Step 5: a URL ending with commas ends the candidate.
        if url.ends_with(',') {
            while url.ends_with(',') {
                url.pop();
            }
        } else {
            position = tokenize_descriptors(&chars, position, &mut descriptors);
        }
        candidates.push((url, descriptors));
    }
}

/// Step 6, the descriptor tokenizer; returns the position after the candidate.
fn tokenize_descriptors(chars: &[char], mut position: usize, descriptors: &mut Vec<String>) -> usize {
    enum State {
        InDescriptor,
        InParens,
        AfterDescriptor,
    }
    while chars.get(position).is_some_and(|&c| is_ascii_whitespace(c)) {
        position += 1;
    }
    let mut current = String::new();
    let mut state = State::InDescriptor;
    loop {
        let c = chars.get(position).copied();
        match state {
            State::InDescriptor => match c {
                Some(c) if is_ascii_whitespace(c) => {
                    if !current.is_empty() {
                        descriptors.push(std::mem::take(&mut current));
                        state = State::AfterDescriptor;
                    }
                }
                Some(',') => {
                    if !current.is_empty() {
                        descriptors.push(current);
                    }
                    return position + 1;
                }
                Some('(') => {
                    current.push('(');
                    state = State::InParens;
                }
                None => {
                    if !current.is_empty() {
                        descriptors.push(current);
                    }
                    return position;
                }
                Some(c) => current.push(c),
            },
            State::InParens => match c {
                Some(')') => {
                    current.push(')');
                    state = State::InDescriptor;
                }
                None => {
                    descriptors.push(current);
                    return position;
                }
                Some(c) => current.push(c),
            },
            State::AfterDescriptor => match c {
                Some(c) if is_ascii_whitespace(c) => {}
                None => return position,
                Some(_) => {
                    state = State::InDescriptor;
                    continue;
                }
            },
        }
        position += 1;
    }
}

/// Step 7: the candidate, or `None` when its descriptors are in error.
fn parse_descriptors(url: String, descriptors: Vec<String>) -> Option<ImageCandidate> {
    let (mut width, mut density, mut height) = (None, None, None);
    for descriptor in &descriptors {
        let (value, last) = descriptor.split_at(descriptor.len().checked_sub(1)?);
        match last {
            "w" if width.is_none() && density.is_none() => width = Some(positive_integer(value)?),
            "x" if width.is_none() && density.is_none() && height.is_none() => {
                density = Some(floating_point(value).filter(|d| *d >= 0.0)?);
            }
            "h" if height.is_none() && density.is_none() => height = Some(positive_integer(value)?),
            _ => return None,
        }
    }
    if height.is_some() && width.is_none() {
        return None;
    }
    Some(ImageCandidate { url, descriptors, width, density })
}

/// A valid non-negative integer other than zero.
fn positive_integer(value: &str) -> Option<u64> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse::<u64>().ok().filter(|n| *n > 0)
}

/// A valid floating-point number (HTML): `-`?, digits and/or `.digits` (at least one digit),
/// then optionally `e`/`E`, a sign, digits.
fn floating_point(value: &str) -> Option<f64> {
    let bytes = value.as_bytes();
    let mut at = usize::from(bytes.first() == Some(&b'-'));
    let digits = |at: &mut usize| {
        let start = *at;
        while bytes.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        *at - start
    };
    let whole = digits(&mut at);
    let fraction = if bytes.get(at) == Some(&b'.') {
        at += 1;
        let count = digits(&mut at);
        if count == 0 {
            return None;
        }
        count
    } else {
        0
    };
    if whole + fraction == 0 {
        return None;
    }
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1;
        if matches!(bytes.get(at), Some(b'-' | b'+')) {
            at += 1;
        }
        if digits(&mut at) == 0 {
            return None;
        }
    }
    if at != bytes.len() {
        return None;
    }
    value.parse::<f64>().ok().filter(|f| f.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(input: &str) -> Vec<(String, Vec<String>)> {
        parse_srcset(input).into_iter().map(|c| (c.url, c.descriptors)).collect()
    }

    #[test]
    fn the_algorithm_s_cases() {
        assert_eq!(urls(""), []);
        assert_eq!(urls(" , ,"), []);
        assert_eq!(urls("a.png"), [("a.png".into(), vec![])]);
        assert_eq!(urls("a.png,b.png"), [("a.png,b.png".into(), vec![])]);
        assert_eq!(urls("a.png, b.png"), [("a.png".into(), vec![]), ("b.png".into(), vec![])]);
        assert_eq!(urls("a.png,, b.png 2x"), [("a.png".into(), vec![]), ("b.png".into(), vec!["2x".into()])]);
        assert_eq!(
            urls("a.png 1x,b.png 2x"),
            [("a.png".into(), vec!["1x".into()]), ("b.png".into(), vec!["2x".into()])]
        );
        // Parentheses keep what is inside together (future descriptors); unknown ones drop the
        // candidate.
        assert_eq!(urls("a.png foo(1, 2), b.png"), [("b.png".into(), vec![])]);
    }

    #[test]
    fn descriptor_errors_drop_the_candidate() {
        for bad in ["a 0w", "a -1w", "a 1.5w", "a 2x 1x", "a 100w 2x", "a 100h", "a 1e", "a x", "a 1y", "a .x"] {
            assert!(parse_srcset(bad).is_empty(), "{bad}");
        }
        for good in ["a 1.5x", "a 1e1x", "a 0x", "a 100w 50h", "a .5x"] {
            assert_eq!(parse_srcset(good).len(), 1, "{good}");
        }
    }
}

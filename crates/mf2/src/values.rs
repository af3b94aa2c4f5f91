//! Property values: text, URLs, the value-class-pattern and date-time assembly.

use crate::names::{is_root_class, property_class};
pub(crate) use crate::urls::{attr_of, is_one_of, Urls};
use harvest_datetime::microformats::{self, Piece};
use harvest_dom::{split_ascii_whitespace, Element, Node};

/// Whether a class names a root, classic or not, or a microformats2 property.
fn is_property_or_root_class(class: &str) -> bool {
    is_root_class(class) || crate::backcompat::root(class).is_some() || property_class(class).is_some()
}

/// What the parser knows about the page: how URLs resolve and the text of every element.
#[derive(Debug)]
pub(crate) struct Page {
    pub urls: Urls,
    pub text: crate::text::TextIndex,
    /// [`crate::Options::srcset`]: image values carry their `srcset` candidates.
    pub srcset: bool,
    /// [`crate::Options::max_value_bytes`]: the text and HTML values may still copy.
    pub budget: crate::budget::ValueBudget,
}

/// The value of an `img` with `src` as a u-* property or implied photo: `{value, alt}` when it
/// has `alt`, with its `srcset` candidates (resolved; HTML "parse a srcset attribute") when the
/// option asks and there are any; else the URL alone.
pub(crate) fn image_value(element: &Element, src: &str, page: &Page) -> crate::model::PropertyValue {
    use crate::model::{PropertyValue, UrlWithAlt};
    let value = page.urls.resolve(src);
    let alt = element.attr("alt").map(|alt| alt.to_string());
    let srcset = if page.srcset { element.attr("srcset").map(|v| srcset_candidates(v, page)) } else { None }
        .filter(|candidates| !candidates.is_empty());
    if alt.is_none() && srcset.is_none() {
        return PropertyValue::Text(value);
    }
    PropertyValue::Url(UrlWithAlt { value, alt, srcset })
}

/// Descriptor → resolved URL of each candidate, the first of each descriptor kept.
fn srcset_candidates(value: &str, page: &Page) -> indexmap::IndexMap<String, String> {
    let mut candidates = indexmap::IndexMap::new();
    for candidate in harvest_dom::srcset::parse_srcset(value) {
        candidates.entry(candidate.key()).or_insert_with(|| page.urls.resolve(&candidate.url));
    }
    candidates
}

/// microformats2 § "textContent parsing" as the suite expects it: the text of the element with
/// `script`, `style` and `template` contents dropped, each `img` replaced by its `alt`, or else
/// by its `src` resolved with a space on each side; leading and trailing white space removed
/// (NBSP included), inner white space kept as written.
pub(crate) fn text_of(node: &Node, page: &Page) -> String {
    page.text.text(node, &page.urls, &page.budget)
}

/// [`text_of`] without the trimming.
pub(crate) fn raw_text_of(node: &Node, page: &Page) -> String {
    page.text.raw_text(node, &page.urls, &page.budget)
}

/// The value-class-pattern's value elements of `element`: descendants with class `value` or
/// `value-title`, not looking inside them, nor inside nested properties or microformats.
pub(crate) fn value_elements(element: &Element) -> Vec<(Element, bool)> {
    let mut found = Vec::new();
    let mut stack: Vec<Element> = element.element_children().collect();
    stack.reverse();
    while let Some(current) = stack.pop() {
        let class = current.attr("class").map(|c| c.to_string()).unwrap_or_default();
        let mut is_value = false;
        let mut is_value_title = false;
        let mut nested = false;
        for token in split_ascii_whitespace(&class) {
            match token {
                "value" => is_value = true,
                "value-title" => is_value_title = true,
                _ => nested |= is_property_or_root_class(token),
            }
        }
        if is_value || is_value_title {
            found.push((current, is_value_title));
            continue;
        }
        if nested {
            continue;
        }
        let before = stack.len();
        stack.extend(current.element_children());
        stack[before..].reverse();
    }
    found
}

/// microformats2 § "Value Class Pattern", for `p-*` (and `u-*`) properties: the values of the
/// value elements concatenated, or `None` when there are none.
pub(crate) fn value_class_text(element: &Element, page: &Page) -> Option<String> {
    let parts = value_elements(element);
    if parts.is_empty() {
        return None;
    }
    let mut out = String::new();
    for (part, value_title) in parts {
        if value_title {
            out.push_str(&part.attr("title").map(|v| v.to_string()).unwrap_or_default());
        } else if is_one_of(&part, &["img", "area"]) {
            out.push_str(&part.attr("alt").map(|v| v.to_string()).unwrap_or_default());
        } else if let Some(value) = attr_of(&part, &["data", "input"], "value") {
            out.push_str(&value);
        } else if let Some(title) = attr_of(&part, &["abbr"], "title") {
            out.push_str(&title);
        } else {
            out.push_str(&text_of(&part.as_node(), page));
        }
    }
    Some(out)
}

/// A date-time assembled by the value-class-pattern.
#[derive(Debug, Default)]
pub(crate) struct DateTimeParts {
    date: Option<String>,
    time: Option<String>,
    zone: Option<String>,
    /// A complete date-time value, when it was the only part used: kept as written.
    whole: Option<String>,
    used: usize,
}

impl DateTimeParts {
    /// Whether a date was found.
    pub(crate) fn has_date(&self) -> bool {
        self.date.is_some()
    }

    /// Whether a time was found.
    pub(crate) fn has_time(&self) -> bool {
        self.time.is_some()
    }

    /// Supplies the date for a value that has only a time.
    pub(crate) fn imply_date(&mut self, date: &str) {
        if self.date.is_none() && self.time.is_some() {
            self.date = Some(date.to_owned());
            self.whole = None;
        }
    }

    /// The assembled value: `date time+zone` with a space, or whichever parts there are.
    pub(crate) fn assemble(&self) -> Option<String> {
        if self.used == 1 {
            if let Some(whole) = &self.whole {
                return Some(whole.clone());
            }
        }
        let time = self.time.as_ref().map(|t| format!("{t}{}", self.zone.as_deref().unwrap_or("")));
        match (&self.date, time) {
            (Some(date), Some(time)) => Some(format!("{date} {time}")),
            (Some(date), None) => Some(date.clone()),
            (None, Some(time)) => Some(time),
            (None, None) => None,
        }
    }

    fn add(&mut self, value: &str) {
        match microformats::parse_piece(value) {
            // A complete date-time counts only before any date or time was found.
            Some(Piece::DateTime { date, time, offset }) if self.date.is_none() && self.time.is_none() => {
                self.date = Some(date);
                self.time = Some(time);
                if self.zone.is_none() {
                    self.zone = offset;
                }
                self.whole = Some(value.trim().to_owned());
                self.used += 1;
            }
            Some(Piece::Date(date)) if self.date.is_none() => {
                self.date = Some(date);
                self.used += 1;
            }
            Some(Piece::Time { time, offset }) if self.time.is_none() => {
                self.time = Some(time);
                if self.zone.is_none() {
                    self.zone = offset;
                }
                self.used += 1;
            }
            Some(Piece::Offset(offset)) if self.zone.is_none() => {
                self.zone = Some(offset);
                self.used += 1;
            }
            _ => {}
        }
    }
}

/// microformats2 § "Value Class Pattern" with "parsing for date and time values": the date,
/// time and timezone found in the value elements, or `None` when no value element holds one.
pub(crate) fn value_class_datetime(element: &Element, page: &Page) -> Option<DateTimeParts> {
    let parts = value_elements(element);
    let mut assembled = DateTimeParts::default();
    for (part, value_title) in parts {
        let value = if value_title {
            part.attr("title").map(|v| v.to_string())
        } else if is_one_of(&part, &["img", "area"]) {
            part.attr("alt").map(|v| v.to_string())
        } else if is_one_of(&part, &["data", "input"]) {
            Some(part.attr("value").map(|v| v.to_string()).unwrap_or_else(|| text_of(&part.as_node(), page)))
        } else if part.is("abbr") {
            Some(part.attr("title").map(|v| v.to_string()).unwrap_or_else(|| text_of(&part.as_node(), page)))
        } else if is_one_of(&part, &["time", "ins", "del"]) {
            Some(part.attr("datetime").map(|v| v.to_string()).unwrap_or_else(|| text_of(&part.as_node(), page)))
        } else {
            Some(text_of(&part.as_node(), page))
        };
        if let Some(value) = value {
            assembled.add(&value);
        }
    }
    if assembled.used == 0 {
        None
    } else {
        Some(assembled)
    }
}

/// A value that is a time of day alone (`19:31`, `7pm`, maybe with an offset), normalised as
/// the value-class pattern writes times.
pub(crate) fn time_only(value: &str) -> Option<String> {
    match microformats::parse_piece(value)? {
        Piece::Time { time, offset } => Some(format!("{time}{}", offset.unwrap_or_default())),
        _ => None,
    }
}

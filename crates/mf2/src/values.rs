//! Property values: text, URLs, the value-class-pattern and date-time assembly.

use crate::names::{is_property_or_root_class, ClassKind};
use harvest_dom::{split_ascii_whitespace, Element, Node, Url};

/// How relative URLs are resolved, and what an empty URL becomes.
#[derive(Debug, Clone)]
pub(crate) struct Urls {
    base: Url,
    /// The base URL as written (the page URL given, or the `<base href>` value when absolute):
    /// an empty reference resolves to it, so `href=""` gives `http://example.test` and not the
    /// re-serialised `http://example.test/`.
    base_as_written: String,
}

/// The URL parser's trimming: leading and trailing C0 controls and spaces.
fn trim_url(value: &str) -> &str {
    value.trim_matches(|c: char| c <= ' ')
}

impl Urls {
    pub(crate) fn new(base: Url, base_as_written: String) -> Urls {
        Urls { base, base_as_written }
    }

    /// Resolves a URL found in the page. Absolute URLs are kept as written (only trimmed), a
    /// relative one is resolved against the base URL, an empty one is the base URL; a value the
    /// URL parser rejects is kept as written.
    pub(crate) fn resolve(&self, value: &str) -> String {
        let value = trim_url(value);
        if value.is_empty() {
            return self.base_as_written.clone();
        }
        if Url::parse(value).is_ok() {
            return value.to_owned();
        }
        match self.base.join(value) {
            Ok(url) => url.to_string(),
            Err(_) => value.to_owned(),
        }
    }
}

/// Whether an element is the HTML element with one of these names.
pub(crate) fn is_one_of(element: &Element, names: &[&str]) -> bool {
    element.is_html() && names.contains(&element.local_name())
}

/// An attribute of an element when the element is one of `names`.
pub(crate) fn attr_of(element: &Element, names: &[&str], attribute: &str) -> Option<String> {
    if is_one_of(element, names) {
        element.attr(attribute).map(|v| v.to_string())
    } else {
        None
    }
}

/// What the parser knows about the page: how URLs resolve and the text of every element.
#[derive(Debug)]
pub(crate) struct Page {
    pub urls: Urls,
    pub text: crate::text::TextIndex,
    /// [`crate::Options::srcset`]: image values carry their `srcset` candidates.
    pub srcset: bool,
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
    page.text.text(node, &page.urls)
}

/// [`text_of`] without the trimming.
pub(crate) fn raw_text_of(node: &Node, page: &Page) -> String {
    page.text.raw_text(node, &page.urls)
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
                _ => nested |= is_property_or_root_class(token) != ClassKind::None,
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
        let value = value.trim();
        if let Some((date, time, zone)) = parse_datetime(value) {
            // A complete date-time counts only before any date or time was found.
            if self.date.is_none() && self.time.is_none() {
                self.date = Some(date);
                self.time = Some(time);
                if self.zone.is_none() {
                    self.zone = zone;
                }
                self.whole = Some(value.to_owned());
                self.used += 1;
            }
        } else if is_date(value) {
            if self.date.is_none() {
                self.date = Some(value.to_owned());
                self.used += 1;
            }
        } else if let Some((time, zone)) = parse_time(value) {
            if self.time.is_none() {
                self.time = Some(time);
                if self.zone.is_none() {
                    self.zone = zone;
                }
                self.used += 1;
            }
        } else if let Some(zone) = parse_zone(value) {
            if self.zone.is_none() {
                self.zone = Some(zone);
                self.used += 1;
            }
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

fn all_digits(s: &str, len: usize) -> bool {
    s.len() == len && s.bytes().all(|b| b.is_ascii_digit())
}

/// `YYYY-MM-DD` or the ordinal `YYYY-DDD`.
pub(crate) fn is_date(value: &str) -> bool {
    let mut parts = value.split('-');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(y), Some(m), Some(d), None) => all_digits(y, 4) && all_digits(m, 2) && all_digits(d, 2),
        (Some(y), Some(d), None, None) => all_digits(y, 4) && all_digits(d, 3),
        _ => false,
    }
}

/// A timezone designator: `Z`, `±HH`, `±HHMM` or `±HH:MM`, normalised to `Z`, `±HH` or `±HHMM`.
pub(crate) fn parse_zone(value: &str) -> Option<String> {
    if value.eq_ignore_ascii_case("z") {
        return Some("Z".to_owned());
    }
    let sign = value.chars().next().filter(|c| *c == '+' || *c == '-')?;
    let rest = value.get(1..)?;
    let digits: String = rest.chars().filter(|c| *c != ':').collect();
    let colon_ok = match rest.find(':') {
        None => true,
        Some(index) => index == 2 && rest.matches(':').count() == 1,
    };
    if colon_ok && (all_digits(&digits, 2) || all_digits(&digits, 4)) {
        Some(format!("{sign}{digits}"))
    } else {
        None
    }
}

/// A time of day, 24-hour (`HH:MM[:SS[.fff]]`) or 12-hour with `am`/`pm`/`a.m.`/`p.m.`
/// (`H[:MM[:SS]]pm`), optionally followed by a timezone. Returns the time as `HH:MM[:SS]`
/// (24-hour, zero-padded) and the normalised zone.
pub(crate) fn parse_time(value: &str) -> Option<(String, Option<String>)> {
    // Split off a trailing zone.
    let (clock, zone) = match value.rfind(['+', '-', 'Z', 'z']) {
        Some(index) if index > 0 => {
            let (clock, zone) = value.split_at_checked(index)?;
            (clock.trim_end(), Some(parse_zone(zone)?))
        }
        _ => (value, None),
    };
    let lower = clock.to_ascii_lowercase();
    let (clock, meridiem) = if let Some(rest) = lower.strip_suffix("a.m.").or_else(|| lower.strip_suffix("am")) {
        (rest.trim_end().to_owned(), Some(false))
    } else if let Some(rest) = lower.strip_suffix("p.m.").or_else(|| lower.strip_suffix("pm")) {
        (rest.trim_end().to_owned(), Some(true))
    } else {
        (lower, None)
    };
    let fields: Vec<&str> = clock.split(':').collect();
    let hour_text = *fields.first()?;
    if hour_text.is_empty() || hour_text.len() > 2 || !hour_text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut hour: u32 = hour_text.parse().ok()?;
    if fields.len() > 3 || (fields.len() == 1 && meridiem.is_none()) {
        return None;
    }
    if let Some(minutes) = fields.get(1) {
        if !all_digits(minutes, 2) {
            return None;
        }
    }
    if let Some(seconds) = fields.get(2) {
        let (whole, fraction) = seconds.split_once('.').unwrap_or((seconds, "0"));
        if !all_digits(whole, 2) || fraction.is_empty() || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
    }
    match meridiem {
        Some(pm) => {
            if !(1..=12).contains(&hour) {
                return None;
            }
            if pm && hour != 12 {
                hour += 12;
            } else if !pm && hour == 12 {
                hour = 0;
            }
        }
        None if hour > 24 => return None,
        None => {}
    }
    let mut time = format!("{hour:02}");
    match fields.get(1) {
        Some(minutes) => {
            time.push(':');
            time.push_str(minutes);
        }
        None => time.push_str(":00"),
    }
    if let Some(seconds) = fields.get(2) {
        time.push(':');
        time.push_str(seconds);
    }
    Some((time, zone))
}

/// A date and a time separated by `T`, `t` or a space.
fn parse_datetime(value: &str) -> Option<(String, String, Option<String>)> {
    let index = value.find(['T', 't', ' '])?;
    let (date, time) = value.split_at_checked(index)?;
    let time = time.get(1..)?.trim_start();
    if !is_date(date) {
        return None;
    }
    let (time, zone) = parse_time(time)?;
    Some((date.to_owned(), time, zone))
}

/// The leading date of a date-time value, when it has one.
pub(crate) fn date_of(value: &str) -> Option<&str> {
    if is_date(value) {
        return Some(value);
    }
    let index = value.find(['T', 't', ' '])?;
    let date = value.get(..index)?;
    is_date(date).then_some(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        let t = |v: &str| parse_time(v).map(|(t, z)| format!("{t}{}", z.unwrap_or_default()));
        assert_eq!(t("07:00:00pm").as_deref(), Some("19:00:00"));
        assert_eq!(t("7pm").as_deref(), Some("19:00"));
        assert_eq!(t("07:00p.m.").as_deref(), Some("19:00"));
        assert_eq!(t("12am").as_deref(), Some("00:00"));
        assert_eq!(t("7:00am").as_deref(), Some("07:00"));
        assert_eq!(t("19:00:00-08:00").as_deref(), Some("19:00:00-0800"));
        assert_eq!(t("19:00z").as_deref(), Some("19:00Z"));
        assert_eq!(t("19").as_deref(), None);
        assert_eq!(t("NotADate"), None);
        assert_eq!(t("13pm"), None);
        assert!(is_date("2013-034") && is_date("2000-01-01") && !is_date("2000-1-01"));
        assert_eq!(parse_zone("+08").as_deref(), Some("+08"));
        assert_eq!(parse_zone("+0:800"), None);
    }
}

//! Parts the vCard and iCalendar exporters share: walking mf2 items, reading their values,
//! converting dates to the basic ISO 8601 forms both formats use, and finding the title element.

use harvest_mf2::{Item, PropertyValue};

use crate::datetime::{self, Date, GlobalDateTime, LocalDateTime, YearlessDate};

/// Every item of type `type_` in `items`, at any depth: each item before its nested items,
/// nested items in order of their properties (property values) and then of `children`.
/// Iterative: nesting depth costs heap, not stack.
pub(crate) fn mf2_items_of_type<'a>(items: &'a [Item], type_: &str) -> Vec<&'a Item> {
    let mut found = Vec::new();
    let mut stack: Vec<&Item> = items.iter().rev().collect();
    let mut nested: Vec<&Item> = Vec::new();
    while let Some(item) = stack.pop() {
        if item.has_type(type_) {
            found.push(item);
        }
        nested.clear();
        for values in item.properties.values() {
            nested.extend(values.iter().filter_map(PropertyValue::as_item));
        }
        nested.extend(item.children.iter());
        stack.extend(nested.iter().rev());
    }
    found
}

/// The plain text of an mf2 value: text and URLs as they are, the text of an HTML value, and
/// for a nested item its `value`, else its first `name`.
pub(crate) fn mf2_text(value: &PropertyValue) -> Option<&str> {
    match value {
        PropertyValue::Item(item) => value.as_text().or_else(|| item.get("name").first().and_then(mf2_text)),
        other => other.as_text(),
    }
}

/// The first plain text of a property that is not empty.
pub(crate) fn mf2_first_text<'a>(item: &'a Item, name: &str) -> Option<&'a str> {
    item.get(name).iter().filter_map(mf2_text).find(|t| !t.trim().is_empty())
}

/// Every non-empty plain text of a property, in order.
pub(crate) fn mf2_texts<'a>(item: &'a Item, name: &str) -> Vec<&'a str> {
    item.get(name).iter().filter_map(mf2_text).filter(|t| !t.trim().is_empty()).collect()
}

/// A date or date-time as microformats2 writes them (`dt-*` values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mf2Date {
    /// `YYYY-MM-DD`.
    Date(Date),
    /// `--MM-DD` (birthdays without a year).
    Yearless(YearlessDate),
    /// A date and time without a time zone ("floating").
    Local(LocalDateTime),
    /// A date and time with a time-zone offset.
    Global(GlobalDateTime),
}

impl Mf2Date {
    /// Reads an mf2 date: HTML's date, yearless date, local or global date and time strings,
    /// leniently also `t`/`z` in lower case, a time-zone offset of hours only (`-08`) and ISO
    /// ordinal dates (`2013-034`), forms microformats2 `dt-*` values can hold.
    pub(crate) fn parse(s: &str) -> Option<Mf2Date> {
        let s = s.trim();
        if let Some(d) = datetime::parse_yearless_date(s) {
            return Some(Mf2Date::Yearless(d));
        }
        // ISO 8601 ordinal dates (`2013-034`), which microformats2 dt-* values may hold.
        let ordinal = datetime::microformats::ordinal_to_calendar(s);
        let s = ordinal.as_deref().unwrap_or(s);
        if let Some(d) = datetime::parse_date(s) {
            return Some(Mf2Date::Date(d));
        }
        let mut norm: String = s
            .char_indices()
            .map(|(i, c)| match c {
                't' if i == 10 => 'T',
                'z' if i + 1 == s.len() => 'Z',
                c => c,
            })
            .collect();
        if let Some(d) = datetime::parse_local_date_time(&norm) {
            return Some(Mf2Date::Local(d));
        }
        if let Some(d) = datetime::parse_global_date_time(&norm) {
            return Some(Mf2Date::Global(d));
        }
        // An offset of hours only: "…-08".
        let tail = norm.len().checked_sub(3).and_then(|i| norm.as_bytes().get(i..)).unwrap_or_default();
        if let [b'+' | b'-', h1, h2] = tail {
            if !(h1.is_ascii_digit() && h2.is_ascii_digit()) {
                return None;
            }
            norm.push_str(":00");
            if let Some(d) = datetime::parse_global_date_time(&norm) {
                return Some(Mf2Date::Global(d));
            }
        }
        None
    }

    /// The basic ISO 8601 form of iCalendar and vCard: `YYYYMMDD`, `--MMDD`, `YYYYMMDDTHHMMSS`
    /// (floating), or `YYYYMMDDTHHMMSSZ` (the instant in UTC). `None` for instants outside the
    /// range chrono handles.
    pub(crate) fn basic(&self) -> Option<String> {
        match self {
            Mf2Date::Date(d) => Some(d.to_basic_string()),
            Mf2Date::Yearless(d) => Some(format!("--{:02}{:02}", d.month(), d.day())),
            Mf2Date::Local(l) => Some(format!("{}T{}", l.date().to_basic_string(), l.time().to_basic_string())),
            Mf2Date::Global(g) => g.to_basic_utc_string(),
        }
    }

    /// Whether the value is a date without a time.
    #[cfg(feature = "ical")]
    pub(crate) fn is_date(&self) -> bool {
        matches!(self, Mf2Date::Date(_) | Mf2Date::Yearless(_))
    }
}

/// Latitude, longitude and altitude as written, from `geo` (item or text) or the item's own
/// `latitude` / `longitude` / `altitude`.
pub(crate) fn coordinates(item: &Item) -> Option<(String, String, Option<String>)> {
    let own = |it: &Item| {
        let lat = mf2_first_text(it, "latitude")?.trim();
        let lon = mf2_first_text(it, "longitude")?.trim();
        let alt = mf2_first_text(it, "altitude").map(str::trim).filter(|a| is_decimal(a)).map(str::to_owned);
        (is_decimal(lat) && is_decimal(lon)).then(|| (lat.to_owned(), lon.to_owned(), alt))
    };
    for geo in item.get("geo") {
        if let PropertyValue::Item(g) = geo {
            if let Some(c) = own(g) {
                return Some(c);
            }
        }
        if let Some(text) = mf2_text(geo) {
            let text = text.trim();
            let text = text.strip_prefix("geo:").unwrap_or(text);
            if let Some((lat, lon)) = text.split_once(';').or_else(|| text.split_once(',')) {
                let (lat, lon) = (lat.trim(), lon.trim());
                if is_decimal(lat) && is_decimal(lon) {
                    return Some((lat.to_owned(), lon.to_owned(), None));
                }
            }
        }
    }
    own(item)
}

/// A decimal number as `geo` coordinates are written: optional sign, digits, optional fraction.
pub(crate) fn is_decimal(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    digits(int) && frac.is_none_or(digits)
}

/// HTML's "the title element": the first `title` element of the document in tree order.
#[cfg(feature = "vcard")]
pub(crate) fn title_element(doc: &harvest_dom::Document) -> Option<harvest_dom::Element> {
    doc.elements_named(&["title"]).next()
}

/// The page's URL, or `about:blank` when the document has none (the DOM's default).
#[cfg(feature = "vcard")]
pub(crate) fn document_url(doc: &harvest_dom::Document) -> String {
    doc.url().map_or_else(|| "about:blank".to_owned(), |u| u.as_str().to_owned())
}

/// Removes the characters a URI content value cannot hold unescaped: ASCII control characters
/// (line breaks included). URLs out of a URL parser have none; text in `u-*` properties may.
pub(crate) fn uri_value(s: &str) -> String {
    s.trim().chars().filter(|c| !c.is_ascii_control()).collect()
}

/// FNV-1a, 64 bits: a hash that stays the same across builds and platforms, for identifiers
/// derived from content.
#[cfg(feature = "ical")]
pub(crate) fn stable_hash(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            // A separator no text holds, so ("ab", "c") and ("a", "bc") differ.
            h ^= 0xff;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        for b in part.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mf2_dates() {
        let b = |s: &str| Mf2Date::parse(s).and_then(|d| d.basic());
        assert_eq!(b("2013-06-30").as_deref(), Some("20130630"));
        assert_eq!(b("--06-30").as_deref(), Some("--0630"));
        assert_eq!(b("2013-06-30 12:00").as_deref(), Some("20130630T120000"));
        assert_eq!(b("2013-06-30 12:00:00-0700").as_deref(), Some("20130630T190000Z"));
        assert_eq!(b("2013-06-30t12:00z").as_deref(), Some("20130630T120000Z"));
        assert_eq!(b("2013-06-30T12:00-07").as_deref(), Some("20130630T190000Z"));
        assert_eq!(b("2013-034").as_deref(), Some("20130203"));
        assert_eq!(b("2013-034 15:34").as_deref(), Some("20130203T153400"));
        assert_eq!(b("2013-366"), None);
        assert_eq!(b("2013-0345"), None);
        assert_eq!(b("June 30"), None);
        assert_eq!(b("2013-06-30T25:00"), None);
    }

    #[test]
    fn decimals() {
        assert!(is_decimal("-118.410623"));
        assert!(is_decimal("+34"));
        assert!(!is_decimal("34."));
        assert!(!is_decimal("1e5"));
        assert!(!is_decimal(""));
    }

    #[cfg(feature = "ical")]
    #[test]
    fn stable_hashes() {
        assert_eq!(stable_hash(&["a", "b"]), stable_hash(&["a", "b"]));
        assert_ne!(stable_hash(&["ab", "c"]), stable_hash(&["a", "bc"]));
        assert_eq!(stable_hash(&[]), 0xcbf2_9ce4_8422_2325);
    }
}

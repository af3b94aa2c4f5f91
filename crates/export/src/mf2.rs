//! Reading microformats2 values, once for every exporter (vCard, iCalendar, Atom): the plain
//! text of a property and the date of a `dt-*` property.
//!
//! * Text: the microformats2 parsing spec gives every nested item a `value` (its `p-name` for a
//!   `p-*` property, its `u-url` for a `u-*` one), so a nested item reads as that value, else
//!   its first `name`; a property's text is its first value that is not blank (a blank value
//!   says nothing, the next one may).
//! * Dates: [`Mf2Date::parse`] reads HTML's date and time microsyntaxes with the lenient forms
//!   microformats2's value-class pattern and its parsers accept (`t`/`z` in lower case, an
//!   offset of hours only, ISO 8601 ordinal dates); each format then writes the instant its
//!   own way.

use harvest_mf2::{Item, PropertyValue};

use crate::datetime::{self, Date, GlobalDateTime, LocalDateTime, YearlessDate};

/// Every item of type `type_` in `items`, at any depth: each item before its nested items,
/// nested items in order of their properties (property values) and then of `children`.
/// Iterative: nesting depth costs heap, not stack.
#[cfg(any(feature = "vcard", feature = "ical"))]
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
    #[cfg(any(feature = "vcard", feature = "ical"))]
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

#[cfg(all(test, any(feature = "vcard", feature = "ical")))]
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
}

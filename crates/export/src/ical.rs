//! iCalendar from microdata `vevent` items (HTML §5.3.2.1, to the letter) and from
//! microformats2 `h-event`s (a documented mapping, `docs/export.md`).
//!
//! `DTSTAMP` is "the current date and time"; tests and reproducible builds fix it with
//! [`IcalOptions::now`].
//!
//! ```
//! use harvest_dom::Document;
//! use harvest_export::ical::{self, IcalOptions};
//! let doc = Document::parse(
//!     r#"<div itemscope itemtype="http://microformats.org/profile/hcalendar#vevent">
//!        <strong itemprop="summary">Bluesday Tuesday: Money Road</strong>,
//!        <time itemprop="dtstart" datetime="2009-05-05T19:00:00Z">May 5th at 7pm</time></div>"#,
//! );
//! let now = chrono::DateTime::parse_from_rfc3339("2024-01-02T03:04:05Z").unwrap().to_utc();
//! let options = IcalOptions::new().now(now).prodid("-//example//test//EN");
//! assert_eq!(
//!     ical::from_microdata(&doc, &options).unwrap(),
//!     "BEGIN:VCALENDAR\r\nPRODID:-//example//test//EN\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n\
//!      DTSTAMP;VALUE=DATE-TIME:20240102T030405Z\r\nSUMMARY:Bluesday Tuesday: Money Road\r\n\
//!      DTSTART;VALUE=DATE-TIME:20090505T190000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
//! );
//! ```

use chrono::{DateTime, Utc};
use harvest_dom::{Document, Url};
use harvest_microdata::{Microdata, PropertyValue};

use crate::common;
use crate::content_line::{escape_text, ContentLines, Folding};
use crate::datetime;
use crate::mf2::{self, mf2_first_text, mf2_text, mf2_texts, Mf2Date};

/// The microdata item type of events.
pub const VEVENT_TYPE: &str = "http://microformats.org/profile/hcalendar#vevent";

/// The default `PRODID`: this library and its version.
pub const DEFAULT_PRODID: &str = concat!("-//harvest//harvest-export ", env!("CARGO_PKG_VERSION"), "//EN");

/// Why no iCalendar was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IcalError {
    /// The page has no event: no `vevent` microdata item, or no `h-event`.
    #[error("no event found: the page has no iCalendar data (microdata vevent item or microformats h-event)")]
    NothingFound,
}

/// Options of the iCalendar conversions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IcalOptions {
    now: Option<DateTime<Utc>>,
    prodid: Option<String>,
    folding: Folding,
    rfc5545_date_times: bool,
}

impl IcalOptions {
    /// The defaults: `DTSTAMP` from the system clock, [`DEFAULT_PRODID`], lines folded by code
    /// points, microdata dates written as the spec says.
    pub fn new() -> Self {
        Self::default()
    }

    /// The current date and time `DTSTAMP` records (the clock, injected).
    pub fn now(mut self, now: DateTime<Utc>) -> Self {
        self.now = Some(now);
        self
    }

    /// The `PRODID` value ("a user-agent-specific string").
    pub fn prodid(mut self, prodid: impl Into<String>) -> Self {
        self.prodid = Some(prodid.into());
        self
    }

    /// How long lines are folded ([`Folding::Octets`] for RFC 5545's 75 octets).
    pub fn folding(mut self, folding: Folding) -> Self {
        self.folding = folding;
        self
    }

    /// Microdata only: write valid global date and time strings as RFC 5545 UTC date-times
    /// (`2008-07-20 21:00:00+01:00` → `20080720T200000Z`) instead of the spec's stripping of
    /// `-` and `:` (→ `20080720 210000+0100`, which RFC 5545 readers reject when the value has
    /// an offset, a space or a fraction of a second).
    pub fn rfc5545_date_times(mut self, enabled: bool) -> Self {
        self.rfc5545_date_times = enabled;
        self
    }

    fn stamp(&self) -> String {
        self.now.unwrap_or_else(Utc::now).format("%Y%m%dT%H%M%SZ").to_string()
    }
}

fn begin_calendar(options: &IcalOptions) -> ContentLines {
    let mut out = ContentLines::new(options.folding);
    out.push_annotated("BEGIN", None, "VCALENDAR");
    out.push_annotated("PRODID", None, &escape_text(options.prodid.as_deref().unwrap_or(DEFAULT_PRODID)));
    out.push_annotated("VERSION", None, "2.0");
    out
}

// ---------------------------------------------------------------------------------------------
// Microdata (HTML §5.3.2.1).

const DATE_PROPERTIES: [&str; 6] = ["dtend", "dtstart", "exdate", "rdate", "created", "last-modified"];

/// Converts the microdata of a page to iCalendar, following HTML §5.3.2.1 "Conversion to
/// iCalendar": one `VEVENT` per item of type [`VEVENT_TYPE`], every element of the document
/// being in the algorithm's list of nodes (so nested event items count too), in tree order.
/// Returns [`IcalError::NothingFound`] when there is none.
pub fn from_microdata(doc: &Document, options: &IcalOptions) -> Result<String, IcalError> {
    let events: Vec<_> = Microdata::new(doc).all_items().into_iter().filter(|i| i.has_type(VEVENT_TYPE)).collect();
    if events.is_empty() {
        return Err(IcalError::NothingFound);
    }
    let mut out = begin_calendar(options);
    let stamp = options.stamp();
    for event in &events {
        out.push_annotated("BEGIN", None, "VEVENT");
        out.push_annotated("DTSTAMP", Some("VALUE=DATE-TIME"), &stamp);
        for (name, property) in event.properties().entries() {
            let PropertyValue::Text(value) = property.value() else {
                // "If the property's value is an item: skip the property."
                continue;
            };
            if DATE_PROPERTIES.contains(&name) {
                let stripped: String = value.chars().filter(|&c| c != '-' && c != ':').collect();
                if let Some(date) = datetime::parse_date(&value) {
                    let v = if options.rfc5545_date_times { date.to_basic_string() } else { stripped };
                    out.push_annotated(name, Some("VALUE=DATE"), &escape_text(&v));
                } else if datetime::is_valid_global_date_time_string(&value) {
                    let utc = datetime::parse_global_date_time(&value).and_then(|g| g.to_basic_utc_string());
                    let v = match utc {
                        Some(utc) if options.rfc5545_date_times => utc,
                        _ => stripped,
                    };
                    out.push_annotated(name, Some("VALUE=DATE-TIME"), &escape_text(&v));
                }
                // Otherwise skip the property.
            } else {
                out.push_annotated(name, None, &escape_text(&value));
            }
        }
        out.push_annotated("END", None, "VEVENT");
    }
    out.push_annotated("END", None, "VCALENDAR");
    Ok(out.finish())
}

// ---------------------------------------------------------------------------------------------
// microformats2 h-event.

/// Converts every microformats2 h-event of a page (at any depth: property values and
/// children included) to one iCalendar `VEVENT` each, per the mapping of `docs/export.md`.
/// `page_url` takes part in the derived `UID` of events that have neither `uid` nor `url`.
/// Returns [`IcalError::NothingFound`] when there is no h-event.
///
/// ```
/// use harvest_export::ical::{from_mf2, IcalOptions};
/// let doc = harvest_mf2::parse_html(
///     r#"<div class="h-event"><h1 class="p-name">Launch</h1>
///        <time class="dt-start" datetime="2024-05-01 18:00-07:00">May 1</time>
///        <a class="u-url" href="/launch">link</a></div>"#,
///     "https://example.com/", &Default::default()).unwrap();
/// let now = chrono::DateTime::parse_from_rfc3339("2024-01-02T03:04:05Z").unwrap().to_utc();
/// let ics = from_mf2(&doc, None, &IcalOptions::new().now(now)).unwrap();
/// assert!(ics.contains("\r\nSUMMARY:Launch\r\nDTSTART:20240502T010000Z\r\nURL:https://example.com/launch\r\n"));
/// ```
pub fn from_mf2(
    doc: &harvest_mf2::Document,
    page_url: Option<&Url>,
    options: &IcalOptions,
) -> Result<String, IcalError> {
    let events = mf2::mf2_items_of_type(&doc.items, "h-event");
    if events.is_empty() {
        return Err(IcalError::NothingFound);
    }
    let mut out = begin_calendar(options);
    let stamp = options.stamp();
    for event in events {
        hevent(event, page_url, &stamp, &mut out);
    }
    out.push_annotated("END", None, "VCALENDAR");
    Ok(out.finish())
}

fn hevent(event: &harvest_mf2::Item, page_url: Option<&Url>, stamp: &str, out: &mut ContentLines) {
    out.push("BEGIN", &[], "VEVENT");
    let url = mf2_first_text(event, "url").map(common::uri_value);
    let start_text = mf2_first_text(event, "start").unwrap_or_default().trim();
    let uid = match mf2_first_text(event, "uid") {
        Some(uid) => escape_text(uid.trim()),
        None => {
            let name = mf2_first_text(event, "name").unwrap_or_default();
            let base = url.clone().or_else(|| page_url.map(|u| u.to_string())).unwrap_or_default();
            format!("{:016x}@harvest", common::stable_hash(&[&base, start_text, name]))
        }
    };
    out.push("UID", &[], &uid);
    out.push("DTSTAMP", &[], stamp);
    let summary = mf2_first_text(event, "name").or_else(|| mf2_first_text(event, "summary"));
    if let Some(summary) = summary {
        out.push("SUMMARY", &[], &escape_text(summary.trim()));
    }
    let start = Mf2Date::parse(start_text).filter(|d| !matches!(d, Mf2Date::Yearless(_)));
    if let Some((start, basic)) = start.and_then(|d| Some((d, d.basic()?))) {
        let params: &[(&str, &str)] = if start.is_date() { &[("VALUE", "DATE")] } else { &[] };
        out.push("DTSTART", params, &basic);
        let end = mf2_first_text(event, "end").and_then(Mf2Date::parse);
        // DTEND must have DTSTART's value type (RFC 5545 §3.6.1): a date with a date.
        match end.filter(|e| e.is_date() == start.is_date() && !matches!(e, Mf2Date::Yearless(_))) {
            Some(end) => {
                if let Some(basic) = end.basic() {
                    out.push("DTEND", params, &basic);
                }
            }
            None => {
                if let Some(d) = mf2_first_text(event, "duration").and_then(|d| datetime::parse_duration(d.trim())) {
                    out.push("DURATION", &[], &d.to_ical());
                }
            }
        }
    }
    let description = mf2_first_text(event, "description").or_else(|| mf2_first_text(event, "content")).or_else(|| {
        mf2_first_text(event, "name").and(mf2_first_text(event, "summary")).filter(|s| Some(*s) != summary)
    });
    if let Some(description) = description {
        out.push("DESCRIPTION", &[], &escape_text(description.trim()));
    }
    let mut geo = None;
    if let Some(location) = event.get("location").first() {
        let text = match location {
            harvest_mf2::PropertyValue::Item(place) => {
                geo = common::coordinates(place);
                place_text(place).or_else(|| mf2_text(location).map(|t| t.trim().to_owned()))
            }
            other => mf2_text(other).map(|t| t.trim().to_owned()),
        };
        if let Some(text) = text.filter(|t| !t.is_empty()) {
            out.push("LOCATION", &[], &escape_text(&text));
        }
    }
    if let Some((lat, lon, _)) = geo.or_else(|| common::coordinates(event)) {
        // RFC 5545 GEO: two floats separated by a semicolon, which is not escaped here.
        out.push("GEO", &[], &format!("{lat};{lon}"));
    }
    if let Some(url) = &url {
        out.push("URL", &[], url);
    }
    let categories: Vec<String> = mf2_texts(event, "category").iter().map(|c| escape_text(c.trim())).collect();
    if !categories.is_empty() {
        out.push("CATEGORIES", &[], &categories.join(","));
    }
    for (prop, line) in [("organizer", "ORGANIZER"), ("attendee", "ATTENDEE")] {
        for value in event.get(prop).iter().take(if prop == "organizer" { 1 } else { usize::MAX }) {
            if let Some((cn, address)) = cal_address(value) {
                let params: Vec<(&str, &str)> = cn.iter().map(|cn| ("CN", cn.as_str())).collect();
                out.push(line, &params, &address);
            }
        }
    }
    out.push("END", &[], "VEVENT");
}

/// A place as one line of text: its name, then the address parts that are not the name.
fn place_text<'a>(place: &'a harvest_mf2::Item) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    let mut push = |t: &'a str| {
        let t = t.trim();
        if !t.is_empty() && !parts.contains(&t) {
            parts.push(t);
        }
    };
    if let Some(name) = mf2_first_text(place, "name") {
        push(name);
    }
    let adr = place.get("adr").iter().filter_map(harvest_mf2::PropertyValue::as_item).next().unwrap_or(place);
    for p in ["street-address", "extended-address", "locality", "region", "postal-code", "country-name"] {
        for t in mf2_texts(adr, p) {
            push(t);
        }
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// `CN` and a cal-address URI (RFC 5545 §3.3.3) for an organizer or attendee: a nested
/// h-card's email (`mailto:`), else its URL; a text value only when it is an email address.
fn cal_address(value: &harvest_mf2::PropertyValue) -> Option<(Option<String>, String)> {
    let as_mailto = |s: &str| {
        let s = s.trim();
        match s.get(..7) {
            Some(head) if head.eq_ignore_ascii_case("mailto:") => Some(format!("mailto:{}", s.get(7..)?.trim())),
            _ if s.contains('@') && !s.contains(char::is_whitespace) => Some(format!("mailto:{s}")),
            _ => None,
        }
    };
    match value {
        harvest_mf2::PropertyValue::Item(card) => {
            let name = mf2_first_text(card, "name").map(|n| n.trim().to_owned());
            let address = mf2_texts(card, "email")
                .into_iter()
                .find_map(as_mailto)
                .or_else(|| mf2_first_text(card, "url").map(common::uri_value))?;
            Some((name, common::uri_value(&address)))
        }
        other => Some((None, common::uri_value(&as_mailto(mf2_text(other)?)?))),
    }
}

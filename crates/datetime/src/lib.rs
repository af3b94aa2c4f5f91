#![doc = include_str!("../README.md")]
//!
//! HTML's date and time microsyntaxes (HTML "common microsyntaxes — dates and times").
//!
//! Each `parse_*` function runs the HTML parsing algorithm for one microsyntax over a *whole*
//! string and returns a typed value, or `None` when the string does not parse. Each
//! `is_valid_*` function answers whether a string is a *valid* string of that microsyntax,
//! which is slightly stricter than parsing: a valid string has at most three digits of
//! fractional seconds, while the parsing algorithms accept any number.
//!
//! | microsyntax | example | parser |
//! |---|---|---|
//! | month | `2011-11` | [`parse_month`] |
//! | date | `2011-11-18` | [`parse_date`] |
//! | yearless date | `--11-18`, `11-18` | [`parse_yearless_date`] |
//! | time | `14:54`, `14:54:39.929` | [`parse_time`] |
//! | local date and time | `2011-11-18T14:54`, `2011-11-18 14:54:39` | [`parse_local_date_time`] |
//! | time-zone offset | `Z`, `+05:30`, `-0800` | [`parse_time_zone_offset`] |
//! | global date and time | `2011-11-18T14:54:39.929Z` | [`parse_global_date_time`] |
//! | week | `2011-W47` | [`parse_week`] |
//! | duration | `PT4H18M3S`, `4h 18m 3s` | [`parse_duration`] |
//!
//! Years have at least four digits and are greater than zero (HTML has no upper bound; this
//! module accepts years up to 4,294,967,295). Conversions to [`chrono`] types are offered where
//! chrono can represent the value.
//!
//! ```
//! use harvest_datetime::{is_valid_date_string, parse_global_date_time};
//! assert!(is_valid_date_string("2024-02-29"));
//! assert!(!is_valid_date_string("2023-02-29"));
//! let dt = parse_global_date_time("2008-07-20 21:00:00+01:00").unwrap();
//! assert_eq!(dt.offset().minutes(), 60);
//! assert_eq!(dt.to_utc_string(), "2008-07-20T20:00:00Z");
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

pub mod civil;
mod duration;
pub mod microformats;

pub use duration::{is_valid_duration_string, parse_duration, Duration};

use std::fmt;

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};

/// A month: a year and a month of that year (`YYYY-MM`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Month {
    year: u32,
    month: u8,
}

impl Month {
    /// The year, at least 1.
    pub fn year(&self) -> u32 {
        self.year
    }
    /// The month, 1 to 12.
    pub fn month(&self) -> u8 {
        self.month
    }
}

impl fmt::Display for Month {
    /// The valid month string: `YYYY-MM`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

/// A proleptic-Gregorian calendar date (`YYYY-MM-DD`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: u32,
    month: u8,
    day: u8,
}

impl Date {
    /// The year, at least 1.
    pub fn year(&self) -> u32 {
        self.year
    }
    /// The month, 1 to 12.
    pub fn month(&self) -> u8 {
        self.month
    }
    /// The day of the month, 1 to the number of days in that month.
    pub fn day(&self) -> u8 {
        self.day
    }
    /// The same date as a chrono date, when chrono's range holds the year.
    pub fn to_naive_date(&self) -> Option<NaiveDate> {
        let year = i32::try_from(self.year).ok()?;
        NaiveDate::from_ymd_opt(year, u32::from(self.month), u32::from(self.day))
    }
    /// The date in the basic ISO 8601 form of iCalendar and vCard `DATE` values: `YYYYMMDD`.
    pub fn to_basic_string(&self) -> String {
        format!("{:04}{:02}{:02}", self.year, self.month, self.day)
    }
}

impl fmt::Display for Date {
    /// The valid date string: `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// A month and day without a year (`MM-DD`); February 29 is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct YearlessDate {
    month: u8,
    day: u8,
}

impl YearlessDate {
    /// The month, 1 to 12.
    pub fn month(&self) -> u8 {
        self.month
    }
    /// The day, 1 to the number of days in that month in a leap year.
    pub fn day(&self) -> u8 {
        self.day
    }
}

impl fmt::Display for YearlessDate {
    /// The valid yearless date string without the optional leading `--`: `MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}-{:02}", self.month, self.day)
    }
}

/// A time of day without a time zone (`HH:MM[:SS[.fff]]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Time {
    hour: u8,
    minute: u8,
    second: u8,
    nanosecond: u32,
}

impl Time {
    /// The hour, 0 to 23.
    pub fn hour(&self) -> u8 {
        self.hour
    }
    /// The minute, 0 to 59.
    pub fn minute(&self) -> u8 {
        self.minute
    }
    /// The whole second, 0 to 59 (HTML has no leap seconds).
    pub fn second(&self) -> u8 {
        self.second
    }
    /// The fraction of the second in nanoseconds (digits past the ninth are dropped).
    pub fn nanosecond(&self) -> u32 {
        self.nanosecond
    }
    /// The same time as a chrono time.
    pub fn to_naive_time(&self) -> Option<NaiveTime> {
        NaiveTime::from_hms_nano_opt(
            u32::from(self.hour),
            u32::from(self.minute),
            u32::from(self.second),
            self.nanosecond,
        )
    }
    /// `HHMMSS`, the basic form iCalendar and vCard use (fractions of seconds are dropped:
    /// neither format has them).
    pub fn to_basic_string(&self) -> String {
        format!("{:02}{:02}{:02}", self.hour, self.minute, self.second)
    }
}

impl fmt::Display for Time {
    /// A valid time string: `HH:MM:SS`, with `.fff…` when there is a fraction.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}:{:02}", self.hour, self.minute, self.second)?;
        if self.nanosecond != 0 {
            let frac = format!("{:09}", self.nanosecond);
            write!(f, ".{}", frac.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

/// A date and a time of day without a time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalDateTime {
    date: Date,
    time: Time,
}

impl LocalDateTime {
    /// The date part.
    pub fn date(&self) -> Date {
        self.date
    }
    /// The time part.
    pub fn time(&self) -> Time {
        self.time
    }
    /// The same value as a chrono date and time, when chrono's range holds the year.
    pub fn to_naive(&self) -> Option<NaiveDateTime> {
        Some(NaiveDateTime::new(self.date.to_naive_date()?, self.time.to_naive_time()?))
    }
}

impl fmt::Display for LocalDateTime {
    /// The normalized local date and time string: `YYYY-MM-DDTHH:MM:SS[.fff…]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}T{}", self.date, self.time)
    }
}

/// A time-zone offset from UTC, -23:59 to +23:59.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TimeZoneOffset {
    minutes: i16,
    utc_designator: bool,
}

impl TimeZoneOffset {
    /// The offset in minutes east of UTC.
    pub fn minutes(&self) -> i16 {
        self.minutes
    }
    /// Whether the offset was written `Z`.
    pub fn is_z(&self) -> bool {
        self.utc_designator
    }
    /// The same offset as a chrono offset.
    pub fn to_fixed_offset(&self) -> Option<FixedOffset> {
        FixedOffset::east_opt(i32::from(self.minutes) * 60)
    }
}

impl fmt::Display for TimeZoneOffset {
    /// `Z` when written so, else `+HH:MM` / `-HH:MM`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.utc_designator {
            return f.write_str("Z");
        }
        let sign = if self.minutes < 0 { '-' } else { '+' };
        let abs = self.minutes.unsigned_abs();
        write!(f, "{sign}{:02}:{:02}", abs / 60, abs % 60)
    }
}

/// A date and time with a time-zone offset: one instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GlobalDateTime {
    local: LocalDateTime,
    offset: TimeZoneOffset,
}

impl GlobalDateTime {
    /// The date and time as written, in the written offset.
    pub fn local(&self) -> LocalDateTime {
        self.local
    }
    /// The time-zone offset as written.
    pub fn offset(&self) -> TimeZoneOffset {
        self.offset
    }
    /// The instant as a chrono date and time in the written offset, when chrono's range holds it.
    pub fn to_chrono(&self) -> Option<DateTime<FixedOffset>> {
        self.offset.to_fixed_offset()?.from_local_datetime(&self.local.to_naive()?).single()
    }
    /// The instant in UTC, when chrono's range holds it.
    pub fn to_utc(&self) -> Option<DateTime<Utc>> {
        Some(self.to_chrono()?.with_timezone(&Utc))
    }
    /// The normalized forced-UTC global date and time string (`YYYY-MM-DDTHH:MM:SS[.fff]Z`),
    /// the form RFC 3339 and Atom use. Years outside chrono's range keep the written offset.
    pub fn to_utc_string(&self) -> String {
        match self.to_utc() {
            Some(utc) => {
                let naive = utc.naive_utc();
                let local = LocalDateTime {
                    date: Date { year: naive_year(&naive), month: naive_month(&naive), day: naive_day(&naive) },
                    time: self.local.time.with_hms_of(&naive),
                };
                format!("{local}Z")
            }
            None => self.to_string(),
        }
    }
    /// The UTC iCalendar / vCard basic form `YYYYMMDDTHHMMSSZ` (fractions of seconds dropped),
    /// when chrono's range holds the instant.
    pub fn to_basic_utc_string(&self) -> Option<String> {
        Some(self.to_utc()?.format("%Y%m%dT%H%M%SZ").to_string())
    }
}

fn naive_year(n: &NaiveDateTime) -> u32 {
    use chrono::Datelike;
    // The instant was built from a year ≥ 1 and an offset under a day: at worst year 0.
    u32::try_from(n.year()).unwrap_or(0)
}
fn naive_month(n: &NaiveDateTime) -> u8 {
    use chrono::Datelike;
    u8::try_from(n.month()).unwrap_or(1)
}
fn naive_day(n: &NaiveDateTime) -> u8 {
    use chrono::Datelike;
    u8::try_from(n.day()).unwrap_or(1)
}

impl Time {
    fn with_hms_of(&self, n: &NaiveDateTime) -> Time {
        use chrono::Timelike;
        Time {
            hour: u8::try_from(n.hour()).unwrap_or(0),
            minute: u8::try_from(n.minute()).unwrap_or(0),
            second: u8::try_from(n.second()).unwrap_or(0),
            nanosecond: self.nanosecond,
        }
    }
}

impl fmt::Display for GlobalDateTime {
    /// `YYYY-MM-DDTHH:MM:SS[.fff]` followed by the offset as written (`Z` or `±HH:MM`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.local, self.offset)
    }
}

/// A week of a week-year (`YYYY-Www`), per ISO 8601 week numbering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Week {
    year: u32,
    week: u8,
}

impl Week {
    /// The week-year, at least 1.
    pub fn year(&self) -> u32 {
        self.year
    }
    /// The week, 1 to 52 or 53.
    pub fn week(&self) -> u8 {
        self.week
    }
}

impl fmt::Display for Week {
    /// The valid week string: `YYYY-Www`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-W{:02}", self.year, self.week)
    }
}

// ---------------------------------------------------------------------------------------------
// The scanner: HTML's "position" over a string, collecting ASCII digits.

struct Cursor<'a> {
    s: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(s: &'a str) -> Self {
        Cursor { s: s.as_bytes(), pos: 0 }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }
    fn at_end(&self) -> bool {
        self.pos >= self.s.len()
    }
    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    /// Collects a run of ASCII digits; returns the digits.
    fn digits(&mut self) -> &'a [u8] {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        self.s.get(start..self.pos).unwrap_or_default()
    }
    /// Collects exactly `n` digits as a number (the run must be exactly `n` long).
    fn exact_digits(&mut self, n: usize) -> Option<u32> {
        let d = self.digits();
        if d.len() != n {
            return None;
        }
        number(d)
    }
}

fn number(d: &[u8]) -> Option<u32> {
    let mut v: u32 = 0;
    for &b in d {
        v = v.checked_mul(10)?.checked_add(u32::from(b - b'0'))?;
    }
    Some(v)
}

fn is_leap(year: u32) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

// HTML "parse a month component".
fn month_component(c: &mut Cursor<'_>) -> Option<Month> {
    let year_digits = c.digits();
    if year_digits.len() < 4 {
        return None;
    }
    let year = number(year_digits)?;
    if year == 0 || !c.eat(b'-') {
        return None;
    }
    let month = c.exact_digits(2)?;
    if !(1..=12).contains(&month) {
        return None;
    }
    Some(Month { year, month: month as u8 })
}

// HTML "parse a date component".
fn date_component(c: &mut Cursor<'_>) -> Option<Date> {
    let m = month_component(c)?;
    if !c.eat(b'-') {
        return None;
    }
    let day = c.exact_digits(2)?;
    if day < 1 || day > days_in_month(m.year, u32::from(m.month)) {
        return None;
    }
    Some(Date { year: m.year, month: m.month, day: day as u8 })
}

// HTML "parse a time component". `strict` limits the fraction to 1–3 digits (valid time string).
fn time_component(c: &mut Cursor<'_>, strict: bool) -> Option<Time> {
    let hour = c.exact_digits(2)?;
    if hour > 23 || !c.eat(b':') {
        return None;
    }
    let minute = c.exact_digits(2)?;
    if minute > 59 {
        return None;
    }
    let (mut second, mut nanosecond) = (0, 0);
    if c.eat(b':') {
        second = c.exact_digits(2)?;
        if second > 59 {
            return None;
        }
        if c.eat(b'.') {
            let frac = c.digits();
            if frac.is_empty() || (strict && frac.len() > 3) {
                return None;
            }
            for i in 0..9 {
                nanosecond = nanosecond * 10 + frac.get(i).map_or(0, |b| u32::from(b - b'0'));
            }
        }
    }
    Some(Time { hour: hour as u8, minute: minute as u8, second: second as u8, nanosecond })
}

// HTML "parse a time-zone offset component".
fn offset_component(c: &mut Cursor<'_>) -> Option<TimeZoneOffset> {
    if c.eat(b'Z') {
        return Some(TimeZoneOffset { minutes: 0, utc_designator: true });
    }
    let sign: i16 = if c.eat(b'+') {
        1
    } else if c.eat(b'-') {
        -1
    } else {
        return None;
    };
    let d = c.digits();
    let (hours, minutes) = match d.len() {
        2 => {
            let h = number(d)?;
            if !c.eat(b':') {
                return None;
            }
            (h, c.exact_digits(2)?)
        }
        4 => (number(d.get(..2)?)?, number(d.get(2..)?)?),
        _ => return None,
    };
    if hours > 23 || minutes > 59 {
        return None;
    }
    Some(TimeZoneOffset { minutes: sign * (hours * 60 + minutes) as i16, utc_designator: false })
}

fn whole<T>(s: &str, f: impl FnOnce(&mut Cursor<'_>) -> Option<T>) -> Option<T> {
    let mut c = Cursor::new(s);
    let v = f(&mut c)?;
    c.at_end().then_some(v)
}

fn local_component(c: &mut Cursor<'_>, strict: bool) -> Option<LocalDateTime> {
    let date = date_component(c)?;
    if !(c.eat(b'T') || c.eat(b' ')) {
        return None;
    }
    let time = time_component(c, strict)?;
    Some(LocalDateTime { date, time })
}

/// Parses a month string (`YYYY-MM`).
pub fn parse_month(s: &str) -> Option<Month> {
    whole(s, month_component)
}

/// Parses a date string (`YYYY-MM-DD`): a year of at least four digits above zero, a month and
/// a day that exists in that month of that year.
pub fn parse_date(s: &str) -> Option<Date> {
    whole(s, date_component)
}

/// Parses a yearless date string (`--MM-DD` or `MM-DD`); February 29 is a yearless date.
pub fn parse_yearless_date(s: &str) -> Option<YearlessDate> {
    whole(s, |c| {
        // "--" or nothing: a single hyphen is not allowed.
        if c.eat(b'-') && !c.eat(b'-') {
            return None;
        }
        let month = c.exact_digits(2)?;
        if !(1..=12).contains(&month) || !c.eat(b'-') {
            return None;
        }
        let day = c.exact_digits(2)?;
        if day < 1 || day > days_in_month(4, month) {
            return None;
        }
        Some(YearlessDate { month: month as u8, day: day as u8 })
    })
}

/// Parses a time string (`HH:MM`, `HH:MM:SS`, `HH:MM:SS.f…`, any number of fraction digits).
pub fn parse_time(s: &str) -> Option<Time> {
    whole(s, |c| time_component(c, false))
}

/// Parses a local date and time string: a date, `T` or a space, a time.
pub fn parse_local_date_time(s: &str) -> Option<LocalDateTime> {
    whole(s, |c| local_component(c, false))
}

/// Parses a time-zone offset string: `Z`, `±HH:MM` or `±HHMM` (hours 0–23, minutes 0–59).
pub fn parse_time_zone_offset(s: &str) -> Option<TimeZoneOffset> {
    whole(s, offset_component)
}

/// Parses a global date and time string: a local date and time followed by a time-zone offset.
pub fn parse_global_date_time(s: &str) -> Option<GlobalDateTime> {
    whole(s, |c| {
        let local = local_component(c, false)?;
        let offset = offset_component(c)?;
        Some(GlobalDateTime { local, offset })
    })
}

/// Parses a week string (`YYYY-Www`): the week must exist in that ISO week-year (53 weeks when
/// the year starts on a Thursday, or on a Wednesday in a leap year).
pub fn parse_week(s: &str) -> Option<Week> {
    whole(s, |c| {
        let year_digits = c.digits();
        if year_digits.len() < 4 {
            return None;
        }
        let year = number(year_digits)?;
        if year == 0 || !c.eat(b'-') || !c.eat(b'W') {
            return None;
        }
        let week = c.exact_digits(2)?;
        if week < 1 || week > weeks_in_year(year) {
            return None;
        }
        Some(Week { year, week: week as u8 })
    })
}

// Day of the week of January 1 (0 = Monday), proleptic Gregorian, by the usual congruence.
fn jan1_weekday(year: u32) -> u32 {
    let y = u64::from(year) - 1;
    // January 1 of year 1 was a Monday.
    ((y + y / 4 - y / 100 + y / 400) % 7) as u32
}

fn weeks_in_year(year: u32) -> u32 {
    let wd = jan1_weekday(year);
    if wd == 3 || (wd == 2 && is_leap(year)) {
        53
    } else {
        52
    }
}

/// Whether `s` is a valid month string.
pub fn is_valid_month_string(s: &str) -> bool {
    parse_month(s).is_some()
}

/// Whether `s` is a valid date string (the test vCard `bday`/`anniversary` and iCalendar
/// `VALUE=DATE` use).
pub fn is_valid_date_string(s: &str) -> bool {
    parse_date(s).is_some()
}

/// Whether `s` is a valid yearless date string.
pub fn is_valid_yearless_date_string(s: &str) -> bool {
    parse_yearless_date(s).is_some()
}

/// Whether `s` is a valid time string (at most three digits of fractional seconds).
pub fn is_valid_time_string(s: &str) -> bool {
    whole(s, |c| time_component(c, true)).is_some()
}

/// Whether `s` is a valid local date and time string (`T` or a space between date and time).
pub fn is_valid_local_date_time_string(s: &str) -> bool {
    whole(s, |c| local_component(c, true)).is_some()
}

/// Whether `s` is a valid normalized local date and time string: `T` as separator, and the
/// shortest time form (no `:00` seconds, no trailing zeros in the fraction).
pub fn is_valid_normalized_local_date_time_string(s: &str) -> bool {
    let Some(v) = whole(s, |c| local_component(c, true)) else { return false };
    let t = v.time;
    let shortest = if t.nanosecond != 0 {
        let frac = format!("{:09}", t.nanosecond);
        format!("{}T{:02}:{:02}:{:02}.{}", v.date, t.hour, t.minute, t.second, frac.trim_end_matches('0'))
    } else if t.second != 0 {
        format!("{}T{:02}:{:02}:{:02}", v.date, t.hour, t.minute, t.second)
    } else {
        format!("{}T{:02}:{:02}", v.date, t.hour, t.minute)
    };
    shortest == s
}

/// Whether `s` is a valid time-zone offset string.
pub fn is_valid_time_zone_offset_string(s: &str) -> bool {
    parse_time_zone_offset(s).is_some()
}

/// Whether `s` is a valid global date and time string (the test of vCard `rev` and iCalendar
/// `VALUE=DATE-TIME`).
pub fn is_valid_global_date_time_string(s: &str) -> bool {
    whole(s, |c| {
        local_component(c, true)?;
        offset_component(c)
    })
    .is_some()
}

/// Whether `s` is a valid week string.
pub fn is_valid_week_string(s: &str) -> bool {
    parse_week(s).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(parse_date("2011-11-18").map(|d| d.to_string()).as_deref(), Some("2011-11-18"));
        assert!(parse_date("0000-01-01").is_none());
        assert!(parse_date("12345-01-01").is_some());
        assert!(parse_date("999-01-01").is_none());
        assert!(parse_date("2011-1-18").is_none());
        assert!(parse_date("2011-13-18").is_none());
        assert!(parse_date("2011-04-31").is_none());
        assert!(parse_date("2000-02-29").is_some());
        assert!(parse_date("1900-02-29").is_none());
        assert!(parse_date("2011-11-18 ").is_none());
        assert!(parse_date("2011-11-18T10:00").is_none());
        assert!(parse_date("").is_none());
        assert!(parse_date("99999999999-01-01").is_none(), "years beyond u32 do not parse");
        assert_eq!(
            parse_date("2024-02-29").and_then(|d| d.to_naive_date()).map(|d| d.to_string()).as_deref(),
            Some("2024-02-29")
        );
    }

    #[test]
    fn months_and_yearless() {
        assert!(parse_month("2011-11").is_some());
        assert!(parse_month("2011-00").is_none());
        assert_eq!(parse_yearless_date("--02-29").map(|d| (d.month(), d.day())), Some((2, 29)));
        assert!(parse_yearless_date("02-29").is_some());
        assert!(parse_yearless_date("-02-29").is_none());
        assert!(parse_yearless_date("02-30").is_none());
    }

    #[test]
    fn times() {
        let t = parse_time("14:54:39.929").unwrap();
        assert_eq!((t.hour(), t.minute(), t.second(), t.nanosecond()), (14, 54, 39, 929_000_000));
        assert!(parse_time("14:54").is_some());
        assert!(parse_time("24:00").is_none());
        assert!(parse_time("14:60").is_none());
        assert!(parse_time("14:54:60").is_none());
        assert!(parse_time("14:54:3").is_none());
        assert!(parse_time("14:54:39.").is_none());
        assert!(parse_time("14:54:39.1234").is_some());
        assert!(!is_valid_time_string("14:54:39.1234"));
        assert!(is_valid_time_string("14:54:39.123"));
    }

    #[test]
    fn offsets_and_globals() {
        assert_eq!(parse_time_zone_offset("Z").map(|o| o.minutes()), Some(0));
        assert_eq!(parse_time_zone_offset("-08:00").map(|o| o.minutes()), Some(-480));
        assert_eq!(parse_time_zone_offset("+0530").map(|o| o.minutes()), Some(330));
        assert!(parse_time_zone_offset("+24:00").is_none());
        assert!(parse_time_zone_offset("+5:30").is_none());
        assert!(parse_time_zone_offset("+053").is_none());
        let g = parse_global_date_time("2009-05-05T19:00:00Z").unwrap();
        assert_eq!(g.to_basic_utc_string().as_deref(), Some("20090505T190000Z"));
        let g = parse_global_date_time("2008-07-20 21:00:00+01:00").unwrap();
        assert_eq!(g.to_utc_string(), "2008-07-20T20:00:00Z");
        assert_eq!(g.to_string(), "2008-07-20T21:00:00+01:00");
        let g = parse_global_date_time("2000-01-01T00:30-01:00").unwrap();
        assert_eq!(g.to_utc_string(), "2000-01-01T01:30:00Z");
        assert!(parse_global_date_time("2009-05-05T19:00").is_none());
        assert!(parse_global_date_time("2009-05-05T19:00z").is_none());
        assert!(is_valid_global_date_time_string("2009-05-05 19:00+0100"));
        assert!(!is_valid_global_date_time_string("2009-05-05T19:00:00.1234Z"));
        assert!(parse_global_date_time("2009-05-05T19:00:00.1234Z").is_some());
        assert!(is_valid_local_date_time_string("2009-05-05 19:00"));
        assert!(is_valid_normalized_local_date_time_string("2009-05-05T19:00"));
        assert!(!is_valid_normalized_local_date_time_string("2009-05-05T19:00:00"));
        assert!(!is_valid_normalized_local_date_time_string("2009-05-05 19:00"));
    }

    #[test]
    fn weeks() {
        assert!(parse_week("2015-W53").is_some(), "2015 starts on a Thursday");
        assert!(parse_week("2020-W53").is_some(), "2020 is leap and starts on a Wednesday");
        assert!(parse_week("2021-W53").is_none());
        assert!(parse_week("2021-W00").is_none());
        assert!(parse_week("2021-w01").is_none());
    }

    #[test]
    fn durations() {
        let d = |s: &str| parse_duration(s).map(|d| (d.seconds(), d.nanosecond()));
        assert_eq!(d("PT4H18M3S"), Some((4 * 3600 + 18 * 60 + 3, 0)));
        assert_eq!(d("P2DT1.5S"), Some((2 * 86_400 + 1, 500_000_000)));
        assert_eq!(d("P1D"), Some((86_400, 0)));
        assert_eq!(d("4h 18m 3s"), Some((4 * 3600 + 18 * 60 + 3, 0)));
        assert_eq!(d("1w2d"), Some((9 * 86_400, 0)));
        assert_eq!(d("3M 1H"), Some((3 * 60 + 3600, 0)));
        assert_eq!(d("P"), None);
        assert_eq!(d("PT"), None);
        assert_eq!(d("P1M"), None, "months are not durations");
        assert_eq!(d("PT1M1H"), None);
        assert_eq!(d("PT1.5H"), None);
        assert_eq!(d("1h 1h"), None);
        assert_eq!(d(""), None);
        assert_eq!(d("1.5h"), None);
        assert_eq!(parse_duration("PT4H18M3S").map(|d| d.to_ical()).as_deref(), Some("PT4H18M3S"));
        assert_eq!(parse_duration("P14D").map(|d| d.to_ical()).as_deref(), Some("P2W"));
        assert_eq!(parse_duration("PT1H3S").map(|d| d.to_ical()).as_deref(), Some("PT1H0M3S"));
        assert_eq!(parse_duration("PT0S").map(|d| d.to_ical()).as_deref(), Some("PT0S"));
    }
}

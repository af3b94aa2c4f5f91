//! Dates and times as microformats write them: the pieces a `dt-*` property and the
//! value-class pattern read (microformats wiki, "value-class-pattern", "Date and time
//! parsing"; microformats2 parsing specification, "parsing a dt- property").
//!
//! These forms are looser than HTML's microsyntaxes: ISO 8601 ordinal dates (`2013-034`), a
//! lower-case `t` or a space between date and time, 12-hour times (`7pm`, `7:30 a.m.`), and
//! offsets of hours only (`-08`) or without a colon (`-0800`). Each piece is returned
//! normalised the way the microformats test suite writes it: a 24-hour `HH:MM[:SS]` time and a
//! `Z`, `±HH` or `±HHMM` offset. [`ordinal_to_calendar`] turns an ordinal date into a
//! calendar one for the HTML parsers of this crate.
//!
//! ```
//! use harvest_datetime::microformats::{parse_piece, Piece};
//! assert_eq!(parse_piece("7:30pm"), Some(Piece::Time { time: "19:30".into(), offset: None }));
//! assert_eq!(parse_piece("2014-06-05"), Some(Piece::Date("2014-06-05".into())));
//! assert_eq!(
//!     parse_piece("2014-06-05t18:31-08:00"),
//!     Some(Piece::DateTime { date: "2014-06-05".into(), time: "18:31".into(), offset: Some("-0800".into()) })
//! );
//! assert_eq!(parse_piece("-08:00"), Some(Piece::Offset("-0800".into())));
//! assert_eq!(parse_piece("June 5"), None);
//! ```

/// What one piece of a microformats date-time value holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Piece {
    /// A date and a time, separated by `T`, `t` or a space, the time maybe with an offset.
    DateTime {
        /// The date as written (`YYYY-MM-DD` or `YYYY-DDD`).
        date: String,
        /// The time, 24-hour `HH:MM[:SS[.fff]]`.
        time: String,
        /// The offset, `Z`, `±HH` or `±HHMM`.
        offset: Option<String>,
    },
    /// A date alone, as written (`YYYY-MM-DD` or `YYYY-DDD`).
    Date(String),
    /// A time of day, maybe with an offset.
    Time {
        /// The time, 24-hour `HH:MM[:SS[.fff]]`.
        time: String,
        /// The offset, `Z`, `±HH` or `±HHMM`.
        offset: Option<String>,
    },
    /// A time-zone offset alone, `Z`, `±HH` or `±HHMM`.
    Offset(String),
}

/// Reads one piece of a date-time value (leading and trailing white space ignored): a
/// date-time, a date, a time or an offset, in that order of preference.
pub fn parse_piece(value: &str) -> Option<Piece> {
    let value = value.trim();
    if let Some((date, time, offset)) = parse_date_time(value) {
        return Some(Piece::DateTime { date: date.to_owned(), time, offset });
    }
    if is_date(value) {
        return Some(Piece::Date(value.to_owned()));
    }
    if let Some((time, offset)) = parse_time(value) {
        return Some(Piece::Time { time, offset });
    }
    parse_offset(value).map(Piece::Offset)
}

/// The date a date or date-time value starts with (`2014-06-05` of `2014-06-05 18:31`).
///
/// ```
/// use harvest_datetime::microformats::leading_date;
/// assert_eq!(leading_date("2014-06-05T18:31"), Some("2014-06-05"));
/// assert_eq!(leading_date("18:31"), None);
/// ```
pub fn leading_date(value: &str) -> Option<&str> {
    if is_date(value) {
        return Some(value);
    }
    let index = value.find(['T', 't', ' '])?;
    let date = value.get(..index)?;
    is_date(date).then_some(date)
}

/// `YYYY-DDD…` (an ISO 8601 ordinal date, maybe followed by more) as `YYYY-MM-DD…`; `None`
/// for any other text or for a day the year does not have.
///
/// ```
/// use harvest_datetime::microformats::ordinal_to_calendar;
/// assert_eq!(ordinal_to_calendar("2013-034 15:34").as_deref(), Some("2013-02-03 15:34"));
/// assert_eq!(ordinal_to_calendar("2013-366"), None);
/// ```
pub fn ordinal_to_calendar(value: &str) -> Option<String> {
    let bytes = value.as_bytes();
    let digits = |range: std::ops::Range<usize>| bytes.get(range).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    if !(digits(0..4) && bytes.get(4) == Some(&b'-') && digits(5..8)) || bytes.get(8).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let year: i32 = value.get(0..4)?.parse().ok()?;
    let day: u32 = value.get(5..8)?.parse().ok()?;
    let date = chrono::NaiveDate::from_yo_opt(year, day)?;
    Some(format!("{}{}", date.format("%Y-%m-%d"), value.get(8..)?))
}

fn all_digits(s: &str, len: usize) -> bool {
    s.len() == len && s.bytes().all(|b| b.is_ascii_digit())
}

/// `YYYY-MM-DD` or the ordinal `YYYY-DDD`.
fn is_date(value: &str) -> bool {
    let mut parts = value.split('-');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(y), Some(m), Some(d), None) => all_digits(y, 4) && all_digits(m, 2) && all_digits(d, 2),
        (Some(y), Some(d), None, None) => all_digits(y, 4) && all_digits(d, 3),
        _ => false,
    }
}

/// An offset: `Z`, `±HH`, `±HHMM` or `±HH:MM`, normalised to `Z`, `±HH` or `±HHMM`.
fn parse_offset(value: &str) -> Option<String> {
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

/// A time of day, 24-hour (`HH:MM[:SS[.fff]]`) or 12-hour with `am`/`pm`/`a.m.`/`p.m.` in any
/// case (`H[:MM[:SS]]pm`), maybe followed by an offset: the time as `HH:MM[:SS]` (24-hour,
/// zero-padded) and the normalised offset.
fn parse_time(value: &str) -> Option<(String, Option<String>)> {
    let (clock, offset) = match value.rfind(['+', '-', 'Z', 'z']) {
        Some(index) if index > 0 => {
            let (clock, offset) = value.split_at_checked(index)?;
            (clock.trim_end(), Some(parse_offset(offset)?))
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
    Some((time, offset))
}

/// A date and a time separated by `T`, `t` or a space.
fn parse_date_time(value: &str) -> Option<(&str, String, Option<String>)> {
    let index = value.find(['T', 't', ' '])?;
    let (date, time) = value.split_at_checked(index)?;
    let time = time.get(1..)?.trim_start();
    if !is_date(date) {
        return None;
    }
    let (time, offset) = parse_time(time)?;
    Some((date, time, offset))
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
        assert_eq!(parse_offset("+08").as_deref(), Some("+08"));
        assert_eq!(parse_offset("+0:800"), None);
    }

    #[test]
    fn pieces_never_panic_on_odd_text() {
        for value in ["", "T", "-", "2014-06-05T", "2014-06-05 ", "é:ü", "12:3é", "+", "2014-06-05T12:00+é"] {
            let _ = parse_piece(value);
            let _ = leading_date(value);
            let _ = ordinal_to_calendar(value);
        }
    }
}

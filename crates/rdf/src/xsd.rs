//! XML Schema 1.1 Part 2 lexical forms, for the value typing of the RDF conversions (the W3C
//! Microdata-to-RDF note's "property value", HTML+RDFa 1.1 §3.1's `@datetime` typing): one
//! function per datatype, each matching the datatype's lexical space as its regular expression
//! in XSD 1.1 Part 2 §3.3 states it.
//!
//! | datatype | example | function |
//! |---|---|---|
//! | `xsd:integer` (§3.4.13) | `-12` | [`is_integer`] |
//! | `xsd:double` (§3.3.5) | `1.1`, `1e3`, `INF` | [`is_double`] |
//! | `xsd:date` (§3.3.9) | `2011-06-28`, `2011-06-28Z` | [`is_date`] |
//! | `xsd:time` (§3.3.8) | `00:00:00Z` | [`is_time`] |
//! | `xsd:dateTime` (§3.3.7) | `2011-06-28T00:00:00Z` | [`is_date_time`] |
//! | `xsd:gYearMonth` (§3.3.10) | `2011-06` | [`is_g_year_month`] |
//! | `xsd:gYear` (§3.3.11) | `2011` | [`is_g_year`] |
//! | `xsd:duration` (§3.3.6) | `P2011Y06M28DT00H00M00S` | [`is_duration`] |
//!
//! These are lexical checks, as both specs ask ("has the lexical form of", "lexically valid"): `2011-02-30` has the
//! lexical form of `xsd:date` although no such day exists.

/// The XSD namespace.
pub const XSD: &str = "http://www.w3.org/2001/XMLSchema#";

/// A cursor over ASCII text.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor { bytes: text.as_bytes(), at: 0 }
    }

    fn done(&self) -> bool {
        self.at >= self.bytes.len()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    /// One or more digits; how many.
    fn digits(&mut self) -> usize {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        self.at - start
    }

    /// Exactly two digits, as a number.
    fn two_digits(&mut self) -> Option<u8> {
        let (Some(a), Some(b)) = (self.bytes.get(self.at), self.bytes.get(self.at + 1)) else { return None };
        if !a.is_ascii_digit() || !b.is_ascii_digit() {
            return None;
        }
        self.at += 2;
        Some((a - b'0') * 10 + (b - b'0'))
    }
}

/// `yearFrag`: `-?([1-9][0-9]{3,}|0[0-9]{3})`.
fn year(c: &mut Cursor<'_>) -> bool {
    c.eat(b'-');
    let start = c.at;
    let count = c.digits();
    match c.bytes.get(start) {
        Some(b'0') => count == 4,
        Some(_) => count >= 4,
        None => false,
    }
}

/// `monthFrag`: `0[1-9]|1[0-2]`.
fn month(c: &mut Cursor<'_>) -> bool {
    c.two_digits().is_some_and(|m| (1..=12).contains(&m))
}

/// `dayFrag`: `0[1-9]|[12][0-9]|3[01]`.
fn day(c: &mut Cursor<'_>) -> bool {
    c.two_digits().is_some_and(|d| (1..=31).contains(&d))
}

/// `timezoneFrag`, optional: `Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00)`.
fn optional_timezone(c: &mut Cursor<'_>) -> bool {
    if c.eat(b'Z') {
        return true;
    }
    if !(c.eat(b'+') || c.eat(b'-')) {
        return true;
    }
    match (c.two_digits(), c.eat(b':'), c.two_digits()) {
        (Some(h), true, Some(m)) => (h <= 13 && m <= 59) || (h == 14 && m == 0),
        _ => false,
    }
}

/// `timeFrag`: `(hourFrag:minuteFrag:secondFrag)|endOfDayFrag`.
fn time_of_day(c: &mut Cursor<'_>) -> bool {
    let (Some(hour), true, Some(minute), true, Some(second)) =
        (c.two_digits(), c.eat(b':'), c.two_digits(), c.eat(b':'), c.two_digits())
    else {
        return false;
    };
    let mut fraction_zero = true;
    if c.eat(b'.') {
        let start = c.at;
        if c.digits() == 0 {
            return false;
        }
        fraction_zero = c.bytes.get(start..c.at).is_some_and(|digits| digits.iter().all(|&d| d == b'0'));
    }
    if hour == 24 {
        return minute == 0 && second == 0 && fraction_zero;
    }
    hour <= 23 && minute <= 59 && second <= 59
}

fn date_part(c: &mut Cursor<'_>) -> bool {
    year(c) && c.eat(b'-') && month(c) && c.eat(b'-') && day(c)
}

/// `xsd:integer`: `[\-+]?[0-9]+`.
pub fn is_integer(text: &str) -> bool {
    let mut c = Cursor::new(text);
    let _ = c.eat(b'-') || c.eat(b'+');
    c.digits() > 0 && c.done()
}

/// `xsd:double`: `(\+|-)?([0-9]+(\.[0-9]*)?|\.[0-9]+)([Ee](\+|-)?[0-9]+)?|(\+|-)?INF|NaN`.
pub fn is_double(text: &str) -> bool {
    if matches!(text, "INF" | "+INF" | "-INF" | "NaN") {
        return true;
    }
    let mut c = Cursor::new(text);
    let _ = c.eat(b'-') || c.eat(b'+');
    let whole = c.digits();
    let fraction = if c.eat(b'.') { c.digits() } else { 0 };
    if whole == 0 && fraction == 0 {
        return false;
    }
    if c.eat(b'e') || c.eat(b'E') {
        let _ = c.eat(b'-') || c.eat(b'+');
        if c.digits() == 0 {
            return false;
        }
    }
    c.done()
}

/// `xsd:date`: `yearFrag-monthFrag-dayFrag timezoneFrag?`.
pub fn is_date(text: &str) -> bool {
    let mut c = Cursor::new(text);
    date_part(&mut c) && optional_timezone(&mut c) && c.done()
}

/// `xsd:time`: `timeFrag timezoneFrag?`.
pub fn is_time(text: &str) -> bool {
    let mut c = Cursor::new(text);
    time_of_day(&mut c) && optional_timezone(&mut c) && c.done()
}

/// `xsd:dateTime`: `yearFrag-monthFrag-dayFrag T timeFrag timezoneFrag?`.
pub fn is_date_time(text: &str) -> bool {
    let mut c = Cursor::new(text);
    date_part(&mut c) && c.eat(b'T') && time_of_day(&mut c) && optional_timezone(&mut c) && c.done()
}

/// `xsd:gYearMonth`: `yearFrag-monthFrag timezoneFrag?`.
pub fn is_g_year_month(text: &str) -> bool {
    let mut c = Cursor::new(text);
    year(&mut c) && c.eat(b'-') && month(&mut c) && optional_timezone(&mut c) && c.done()
}

/// `xsd:gYear`: `yearFrag timezoneFrag?`.
pub fn is_g_year(text: &str) -> bool {
    let mut c = Cursor::new(text);
    year(&mut c) && optional_timezone(&mut c) && c.done()
}

/// `xsd:duration`: `-?P` then years, months, days (each optional, in this order), then
/// optionally `T` with hours, minutes, seconds (each optional, at least one); at least one
/// component in all. Only seconds may have a fraction.
pub fn is_duration(text: &str) -> bool {
    let mut c = Cursor::new(text);
    c.eat(b'-');
    if !c.eat(b'P') {
        return false;
    }
    let Some(date_components) = components(&mut c, b"YMD", None) else { return false };
    let mut time_components = 0;
    if c.eat(b'T') {
        match components(&mut c, b"HMS", Some(b'S')) {
            Some(count) if count > 0 => time_components = count,
            _ => return false,
        }
    }
    date_components + time_components > 0 && c.done()
}

/// The `nY`, `nM`, `nD` (or `nH`, `nM`, `nS`) components of a duration up to a `T` or the
/// end: each designator at most once and in order, a fraction only before `fraction_on`.
/// Returns how many there were, `None` when they are malformed.
fn components(c: &mut Cursor<'_>, designators: &[u8], fraction_on: Option<u8>) -> Option<usize> {
    let mut allowed = designators;
    let mut count = 0;
    while !c.done() && c.peek() != Some(b'T') {
        if c.digits() == 0 {
            return None;
        }
        let fraction = c.eat(b'.');
        if fraction && c.digits() == 0 {
            return None;
        }
        let designator = c.peek()?;
        let position = allowed.iter().position(|&d| d == designator)?;
        if fraction && fraction_on != Some(designator) {
            return None;
        }
        c.at += 1;
        allowed = allowed.get(position + 1..).unwrap_or_default();
        count += 1;
    }
    Some(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        for yes in ["1", "-12", "+007"] {
            assert!(is_integer(yes), "{yes}");
        }
        for no in ["", "-", "1.0", "1e3", " 1"] {
            assert!(!is_integer(no), "{no}");
        }
        for yes in ["1.1", "1.", ".5", "-1e3", "1.5E-2", "INF", "-INF", "NaN", "3"] {
            assert!(is_double(yes), "{yes}");
        }
        for no in ["", ".", "e3", "1e", "1.1.1", "inf", "foo", "1,5"] {
            assert!(!is_double(no), "{no}");
        }
    }

    #[test]
    fn dates_and_times() {
        for yes in ["2011-06-28", "2011-06-28Z", "-0044-03-15", "12011-06-28+14:00", "2011-02-30"] {
            assert!(is_date(yes), "{yes}");
        }
        for no in ["2011-6-28", "11-06-28", "0000x", "2011-13-01", "2011-06-28+14:01", "2011-06-28T00:00:00"] {
            assert!(!is_date(no), "{no}");
        }
        for yes in ["00:00:00Z", "23:59:59.999", "24:00:00", "12:00:00-05:00"] {
            assert!(is_time(yes), "{yes}");
        }
        for no in ["00:00", "24:00:01", "25:00:00", "12:60:00", "12:00:00."] {
            assert!(!is_time(no), "{no}");
        }
        assert!(is_date_time("2011-06-28T00:00:00Z"));
        assert!(!is_date_time("2011-06-28 00:00:00Z"));
        assert!(is_g_year_month("2011-06") && !is_g_year_month("2011-6"));
        assert!(is_g_year("2011") && is_g_year("2011Z") && !is_g_year("211"));
    }

    #[test]
    fn durations() {
        for yes in ["P2011Y06M28DT00H00M00S", "P1D", "PT1H", "-P1Y", "PT0.5S", "P1Y2M", "PT1M1S"] {
            assert!(is_duration(yes), "{yes}");
        }
        for no in ["P", "PT", "P1H", "P1D1Y", "PT1.5M", "1D", "P1DT", "PT1S2M", "P-1D"] {
            assert!(!is_duration(no), "{no}");
        }
    }
}

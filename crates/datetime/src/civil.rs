//! Calendar arithmetic: dates of the proleptic Gregorian calendar as day counts from
//! 1970-01-01 and back, and instants as RFC 3339 `date-time` strings in UTC.
//!
//! The one place harvest turns a moment into a calendar date: the Atom exporter's `updated`
//! and "newest" comparisons and `harvest serve`'s log timestamps read these. The day count
//! uses the era method (400-year eras of 146,097 days, years counted from March so that the
//! leap day ends the year), exact for every year an `i64` day count reaches, unlike
//! [`chrono`]'s dates, which stop at year 262,143 while HTML dates do not.
//!
//! ```
//! use harvest_datetime::civil::{civil_from_days, days_from_civil, utc_date_time};
//! assert_eq!(days_from_civil(2024, 2, 29), 19_782);
//! assert_eq!(civil_from_days(19_782), (2024, 2, 29));
//! assert_eq!(utc_date_time(1_709_210_096, Some(789)), "2024-02-29T12:34:56.789Z");
//! assert_eq!(utc_date_time(-1, None), "1969-12-31T23:59:59Z");
//! ```

use std::time::{SystemTime, UNIX_EPOCH};

/// Days in a 400-year era of the Gregorian calendar.
const DAYS_PER_ERA: i64 = 146_097;
/// Days from 0000-03-01 (the start of era 0, years counted from March) to 1970-01-01.
const EPOCH_FROM_ERA_START: i64 = 719_468;
/// Seconds in a day (UTC, leap seconds not counted, as in POSIX time and RFC 3339 arithmetic).
const SECONDS_PER_DAY: i128 = 86_400;

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (negative before it).
/// `month` is 1 to 12 and `day` 1 to 31; the date is not checked against its month's length.
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    // Years start in March, so February's leap day is the last day of its year.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let m = i64::from(month);
    let day_of_year = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * DAYS_PER_ERA + day_of_era - EPOCH_FROM_ERA_START
}

/// The date (year, month 1 to 12, day 1 to 31) a day count from 1970-01-01 names: the inverse
/// of [`days_from_civil`].
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + EPOCH_FROM_ERA_START;
    let era = z.div_euclid(DAYS_PER_ERA);
    let day_of_era = z - era * DAYS_PER_ERA;
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    // Both in range by construction: day 1..=31, month 1..=12.
    let day = u32::try_from(day_of_year - (153 * month_index + 2) / 5 + 1).unwrap_or(1);
    let month = u32::try_from(if month_index < 10 { month_index + 3 } else { month_index - 9 }).unwrap_or(1);
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Whole seconds from 1970-01-01T00:00:00Z to `time`, rounded down (so negative before it,
/// a time 0.5 s before the epoch being second -1), and the nanoseconds past that second.
pub fn unix_seconds(time: SystemTime) -> (i128, u32) {
    match time.duration_since(UNIX_EPOCH) {
        Ok(after) => (i128::from(after.as_secs()), after.subsec_nanos()),
        Err(before) => {
            let d = before.duration();
            match d.subsec_nanos() {
                0 => (-i128::from(d.as_secs()), 0),
                nanos => (-i128::from(d.as_secs()) - 1, 1_000_000_000 - nanos),
            }
        }
    }
}

/// An RFC 3339 `date-time` in UTC (`Z`) for a count of seconds from the epoch:
/// `YYYY-MM-DDTHH:MM:SS` with, when `millis` is given, three digits of the second's fraction.
/// Years before 1 or after 9999 are written as they come (more digits, or a sign), which
/// RFC 3339 cannot express; day counts past `i64` write 1970-01-01.
pub fn utc_date_time(seconds: i128, millis: Option<u32>) -> String {
    let days = i64::try_from(seconds.div_euclid(SECONDS_PER_DAY)).unwrap_or(0);
    let of_day = seconds.rem_euclid(SECONDS_PER_DAY);
    let (year, month, day) = civil_from_days(days);
    let (hour, minute, second) = (of_day / 3600, of_day % 3600 / 60, of_day % 60);
    match millis {
        Some(millis) => format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{millis:03}Z"),
        None => format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn day_counts_round_trip_across_eras_and_leap_days() {
        for days in (-800_000..800_000).step_by(97) {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days, "{y}-{m}-{d}");
        }
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1) - days_from_civil(2000, 2, 28), 2);
        assert_eq!(days_from_civil(1900, 3, 1) - days_from_civil(1900, 2, 28), 1);
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn instants_before_the_epoch_round_down() {
        let half_before = UNIX_EPOCH - Duration::from_millis(500);
        assert_eq!(unix_seconds(half_before), (-1, 500_000_000));
        assert_eq!(unix_seconds(UNIX_EPOCH - Duration::from_secs(2)), (-2, 0));
        assert_eq!(utc_date_time(unix_seconds(half_before).0, None), "1969-12-31T23:59:59Z");
    }

    #[test]
    fn utc_strings() {
        assert_eq!(utc_date_time(0, Some(0)), "1970-01-01T00:00:00.000Z");
        assert_eq!(utc_date_time(4_102_444_799, None), "2099-12-31T23:59:59Z");
    }
}

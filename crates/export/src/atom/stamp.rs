//! Instants: a written value and the moment it names, so that "the newest date" compares
//! moments, not strings, while the feed keeps the date as the page wrote it.

use crate::datetime::GlobalDateTime;
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Debug, Clone)]
pub(super) struct Stamp {
    pub(super) text: String,
    /// Seconds since 1970-01-01T00:00:00Z and the nanosecond.
    pub(super) key: (i128, u32),
}

/// Days from 1970-01-01 to a proleptic-Gregorian date (H. Hinnant's `days_from_civil`).
pub(super) fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count from 1970-01-01 (H. Hinnant's `civil_from_days`).
pub(super) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = (if mp < 10 { mp + 3 } else { mp - 9 }) as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

impl Stamp {
    /// A parsed global date and time, written in its own offset with seconds (a valid global
    /// date and time string that is also an RFC 3339 `date-time` for four-digit years).
    pub(super) fn global(value: &GlobalDateTime) -> Stamp {
        let local = value.local();
        let (date, time) = (local.date(), local.time());
        let days = days_from_civil(i64::from(date.year()), u32::from(date.month()), u32::from(date.day()));
        let seconds = i128::from(days) * 86_400
            + i128::from(time.hour()) * 3600
            + i128::from(time.minute()) * 60
            + i128::from(time.second())
            - i128::from(value.offset().minutes()) * 60;
        Stamp { text: value.to_string(), key: (seconds, time.nanosecond()) }
    }

    /// Midnight UTC of a date (§5.5.3 step 16.14.2: "midnight and no offset").
    pub(super) fn midnight(date: &crate::datetime::Date) -> Stamp {
        let days = days_from_civil(i64::from(date.year()), u32::from(date.month()), u32::from(date.day()));
        Stamp { text: format!("{date}T00:00:00Z"), key: (i128::from(days) * 86_400, 0) }
    }

    /// A system time in UTC, to the second.
    pub(super) fn system(time: SystemTime) -> Stamp {
        let seconds: i128 = match time.duration_since(UNIX_EPOCH) {
            Ok(after) => i128::from(after.as_secs()),
            Err(before) => {
                let d = before.duration();
                -i128::from(d.as_secs()) - i128::from(d.subsec_nanos() > 0)
            }
        };
        let days = i64::try_from(seconds.div_euclid(86_400)).unwrap_or(0);
        let rest = seconds.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        let text =
            format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rest / 3600, rest % 3600 / 60, rest % 60);
        Stamp { text, key: (seconds, 0) }
    }
}

//! Instants: a written value and the moment it names, so that "the newest date" compares
//! moments, not strings, while the feed keeps the date as the page wrote it.

use crate::datetime::civil::{days_from_civil, unix_seconds, utc_date_time};
use crate::datetime::GlobalDateTime;
use std::time::SystemTime;

#[derive(Debug, Clone)]
pub(super) struct Stamp {
    pub(super) text: String,
    /// Seconds since 1970-01-01T00:00:00Z and the nanosecond.
    pub(super) key: (i128, u32),
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
        let (seconds, _) = unix_seconds(time);
        let text = utc_date_time(seconds, None);
        Stamp { text, key: (seconds, 0) }
    }
}

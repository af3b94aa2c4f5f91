//! HTML §2.3.5.10 "Durations": the duration type, both of its string forms (ISO 8601-like
//! `P…` and the component form), and the validity check.

use super::*;

/// A duration: a whole number of seconds plus a fraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Duration {
    seconds: u64,
    nanosecond: u32,
}

impl Duration {
    /// The whole seconds.
    pub fn seconds(&self) -> u64 {
        self.seconds
    }
    /// The fraction of a second in nanoseconds.
    pub fn nanosecond(&self) -> u32 {
        self.nanosecond
    }
    /// The duration as a standard library duration.
    pub fn to_std(&self) -> std::time::Duration {
        std::time::Duration::new(self.seconds, self.nanosecond)
    }
    /// The RFC 5545 `DURATION` value (`dur-value`, which has no fractions of seconds: they are
    /// dropped): `P3DT4H5M6S`, `PT0S` for zero, `P2W` for whole weeks.
    pub fn to_ical(&self) -> String {
        let s = self.seconds;
        if s == 0 {
            return "PT0S".to_owned();
        }
        if s.is_multiple_of(604_800) {
            return format!("P{}W", s / 604_800);
        }
        let (days, rest) = (s / 86_400, s % 86_400);
        let (h, m, sec) = (rest / 3600, rest % 3600 / 60, rest % 60);
        let mut out = String::from("P");
        if days > 0 {
            out.push_str(&format!("{days}D"));
        }
        if rest > 0 {
            out.push('T');
            // RFC 5545 dur-time: H [M [S]] | M [S] | S — no gaps once started.
            if h > 0 {
                out.push_str(&format!("{h}H"));
                if m > 0 || sec > 0 {
                    out.push_str(&format!("{m}M"));
                }
                if sec > 0 {
                    out.push_str(&format!("{sec}S"));
                }
            } else if m > 0 {
                out.push_str(&format!("{m}M"));
                if sec > 0 {
                    out.push_str(&format!("{sec}S"));
                }
            } else {
                out.push_str(&format!("{sec}S"));
            }
        }
        out
    }
}

impl fmt::Display for Duration {
    /// The HTML duration string in ISO 8601 form, `PTnS` with a fraction when there is one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PT{}", self.seconds)?;
        if self.nanosecond != 0 {
            let frac = format!("{:09}", self.nanosecond);
            write!(f, ".{}", frac.trim_end_matches('0'))?;
        }
        f.write_str("S")
    }
}

/// Parses a duration string, in either of HTML's two forms:
///
/// * the ISO 8601 form: `P`, optionally days `nD`, then optionally `T` with hours `nH`,
///   minutes `nM` and seconds `n[.fff]S` in that order (at least one component; no years or
///   months, which have no fixed length);
/// * the component form: one or more of weeks `w`, days `d`, hours `h`, minutes `m` and
///   seconds `n[.fff]s` (case-insensitive), each scale at most once, in any order, separated
///   by optional ASCII whitespace.
///
/// Totals beyond `u64::MAX` seconds do not parse.
pub fn parse_duration(s: &str) -> Option<Duration> {
    if s.starts_with('P') {
        iso_duration(s)
    } else {
        component_duration(s)
    }
}

fn add_scaled(total: &mut u64, n: u64, scale: u64) -> Option<()> {
    *total = total.checked_add(n.checked_mul(scale)?)?;
    Some(())
}

fn fraction_nanos(frac: &[u8]) -> Option<u32> {
    if frac.is_empty() || frac.len() > 3 {
        return None;
    }
    let mut n = 0;
    for i in 0..9 {
        n = n * 10 + frac.get(i).map_or(0, |b| u32::from(b - b'0'));
    }
    Some(n)
}

fn iso_duration(s: &str) -> Option<Duration> {
    whole(s, |c| {
        c.eat(b'P');
        let mut total = 0u64;
        let mut nanos = 0u32;
        let mut any = false;
        let mut in_time = false;
        // Units seen so far, in the order they must come.
        let mut last_rank = 0u8;
        loop {
            if c.at_end() {
                break;
            }
            if !in_time && c.eat(b'T') {
                in_time = true;
                // "T" must be followed by at least one component.
                if c.at_end() {
                    return None;
                }
                continue;
            }
            let d = c.digits();
            if d.is_empty() {
                return None;
            }
            let n = u64::from(number(d)?);
            let mut frac = 0;
            let has_frac = c.eat(b'.');
            if has_frac {
                frac = fraction_nanos(c.digits())?;
            }
            let unit = c.peek()?;
            c.pos += 1;
            let (rank, scale) = match (in_time, unit) {
                (false, b'D') => (1, 86_400),
                (true, b'H') => (2, 3600),
                (true, b'M') => (3, 60),
                (true, b'S') => (4, 1),
                _ => return None,
            };
            if rank <= last_rank || (has_frac && unit != b'S') {
                return None;
            }
            last_rank = rank;
            add_scaled(&mut total, n, scale)?;
            nanos = frac;
            any = true;
        }
        any.then_some(Duration { seconds: total, nanosecond: nanos })
    })
}

fn component_duration(s: &str) -> Option<Duration> {
    let mut c = Cursor::new(s);
    let mut total = 0u64;
    let mut nanos = 0u32;
    let mut seen = [false; 5];
    let skip_ws = |c: &mut Cursor<'_>| {
        while c.peek().is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\x0C' | b'\r')) {
            c.pos += 1;
        }
    };
    let mut any = false;
    loop {
        skip_ws(&mut c);
        if c.at_end() {
            break;
        }
        let d = c.digits();
        if d.is_empty() {
            return None;
        }
        let n = u64::from(number(d)?);
        let has_frac = c.eat(b'.');
        let frac = if has_frac { fraction_nanos(c.digits())? } else { 0 };
        skip_ws(&mut c);
        let unit = c.peek()?.to_ascii_lowercase();
        c.pos += 1;
        let (idx, scale) = match unit {
            b'w' => (0, 604_800),
            b'd' => (1, 86_400),
            b'h' => (2, 3600),
            b'm' => (3, 60),
            b's' => (4, 1),
            _ => return None,
        };
        if has_frac && unit != b's' {
            return None;
        }
        let slot = seen.get_mut(idx)?;
        if *slot {
            return None;
        }
        *slot = true;
        add_scaled(&mut total, n, scale)?;
        if unit == b's' {
            nanos = frac;
        }
        any = true;
    }
    any.then_some(Duration { seconds: total, nanosecond: nanos })
}

/// Whether `s` is a valid duration string (either form of [`parse_duration`]).
pub fn is_valid_duration_string(s: &str) -> bool {
    parse_duration(s).is_some()
}

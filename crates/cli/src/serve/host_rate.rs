//! `--fetch-rate-per-host`: a token bucket per host fetched from, so that the server's clients
//! together cannot make it hammer one site.
//!
//! A host is its name as the URL writes it (lowercased by the URL parser), or its address: each
//! hop of a redirect takes a token from its own host. The buckets of hosts not fetched from
//! lately are forgotten once they are full again, so the table holds only the hosts of the last
//! seconds (at most one bucket per fetch in progress or in the last `2 × burst / rate` seconds).
//! Names are not addresses: a client can still spread its fetches over a site's many names
//! (`a.example`, `b.example`); the per-client rate bounds that.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Buckets past which the table is swept of full ones.
const SWEEP_AT: usize = 1024;

#[derive(Debug)]
struct Bucket {
    tokens: f64,
    refilled: Instant,
}

/// Every host's bucket.
#[derive(Debug)]
pub(crate) struct HostRate {
    /// Fetches per second (0: no bound), and the bucket's size.
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl HostRate {
    pub(crate) fn new(per_second: u32) -> HostRate {
        let rate = f64::from(per_second);
        HostRate { rate, burst: (rate * 2.0).max(1.0), buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes a token for a fetch from `host`; when there is none, the time until there is one.
    pub(crate) fn take(&self, host: &str) -> Result<(), Duration> {
        self.take_at(host, Instant::now())
    }

    fn take_at(&self, host: &str, now: Instant) -> Result<(), Duration> {
        if self.rate == 0.0 {
            return Ok(());
        }
        let mut buckets = self.buckets.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if buckets.len() >= SWEEP_AT && !buckets.contains_key(host) {
            let (rate, burst) = (self.rate, self.burst);
            buckets
                .retain(|_, bucket| bucket.tokens + now.duration_since(bucket.refilled).as_secs_f64() * rate < burst);
        }
        let bucket = buckets.entry(host.to_owned()).or_insert(Bucket { tokens: self.burst, refilled: now });
        bucket.tokens =
            (bucket.tokens + now.saturating_duration_since(bucket.refilled).as_secs_f64() * self.rate).min(self.burst);
        bucket.refilled = now;
        if bucket.tokens < 1.0 {
            return Err(Duration::from_secs_f64((1.0 - bucket.tokens) / self.rate));
        }
        bucket.tokens -= 1.0;
        Ok(())
    }

    #[cfg(test)]
    fn hosts(&self) -> usize {
        self.buckets.lock().unwrap().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_rate_per_host() {
        let limit = HostRate::new(2);
        let start = Instant::now();
        for _ in 0..4 {
            assert!(limit.take_at("a.example", start).is_ok());
        }
        let wait = limit.take_at("a.example", start).unwrap_err();
        assert!(wait > Duration::from_millis(400) && wait <= Duration::from_millis(500), "{wait:?}");
        assert!(limit.take_at("b.example", start).is_ok(), "another host has its own bucket");
        assert!(limit.take_at("a.example", start + Duration::from_millis(500)).is_ok(), "refilled at the rate");
        assert!(HostRate::new(0).take_at("a.example", start).is_ok(), "0: no bound");
    }

    #[test]
    fn full_buckets_are_forgotten() {
        let limit = HostRate::new(10);
        let start = Instant::now();
        for host in 0..SWEEP_AT {
            limit.take_at(&format!("h{host}.example"), start).unwrap();
        }
        assert_eq!(limit.hosts(), SWEEP_AT);
        limit.take_at("late.example", start + Duration::from_secs(1)).unwrap();
        assert_eq!(limit.hosts(), 1, "the buckets full again are gone");
    }
}

//! Per-client limits: connections, requests in flight, and a request rate, so that one client
//! cannot take what every other client needs.
//!
//! A client is an IPv4 address, or an IPv6 network of `--client-ipv6-prefix` bits (56 by
//! default: what most subscribers are given, so one of them is one client however many /64s
//! its network holds). It is the
//! connection's peer, unless the peer is a trusted proxy (`--trusted-proxy`): then it is the
//! last address of `X-Forwarded-For` that is not a trusted proxy itself (the addresses
//! before it were written by the client, and prove nothing). Connections are counted by peer
//! (a proxy's connection carries many clients), and not at all for trusted proxies.

use super::errors::{ApiError, Kind};
use super::ServeArgs;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The address a request is counted under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ClientKey(IpAddr);

impl ClientKey {
    /// The client of `ip`: an IPv4 address (mapped ones included) as it is, an IPv6 address
    /// cut to its first `ipv6_prefix` bits.
    pub(crate) fn of(ip: IpAddr, ipv6_prefix: u8) -> ClientKey {
        match ip {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientKey(IpAddr::V4(v4)),
                None => {
                    let bits = u128::from(v6);
                    let mask = u128::MAX.checked_shl(128 - u32::from(ipv6_prefix.clamp(1, 128))).unwrap_or(0);
                    ClientKey(IpAddr::V6((bits & mask).into()))
                }
            },
            v4 => ClientKey(v4),
        }
    }
}

#[derive(Debug, Default)]
struct Counts {
    connections: u32,
    in_flight: u32,
    /// Token bucket of the rate: tokens left, as of `refilled`.
    tokens: f64,
    refilled: Option<Instant>,
}

/// How often the counts of clients gone quiet are swept away, at most.
const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(10);

/// Every client's counts.
pub(crate) struct Clients {
    counts: Mutex<HashMap<ClientKey, Counts>>,
    /// When the counts were last swept.
    swept: Mutex<Instant>,
    trusted: Vec<ipnet::IpNet>,
    /// `--client-ipv6-prefix`.
    ipv6_prefix: u8,
    max_connections: u32,
    max_in_flight: u32,
    /// Requests per second (0: no bound), and the bucket's size.
    rate: f64,
    burst: f64,
}

impl Clients {
    pub(crate) fn new(settings: &ServeArgs) -> Arc<Clients> {
        let rate = f64::from(settings.rate_per_client);
        Arc::new(Clients {
            counts: Mutex::new(HashMap::new()),
            swept: Mutex::new(Instant::now()),
            trusted: settings.trusted_proxy.clone(),
            ipv6_prefix: settings.client_ipv6_prefix,
            max_connections: settings.max_connections_per_client,
            max_in_flight: settings.max_in_flight_per_client,
            rate,
            burst: (rate * 2.0).max(1.0),
        })
    }

    /// The key `ip` is counted under.
    pub(crate) fn key(&self, ip: IpAddr) -> ClientKey {
        ClientKey::of(ip, self.ipv6_prefix)
    }

    fn is_trusted(&self, ip: IpAddr) -> bool {
        self.trusted.iter().any(|net| net.contains(&ip))
    }

    /// The client of a request from `peer` with these `X-Forwarded-For` values.
    pub(crate) fn client(&self, peer: IpAddr, forwarded_for: &[&str]) -> IpAddr {
        if !self.is_trusted(peer) {
            return peer;
        }
        let hops = forwarded_for.iter().flat_map(|value| value.split(',')).map(str::trim);
        let addresses: Vec<IpAddr> = hops.filter_map(|hop| hop.parse().ok()).collect();
        addresses.into_iter().rev().find(|ip| !self.is_trusted(*ip)).unwrap_or(peer)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<ClientKey, Counts>> {
        self.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts a connection from `peer`; `None` when the peer has as many as it may.
    pub(crate) fn connect(self: &Arc<Self>, peer: IpAddr) -> Option<ClientGuard> {
        if self.is_trusted(peer) {
            return Some(ClientGuard { clients: Arc::clone(self), key: None, connection: true });
        }
        let key = ClientKey::of(peer, self.ipv6_prefix);
        let mut counts = self.lock();
        let entry = counts.entry(key).or_default();
        if entry.connections >= self.max_connections {
            return None;
        }
        entry.connections += 1;
        Some(ClientGuard { clients: Arc::clone(self), key: Some(key), connection: true })
    }

    /// Whether a client's entry holds nothing: no connection, no request, a full bucket.
    fn forgettable(&self, entry: &Counts, now: Instant) -> bool {
        let idle = entry.connections == 0 && entry.in_flight == 0;
        let full = self.rate == 0.0
            || entry
                .refilled
                .is_some_and(|then| entry.tokens + now.duration_since(then).as_secs_f64() * self.rate >= self.burst);
        idle && full
    }

    /// Forgets, every [`SWEEP_EVERY`] at most, the clients whose entries hold nothing any more
    /// (a client whose bucket was not full when its last request ended is not forgotten then:
    /// without this its entry would stay for good, one per address that ever asked).
    fn sweep(&self, counts: &mut HashMap<ClientKey, Counts>) {
        let now = Instant::now();
        {
            let mut swept = self.swept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if now.duration_since(*swept) < SWEEP_EVERY {
                return;
            }
            *swept = now;
        }
        counts.retain(|_, entry| !self.forgettable(entry, now));
    }

    /// Counts a request of `client` against its in-flight bound and its rate.
    pub(crate) fn request(self: &Arc<Self>, client: IpAddr) -> Result<ClientGuard, ApiError> {
        let key = ClientKey::of(client, self.ipv6_prefix);
        let mut counts = self.lock();
        self.sweep(&mut counts);
        let entry = counts.entry(key).or_default();
        if self.rate > 0.0 {
            let now = Instant::now();
            let elapsed = entry.refilled.map_or(f64::INFINITY, |then| now.duration_since(then).as_secs_f64());
            entry.tokens = (entry.tokens + elapsed * self.rate).min(self.burst);
            entry.refilled = Some(now);
            if entry.tokens < 1.0 {
                return Err(ApiError::new(
                    Kind::TooManyRequests,
                    format!("more than {} requests per second from {client} (--rate-per-client)", self.rate),
                )
                .reason("client-rate"));
            }
            entry.tokens -= 1.0;
        }
        if entry.in_flight >= self.max_in_flight {
            return Err(ApiError::new(
                Kind::TooManyRequests,
                format!("{} requests from {client} are in progress (--max-in-flight-per-client)", entry.in_flight),
            )
            .reason("client-in-flight"));
        }
        entry.in_flight += 1;
        Ok(ClientGuard { clients: Arc::clone(self), key: Some(key), connection: false })
    }

    /// Clients counted now (for the readiness answer).
    pub(crate) fn len(&self) -> usize {
        self.lock().len()
    }
}

/// A connection or a request counted for a client, uncounted when dropped.
pub(crate) struct ClientGuard {
    clients: Arc<Clients>,
    key: Option<ClientKey>,
    connection: bool,
}

impl Drop for ClientGuard {
    fn drop(&mut self) {
        let Some(key) = self.key else { return };
        let clients = &self.clients;
        let mut counts = clients.lock();
        if let Some(entry) = counts.get_mut(&key) {
            if self.connection {
                entry.connections = entry.connections.saturating_sub(1);
            } else {
                entry.in_flight = entry.in_flight.saturating_sub(1);
            }
            // Forget a client with nothing counted and a full bucket (the others are swept
            // when their buckets have refilled).
            if clients.forgettable(entry, Instant::now()) {
                counts.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clients(trusted: &[&str]) -> Clients {
        Clients {
            counts: Mutex::new(HashMap::new()),
            swept: Mutex::new(Instant::now()),
            trusted: trusted.iter().map(|net| net.parse().unwrap()).collect(),
            ipv6_prefix: 56,
            max_connections: 2,
            max_in_flight: 1,
            rate: 0.0,
            burst: 1.0,
        }
    }

    #[test]
    fn the_client_behind_trusted_proxies() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let direct = clients(&[]);
        assert_eq!(direct.client(ip("203.0.113.9"), &["198.51.100.1"]), ip("203.0.113.9"), "not trusted: the peer");
        let proxied = clients(&["10.0.0.0/8"]);
        assert_eq!(proxied.client(ip("10.0.0.2"), &["198.51.100.1, 203.0.113.7"]), ip("203.0.113.7"));
        assert_eq!(proxied.client(ip("10.0.0.2"), &["203.0.113.7", "10.0.0.3"]), ip("203.0.113.7"));
        assert_eq!(proxied.client(ip("10.0.0.2"), &["garbage"]), ip("10.0.0.2"));
        let key = |text: &str, prefix: u8| ClientKey::of(ip(text), prefix);
        assert_eq!(key("2001:db8:1:2:3:4:5:6", 64), key("2001:db8:1:2::9", 64));
        assert_ne!(key("2001:db8:1:2::1", 64), key("2001:db8:1:3::1", 64));
        // A /56: the 256 /64s of one subscriber are one client.
        assert_eq!(key("2001:db8:1:200::1", 56), key("2001:db8:1:2ff:ffff::1", 56));
        assert_ne!(key("2001:db8:1:200::1", 56), key("2001:db8:1:300::1", 56));
        assert_eq!(key("2001:db8:1:200::1", 56), ClientKey(ip("2001:db8:1:200::")));
        assert_eq!(key("2001:db8::1", 128), ClientKey(ip("2001:db8::1")));
        assert_eq!(key("2001:db8::1", 1), ClientKey(ip("::")));
        assert_eq!(key("::ffff:192.0.2.1", 56), key("192.0.2.1", 56));
    }

    #[test]
    fn rate_entries_expire() {
        let mut limited = clients(&[]);
        limited.rate = 1000.0;
        limited.burst = 2000.0;
        let clients = Arc::new(limited);
        for last in 0..50u8 {
            drop(clients.request(IpAddr::from([192, 0, 2, last])).unwrap());
        }
        assert_eq!(clients.len(), 50, "each bucket has a token missing when its request ends");
        // Refilled (in 1 ms at 1000 a second) and swept at the next request past SWEEP_EVERY.
        std::thread::sleep(std::time::Duration::from_millis(5));
        *clients.swept.lock().unwrap() -= SWEEP_EVERY;
        drop(clients.request(IpAddr::from([198, 51, 100, 1])).unwrap());
        assert!(clients.len() <= 1, "{} entries left", clients.len());
    }

    #[test]
    fn bounds_are_per_client_and_released() {
        let clients = Arc::new(clients(&[]));
        let (a, b) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let first = clients.connect(a).unwrap();
        let _second = clients.connect(a).unwrap();
        assert!(clients.connect(a).is_none());
        assert!(clients.connect(b).is_some(), "another client is not affected");
        drop(first);
        assert!(clients.connect(a).is_some());
        let request = clients.request(a).unwrap();
        assert!(clients.request(a).is_err());
        drop(request);
        assert!(clients.request(a).is_ok());
    }
}

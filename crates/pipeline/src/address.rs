//! Which IP addresses a service that fetches pages for others may connect to.
//!
//! A server that fetches a URL it was given must not become a way into the networks it can
//! reach (server-side request forgery): every address a host name resolves to, on the first
//! request and on every redirect, has to be a public unicast address, and the connection has to
//! go to the address that was checked. [`classify`] names the special-purpose range an address
//! falls in (the IANA IPv4 and IPv6 Special-Purpose Address Registries, RFC 6890 and its
//! updates), [`is_public`] says whether it may be fetched.
//!
//! IPv6 addresses that carry an IPv4 address are judged by it: IPv4-mapped (`::ffff:a.b.c.d`,
//! RFC 4291 §2.5.5.2), IPv4-compatible (`::a.b.c.d`, deprecated), NAT64 (`64:ff9b::/96`,
//! RFC 6052) and 6to4 (`2002::/16`, RFC 3056). Teredo (`2001::/32`, RFC 4380) tunnels to an
//! address that is hidden in the packet path, so it is refused as a whole.
//!
//! ```
//! use harvest_pipeline::address::{classify, is_public, AddressClass};
//! use std::net::IpAddr;
//! let ip = |s: &str| s.parse::<IpAddr>().unwrap();
//! assert!(is_public(ip("93.184.216.34")));
//! assert_eq!(classify(ip("127.0.0.2")), AddressClass::Loopback);
//! assert_eq!(classify(ip("::ffff:10.0.0.1")), AddressClass::Private);
//! assert_eq!(classify(ip("100.64.0.1")), AddressClass::SharedAddressSpace);
//! assert!(!is_public(ip("fe80::1")));
//! ```

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The special-purpose range an address is in, or [`AddressClass::Public`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressClass {
    /// A globally routable unicast address.
    Public,
    /// `0.0.0.0/8` ("this network"), `::` (unspecified).
    Unspecified,
    /// `127.0.0.0/8`, `::1`.
    Loopback,
    /// `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16` (RFC 1918).
    Private,
    /// `100.64.0.0/10`, carrier-grade NAT (RFC 6598).
    SharedAddressSpace,
    /// `169.254.0.0/16`, `fe80::/10`.
    LinkLocal,
    /// `fc00::/7` (RFC 4193).
    UniqueLocal,
    /// `224.0.0.0/4`, `ff00::/8`.
    Multicast,
    /// `255.255.255.255`.
    Broadcast,
    /// `192.0.2.0/24`, `198.51.100.0/24`, `203.0.113.0/24`, `2001:db8::/32` (RFC 5737,
    /// RFC 3849).
    Documentation,
    /// `198.18.0.0/15` (RFC 2544).
    Benchmarking,
    /// Other ranges no public service lives in: `192.0.0.0/24` (IETF protocol assignments),
    /// `240.0.0.0/4` (reserved), `100::/64` (discard), `2001::/23` (IETF protocol assignments,
    /// Teredo among them), the deprecated site-local `fec0::/10`.
    Reserved,
}

/// The class of an address; IPv6 forms that carry an IPv4 address are judged by it.
pub fn classify(ip: IpAddr) -> AddressClass {
    match ip {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => classify_v6(v6),
    }
}

/// Whether an address may be fetched: [`classify`] gives [`AddressClass::Public`].
pub fn is_public(ip: IpAddr) -> bool {
    classify(ip) == AddressClass::Public
}

fn classify_v4(ip: Ipv4Addr) -> AddressClass {
    let [a, b, c, _] = ip.octets();
    match (a, b, c) {
        (0, _, _) => AddressClass::Unspecified,
        (127, _, _) => AddressClass::Loopback,
        (10, _, _) | (192, 168, _) => AddressClass::Private,
        (172, 16..=31, _) => AddressClass::Private,
        (100, 64..=127, _) => AddressClass::SharedAddressSpace,
        (169, 254, _) => AddressClass::LinkLocal,
        (192, 0, 2) | (198, 51, 100) | (203, 0, 113) => AddressClass::Documentation,
        (198, 18..=19, _) => AddressClass::Benchmarking,
        (192, 0, 0) => AddressClass::Reserved,
        (224..=239, _, _) => AddressClass::Multicast,
        (255, 255, 255) if ip.octets()[3] == 255 => AddressClass::Broadcast,
        (240..=255, _, _) => AddressClass::Reserved,
        _ => AddressClass::Public,
    }
}

fn classify_v6(ip: Ipv6Addr) -> AddressClass {
    let segments = ip.segments();
    // Forms that carry an IPv4 address.
    if let Some(v4) = embedded_v4(&ip) {
        return classify_v4(v4);
    }
    if ip.is_unspecified() {
        return AddressClass::Unspecified;
    }
    if ip.is_loopback() {
        return AddressClass::Loopback;
    }
    match segments[0] {
        0xff00..=0xffff => AddressClass::Multicast,
        0xfe80..=0xfebf => AddressClass::LinkLocal,
        0xfec0..=0xfeff => AddressClass::Reserved,
        0xfc00..=0xfdff => AddressClass::UniqueLocal,
        0x2001 if segments[1] == 0x0db8 => AddressClass::Documentation,
        // 2001::/23: IETF protocol assignments (Teredo is 2001::/32).
        0x2001 if segments[1] < 0x0200 => AddressClass::Reserved,
        0x0100 if segments[1..4] == [0, 0, 0] => AddressClass::Reserved,
        // Everything below 2000::/3 that is not one of the forms above is unassigned or reserved.
        0x0000..=0x1fff => AddressClass::Reserved,
        _ => AddressClass::Public,
    }
}

/// The IPv4 address an IPv6 address carries: IPv4-mapped `::ffff:0:0/96`, IPv4-compatible
/// `::/96` (not `::` and `::1`), NAT64 `64:ff9b::/96`, 6to4 `2002::/16`.
fn embedded_v4(ip: &Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let low = |high: u16, low: u16| Ipv4Addr::from((u32::from(high) << 16) | u32::from(low));
    match s {
        [0, 0, 0, 0, 0, 0xffff, h, l] => Some(low(h, l)),
        [0, 0, 0, 0, 0, 0, h, l] if (h, l) != (0, 0) && (h, l) != (0, 1) => Some(low(h, l)),
        [0x64, 0xff9b, 0, 0, 0, 0, h, l] => Some(low(h, l)),
        [0x2002, h, l, ..] => Some(low(h, l)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(text: &str) -> AddressClass {
        classify(text.parse().unwrap())
    }

    #[test]
    fn ipv4_ranges() {
        for (address, expected) in [
            ("0.0.0.0", AddressClass::Unspecified),
            ("0.1.2.3", AddressClass::Unspecified),
            ("127.0.0.1", AddressClass::Loopback),
            ("127.255.255.254", AddressClass::Loopback),
            ("10.0.0.1", AddressClass::Private),
            ("172.16.0.1", AddressClass::Private),
            ("172.31.255.255", AddressClass::Private),
            ("192.168.1.1", AddressClass::Private),
            ("100.64.0.0", AddressClass::SharedAddressSpace),
            ("100.127.255.255", AddressClass::SharedAddressSpace),
            ("169.254.169.254", AddressClass::LinkLocal),
            ("192.0.2.1", AddressClass::Documentation),
            ("198.51.100.1", AddressClass::Documentation),
            ("203.0.113.1", AddressClass::Documentation),
            ("198.18.0.1", AddressClass::Benchmarking),
            ("192.0.0.8", AddressClass::Reserved),
            ("224.0.0.1", AddressClass::Multicast),
            ("239.255.255.255", AddressClass::Multicast),
            ("240.0.0.1", AddressClass::Reserved),
            ("255.255.255.255", AddressClass::Broadcast),
            ("255.255.255.254", AddressClass::Reserved),
        ] {
            assert_eq!(class(address), expected, "{address}");
        }
        for public in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "172.15.255.255",
            "172.32.0.0",
            "100.63.255.255",
            "100.128.0.0",
            "169.253.0.1",
            "198.17.255.255",
            "198.20.0.0",
            "223.255.255.255",
        ] {
            assert_eq!(class(public), AddressClass::Public, "{public}");
        }
    }

    #[test]
    fn ipv6_ranges_and_forms_that_carry_ipv4() {
        for (address, expected) in [
            ("::", AddressClass::Unspecified),
            ("::1", AddressClass::Loopback),
            ("fe80::1", AddressClass::LinkLocal),
            ("febf::1", AddressClass::LinkLocal),
            ("fec0::1", AddressClass::Reserved),
            ("fc00::1", AddressClass::UniqueLocal),
            ("fd12:3456::1", AddressClass::UniqueLocal),
            ("ff02::1", AddressClass::Multicast),
            ("2001:db8::1", AddressClass::Documentation),
            ("2001::1", AddressClass::Reserved),
            ("100::1", AddressClass::Reserved),
            ("::ffff:127.0.0.1", AddressClass::Loopback),
            ("::ffff:10.1.2.3", AddressClass::Private),
            ("::ffff:169.254.169.254", AddressClass::LinkLocal),
            ("::127.0.0.1", AddressClass::Loopback),
            ("64:ff9b::192.168.0.1", AddressClass::Private),
            ("2002:7f00:1::", AddressClass::Loopback),
            ("2002:a00:1::", AddressClass::Private),
        ] {
            assert_eq!(class(address), expected, "{address}");
        }
        for public in [
            "2606:4700:4700::1111",
            "2a00:1450:4001:800::200e",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
        ] {
            assert_eq!(class(public), AddressClass::Public, "{public}");
        }
    }

    #[test]
    fn hosts_written_as_numbers_are_judged_as_the_url_parser_reads_them() {
        // The URL Standard's IPv4 parser reads decimal, octal and hexadecimal forms; a fetcher
        // checks the address the parsed URL holds, so these are loopback too.
        for url in
            ["http://2130706433/", "http://0x7f.1/", "http://0177.0.0.1/", "http://127.1/", "http://[::ffff:7f00:1]/"]
        {
            let parsed = harvest_dom::Url::parse(url).unwrap();
            let host = parsed.host_str().unwrap();
            let ip: IpAddr = host.trim_start_matches('[').trim_end_matches(']').parse().unwrap();
            assert_eq!(classify(ip), AddressClass::Loopback, "{url}");
        }
    }
}

//! `harvest serve`'s options: flags, each also read from an environment variable
//! `HARVEST_SERVE_<FLAG>` (`--max-body` from `HARVEST_SERVE_MAX_BODY`); a flag given on the
//! command line wins over its variable. A repeatable option's variable holds its values
//! separated by commas (so does the flag, given once); a switch's variable is `true` or
//! `false` (also `1`/`0`, `yes`/`no`, `on`/`off`).

use std::net::SocketAddr;

/// `harvest serve`'s options.
#[derive(clap::Args, Clone, Debug)]
pub(crate) struct ServeArgs {
    /// Address and port to listen on (port 0: any free port; the address is printed on stderr).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR:PORT", env = "HARVEST_SERVE_LISTEN")]
    pub(crate) listen: SocketAddr,
    /// Largest request body, and largest page fetched for ?url=, in bytes (suffixes K, M, G:
    /// powers of 1024).
    #[arg(long, default_value = "10M", value_name = "SIZE", value_parser = parse_size, env = "HARVEST_SERVE_MAX_BODY")]
    pub(crate) max_body: u64,
    /// Requests handled at once; past it a request is answered 503 at once.
    #[arg(long, default_value_t = 256, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), env = "HARVEST_SERVE_MAX_IN_FLIGHT")]
    pub(crate) max_in_flight: u32,
    /// Open connections at once; past it the connection idle the longest is closed for a new
    /// one (a new one is closed only when every connection has a request in progress).
    #[arg(long, default_value_t = 4096, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), env = "HARVEST_SERVE_MAX_CONNECTIONS")]
    pub(crate) max_connections: u32,
    /// Extractions run at once (default: one per core, plus one); the other requests wait
    /// their turn.
    #[arg(long, default_value_t = 0, value_name = "N", env = "HARVEST_SERVE_WORKERS")]
    pub(crate) workers: usize,
    /// Pages larger than this (suffixes K, M, G) run on any worker but the last free one, so
    /// that huge pages leave a worker for the others (0: no distinction).
    #[arg(long, default_value = "1M", value_name = "SIZE", value_parser = parse_size, env = "HARVEST_SERVE_HEAVY_PAGE")]
    pub(crate) heavy_page: u64,
    /// Seconds a request may take, from its headers to its answer (its body must arrive
    /// within it: 408; the rest: 503).
    #[arg(long, default_value_t = 30, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..), env = "HARVEST_SERVE_TIMEOUT")]
    pub(crate) timeout: u64,
    /// Seconds a request body may take to arrive (at most --timeout; 408 past it).
    #[arg(long, default_value_t = 10, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..), env = "HARVEST_SERVE_BODY_TIMEOUT")]
    pub(crate) body_timeout: u64,
    /// Slowest a body may arrive, in bytes per second on average after its first 2 seconds
    /// (408 below it).
    #[arg(long, default_value_t = 1024, value_name = "BYTES", env = "HARVEST_SERVE_MIN_BODY_RATE")]
    pub(crate) min_body_rate: u64,
    /// Memory all request bodies and pages fetched for ?url= may hold together, from their
    /// first byte to the end of their extraction (suffixes K, M, G); past it a request is
    /// answered 503.
    #[arg(long, default_value = "512M", value_name = "SIZE", value_parser = parse_size, env = "HARVEST_SERVE_BODY_MEMORY")]
    pub(crate) body_memory: u64,
    /// Open connections from one client (an IPv4 address, or an IPv6 network of
    /// --client-ipv6-prefix bits); more are closed as they arrive.
    #[arg(long, default_value_t = 256, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), env = "HARVEST_SERVE_MAX_CONNECTIONS_PER_CLIENT")]
    pub(crate) max_connections_per_client: u32,
    /// Requests of one client handled at once; more are answered 429.
    #[arg(long, default_value_t = 64, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), env = "HARVEST_SERVE_MAX_IN_FLIGHT_PER_CLIENT")]
    pub(crate) max_in_flight_per_client: u32,
    /// Requests per second one client may make (bursts of twice as many); more are answered
    /// 429 (0: no bound).
    #[arg(long, default_value_t = 0, value_name = "N", env = "HARVEST_SERVE_RATE_PER_CLIENT")]
    pub(crate) rate_per_client: u32,
    /// How many leading bits of an IPv6 address make one client (what one subscriber holds:
    /// /56 for most home connections, /64 for a host network, /48 for a site); every bound
    /// per client counts the whole network.
    #[arg(long, default_value_t = 56, value_name = "BITS", value_parser = clap::value_parser!(u8).range(1..=128), env = "HARVEST_SERVE_CLIENT_IPV6_PREFIX")]
    pub(crate) client_ipv6_prefix: u8,
    /// Proxies (CIDR, repeatable) whose X-Forwarded-For names the client: requests from them
    /// count under the last address of X-Forwarded-For that is not a trusted proxy.
    #[arg(long, value_name = "CIDR", env = "HARVEST_SERVE_TRUSTED_PROXY", value_delimiter = ',')]
    pub(crate) trusted_proxy: Vec<ipnet::IpNet>,
    /// Turn ?url= off: the server fetches nothing (GET /v1/… answers 403 fetching-off).
    #[arg(long, env = "HARVEST_SERVE_NO_FETCH", value_parser = clap::builder::BoolishValueParser::new())]
    pub(crate) no_fetch: bool,
    /// The User-Agent of the server's fetches.
    #[arg(long, value_name = "TEXT", default_value = concat!("harvest/", env!("CARGO_PKG_VERSION"), " (structured data extraction)"), env = "HARVEST_SERVE_USER_AGENT")]
    pub(crate) user_agent: String,
    /// Seconds a fetch for ?url= may take, redirects included (504 past it).
    #[arg(long, default_value_t = 10, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..), env = "HARVEST_SERVE_FETCH_TIMEOUT")]
    pub(crate) fetch_timeout: u64,
    /// Bytes of fetched pages kept for 30 seconds, so that requests about the same URL (the
    /// playground asks every endpoint at once) fetch it once (suffixes K, M, G; 0: none kept).
    #[arg(long, default_value = "32M", value_name = "SIZE", value_parser = parse_size, env = "HARVEST_SERVE_FETCH_CACHE")]
    pub(crate) fetch_cache: u64,
    /// Redirects a fetch follows (502 past it).
    #[arg(long, default_value_t = 5, value_name = "N", env = "HARVEST_SERVE_MAX_REDIRECTS")]
    pub(crate) max_redirects: usize,
    /// Ports ?url= may fetch from besides 80 and 443 (repeatable); others are refused with 403
    /// forbidden-port, on every redirect too.
    #[arg(long, value_name = "PORT", env = "HARVEST_SERVE_FETCH_PORT", value_delimiter = ',')]
    pub(crate) fetch_port: Vec<u16>,
    /// Fetches per second from one host (by name, as written in the URL), bursts of twice as
    /// many; more are answered 429 host-rate-limited (0: no bound).
    #[arg(long, default_value_t = 0, value_name = "N", env = "HARVEST_SERVE_FETCH_RATE_PER_HOST")]
    pub(crate) fetch_rate_per_host: u32,
    /// Let ?url= fetch from any address: loopback, private, link-local and the other
    /// special-purpose ranges included (for a server inside a trusted network only).
    #[arg(long, env = "HARVEST_SERVE_ALLOW_PRIVATE", value_parser = clap::builder::BoolishValueParser::new())]
    pub(crate) allow_private: bool,
    /// Let ?url= fetch from these special-purpose ranges (CIDR, repeatable), e.g.
    /// --allow-address 10.1.2.0/24 for one internal network.
    #[arg(long, value_name = "CIDR", env = "HARVEST_SERVE_ALLOW_ADDRESS", value_delimiter = ',')]
    pub(crate) allow_address: Vec<ipnet::IpNet>,
    /// Origins whose web pages may call the API (CORS; repeatable; `*` for any). Default: any,
    /// unless --allow-private or --allow-address let the server reach internal pages: then
    /// none.
    #[arg(long, value_name = "ORIGIN", env = "HARVEST_SERVE_CORS_ORIGIN", value_delimiter = ',')]
    pub(crate) cors_origin: Vec<String>,
    /// Host names the server answers to (`name`, or `name:port`; repeatable); other Host
    /// headers are answered 421. Default: any, unless --allow-private or --allow-address: then
    /// IP addresses and localhost only (what a DNS-rebinding name never is).
    #[arg(long, value_name = "HOST", env = "HARVEST_SERVE_ALLOWED_HOST", value_delimiter = ',')]
    pub(crate) allowed_host: Vec<String>,
    /// Nesting the HTML tree builder sees at once (deeper pages parse through a window), and
    /// how deep mf2 items nest; a lower bound never costs more.
    #[arg(long, default_value_t = harvest_dom::DEFAULT_MAX_DEPTH, value_name = "N", env = "HARVEST_SERVE_MAX_DEPTH")]
    pub(crate) max_depth: usize,
    /// Largest answer, in bytes (suffixes K, M, G); past it the request is answered 422
    /// `output-too-large`, or, when the answer is past its first megabyte already, cut short.
    #[arg(long, default_value = "64M", value_name = "SIZE", value_parser = parse_size, env = "HARVEST_SERVE_MAX_OUTPUT")]
    pub(crate) max_output: u64,
    /// Most values one extraction writes (microdata JSON values, mf2 values copied into
    /// nested items, RDF triples); past it the request is answered 422 (default: each
    /// extractor's own: 1,000,000 microdata values or RDF triples, 4,000,000 mf2 copies).
    #[arg(long, value_name = "N", env = "HARVEST_SERVE_MAX_VALUES")]
    pub(crate) max_values: Option<usize>,
    /// The access log's format on stderr: one line of text per request, or one JSON object.
    #[arg(long, value_enum, default_value_t = super::log::Format::Text, value_name = "FORMAT", env = "HARVEST_SERVE_ACCESS_LOG")]
    pub(crate) access_log: super::log::Format,
    /// Serve /metrics (Prometheus text format) on the API's address too (default: not at
    /// all, or only on --metrics-listen).
    #[arg(long, env = "HARVEST_SERVE_METRICS", value_parser = clap::builder::BoolishValueParser::new())]
    pub(crate) metrics: bool,
    /// Serve /readyz only on --metrics-listen, not on the API's address (where anyone could
    /// watch the server's load).
    #[arg(long, env = "HARVEST_SERVE_PRIVATE_READYZ", value_parser = clap::builder::BoolishValueParser::new())]
    pub(crate) private_readyz: bool,
    /// Serve /metrics (and /readyz) on this address and port of its own (e.g. 127.0.0.1:9090, where only
    /// the monitoring reaches it).
    #[arg(long, value_name = "ADDR:PORT", env = "HARVEST_SERVE_METRICS_LISTEN")]
    pub(crate) metrics_listen: Option<SocketAddr>,
}

/// `10M` → 10485760.
fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, ""),
    };
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        _ => return Err(format!("{text:?}: a size is a number with an optional K, M or G")),
    };
    let number: u64 = digits.parse().map_err(|_| format!("{text:?}: a size is a number with an optional K, M or G"))?;
    number.checked_mul(1 << shift).ok_or_else(|| format!("{text:?} is too large"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Args;

    /// Every flag can be set from `HARVEST_SERVE_<FLAG>` (what docs/serve.md promises).
    #[test]
    fn every_flag_has_its_environment_variable() {
        let command = ServeArgs::augment_args(clap::Command::new("serve"));
        let mut flags = 0;
        for argument in command.get_arguments() {
            let Some(long) = argument.get_long() else { continue };
            if matches!(long, "help" | "version") {
                continue;
            }
            let expected = format!("HARVEST_SERVE_{}", long.replace('-', "_").to_ascii_uppercase());
            assert_eq!(argument.get_env().and_then(|e| e.to_str()), Some(expected.as_str()), "--{long}");
            flags += 1;
        }
        assert!(flags >= 31, "{flags} flags");
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("10M"), Ok(10 << 20));
        assert_eq!(parse_size("512"), Ok(512));
        assert_eq!(parse_size("1g"), Ok(1 << 30));
        assert_eq!(parse_size("64KiB"), Ok(64 << 10));
        assert!(parse_size("ten").is_err());
        assert!(parse_size("5T").is_err());
        assert!(parse_size("99999999999999G").is_err());
    }
}

//! Fetching a page for a client (`?url=`) without becoming a way into the server's networks.
//!
//! A URL given by a stranger is fetched only if every address its host stands for is public
//! ([`harvest_pipeline::address`]), and the connection goes to the address that was checked:
//!
//! * a host name is resolved once, by [`CheckingResolver`], the HTTP client's only resolver:
//!   it refuses the name when any of its addresses is not public, else hands exactly those
//!   addresses to the client, which connects to one of them (no second lookup);
//! * an address written in the URL (`127.0.0.1`, `[::1]`, `2130706433`, `[::ffff:7f00:1]`:
//!   the URL parser has already turned each into its address) is checked before connecting;
//! * redirects are followed here, not by the client, and every hop is checked the same way;
//! * proxies from the environment are ignored (a proxy would do its own resolution);
//! * only ports 80 and 443, and those of `--fetch-port`, are fetched from, on every hop;
//! * each hop takes a token from its host's bucket (`--fetch-rate-per-host`, [`HostRate`]).
//!
//! Time (the whole fetch, redirects included), size (from `Content-Length`, then as the
//! body arrives) and the number of redirects are bounded.

use super::errors::{ApiError, Kind};
use super::host_rate::HostRate;
use super::metrics::Metrics;
use super::ServeArgs;
use harvest_dom::Url;
use harvest_pipeline::address::{classify, AddressClass};
use harvest_pipeline::Page;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// What a fetch may do.
#[derive(Debug, Clone)]
pub(crate) struct Policy {
    /// Any address may be fetched (`--allow-private`).
    allow_private: bool,
    /// Special-purpose ranges that may be fetched all the same (`--allow-address`).
    allowed: Vec<ipnet::IpNet>,
    max_bytes: u64,
    max_redirects: usize,
    timeout: Duration,
    user_agent: String,
    /// Ports that may be fetched from.
    ports: Vec<u16>,
    /// Fetches per second from one host (0: no bound).
    rate_per_host: u32,
}

/// The ports fetched from whatever the flags say.
pub(crate) const DEFAULT_PORTS: [u16; 2] = [80, 443];

impl Policy {
    pub(crate) fn from_args(args: &ServeArgs) -> Policy {
        Policy {
            allow_private: args.allow_private,
            allowed: args.allow_address.clone(),
            max_bytes: args.max_body,
            max_redirects: args.max_redirects,
            timeout: Duration::from_secs(args.fetch_timeout),
            user_agent: args.user_agent.clone(),
            ports: DEFAULT_PORTS.iter().chain(&args.fetch_port).copied().collect(),
            rate_per_host: args.fetch_rate_per_host,
        }
    }

    /// Why `ip` may not be fetched, if it may not.
    fn refusal(&self, ip: IpAddr) -> Option<AddressClass> {
        let class = classify(ip);
        let allowed =
            self.allow_private || class == AddressClass::Public || self.allowed.iter().any(|net| net.contains(&ip));
        (!allowed).then_some(class)
    }
}

/// A host resolved to an address that may not be fetched.
#[derive(Debug)]
struct Forbidden {
    host: String,
    ip: IpAddr,
    class: AddressClass,
}

impl std::fmt::Display for Forbidden {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Forbidden { host, ip, class } = self;
        let class = class_name(*class);
        if host.trim_start_matches('[').trim_end_matches(']') == ip.to_string() {
            write!(f, "{ip} is {class}, which this server does not fetch")
        } else {
            write!(f, "{host} resolves to {ip}, {class}, which this server does not fetch")
        }
    }
}

impl std::error::Error for Forbidden {}

/// How a message names an address class.
fn class_name(class: AddressClass) -> &'static str {
    match class {
        AddressClass::Public => "a public address",
        AddressClass::Unspecified => "an unspecified address",
        AddressClass::Loopback => "a loopback address",
        AddressClass::Private => "a private address",
        AddressClass::SharedAddressSpace => "a carrier-grade NAT address",
        AddressClass::LinkLocal => "a link-local address",
        AddressClass::UniqueLocal => "a unique local address",
        AddressClass::Multicast => "a multicast address",
        AddressClass::Broadcast => "the broadcast address",
        AddressClass::Documentation => "a documentation address",
        AddressClass::Benchmarking => "a benchmarking address",
        AddressClass::Reserved => "a reserved address",
        _ => "an address that may not be fetched",
    }
}

/// The HTTP client's resolver: the system's lookup, then every address checked.
struct CheckingResolver {
    policy: Policy,
}

impl Resolve for CheckingResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let policy = self.policy.clone();
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let addresses: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            // Every address, not only the first: the client may try any of them.
            if let Some((ip, class)) =
                addresses.iter().find_map(|a| policy.refusal(a.ip()).map(|class| (a.ip(), class)))
            {
                return Err(Box::new(Forbidden { host, ip, class }) as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(addresses.into_iter()) as Addrs)
        })
    }
}

/// Fetches pages under a [`Policy`].
pub(crate) struct Fetcher {
    client: reqwest::Client,
    policy: Policy,
    per_host: HostRate,
    pub(crate) metrics: Arc<Metrics>,
    /// `--body-memory`: a page being downloaded counts against it as it arrives.
    memory: Arc<tokio::sync::Semaphore>,
}

impl Fetcher {
    pub(crate) fn new(
        policy: Policy,
        metrics: Arc<Metrics>,
        memory: Arc<tokio::sync::Semaphore>,
    ) -> Result<Fetcher, String> {
        let client = reqwest::Client::builder()
            .dns_resolver(Arc::new(CheckingResolver { policy: policy.clone() }))
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            // No idle connections kept to strangers' hosts: each fetch (and each of its hops)
            // connects afresh, so outbound connections are bounded by the fetches in flight and
            // no request is sent on a connection the other side is closing.
            .pool_max_idle_per_host(0)
            .connect_timeout(policy.timeout)
            .user_agent(policy.user_agent.clone())
            .build()
            .map_err(|e| format!("building the HTTP client: {e}"))?;
        Ok(Fetcher { per_host: HostRate::new(policy.rate_per_host), client, policy, metrics, memory })
    }

    /// Fetches `url`, following redirects; the page's URL is the last one. Counted in
    /// `/metrics` by outcome: `ok`, the error's code, or `cancelled` when the request stopped
    /// waiting for it (its own deadline passed first).
    pub(crate) async fn fetch(&self, url: &str) -> Result<Page, ApiError> {
        let mut unfinished = Unfinished(Some(&self.metrics));
        let result = match tokio::time::timeout(self.policy.timeout, self.follow(url)).await {
            Ok(result) => result,
            Err(_) => Err(ApiError::new(
                Kind::FetchTimeout,
                format!("{url}: no complete answer within {} s", self.policy.timeout.as_secs()),
            )),
        };
        unfinished.0 = None;
        self.metrics.fetched(result.as_ref().map_or_else(|error| error.kind.code(), |_| "ok"));
        result
    }

    /// Refuses a hop to a port not on the list, or to a host fetched from too often.
    fn check_port_and_rate(&self, url: &Url) -> Result<(), ApiError> {
        let port = url.port_or_known_default().unwrap_or(0);
        if !self.policy.ports.contains(&port) {
            let ports: Vec<String> = self.policy.ports.iter().map(u16::to_string).collect();
            return Err(ApiError::new(
                Kind::ForbiddenPort,
                format!("{url}: port {port} is not one this server fetches from ({}; --fetch-port)", ports.join(", ")),
            ));
        }
        let host = url.host_str().unwrap_or_default();
        if let Err(wait) = self.per_host.take(host) {
            return Err(ApiError::new(
                Kind::HostRateLimited,
                format!(
                    "{host} was fetched from as often as this server allows (--fetch-rate-per-host {}); \
                     try again in {:.1} s",
                    self.policy.rate_per_host,
                    wait.as_secs_f64()
                ),
            ));
        }
        Ok(())
    }

    async fn follow(&self, url: &str) -> Result<Page, ApiError> {
        let mut current = checked_url(url)?;
        let mut redirects = 0;
        loop {
            self.check_literal_host(&current)?;
            self.check_port_and_rate(&current)?;
            let response = self
                .client
                .get(current.as_str())
                .header(reqwest::header::ACCEPT, "text/html, application/xhtml+xml;q=0.9, */*;q=0.1")
                .send()
                .await
                .map_err(|error| request_error(&current, &error))?;
            let status = response.status();
            if status.is_redirection() {
                if let Some(location) = response.headers().get(reqwest::header::LOCATION) {
                    redirects += 1;
                    if redirects > self.policy.max_redirects {
                        return Err(ApiError::new(
                            Kind::FetchFailed,
                            format!("{url}: more than {} redirects", self.policy.max_redirects),
                        ));
                    }
                    let location =
                        location.to_str().map_err(|_| fetch_failed(&current, "a Location that is not text"))?;
                    let next = current
                        .join(location)
                        .map_err(|e| fetch_failed(&current, &format!("redirect to {location:?}: {e}")))?;
                    current = checked_url(next.as_str())?;
                    continue;
                }
            }
            if !status.is_success() {
                return Err(fetch_failed(&current, &format!("the server answered {status}")).upstream(status.as_u16()));
            }
            return self.read_page(url, current, response).await;
        }
    }

    /// Refuses a URL whose host is written as an address that may not be fetched (host names
    /// are checked by the resolver).
    fn check_literal_host(&self, url: &Url) -> Result<(), ApiError> {
        // The URL parser writes an address host in its canonical form (`[::1]`, `127.0.0.1`
        // for `2130706433`), so parsing the host tells an address from a name.
        let host = url.host_str().unwrap_or_default();
        let Ok(ip) = host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>() else {
            return Ok(());
        };
        match self.policy.refusal(ip) {
            Some(class) => Err(forbidden(&Forbidden { host: ip.to_string(), ip, class })),
            None => Ok(()),
        }
    }

    async fn read_page(&self, asked: &str, url: Url, mut response: reqwest::Response) -> Result<Page, ApiError> {
        let max = self.policy.max_bytes;
        let status = response.status();
        let media = super::api::page_media_type(response.headers());
        if !super::api::is_html_or_unlabelled(&media) {
            let message = format!("{url} answered {status} with {}, not HTML", media.essence);
            return Err(ApiError::new(Kind::FetchedNotHtml, message).upstream(status.as_u16()));
        }
        let too_large = || {
            let message = format!("{url} answered {status} with a page larger than {max} bytes (--max-body)");
            ApiError::new(Kind::FetchedTooLarge, message).upstream(status.as_u16())
        };
        if response.content_length().is_some_and(|length| length > max) {
            return Err(too_large());
        }
        let mut bytes = Vec::new();
        // Held while the page arrives; the requests that use it then count their own copies.
        let mut memory = super::body::Memory::default();
        while let Some(chunk) = response.chunk().await.map_err(|error| request_error(&url, &error))? {
            if bytes.len() as u64 + chunk.len() as u64 > max {
                return Err(too_large());
            }
            memory.take(&self.memory, chunk.len())?;
            bytes.extend_from_slice(&chunk);
        }
        // No Accept-Encoding is sent, but a server may encode all the same: gzip is decoded
        // (within --max-body and --body-memory), any other coding refused.
        let codings: Vec<String> = response
            .headers()
            .get_all(reqwest::header::CONTENT_ENCODING)
            .iter()
            .flat_map(|value| value.to_str().unwrap_or("?").split(','))
            .map(|coding| coding.trim().to_ascii_lowercase())
            .filter(|coding| !coding.is_empty() && coding != "identity")
            .collect();
        let bytes = match codings.as_slice() {
            [] => bytes,
            [gzip] if gzip == "gzip" || gzip == "x-gzip" => {
                let sent = bytes.len();
                let decoded = match super::body::gunzip(bytes, max).await {
                    Ok(decoded) => decoded,
                    Err(super::body::Gunzip::TooLarge) => return Err(too_large()),
                    Err(super::body::Gunzip::Invalid(e)) => {
                        return Err(fetch_failed(&url, &format!("the gzip page does not decode: {e}")))
                    }
                };
                memory.take(&self.memory, decoded.len().saturating_sub(sent))?;
                decoded
            }
            _ => {
                let message = format!("the page's Content-Encoding is {}; only gzip is decoded", codings.join(", "));
                return Err(fetch_failed(&url, &message).upstream(status.as_u16()));
            }
        };
        Ok(Page::new(asked, bytes, Some(url.as_str())).charset(media.charset).status(Some(response.status().as_u16())))
    }
}

/// Counts a fetch dropped before it ended as `cancelled`.
struct Unfinished<'a>(Option<&'a Metrics>);

impl Drop for Unfinished<'_> {
    fn drop(&mut self) {
        if let Some(metrics) = self.0 {
            metrics.fetched("cancelled");
        }
    }
}

/// Parses a URL to fetch: absolute, http or https.
fn checked_url(url: &str) -> Result<Url, ApiError> {
    let parsed = Url::parse(url).map_err(|e| ApiError::new(Kind::BadParameter, format!("url {url:?}: {e}")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(ApiError::new(
            Kind::BadParameter,
            format!("url {url:?}: only http and https addresses are fetched"),
        ));
    }
    Ok(parsed)
}

fn forbidden(refusal: &Forbidden) -> ApiError {
    ApiError::new(Kind::ForbiddenAddress, refusal.to_string())
}

fn fetch_failed(url: &Url, reason: &str) -> ApiError {
    ApiError::new(Kind::FetchFailed, format!("{url}: {reason}"))
}

/// A client error: a refused address (found in the error's causes), a timeout, or a failure.
fn request_error(url: &Url, error: &reqwest::Error) -> ApiError {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(current) = cause {
        if let Some(refusal) = current.downcast_ref::<Forbidden>() {
            return forbidden(refusal);
        }
        cause = current.source();
    }
    if error.is_timeout() {
        return ApiError::new(Kind::FetchTimeout, format!("{url}: timed out"));
    }
    // The causes say what failed (name not found, connection refused, TLS).
    let mut reason = error.to_string();
    let mut cause = std::error::Error::source(error);
    while let Some(current) = cause {
        reason.push_str(": ");
        reason.push_str(&current.to_string());
        cause = current.source();
    }
    fetch_failed(url, &reason)
}

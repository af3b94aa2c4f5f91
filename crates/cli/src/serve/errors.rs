//! The API's errors: `{"error": {"code", "message", "request_id"}}` with the matching HTTP
//! status (and `upstream_status` for errors about a fetched page's answer).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// Why a request was not answered with an extraction. Each kind has its status and a stable
/// `code` clients can match on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// 400: a parameter is unknown or its value is wrong.
    BadParameter,
    /// 403: `url` (or a redirect) leads to an address that is not public.
    ForbiddenAddress,
    /// 403: the server fetches nothing (`--no-fetch`).
    FetchingOff,
    /// 403: `url` (or a redirect) names a port the server does not fetch from (`--fetch-port`).
    ForbiddenPort,
    /// 404: no such path.
    NotFound,
    /// 421: the request's `Host` is not one the server answers to.
    UnknownHost,
    /// 405: the path does not take this method.
    MethodNotAllowed,
    /// 408: the body did not arrive in time.
    RequestTimeout,
    /// 413: the body is larger than the server takes.
    BodyTooLarge,
    /// 415: the body is not HTML.
    NotHtml,
    /// 422: the page holds nothing this format exports (no contact, no event...).
    NothingFound,
    /// 422: the extraction stopped at one of the server's limits.
    ExtractionFailed,
    /// 422: the output is larger than `--max-output`.
    OutputTooLarge,
    /// 502: the page could not be fetched.
    FetchFailed,
    /// 502: the fetched page is not HTML.
    FetchedNotHtml,
    /// 502: the fetched page is larger than the server takes.
    FetchedTooLarge,
    /// 415: the body is in a content coding the server does not decode.
    UnsupportedEncoding,
    /// 429: one client's requests past its bounds.
    TooManyRequests,
    /// 429: the pages of one host were fetched as often as `--fetch-rate-per-host` allows.
    HostRateLimited,
    /// 503: too many requests in flight.
    Saturated,
    /// 503: the request took longer than the server allows.
    Timeout,
    /// 504: the fetch took longer than the server allows.
    FetchTimeout,
    /// 500: a bug.
    Internal,
}

impl Kind {
    pub(crate) fn status(self) -> StatusCode {
        match self {
            Kind::BadParameter => StatusCode::BAD_REQUEST,
            Kind::ForbiddenAddress | Kind::FetchingOff | Kind::ForbiddenPort => StatusCode::FORBIDDEN,
            Kind::NotFound => StatusCode::NOT_FOUND,
            Kind::UnknownHost => StatusCode::MISDIRECTED_REQUEST,
            Kind::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Kind::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Kind::BodyTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Kind::NotHtml => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Kind::NothingFound | Kind::ExtractionFailed | Kind::OutputTooLarge => StatusCode::UNPROCESSABLE_ENTITY,
            Kind::FetchFailed | Kind::FetchedNotHtml | Kind::FetchedTooLarge => StatusCode::BAD_GATEWAY,
            Kind::UnsupportedEncoding => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Kind::TooManyRequests | Kind::HostRateLimited => StatusCode::TOO_MANY_REQUESTS,
            Kind::Saturated | Kind::Timeout => StatusCode::SERVICE_UNAVAILABLE,
            Kind::FetchTimeout => StatusCode::GATEWAY_TIMEOUT,
            Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The `code` of the JSON error.
    pub(crate) fn code(self) -> &'static str {
        match self {
            Kind::BadParameter => "bad-parameter",
            Kind::ForbiddenAddress => "forbidden-address",
            Kind::FetchingOff => "fetching-off",
            Kind::ForbiddenPort => "forbidden-port",
            Kind::NotFound => "not-found",
            Kind::UnknownHost => "unknown-host",
            Kind::MethodNotAllowed => "method-not-allowed",
            Kind::RequestTimeout => "request-timeout",
            Kind::BodyTooLarge => "body-too-large",
            Kind::NotHtml => "not-html",
            Kind::NothingFound => "nothing-found",
            Kind::ExtractionFailed => "extraction-failed",
            Kind::OutputTooLarge => "output-too-large",
            Kind::FetchFailed => "fetch-failed",
            Kind::FetchedNotHtml => "fetched-not-html",
            Kind::FetchedTooLarge => "fetched-too-large",
            Kind::UnsupportedEncoding => "unsupported-encoding",
            Kind::TooManyRequests => "too-many-requests",
            Kind::HostRateLimited => "host-rate-limited",
            Kind::Saturated => "saturated",
            Kind::Timeout => "timeout",
            Kind::FetchTimeout => "fetch-timeout",
            Kind::Internal => "internal",
        }
    }
}

impl Kind {
    /// Every kind, for the API's description.
    pub(crate) const ALL: [Kind; 23] = [
        Kind::BadParameter,
        Kind::ForbiddenAddress,
        Kind::FetchingOff,
        Kind::ForbiddenPort,
        Kind::NotFound,
        Kind::UnknownHost,
        Kind::MethodNotAllowed,
        Kind::RequestTimeout,
        Kind::BodyTooLarge,
        Kind::NotHtml,
        Kind::NothingFound,
        Kind::ExtractionFailed,
        Kind::OutputTooLarge,
        Kind::FetchFailed,
        Kind::FetchedNotHtml,
        Kind::FetchedTooLarge,
        Kind::UnsupportedEncoding,
        Kind::TooManyRequests,
        Kind::HostRateLimited,
        Kind::Saturated,
        Kind::Timeout,
        Kind::FetchTimeout,
        Kind::Internal,
    ];

    /// The place of the kind in [`Kind::ALL`] (a match, so that a kind added to the enum and
    /// not to the list does not compile).
    #[cfg(test)]
    fn index(self) -> usize {
        match self {
            Kind::BadParameter => 0,
            Kind::ForbiddenAddress => 1,
            Kind::FetchingOff => 2,
            Kind::ForbiddenPort => 3,
            Kind::NotFound => 4,
            Kind::UnknownHost => 5,
            Kind::MethodNotAllowed => 6,
            Kind::RequestTimeout => 7,
            Kind::BodyTooLarge => 8,
            Kind::NotHtml => 9,
            Kind::NothingFound => 10,
            Kind::ExtractionFailed => 11,
            Kind::OutputTooLarge => 12,
            Kind::FetchFailed => 13,
            Kind::FetchedNotHtml => 14,
            Kind::FetchedTooLarge => 15,
            Kind::UnsupportedEncoding => 16,
            Kind::TooManyRequests => 17,
            Kind::HostRateLimited => 18,
            Kind::Saturated => 19,
            Kind::Timeout => 20,
            Kind::FetchTimeout => 21,
            Kind::Internal => 22,
        }
    }

    /// Whether the error is one of the server's bounds refusing the request (counted in
    /// `/metrics` as a rejection), rather than a fault of the request or of a fetched page.
    pub(crate) fn is_rejection(self) -> bool {
        matches!(
            self,
            Kind::UnknownHost
                | Kind::RequestTimeout
                | Kind::BodyTooLarge
                | Kind::ExtractionFailed
                | Kind::OutputTooLarge
                | Kind::TooManyRequests
                | Kind::HostRateLimited
                | Kind::Saturated
                | Kind::Timeout
        )
    }
}

/// What an error answer carries for the access log and `/metrics` (in the response's
/// extensions).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ErrorAnswer {
    pub(crate) code: &'static str,
    /// Why a bound refused the request, when one did: the code, or a finer reason
    /// (`client-rate` and `client-in-flight` for `too-many-requests`...).
    pub(crate) rejection: Option<&'static str>,
}

/// An error answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ApiError {
    pub(crate) kind: Kind,
    pub(crate) message: String,
    /// The status the fetched page was answered with, for errors about it.
    pub(crate) upstream_status: Option<u16>,
    /// A finer reason than the code for `/metrics`' rejections.
    pub(crate) reason: Option<&'static str>,
}

impl ApiError {
    pub(crate) fn new(kind: Kind, message: impl Into<String>) -> ApiError {
        ApiError { kind, message: message.into(), upstream_status: None, reason: None }
    }

    /// The error, counted in `/metrics` as a rejection for `reason` rather than its code.
    pub(crate) fn reason(mut self, reason: &'static str) -> ApiError {
        self.reason = Some(reason);
        self
    }

    /// The error, with the status the fetched page was answered with.
    pub(crate) fn upstream(mut self, status: u16) -> ApiError {
        self.upstream_status = Some(status);
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = serde_json::json!({"error": {"code": self.kind.code(), "message": self.message}});
        if let Some(status) = self.upstream_status {
            body["error"]["upstream_status"] = status.into();
        }
        if let Some(id) = super::request_id::current() {
            body["error"]["request_id"] = id.as_ref().into();
        }
        let mut response = (self.kind.status(), format!("{body}\n")).into_response();
        let rejection = self.kind.is_rejection().then(|| self.reason.unwrap_or(self.kind.code()));
        response.extensions_mut().insert(ErrorAnswer { code: self.kind.code(), rejection });
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        if matches!(self.kind, Kind::Saturated | Kind::TooManyRequests | Kind::HostRateLimited) {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::Kind;

    #[test]
    fn every_kind_is_listed_once_with_its_own_code() {
        for (at, kind) in Kind::ALL.iter().enumerate() {
            assert_eq!(kind.index(), at, "{kind:?}");
        }
        let mut codes: Vec<&str> = Kind::ALL.iter().map(|kind| kind.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Kind::ALL.len());
    }
}

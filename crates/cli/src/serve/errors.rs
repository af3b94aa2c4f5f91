//! The API's errors: `{"error": {"code", "message"}}` with the matching HTTP status.

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
    /// 404: no such path.
    NotFound,
    /// 405: the path does not take this method.
    MethodNotAllowed,
    /// 408: the body did not arrive in time.
    RequestTimeout,
    /// 413: the body (or the fetched page) is larger than the server takes.
    BodyTooLarge,
    /// 415: the body (or the fetched page) is not HTML.
    NotHtml,
    /// 422: the page holds nothing this format exports (no contact, no event...).
    NothingFound,
    /// 422: the extraction stopped at one of the server's limits.
    ExtractionFailed,
    /// 422: the output is larger than `--max-output`.
    OutputTooLarge,
    /// 502: the page could not be fetched.
    FetchFailed,
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
            Kind::ForbiddenAddress => StatusCode::FORBIDDEN,
            Kind::NotFound => StatusCode::NOT_FOUND,
            Kind::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Kind::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            Kind::BodyTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Kind::NotHtml => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Kind::NothingFound | Kind::ExtractionFailed | Kind::OutputTooLarge => StatusCode::UNPROCESSABLE_ENTITY,
            Kind::FetchFailed => StatusCode::BAD_GATEWAY,
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
            Kind::NotFound => "not-found",
            Kind::MethodNotAllowed => "method-not-allowed",
            Kind::RequestTimeout => "request-timeout",
            Kind::BodyTooLarge => "body-too-large",
            Kind::NotHtml => "not-html",
            Kind::NothingFound => "nothing-found",
            Kind::ExtractionFailed => "extraction-failed",
            Kind::OutputTooLarge => "output-too-large",
            Kind::FetchFailed => "fetch-failed",
            Kind::Saturated => "saturated",
            Kind::Timeout => "timeout",
            Kind::FetchTimeout => "fetch-timeout",
            Kind::Internal => "internal",
        }
    }
}

/// An error answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ApiError {
    pub(crate) kind: Kind,
    pub(crate) message: String,
}

impl ApiError {
    pub(crate) fn new(kind: Kind, message: impl Into<String>) -> ApiError {
        ApiError { kind, message: message.into() }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({"error": {"code": self.kind.code(), "message": self.message}});
        let mut response = (self.kind.status(), format!("{body}\n")).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        if self.kind == Kind::Saturated {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

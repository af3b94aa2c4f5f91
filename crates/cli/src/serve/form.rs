//! Form bodies (`application/x-www-form-urlencoded`, as XRay and php-mf2's service take them):
//! `html=` (the page) or `url=` (to fetch), and the endpoint's parameters.
//!
//! A form is read like any body ([`super::body`]: `--max-body`, `--body-memory`), then parsed
//! on a blocking thread, not a network one, and only as far as it needs to be: an endpoint
//! takes a few dozen parameters, so a form of more than [`MAX_FIELDS`] fields is refused (413)
//! at the first field past it, without decoding the rest. The decoded page counts against
//! `--body-memory` beside the form it came from.

use super::body::{Memory, ReadBody};
use super::errors::{ApiError, Kind};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The most fields a form may have (the page, the URL and the endpoint's parameters, a
/// repeatable one repeated).
pub(crate) const MAX_FIELDS: usize = 256;

/// A form, parsed: the page it gives (`html=`), and its other fields as parameters.
pub(crate) struct Form {
    pub(crate) html: Option<String>,
    pub(crate) parameters: Vec<(String, String)>,
    /// The form's bytes and the decoded page, against `--body-memory`.
    pub(crate) memory: Memory,
}

/// A form's page (`html=`) and its other fields, in order.
type Fields = (Option<String>, Vec<(String, String)>);

/// Parses `body` on a blocking thread (URL-decoding is work in proportion to the form).
pub(crate) async fn parse(body: ReadBody, budget: &Arc<Semaphore>) -> Result<Form, ApiError> {
    let ReadBody { bytes, mut memory } = body;
    let (html, parameters) = tokio::task::spawn_blocking(move || fields(&bytes))
        .await
        .map_err(|e| ApiError::new(Kind::Internal, format!("parsing the form: {e}")))??;
    memory.take(budget, html.as_ref().map_or(0, String::len))?;
    Ok(Form { html, parameters, memory })
}

/// The fields of a form: `html` apart, the others in order; 413 past [`MAX_FIELDS`], 400 for
/// a second `html`.
fn fields(form: &[u8]) -> Result<Fields, ApiError> {
    let mut html = None;
    let mut parameters = Vec::new();
    for (index, (name, value)) in form_urlencoded::parse(form).enumerate() {
        if index == MAX_FIELDS {
            return Err(ApiError::new(
                Kind::BodyTooLarge,
                format!("the form has more than {MAX_FIELDS} fields; it takes html= or url= and the parameters"),
            )
            .reason("form-fields"));
        }
        if name == "html" {
            if html.replace(value.into_owned()).is_some() {
                return Err(ApiError::new(Kind::BadParameter, "html is given twice"));
            }
        } else {
            parameters.push((name.into_owned(), value.into_owned()));
        }
    }
    Ok((html, parameters))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_apart_and_floods_refused() {
        let (html, parameters) = fields(b"html=%3Cp%3Ehi&base_url=https%3A%2F%2Fa.example%2F&srcset").unwrap();
        assert_eq!(html.as_deref(), Some("<p>hi"));
        assert_eq!(parameters, [("base_url".into(), "https://a.example/".into()), ("srcset".into(), String::new())]);
        let flood = format!("html=x{}", "&a".repeat(MAX_FIELDS));
        assert_eq!(fields(flood.as_bytes()).err().map(|e| e.kind), Some(Kind::BodyTooLarge));
        let just = format!("html=x{}", "&a".repeat(MAX_FIELDS - 1));
        assert_eq!(fields(just.as_bytes()).map(|(_, p)| p.len()).ok(), Some(MAX_FIELDS - 1));
        assert_eq!(fields(b"html=a&html=b").err().map(|e| e.kind), Some(Kind::BadParameter));
    }
}

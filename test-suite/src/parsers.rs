//! The parsers the runner knows, by name.

use serde_json::Value;
use std::path::PathBuf;

/// A parser the runner can drive: page bytes and page URL in, JSON out.
#[derive(Clone)]
pub struct Parser {
    /// The name used on the command line.
    pub name: &'static str,
    /// Runs the parser on a page.
    pub run: fn(html: &[u8], page_url: &str) -> Result<Value, String>,
    /// The page URL used when none is given.
    pub default_base_url: &'static str,
    /// Page URLs for cases under a folder (`(folder prefix, URL)`), where a suite gives its
    /// folders different page URLs; the first matching prefix wins over `default_base_url`.
    pub folder_base_urls: &'static [(&'static str, &'static str)],
    /// The bundled suite directory, when there is one (external suites are found with
    /// [`crate::locate`]).
    pub bundled_suite: Option<PathBuf>,
    /// The expectations file (known failures with reasons).
    pub expectations: PathBuf,
}

impl std::fmt::Debug for Parser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Parser").field("name", &self.name).finish_non_exhaustive()
    }
}

/// Every parser the runner knows.
pub fn registry() -> Vec<Parser> {
    vec![
        Parser {
            name: "mf2",
            run: run_mf2,
            // The suite's README: microformats-v2-unit pages live at http://example.test; the
            // older folders' expected URLs resolve against http://example.com/.
            default_base_url: "http://example.com/",
            folder_base_urls: &[("microformats-v2-unit/", "http://example.test")],
            bundled_suite: None,
            expectations: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("expectations/mf2.txt"),
        },
        Parser {
            name: "microdata",
            run: run_microdata,
            default_base_url: "https://blog.example.com/progress-report",
            folder_base_urls: &[],
            bundled_suite: Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("microdata")),
            expectations: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("expectations/microdata.txt"),
        },
    ]
}

/// microformats2 (harvest-mf2): the page's JSON with `page_url` as its URL.
fn run_mf2(html: &[u8], page_url: &str) -> Result<Value, String> {
    let url = harvest_dom::Url::parse(page_url).map_err(|e| e.to_string())?;
    let document = harvest_dom::Document::parse_bytes(html, &harvest_dom::ParseOptions::new().url(url));
    // The suite expects relative URLs inside e-* html resolved (h-entry/urlincontent,
    // mixed/h-entry/mixedroots); harvest-mf2 keeps them as authored unless asked.
    let options = harvest_mf2::Options::new().base_url(page_url);
    harvest_mf2::parse(&document, &options).map(|d| d.to_value()).map_err(|e| e.to_string())
}

/// WHATWG microdata (harvest-microdata): the JSON of 001 §5.4.1 with `page_url` as the page's
/// URL (a fixture that needs another URL sets it with `<base href>`).
fn run_microdata(html: &[u8], page_url: &str) -> Result<Value, String> {
    let url = harvest_dom::Url::parse(page_url).map_err(|e| e.to_string())?;
    let document = harvest_dom::Document::parse_bytes(html, &harvest_dom::ParseOptions::new().url(url));
    let options = harvest_microdata::JsonOptions::new();
    let json = harvest_microdata::try_to_json(&document, &options).map_err(|e| e.to_string())?;
    serde_json::from_str(&json).map_err(|e| e.to_string())
}

/// The names of the parsers the runner knows.
impl Parser {
    /// The page URL for a case: the first matching folder's, else the default.
    pub fn base_url_for(&self, case_name: &str) -> &'static str {
        self.folder_base_urls
            .iter()
            .find(|(prefix, _)| case_name.starts_with(prefix))
            .map_or(self.default_base_url, |(_, url)| url)
    }
}

/// The names of the parsers the runner knows.
pub fn parser_names() -> Vec<&'static str> {
    registry().iter().map(|p| p.name).collect()
}

/// The parser with this name.
pub fn parser(name: &str) -> Option<Parser> {
    registry().into_iter().find(|p| p.name == name)
}

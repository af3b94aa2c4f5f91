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
    /// Environment variable naming the suite directory, when the suite is not bundled.
    pub suite_env: Option<&'static str>,
    /// The bundled suite directory, when there is one.
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
    Vec::new()
}

/// The names of the parsers the runner knows.
pub fn parser_names() -> Vec<&'static str> {
    registry().iter().map(|p| p.name).collect()
}

/// The parser with this name.
pub fn parser(name: &str) -> Option<Parser> {
    registry().into_iter().find(|p| p.name == name)
}

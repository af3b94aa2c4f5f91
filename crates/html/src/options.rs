//! The options of each syntax, named once: the microformats2 options are the pipeline's (the
//! command's flags and the Python keywords turn into the same struct); every options struct is
//! `#[non_exhaustive]` with builders, so that an option can be added without breaking a caller.

pub use harvest_pipeline::extract::{Limits, LinksDetail, Mf2Options, Mf2Root, Syntax};

/// Options of the microdata extraction.
///
/// ```
/// use harvest_html::{Extractor, Limits, MicrodataOptions};
/// let page = b"<p itemscope><b itemprop=a>1</b><b itemprop=b>2</b>";
/// let limits = Limits { max_values: Some(1), ..Limits::default() };
/// let cut = Extractor::new().limits(limits.clone()).extract(page, None).unwrap();
/// assert!(cut.microdata.unwrap().truncated);
/// let strict = Extractor::new().limits(limits).microdata(MicrodataOptions::default().strict_limits(true));
/// assert!(strict.extract(page, None).is_err());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MicrodataOptions {
    strict_limits: bool,
}

impl MicrodataOptions {
    /// Past an output limit ([`Limits::max_values`], or the microdata crate's own bounds), fail
    /// with [`crate::Error::MicrodataLimit`] instead of giving the items cut short with
    /// `truncated` set (the default, as `harvest all` does).
    pub fn strict_limits(mut self, strict: bool) -> Self {
        self.strict_limits = strict;
        self
    }

    pub(crate) fn is_strict(&self) -> bool {
        self.strict_limits
    }
}

//! The options of each syntax, named once: builders with private fields, so that an option can
//! be added without breaking a caller.

pub use harvest_mf2::Root as Mf2Root;
pub use harvest_pipeline::extract::{Limits, LinksDetail, Syntax};

/// Options of the microformats2 extraction. The defaults are the parsing specification's and
/// those of `harvest all`.
///
/// ```
/// use harvest_html::Mf2Options;
/// let options = Mf2Options::default().thorough_text(true).lang(true);
/// assert!(options != Mf2Options::default());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Mf2Options {
    lang: bool,
    metaformats: bool,
    filter: Vec<String>,
    alternates: bool,
    filter_roots: bool,
    root: Option<Mf2Root>,
    srcset: bool,
    thorough_text: bool,
    source_paths: bool,
}

impl Mf2Options {
    /// Add `lang` to items and e-* values ([`harvest_mf2::Options::lang`]).
    pub fn lang(mut self, enabled: bool) -> Self {
        self.lang = enabled;
        self
    }

    /// Imply an h-entry from the page's metadata when it has no microformats
    /// ([`harvest_mf2::Options::metaformats`]).
    pub fn metaformats(mut self, enabled: bool) -> Self {
        self.metaformats = enabled;
        self
    }

    /// Only items of these types, such as `h-entry` (none: every item;
    /// [`harvest_mf2::Options::filter_types`]).
    pub fn filter<I, S>(mut self, types: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.filter = types.into_iter().map(Into::into).collect();
        self
    }

    /// Also give the 2014 parsing specification's `alternates`
    /// ([`harvest_mf2::Options::alternates`]).
    pub fn alternates(mut self, enabled: bool) -> Self {
        self.alternates = enabled;
        self
    }

    /// Leave out CSS framework classes that look like microformats, such as `h-full`
    /// ([`harvest_mf2::Options::filter_roots`]).
    pub fn filter_roots(mut self, enabled: bool) -> Self {
        self.filter_roots = enabled;
        self
    }

    /// Parse only this element and its descendants ([`harvest_mf2::Options::root`]); a page
    /// without it gives [`crate::Error::Mf2`].
    pub fn root(mut self, root: Mf2Root) -> Self {
        self.root = Some(root);
        self
    }

    /// Give image values their `srcset` candidates ([`harvest_mf2::Options::srcset`]).
    pub fn srcset(mut self, enabled: bool) -> Self {
        self.srcset = enabled;
        self
    }

    /// Read element text by the thorough algorithm instead of the specification's
    /// `textContent` ([`harvest_mf2::Text::Thorough`]).
    pub fn thorough_text(mut self, enabled: bool) -> Self {
        self.thorough_text = enabled;
        self
    }

    /// Add each item's `source-paths`, where the item and each value came from
    /// ([`harvest_mf2::Options::source_paths`]).
    pub fn source_paths(mut self, enabled: bool) -> Self {
        self.source_paths = enabled;
        self
    }

    /// The parser's options for a page whose base URL is `base_url`, within `limits`.
    pub(crate) fn parser(&self, base_url: &str, limits: &Limits) -> harvest_mf2::Options {
        let text = if self.thorough_text { harvest_mf2::Text::Thorough } else { harvest_mf2::Text::Classic };
        let mut parser = harvest_mf2::Options::new()
            .lang(self.lang)
            .metaformats(self.metaformats)
            .alternates(self.alternates)
            .filter_roots(self.filter_roots)
            .srcset(self.srcset)
            .source_paths(self.source_paths)
            .text(text)
            .base_url(base_url);
        if let Some(root) = &self.root {
            parser = parser.root(root.clone());
        }
        if let Some(max) = limits.max_values {
            parser = parser.max_copied_values(max);
        }
        if !self.filter.is_empty() {
            parser = parser.filter_types(self.filter.iter().cloned());
        }
        parser
    }
}

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

//! How a document's microdata is read: the HTML standard's model by default, with opt-in
//! readings that the web's own tools apply.

use serde::{Deserialize, Serialize};

/// How [`crate::Microdata::with_options`] reads a document. The default is the microdata
/// model of the HTML standard (HTML §5.2.4), which [`crate::Microdata::new`] uses.
///
/// ```
/// use harvest_dom::Document;
/// use harvest_microdata::{JsonOptions, Microdata, MicrodataOptions};
/// let doc = Document::parse(r#"<div itemscope><span itemprop="price" content="1000.00">$1,000.00</span></div>"#);
/// let standard = Microdata::new(&doc).to_json(&JsonOptions::new());
/// assert_eq!(standard, r#"{"items":[{"properties":{"price":["$1,000.00"]}}]}"#);
/// let read = Microdata::with_options(&doc, &MicrodataOptions::new().content_attribute(true));
/// assert_eq!(read.to_json(&JsonOptions::new()), r#"{"items":[{"properties":{"price":["1000.00"]}}]}"#);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub struct MicrodataOptions {
    /// See [`MicrodataOptions::content_attribute`].
    pub content_attribute: bool,
    /// See [`MicrodataOptions::collapse_white_space`].
    pub collapse_white_space: bool,
}

impl MicrodataOptions {
    /// The HTML standard's model.
    pub fn new() -> MicrodataOptions {
        MicrodataOptions::default()
    }

    /// Read a non-empty `content` attribute as the value of any property element whose value
    /// would otherwise be its text (`span`, `div`, `p`...), as schema.org's and Google's
    /// examples write it and extruct and Google's tools read it. Off by default: in the HTML
    /// standard only `meta` has a `content` attribute, and the value of other elements is their
    /// text; URL property elements, `data`, `meter`, `time` and `meta` are read the standard's
    /// way either way. The validator reports such attributes
    /// ([`crate::Rule::ContentAttribute`]) whatever this option says.
    pub fn content_attribute(mut self, enabled: bool) -> MicrodataOptions {
        self.content_attribute = enabled;
        self
    }

    /// Give the text value of a property element (the value of an element that is no URL
    /// property element, `meta`, `data`, `meter` or `time`, and has no `content` read by
    /// [`MicrodataOptions::content_attribute`]) trimmed, each run of white space in it one
    /// space, as extruct's values are: `"  Widget\n  "` is `"Widget"`. Off by default: the
    /// HTML standard's value is the element's `textContent` as it is.
    ///
    /// ```
    /// use harvest_dom::Document;
    /// use harvest_microdata::{JsonOptions, Microdata, MicrodataOptions};
    /// let doc = Document::parse("<div itemscope><span itemprop=name>  Red\n  widget </span></div>");
    /// let read = Microdata::with_options(&doc, &MicrodataOptions::new().collapse_white_space(true));
    /// assert_eq!(read.to_json(&JsonOptions::new()), r#"{"items":[{"properties":{"name":["Red widget"]}}]}"#);
    /// ```
    pub fn collapse_white_space(mut self, enabled: bool) -> MicrodataOptions {
        self.collapse_white_space = enabled;
        self
    }
}

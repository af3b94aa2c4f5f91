//! CSS selectors, for algorithms written as selectors (`.h-x>img:only-child`).

use crate::error::SelectorError;
use kuchikiki::{ElementData, NodeDataRef, Selectors};

/// A compiled selector list.
///
/// ```
/// use harvest_dom::{Document, Selector};
/// let doc = Document::parse("<div class=h-card><img alt=Me src=me.png></div>");
/// let only_img = Selector::parse(".h-card>img:only-child").unwrap();
/// assert_eq!(doc.root().select(&only_img).count(), 1);
/// assert!(Selector::parse("div[").is_err());
/// ```
pub struct Selector {
    compiled: Selectors,
}

impl Selector {
    /// Compiles a selector list.
    pub fn parse(source: &str) -> Result<Selector, SelectorError> {
        Selectors::compile(source)
            .map(|compiled| Selector { compiled })
            .map_err(|()| SelectorError { selector: source.to_owned() })
    }

    pub(crate) fn matches_ref(&self, element: &NodeDataRef<ElementData>) -> bool {
        self.compiled.matches(element)
    }
}

impl std::fmt::Debug for Selector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Selector({} selectors)", self.compiled.0.len())
    }
}

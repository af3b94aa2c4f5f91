//! CSS selectors, for algorithms written as selectors (`.h-x>img:only-child`): the `selectors`
//! crate's parser and matcher, run over harvest's elements.
//!
//! Documents here are static: the user-action pseudo-classes (`:hover`, `:active`, `:focus`) and
//! `:visited` never match; `:link` and `:any-link` match `a`, `area` and `link` elements with an
//! `href`. Matching is case-sensitive (no-quirks mode), whatever mode the page was parsed in.

use crate::error::{SelectorError, SelectorErrorReason};
use crate::node::Element;
use crate::tree::{NodeData, Tree};
use cssparser::{CowRcStr, ParseError, SourceLocation, ToCss};
use html5ever::{local_name, LocalName, Namespace};
use precomputed_hash::PrecomputedHash;
use selectors::attr::{AttrSelectorOperation, CaseSensitivity, NamespaceConstraint};
use selectors::context::{MatchingContext, MatchingForInvalidation, MatchingMode, NeedsSelectorFlags, QuirksMode};
use selectors::matching::ElementSelectorFlags;
use selectors::parser::{ParseRelative, SelectorList, SelectorParseErrorKind};
use selectors::{OpaqueElement, SelectorImpl};
use std::fmt;

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
    compiled: SelectorList<Selectors>,
}

impl Selector {
    /// The longest selector source compiled, in bytes.
    pub const MAX_LENGTH: usize = 4096;
    /// The deepest nesting of parentheses and brackets compiled (`:not(:is(a))` nests 2 levels).
    /// The selector parser and matcher recurse once per level, so the bound keeps a selector
    /// from a stranger from exhausting the stack.
    pub const MAX_NESTING: usize = 32;

    /// Compiles a selector list of at most [`Selector::MAX_LENGTH`] bytes, nested at most
    /// [`Selector::MAX_NESTING`] levels deep.
    ///
    /// ```
    /// use harvest_dom::{Selector, SelectorErrorReason};
    /// assert!(Selector::parse("main > .h-entry:not(.draft)").is_ok());
    /// let long = "a,".repeat(3000) + "a";
    /// assert!(matches!(Selector::parse(&long).unwrap_err().reason, SelectorErrorReason::TooLong { .. }));
    /// ```
    pub fn parse(source: &str) -> Result<Selector, SelectorError> {
        let error = |reason| SelectorError { selector: source.to_owned(), reason };
        if source.len() > Self::MAX_LENGTH {
            return Err(error(SelectorErrorReason::TooLong { length: source.len(), max: Self::MAX_LENGTH }));
        }
        let depth = nesting_depth(source);
        if depth > Self::MAX_NESTING {
            return Err(error(SelectorErrorReason::TooDeep { depth, max: Self::MAX_NESTING }));
        }
        let mut input = cssparser::ParserInput::new(source);
        let mut parser = cssparser::Parser::new(&mut input);
        SelectorList::parse(&SelectorParser, &mut parser, ParseRelative::No)
            .map(|compiled| Selector { compiled })
            .map_err(|_| error(SelectorErrorReason::Invalid))
    }

    /// Whether `element` matches any selector of the list.
    pub(crate) fn matches(&self, element: &Element) -> bool {
        let mut caches = selectors::context::SelectorCaches::default();
        let mut context = MatchingContext::new(
            MatchingMode::Normal,
            None,
            &mut caches,
            QuirksMode::NoQuirks,
            NeedsSelectorFlags::No,
            MatchingForInvalidation::No,
        );
        selectors::matching::matches_selector_list(&self.compiled, &Matched(element.clone()), &mut context)
    }
}

impl fmt::Debug for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Selector({} selectors)", self.compiled.len())
    }
}

/// How deep the blocks of a selector source nest: `(` (functions too), `[` and `{` open one,
/// `)`, `]` and `}` close one, as CSS Syntax §4 ("Tokenization") reads them: not inside
/// comments or strings, not when escaped. Unbalanced closers are ignored, so the count is never
/// below what the selector parser sees.
fn nesting_depth(source: &str) -> usize {
    let bytes = source.as_bytes();
    let (mut depth, mut deepest, mut at) = (0usize, 0usize, 0usize);
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 1,
            b'/' if bytes.get(at + 1) == Some(&b'*') => {
                at = source[at + 2..].find("*/").map_or(bytes.len(), |end| at + 2 + end + 1);
            }
            quote @ (b'"' | b'\'') => {
                at += 1;
                while at < bytes.len() && bytes[at] != quote && bytes[at] != b'\n' {
                    at += if bytes[at] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        at += 1;
    }
    deepest
}

/// The `selectors` crate's description of harvest's documents.
#[derive(Debug, Clone)]
pub(crate) struct Selectors;

/// A name or value in a selector (element name, class, id, attribute name or value).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct CssName(LocalName);

impl ToCss for CssName {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_identifier(&self.0, dest)
    }
}

impl From<&str> for CssName {
    fn from(value: &str) -> Self {
        CssName(LocalName::from(value))
    }
}

impl AsRef<str> for CssName {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl PrecomputedHash for CssName {
    fn precomputed_hash(&self) -> u32 {
        self.0.precomputed_hash()
    }
}

impl SelectorImpl for Selectors {
    type ExtraMatchingData<'a> = ();
    type AttrValue = CssName;
    type Identifier = CssName;
    type LocalName = CssName;
    type NamespaceUrl = Namespace;
    type NamespacePrefix = CssName;
    type BorrowedNamespaceUrl = Namespace;
    type BorrowedLocalName = CssName;
    type NonTSPseudoClass = PseudoClass;
    type PseudoElement = PseudoElement;
}

/// The pseudo-classes that depend on more than the tree (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PseudoClass {
    AnyLink,
    Link,
    Visited,
    Hover,
    Active,
    Focus,
}

impl PseudoClass {
    const ALL: [(PseudoClass, &'static str); 6] = [
        (PseudoClass::AnyLink, "any-link"),
        (PseudoClass::Link, "link"),
        (PseudoClass::Visited, "visited"),
        (PseudoClass::Hover, "hover"),
        (PseudoClass::Active, "active"),
        (PseudoClass::Focus, "focus"),
    ];

    fn name(&self) -> &'static str {
        Self::ALL.iter().find(|(class, _)| class == self).map_or("", |(_, name)| name)
    }
}

impl ToCss for PseudoClass {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        dest.write_char(':')?;
        dest.write_str(self.name())
    }
}

impl selectors::parser::NonTSPseudoClass for PseudoClass {
    type Impl = Selectors;

    fn is_active_or_hover(&self) -> bool {
        matches!(self, PseudoClass::Active | PseudoClass::Hover)
    }

    fn is_user_action_state(&self) -> bool {
        matches!(self, PseudoClass::Active | PseudoClass::Hover | PseudoClass::Focus)
    }
}

/// No pseudo-elements are supported: a selector naming one does not compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PseudoElement {}

impl ToCss for PseudoElement {
    fn to_css<W: fmt::Write>(&self, _dest: &mut W) -> fmt::Result {
        match *self {}
    }
}

impl selectors::parser::PseudoElement for PseudoElement {
    type Impl = Selectors;
}

struct SelectorParser;

impl<'i> selectors::parser::Parser<'i> for SelectorParser {
    type Impl = Selectors;
    type Error = SelectorParseErrorKind<'i>;

    fn parse_non_ts_pseudo_class(
        &self,
        location: SourceLocation,
        name: CowRcStr<'i>,
    ) -> Result<PseudoClass, ParseError<'i, SelectorParseErrorKind<'i>>> {
        PseudoClass::ALL
            .iter()
            .find(|(_, known)| name.eq_ignore_ascii_case(known))
            .map(|(class, _)| class.clone())
            .ok_or_else(|| location.new_custom_error(SelectorParseErrorKind::UnsupportedPseudoClassOrElement(name)))
    }
}

/// An element as the `selectors` crate sees it (kept out of [`Element`]'s public interface).
#[derive(Debug, Clone)]
struct Matched(Element);

impl std::ops::Deref for Matched {
    type Target = Element;
    fn deref(&self) -> &Element {
        &self.0
    }
}

impl Matched {
    /// `a`, `area` or `link` with an `href`: what `:link` and `:any-link` match.
    fn is_hyperlink(&self) -> bool {
        self.is_html()
            && matches!(self.data().name.local, local_name!("a") | local_name!("area") | local_name!("link"))
            && self.has_attr("href")
    }
}

impl selectors::Element for Matched {
    type Impl = Selectors;

    fn opaque(&self) -> OpaqueElement {
        OpaqueElement::new(self.tree.slot(self.id))
    }

    fn parent_element(&self) -> Option<Self> {
        self.0.parent_element().map(Matched)
    }

    fn parent_node_is_shadow_root(&self) -> bool {
        false
    }

    fn containing_shadow_host(&self) -> Option<Self> {
        None
    }

    fn is_pseudo_element(&self) -> bool {
        false
    }

    fn prev_sibling_element(&self) -> Option<Self> {
        self.previous_element_sibling().map(Matched)
    }

    fn next_sibling_element(&self) -> Option<Self> {
        self.next_element_sibling().map(Matched)
    }

    fn first_element_child(&self) -> Option<Self> {
        self.element_children().next().map(Matched)
    }

    fn is_html_element_in_html_document(&self) -> bool {
        self.is_html()
    }

    fn has_local_name(&self, local_name: &CssName) -> bool {
        same_name(&self.tree, &self.data().name.local, &local_name.0)
    }

    fn has_namespace(&self, namespace: &Namespace) -> bool {
        self.data().name.ns == *namespace
    }

    fn is_same_type(&self, other: &Self) -> bool {
        let (mine, theirs) = (&self.data().name, &other.data().name);
        mine.ns == theirs.ns && mine.local == theirs.local
    }

    fn attr_matches(
        &self,
        namespace: &NamespaceConstraint<&Namespace>,
        local_name: &CssName,
        operation: &AttrSelectorOperation<&CssName>,
    ) -> bool {
        self.data().attributes.iter().any(|attribute| {
            same_name(&self.tree, &attribute.name.local, &local_name.0)
                && match namespace {
                    NamespaceConstraint::Any => true,
                    NamespaceConstraint::Specific(namespace) => attribute.name.ns == **namespace,
                }
                && operation.eval_str(&attribute.value)
        })
    }

    fn match_non_ts_pseudo_class(&self, class: &PseudoClass, _context: &mut MatchingContext<'_, Selectors>) -> bool {
        match class {
            PseudoClass::AnyLink | PseudoClass::Link => self.is_hyperlink(),
            PseudoClass::Visited | PseudoClass::Hover | PseudoClass::Active | PseudoClass::Focus => false,
        }
    }

    fn match_pseudo_element(&self, element: &PseudoElement, _context: &mut MatchingContext<'_, Selectors>) -> bool {
        match *element {}
    }

    fn apply_selector_flags(&self, _flags: ElementSelectorFlags) {}

    fn is_link(&self) -> bool {
        self.is_hyperlink()
    }

    fn is_html_slot_element(&self) -> bool {
        false
    }

    fn has_id(&self, id: &CssName, case_sensitivity: CaseSensitivity) -> bool {
        self.attr("id").is_some_and(|value| case_sensitivity.eq(value.as_bytes(), id.0.as_bytes()))
    }

    fn has_class(&self, name: &CssName, case_sensitivity: CaseSensitivity) -> bool {
        let name = name.0.as_bytes();
        !name.is_empty()
            && self.attr("class").is_some_and(|classes| {
                crate::tokens::split_ascii_whitespace(classes).any(|class| case_sensitivity.eq(class.as_bytes(), name))
            })
    }

    fn has_custom_state(&self, _name: &CssName) -> bool {
        false
    }

    fn imported_part(&self, _name: &CssName) -> Option<CssName> {
        None
    }

    fn is_part(&self, _name: &CssName) -> bool {
        false
    }

    // Selectors § `:empty`: no element children and no text (of any length but zero).
    fn is_empty(&self) -> bool {
        self.children().all(|child| match self.tree.data(child.id) {
            NodeData::Element(_) => false,
            NodeData::Text(text) => text.is_empty(),
            _ => true,
        })
    }

    fn is_root(&self) -> bool {
        self.tree.parent(self.id).is_some_and(|parent| matches!(self.tree.data(parent), NodeData::Document))
    }

    fn add_element_unique_hashes(&self, _filter: &mut selectors::bloom::BloomFilter) -> bool {
        false
    }
}

/// Selector matching on nodes and elements.
impl crate::node::Node {
    /// The descendant elements matching `selector`, in tree order.
    pub fn select<'a>(&self, selector: &'a Selector) -> impl Iterator<Item = Element> + 'a {
        self.descendant_elements().filter(move |element| selector.matches(element))
    }
}

impl Element {
    /// Whether the element matches `selector`.
    pub fn matches(&self, selector: &Selector) -> bool {
        selector.matches(self)
    }

    /// The descendant elements matching `selector`, in tree order.
    pub fn select<'a>(&self, selector: &'a Selector) -> impl Iterator<Item = Element> + 'a {
        self.as_node().select(selector)
    }
}

/// Whether a name of `tree`'s is a selector's name: the same atom, or a page's long name (kept
/// as a placeholder, see `crate::page_names`) of the same text.
fn same_name(tree: &Tree, name: &LocalName, selector_name: &LocalName) -> bool {
    name == selector_name || (crate::page_names::is_placeholder(name) && tree.name_text(name) == &**selector_name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Document;

    fn matches(html: &str, selector: &str) -> Vec<String> {
        let doc = Document::parse(html);
        let selector = Selector::parse(selector).unwrap_or_else(|error| panic!("{error}"));
        doc.root().select(&selector).map(|e| e.id().unwrap_or("").to_owned()).collect()
    }

    #[test]
    fn structural_attribute_and_link_selectors_match() {
        let html = "<div id=a class='x y'><p id=b></p><a id=c href=/>l</a><a id=d>n</a></div><p id=e lang=en-GB></p>";
        assert_eq!(matches(html, ".x>p:only-of-type"), ["b"]);
        assert_eq!(matches(html, "div>:nth-child(2)"), ["c"]);
        assert_eq!(matches(html, ":any-link, :link"), ["c"]);
        assert_eq!(matches(html, "a:not([href])"), ["d"]);
        assert_eq!(matches(html, "[lang|=en]"), ["e"]);
        assert_eq!(matches(html, "p:empty"), ["b", "e"]);
        assert_eq!(matches(html, "#A, .X"), Vec::<String>::new());
        assert_eq!(matches(html, ":hover, :visited"), Vec::<String>::new());
        assert_eq!(matches(html, ":root").len(), 1);
    }

    #[test]
    fn unsupported_selectors_are_errors() {
        for source in ["p::before", "p:unknown", "div[", ""] {
            assert!(Selector::parse(source).is_err(), "{source}");
        }
    }

    #[test]
    fn nesting_is_counted_outside_strings_comments_and_escapes() {
        assert_eq!(nesting_depth("a"), 0);
        assert_eq!(nesting_depth(":not(:is(a, [b]))"), 3);
        assert_eq!(nesting_depth("[title='((((']"), 1);
        assert_eq!(nesting_depth("[title=\"\\\"((\"]"), 1);
        assert_eq!(nesting_depth("/* ((( */ a"), 0);
        assert_eq!(nesting_depth(".a\\(\\("), 0);
        assert_eq!(nesting_depth(")))((("), 3);
        assert_eq!(nesting_depth("/* unclosed ("), 0);
    }

    #[test]
    fn bounds_are_reasons() {
        let nested = |depth: usize| format!("{}a{}", ":not(".repeat(depth), ")".repeat(depth));
        assert!(Selector::parse(&nested(Selector::MAX_NESTING)).is_ok());
        let error = Selector::parse(&nested(600)).unwrap_err();
        assert_eq!(error.reason, SelectorErrorReason::TooDeep { depth: 600, max: Selector::MAX_NESTING });
        assert!(error.to_string().contains("nested 600 levels deep"), "{error}");
        // The issue's 900 levels are also too long.
        assert!(matches!(Selector::parse(&nested(900)).unwrap_err().reason, SelectorErrorReason::TooLong { .. }));
        assert!(error.to_string().len() < 300, "the message quotes the selector's start only: {error}");
        let long = "a".repeat(Selector::MAX_LENGTH + 1);
        assert_eq!(
            Selector::parse(&long).unwrap_err().reason,
            SelectorErrorReason::TooLong { length: Selector::MAX_LENGTH + 1, max: Selector::MAX_LENGTH }
        );
        assert_eq!(Selector::parse("div[").unwrap_err().reason, SelectorErrorReason::Invalid);
    }

    #[test]
    fn pseudo_classes_serialize_as_written() {
        assert_eq!(PseudoClass::AnyLink.to_css_string(), ":any-link");
        assert_eq!(CssName::from("a b").to_css_string(), "a\\ b");
    }
}

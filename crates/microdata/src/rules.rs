//! The authoring rules of the microdata chapter the validator checks, each with the spec
//! section that states it and that section's URL: what the validator and the vocabulary checks
//! both report.

use serde::{Deserialize, Serialize};
use std::fmt;

/// An authoring rule the validator checks. Each names the spec section that states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Rule {
    /// HTML §5.2.5: "A document must not contain any items for which the algorithm to find the
    /// properties of an item finds any microdata errors" — an element reached twice (an
    /// `itemref` target that is also reached another way, or the item's own element reached
    /// again through `itemref`).
    MicrodataError,
    /// HTML §5.2.5: the graph of items and their item-valued properties must have no cycles.
    ItemCycle,
    /// HTML §5.2.5: every element with `itemprop` must be a property of some item.
    UnownedProperty,
    /// HTML 5.0 §5.2.5: every item must be a used microdata item (top-level, or the property of a
    /// used item).
    UnusedItem,
    /// HTML §5.2.3: the `itemprop` value must have at least one token.
    EmptyItemprop,
    /// HTML §5.2.2, §5.2.3: `itemtype`, `itemprop` and `itemref` are sets of *unique* tokens.
    DuplicateToken,
    /// HTML §5.2.2: `itemtype`, `itemid` and `itemref` must not be specified on elements
    /// without `itemscope`.
    AttributeWithoutItemscope,
    /// HTML §5.2.2: `itemid` must not be specified on elements without both `itemscope` and
    /// `itemtype`.
    ItemidWithoutItemtype,
    /// HTML §5.2.2: `itemid` must be a valid URL potentially surrounded by spaces (checked
    /// here as: it parses against the document base URL).
    InvalidItemid,
    /// HTML §5.2.2: the `itemtype` value must have at least one token.
    EmptyItemtype,
    /// HTML §5.2.2: each `itemtype` token must be a valid absolute URL.
    ItemtypeNotAbsoluteUrl,
    /// HTML §5.2.2: `itemref` tokens are IDs of elements in the same tree.
    ItemrefUnknownId,
    /// The 2009 microdata draft (the `itemref` attribute): a referenced element's nearest
    /// ancestor with `itemscope` must not be the element with the `itemref` attribute.
    ItemrefTargetInScope,
    /// HTML §5.2.3: a property name is an absolute URL, or contains no `.` and no `:`.
    PropertyNameSyntax,
    /// HTML §5.2.4: a property whose value is defined to be an absolute URL must be given on a
    /// URL property element (checked for the vocabularies of HTML §5.3: vCard, vEvent and
    /// licensing works).
    UrlPropertyElement,
    /// HTML §5.3: a vocabulary's "exactly one" / "a single property" / "only one type per
    /// distinct value" rules, and the properties it allows only together with others (vCard
    /// `member` in a group; vEvent `dtend` or `duration`).
    VocabularyPropertyCount,
    /// HTML §5.3: a vocabulary's value rules (text, absolute URL, date and time strings, the
    /// enumerated strings, `tz`, `geo`, language tags, vevent durations, sub-items; vEvent
    /// `dtend` of dtstart's kind and later).
    VocabularyPropertyValue,
    /// HTML §5.3: a name that is not a defined property name of the item's vocabulary (and not
    /// an absolute URL).
    VocabularyUnknownProperty,
    /// HTML §5.2.4 (and the HTML standard's `meta` element): a `content` attribute on a property
    /// element other than `meta`. It is no part of the microdata model, so the value is the
    /// element's text, unless read with [`crate::MicrodataOptions::content_attribute`] (the way
    /// schema.org's examples and extruct use it).
    ContentAttribute,
    /// The vocabulary checks stopped at their work bound (items sharing properties through
    /// `itemref` many times over).
    VocabularyChecksStopped,
}

impl Rule {
    /// Every rule, in the order diagnostics about one element are reported.
    pub const ALL: [Rule; 20] = [
        Rule::MicrodataError,
        Rule::ItemCycle,
        Rule::UnownedProperty,
        Rule::UnusedItem,
        Rule::EmptyItemprop,
        Rule::DuplicateToken,
        Rule::AttributeWithoutItemscope,
        Rule::ItemidWithoutItemtype,
        Rule::InvalidItemid,
        Rule::EmptyItemtype,
        Rule::ItemtypeNotAbsoluteUrl,
        Rule::ItemrefUnknownId,
        Rule::ItemrefTargetInScope,
        Rule::PropertyNameSyntax,
        Rule::UrlPropertyElement,
        Rule::ContentAttribute,
        Rule::VocabularyPropertyCount,
        Rule::VocabularyPropertyValue,
        Rule::VocabularyUnknownProperty,
        Rule::VocabularyChecksStopped,
    ];

    /// The rule's name (kebab-case, as serialized).
    pub fn name(self) -> &'static str {
        match self {
            Rule::MicrodataError => "microdata-error",
            Rule::ItemCycle => "item-cycle",
            Rule::UnownedProperty => "unowned-property",
            Rule::UnusedItem => "unused-item",
            Rule::EmptyItemprop => "empty-itemprop",
            Rule::DuplicateToken => "duplicate-token",
            Rule::AttributeWithoutItemscope => "attribute-without-itemscope",
            Rule::ItemidWithoutItemtype => "itemid-without-itemtype",
            Rule::InvalidItemid => "invalid-itemid",
            Rule::EmptyItemtype => "empty-itemtype",
            Rule::ItemtypeNotAbsoluteUrl => "itemtype-not-absolute-url",
            Rule::ItemrefUnknownId => "itemref-unknown-id",
            Rule::ItemrefTargetInScope => "itemref-target-in-scope",
            Rule::PropertyNameSyntax => "property-name-syntax",
            Rule::UrlPropertyElement => "url-property-element",
            Rule::ContentAttribute => "content-attribute",
            Rule::VocabularyPropertyCount => "vocabulary-property-count",
            Rule::VocabularyPropertyValue => "vocabulary-property-value",
            Rule::VocabularyUnknownProperty => "vocabulary-unknown-property",
            Rule::VocabularyChecksStopped => "vocabulary-checks-stopped",
        }
    }

    /// The URL of the text stating the rule (see [`spec_url`]).
    pub fn url(self) -> &'static str {
        spec_url(self.section())
    }

    /// The spec and section stating the rule: "HTML §5.2.5" is the HTML Standard's microdata
    /// chapter, "HTML 5.0 §5.2.5" the HTML 5.0-era text; [`Rule::url`] gives the address.
    pub fn section(self) -> &'static str {
        match self {
            Rule::MicrodataError | Rule::ItemCycle | Rule::UnownedProperty => "HTML §5.2.5",
            Rule::UnusedItem => "HTML 5.0 §5.2.5",
            Rule::EmptyItemprop | Rule::PropertyNameSyntax => "HTML §5.2.3",
            Rule::DuplicateToken
            | Rule::AttributeWithoutItemscope
            | Rule::ItemidWithoutItemtype
            | Rule::InvalidItemid
            | Rule::EmptyItemtype
            | Rule::ItemtypeNotAbsoluteUrl
            | Rule::ItemrefUnknownId => "HTML §5.2.2",
            Rule::ItemrefTargetInScope => "the 2009 microdata draft (the itemref attribute)",
            Rule::UrlPropertyElement | Rule::ContentAttribute => "HTML §5.2.4",
            Rule::VocabularyPropertyCount
            | Rule::VocabularyPropertyValue
            | Rule::VocabularyUnknownProperty
            | Rule::VocabularyChecksStopped => "HTML §5.3",
        }
    }
}

/// The public text behind each section a rule or diagnostic names: the HTML Standard's
/// microdata chapter for "HTML §", the W3C HTML Microdata note of 2013 (the HTML 5.0-era text)
/// for "HTML 5.0 §", and the 2009 W3C working draft for what only it states. Longest prefix
/// first.
const SPEC_URLS: &[(&str, &str)] = &[
    ("HTML §5.2.2", "https://html.spec.whatwg.org/multipage/microdata.html#items"),
    ("HTML §5.2.3", "https://html.spec.whatwg.org/multipage/microdata.html#names:-the-itemprop-attribute"),
    ("HTML §5.2.4", "https://html.spec.whatwg.org/multipage/microdata.html#values"),
    ("HTML §5.2.5", "https://html.spec.whatwg.org/multipage/microdata.html#associating-names-with-items"),
    ("HTML §5.3.1", "https://html.spec.whatwg.org/multipage/microdata.html#vcard"),
    ("HTML §5.3.2", "https://html.spec.whatwg.org/multipage/microdata.html#vevent"),
    ("HTML §5.3.3", "https://html.spec.whatwg.org/multipage/microdata.html#licensing-works"),
    ("HTML §", "https://html.spec.whatwg.org/multipage/microdata.html"),
    ("HTML 5.0 §", "https://www.w3.org/TR/2013/NOTE-microdata-20131029/"),
    ("the 2009 microdata draft", "https://www.w3.org/TR/2009/WD-html5-20090825/microdata.html"),
];

/// The URL of the text a section (as [`Rule::section`] and [`crate::Diagnostic::section`] write it)
/// names, or `""` for a section of no known document.
///
/// ```
/// use harvest_microdata::{spec_url, Rule};
/// assert_eq!(spec_url(Rule::ItemCycle.section()), Rule::ItemCycle.url());
/// assert!(Rule::ItemCycle.url().ends_with("#associating-names-with-items"));
/// ```
pub fn spec_url(section: &str) -> &'static str {
    SPEC_URLS.iter().find(|(prefix, _)| section.starts_with(prefix)).map_or("", |(_, url)| url)
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

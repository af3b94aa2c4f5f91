//! vCard 4.0 from microdata `hcard` items (HTML §5.3.1.1, to the letter) and from
//! microformats2 `h-card`s (a documented mapping, `docs/export.md`).
//!
//! ```
//! use harvest_dom::{Document, ParseOptions, Url};
//! use harvest_export::vcard::{self, VcardOptions};
//! let url = Url::parse("https://example.com/").unwrap();
//! let doc = Document::parse_with(
//!     r#"<span itemscope itemtype="http://microformats.org/profile/hcard"
//!        ><span itemprop=fn><span itemprop="n" itemscope><span itemprop="given-name"
//!        >George</span> <span itemprop="family-name">Washington</span></span
//!        ></span></span>"#,
//!     &ParseOptions::new().url(url),
//! );
//! let card = vcard::from_microdata(&doc, &VcardOptions::new()).unwrap();
//! assert_eq!(card, "BEGIN:VCARD\r\nPROFILE:VCARD\r\nVERSION:4.0\r\nSOURCE:https://example.com/\r\n\
//!     FN:George Washington\r\nN:Washington;George;;;\r\nEND:VCARD\r\n");
//!
//! let empty = Document::parse("<p>nobody here</p>");
//! assert_eq!(vcard::from_microdata(&empty, &VcardOptions::new()), Err(vcard::VcardError::NothingFound));
//! ```

use harvest_dom::{Document, Url};
use harvest_microdata::{Item, Microdata, PropertyValue};
use serde::{Deserialize, Serialize};

use crate::common;
use crate::content_line::{escape_text, escape_text_keep_semicolons, ContentLines, Folding};
use crate::datetime;
use crate::mf2::{self, mf2_first_text, mf2_text, mf2_texts, Mf2Date};

/// The microdata item type of contacts.
pub const HCARD_TYPE: &str = "http://microformats.org/profile/hcard";

/// Why no vCard was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VcardError {
    /// The page has no contact: no `hcard` microdata item, or no (representative) `h-card`.
    #[error("no contact found: the page has no vCard data (microdata hcard item or microformats h-card)")]
    NothingFound,
}

/// Options of the vCard conversions.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VcardOptions {
    all: bool,
    representative_only: bool,
    folding: Folding,
}

impl VcardOptions {
    /// The defaults: one vCard (the spec's first `hcard` item; the representative `h-card`,
    /// else the first one), folded by code points as the microdata spec says.
    pub fn new() -> Self {
        Self::default()
    }

    /// Write a vCard for every contact of the page, one after the other, instead of only one.
    pub fn all(mut self, all: bool) -> Self {
        self.all = all;
        self
    }

    /// mf2 only, without [`all`](Self::all): accept only the representative h-card; a page
    /// without one has [`VcardError::NothingFound`] rather than its first h-card.
    pub fn representative_only(mut self, representative_only: bool) -> Self {
        self.representative_only = representative_only;
        self
    }

    /// How long lines are folded ([`Folding::Octets`] for RFC 6350's 75 octets).
    pub fn folding(mut self, folding: Folding) -> Self {
        self.folding = folding;
        self
    }
}

// ---------------------------------------------------------------------------------------------
// Microdata (HTML §5.3.1.1).

/// Converts the microdata of a page to vCard, following HTML §5.3.1.1 "Conversion to vCard".
///
/// The algorithm's list of nodes is every element of the document in tree order, so the vCard
/// is the one of the first item of type [`HCARD_TYPE`] in tree order (nested or not); with
/// [`VcardOptions::all`], every such item gives one, in tree order. `SOURCE` is the document's
/// URL (`about:blank` without one). Returns [`VcardError::NothingFound`] when there is none.
pub fn from_microdata(doc: &Document, options: &VcardOptions) -> Result<String, VcardError> {
    let microdata = Microdata::new(doc);
    let cards: Vec<Item> = microdata.all_items().into_iter().filter(|i| i.has_type(HCARD_TYPE)).collect();
    if cards.is_empty() {
        return Err(VcardError::NothingFound);
    }
    let mut out = ContentLines::new(options.folding);
    let source = escape_text(&common::document_url(doc));
    let title = common::title_element(doc).map(|t| escape_text(&t.text_content()));
    for card in cards.iter().take(if options.all { usize::MAX } else { 1 }) {
        microdata_card(card, &source, title.as_deref(), &mut out);
    }
    Ok(out.finish())
}

/// HTML §5.3.1.1 steps 3–13 for one item.
fn microdata_card(node: &Item, source: &str, title: Option<&str>, out: &mut ContentLines) {
    out.push("BEGIN", &[], "VCARD");
    out.push("PROFILE", &[], "VCARD");
    out.push("VERSION", &[], "4.0");
    out.push("SOURCE", &[], source);
    if let Some(title) = title {
        out.push("NAME", &[], title);
    }
    let mut sex: Option<String> = None;
    let mut gender_identity: Option<String> = None;
    // Step 11: for each property element, for each of its names.
    for (name, property) in node.properties().entries() {
        let mut params: Vec<(&str, String)> = Vec::new();
        let value = match property.value() {
            PropertyValue::Item(sub) => match name {
                "n" => ["family-name", "given-name", "additional-name", "honorific-prefix", "honorific-suffix"]
                    .iter()
                    .map(|p| collect_first(&sub, p))
                    .collect::<Vec<_>>()
                    .join(";"),
                "adr" => {
                    let value = [
                        collect_all(&sub, "post-office-box"),
                        collect_all(&sub, "extended-address"),
                        collect_all(&sub, "street-address"),
                        collect_first(&sub, "locality"),
                        collect_first(&sub, "region"),
                        collect_first(&sub, "postal-code"),
                        collect_first(&sub, "country-name"),
                    ]
                    .join(";");
                    if let Some(t) = first_alphanumeric(&sub, "type") {
                        params.push(("TYPE", t));
                    }
                    value
                }
                "org" => {
                    let mut value = collect_first(&sub, "organization-name");
                    for unit in &sub.properties().named("organization-unit") {
                        if let PropertyValue::Text(t) = unit.value() {
                            value.push(';');
                            value.push_str(&escape_text(&t));
                        }
                    }
                    value
                }
                "related" if sub.has_type(HCARD_TYPE) => {
                    let mut value = String::new();
                    // The first `url` property whose element is a URL property element.
                    let url = sub.properties().named("url").iter().find(|p| p.is_url_property_element()).cloned();
                    if let Some(url) = url {
                        if let PropertyValue::Text(t) = url.value() {
                            value = escape_text(&t);
                        }
                        params.push(("VALUE", "URI".to_owned()));
                    }
                    if let Some(rel) = first_alphanumeric(&sub, "rel") {
                        params.push(("RELATION", rel));
                    }
                    value
                }
                _ => {
                    let value = collect_first(&sub, "value");
                    if let Some(t) = first_alphanumeric(&sub, "type") {
                        params.push(("TYPE", t));
                    }
                    value
                }
            },
            PropertyValue::Text(text) => {
                if name == "sex" {
                    sex.get_or_insert(text);
                    continue;
                }
                if name == "gender-identity" {
                    gender_identity.get_or_insert(text);
                    continue;
                }
                if property.is_url_property_element() {
                    params.push(("VALUE", "URI".to_owned()));
                } else if (name == "bday" || name == "anniversary") && datetime::is_valid_date_string(&text) {
                    params.push(("VALUE", "DATE".to_owned()));
                } else if name == "rev" && datetime::is_valid_global_date_time_string(&text) {
                    params.push(("VALUE", "DATE-TIME".to_owned()));
                }
                if name == "geo" {
                    escape_text_keep_semicolons(&text)
                } else {
                    escape_text(&text)
                }
            }
        };
        let params: Vec<(&str, &str)> = params.iter().map(|(n, v)| (*n, v.as_str())).collect();
        out.push(name, &params, &value);
    }
    // Step 12. The spec concatenates the raw values; they are escaped here so that a line
    // break in either cannot end the content line (docs/export.md).
    let sex = sex.unwrap_or_default();
    let gender_identity = gender_identity.unwrap_or_default();
    if !sex.is_empty() || !gender_identity.is_empty() {
        out.push("GENDER", &[], &format!("{};{}", escape_text(&sex), escape_text(&gender_identity)));
    }
    out.push("END", &[], "VCARD");
}

/// "Collecting vCard subproperties named `subname` in `subitem`".
fn collect_all(sub: &Item, subname: &str) -> String {
    let texts: Vec<String> = sub
        .properties()
        .named(subname)
        .values()
        .into_iter()
        .filter_map(|v| match v {
            PropertyValue::Text(t) => Some(escape_text(&t)),
            PropertyValue::Item(_) => None,
        })
        .collect();
    texts.join(",")
}

/// "Collecting the first vCard subproperty named `subname` in `subitem`".
fn collect_first(sub: &Item, subname: &str) -> String {
    match sub.properties().first(subname).map(|p| p.value()) {
        Some(PropertyValue::Text(t)) => escape_text(&t),
        _ => String::new(),
    }
}

/// The value of the first property named `name` when it is not an item and consists only of
/// ASCII alphanumerics (read as: at least one; an empty `TYPE=` is not a parameter value).
fn first_alphanumeric(sub: &Item, name: &str) -> Option<String> {
    match sub.properties().first(name)?.value() {
        PropertyValue::Text(t) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_alphanumeric()) => Some(t),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// microformats2 h-card.

/// The representative h-card of a page (microformats wiki, "representative h-card parsing"),
/// among every h-card of the page at any depth:
///
/// 1. the first h-card whose `uid` and `url` both equal the page URL; else
/// 2. the first h-card with a `url` that is also a `rel=me` link of the page; else
/// 3. the only h-card of the page, if its `url` equals the page URL.
///
/// URLs are compared after parsing (`https://example.com` equals `https://example.com/`).
///
/// ```
/// let page = harvest_dom::Url::parse("https://jane.example/").unwrap();
/// let doc = harvest_mf2::parse_html(
///     r#"<div class="h-card"><a class="u-url p-name" href="https://other.example/">Other</a></div>
///        <div class="h-card"><a class="u-url u-uid p-name" href="/">Jane</a></div>"#,
///     page.as_str(), &Default::default()).unwrap();
/// let card = harvest_export::vcard::representative_hcard(&doc, &page).unwrap();
/// assert_eq!(card.get("name")[0].as_text(), Some("Jane"));
/// ```
pub fn representative_hcard<'a>(doc: &'a harvest_mf2::Document, page_url: &Url) -> Option<&'a harvest_mf2::Item> {
    let cards = mf2::mf2_items_of_type(&doc.items, "h-card");
    let is_page = |s: &str| Url::parse(s.trim()).is_ok_and(|u| &u == page_url);
    let texts =
        |card: &'a harvest_mf2::Item, name: &str| card.get(name).iter().filter_map(mf2_text).collect::<Vec<_>>();
    if let Some(card) =
        cards.iter().find(|c| texts(c, "uid").into_iter().any(is_page) && texts(c, "url").into_iter().any(is_page))
    {
        return Some(card);
    }
    let me: Vec<Url> = doc.rels.get("me").into_iter().flatten().filter_map(|u| Url::parse(u).ok()).collect();
    if let Some(card) =
        cards.iter().find(|c| texts(c, "url").into_iter().any(|u| Url::parse(u.trim()).is_ok_and(|u| me.contains(&u))))
    {
        return Some(card);
    }
    match cards.as_slice() {
        [only] if texts(only, "url").into_iter().any(is_page) => Some(only),
        _ => None,
    }
}

/// Converts microformats2 h-cards to vCard 4.0 (the mapping of `docs/export.md`).
///
/// Without [`VcardOptions::all`], one vCard: the [representative h-card](representative_hcard)
/// when `page_url` is given and the page has one, else (unless
/// [`VcardOptions::representative_only`]) the first h-card; with it, one vCard per h-card of
/// the page at any depth (property values and children included). `page_url` also gives the
/// `SOURCE` line. Returns [`VcardError::NothingFound`] when there is no h-card to write.
///
/// ```
/// use harvest_export::vcard::{from_mf2, VcardOptions};
/// let doc = harvest_mf2::parse_html(
///     r#"<p class="h-card"><span class="p-name">Jane Doe</span>
///        <a class="u-email" href="mailto:jane@example.com">mail</a></p>"#,
///     "https://example.com/", &Default::default()).unwrap();
/// let card = from_mf2(&doc, None, &VcardOptions::new()).unwrap();
/// assert_eq!(card, "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Jane Doe\r\nEMAIL:jane@example.com\r\nEND:VCARD\r\n");
/// ```
pub fn from_mf2(
    doc: &harvest_mf2::Document,
    page_url: Option<&Url>,
    options: &VcardOptions,
) -> Result<String, VcardError> {
    let cards: Vec<&harvest_mf2::Item> = if options.all {
        mf2::mf2_items_of_type(&doc.items, "h-card")
    } else {
        let representative = page_url.and_then(|u| representative_hcard(doc, u));
        match representative {
            Some(card) => vec![card],
            None if options.representative_only => Vec::new(),
            None => mf2::mf2_items_of_type(&doc.items, "h-card").into_iter().take(1).collect(),
        }
    };
    if cards.is_empty() {
        return Err(VcardError::NothingFound);
    }
    let mut out = ContentLines::new(options.folding);
    for card in cards {
        hcard(card, page_url, &mut out);
    }
    Ok(out.finish())
}

const NAME_PARTS: [&str; 5] = ["family-name", "given-name", "additional-name", "honorific-prefix", "honorific-suffix"];
const ADR_PARTS: [&str; 7] =
    ["post-office-box", "extended-address", "street-address", "locality", "region", "postal-code", "country-name"];

/// The escaped, comma-joined texts of a property (one structured-value component).
fn component(item: &harvest_mf2::Item, name: &str) -> String {
    mf2_texts(item, name).iter().map(|t| escape_text(t.trim())).collect::<Vec<_>>().join(",")
}

fn hcard(card: &harvest_mf2::Item, page_url: Option<&Url>, out: &mut ContentLines) {
    out.push("BEGIN", &[], "VCARD");
    out.push("VERSION", &[], "4.0");
    if let Some(url) = page_url {
        out.push("SOURCE", &[], &common::uri_value(url.as_str()));
    }
    // FN is required: the name, else the name parts, else the organization or nickname.
    let formatted = mf2_first_text(card, "name").map(str::to_owned).or_else(|| {
        let parts: Vec<&str> = ["honorific-prefix", "given-name", "additional-name", "family-name", "honorific-suffix"]
            .iter()
            .filter_map(|p| mf2_first_text(card, p))
            .collect();
        if parts.is_empty() {
            mf2_first_text(card, "org").or_else(|| mf2_first_text(card, "nickname")).map(str::to_owned)
        } else {
            Some(parts.join(" "))
        }
    });
    out.push("FN", &[], &escape_text(formatted.as_deref().unwrap_or_default().trim()));
    if NAME_PARTS.iter().any(|p| mf2_first_text(card, p).is_some()) {
        let value = NAME_PARTS.map(|p| component(card, p)).join(";");
        let sort = mf2_first_text(card, "sort-string").map(|s| s.trim().to_owned());
        let params: Vec<(&str, &str)> = sort.iter().map(|s| ("SORT-AS", s.as_str())).collect();
        out.push("N", &params, &value);
    }
    for nick in mf2_texts(card, "nickname") {
        out.push("NICKNAME", &[], &escape_text(nick.trim()));
    }
    for (prop, line) in [("photo", "PHOTO"), ("logo", "LOGO")] {
        for url in mf2_texts(card, prop) {
            out.push(line, &[], &common::uri_value(url));
        }
    }
    for email in mf2_texts(card, "email") {
        out.push("EMAIL", &[], &escape_text(&strip_scheme(email, "mailto:", true)));
    }
    for tel in mf2_texts(card, "tel") {
        out.push("TEL", &[], &escape_text(&strip_scheme(tel, "tel:", false)));
    }
    hcard_addresses(card, out);
    if let Some(geo) = hcard_geo(card) {
        out.push("GEO", &[], &geo);
    }
    hcard_orgs(card, out);
    for (prop, line) in [("job-title", "TITLE"), ("role", "ROLE"), ("note", "NOTE"), ("tz", "TZ"), ("lang", "LANG")] {
        for text in mf2_texts(card, prop) {
            out.push(line, &[], &escape_text(text.trim()));
        }
    }
    for (prop, line) in [("bday", "BDAY"), ("anniversary", "ANNIVERSARY")] {
        if let Some(text) = mf2_first_text(card, prop) {
            match Mf2Date::parse(text).and_then(|d| d.basic()) {
                Some(basic) => out.push(line, &[], &basic),
                None => out.push(line, &[("VALUE", "text")], &escape_text(text.trim())),
            }
        }
    }
    let categories: Vec<String> = mf2_texts(card, "category").iter().map(|c| escape_text(c.trim())).collect();
    if !categories.is_empty() {
        out.push("CATEGORIES", &[], &categories.join(","));
    }
    for (prop, line) in [("url", "URL"), ("key", "KEY"), ("impp", "IMPP")] {
        for url in mf2_texts(card, prop) {
            out.push(line, &[], &common::uri_value(url));
        }
    }
    if let Some(uid) = mf2_first_text(card, "uid") {
        out.push("UID", &[], &common::uri_value(uid));
    }
    if let Some(gender) = hcard_gender(card) {
        out.push("GENDER", &[], &gender);
    }
    out.push("END", &[], "VCARD");
}

/// The value without its URI scheme (`mailto:` also loses its `?query`), trimmed.
fn strip_scheme(value: &str, scheme: &str, drop_query: bool) -> String {
    let v = value.trim();
    let v = match v.get(..scheme.len()) {
        Some(head) if head.eq_ignore_ascii_case(scheme) => v.get(scheme.len()..).unwrap_or_default(),
        _ => v,
    };
    let v = if drop_query { v.split('?').next().unwrap_or(v) } else { v };
    v.trim().to_owned()
}

/// ADR lines: one per nested `adr` item (h-adr, h-card), one per text `adr` (as the street
/// component), and one from the address properties on the h-card itself.
fn hcard_addresses(card: &harvest_mf2::Item, out: &mut ContentLines) {
    let adr_line = |item: &harvest_mf2::Item, out: &mut ContentLines| {
        if ADR_PARTS.iter().any(|p| mf2_first_text(item, p).is_some()) {
            out.push("ADR", &[], &ADR_PARTS.map(|p| component(item, p)).join(";"));
            true
        } else {
            false
        }
    };
    for value in card.get("adr") {
        match value {
            harvest_mf2::PropertyValue::Item(item) => {
                if !adr_line(item, out) {
                    if let Some(text) = mf2_text(value).filter(|t| !t.trim().is_empty()) {
                        out.push("ADR", &[], &format!(";;{};;;;", escape_text(text.trim())));
                    }
                }
            }
            other => {
                if let Some(text) = mf2_text(other).filter(|t| !t.trim().is_empty()) {
                    out.push("ADR", &[], &format!(";;{};;;;", escape_text(text.trim())));
                }
            }
        }
    }
    adr_line(card, out);
}

/// `geo:` URI (RFC 5870) from a nested h-geo, a `geo` text `lat;lon` / `lat,lon`, or the
/// card's own `latitude` and `longitude` (and `altitude`); `None` unless both are decimals.
pub(crate) fn hcard_geo(card: &harvest_mf2::Item) -> Option<String> {
    common::coordinates(card).map(|(lat, lon, alt)| match alt {
        Some(alt) => format!("geo:{lat},{lon},{alt}"),
        None => format!("geo:{lat},{lon}"),
    })
}

/// ORG lines: text `org`, a nested h-card's name (and its `organization-unit`s), else the
/// card's own `organization-name` and `organization-unit`s.
fn hcard_orgs(card: &harvest_mf2::Item, out: &mut ContentLines) {
    let mut any = false;
    for org in card.get("org") {
        let units: Vec<String> = match org {
            harvest_mf2::PropertyValue::Item(item) => {
                mf2_texts(item, "organization-unit").iter().map(|u| escape_text(u.trim())).collect()
            }
            _ => Vec::new(),
        };
        let name = match org {
            harvest_mf2::PropertyValue::Item(item) => mf2_first_text(item, "name")
                .or_else(|| mf2_first_text(item, "organization-name"))
                .or_else(|| mf2_text(org)),
            other => mf2_text(other),
        };
        if let Some(name) = name.filter(|n| !n.trim().is_empty()) {
            let mut value = escape_text(name.trim());
            for unit in units {
                value.push(';');
                value.push_str(&unit);
            }
            out.push("ORG", &[], &value);
            any = true;
        }
    }
    if !any {
        if let Some(name) = mf2_first_text(card, "organization-name") {
            let mut value = escape_text(name.trim());
            for unit in mf2_texts(card, "organization-unit") {
                value.push(';');
                value.push_str(&escape_text(unit.trim()));
            }
            out.push("ORG", &[], &value);
        }
    }
}

/// GENDER from `sex` and `gender-identity`: RFC 6350's sex component takes one of the letters
/// M, F, O, N, U, so `male`, `female`, `other`, `none` and `unknown` (or the letter itself,
/// any case) map to their letter; any other `sex` text moves to the identity component when
/// that is empty.
fn hcard_gender(card: &harvest_mf2::Item) -> Option<String> {
    let sex = mf2_first_text(card, "sex").map(str::trim);
    let mut identity = mf2_first_text(card, "gender-identity").map(|s| s.trim().to_owned());
    let letter = sex.and_then(|s| match s.to_ascii_lowercase().as_str() {
        "m" | "male" => Some("M"),
        "f" | "female" => Some("F"),
        "o" | "other" => Some("O"),
        "n" | "none" | "n/a" => Some("N"),
        "u" | "unknown" => Some("U"),
        _ => None,
    });
    if letter.is_none() && identity.is_none() {
        identity = sex.map(str::to_owned);
    }
    if letter.is_none() && identity.is_none() {
        return None;
    }
    Some(format!("{};{}", letter.unwrap_or_default(), escape_text(identity.as_deref().unwrap_or_default())))
}

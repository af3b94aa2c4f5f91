//! Atom feeds (RFC 4287), written with quick-xml.
//!
//! * [`from_document`]: HTML 5.0 §5.5.3 "Atom" (the same algorithm as the early microdata
//!   draft): one entry per `article` element that has no `article` ancestor, the feed's title,
//!   authors and icon from the page. Where the algorithm leaves a choice open, the reading taken
//!   is written down in `docs/export-atom-rdf.md`.
//!
//! * [`from_mf2`]: a microformats2 `h-feed` (or, without one, the page's top-level `h-entry`
//!   items) as a feed: `name` → title, `url`/`uid` → id and link, `published`/`updated`,
//!   `author` → author name and URI, `e-content` → HTML content, `summary`, `category`, and
//!   the feed's own name, author, URL and summary.
//!
//! Every feed is well-formed XML in the namespace [`ATOM_NAMESPACE`]: text and attribute values
//! are escaped for XML, and characters XML 1.0 does not allow (C0 controls other than tab, line
//! feed and carriage return, U+FFFE, U+FFFF) are replaced by U+FFFD. "The moment the algorithm
//! was invoked" and "the last modification of the source file" come from [`AtomOptions`], so
//! output can be made exactly reproducible.
//!
//! ```
//! use harvest_dom::{Document, ParseOptions, Url};
//! use harvest_export::atom::{self, AtomOptions};
//! use std::time::{Duration, UNIX_EPOCH};
//!
//! let url = Url::parse("http://example.com/blog/").unwrap();
//! let doc = Document::parse_with(
//!     "<title>My blog</title><article id=first><h1>Hello</h1><p>World \
//!      <time pubdate datetime=2010-08-04>Aug 4</time></article>",
//!     &ParseOptions::new().url(url),
//! );
//! let options = AtomOptions::new().now(UNIX_EPOCH + Duration::from_secs(1_700_000_000));
//! let feed = atom::from_document(&doc, &options).unwrap();
//! assert!(feed.contains("<id>http://example.com/blog/#first</id>"));
//! assert!(feed.contains("<published>2010-08-04T00:00:00Z</published>"));
//! assert!(feed.contains("<title type=\"html\">My blog</title>"));
//! ```

use crate::datetime::{
    is_valid_global_date_time_string, parse_date, parse_global_date_time, parse_local_date_time, GlobalDateTime,
};
use harvest_dom::{trim_ascii_whitespace, Document, Element, Node, SerializeOptions, Url};
use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::name::QName;
use quick_xml::Writer;
use std::borrow::Cow;
use std::collections::HashSet;
use std::rc::Rc;
use std::time::{SystemTime, UNIX_EPOCH};

/// The Atom namespace, `http://www.w3.org/2005/Atom`.
pub const ATOM_NAMESPACE: &str = "http://www.w3.org/2005/Atom";

/// The address a document without a URL has (HTML: a document created without an address
/// has the address `about:blank`).
const ABOUT_BLANK: &str = "about:blank";

/// Why no feed was written.
#[derive(Debug, thiserror::Error)]
pub enum AtomError {
    /// Nothing to make a feed of: for [`from_document`], the document contains no `article`
    /// element (HTML 5.0 §5.5.3 step 1: the algorithm returns nothing); for [`from_mf2`], the
    /// page has neither an `h-feed` nor a top-level `h-entry`.
    #[error("nothing to make a feed of (no article element, or no h-feed or h-entry)")]
    NothingFound,
    /// The output could not be written.
    #[error("cannot write the feed: {0}")]
    Io(#[from] std::io::Error),
}

/// Settings of the Atom conversion.
///
/// ```
/// use harvest_export::atom::AtomOptions;
/// use std::time::{Duration, UNIX_EPOCH};
/// let options = AtomOptions::new()
///     .self_address(harvest_dom::Url::parse("http://example.com/feed.atom").unwrap())
///     .now(UNIX_EPOCH + Duration::from_secs(86_400));
/// assert!(options.last_modified.is_none());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AtomOptions {
    /// The document's current address; `None` uses the document's URL
    /// ([`Document::url`]), and `about:blank` when it has none.
    pub address: Option<Url>,
    /// The address of the feed itself, written as `<link rel="self">` (§5.5.3 step 7, which is
    /// optional): `None` writes no such link.
    pub self_address: Option<Url>,
    /// "The moment that this algorithm was invoked"; `None` reads the system clock once.
    pub now: Option<SystemTime>,
    /// When the page's source was last modified, if known (the feed's `updated` when no entry
    /// has a date).
    pub last_modified: Option<SystemTime>,
}

impl AtomOptions {
    /// The defaults: the document's own URL, no self link, the system clock, no modification
    /// time.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`AtomOptions::address`].
    pub fn address(mut self, address: Url) -> Self {
        self.address = Some(address);
        self
    }

    /// Sets [`AtomOptions::self_address`].
    pub fn self_address(mut self, address: Url) -> Self {
        self.self_address = Some(address);
        self
    }

    /// Sets [`AtomOptions::now`].
    pub fn now(mut self, now: SystemTime) -> Self {
        self.now = Some(now);
        self
    }

    /// Sets [`AtomOptions::last_modified`].
    pub fn last_modified(mut self, modified: SystemTime) -> Self {
        self.last_modified = Some(modified);
        self
    }
}

/// Extracts an Atom feed from a document's `article` elements (HTML 5.0 §5.5.3) and returns it
/// as an XML document.
///
/// Returns [`AtomError::NothingFound`] when the document has no `article` element.
pub fn from_document(document: &Document, options: &AtomOptions) -> Result<String, AtomError> {
    let mut out = Vec::new();
    write_document(document, options, &mut out)?;
    // Only `&str` data is ever written, so the bytes are UTF-8.
    String::from_utf8(out).map_err(|e| AtomError::Io(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

/// Like [`from_document`], writing the feed to `out`.
pub fn write_document<W: std::io::Write>(document: &Document, options: &AtomOptions, out: W) -> Result<(), AtomError> {
    let feed = extract(document, options)?;
    write_feed(&feed, out)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The feed as data, filled by the algorithm and then written.

#[derive(Debug, Default)]
struct Feed {
    authors: Vec<Person>,
    icon: Option<String>,
    id: String,
    links: Vec<Link>,
    title: Option<Text>,
    subtitle: Option<Text>,
    updated: Option<String>,
    entries: Vec<Entry>,
}

#[derive(Debug, Default)]
struct Person {
    name: String,
    uri: Option<String>,
}

#[derive(Debug)]
struct Link {
    rel: &'static str,
    media_type: Option<&'static str>,
    href: String,
}

/// An Atom text construct: `type="html"` holds escaped HTML, `text` plain text.
#[derive(Debug)]
struct Text {
    html: bool,
    value: String,
}

#[derive(Debug, Default)]
struct Entry {
    xml_base: Option<String>,
    title: Option<Text>,
    content: Option<Text>,
    summary: Option<Text>,
    id: String,
    links: Vec<Link>,
    authors: Vec<Person>,
    categories: Vec<String>,
    published: Option<String>,
    updated: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Instants: a written value and the moment it names, for "newest" comparisons.

#[derive(Debug, Clone)]
struct Stamp {
    text: String,
    /// Seconds since 1970-01-01T00:00:00Z and the nanosecond.
    key: (i128, u32),
}

/// Days from 1970-01-01 to a proleptic-Gregorian date (H. Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count from 1970-01-01 (H. Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = (if mp < 10 { mp + 3 } else { mp - 9 }) as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

impl Stamp {
    /// A parsed global date and time, written in its own offset with seconds (a valid global
    /// date and time string that is also an RFC 3339 `date-time` for four-digit years).
    fn global(value: &GlobalDateTime) -> Stamp {
        let local = value.local();
        let (date, time) = (local.date(), local.time());
        let days = days_from_civil(i64::from(date.year()), u32::from(date.month()), u32::from(date.day()));
        let seconds = i128::from(days) * 86_400
            + i128::from(time.hour()) * 3600
            + i128::from(time.minute()) * 60
            + i128::from(time.second())
            - i128::from(value.offset().minutes()) * 60;
        Stamp { text: value.to_string(), key: (seconds, time.nanosecond()) }
    }

    /// Midnight UTC of a date (§5.5.3 step 16.14.2: "midnight and no offset").
    fn midnight(date: &crate::datetime::Date) -> Stamp {
        let days = days_from_civil(i64::from(date.year()), u32::from(date.month()), u32::from(date.day()));
        Stamp { text: format!("{date}T00:00:00Z"), key: (i128::from(days) * 86_400, 0) }
    }

    /// A system time in UTC, to the second.
    fn system(time: SystemTime) -> Stamp {
        let seconds: i128 = match time.duration_since(UNIX_EPOCH) {
            Ok(after) => i128::from(after.as_secs()),
            Err(before) => {
                let d = before.duration();
                -i128::from(d.as_secs()) - i128::from(d.subsec_nanos() > 0)
            }
        };
        let days = i64::try_from(seconds.div_euclid(86_400)).unwrap_or(0);
        let rest = seconds.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        let text =
            format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rest / 3600, rest % 3600 / 60, rest % 60);
        Stamp { text, key: (seconds, 0) }
    }
}

// ---------------------------------------------------------------------------------------------
// Element classes the algorithm names.

fn heading_rank(element: &Element) -> Option<u8> {
    if !element.is_html() {
        return None;
    }
    match element.local_name() {
        "h1" => Some(1),
        "h2" => Some(2),
        "h3" => Some(3),
        "h4" => Some(4),
        "h5" => Some(5),
        "h6" => Some(6),
        _ => None,
    }
}

/// HTML "heading content": `h1`–`h6` and `hgroup`.
fn is_heading_content(element: &Element) -> bool {
    heading_rank(element).is_some() || element.is("hgroup")
}

/// HTML "sectioning content": `article`, `aside`, `nav`, `section`.
fn is_sectioning_content(element: &Element) -> bool {
    element.is_html() && matches!(element.local_name(), "article" | "aside" | "nav" | "section")
}

/// The first element of heading content, in tree order, whose nearest ancestor of sectioning
/// content is `section` (an `article`, or `body` read as the top-level section): a walk of
/// `section`'s subtree that does not enter nested sectioning content. Iterative.
fn first_heading(section: &Element) -> Option<Element> {
    let mut stack: Vec<Element> = section.element_children().collect();
    stack.reverse();
    while let Some(element) = stack.pop() {
        if is_heading_content(&element) {
            return Some(element);
        }
        if is_sectioning_content(&element) {
            continue;
        }
        let before = stack.len();
        stack.extend(element.element_children());
        stack[before..].reverse();
    }
    None
}

/// §5.5.3 steps 11 and 16.4: the heading content of `heading` — the heading itself, or for an
/// `hgroup` its highest-ranked child heading (first in tree order among equals) — and, for an
/// `hgroup` with several child headings, the second entry of that order (the subheading).
fn heading_contents(heading: &Element) -> (Option<Element>, Option<Element>) {
    if !heading.is("hgroup") {
        return (Some(heading.clone()), None);
    }
    let mut headings: Vec<(u8, Element)> =
        heading.element_children().filter_map(|child| heading_rank(&child).map(|rank| (rank, child))).collect();
    // Stable: tree order within each rank.
    headings.sort_by_key(|(rank, _)| *rank);
    let mut ordered = headings.into_iter().map(|(_, element)| element);
    (ordered.next(), ordered.next())
}

// ---------------------------------------------------------------------------------------------
// The algorithm (HTML 5.0 §5.5.3).

fn extract(document: &Document, options: &AtomOptions) -> Result<Feed, AtomError> {
    // One reading of the clock for every use of "the moment that this algorithm was invoked".
    let now = Stamp::system(options.now.unwrap_or_else(SystemTime::now));
    let address: Url = match (&options.address, document.url()) {
        (Some(address), _) => address.clone(),
        (None, Some(url)) => url.clone(),
        (None, None) => Url::parse(ABOUT_BLANK).map_err(|e| std::io::Error::other(e.to_string()))?,
    };

    // Step 1: nothing without article elements. The top-level articles (no article ancestor),
    // each with the base URI XML Base gives it, found in one walk that does not enter articles.
    let articles = top_level_articles(document);
    if articles.is_empty() {
        return Err(AtomError::NothingFound);
    }

    // Steps 2-3: the feed.
    let mut feed = Feed::default();

    // Steps 4-5 (and the title element for step 11), in one pass over the elements.
    let mut icon: Option<String> = None;
    let mut title_element: Option<Element> = None;
    for element in document.elements_named(&["meta", "link", "title"]) {
        if element.is("meta") {
            // Metadata names compare ASCII case-insensitively.
            let name = element.attr("name");
            if name.is_some_and(|name| name.eq_ignore_ascii_case("author")) {
                if let Some(content) = element.attr("content") {
                    feed.authors.push(Person { name: content.to_string(), uri: None });
                }
            }
        } else if element.is("link") && icon.is_none() && element.has_attr("href") {
            if harvest_links::rel_list(&element).contains("icon") {
                let href = element.attr("href").map(|h| h.to_string()).unwrap_or_default();
                if let Ok(url) = document.resolve_url(&href).map(|url| url.to_string()) {
                    if linkable(&url) {
                        icon = Some(url);
                    }
                }
            }
        } else if element.is("title") && title_element.is_none() {
            title_element = Some(element);
        }
    }
    feed.icon = icon;

    // Step 6: the id.
    feed.id = address.to_string();
    // Step 7 (optional): the feed's own address, when known.
    if let Some(self_address) = &options.self_address {
        feed.links.push(Link { rel: "self", media_type: None, href: self_address.to_string() });
    }
    // Step 8: the page itself (an HTML document).
    feed.links.push(Link { rel: "alternate", media_type: Some("text/html"), href: address.to_string() });

    // Steps 9-14: title and subtitle.
    let heading = document.body().and_then(|body| first_heading(&body));
    let (title, subtitle) = match &heading {
        None => (title_element.map(|t| document.inner_html(&t.as_node())).unwrap_or_default(), None),
        Some(heading) => {
            let (main, sub) = heading_contents(heading);
            (
                main.map(|h| document.inner_html(&h.as_node())).unwrap_or_default(),
                sub.map(|h| document.inner_html(&h.as_node())),
            )
        }
    };
    feed.title = Some(Text { html: true, value: title });
    feed.subtitle = subtitle.map(|value| Text { html: true, value });

    // Step 15.
    let mut global_update: Option<Stamp> = None;

    // Step 16: one entry per top-level article.
    for (ordinal, (article, base)) in articles.iter().enumerate() {
        let entry = article_entry(document, &address, article, base.as_deref(), ordinal, &now, &mut global_update);
        feed.entries.push(entry);
    }

    // Steps 17-18: the feed's updated date, written before the first entry.
    let global_update = match global_update {
        Some(stamp) => stamp,
        None => options.last_modified.map(Stamp::system).unwrap_or_else(|| now.clone()),
    };
    feed.updated = Some(global_update.text);
    Ok(feed)
}

/// The `article` elements without an `article` ancestor, in tree order, each with its base URI
/// per XML Base (the document base URL, changed by `xml:base` attributes in the XML namespace
/// on ancestors: the HTML parser puts those only on foreign elements). Iterative, carrying the
/// base down the walk, so linear in the size of the document.
fn top_level_articles(document: &Document) -> Vec<(Element, Option<Rc<Url>>)> {
    let root_base: Option<Rc<Url>> = document.base_url().cloned().map(Rc::new);
    let mut found = Vec::new();
    let mut stack: Vec<(Element, Option<Rc<Url>>)> =
        document.root().element_children().map(|e| (e, root_base.clone())).collect();
    stack.reverse();
    while let Some((element, inherited)) = stack.pop() {
        let base = match element.xml_attr("base") {
            Some(value) => {
                let resolved = match &inherited {
                    Some(base) => base.join(&value).ok(),
                    None => Url::parse(&value).ok(),
                };
                resolved.map(Rc::new).or(inherited)
            }
            None => inherited,
        };
        if element.is("article") {
            found.push((element, base));
            continue;
        }
        let before = stack.len();
        stack.extend(element.element_children().map(|child| (child, base.clone())));
        stack[before..].reverse();
    }
    found
}

/// What one walk of an article finds (§5.5.3 steps 16.8, 16.9 and 16.14).
struct ArticleScan {
    /// The roots of the subtrees step 8 removes from the clone.
    removed: HashSet<Node>,
    /// The first `time` element with `pubdate` whose nearest `article` ancestor is the article.
    pubdate: Option<Element>,
    /// The newest `ins`/`del` `datetime` outside the removed parts.
    update: Option<Stamp>,
}

fn scan_article(article: &Element, heading: Option<&Element>) -> ArticleScan {
    let mut scan = ArticleScan { removed: HashSet::new(), pubdate: None, update: None };
    // (element, nearest sectioning content ancestor is the article, inside a removed part)
    let mut stack: Vec<(Element, bool, bool)> = article.element_children().map(|e| (e, true, false)).collect();
    stack.reverse();
    while let Some((element, direct, removed)) = stack.pop() {
        if element.is("article") {
            // Step 8: nested articles go, with everything in them (their time elements have
            // another nearest article, their ins/del are removed).
            scan.removed.insert(element.as_node());
            continue;
        }
        let mut inside_removed = removed;
        if direct && (heading == Some(&element) || element.is("header") || element.is("footer") || element.is("nav")) {
            scan.removed.insert(element.as_node());
            inside_removed = true;
        }
        if scan.pubdate.is_none() && element.is("time") && element.has_attr("pubdate") {
            scan.pubdate = Some(element.clone());
        }
        // Step 9: ins/del left in the clone, with a datetime that parses as a global date and
        // time without errors (a valid global date and time string); the newest, first wins ties.
        if !inside_removed && (element.is("ins") || element.is("del")) {
            if let Some(value) = element.attr("datetime") {
                if is_valid_global_date_time_string(value) {
                    if let Some(parsed) = parse_global_date_time(value) {
                        let stamp = Stamp::global(&parsed);
                        if scan.update.as_ref().is_none_or(|newest| stamp.key > newest.key) {
                            scan.update = Some(stamp);
                        }
                    }
                }
            }
        }
        let child_direct = direct && !is_sectioning_content(&element);
        let before = stack.len();
        stack.extend(element.element_children().map(|child| (child, child_direct, inside_removed)));
        stack[before..].reverse();
    }
    scan
}

/// §5.5.3 step 16.14: the publication date of a `time` element with `pubdate`: its value (the
/// `datetime` attribute, else its text with surrounding whitespace removed) as a global date
/// and time, or as a date at midnight UTC; `None` when its date is unknown.
fn time_publication_date(time: &Element) -> Option<Stamp> {
    let value = match time.attr("datetime") {
        Some(value) => value.to_string(),
        None => trim_ascii_whitespace(&time.text_content()).to_owned(),
    };
    if let Some(global) = parse_global_date_time(&value) {
        return Some(Stamp::global(&global));
    }
    parse_date(&value).map(|date| Stamp::midnight(&date))
}

fn article_entry(
    document: &Document,
    address: &Url,
    article: &Element,
    base: Option<&Url>,
    ordinal: usize,
    now: &Stamp,
    global_update: &mut Option<Stamp>,
) -> Entry {
    // Steps 1-2: the entry and its xml:base.
    let mut entry = Entry { xml_base: base.map(Url::to_string), ..Entry::default() };

    // Steps 3-6: the title.
    let heading = first_heading(article);
    let title_source = heading.as_ref().and_then(|h| heading_contents(h).0);
    let title = title_source.map(|h| document.inner_html(&h.as_node())).unwrap_or_default();
    entry.title = Some(Text { html: true, value: title });

    // Steps 7-9: the clone with nested articles, its own header/footer/nav and first heading
    // removed (as a set of subtrees to leave out while serializing), and the update date.
    let scan = scan_article(article, heading.as_ref());
    let mut update_date = scan.update.clone();

    // Step 10: the content.
    // The clone is never built: serializing the article while leaving out the removed
    // subtrees gives the same string.
    let skip = |node: &Node| scan.removed.contains(node);
    let serialize = SerializeOptions { skip: Some(&skip), ..SerializeOptions::default() };
    let content = document.inner_html_with(&article.as_node(), &serialize);

    // Step 11: id and has-alternate.
    let bookmark = article.descendants().find_map(|element| {
        if !(element.is("a") || element.is("area")) || !element.has_attr("rel") {
            return None;
        }
        let href = element.attr("href")?.to_string();
        if !harvest_links::rel_list(&element).contains("bookmark") {
            return None;
        }
        document.resolve_url(&href).ok().filter(|url| linkable(url.as_str()))
    });
    let (id, has_alternate) = match (bookmark, article.id()) {
        (Some(url), _) => (url.to_string(), true),
        (None, Some(fragment)) => {
            let mut url = address.clone();
            url.set_fragment(Some(fragment));
            (url.to_string(), false)
        }
        (None, None) => (generated_id(address.as_str(), ordinal, &content), false),
    };
    entry.content = Some(Text { html: true, value: content });
    // Steps 12-13.
    entry.id = id.clone();
    if has_alternate {
        entry.links.push(Link { rel: "alternate", media_type: None, href: id });
    }

    // Step 14: the publication date from the first time[pubdate] of this article.
    let mut publication_date = scan.pubdate.as_ref().and_then(time_publication_date);

    // Step 15: each date stands in for the other.
    if update_date.is_none() && publication_date.is_some() {
        update_date = publication_date.clone();
    } else if publication_date.is_none() && update_date.is_some() {
        publication_date = update_date.clone();
    }
    // Step 16: the newest update date of all entries.
    if let Some(update) = &update_date {
        if global_update.as_ref().is_none_or(|global| global.key < update.key) {
            *global_update = Some(update.clone());
        }
    }
    // Step 17: neither known — now.
    let (published, updated) = match (publication_date, update_date) {
        (Some(p), Some(u)) => (p, u),
        (p, u) => (p.unwrap_or_else(|| now.clone()), u.unwrap_or_else(|| now.clone())),
    };
    // Steps 18-19.
    entry.published = Some(published.text);
    entry.updated = Some(updated.text);
    entry
}

/// §5.5.3 step 16.11, "otherwise": an undereferenceable, globally unique absolute URL that is
/// the same for the same input — a `urn:uuid:` (version 8, RFC 9562) whose bits are a 128-bit
/// FNV-1a hash of the document address, the article's position among the top-level articles
/// and its content.
fn generated_id(address: &str, ordinal: usize, content: &str) -> String {
    const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;
    let mut hash = OFFSET;
    let ordinal = ordinal.to_string();
    for part in [address, "\u{0}", ordinal.as_str(), "\u{0}", content] {
        for byte in part.bytes() {
            hash ^= u128::from(byte);
            hash = hash.wrapping_mul(PRIME);
        }
    }
    let mut bytes = hash.to_be_bytes();
    bytes[6] = (bytes[6] & 0x0f) | 0x80; // version 8
    bytes[8] = (bytes[8] & 0x3f) | 0x80; // variant 10
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("urn:uuid:{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

// ---------------------------------------------------------------------------------------------
// Atom from microformats2: `from_mf2.rs`.

mod from_mf2;
pub use from_mf2::{from_mf2, write_mf2};

// ---------------------------------------------------------------------------------------------
// Writing XML.

/// XML 1.0 `Char`: what may appear in a document at all.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// Escapes text for XML character data or an attribute value: markup characters become
/// references, a carriage return (and in attributes tab and line feed) a character reference
/// so that parsers keep it, characters XML 1.0 forbids become U+FFFD.
fn escape_xml(text: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\r' => out.push_str("&#xD;"),
            '\n' if attribute => out.push_str("&#xA;"),
            '\t' if attribute => out.push_str("&#x9;"),
            c if !is_xml_char(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

struct XmlOut<W: std::io::Write> {
    writer: Writer<W>,
}

impl<W: std::io::Write> XmlOut<W> {
    fn start(&mut self, name: &str, attributes: &[(&str, &str)]) -> std::io::Result<()> {
        let mut start = BytesStart::new(name);
        for (key, value) in attributes {
            start.push_attribute(Attribute {
                key: QName(key.as_bytes()),
                value: Cow::Owned(escape_xml(value, true).into_bytes()),
            });
        }
        self.writer.write_event(Event::Start(start))
    }

    fn end(&mut self, name: &str) -> std::io::Result<()> {
        self.writer.write_event(Event::End(BytesEnd::new(name)))
    }

    fn empty(&mut self, name: &str, attributes: &[(&str, &str)]) -> std::io::Result<()> {
        let mut start = BytesStart::new(name);
        for (key, value) in attributes {
            start.push_attribute(Attribute {
                key: QName(key.as_bytes()),
                value: Cow::Owned(escape_xml(value, true).into_bytes()),
            });
        }
        self.writer.write_event(Event::Empty(start))
    }

    fn text_element(&mut self, name: &str, attributes: &[(&str, &str)], text: &str) -> std::io::Result<()> {
        if text.is_empty() {
            // An empty element (an indenting writer would put a line break in `<x></x>`).
            return self.empty(name, attributes);
        }
        self.start(name, attributes)?;
        self.writer.write_event(Event::Text(BytesText::from_escaped(escape_xml(text, false))))?;
        self.end(name)
    }

    fn text_construct(&mut self, name: &str, text: &Text) -> std::io::Result<()> {
        let kind = if text.html { "html" } else { "text" };
        self.text_element(name, &[("type", kind)], &text.value)
    }

    fn person(&mut self, name: &str, person: &Person) -> std::io::Result<()> {
        self.start(name, &[])?;
        self.text_element("name", &[], &person.name)?;
        if let Some(uri) = &person.uri {
            self.text_element("uri", &[], uri)?;
        }
        self.end(name)
    }

    fn link(&mut self, link: &Link) -> std::io::Result<()> {
        let mut attributes = vec![("rel", link.rel)];
        if let Some(media_type) = link.media_type {
            attributes.push(("type", media_type));
        }
        attributes.push(("href", &link.href));
        self.empty("link", &attributes)
    }
}

/// Whether a URL may be written where a feed reader makes a link of it (`link href`, an
/// author's `uri`, the `icon`): not one that runs script or carries its own document
/// (`javascript:`, `vbscript:`, `data:`), which a reader that renders the link would open in
/// its own origin. Such URLs are left out, as a page's script is left out of its content.
pub(crate) fn linkable(url: &str) -> bool {
    let scheme = url.trim_start().split(':').next().unwrap_or_default();
    !["javascript", "vbscript", "data"].iter().any(|unsafe_scheme| scheme.eq_ignore_ascii_case(unsafe_scheme))
}

fn write_feed<W: std::io::Write>(feed: &Feed, out: W) -> std::io::Result<()> {
    let mut xml = XmlOut { writer: Writer::new_with_indent(out, b' ', 2) };
    xml.writer.write_event(Event::Decl(BytesDecl::new("1.0", Some("utf-8"), None)))?;
    xml.start("feed", &[("xmlns", ATOM_NAMESPACE)])?;
    for author in &feed.authors {
        xml.person("author", author)?;
    }
    if let Some(icon) = &feed.icon {
        xml.text_element("icon", &[], icon)?;
    }
    xml.text_element("id", &[], &feed.id)?;
    for link in &feed.links {
        xml.link(link)?;
    }
    if let Some(title) = &feed.title {
        xml.text_construct("title", title)?;
    }
    if let Some(subtitle) = &feed.subtitle {
        xml.text_construct("subtitle", subtitle)?;
    }
    if let Some(updated) = &feed.updated {
        xml.text_element("updated", &[], updated)?;
    }
    for entry in &feed.entries {
        match &entry.xml_base {
            Some(base) => xml.start("entry", &[("xml:base", base)])?,
            None => xml.start("entry", &[])?,
        }
        if let Some(title) = &entry.title {
            xml.text_construct("title", title)?;
        }
        if let Some(summary) = &entry.summary {
            xml.text_construct("summary", summary)?;
        }
        if let Some(content) = &entry.content {
            xml.text_construct("content", content)?;
        }
        xml.text_element("id", &[], &entry.id)?;
        for link in &entry.links {
            xml.link(link)?;
        }
        for author in &entry.authors {
            xml.person("author", author)?;
        }
        for category in &entry.categories {
            xml.empty("category", &[("term", category)])?;
        }
        if let Some(published) = &entry.published {
            xml.text_element("published", &[], published)?;
        }
        if let Some(updated) = &entry.updated {
            xml.text_element("updated", &[], updated)?;
        }
        xml.end("entry")?;
    }
    xml.end("feed")?;
    // A final newline, as text files have.
    xml.writer.get_mut().write_all(b"\n")
}

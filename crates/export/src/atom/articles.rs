//! Atom from a document's `article` elements: the algorithm of HTML 5.0 §5.5.3 "Atom", step
//! by step, filling the feed model ([`super::model`]); the element classes it names (heading
//! and sectioning content) and the stable identifiers it generates live here too.

use super::id::generated_id;
use super::model::{Entry, Feed, Link, Person, Text};
use super::stamp::Stamp;
use super::{linkable, AtomError, AtomOptions, ABOUT_BLANK};
use crate::datetime::{is_valid_global_date_time_string, parse_date, parse_global_date_time};
use harvest_dom::{trim_ascii_whitespace, Document, Element, Node, SerializeOptions, Url};
use std::collections::HashSet;
use std::rc::Rc;
use std::time::SystemTime;

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

pub(super) fn extract(document: &Document, options: &AtomOptions) -> Result<Feed, AtomError> {
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

//! Atom from microformats2: an h-feed (or the page's top-level h-entries) as a feed, on the same
//! feed model and writer as the HTML algorithm.

use super::id::generated_id;
use super::model::{Entry, Feed, Link, Person, Text};
use super::stamp::Stamp;
use super::write::write_feed;
use super::{linkable, AtomError, AtomOptions, ABOUT_BLANK};
use crate::datetime::parse_global_date_time;
use crate::mf2::Mf2Date;
use harvest_dom::Url;
use std::time::SystemTime;

/// Makes an Atom feed of a page's microformats2: its first `h-feed` (depth first, children
/// included), with one entry per `h-entry` child; or, when the page has no `h-feed`, its
/// top-level `h-entry` items.
///
/// * feed: `name` → `title`, `summary` → `subtitle`, first `url` → `id` and
///   `link rel=alternate` (else [`AtomOptions::address`], else `about:blank`), `author` →
///   `author`; `updated` is the newest entry date, else [`AtomOptions::last_modified`], else
///   now.
/// * entry: `name` → `title`; first `uid` that is an absolute URL, else first `url` → `id`
///   (else a stable generated `urn:uuid:`); each `url` → `link rel=alternate`; `published` /
///   `updated` (each standing in for the other, now when neither parses); `author` h-card →
///   `name` and `uri`, text author → `name`; `e-content` → `content type="html"`, text
///   `content` → `content type="text"`; `summary` → `summary`; each `category` → `category`.
///
/// ```
/// use harvest_export::atom::{self, AtomOptions};
/// use std::time::UNIX_EPOCH;
/// let page = harvest_mf2::parse_html(
///     r#"<div class="h-feed"><h1 class="p-name">Notes</h1>
///        <article class="h-entry"><a class="u-url p-name" href="/1">One</a>
///        <time class="dt-published" datetime="2024-05-01T10:00:00Z"></time>
///        <div class="e-content"><p>Hi <b>there</b></p></div></article></div>"#,
///     "https://example.com/notes",
///     &harvest_mf2::Options::new(),
/// )
/// .unwrap();
/// let feed = atom::from_mf2(&page, &AtomOptions::new().now(UNIX_EPOCH)).unwrap();
/// assert!(feed.contains("<title type=\"text\">Notes</title>"));
/// assert!(feed.contains("<id>https://example.com/1</id>"));
/// assert!(feed.contains("<updated>2024-05-01T10:00:00Z</updated>"));
/// assert!(feed.contains("&lt;p&gt;Hi &lt;b&gt;there&lt;/b&gt;&lt;/p&gt;"));
/// ```
pub fn from_mf2(page: &harvest_mf2::Document, options: &AtomOptions) -> Result<String, AtomError> {
    let mut out = Vec::new();
    write_mf2(page, options, &mut out)?;
    String::from_utf8(out).map_err(|e| AtomError::Io(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

/// Like [`from_mf2`], writing the feed to `out`.
pub fn write_mf2<W: std::io::Write>(
    page: &harvest_mf2::Document,
    options: &AtomOptions,
    out: W,
) -> Result<(), AtomError> {
    let feed = extract_mf2(page, options)?;
    write_feed(&feed, out)?;
    Ok(())
}

/// The first item of type `h-feed`, depth first through items and their children.
fn find_h_feed(items: &[harvest_mf2::Item]) -> Option<&harvest_mf2::Item> {
    let mut stack: Vec<&harvest_mf2::Item> = items.iter().rev().collect();
    while let Some(item) = stack.pop() {
        if item.has_type("h-feed") {
            return Some(item);
        }
        stack.extend(item.children.iter().rev());
    }
    None
}

/// The first non-blank plain text of a property ([`crate::mf2::mf2_first_text`]), owned.
fn mf2_first_text(item: &harvest_mf2::Item, name: &str) -> Option<String> {
    crate::mf2::mf2_first_text(item, name).map(str::to_owned)
}

/// The non-blank plain texts of a property, in order ([`crate::mf2::mf2_texts`]).
fn mf2_texts<'a>(item: &'a harvest_mf2::Item, name: &str) -> impl Iterator<Item = &'a str> {
    crate::mf2::mf2_texts(item, name).into_iter()
}

/// The first value of a `dt-*` property that is a date or a date and time ([`Mf2Date`]), as
/// an Atom instant: a global date and time as it is, a local one read as UTC (Atom dates need
/// an offset), a date at midnight UTC; a date without a year is none.
fn mf2_first_date(item: &harvest_mf2::Item, name: &str) -> Option<Stamp> {
    mf2_texts(item, name).filter_map(Mf2Date::parse).find_map(|date| match date {
        Mf2Date::Global(global) => Some(Stamp::global(&global)),
        Mf2Date::Local(local) => parse_global_date_time(&format!("{local}Z")).map(|global| Stamp::global(&global)),
        Mf2Date::Date(date) => Some(Stamp::midnight(&date)),
        Mf2Date::Yearless(_) => None,
    })
}

/// Authors: an h-card gives its first `name` (else its value) and first `url`; text gives a
/// name.
fn mf2_people(item: &harvest_mf2::Item) -> Vec<Person> {
    let mut people = Vec::new();
    for value in item.get("author") {
        match value {
            harvest_mf2::PropertyValue::Item(card) => {
                let name =
                    mf2_first_text(card, "name").or_else(|| value.as_text().map(str::to_owned)).unwrap_or_default();
                let uri =
                    mf2_texts(card, "url").find(|url| Url::parse(url).is_ok() && linkable(url)).map(str::to_owned);
                people.push(Person { name, uri });
            }
            other => {
                if let Some(name) = other.as_text() {
                    people.push(Person { name: name.to_owned(), uri: None });
                }
            }
        }
    }
    people
}

fn mf2_entry(
    entry: &harvest_mf2::Item,
    feed_id: &str,
    ordinal: usize,
    now: &Stamp,
    global: &mut Option<Stamp>,
) -> Entry {
    let mut out = Entry {
        title: Some(Text { html: false, value: mf2_first_text(entry, "name").unwrap_or_default() }),
        authors: mf2_people(entry),
        ..Entry::default()
    };
    let urls: Vec<&str> = mf2_texts(entry, "url").filter(|url| Url::parse(url).is_ok() && linkable(url)).collect();
    for url in &urls {
        out.links.push(Link { rel: "alternate", media_type: None, href: (*url).to_owned() });
    }
    // Content: the first e-content as HTML, else the first content as text.
    out.content = entry.get("content").iter().find_map(|value| match value {
        harvest_mf2::PropertyValue::Html(html) => Some(Text { html: true, value: html.html.clone() }),
        _ => None,
    });
    if out.content.is_none() {
        out.content = mf2_first_text(entry, "content").map(|value| Text { html: false, value });
    }
    out.summary = mf2_first_text(entry, "summary").map(|value| Text { html: false, value });
    for value in entry.get("category") {
        let term = match value {
            harvest_mf2::PropertyValue::Item(tag) => mf2_first_text(tag, "name").or_else(|| mf2_first_text(tag, "url")),
            other => other.as_text().map(str::to_owned),
        };
        if let Some(term) = term.filter(|t| !t.is_empty()) {
            out.categories.push(term);
        }
    }
    let uid = mf2_texts(entry, "uid").find(|uid| Url::parse(uid).is_ok());
    out.id = match uid.or(urls.first().copied()) {
        Some(id) => id.to_owned(),
        None => {
            let mut fingerprint = String::new();
            for text in [&out.title, &out.content, &out.summary].into_iter().flatten() {
                fingerprint.push_str(&text.value);
                fingerprint.push('\u{0}');
            }
            generated_id(feed_id, ordinal, &fingerprint)
        }
    };
    // Dates: each stands in for the other; the newest sets the feed's; now when neither.
    let mut published = mf2_first_date(entry, "published");
    let mut updated = mf2_first_date(entry, "updated");
    if updated.is_none() {
        updated = published.clone();
    } else if published.is_none() {
        published = updated.clone();
    }
    if let Some(update) = &updated {
        if global.as_ref().is_none_or(|newest| newest.key < update.key) {
            *global = Some(update.clone());
        }
    }
    out.published = Some(published.unwrap_or_else(|| now.clone()).text);
    out.updated = Some(updated.unwrap_or_else(|| now.clone()).text);
    out
}

fn extract_mf2(page: &harvest_mf2::Document, options: &AtomOptions) -> Result<Feed, AtomError> {
    let now = Stamp::system(options.now.unwrap_or_else(SystemTime::now));
    let h_feed = find_h_feed(&page.items);
    let entries: Vec<&harvest_mf2::Item> = match h_feed {
        Some(feed) => feed.children.iter().filter(|item| item.has_type("h-entry")).collect(),
        None => page.items.iter().filter(|item| item.has_type("h-entry")).collect(),
    };
    if h_feed.is_none() && entries.is_empty() {
        return Err(AtomError::NothingFound);
    }
    let address = options.address.as_ref().map_or_else(|| ABOUT_BLANK.to_owned(), Url::to_string);
    let feed_url = h_feed.and_then(|feed| mf2_texts(feed, "url").find(|url| Url::parse(url).is_ok() && linkable(url)));
    let mut feed = Feed { id: feed_url.map_or_else(|| address.clone(), str::to_owned), ..Feed::default() };
    if let Some(h_feed) = h_feed {
        feed.authors = mf2_people(h_feed);
        feed.subtitle = mf2_first_text(h_feed, "summary").map(|value| Text { html: false, value });
    }
    if let Some(self_address) = &options.self_address {
        feed.links.push(Link { rel: "self", media_type: None, href: self_address.to_string() });
    }
    let alternate = feed_url.map_or_else(|| options.address.as_ref().map(Url::to_string), |url| Some(url.to_owned()));
    if let Some(href) = alternate {
        feed.links.push(Link { rel: "alternate", media_type: Some("text/html"), href });
    }
    let title = h_feed.and_then(|feed| mf2_first_text(feed, "name")).unwrap_or_default();
    feed.title = Some(Text { html: false, value: title });
    let mut global: Option<Stamp> = None;
    for (ordinal, entry) in entries.into_iter().enumerate() {
        let entry = mf2_entry(entry, &feed.id, ordinal, &now, &mut global);
        feed.entries.push(entry);
    }
    let updated = match global {
        Some(stamp) => stamp,
        None => options.last_modified.map(Stamp::system).unwrap_or(now),
    };
    feed.updated = Some(updated.text);
    Ok(feed)
}

//! Deterministic benchmark pages: `n` blocks of marked-up content, or `copies` nests `depth`
//! levels deep, so that a page and its doubled twin differ only in how much content they hold.
//!
//! Every page is a whole HTML document with a head (title, metadata, link types) and some
//! unmarked boilerplate, like the pages of the corpus. The nested pages keep each level's own
//! text on the level (explicit `p-name`s, typed items): the output then grows with the page,
//! and a time that grows faster than the page shows work repeated per level, not a bigger
//! answer.

use std::fmt::Write;

/// The URL the generated pages are parsed with.
pub const PAGE_URL: &str = "https://bench.example/page";

/// The microdata item type of vCard contacts (microdata `hcard`).
const HCARD: &str = "http://microformats.org/profile/hcard";
/// The microdata item type of iCalendar events (microdata `vevent`).
const VEVENT: &str = "http://microformats.org/profile/hcalendar#vevent";

const WORDS: [&str; 16] = [
    "harvest", "parse", "river", "garden", "morning", "signal", "lantern", "meadow", "copper", "orbit", "thread",
    "window", "silver", "canyon", "ember", "harbor",
];

/// A few deterministic words for block `i`.
fn words(i: usize, count: usize) -> String {
    (0..count).map(|k| WORDS[(i * 7 + k * 3) % WORDS.len()]).collect::<Vec<_>>().join(" ")
}

fn head(out: &mut String, title: &str) {
    let _ = write!(
        out,
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<meta name="description" content="A generated page of the harvest benchmarks">
<link rel="canonical" href="{PAGE_URL}">
<link rel="alternate" type="application/atom+xml" href="/feed.atom" title="Feed">
<link rel="me" href="https://social.example/@owner">
<link rel="license" href="https://creativecommons.org/licenses/by/4.0/">
<link rel="icon" href="/icon.png" sizes="32x32">
<link rel="stylesheet" href="/site.css">
</head>
<body>
<header><nav><ul>"#
    );
    for k in 0..8 {
        let _ = write!(out, r#"<li class="nav__item"><a href="/section/{k}">{}</a></li>"#, words(k, 2));
    }
    out.push_str("</ul></nav></header>\n<main>\n");
}

fn foot(out: &mut String) {
    out.push_str(
        "</main>\n<footer><p>Generated for the harvest benchmarks. <a rel=\"author\" href=\"/about\">About</a> \
         <a rel=\"privacy-policy\" href=\"/privacy\">Privacy</a></p></footer>\n</body>\n</html>\n",
    );
}

/// One h-entry (with a nested h-card author, e-content, categories and a link) and one h-event
/// (with a nested h-card location).
fn mf2_block(out: &mut String, i: usize) {
    let day = i % 28 + 1;
    let author = i % 50;
    let _ = write!(
        out,
        r#"<article class="h-entry post" id="e{i}">
<h2 class="p-name"><a class="u-url" href="/posts/{i}">{title}</a></h2>
<p class="meta"><time class="dt-published" datetime="2024-05-{day:02}T10:{min:02}:00Z">May {day}</time> by
<span class="p-author h-card"><img class="u-photo" src="/img/a{author}.jpg" alt=""><a class="p-name u-url" href="https://author{author}.example/">Author {author}</a> <span class="p-org">{org}</span></span></p>
<div class="e-content"><p>{body} <a href="/link/{i}">{link}</a> and <em>{em}</em>.</p>
<p>{body2}</p><ul><li>{li1}</li><li>{li2}</li></ul></div>
<p>Tags: <a class="p-category" href="/tags/{tag}" rel="tag">{tag}</a> <a class="p-category" href="/tags/{tag2}" rel="tag">{tag2}</a></p>
</article>
<div class="h-event event-card"><h3 class="p-name">{event}</h3>
<p><time class="dt-start" datetime="2024-06-{day:02}T18:00:00+02:00">June {day}, 18:00</time> to
<time class="dt-end" datetime="2024-06-{day:02}T21:30:00+02:00">21:30</time> at
<span class="p-location h-card"><span class="p-name">Hall {hall}</span>, <span class="p-locality">Springfield</span></span></p>
<p class="p-summary">{summary}</p><a class="u-url" href="/events/{i}">Details</a></div>
"#,
        min = i % 60,
        title = words(i, 4),
        org = words(i + 1, 1),
        body = words(i + 2, 12),
        link = words(i + 3, 2),
        em = words(i + 4, 1),
        body2 = words(i + 5, 16),
        li1 = words(i + 6, 3),
        li2 = words(i + 7, 3),
        tag = WORDS[i % WORDS.len()],
        tag2 = WORDS[(i + 5) % WORDS.len()],
        event = words(i + 8, 3),
        hall = i % 7,
        summary = words(i + 9, 10),
    );
}

/// A page with an h-feed of `n` h-entries (each with a nested h-card author, e-content and
/// categories) and `n` h-events (each with a nested h-card location); the entries are
/// `article` elements, so the page also makes an Atom feed by HTML 5.0 §5.5.3.
pub fn mf2_entries(n: usize) -> String {
    let mut out = String::with_capacity(2_000 + n * 1_700);
    head(&mut out, "Notes");
    out.push_str(
        "<div class=\"h-feed\"><h1 class=\"p-name\">Notes</h1>\n\
         <a class=\"p-author h-card\" href=\"/\">Owner</a>\n",
    );
    for i in 0..n {
        mf2_block(&mut out, i);
    }
    out.push_str("</div>\n");
    foot(&mut out);
    out
}

/// The elements every item of a microdata page refers to with `itemref`.
fn microdata_shared(out: &mut String) {
    let _ = write!(
        out,
        r#"<div id="org-shared" hidden><span itemprop="org">Shared Organisation</span></div>
<div id="brand-shared" hidden><span itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">ACME</span><link itemprop="url" href="https://acme.example/"></span></div>
<div id="venue-shared" hidden><span itemprop="location">Main Hall, Springfield</span></div>
"#
    );
}

/// One hcard (vCard) item, one vevent (iCalendar) item and one schema.org product, each also
/// taking properties from other elements with `itemref`.
fn microdata_block(out: &mut String, i: usize) {
    let day = i % 28 + 1;
    let _ = write!(
        out,
        r#"<div class="card" itemscope itemtype="{HCARD}" itemref="org-shared adr-{i}">
<h3 itemprop="fn">Person {i}</h3>
<span itemprop="n" itemscope><span itemprop="given-name">{given}</span> <span itemprop="family-name">{family}</span></span>
<a itemprop="email" href="mailto:person{i}@example.com">person{i}@example.com</a>
<a itemprop="url" href="/people/{i}">Home page</a> <span itemprop="tel">+1 555 {tel:04}</span>
<p itemprop="note">{note}</p>
</div>
<div id="adr-{i}" class="address"><span itemprop="adr" itemscope><span itemprop="street-address">{i} Main Street</span>,
<span itemprop="locality">Springfield</span> <span itemprop="postal-code">{zip:05}</span></span></div>
<div class="event" itemscope itemtype="{VEVENT}" itemref="venue-shared">
<h3 itemprop="summary">{summary}</h3>
<time itemprop="dtstart" datetime="2024-06-{day:02}T18:00:00Z">June {day}</time> to
<time itemprop="dtend" datetime="2024-06-{day:02}T21:00:00Z">21:00</time>
<a itemprop="url" href="/events/{i}">Details</a><p itemprop="description">{description}</p>
</div>
<div class="product" itemscope itemtype="https://schema.org/Product" itemref="brand-shared review-{i}">
<h3 itemprop="name">{product}</h3><img itemprop="image" src="/img/p{i}.png" alt="">
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR">
<span itemprop="price">{price}.99</span> <link itemprop="availability" href="https://schema.org/InStock">In stock</div>
<p itemprop="description">{pdesc}</p>
</div>
<div id="review-{i}" class="review"><div itemprop="review" itemscope itemtype="https://schema.org/Review">
<span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Reviewer {r}</span></span>
<meta itemprop="datePublished" content="2024-04-{day:02}"><p itemprop="reviewBody">{review}</p></div></div>
"#,
        given = WORDS[i % WORDS.len()],
        family = WORDS[(i * 5 + 3) % WORDS.len()],
        tel = i % 10_000,
        note = words(i, 8),
        zip = (i * 37) % 100_000,
        summary = words(i + 1, 3),
        description = words(i + 2, 10),
        product = words(i + 3, 2),
        price = i % 500,
        pdesc = words(i + 4, 12),
        r = i % 40,
        review = words(i + 5, 14),
    );
}

/// A page with `n` microdata vCard (`hcard`) items, `n` iCalendar (`vevent`) items and `n`
/// schema.org products with a nested offer and review, every item taking properties from
/// elements elsewhere in the page with `itemref` (one per item, and one shared by all).
pub fn microdata_items(n: usize) -> String {
    let mut out = String::with_capacity(2_000 + n * 2_300);
    head(&mut out, "Directory");
    microdata_shared(&mut out);
    for i in 0..n {
        microdata_block(&mut out, i);
    }
    foot(&mut out);
    out
}

/// A page with `copies` threads of h-entries `depth` levels deep: each level is an h-entry with
/// an explicit `p-name`, a `u-url`, a nested h-card author and its own e-content, and holds the
/// next level as its `p-comment`. With a `depth` past the DOM's depth bound
/// ([`harvest_dom::DEFAULT_MAX_DEPTH`]) the parser flattens the deepest levels.
pub fn mf2_nested(copies: usize, depth: usize) -> String {
    let mut out = String::with_capacity(2_000 + copies * depth * 260);
    head(&mut out, "Threads");
    for c in 0..copies {
        for level in 0..depth {
            let class = if level == 0 { "h-entry" } else { "h-entry p-comment" };
            let _ = write!(
                out,
                r#"<div class="{class}"><a class="u-url p-name" href="/t/{c}/{level}">Reply {level}</a>
<span class="p-author h-card"><span class="p-name">Author {author}</span></span><div class="e-content"><p>{text}</p></div>
"#,
                author = level % 50,
                text = words(level, 6),
            );
        }
        for _ in 0..depth {
            out.push_str("</div>");
        }
        out.push('\n');
    }
    foot(&mut out);
    out
}

/// A page with `copies` chains of typed microdata items `depth` levels deep: each level is a
/// schema.org `Person` with a name and a URL that holds the next level as its `knows` property.
pub fn microdata_nested(copies: usize, depth: usize) -> String {
    let mut out = String::with_capacity(2_000 + copies * depth * 190);
    head(&mut out, "Chains");
    for c in 0..copies {
        for level in 0..depth {
            let prop = if level == 0 { "" } else { r#" itemprop="knows""# };
            let _ = write!(
                out,
                r#"<div{prop} itemscope itemtype="https://schema.org/Person"><span itemprop="name">Person {level}</span>
<a itemprop="url" href="/p/{c}/{level}">{text}</a>
"#,
                text = words(level, 2),
            );
        }
        for _ in 0..depth {
            out.push_str("</div>");
        }
        out.push('\n');
    }
    foot(&mut out);
    out
}

/// A typical page of a site that marks up everything: an h-feed of `n` entries and `n` events,
/// `n` blocks of microdata (contact, event, product), link types in the head and body. About
/// 4 KB per block; `typical(20)` is about 80 KB, the size of an ordinary article page.
pub fn typical(n: usize) -> String {
    let mut out = String::with_capacity(4_000 + n * 4_000);
    head(&mut out, "A typical page");
    microdata_shared(&mut out);
    out.push_str(
        "<div class=\"h-feed\"><h1 class=\"p-name\">Notes</h1>\n\
         <a class=\"p-author h-card\" href=\"/\">Owner</a>\n",
    );
    for i in 0..n {
        mf2_block(&mut out, i);
    }
    out.push_str("</div>\n<aside>\n");
    for i in 0..n {
        microdata_block(&mut out, i);
    }
    out.push_str("</aside>\n");
    foot(&mut out);
    out
}

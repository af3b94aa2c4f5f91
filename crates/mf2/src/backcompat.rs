//! Classic microformats: root and property classes mapped to microformats2, as the
//! microformats2 parsing specification's "backward compatibility" section and the wiki pages of
//! each vocabulary ("Parser Compatibility") publish them.

use crate::names::Kind;

/// One classic property class and what it becomes.
#[derive(Debug)]
pub(crate) struct Property {
    /// The classic class name (`fn`).
    pub class: &'static str,
    /// The microformats2 kind and name (`p-name`).
    pub kind: Kind,
    pub name: &'static str,
    /// A root type the property element gets when it has no root class of its own (`item` of
    /// hReview becomes `p-item h-item`).
    pub implied_root: Option<&'static Vocabulary>,
}

/// A classic vocabulary.
#[derive(Debug)]
pub(crate) struct Vocabulary {
    /// The classic root class (`vcard`).
    pub root: &'static str,
    /// The microformats2 type (`h-card`).
    pub type_: &'static str,
    pub properties: &'static [Property],
    /// `rel` values of links inside the root that are properties (`rel=tag` is a category):
    /// space-separated values that a link's `rel` must all hold (hReview's `url` is
    /// `rel="self bookmark"`).
    pub rels: &'static [(&'static str, Kind, &'static str)],
}

const fn p(class: &'static str, name: &'static str) -> Property {
    Property { class, kind: Kind::P, name, implied_root: None }
}
const fn u(class: &'static str, name: &'static str) -> Property {
    Property { class, kind: Kind::U, name, implied_root: None }
}
const fn dt(class: &'static str, name: &'static str) -> Property {
    Property { class, kind: Kind::Dt, name, implied_root: None }
}
const fn e(class: &'static str, name: &'static str) -> Property {
    Property { class, kind: Kind::E, name, implied_root: None }
}

const ADR_PROPERTIES: &[Property] = &[
    p("post-office-box", "post-office-box"),
    p("extended-address", "extended-address"),
    p("street-address", "street-address"),
    p("locality", "locality"),
    p("region", "region"),
    p("postal-code", "postal-code"),
    p("country-name", "country-name"),
];

/// hCard.
pub(crate) static VCARD: Vocabulary = Vocabulary {
    root: "vcard",
    type_: "h-card",
    properties: &[
        p("fn", "name"),
        p("honorific-prefix", "honorific-prefix"),
        p("given-name", "given-name"),
        p("additional-name", "additional-name"),
        p("family-name", "family-name"),
        p("honorific-suffix", "honorific-suffix"),
        p("nickname", "nickname"),
        u("email", "email"),
        u("logo", "logo"),
        u("photo", "photo"),
        u("url", "url"),
        u("uid", "uid"),
        p("category", "category"),
        p("adr", "adr"),
        p("post-office-box", "post-office-box"),
        p("extended-address", "extended-address"),
        p("street-address", "street-address"),
        p("locality", "locality"),
        p("region", "region"),
        p("postal-code", "postal-code"),
        p("country-name", "country-name"),
        p("label", "label"),
        p("geo", "geo"),
        p("latitude", "latitude"),
        p("longitude", "longitude"),
        p("tel", "tel"),
        p("note", "note"),
        dt("bday", "bday"),
        p("key", "key"),
        p("org", "org"),
        p("organization-name", "organization-name"),
        p("organization-unit", "organization-unit"),
        p("title", "job-title"),
        p("role", "role"),
        p("tz", "tz"),
        dt("rev", "rev"),
        p("sort-string", "sort-string"),
        u("sound", "sound"),
        p("agent", "agent"),
        p("class", "class"),
        p("mailer", "mailer"),
    ],
    rels: &[],
};

/// adr.
pub(crate) static ADR: Vocabulary = Vocabulary { root: "adr", type_: "h-adr", properties: ADR_PROPERTIES, rels: &[] };

/// geo.
pub(crate) static GEO: Vocabulary = Vocabulary {
    root: "geo",
    type_: "h-geo",
    properties: &[p("latitude", "latitude"), p("longitude", "longitude")],
    rels: &[],
};

/// hAtom entry.
pub(crate) static HENTRY: Vocabulary = Vocabulary {
    root: "hentry",
    type_: "h-entry",
    properties: &[
        p("entry-title", "name"),
        p("entry-summary", "summary"),
        e("entry-content", "content"),
        dt("published", "published"),
        dt("updated", "updated"),
        p("author", "author"),
        p("category", "category"),
        p("geo", "geo"),
        p("latitude", "latitude"),
        p("longitude", "longitude"),
    ],
    rels: &[("tag", Kind::P, "category"), ("bookmark", Kind::U, "url")],
};

/// hAtom feed.
pub(crate) static HFEED: Vocabulary = Vocabulary {
    root: "hfeed",
    type_: "h-feed",
    properties: &[p("author", "author"), u("photo", "photo"), u("url", "url"), p("category", "category")],
    rels: &[("tag", Kind::P, "category")],
};

/// hNews.
pub(crate) static HNEWS: Vocabulary = Vocabulary {
    root: "hnews",
    type_: "h-news",
    properties: &[
        p("entry", "entry"),
        p("source-org", "source-org"),
        p("dateline", "dateline"),
        p("geo", "geo"),
        p("latitude", "latitude"),
        p("longitude", "longitude"),
    ],
    rels: &[("principles", Kind::U, "principles")],
};

/// hCalendar event.
pub(crate) static VEVENT: Vocabulary = Vocabulary {
    root: "vevent",
    type_: "h-event",
    properties: &[
        p("summary", "name"),
        dt("dtstart", "start"),
        dt("dtend", "end"),
        dt("duration", "duration"),
        p("description", "description"),
        u("url", "url"),
        p("category", "category"),
        p("location", "location"),
        p("geo", "location"),
        p("attendee", "attendee"),
        p("contact", "contact"),
        p("organizer", "organizer"),
    ],
    rels: &[],
};

/// The item of a review without a root class of its own.
pub(crate) static ITEM: Vocabulary = Vocabulary {
    root: "item",
    type_: "h-item",
    properties: &[p("fn", "name"), u("photo", "photo"), u("url", "url")],
    rels: &[],
};

/// hReview.
pub(crate) static HREVIEW: Vocabulary = Vocabulary {
    root: "hreview",
    type_: "h-review",
    properties: &[
        p("summary", "name"),
        Property { class: "item", kind: Kind::P, name: "item", implied_root: Some(&ITEM) },
        p("reviewer", "author"),
        dt("dtreviewed", "published"),
        p("rating", "rating"),
        p("best", "best"),
        p("worst", "worst"),
        e("description", "content"),
        u("url", "url"),
        u("photo", "photo"),
    ],
    // hReview wiki, "Parser Compatibility": `url` is a link with `rel="self bookmark"` (a
    // plain `rel=bookmark` in a review may point elsewhere, such as the reviewed page).
    rels: &[("tag", Kind::P, "category"), ("self bookmark", Kind::U, "url")],
};

/// hReview-aggregate.
pub(crate) static HREVIEW_AGGREGATE: Vocabulary = Vocabulary {
    root: "hreview-aggregate",
    type_: "h-review-aggregate",
    properties: &[
        p("summary", "name"),
        Property { class: "item", kind: Kind::P, name: "item", implied_root: Some(&ITEM) },
        p("rating", "rating"),
        p("average", "average"),
        p("best", "best"),
        p("worst", "worst"),
        p("count", "count"),
        p("votes", "votes"),
        u("url", "url"),
        u("photo", "photo"),
    ],
    rels: &[("tag", Kind::P, "category")],
};

/// hProduct.
pub(crate) static HPRODUCT: Vocabulary = Vocabulary {
    root: "hproduct",
    type_: "h-product",
    properties: &[
        p("fn", "name"),
        u("photo", "photo"),
        p("brand", "brand"),
        p("category", "category"),
        p("description", "description"),
        u("identifier", "identifier"),
        u("url", "url"),
        p("review", "review"),
        p("price", "price"),
    ],
    rels: &[("tag", Kind::P, "category")],
};

/// hRecipe.
pub(crate) static HRECIPE: Vocabulary = Vocabulary {
    root: "hrecipe",
    type_: "h-recipe",
    properties: &[
        p("fn", "name"),
        p("ingredient", "ingredient"),
        p("yield", "yield"),
        e("instructions", "instructions"),
        dt("duration", "duration"),
        u("photo", "photo"),
        p("summary", "summary"),
        p("author", "author"),
        dt("published", "published"),
        p("nutrition", "nutrition"),
        p("category", "category"),
    ],
    rels: &[("tag", Kind::P, "category")],
};

/// hResume.
pub(crate) static HRESUME: Vocabulary = Vocabulary {
    root: "hresume",
    type_: "h-resume",
    properties: &[
        p("summary", "summary"),
        p("contact", "contact"),
        p("education", "education"),
        p("experience", "experience"),
        p("skill", "skill"),
        p("affiliation", "affiliation"),
    ],
    rels: &[],
};

/// Every classic root.
static ROOTS: &[&Vocabulary] = &[
    &VCARD,
    &ADR,
    &GEO,
    &HENTRY,
    &HFEED,
    &HNEWS,
    &VEVENT,
    &HREVIEW,
    &HREVIEW_AGGREGATE,
    &HPRODUCT,
    &HRECIPE,
    &HRESUME,
];

/// The classic vocabulary whose root class this is.
pub(crate) fn root(class: &str) -> Option<&'static Vocabulary> {
    ROOTS.iter().copied().find(|v| v.root == class)
}

impl Vocabulary {
    /// The property a classic class is in this vocabulary.
    pub(crate) fn property(&self, class: &str) -> Option<&'static Property> {
        self.properties.iter().find(|p| p.class == class)
    }
}

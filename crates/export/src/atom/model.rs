//! The feed as data: what the HTML algorithm and the microformats2 mapping fill in and the
//! writer writes. Plain values, no XML: every string is the unescaped text.

#[derive(Debug, Default)]
pub(super) struct Feed {
    pub(super) authors: Vec<Person>,
    pub(super) icon: Option<String>,
    pub(super) id: String,
    pub(super) links: Vec<Link>,
    pub(super) title: Option<Text>,
    pub(super) subtitle: Option<Text>,
    pub(super) updated: Option<String>,
    pub(super) entries: Vec<Entry>,
}

#[derive(Debug, Default)]
pub(super) struct Person {
    pub(super) name: String,
    pub(super) uri: Option<String>,
}

#[derive(Debug)]
pub(super) struct Link {
    pub(super) rel: &'static str,
    pub(super) media_type: Option<&'static str>,
    pub(super) href: String,
}

/// An Atom text construct: `type="html"` holds escaped HTML, `text` plain text.
#[derive(Debug)]
pub(super) struct Text {
    pub(super) html: bool,
    pub(super) value: String,
}

#[derive(Debug, Default)]
pub(super) struct Entry {
    pub(super) xml_base: Option<String>,
    pub(super) title: Option<Text>,
    pub(super) content: Option<Text>,
    pub(super) summary: Option<Text>,
    pub(super) id: String,
    pub(super) links: Vec<Link>,
    pub(super) authors: Vec<Person>,
    pub(super) categories: Vec<String>,
    pub(super) published: Option<String>,
    pub(super) updated: Option<String>,
}

//! The vocabularies the microdata chapter defines (HTML §5.3: vCard, vEvent, licensing works;
//! the same in HTML 5.0 §5.4) as data, and the authoring rules they state about each item of their
//! type: how many properties of a name it may have, what their values must be, and which names
//! it defines.
//!
//! | vocabulary | item type | section |
//! |---|---|---|
//! | vCard | `http://microformats.org/profile/hcard` | HTML §5.3.1 |
//! | vEvent | `http://microformats.org/profile/hcalendar#vevent` | HTML §5.3.2 |
//! | licensing works | `http://n.whatwg.org/work` | HTML §5.3.3 |
//!
//! Each property is a [`Spec`]: its name, how many an item may have ([`Count`]) and what its
//! value must be ([`Kind`]). Values that are items with properties of their own (`n`, `adr`,
//! `tel`, `org`, `related` of vCard) carry the specs of those sub-properties, which are checked
//! on the item that is the value. The rules that tie two properties together (`dtend` and
//! `duration`, `dtend` after `dtstart` and of the same kind, `member` only in a group, one
//! `type` per distinct value) are written out in [`check`].
//!
//! Checking an item looks at its properties once; a sub-item is checked once per spec it is
//! the value of. The work is bounded ([`BUDGET_PER_ELEMENT`]): `itemref` lets many items share
//! one set of properties, and past the bound the checks stop with a diagnostic saying so.

use crate::model::{is_url_property_element, text_value, Inner};
use crate::rules::Rule;
use harvest_datetime::{is_valid_date_string, is_valid_global_date_time_string, parse_date, parse_global_date_time};
use harvest_dom::{is_well_formed_language_tag, Url};
use std::collections::{HashMap, HashSet};

/// How many properties of a name an item may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Count {
    /// "Exactly one property with the name ... must be present".
    ExactlyOne,
    /// "A single property with the name ... may be present".
    AtMostOne,
    /// "Any number of properties with the name ... may be present".
    Any,
}

/// What a property's value must be.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    /// Text (not an item).
    Text,
    /// An absolute URL.
    Url,
    /// A valid date string.
    Date,
    /// A valid global date and time string.
    GlobalDateTime,
    /// A valid date string or a valid global date and time string.
    DateOrGlobalDateTime,
    /// Text equal (case-sensitively) to one of these strings.
    OneOf(&'static [&'static str]),
    /// A valid BCP 47 language tag.
    LanguageTag,
    /// The time-zone syntax of vCard `tz`: `+`/`-`, two digits 00–23, `:`, two digits 00–59.
    TimeZone,
    /// The `geo` syntax: latitude `;` longitude, decimal degrees.
    Geo,
    /// A valid non-negative integer.
    NonNegativeInteger,
    /// A valid vevent duration string (HTML 5.0 §5.4.2).
    VeventDuration,
    /// An item with these properties.
    Item(&'static [Spec]),
    /// Text, or an item with these properties.
    TextOrItem(&'static [Spec]),
    /// An item of this type, an absolute URL, or text (vCard `agent`).
    ItemOfTypeUrlOrText(&'static str),
    /// An item of this type, or text (work `author`).
    ItemOfTypeOrText(&'static str),
}

/// One defined property name.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spec {
    pub name: &'static str,
    pub count: Count,
    pub kind: Kind,
}

const fn spec(name: &'static str, count: Count, kind: Kind) -> Spec {
    Spec { name, count, kind }
}

use Count::{Any, AtMostOne, ExactlyOne};
use Kind::*;

const HCARD: &str = "http://microformats.org/profile/hcard";

/// The kind strings (HTML §5.3.1).
const KINDS: &[&str] = &["individual", "group", "org", "location"];
/// The address type strings.
const ADDRESS_TYPES: &[&str] = &["home", "work"];
/// The telephone type strings.
const TELEPHONE_TYPES: &[&str] = &["text", "voice", "fax", "cell", "video", "pager", "textphone"];
/// The relationship strings.
const RELATIONSHIPS: &[&str] = &[
    "emergency",
    "agent",
    "contact",
    "acquaintance",
    "friend",
    "met",
    "co-worker",
    "colleague",
    "co-resident",
    "neighbor",
    "child",
    "parent",
    "sibling",
    "spouse",
    "kin",
    "muse",
    "crush",
    "date",
    "sweetheart",
    "me",
];

const N: &[Spec] = &[
    spec("family-name", Any, Text),
    spec("given-name", Any, Text),
    spec("additional-name", Any, Text),
    spec("honorific-prefix", Any, Text),
    spec("honorific-suffix", Any, Text),
];
const ADR: &[Spec] = &[
    spec("type", Any, OneOf(ADDRESS_TYPES)),
    spec("post-office-box", Any, Text),
    spec("extended-address", Any, Text),
    spec("street-address", Any, Text),
    spec("locality", AtMostOne, Text),
    spec("region", AtMostOne, Text),
    spec("postal-code", AtMostOne, Text),
    spec("country-name", AtMostOne, Text),
];
const TEL: &[Spec] = &[spec("type", Any, OneOf(TELEPHONE_TYPES)), spec("value", ExactlyOne, Text)];
const ORG: &[Spec] = &[spec("organization-name", ExactlyOne, Text), spec("organization-unit", Any, Text)];
const RELATED: &[Spec] = &[spec("url", ExactlyOne, Url), spec("rel", ExactlyOne, OneOf(RELATIONSHIPS))];

/// vCard (HTML §5.3.1).
const VCARD: &[Spec] = &[
    spec("kind", AtMostOne, OneOf(KINDS)),
    spec("fn", ExactlyOne, Text),
    spec("n", ExactlyOne, Item(N)),
    spec("nickname", Any, Text),
    spec("photo", Any, Url),
    spec("bday", AtMostOne, Date),
    spec("anniversary", AtMostOne, Date),
    spec("sex", AtMostOne, OneOf(&["F", "M", "N", "O", "U"])),
    spec("gender-identity", AtMostOne, Text),
    spec("adr", Any, Item(ADR)),
    spec("tel", Any, TextOrItem(TEL)),
    spec("email", Any, Text),
    spec("impp", Any, Url),
    spec("lang", Any, LanguageTag),
    spec("tz", Any, TimeZone),
    spec("geo", Any, Geo),
    spec("title", Any, Text),
    spec("role", Any, Text),
    spec("logo", Any, Url),
    spec("agent", Any, ItemOfTypeUrlOrText(HCARD)),
    spec("org", Any, TextOrItem(ORG)),
    spec("member", Any, Url),
    spec("related", Any, Item(RELATED)),
    spec("categories", Any, Text),
    spec("note", Any, Text),
    spec("rev", Any, GlobalDateTime),
    spec("sound", Any, Url),
    spec("uid", AtMostOne, Text),
    spec("url", Any, Url),
];

/// vEvent (HTML §5.3.2).
const VEVENT: &[Spec] = &[
    spec("attach", Any, Url),
    spec("categories", Any, Text),
    spec("class", AtMostOne, OneOf(&["public", "private", "confidential"])),
    spec("comment", Any, Text),
    spec("description", AtMostOne, Text),
    spec("geo", AtMostOne, Geo),
    spec("location", AtMostOne, Text),
    spec("resources", Any, Text),
    spec("status", AtMostOne, OneOf(&["tentative", "confirmed", "cancelled"])),
    spec("summary", AtMostOne, Text),
    spec("dtend", AtMostOne, DateOrGlobalDateTime),
    spec("dtstart", ExactlyOne, DateOrGlobalDateTime),
    spec("duration", AtMostOne, VeventDuration),
    spec("transp", AtMostOne, OneOf(&["opaque", "transparent"])),
    spec("contact", Any, Text),
    spec("url", AtMostOne, Url),
    spec("uid", AtMostOne, Text),
    spec("exdate", Any, DateOrGlobalDateTime),
    spec("rdate", Any, Text),
    spec("rrule", AtMostOne, Text),
    spec("created", AtMostOne, GlobalDateTime),
    spec("last-modified", AtMostOne, GlobalDateTime),
    spec("sequence", AtMostOne, NonNegativeInteger),
];

/// Licensing works (HTML §5.3.3).
const WORK: &[Spec] = &[
    spec("work", ExactlyOne, Url),
    spec("title", AtMostOne, Text),
    spec("author", Any, ItemOfTypeOrText(HCARD)),
    spec("license", Any, Url),
];

/// The vocabularies: item type, name, section, property specs.
const VOCABULARIES: &[(&str, &str, &str, &[Spec])] = &[
    (HCARD, "vCard", "HTML §5.3.1", VCARD),
    ("http://microformats.org/profile/hcalendar#vevent", "vEvent", "HTML §5.3.2", VEVENT),
    ("http://n.whatwg.org/work", "work", "HTML §5.3.3", WORK),
];

/// Property entries the checks may look at, per element of the page (plus a fixed allowance).
pub(crate) const BUDGET_PER_ELEMENT: usize = 8;

/// A finding: the rule, the element, the message, the section.
pub(crate) type Finding = (Rule, usize, String, &'static str);

/// One item to check against a list of specs.
struct Task {
    item: usize,
    specs: &'static [Spec],
    /// The vocabulary's name and section, and the property the item is the value of (for
    /// sub-items).
    vocabulary: &'static str,
    section: &'static str,
    within: Option<&'static str>,
}

/// Checks every item of a vocabulary type (and the items that are values of its structured
/// properties) against the vocabulary's rules.
pub(crate) fn check(inner: &Inner) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut budget = inner.elements.saturating_mul(BUDGET_PER_ELEMENT).saturating_add(100_000);
    let mut tasks: Vec<Task> = Vec::new();
    for (item, data) in inner.items.iter().enumerate() {
        for &(item_type, vocabulary, section, specs) in VOCABULARIES {
            if data.types.iter().any(|t| t == item_type) {
                tasks.push(Task { item, specs, vocabulary, section, within: None });
            }
        }
    }
    let mut done: HashSet<(usize, usize)> = HashSet::new();
    while let Some(task) = tasks.pop() {
        if !done.insert((task.item, task.specs.as_ptr() as usize)) {
            continue;
        }
        let properties = &inner.crawl(task.item).properties;
        budget = match budget.checked_sub(properties.len().max(1)) {
            Some(left) => left,
            None => {
                let message = "the vocabulary checks stopped: the page's items share more properties (through \
                               itemref) than the checks look at"
                    .to_owned();
                findings.push((Rule::VocabularyChecksStopped, inner.items[task.item].node, message, task.section));
                break;
            }
        };
        check_item(inner, &task, properties, &mut findings, &mut tasks);
    }
    findings
}

/// The checks of one item: counts, values, names, and the rules tying properties together.
fn check_item(inner: &Inner, task: &Task, properties: &[usize], findings: &mut Vec<Finding>, tasks: &mut Vec<Task>) {
    let root = inner.items[task.item].node;
    let what = match task.within {
        Some(property) => format!("the {property} of a {} item", task.vocabulary),
        None => format!("a {} item", task.vocabulary),
    };
    let mut add = |rule: Rule, node: usize, message: String| findings.push((rule, node, message, task.section));
    // Property elements by name, in tree order.
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    for &node in properties {
        for name in &inner.nodes[node].names {
            by_name.entry(name.as_str()).or_default().push(node);
        }
    }
    for spec in task.specs {
        let nodes = by_name.get(spec.name).map_or(&[][..], Vec::as_slice);
        match (spec.count, nodes.len()) {
            (ExactlyOne, 0) => add(
                Rule::VocabularyPropertyCount,
                root,
                format!("{what} must have exactly one {} property; it has none", spec.name),
            ),
            (ExactlyOne | AtMostOne, n) if n > 1 => {
                let limit = if spec.count == ExactlyOne { "exactly one" } else { "at most one" };
                add(
                    Rule::VocabularyPropertyCount,
                    nodes[1],
                    format!("{what} may have {limit} {} property; it has {n}", spec.name),
                );
            }
            _ => {}
        }
        for &node in nodes {
            if let Some(problem) = check_value(inner, node, spec, task, tasks) {
                add(Rule::VocabularyPropertyValue, node, format!("{} of {what}: {problem}", spec.name));
            }
        }
    }
    // Names the vocabulary does not define (absolute URLs are names of other vocabularies).
    for (&name, nodes) in &by_name {
        if !task.specs.iter().any(|spec| spec.name == name) && Url::parse(name).is_err() {
            if let Some(&node) = nodes.first() {
                add(Rule::VocabularyUnknownProperty, node, format!("{name} is not a property of {what}"));
            }
        }
    }
    let text = |name: &str| by_name.get(name).and_then(|nodes| nodes.first()).map(|&node| text_value(inner, node));
    // "only one type property per distinct value" (adr, tel).
    if let Some(nodes) = by_name.get("type").filter(|_| task.within.is_some()) {
        let mut seen = HashSet::new();
        for &node in nodes {
            let value = text_value(inner, node);
            if !seen.insert(value.clone()) {
                add(Rule::VocabularyPropertyCount, node, format!("{what} repeats the type {value:?}"));
            }
        }
    }
    if task.vocabulary == "vCard" && task.within.is_none() {
        // member: "if the item also has a property named kind whose value is group".
        if let Some(&node) = by_name.get("member").and_then(|nodes| nodes.first()) {
            if text("kind").as_deref() != Some("group") {
                add(
                    Rule::VocabularyPropertyCount,
                    node,
                    format!("member is allowed only in {what} whose kind is group"),
                );
            }
        }
    }
    if task.vocabulary == "vEvent" && task.within.is_none() {
        if let (Some(&node), true) = (by_name.get("dtend").and_then(|n| n.first()), by_name.contains_key("duration")) {
            add(Rule::VocabularyPropertyCount, node, format!("{what} may not have both dtend and duration"));
        }
        if let (Some(start), Some(end), Some(&node)) =
            (text("dtstart"), text("dtend"), by_name.get("dtend").and_then(|n| n.first()))
        {
            if let Some(problem) = dtend_problem(&start, &end) {
                add(Rule::VocabularyPropertyValue, node, format!("dtend of {what}: {problem}"));
            }
        }
    }
}

/// HTML §5.3.2 dtend: a date when dtstart is a date, else a global date and time, and later than
/// dtstart.
fn dtend_problem(start: &str, end: &str) -> Option<String> {
    if let Some(start) = parse_date(start).filter(|_| is_valid_date_string(start)) {
        return match parse_date(end).filter(|_| is_valid_date_string(end)) {
            None => Some(format!("{end:?} is not a valid date string, as dtstart is a date")),
            Some(end) if end <= start => Some("it is not later than dtstart".to_owned()),
            Some(_) => None,
        };
    }
    let start = parse_global_date_time(start).filter(|_| is_valid_global_date_time_string(start))?;
    match parse_global_date_time(end).filter(|_| is_valid_global_date_time_string(end)) {
        None => Some(format!("{end:?} is not a valid global date and time string, as dtstart is one")),
        Some(end) if end.to_utc() <= start.to_utc() => Some("it is not later than dtstart".to_owned()),
        Some(_) => None,
    }
}

/// What is wrong with one property value, if anything; queues the sub-item of a structured
/// value for its own checks.
fn check_value(inner: &Inner, node: usize, spec: &Spec, task: &Task, tasks: &mut Vec<Task>) -> Option<String> {
    let entry = &inner.nodes[node];
    let item = entry.itemscope.then_some(entry.item);
    let queue = |tasks: &mut Vec<Task>, item: usize, specs: &'static [Spec]| {
        tasks.push(Task { item, specs, vocabulary: task.vocabulary, section: task.section, within: Some(spec.name) });
    };
    let has_type = |item: usize, item_type: &str| inner.items[item].types.iter().any(|t| t == item_type);
    match (spec.kind, item) {
        (Item(specs) | TextOrItem(specs), Some(item)) => {
            queue(tasks, item, specs);
            None
        }
        (Item(_), None) => Some("the value must be an item".to_owned()),
        (ItemOfTypeUrlOrText(item_type) | ItemOfTypeOrText(item_type), Some(item)) => {
            (!has_type(item, item_type)).then(|| format!("an item value must have the type {item_type}"))
        }
        (ItemOfTypeUrlOrText(_) | ItemOfTypeOrText(_), None) => None,
        (_, Some(_)) => Some("the value must not be an item".to_owned()),
        // On another element, the rule url-property-element (HTML §5.2.4) reports it.
        (Url, None) if !is_url_property_element(&entry.element) => None,
        (Url, None) => Url::parse(&text_value(inner, node))
            .is_err()
            .then(|| "the value must be an absolute URL; this one does not resolve".to_owned()),
        (kind, None) => {
            let value = text_value(inner, node);
            let valid = match kind {
                Date => is_valid_date_string(&value),
                GlobalDateTime => is_valid_global_date_time_string(&value),
                DateOrGlobalDateTime => is_valid_date_string(&value) || is_valid_global_date_time_string(&value),
                OneOf(allowed) => allowed.contains(&value.as_str()),
                LanguageTag => is_well_formed_language_tag(&value),
                TimeZone => is_time_zone(&value),
                Geo => is_geo(&value),
                NonNegativeInteger => !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()),
                VeventDuration => is_vevent_duration(&value),
                _ => true,
            };
            (!valid).then(|| match kind {
                OneOf(allowed) => format!("{value:?} is not one of {}", allowed.join(", ")),
                Date => format!("{value:?} is not a valid date string"),
                GlobalDateTime => format!("{value:?} is not a valid global date and time string"),
                DateOrGlobalDateTime => {
                    format!("{value:?} is neither a valid date string nor a valid global date and time string")
                }
                LanguageTag => format!("{value:?} is not a valid BCP 47 language tag"),
                TimeZone => format!("{value:?} is not a time zone (+HH:MM or -HH:MM)"),
                Geo => format!("{value:?} is not a geo value (latitude;longitude in decimal degrees)"),
                NonNegativeInteger => format!("{value:?} is not a valid non-negative integer"),
                _ => format!("{value:?} is not a valid vevent duration string"),
            })
        }
    }
}

/// vCard `tz`: `+` or `-`, two digits 00–23, `:`, two digits 00–59.
fn is_time_zone(value: &str) -> bool {
    let bytes = value.as_bytes();
    let two = |at: usize| -> Option<u8> {
        let (a, b) = (*bytes.get(at)?, *bytes.get(at + 1)?);
        (a.is_ascii_digit() && b.is_ascii_digit()).then(|| (a - b'0') * 10 + (b - b'0'))
    };
    bytes.len() == 6
        && matches!(bytes.first(), Some(b'+' | b'-'))
        && two(1).is_some_and(|h| h <= 23)
        && bytes.get(3) == Some(&b':')
        && two(4).is_some_and(|m| m <= 59)
}

/// `geo`: optional sign, digits, optional `.digits`, `;`, the same again.
fn is_geo(value: &str) -> bool {
    let number = |part: &str| {
        let part = part.strip_prefix(['+', '-']).unwrap_or(part);
        let (whole, fraction) = match part.split_once('.') {
            Some((whole, fraction)) => (whole, Some(fraction)),
            None => (part, None),
        };
        !whole.is_empty()
            && whole.bytes().all(|b| b.is_ascii_digit())
            && fraction.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
    };
    value.split_once(';').is_some_and(|(latitude, longitude)| number(latitude) && number(longitude))
}

/// A valid vevent duration string (HTML 5.0 §5.4.2): `P`, then `nW`, or `nD` and/or `T` with `nH`,
/// `nM`, `nS` in one of the orders H, M, S, HM, MS, HMS.
fn is_vevent_duration(value: &str) -> bool {
    let Some(rest) = value.strip_prefix('P') else { return false };
    // The components as (number, designator) pairs, with the position of `T`.
    let mut components: Vec<u8> = Vec::new();
    let mut digits = 0;
    let mut after_t = false;
    let mut t_at = None;
    for byte in rest.bytes() {
        match byte {
            b'0'..=b'9' => digits += 1,
            b'T' if digits == 0 && t_at.is_none() => {
                t_at = Some(components.len());
                after_t = true;
            }
            b'W' | b'D' | b'H' | b'M' | b'S' if digits > 0 => {
                if after_t != matches!(byte, b'H' | b'M' | b'S') {
                    return false;
                }
                components.push(byte);
                digits = 0;
            }
            _ => return false,
        }
    }
    if digits > 0 {
        return false;
    }
    let (date, time) = components.split_at(t_at.unwrap_or(components.len()));
    let date_ok = matches!(date, [] | [b'D' | b'W']);
    let time_ok = match t_at {
        None => true,
        Some(_) => matches!(time, [b'H' | b'M' | b'S'] | [b'H', b'M'] | [b'M', b'S'] | [b'H', b'M', b'S']),
    };
    let weeks_alone = date != [b'W'] || t_at.is_none();
    !components.is_empty() && date_ok && time_ok && weeks_alone
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_syntaxes() {
        assert!(is_time_zone("+05:30") && is_time_zone("-00:00"));
        assert!(!is_time_zone("05:30") && !is_time_zone("+24:00") && !is_time_zone("+05:60") && !is_time_zone("+5:30"));
        assert!(is_geo("37.386013;-122.082932") && is_geo("+1;2"));
        assert!(!is_geo("37.386013") && !is_geo("a;b") && !is_geo("1.;2") && !is_geo(";"));
        for yes in ["P1W", "P15DT5H0M20S", "PT1H", "PT1M1S", "P1D", "PT5S", "P2DT3H"] {
            assert!(is_vevent_duration(yes), "{yes}");
        }
        for no in ["P", "PT", "P1WT1H", "PT1H1S", "P1H", "1D", "P1D1W", "PT1S1M", "P1DT", "P-1D"] {
            assert!(!is_vevent_duration(no), "{no}");
        }
    }

    #[test]
    fn dtend_against_dtstart() {
        assert_eq!(dtend_problem("2024-05-01", "2024-05-02"), None);
        assert!(dtend_problem("2024-05-01", "2024-05-01").is_some());
        assert!(dtend_problem("2024-05-01", "2024-05-02T10:00Z").is_some());
        assert_eq!(dtend_problem("2024-05-01T10:00Z", "2024-05-01T09:30-02:00"), None);
        assert!(dtend_problem("2024-05-01T10:00Z", "2024-05-01T11:00+02:00").is_some());
    }
}

//! Parts the vCard and iCalendar exporters share: coordinates, URI values, the title element
//! and stable hashes. Reading mf2 values and dates is [`crate::mf2`]'s, shared with Atom.

use harvest_mf2::{Item, PropertyValue};

use crate::mf2::{mf2_first_text, mf2_text};

/// Latitude, longitude and altitude as written, from `geo` (item or text) or the item's own
/// `latitude` / `longitude` / `altitude`.
pub(crate) fn coordinates(item: &Item) -> Option<(String, String, Option<String>)> {
    let own = |it: &Item| {
        let lat = mf2_first_text(it, "latitude")?.trim();
        let lon = mf2_first_text(it, "longitude")?.trim();
        let alt = mf2_first_text(it, "altitude").map(str::trim).filter(|a| is_decimal(a)).map(str::to_owned);
        (is_decimal(lat) && is_decimal(lon)).then(|| (lat.to_owned(), lon.to_owned(), alt))
    };
    for geo in item.get("geo") {
        if let PropertyValue::Item(g) = geo {
            if let Some(c) = own(g) {
                return Some(c);
            }
        }
        if let Some(text) = mf2_text(geo) {
            let text = text.trim();
            let text = text.strip_prefix("geo:").unwrap_or(text);
            if let Some((lat, lon)) = text.split_once(';').or_else(|| text.split_once(',')) {
                let (lat, lon) = (lat.trim(), lon.trim());
                if is_decimal(lat) && is_decimal(lon) {
                    return Some((lat.to_owned(), lon.to_owned(), None));
                }
            }
        }
    }
    own(item)
}

/// A decimal number as `geo` coordinates are written: optional sign, digits, optional fraction.
pub(crate) fn is_decimal(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    digits(int) && frac.is_none_or(digits)
}

/// HTML's "the title element": the first `title` element of the document in tree order.
#[cfg(feature = "vcard")]
pub(crate) fn title_element(doc: &harvest_dom::Document) -> Option<harvest_dom::Element> {
    doc.elements_named(&["title"]).next()
}

/// The page's URL, or `about:blank` when the document has none (the DOM's default).
#[cfg(feature = "vcard")]
pub(crate) fn document_url(doc: &harvest_dom::Document) -> String {
    doc.url().map_or_else(|| "about:blank".to_owned(), |u| u.as_str().to_owned())
}

/// Removes the characters a URI content value cannot hold unescaped: ASCII control characters
/// (line breaks included). URLs out of a URL parser have none; text in `u-*` properties may.
pub(crate) fn uri_value(s: &str) -> String {
    s.trim().chars().filter(|c| !c.is_ascii_control()).collect()
}

/// FNV-1a, 64 bits: a hash that stays the same across builds and platforms, for identifiers
/// derived from content.
#[cfg(feature = "ical")]
pub(crate) fn stable_hash(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            // A separator no text holds, so ("ab", "c") and ("a", "bc") differ.
            h ^= 0xff;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        for b in part.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals() {
        assert!(is_decimal("-118.410623"));
        assert!(is_decimal("+34"));
        assert!(!is_decimal("34."));
        assert!(!is_decimal("1e5"));
        assert!(!is_decimal(""));
    }

    #[cfg(feature = "ical")]
    #[test]
    fn stable_hashes() {
        assert_eq!(stable_hash(&["a", "b"]), stable_hash(&["a", "b"]));
        assert_ne!(stable_hash(&["ab", "c"]), stable_hash(&["a", "bc"]));
        assert_eq!(stable_hash(&[]), 0xcbf2_9ce4_8422_2325);
    }
}

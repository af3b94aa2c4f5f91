//! Class names: microformats2 root and property names, split from `class` attributes.

use harvest_dom::split_ascii_whitespace;
use std::collections::HashSet;

/// The four property prefixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// `p-*`: plain text.
    P,
    /// `u-*`: a URL.
    U,
    /// `dt-*`: a date-time.
    Dt,
    /// `e-*`: embedded HTML.
    E,
    /// Classic `rel=tag`: a plain-text `category`, the last segment of the link's path.
    Tag,
}

/// microformats2 § "naming conventions": a name is lowercase ASCII letters in hyphen-separated
/// words, optionally after a vendor prefix of letters and digits (`h-x-test`, `h-6-test`).
/// So `h-`, `h-Foo`, `h-1`, `h-test-26` and `h--x` are not names.
pub(crate) fn is_valid_name(name: &str) -> bool {
    fn is_word(word: &str) -> bool {
        !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase())
    }
    let mut words = name.split('-');
    let Some(first) = words.next() else { return false };
    let rest: Vec<&str> = words.collect();
    if is_word(first) && rest.iter().all(|w| is_word(w)) {
        return true;
    }
    // A vendor prefix of letters and digits, then at least one word.
    !first.is_empty()
        && first.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        && !rest.is_empty()
        && rest.iter().all(|w| is_word(w))
}

/// The property kind and name of a class like `p-name`, when it is a valid property class.
pub(crate) fn property_class(class: &str) -> Option<(Kind, &str)> {
    let (kind, name) = if let Some(name) = class.strip_prefix("p-") {
        (Kind::P, name)
    } else if let Some(name) = class.strip_prefix("u-") {
        (Kind::U, name)
    } else if let Some(name) = class.strip_prefix("dt-") {
        (Kind::Dt, name)
    } else if let Some(name) = class.strip_prefix("e-") {
        (Kind::E, name)
    } else {
        return None;
    };
    is_valid_name(name).then_some((kind, name))
}

/// Whether a class is a valid `h-*` root class name.
pub(crate) fn is_root_class(class: &str) -> bool {
    class.strip_prefix("h-").is_some_and(is_valid_name)
}

/// The class names of an element: split on ASCII whitespace, de-duplicated (first kept).
/// Linear in the attribute's length.
pub(crate) fn class_list(value: &str) -> Vec<&str> {
    let mut classes: Vec<&str> = split_ascii_whitespace(value).collect();
    if classes.len() <= SHORT_CLASS_LIST {
        // A few classes: comparing each with those before costs less than hashing.
        let mut kept = 0;
        for index in 0..classes.len() {
            let class = classes[index];
            if !classes[..kept].contains(&class) {
                classes[kept] = class;
                kept += 1;
            }
        }
        classes.truncate(kept);
    } else {
        let mut seen = HashSet::new();
        classes.retain(|c| seen.insert(*c));
    }
    classes
}

/// Class lists up to this long are de-duplicated by comparison, longer ones with a hash set.
const SHORT_CLASS_LIST: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for valid in ["t", "test", "test-three", "6-test", "7t-test", "t10-test-test", "t11t-test-t"] {
            assert!(is_valid_name(valid), "{valid}");
        }
        for invalid in ["", "19", "-", "TEST", "t_t", "24-24", "test-26", "test-", "test--test", "test!", "⛔"] {
            assert!(!is_valid_name(invalid), "{invalid}");
        }
        assert_eq!(property_class("dt-start"), Some((Kind::Dt, "start")));
        assert_eq!(property_class("p-"), None);
        assert_eq!(class_list(" a b\ta a "), vec!["a", "b"]);
        // Long lists take the hash-set path and keep the same first-occurrence order.
        let long: Vec<String> = (0..40).map(|i| format!("c{}", i % 25)).collect();
        let expected: Vec<String> = (0..25).map(|i| format!("c{i}")).collect();
        assert_eq!(class_list(&long.join(" ")), expected);
    }
}

//! Class names of CSS frameworks that look like microformats (`Options::filter_roots`).
//!
//! Utility-first CSS frameworks name classes with one-letter prefixes that collide with
//! microformats2's: Tailwind's `h-full` (height: 100%) reads as an item of type `h-full`,
//! Tailwind's `p-px` (1px padding) as a `px` property. The microformats2 parsing
//! specification has no way to tell them apart, so a parser that follows it finds items on most
//! Tailwind pages; this list, opt-in, leaves them out.
//!
//! Only names that are valid microformats class names matter: Tailwind's and Bootstrap's numeric
//! utilities (`h-8`, `p-3`, `h-50`, `p-sm-3`) already are not (a name is lowercase letters in
//! hyphen-separated words, §"parsing a class"), so they never become roots or properties.
//!
//! Each entry names the framework family; the table is the whole mechanism.

/// Whether a class is a root (`h-*`) or a property (`p-*` ...) lookalike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    Root,
    Property,
}

/// Framework class names that parse as microformats class names: (class, role, family).
pub(crate) const FRAMEWORK_CLASSES: &[(&str, Role, &str)] = &[
    // Tailwind CSS height utilities (`height: ...`).
    ("h-auto", Role::Root, "Tailwind CSS, Bootstrap: height"),
    ("h-px", Role::Root, "Tailwind CSS: height"),
    ("h-full", Role::Root, "Tailwind CSS: height"),
    ("h-screen", Role::Root, "Tailwind CSS: height"),
    ("h-svh", Role::Root, "Tailwind CSS: height"),
    ("h-lvh", Role::Root, "Tailwind CSS: height"),
    ("h-dvh", Role::Root, "Tailwind CSS: height"),
    ("h-min", Role::Root, "Tailwind CSS: height"),
    ("h-max", Role::Root, "Tailwind CSS: height"),
    ("h-fit", Role::Root, "Tailwind CSS: height"),
    ("h-lh", Role::Root, "Tailwind CSS: height"),
    // Tailwind CSS padding utility (`padding: 1px`).
    ("p-px", Role::Property, "Tailwind CSS: padding"),
];

/// Whether `class` is a framework's root lookalike.
pub(crate) fn is_framework_root(class: &str) -> bool {
    FRAMEWORK_CLASSES.iter().any(|(name, role, _)| *role == Role::Root && *name == class)
}

/// Whether `class` is a framework's property lookalike.
pub(crate) fn is_framework_property(class: &str) -> bool {
    FRAMEWORK_CLASSES.iter().any(|(name, role, _)| *role == Role::Property && *name == class)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::{is_root_class, property_class};

    #[test]
    fn every_entry_is_a_microformats_class_name_of_its_role() {
        for (class, role, _) in FRAMEWORK_CLASSES {
            match role {
                Role::Root => assert!(is_root_class(class), "{class}"),
                Role::Property => assert!(property_class(class).is_some(), "{class}"),
            }
        }
    }

    #[test]
    fn numeric_utilities_are_no_class_names_at_all() {
        for class in ["h-8", "h-50", "h-1/2", "h-0.5"] {
            assert!(!is_root_class(class), "{class}");
        }
        for class in ["p-3", "p-sm-3", "p-0", "p-2.5"] {
            assert!(property_class(class).is_none(), "{class}");
        }
    }
}

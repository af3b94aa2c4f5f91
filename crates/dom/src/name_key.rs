//! A tag or attribute name as a hash table key that no page can make collide.
//!
//! html5ever's names are string_cache atoms, and an atom hashes as a 32-bit number it keeps:
//! for a name of the static set (every name HTML, SVG and MathML define) one computed when the
//! set was built, for a name of up to 7 bytes stored in the atom itself its 8-byte word folded
//! onto itself, bytes 1 to 3 onto bytes 5 to 7. Names made with the same bytes in both places
//! (`abcqabc`, `abdqabd`, ...) all hash alike, and so would any set of names a page chose
//! against a fixed function: a table keyed by them turns quadratic. A 400 KB start tag of
//! 40,000 such attributes took 1.3 s to parse where other names took 0.03 s; 17,000 such
//! element names, 0.31 s against 0.04 s.
//!
//! [`NameKey`] keeps the static set's hashes (a page cannot add to that set) and hashes every
//! other name by its text with the standard library's SipHash, under a key drawn once per
//! process: a page cannot know which of its names collide.

use html5ever::LocalName;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::OnceLock;

/// A local name to key a hash table with (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NameKey(pub(crate) LocalName);

impl NameKey {
    /// The key of `name`.
    pub(crate) fn new(name: &LocalName) -> NameKey {
        NameKey(name.clone())
    }
}

impl Hash for NameKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Equal atoms are equal names and one name is always the same kind of atom, so
        // hashing each kind its own way keeps equal keys' hashes equal.
        if self.0.is_static() {
            state.write_u32(self.0.get_hash());
        } else {
            static KEY: OnceLock<RandomState> = OnceLock::new();
            state.write_u64(KEY.get_or_init(RandomState::new).hash_one(&*self.0));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashSet;

    #[test]
    fn names_whose_atoms_hash_alike_get_keys_that_do_not() {
        let names: Vec<LocalName> = ["abcqabc", "abdqabd", "xyzqxyz"].into_iter().map(LocalName::from).collect();
        assert!(names.iter().all(|name| name.get_hash() == names[0].get_hash()));
        let keys: FxHashSet<u64> =
            names.iter().map(|name| rustc_hash::FxBuildHasher.hash_one(NameKey::new(name))).collect();
        assert_eq!(keys.len(), names.len());
    }

    #[test]
    fn equal_names_are_equal_keys_whatever_their_atom() {
        for name in ["div", "abcqabc", "a-custom-element-name"] {
            let (one, other) = (LocalName::from(name), LocalName::from(name.to_owned()));
            let state = RandomState::new();
            assert_eq!(NameKey::new(&one), NameKey::new(&other));
            assert_eq!(state.hash_one(NameKey::new(&one)), state.hash_one(NameKey::new(&other)));
        }
    }
}

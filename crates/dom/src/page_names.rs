//! A page's long names, kept out of string_cache's process-wide set: [`PageNames`].
//!
//! html5ever names elements and attributes with string_cache atoms. A name of up to 7 bytes
//! lives in its atom, and a name of html5ever's static set (every name HTML, SVG and MathML
//! define) is an index into it; any other name is interned in one process-wide set of 4,096
//! chains, each a linked list walked by every lookup and every drop. Which chain a name goes to
//! follows from a hash whose key is public, so a page can put all its names in one chain, and
//! then its parse takes time in the square of their number: 20,000 such attribute names on one
//! tag (240 KB) took 0.53 s where other names took 0.01 s.
//!
//! So the tokenizer interns a page's long names itself. Each name that is neither short nor
//! static gets a placeholder, an atom of 7 bytes that lives in itself: U+0001 and six capital
//! letters counting the page's long names. No name of a page can be one (the tokenizer
//! lowercases ASCII letters in names, and a tag name starts with a letter), so html5ever's
//! tree builder compares placeholders as it compares names, and the tree keeps them. The texts
//! stay with the tree, in a table keyed by the standard library's SipHash under a per-process
//! key, and every place that reads a name's text (the element's local name, its attributes,
//! selectors, serialisation, paths) asks the tree for it ([`crate::tree::Tree::name_text`]).

use html5ever::LocalName;
use std::collections::HashMap;

/// The placeholder's first character, which no name of a page starts with.
const MARK: char = '\u{1}';

/// The capital letters after the mark: 26^6 (308,915,776) placeholders, more long names than a
/// page of the largest size harvest reads can hold. Past them names are interned as
/// string_cache does.
const LETTERS: u32 = 6;

/// The long names of one page and their placeholders.
#[derive(Debug, Default)]
pub(crate) struct PageNames {
    by_text: HashMap<Box<str>, LocalName>,
    texts: Vec<Box<str>>,
}

impl PageNames {
    /// The atom for a name of the page: the name's own when it is short or static, else the
    /// placeholder for its text.
    pub(crate) fn name(&mut self, text: &str) -> LocalName {
        if text.len() <= 7 {
            return LocalName::from(text);
        }
        if let Some(name) = LocalName::try_static(text) {
            return name;
        }
        if let Some(name) = self.by_text.get(text) {
            return name.clone();
        }
        let Some(name) = placeholder(self.texts.len()) else { return LocalName::from(text) };
        self.texts.push(text.into());
        self.by_text.insert(text.into(), name.clone());
        name
    }

    /// The atom the page's name `text` has, if the page has it (a short or static name always
    /// has one): for looking names up without interning them.
    pub(crate) fn find(&self, text: &str) -> Option<LocalName> {
        if text.len() <= 7 {
            return Some(LocalName::from(text));
        }
        LocalName::try_static(text).or_else(|| self.by_text.get(text).cloned())
    }

    /// The text of `name`: its own, or the text a placeholder stands for.
    #[inline]
    pub(crate) fn text<'a>(&'a self, name: &'a LocalName) -> &'a str {
        if is_placeholder(name) {
            self.placeholder_text(name)
        } else {
            name
        }
    }

    /// Whether `name` is the page's name `text` (which its caller knows to be longer than an
    /// atom holds): the same text, or a placeholder standing for it.
    #[inline]
    pub(crate) fn is_long_name(&self, name: &LocalName, text: &str) -> bool {
        if is_placeholder(name) {
            self.placeholder_text(name) == text
        } else {
            &**name == text
        }
    }

    fn placeholder_text<'a>(&'a self, name: &'a LocalName) -> &'a str {
        match index_of(name).and_then(|index| self.texts.get(index)) {
            Some(text) => text,
            None => name,
        }
    }
}

/// Whether `name` has a placeholder's form. Cheap, and looked at wherever a name is read as
/// text: an atom that holds its bytes (a tag test), and its first byte.
#[inline]
pub(crate) fn is_placeholder(name: &LocalName) -> bool {
    name.is_inline() && name.as_bytes().first() == Some(&1) && name.len() == 7
}

/// The placeholder for the `index`th long name: the mark and `index` in six capital letters.
fn placeholder(index: usize) -> Option<LocalName> {
    let mut rest = u32::try_from(index).ok().filter(|&index| index < 26u32.pow(LETTERS))?;
    let mut text = String::with_capacity(7);
    text.push(MARK);
    let mut letters = [b'A'; LETTERS as usize];
    for letter in letters.iter_mut().rev() {
        *letter = b'A' + u8::try_from(rest % 26).unwrap_or(0);
        rest /= 26;
    }
    text.extend(letters.iter().map(|&letter| char::from(letter)));
    Some(LocalName::from(text))
}

/// The index a placeholder counts, or `None` for any other name.
fn index_of(name: &LocalName) -> Option<usize> {
    if !is_placeholder(name) {
        return None;
    }
    let mut index: usize = 0;
    for byte in name.bytes().skip(1) {
        if !byte.is_ascii_uppercase() {
            return None;
        }
        index = index * 26 + usize::from(byte - b'A');
    }
    Some(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_static_names_are_their_own_atoms_and_long_ones_placeholders() {
        let mut names = PageNames::default();
        assert_eq!(names.name("div"), LocalName::from("div"));
        let static_name = LocalName::try_static("blockquote").expect("a static name");
        assert_eq!(names.name("blockquote"), static_name);
        let long = names.name("data-a-long-name");
        assert!(is_placeholder(&long) && !long.is_dynamic());
        assert_eq!(names.name("data-a-long-name"), long);
        assert_ne!(names.name("data-another-name"), long);
        assert_eq!(names.text(&long), "data-a-long-name");
        assert_eq!(names.text(&static_name), "blockquote");
        assert_eq!(names.find("data-a-long-name"), Some(long));
        assert_eq!(names.find("data-never-seen"), None);
    }

    #[test]
    fn a_parsed_page_makes_no_dynamic_atom() {
        let page = "<my-long-element data-long-attribute=x><other-long-element other-long-name=y>";
        let doc = crate::Document::parse(page);
        let tree = &doc.root().tree;
        let mut names = 0;
        for element in doc.elements() {
            let data = tree.element(element.id);
            for name in std::iter::once(&data.name.local).chain(data.attributes.iter().map(|a| &a.name.local)) {
                assert!(!name.is_dynamic(), "{}", tree.name_text(name));
                names += 1;
            }
        }
        assert_eq!(names, 7);
    }

    #[test]
    fn placeholders_count_in_capital_letters_and_read_back() {
        for index in [0, 1, 25, 26, 675, 676, 308_915_775] {
            let name = placeholder(index).expect("in range");
            assert!(name.is_inline(), "{index}");
            assert_eq!(index_of(&name), Some(index));
        }
        assert_eq!(placeholder(308_915_776), None);
        assert_eq!(&*placeholder(27).expect("in range"), "\u{1}AAAABB");
        // A name of that form that the table does not hold reads as itself.
        assert_eq!(PageNames::default().text(&LocalName::from("\u{1}AAAABB")), "\u{1}AAAABB");
    }
}

//! Element paths shared between the outputs that name the same elements: a path is its last
//! step and a handle on its parent's path, so the paths of a chain of n nested elements hold n
//! steps (not n paths of up to n steps), and a copy of a path is a reference count.

use std::fmt;
use std::sync::Arc;

/// The path of an element ([`crate::Element::path`]'s text), held as its last step and its
/// parent's path. Cloning costs a reference count; [`SharedPath::len`] is known without
/// writing the path; [`fmt::Display`] writes the whole text. Made by
/// [`crate::Document::shared_path`] (or [`crate::ElementPaths::shared`]), which give every
/// element of a page one path, shared by everything that names it.
///
/// ```
/// let doc = harvest_dom::Document::parse("<p>a</p><p>b <span>c</span></p>");
/// let span = doc.elements().find(|e| e.is("span")).unwrap();
/// let path = doc.shared_path(&span);
/// assert_eq!(path.to_string(), "html>body>p:nth-child(2)>span");
/// assert_eq!(path.len(), path.to_string().len());
/// assert_eq!(path, span.path());
/// ```
#[derive(Clone, Default)]
pub struct SharedPath(Option<Arc<Step>>);

/// One step of a path, with the path before it.
struct Step {
    parent: SharedPath,
    step: Box<str>,
    /// The length of the whole path, in bytes.
    len: usize,
}

impl SharedPath {
    /// The path `parent>step` (or `step` when `parent` is empty).
    pub(crate) fn child(parent: &SharedPath, step: &str) -> SharedPath {
        let len = match parent.len() {
            0 => step.len(),
            before => before + 1 + step.len(),
        };
        SharedPath(Some(Arc::new(Step { parent: parent.clone(), step: step.into(), len })))
    }

    /// The length of the path's text, in bytes.
    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |step| step.len)
    }

    /// Whether the path is empty (the [`Default`] path).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the path's text is `text`, compared step by step from the end.
    fn is_text(&self, text: &str) -> bool {
        if self.len() != text.len() {
            return false;
        }
        let mut rest = text;
        for (index, step) in self.steps_backwards().enumerate() {
            if index > 0 {
                let Some(before) = rest.strip_suffix('>') else { return false };
                rest = before;
            }
            let Some(before) = rest.strip_suffix(step) else { return false };
            rest = before;
        }
        rest.is_empty()
    }

    /// The steps, last first (the text of a path made by [`From<&str>`] is one step).
    fn steps_backwards(&self) -> impl Iterator<Item = &str> {
        let mut next = self.0.as_deref();
        std::iter::from_fn(move || {
            let step = next?;
            next = step.parent.0.as_deref();
            Some(&*step.step)
        })
    }
}

impl From<&str> for SharedPath {
    /// A path read back from its text (one step).
    fn from(text: &str) -> SharedPath {
        match text {
            "" => SharedPath::default(),
            text => SharedPath::child(&SharedPath::default(), text),
        }
    }
}

impl fmt::Display for SharedPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps: Vec<&str> = self.steps_backwards().collect();
        for (index, step) in steps.iter().rev().enumerate() {
            if index > 0 {
                f.write_str(">")?;
            }
            f.write_str(step)?;
        }
        Ok(())
    }
}

impl fmt::Debug for SharedPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_string(), f)
    }
}

impl PartialEq for SharedPath {
    fn eq(&self, other: &SharedPath) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) if Arc::ptr_eq(a, b) => true,
            _ => self.len() == other.len() && self.is_text(&other.to_string()),
        }
    }
}

impl Eq for SharedPath {}

impl PartialEq<str> for SharedPath {
    fn eq(&self, other: &str) -> bool {
        self.is_text(other)
    }
}

impl PartialEq<&str> for SharedPath {
    fn eq(&self, other: &&str) -> bool {
        self == *other
    }
}

impl PartialEq<String> for SharedPath {
    fn eq(&self, other: &String) -> bool {
        self == other.as_str()
    }
}

impl Drop for Step {
    /// Drops the chain of parents this step held last, one step at a time (a deep path must
    /// not drop recursively).
    fn drop(&mut self) {
        let mut next = self.parent.0.take();
        while let Some(step) = next {
            next = match Arc::try_unwrap(step) {
                Ok(mut only) => only.parent.0.take(),
                Err(_) => None,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SharedPath;

    #[test]
    fn steps_lengths_and_equality() {
        let html = SharedPath::child(&SharedPath::default(), "html");
        let body = SharedPath::child(&html, "body");
        let p = SharedPath::child(&body, "p:nth-child(2)");
        assert_eq!(p.to_string(), "html>body>p:nth-child(2)");
        assert_eq!(p.len(), 24);
        assert_eq!(p, SharedPath::from("html>body>p:nth-child(2)"));
        assert_eq!(p, "html>body>p:nth-child(2)");
        assert_ne!(p, body);
        assert!(SharedPath::default().is_empty() && SharedPath::from("").is_empty());
        assert_eq!(format!("{p:?}"), "\"html>body>p:nth-child(2)\"");
    }

    #[test]
    fn a_deep_path_drops_without_recursion() {
        let mut path = SharedPath::default();
        for _ in 0..1_000_000 {
            path = SharedPath::child(&path, "div");
        }
        assert_eq!(path.len(), 4 * 1_000_000 - 1);
        drop(path);
    }
}

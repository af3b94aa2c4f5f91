//! How blank nodes are written: `_:` then a prefix then the node's number.
//!
//! Blank node labels are local to the document they are written in (RDF 1.1 Concepts §3.4), so
//! two pages' `_:b0` are the same node once their N-Quads or N-Triples are concatenated, as a
//! crawl's output is. [`BlankLabels::derived`] gives a page's nodes labels no other page's
//! nodes have: the prefix is `g`, then 32 hexadecimal digits of the SHA-256 of the page's
//! statements (written with the plain labels, the page's graph name included), then `b`. Two
//! pages get the same labels only when they make the same statements under the same graph
//! name: a dataset that holds both holds one copy of that graph, which means the same.
//! Deriving the labels from the statements rather than from an archive's record ID keeps them
//! the same for the same page whichever archive, order or tool run it came from.

use crate::dataset::Dataset;
use crate::term::{BlankNode, Iri};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// How blank nodes are written: `_:`, a prefix, the node's number.
///
/// ```
/// use harvest_rdf::{BlankLabels, BlankNodes, Iri, Literal, Triple, ntriples};
/// let mut nodes = BlankNodes::new();
/// let name = Iri::parse("http://schema.org/name").unwrap();
/// let triple = Triple::new(nodes.fresh(), name, Literal::simple("Ada"));
/// let labels = BlankLabels::prefixed("page1x").unwrap();
/// assert_eq!(ntriples::write_labelled([&triple], &labels), "_:page1x0 <http://schema.org/name> \"Ada\" .\n");
/// assert_eq!(ntriples::write([&triple]), "_:b0 <http://schema.org/name> \"Ada\" .\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BlankLabels {
    prefix: String,
}

impl Default for BlankLabels {
    /// `b`: `_:b0`, `_:b1`…
    fn default() -> Self {
        BlankLabels { prefix: "b".to_owned() }
    }
}

/// A blank node label prefix that is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a blank node label prefix: ASCII letters, digits, `_` and `-`, starting with a letter or `_`")]
#[non_exhaustive]
pub struct LabelError(pub String);

impl BlankLabels {
    /// `_:b0`, `_:b1`…
    pub fn new() -> BlankLabels {
        BlankLabels::default()
    }

    /// Labels `_:` + `prefix` + the number. The prefix is ASCII letters, digits, `_` and `-`,
    /// starting with a letter or `_`: a label every RDF syntax reads (N-Triples'
    /// `BLANK_NODE_LABEL`).
    pub fn prefixed(prefix: &str) -> Result<BlankLabels, LabelError> {
        let valid = prefix.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && prefix.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if valid {
            Ok(BlankLabels { prefix: prefix.to_owned() })
        } else {
            Err(LabelError(prefix.to_owned()))
        }
    }

    /// Labels no other page's statements get (see the module docs): the SHA-256 of `dataset`
    /// as N-Quads with the plain labels, its default graph named `default_graph`.
    ///
    /// ```
    /// use harvest_rdf::{BlankLabels, BlankNodes, Dataset, Iri, Literal, Quad, Triple};
    /// let mut nodes = BlankNodes::new();
    /// let name = Iri::parse("http://schema.org/name").unwrap();
    /// let mut dataset = Dataset::new();
    /// dataset.insert(Quad::in_default_graph(Triple::new(nodes.fresh(), name, Literal::simple("Ada")))).unwrap();
    /// let page = Iri::parse("https://example.com/").unwrap();
    /// let other = Iri::parse("https://example.com/other").unwrap();
    /// let labels = BlankLabels::derived(&dataset, Some(&page));
    /// assert_eq!(labels.prefix().len(), 1 + 32 + 1);
    /// assert_ne!(labels, BlankLabels::derived(&dataset, Some(&other)));
    /// assert_eq!(labels, BlankLabels::derived(&dataset, Some(&page)));
    /// ```
    pub fn derived(dataset: &Dataset, default_graph: Option<&Iri>) -> BlankLabels {
        let mut hasher = Sha256::new();
        let plain = BlankLabels::default();
        let mut line = String::new();
        for quad in dataset {
            line.clear();
            crate::nquads::write_quad_into(&mut line, quad, default_graph, &plain);
            hasher.update(line.as_bytes());
        }
        let digest = hasher.finalize();
        let mut prefix = String::with_capacity(34);
        prefix.push('g');
        for byte in &digest[..16] {
            let _ = write!(prefix, "{byte:02x}");
        }
        prefix.push('b');
        BlankLabels { prefix }
    }

    /// The prefix.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// Writes `_:` and the label of `blank`.
    pub(crate) fn write(&self, out: &mut String, blank: BlankNode) {
        let _ = write!(out, "_:{}{}", self.prefix, blank.id());
    }

    /// `_:` and the label of `blank`, as a string.
    pub fn label(&self, blank: BlankNode) -> String {
        let mut out = String::new();
        self.write(&mut out, blank);
        out
    }
}

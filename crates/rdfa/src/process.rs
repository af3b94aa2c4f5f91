//! The processing sequence (RDFa Core 1.1 §7.5, <https://www.w3.org/TR/rdfa-core/#s_sequence>,
//! with the HTML+RDFa 1.1 §3.1 host-language rules), run over the tree with a lending walk and
//! a stack of the entered elements whose subtree the walk is in: each element is entered
//! (steps 1-13, one function per step in `steps.rs`, the property value of step 11 in
//! `value.rs`) and left (step 14, here) in document order, without recursion.

mod steps;
mod value;

use crate::attributes::is_rdfa_attribute;
use crate::curie::Scope;
use crate::quiet::Loud;
use crate::text::Index;
use harvest_dom::{Document, Element};
use harvest_rdf::{Graph, GraphError, Iri, LanguageTag, Position, Subject, Term, Triple};
use indexmap::IndexMap;
use std::rc::Rc;

/// IRIs the sequence writes, checked once.
pub(crate) struct Vocabulary {
    pub(crate) rdf_type: Iri,
    rdf_first: Iri,
    rdf_rest: Iri,
    rdf_nil: Iri,
    xml_literal: Iri,
    html: Iri,
    uses_vocabulary: Iri,
    xhv: Iri,
    role: Iri,
}

impl Vocabulary {
    pub(crate) fn new() -> Vocabulary {
        use harvest_rdf::vocab;
        Vocabulary {
            rdf_type: vocab::rdf_type(),
            rdf_first: vocab::rdf_first(),
            rdf_rest: vocab::rdf_rest(),
            rdf_nil: vocab::rdf_nil(),
            xml_literal: vocab::rdf_xml_literal(),
            html: vocab::rdf_html(),
            uses_vocabulary: vocab::rdfa_uses_vocabulary(),
            xhv: vocab::xhv(),
            role: vocab::xhv_role(),
        }
    }
}

/// An incomplete triple (§7.5 step 10): its subject or object is the next subject found below.
#[derive(Debug, Clone)]
enum Incomplete {
    Forward(Iri),
    Reverse(Iri),
    /// A list the next subject is appended to (an `@inlist` `@rel`).
    List(usize),
}

/// The evaluation context (§7.1) passed to an element's children. The prefix mappings live in
/// [`Scope`]; the list mapping is an index into [`Sequence::mappings`].
#[derive(Debug, Clone)]
struct Context {
    parent_subject: Subject,
    parent_object: Option<Subject>,
    incomplete: Rc<Vec<Incomplete>>,
    list_mapping: usize,
    language: Option<LanguageTag>,
    vocabulary: Option<Iri>,
}

/// An element entered whose subtree the walk is in: the context of its children and its step
/// 14, run when the walk leaves the subtree.
struct Frame {
    depth: usize,
    children: Rc<Context>,
    subject: Option<Subject>,
    local_mapping: usize,
    parent_mapping: usize,
    /// The prefixes it declared, popped on leaving.
    prefixes: Vec<String>,
    /// The element's page line: its step 14 triples were written there.
    line: Option<u32>,
}

/// Whether §7.5 leaves the evaluation context as it is for this element, so that its children
/// can be entered with the parent's context: an element none of whose attributes the steps
/// read, other than the root, `head` and `body` (which have subject rules of their own). For
/// such an element step 5.2 sets *skip* (no @about, @resource, @href, @src or @typeof, no
/// parent object change), steps 7-12 do nothing, step 13 copies the context unchanged, and
/// step 14 has no list mapping of its own to complete.
fn is_inert(element: &Element) -> bool {
    if element.is("head") || element.is("body") {
        return false;
    }
    element.namespaced_attributes().all(|(namespace, name, _)| {
        namespace.is_none() && !is_rdfa_attribute(name) && !name.starts_with("xmlns:") && name != "xml:lang"
    })
}

/// The state of one run.
pub(crate) struct Sequence<'a> {
    pub(crate) scope: Scope,
    pub(crate) graph: Graph,
    pub(crate) vocabulary: &'a Vocabulary,
    document: &'a Document,
    /// The list mappings (§7.1): predicate → index into `lists`.
    mappings: Vec<IndexMap<Iri, usize>>,
    lists: Vec<Vec<Term>>,
    /// `textContent` and inner HTML of the property elements, built when first needed.
    texts: Option<Index>,
    htmls: Option<Index>,
    /// The page position of the element being processed: its triples were written there.
    position: Option<Position>,
}

impl<'a> Sequence<'a> {
    pub(crate) fn new(document: &'a Document, scope: Scope, graph: Graph, vocabulary: &'a Vocabulary) -> Self {
        Sequence {
            scope,
            graph,
            vocabulary,
            document,
            mappings: Vec::new(),
            lists: Vec::new(),
            texts: None,
            htmls: None,
            position: None,
        }
    }

    /// DOM `textContent` of a property element.
    fn text_content(&mut self, element: &Element) -> String {
        let document = self.document;
        let index = self.texts.get_or_insert_with(|| match document.document_element() {
            Some(root) => Index::text_content(&root, &|e| e.has_attr("property")),
            None => Index::text_content(element, &|e| e.has_attr("property")),
        });
        index.get(element).map(str::to_owned).unwrap_or_else(|| self.text_content(element))
    }

    /// The inner HTML of a property element (the value of an XML or HTML literal).
    fn inner_html(&mut self, element: &Element) -> String {
        let document = self.document;
        let index = self.htmls.get_or_insert_with(|| Index::inner_html(document, &|e| e.has_attr("property")));
        index.get(element).map(str::to_owned).unwrap_or_else(|| document.inner_html(&element.as_node()))
    }

    fn emit(&mut self, subject: Subject, predicate: Iri, object: Term) -> Result<(), GraphError> {
        self.graph.insert_at(Triple { subject, predicate, object }, self.position).map(|_| ())
    }

    fn list(&mut self, mapping: usize, predicate: &Iri) -> usize {
        if let Some(&list) = self.mappings[mapping].get(predicate) {
            return list;
        }
        self.lists.push(Vec::new());
        let list = self.lists.len() - 1;
        self.mappings[mapping].insert(predicate.clone(), list);
        list
    }

    fn new_mapping(&mut self) -> usize {
        self.mappings.push(IndexMap::new());
        self.mappings.len() - 1
    }

    /// Runs the sequence from the root element (§7.5: "processing begins with the root
    /// element", with the initial evaluation context of §7.5 and HTML+RDFa §3.1).
    pub(crate) fn run(&mut self) -> Result<(), GraphError> {
        let Some(root) = self.document.document_element() else { return Ok(()) };
        let base = Subject::Iri(self.scope.base.clone());
        let mapping = self.new_mapping();
        let initial = Context {
            parent_subject: base,
            parent_object: None,
            incomplete: Rc::new(Vec::new()),
            list_mapping: mapping,
            language: None,
            vocabulary: None,
        };
        let loud = Loud::find(self.document, self.scope.base.as_str());
        let mut frames: Vec<Frame> = Vec::new();
        self.enter(&root, 0, &Rc::new(initial), &root, &mut frames)?;
        // The root's descendants in document order, lent by the walk, at depth 1 and below.
        let mut walk = root.as_node().element_walk();
        while let Some((element, depth)) = walk.next() {
            self.leave_frames(depth, &mut frames)?;
            let Some(context) = frames.last().map(|frame| Rc::clone(&frame.children)) else { break };
            if context.incomplete.is_empty() && !loud.contains(element) {
                // A quiet subtree with no incomplete triples to complete changes nothing
                // (crate::quiet).
                walk.skip_children();
            } else if !is_inert(element) {
                self.enter(element, depth, &context, &root, &mut frames)?;
            }
            // An inert element's children take its context, the innermost frame's.
        }
        self.leave_frames(0, &mut frames)
    }

    /// RDFa Core 1.1 §7.5 step 14 for the entered elements at `depth` or deeper, innermost first.
    fn leave_frames(&mut self, depth: usize, frames: &mut Vec<Frame>) -> Result<(), GraphError> {
        while frames.last().is_some_and(|frame| frame.depth >= depth) {
            let Some(frame) = frames.pop() else { break };
            self.position = frame.line.and_then(Position::line_only);
            self.leave(frame.subject, frame.local_mapping, frame.parent_mapping)?;
            for prefix in frame.prefixes {
                self.scope.pop_prefix(&prefix);
            }
        }
        Ok(())
    }

    /// RDFa Core 1.1 §7.5 step 14: the lists that started on this element (a list mapping of
    /// its own), each written as an `rdf:first`/`rdf:rest` chain, or `rdf:nil` when empty.
    fn leave(
        &mut self,
        subject: Option<Subject>,
        local_mapping: usize,
        parent_mapping: usize,
    ) -> Result<(), GraphError> {
        if local_mapping == parent_mapping {
            return Ok(());
        }
        let mapping = std::mem::take(&mut self.mappings[local_mapping]);
        let Some(subject) = subject else { return Ok(()) };
        for (predicate, list) in mapping {
            let items = std::mem::take(&mut self.lists[list]);
            if items.is_empty() {
                self.emit(subject.clone(), predicate, Term::Iri(self.vocabulary.rdf_nil.clone()))?;
                continue;
            }
            let nodes: Vec<Subject> = items.iter().map(|_| Subject::Blank(self.scope.nodes.fresh())).collect();
            for (index, item) in items.into_iter().enumerate() {
                self.emit(nodes[index].clone(), self.vocabulary.rdf_first.clone(), item)?;
                let rest = match nodes.get(index + 1) {
                    Some(next) => Term::from(next.clone()),
                    None => Term::Iri(self.vocabulary.rdf_nil.clone()),
                };
                self.emit(nodes[index].clone(), self.vocabulary.rdf_rest.clone(), rest)?;
            }
            self.emit(subject.clone(), predicate, Term::from(nodes[0].clone()))?;
        }
        Ok(())
    }
}

/// The document's own IRI: the base without its fragment (an empty reference resolved, RFC
/// 3986 §5.2.2).
fn context_base(base: &Iri) -> Iri {
    base.resolve("").unwrap_or_else(|_| base.clone())
}

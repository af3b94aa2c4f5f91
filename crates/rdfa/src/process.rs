//! The processing sequence (RDFa Core 1.1 §7.5, with the HTML+RDFa 1.1 §3.1 host-language
//! rules), run over the tree with a lending walk and a stack of the entered elements whose
//! subtree the walk is in: each element is entered (steps 1-13) and left (step 14) in document
//! order, without recursion.

use crate::attributes::{declared_prefix, is_rdfa_attribute};
use crate::curie::{Resolved, Scope};
use crate::processor::DiagnosticKind;
use crate::quiet::Loud;
use crate::text::Index;
use harvest_dom::{split_ascii_whitespace, Document, Element};
use harvest_rdf::{xsd, Graph, GraphError, Iri, LanguageTag, Literal, Position, Subject, Term, Triple};
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

    /// Step 14 for the entered elements at `depth` or deeper, innermost first.
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

    /// Steps 1-13 for one element, at `depth` in the walk; pushes the [`Frame`] of its subtree.
    fn enter(
        &mut self,
        element: &Element,
        depth: usize,
        context: &Rc<Context>,
        root: &Element,
        frames: &mut Vec<Frame>,
    ) -> Result<(), GraphError> {
        self.position = element.line().and_then(Position::line_only);
        // Step 1: local values.
        let mut skip = false;
        let mut new_subject: Option<Subject>;
        let mut current_object: Option<Subject> = None;
        let mut typed_resource: Option<Subject> = None;
        let mut local_mapping = context.list_mapping;
        let mut incomplete: Vec<Incomplete> = Vec::new();
        let mut language = context.language.clone();
        let mut vocabulary = context.vocabulary.clone();

        // Step 2: @vocab, and the rdfa:usesVocabulary triple.
        if let Some(value) = element.attr("vocab") {
            let value = value.trim_matches(|c: char| c.is_ascii_whitespace());
            if value.is_empty() {
                vocabulary = None;
            } else if let Some(iri) = self.scope.resolve(value) {
                let base = Subject::Iri(self.scope.base.clone());
                self.emit(base, self.vocabulary.uses_vocabulary.clone(), Term::Iri(iri.clone()))?;
                vocabulary = Some(iri);
            }
        }

        // Step 3: prefix mappings from xmlns:* and @prefix (@prefix wins: declared last).
        let prefixes = self.declare_prefixes(element);

        // Step 4: the current language: xml:lang over lang (HTML+RDFa §3.1).
        let declared = element.xml_attr("lang").or_else(|| element.attr("xml:lang").map(str::to_owned));
        if let Some(value) = declared.or_else(|| element.attr("lang").map(str::to_owned)) {
            let value = value.trim_matches(|c: char| c.is_ascii_whitespace());
            language = if value.is_empty() {
                None
            } else {
                match LanguageTag::parse(value) {
                    Ok(tag) => Some(tag),
                    Err(e) => {
                        self.scope.note(DiagnosticKind::InvalidLanguageTag, || e.to_string());
                        None
                    }
                }
            };
        }

        let attr = |name: &str| element.attr(name);
        let property = attr("property");
        // HTML+RDFa §3.1: with @property, @rel and @rev keep only their CURIE and IRI values
        // (those with a colon); an attribute left empty counts as absent.
        let keep_rel_value = |value: &str| -> Option<String> {
            if property.is_none() {
                return Some(value.to_owned());
            }
            let kept: Vec<&str> = split_ascii_whitespace(value).filter(|token| token.contains(':')).collect();
            (!kept.is_empty()).then(|| kept.join(" "))
        };
        let rel = attr("rel").and_then(keep_rel_value);
        let rev = attr("rev").and_then(keep_rel_value);
        let type_of = attr("typeof");
        let content = attr("content");
        let datatype = attr("datatype");
        let is_root = element == root;
        // HTML+RDFa §3.1: head and body take the parent object when no attribute gives a
        // resource.
        let is_head_or_body = element.is("head") || element.is("body");

        let about = match attr("about") {
            Some(value) => self.scope.safe_curie_or_curie_or_iri(value).map(Resolved::into_subject),
            None => None,
        };
        let resource = match attr("resource") {
            Some(value) => self.scope.safe_curie_or_curie_or_iri(value).map(Resolved::into_subject),
            None => None,
        };
        let href = match attr("href") {
            Some(value) => self.scope.resolve(value).map(Subject::Iri),
            None => None,
        };
        let src = match attr("src") {
            Some(value) => self.scope.resolve(value).map(Subject::Iri),
            None => None,
        };
        let base = || Subject::Iri(context_base(&self.scope.base));

        if rel.is_none() && rev.is_none() {
            // Step 5: no @rel and no @rev.
            if property.is_some() && content.is_none() && datatype.is_none() {
                // Step 5.1.
                new_subject = about.clone().or_else(|| is_root.then(base)).or_else(|| context.parent_object.clone());
                if type_of.is_some() {
                    typed_resource = about
                        .clone()
                        .or_else(|| is_root.then(base))
                        .or_else(|| resource.clone())
                        .or_else(|| href.clone())
                        .or_else(|| src.clone())
                        .or_else(|| if is_head_or_body { context.parent_object.clone() } else { None })
                        .or_else(|| Some(Subject::Blank(self.scope.nodes.fresh())));
                    current_object = typed_resource.clone();
                }
            } else {
                // Step 5.2.
                new_subject = about
                    .clone()
                    .or_else(|| resource.clone())
                    .or_else(|| href.clone())
                    .or_else(|| src.clone())
                    .or_else(|| is_root.then(base))
                    .or_else(|| if is_head_or_body { context.parent_object.clone() } else { None });
                if new_subject.is_none() {
                    if type_of.is_some() {
                        new_subject = Some(Subject::Blank(self.scope.nodes.fresh()));
                    } else {
                        new_subject = context.parent_object.clone();
                        skip = property.is_none();
                    }
                }
                if type_of.is_some() {
                    typed_resource = new_subject.clone();
                }
            }
        } else {
            // Step 6: @rel or @rev.
            new_subject = about.clone();
            if type_of.is_some() && about.is_some() {
                typed_resource = new_subject.clone();
            }
            if new_subject.is_none() {
                new_subject = if is_root {
                    Some(base())
                } else {
                    // The head/body rule gives the parent object too.
                    context.parent_object.clone()
                };
            }
            current_object = resource.clone().or_else(|| href.clone()).or_else(|| src.clone());
            if current_object.is_none() && type_of.is_some() && about.is_none() {
                current_object = Some(Subject::Blank(self.scope.nodes.fresh()));
            }
            if type_of.is_some() && about.is_none() {
                typed_resource = current_object.clone();
            }
        }

        // Step 7: types.
        if let (Some(typed), Some(value)) = (&typed_resource, type_of) {
            for class in self.scope.resources(value, vocabulary.as_ref()) {
                self.emit(typed.clone(), self.vocabulary.rdf_type.clone(), class.into_term())?;
            }
        }

        // Step 8: a new subject starts a new list mapping.
        if new_subject.is_some() && new_subject != context.parent_object {
            local_mapping = self.new_mapping();
        }

        let in_list = element.has_attr("inlist");
        let rel_predicates = match &rel {
            Some(value) => self.scope.iris(value, vocabulary.as_ref()),
            None => Vec::new(),
        };
        let rev_predicates = match &rev {
            Some(value) => self.scope.iris(value, vocabulary.as_ref()),
            None => Vec::new(),
        };
        if let Some(object) = &current_object {
            // Step 9: the triples of @rel and @rev.
            if let Some(subject) = &new_subject {
                for predicate in &rel_predicates {
                    if in_list {
                        let list = self.list(local_mapping, predicate);
                        self.lists[list].push(Term::from(object.clone()));
                    } else {
                        self.emit(subject.clone(), predicate.clone(), Term::from(object.clone()))?;
                    }
                }
                for predicate in &rev_predicates {
                    self.emit(object.clone(), predicate.clone(), Term::from(subject.clone()))?;
                }
            }
        } else if rel.is_some() || rev.is_some() {
            // Step 10: incomplete triples, and a blank node to hang them on.
            for predicate in &rel_predicates {
                if in_list {
                    let list = self.list(local_mapping, predicate);
                    incomplete.push(Incomplete::List(list));
                } else {
                    incomplete.push(Incomplete::Forward(predicate.clone()));
                }
            }
            for predicate in &rev_predicates {
                incomplete.push(Incomplete::Reverse(predicate.clone()));
            }
            current_object = Some(Subject::Blank(self.scope.nodes.fresh()));
        }

        // Step 11: @property and its value.
        if let Some(value) = property {
            let predicates = self.scope.iris(value, vocabulary.as_ref());
            if !predicates.is_empty() {
                let object = self.property_value(
                    element,
                    &language,
                    vocabulary.as_ref(),
                    &typed_resource,
                    resource,
                    href,
                    src,
                    rel.is_some() || rev.is_some(),
                );
                if let (Some(subject), Some(object)) = (&new_subject, object) {
                    for predicate in predicates {
                        if in_list {
                            let list = self.list(local_mapping, &predicate);
                            self.lists[list].push(object.clone());
                        } else {
                            self.emit(subject.clone(), predicate, object.clone())?;
                        }
                    }
                }
            }
        }

        // Step 12: complete the incomplete triples of the context.
        if !skip {
            if let Some(subject) = &new_subject {
                for pending in context.incomplete.iter() {
                    match pending {
                        Incomplete::List(list) => self.lists[*list].push(Term::from(subject.clone())),
                        Incomplete::Forward(predicate) => {
                            self.emit(context.parent_subject.clone(), predicate.clone(), Term::from(subject.clone()))?
                        }
                        Incomplete::Reverse(predicate) => {
                            self.emit(subject.clone(), predicate.clone(), Term::from(context.parent_subject.clone()))?
                        }
                    }
                }
            }
        }

        // Role Attribute 1.0 §4 (which HTML+RDFa 1.1 §3.1 lets processors apply): each @role
        // value, terms taken from the XHTML vocabulary, as an `xhv:role` of the element's @id
        // (a fragment of the base) or of a new blank node.
        if let Some(value) = attr("role") {
            self.roles(element, value)?;
        }

        // Step 13: the children's context.
        let child = if skip {
            Context { language, vocabulary, ..Context::clone(context) }
        } else {
            Context {
                parent_subject: new_subject.clone().unwrap_or_else(|| context.parent_subject.clone()),
                parent_object: current_object
                    .or_else(|| new_subject.clone())
                    .or_else(|| Some(context.parent_subject.clone())),
                incomplete: Rc::new(incomplete),
                list_mapping: local_mapping,
                language,
                vocabulary,
            }
        };
        frames.push(Frame {
            depth,
            children: Rc::new(child),
            subject: new_subject,
            local_mapping,
            parent_mapping: context.list_mapping,
            prefixes,
            line: element.line(),
        });
        Ok(())
    }

    fn roles(&mut self, element: &Element, value: &str) -> Result<(), GraphError> {
        let xhv = self.vocabulary.xhv.clone();
        let roles = self.scope.iris(value, Some(&xhv));
        if roles.is_empty() {
            return Ok(());
        }
        let subject = match element.id().filter(|id| !id.is_empty()) {
            Some(id) => self.scope.resolve(&format!("#{id}")).map(Subject::Iri),
            None => None,
        };
        let subject = subject.unwrap_or_else(|| Subject::Blank(self.scope.nodes.fresh()));
        for role in roles {
            self.emit(subject.clone(), self.vocabulary.role.clone(), Term::Iri(role))?;
        }
        Ok(())
    }

    /// Step 14: the lists that started on this element.
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

    /// Step 3: `xmlns:` attributes, then `@prefix` (`NCName: IRI` pairs). Returns the prefixes
    /// pushed, to pop on leaving.
    fn declare_prefixes(&mut self, element: &Element) -> Vec<String> {
        let mut pushed = Vec::new();
        for (namespace, name, value) in element.namespaced_attributes() {
            let Some(prefix) = declared_prefix(namespace, name) else { continue };
            self.declare(prefix, value, &mut pushed);
        }
        if let Some(value) = element.attr("prefix") {
            let mut tokens = split_ascii_whitespace(value);
            while let Some(token) = tokens.next() {
                let Some(prefix) = token.strip_suffix(':') else {
                    self.scope.note(DiagnosticKind::InvalidPrefix, || format!("{token:?} in @prefix is not `prefix:`"));
                    continue;
                };
                let Some(iri) = tokens.next() else { break };
                self.declare(prefix, iri, &mut pushed);
            }
        }
        pushed
    }

    fn declare(&mut self, prefix: &str, iri: &str, pushed: &mut Vec<String>) {
        // §7.5 step 3: prefixes are lowercased; `_` cannot be declared.
        let prefix = prefix.to_ascii_lowercase();
        if prefix == "_" || !crate::curie::is_ncname(&prefix) {
            self.scope.note(DiagnosticKind::InvalidPrefix, || format!("{prefix:?} is not a valid prefix"));
            return;
        }
        match Iri::parse(iri) {
            Ok(iri) => {
                self.scope.push_prefix(prefix.clone(), iri);
                pushed.push(prefix);
            }
            Err(e) => self.scope.note(DiagnosticKind::InvalidIri, || format!("prefix {prefix:?}: {e}")),
        }
    }

    /// Step 11: the current property value (HTML+RDFa §3.1 adds `@datetime` and `time`).
    #[allow(clippy::too_many_arguments)]
    fn property_value(
        &mut self,
        element: &Element,
        language: &Option<LanguageTag>,
        vocabulary: Option<&Iri>,
        typed_resource: &Option<Subject>,
        resource: Option<Subject>,
        href: Option<Subject>,
        src: Option<Subject>,
        has_rel_or_rev: bool,
    ) -> Option<Term> {
        let content = element.attr("content");
        let datetime = element.attr("datetime");
        let plain = |value: String| Term::Literal(Literal::plain(value, language.clone()));
        let datatype = match element.attr("datatype") {
            Some(value) => {
                let value = value.trim_matches(|c: char| c.is_ascii_whitespace());
                match value.is_empty() {
                    true => Some(None),
                    false => match self.scope.term_or_curie_or_abs_iri(value, vocabulary, false) {
                        Some(Resolved::Iri(iri)) => Some(Some(iri)),
                        _ => Some(None),
                    },
                }
            }
            None => None,
        };
        match datatype {
            Some(Some(datatype)) => {
                let value = if datatype == self.vocabulary.xml_literal {
                    // An XML literal: the element's content in Exclusive XML Canonicalization's
                    // form (§7.5 step 11). Content XML cannot hold is kept as what it is, an
                    // HTML literal, with a warning.
                    match element.as_node().inner_xml() {
                        Ok(xml) => xml,
                        Err(error) => {
                            self.scope.note(DiagnosticKind::NotXml, || {
                                format!("the content of this rdf:XMLLiteral is not XML ({error}); written as rdf:HTML")
                            });
                            return Some(Term::Literal(Literal::typed(
                                self.inner_html(element),
                                self.vocabulary.html.clone(),
                            )));
                        }
                    }
                } else if datatype == self.vocabulary.html {
                    // An HTML literal: the element's content, serialized as HTML.
                    self.inner_html(element)
                } else {
                    content.or(datetime).map(str::to_owned).unwrap_or_else(|| self.text_content(element))
                };
                Some(Term::Literal(Literal::typed(value, datatype)))
            }
            Some(None) => Some(plain(content.map(str::to_owned).unwrap_or_else(|| self.text_content(element)))),
            None => {
                if let Some(content) = content {
                    return Some(plain(content.to_owned()));
                }
                if let Some(datetime) = datetime {
                    return Some(self.date_time_literal(datetime.to_owned(), language));
                }
                if element.is("time") {
                    let text = self.text_content(element);
                    return Some(self.date_time_literal(text, language));
                }
                if !has_rel_or_rev
                    && (element.has_attr("resource") || element.has_attr("href") || element.has_attr("src"))
                {
                    if let Some(resource) = resource.or(href).or(src) {
                        return Some(Term::from(resource));
                    }
                }
                if element.has_attr("typeof") && !element.has_attr("about") {
                    if let Some(typed) = typed_resource {
                        return Some(Term::from(typed.clone()));
                    }
                }
                Some(plain(self.text_content(element)))
            }
        }
    }

    /// HTML+RDFa §3.1: a `@datetime` (or `time` content) value typed by its lexical form, or a
    /// plain literal when it has none of them.
    fn date_time_literal(&self, value: String, language: &Option<LanguageTag>) -> Term {
        let datatype = if xsd::is_date(&value) {
            "date"
        } else if xsd::is_time(&value) {
            "time"
        } else if xsd::is_date_time(&value) {
            "dateTime"
        } else if xsd::is_duration(&value) {
            "duration"
        } else if xsd::is_g_year(&value) {
            "gYear"
        } else if xsd::is_g_year_month(&value) {
            "gYearMonth"
        } else {
            return Term::Literal(Literal::plain(value, language.clone()));
        };
        match Iri::parse(&format!("{}{datatype}", xsd::XSD)) {
            Ok(datatype) => Term::Literal(Literal::typed(value, datatype)),
            Err(_) => Term::Literal(Literal::plain(value, language.clone())),
        }
    }
}

/// The document's own IRI: the base without its fragment (an empty reference resolved, RFC
/// 3986 §5.2.2).
fn context_base(base: &Iri) -> Iri {
    base.resolve("").unwrap_or_else(|_| base.clone())
}

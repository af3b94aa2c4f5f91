//! Entering one element: steps 1-13 of the processing sequence (RDFa Core 1.1 §7.5,
//! <https://www.w3.org/TR/rdfa-core/#s_sequence>) with the host-language rules of HTML+RDFa
//! 1.1 §3.1 (<https://www.w3.org/TR/html-rdfa/#extensions-to-rdfa-core-1-1>). One function per
//! step, named after what the step does and run in the spec's order by [`Sequence::enter`];
//! the element's local values (step 1) travel between them in a [`Local`].

use super::{context_base, Context, Frame, Incomplete, Sequence};
use crate::attributes::declared_prefix;
use crate::curie::Resolved;
use crate::processor::DiagnosticKind;
use harvest_dom::{split_ascii_whitespace, Element};
use harvest_rdf::{GraphError, Iri, LanguageTag, Position, Subject, Term};
use std::borrow::Cow;
use std::rc::Rc;

/// RDFa Core 1.1 §7.5 step 1: the local values of the element being processed, which the
/// later steps set and step 13 hands to its children.
pub(super) struct Local {
    /// The *skip element* flag.
    pub(super) skip: bool,
    pub(super) new_subject: Option<Subject>,
    pub(super) current_object: Option<Subject>,
    pub(super) typed_resource: Option<Subject>,
    /// The local list mapping: an index into [`Sequence::mappings`].
    pub(super) list_mapping: usize,
    pub(super) incomplete: Vec<Incomplete>,
    /// The current language.
    pub(super) language: Option<LanguageTag>,
    /// The default vocabulary.
    pub(super) vocabulary: Option<Iri>,
}

impl Local {
    /// RDFa Core 1.1 §7.5 step 1: no new subject, current object resource or typed resource,
    /// no incomplete triples, *skip element* false; the list mapping, language and default
    /// vocabulary of the evaluation context.
    fn new(context: &Context) -> Local {
        Local {
            skip: false,
            new_subject: None,
            current_object: None,
            typed_resource: None,
            list_mapping: context.list_mapping,
            incomplete: Vec::new(),
            language: context.language.clone(),
            vocabulary: context.vocabulary.clone(),
        }
    }
}

/// The attributes steps 5-11 read, read once: `@rel` and `@rev` as HTML+RDFa 1.1 §3.1 keeps
/// them, and `@about`, `@resource`, `@href` and `@src` resolved (RDFa Core 1.1 §7.4), in that
/// order (each resolution may write to the processor graph).
pub(super) struct Attributes<'e> {
    pub(super) property: Option<&'e str>,
    pub(super) rel: Option<Cow<'e, str>>,
    pub(super) rev: Option<Cow<'e, str>>,
    pub(super) type_of: Option<&'e str>,
    pub(super) content: Option<&'e str>,
    pub(super) datatype: Option<&'e str>,
    pub(super) in_list: bool,
    pub(super) about: Option<Subject>,
    pub(super) resource: Option<Subject>,
    pub(super) href: Option<Subject>,
    pub(super) src: Option<Subject>,
    /// The root element: its subject defaults to the document (§7.5 steps 5 and 6).
    pub(super) is_root: bool,
    element: &'e Element,
}

impl Attributes<'_> {
    /// HTML+RDFa 1.1 §3.1: `head` and `body` take the parent object when no attribute gives
    /// a resource (asked only then: most elements never need the answer).
    fn is_head_or_body(&self) -> bool {
        self.element.is("head") || self.element.is("body")
    }

    /// Whether the element has `@rel` or `@rev` (after the HTML+RDFa rule): step 5 or step 6.
    pub(super) fn has_rel_or_rev(&self) -> bool {
        self.rel.is_some() || self.rev.is_some()
    }
}

/// HTML+RDFa 1.1 §3.1: with `@property`, `@rel` and `@rev` keep only their CURIE and IRI values
/// (those with a colon); an attribute left with none counts as absent.
#[inline]
fn kept_rel_value<'e>(value: &'e str, has_property: bool) -> Option<Cow<'e, str>> {
    if !has_property {
        return Some(Cow::Borrowed(value));
    }
    let kept: Vec<&str> = split_ascii_whitespace(value).filter(|token| token.contains(':')).collect();
    (!kept.is_empty()).then(|| Cow::Owned(kept.join(" ")))
}

impl Sequence<'_> {
    /// RDFa Core 1.1 §7.5 steps 1-13 for one element, at `depth` in the walk, in the spec's
    /// order; pushes the [`Frame`] of its subtree, whose step 14 runs when the walk leaves it.
    pub(super) fn enter(
        &mut self,
        element: &Element,
        depth: usize,
        context: &Rc<Context>,
        root: &Element,
        frames: &mut Vec<Frame>,
    ) -> Result<(), GraphError> {
        self.position = element.line().and_then(Position::line_only);
        let mut local = Local::new(context); // step 1
        self.set_default_vocabulary(element, &mut local)?; // step 2
        let prefixes = self.declare_prefixes(element); // step 3
        self.set_language(element, &mut local); // step 4
        let attributes = self.read_attributes(element, root);
        if !attributes.has_rel_or_rev() {
            self.establish_subject(&attributes, context, &mut local); // step 5
        } else {
            // step 6
            self.establish_subject_and_object(&attributes, context, &mut local);
        }
        self.emit_types(&attributes, &local)?; // step 7
        self.start_list_mapping(context, &mut local); // step 8
        if local.current_object.is_some() {
            self.emit_rel_rev_triples(&attributes, &local)?; // step 9
        } else if attributes.has_rel_or_rev() {
            self.defer_incomplete_triples(&attributes, &mut local); // step 10
        }
        self.emit_property_value(element, &attributes, &local)?; // step 11
        self.complete_incomplete_triples(context, &local)?; // step 12
        self.emit_roles(element)?; // Role Attribute 1.0 §4
        frames.push(children_frame(element, depth, context, local, prefixes)); // step 13
        Ok(())
    }

    /// RDFa Core 1.1 §7.5 step 2: `@vocab` sets the default vocabulary (empty: none) and writes
    /// an `rdfa:usesVocabulary` triple for the document.
    fn set_default_vocabulary(&mut self, element: &Element, local: &mut Local) -> Result<(), GraphError> {
        let Some(value) = element.attr("vocab") else { return Ok(()) };
        let value = value.trim_matches(|c: char| c.is_ascii_whitespace());
        if value.is_empty() {
            local.vocabulary = None;
        } else if let Some(iri) = self.scope.resolve(value) {
            let base = Subject::Iri(self.scope.base.clone());
            self.emit(base, self.vocabulary.uses_vocabulary.clone(), Term::Iri(iri.clone()))?;
            local.vocabulary = Some(iri);
        }
        Ok(())
    }

    /// RDFa Core 1.1 §7.5 step 3: prefix mappings from `xmlns:` attributes, then `@prefix`
    /// (`NCName: IRI` pairs; declared last, it wins). Returns the prefixes pushed, to pop on
    /// leaving.
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

    /// RDFa Core 1.1 §7.5 step 3, one mapping: prefixes are lowercased; `_` cannot be declared.
    fn declare(&mut self, prefix: &str, iri: &str, pushed: &mut Vec<String>) {
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

    /// RDFa Core 1.1 §7.5 step 4: the current language, from `xml:lang` over `lang` (HTML+RDFa
    /// 1.1 §3.1); empty, none; not BCP 47, none and a warning.
    fn set_language(&mut self, element: &Element, local: &mut Local) {
        let declared = element.xml_attr("lang").or_else(|| element.attr("xml:lang").map(str::to_owned));
        let Some(value) = declared.or_else(|| element.attr("lang").map(str::to_owned)) else { return };
        let value = value.trim_matches(|c: char| c.is_ascii_whitespace());
        local.language = if value.is_empty() {
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

    /// The attributes steps 5-11 read (see [`Attributes`]).
    fn read_attributes<'e>(&mut self, element: &'e Element, root: &Element) -> Attributes<'e> {
        let property = element.attr("property");
        let rel = element.attr("rel").and_then(|value| kept_rel_value(value, property.is_some()));
        let rev = element.attr("rev").and_then(|value| kept_rel_value(value, property.is_some()));
        let about = match element.attr("about") {
            Some(value) => self.scope.safe_curie_or_curie_or_iri(value).map(Resolved::into_subject),
            None => None,
        };
        let resource = match element.attr("resource") {
            Some(value) => self.scope.safe_curie_or_curie_or_iri(value).map(Resolved::into_subject),
            None => None,
        };
        let href = match element.attr("href") {
            Some(value) => self.scope.resolve(value).map(Subject::Iri),
            None => None,
        };
        let src = match element.attr("src") {
            Some(value) => self.scope.resolve(value).map(Subject::Iri),
            None => None,
        };
        Attributes {
            property,
            rel,
            rev,
            type_of: element.attr("typeof"),
            content: element.attr("content"),
            datatype: element.attr("datatype"),
            in_list: element.has_attr("inlist"),
            about,
            resource,
            href,
            src,
            is_root: element == root,
            element,
        }
    }

    /// RDFa Core 1.1 §7.5 step 5: with no `@rel` and no `@rev`, establish the new subject and,
    /// with `@typeof`, the typed resource: step 5.1 for `@property` without `@content` and
    /// `@datatype`, step 5.2 otherwise.
    fn establish_subject(&mut self, attributes: &Attributes<'_>, context: &Context, local: &mut Local) {
        if attributes.property.is_some() && attributes.content.is_none() && attributes.datatype.is_none() {
            self.establish_property_subject(attributes, context, local);
        } else {
            self.establish_resource_subject(attributes, context, local);
        }
    }

    /// RDFa Core 1.1 §7.5 step 5.1: the new subject is `@about`, the document for the root, or
    /// the parent object (the element's own resource attributes are the property's value);
    /// with `@typeof`, the typed resource, which is also the current object resource, is the
    /// first of `@about`, the document, `@resource`, `@href`, `@src`, the parent object for
    /// `head` and `body` (HTML+RDFa 1.1 §3.1), a new blank node.
    fn establish_property_subject(&mut self, attributes: &Attributes<'_>, context: &Context, local: &mut Local) {
        let base = || Subject::Iri(context_base(&self.scope.base));
        let is_root = attributes.is_root;
        local.new_subject =
            attributes.about.clone().or_else(|| is_root.then(base)).or_else(|| context.parent_object.clone());
        if attributes.type_of.is_some() {
            local.typed_resource = attributes
                .about
                .clone()
                .or_else(|| is_root.then(base))
                .or_else(|| attributes.resource.clone())
                .or_else(|| attributes.href.clone())
                .or_else(|| attributes.src.clone())
                .or_else(|| if attributes.is_head_or_body() { context.parent_object.clone() } else { None })
                .or_else(|| Some(Subject::Blank(self.scope.nodes.fresh())));
            local.current_object = local.typed_resource.clone();
        }
    }

    /// RDFa Core 1.1 §7.5 step 5.2: the new subject is the first of `@about`, `@resource`,
    /// `@href`, `@src`, the document for the root, the parent object for `head` and `body`
    /// (HTML+RDFa 1.1 §3.1), a new blank node with `@typeof`; failing all, the parent object,
    /// and without `@property` the element is skipped. With `@typeof` it is the typed resource.
    fn establish_resource_subject(&mut self, attributes: &Attributes<'_>, context: &Context, local: &mut Local) {
        let base = || Subject::Iri(context_base(&self.scope.base));
        let mut new_subject = attributes
            .about
            .clone()
            .or_else(|| attributes.resource.clone())
            .or_else(|| attributes.href.clone())
            .or_else(|| attributes.src.clone())
            .or_else(|| attributes.is_root.then(base))
            .or_else(|| if attributes.is_head_or_body() { context.parent_object.clone() } else { None });
        if new_subject.is_none() {
            if attributes.type_of.is_some() {
                new_subject = Some(Subject::Blank(self.scope.nodes.fresh()));
            } else {
                new_subject = context.parent_object.clone();
                local.skip = attributes.property.is_none();
            }
        }
        if attributes.type_of.is_some() {
            local.typed_resource = new_subject.clone();
        }
        local.new_subject = new_subject;
    }

    /// RDFa Core 1.1 §7.5 step 6: with `@rel` or `@rev`, the new subject is `@about`, else the
    /// document for the root, else the parent object (which is also what HTML+RDFa 1.1 §3.1
    /// gives `head` and `body`); the current object resource is the first of `@resource`,
    /// `@href`, `@src`, or a new blank node for `@typeof` without `@about`. `@typeof` types
    /// `@about` when present, else the current object resource.
    fn establish_subject_and_object(&mut self, attributes: &Attributes<'_>, context: &Context, local: &mut Local) {
        let has_type = attributes.type_of.is_some();
        let has_about = attributes.about.is_some();
        local.new_subject = attributes.about.clone();
        if has_type && has_about {
            local.typed_resource = local.new_subject.clone();
        }
        if local.new_subject.is_none() {
            local.new_subject = if attributes.is_root {
                Some(Subject::Iri(context_base(&self.scope.base)))
            } else {
                context.parent_object.clone()
            };
        }
        local.current_object =
            attributes.resource.clone().or_else(|| attributes.href.clone()).or_else(|| attributes.src.clone());
        if local.current_object.is_none() && has_type && !has_about {
            local.current_object = Some(Subject::Blank(self.scope.nodes.fresh()));
        }
        if has_type && !has_about {
            local.typed_resource = local.current_object.clone();
        }
    }

    /// RDFa Core 1.1 §7.5 step 7: an `rdf:type` triple for the typed resource and each
    /// `@typeof` value.
    fn emit_types(&mut self, attributes: &Attributes<'_>, local: &Local) -> Result<(), GraphError> {
        let (Some(typed), Some(value)) = (&local.typed_resource, attributes.type_of) else { return Ok(()) };
        for class in self.scope.resources(value, local.vocabulary.as_ref()) {
            self.emit(typed.clone(), self.vocabulary.rdf_type.clone(), class.into_term())?;
        }
        Ok(())
    }

    /// RDFa Core 1.1 §7.5 step 8: a new subject other than the parent object starts a new,
    /// empty list mapping.
    fn start_list_mapping(&mut self, context: &Context, local: &mut Local) {
        if local.new_subject.is_some() && local.new_subject != context.parent_object {
            local.list_mapping = self.new_mapping();
        }
    }

    /// The predicates of `@rel` and `@rev` (RDFa Core 1.1 §7.5 steps 9 and 10), in that order;
    /// none for an attribute that is absent.
    fn rel_rev_predicates(&mut self, attributes: &Attributes<'_>, local: &Local) -> (Vec<Iri>, Vec<Iri>) {
        let vocabulary = local.vocabulary.as_ref();
        let rel = attributes.rel.as_deref().map(|value| self.scope.iris(value, vocabulary)).unwrap_or_default();
        let rev = attributes.rev.as_deref().map(|value| self.scope.iris(value, vocabulary)).unwrap_or_default();
        (rel, rev)
    }

    /// RDFa Core 1.1 §7.5 step 9: with a current object resource, a triple from the new subject
    /// to it for each `@rel` predicate (with `@inlist`, an item of that predicate's list
    /// instead) and one back from it for each `@rev` predicate.
    fn emit_rel_rev_triples(&mut self, attributes: &Attributes<'_>, local: &Local) -> Result<(), GraphError> {
        let (rel, rev) = self.rel_rev_predicates(attributes, local);
        let (Some(subject), Some(object)) = (&local.new_subject, &local.current_object) else { return Ok(()) };
        for predicate in rel {
            if attributes.in_list {
                let list = self.list(local.list_mapping, &predicate);
                self.lists[list].push(Term::from(object.clone()));
            } else {
                self.emit(subject.clone(), predicate, Term::from(object.clone()))?;
            }
        }
        for predicate in rev {
            self.emit(object.clone(), predicate, Term::from(subject.clone()))?;
        }
        Ok(())
    }

    /// RDFa Core 1.1 §7.5 step 10: with `@rel` or `@rev` but no current object resource, an
    /// incomplete triple for each predicate (with `@inlist`, a reference to its list), which
    /// the next subject found below completes (step 12), and a new blank node as the current
    /// object resource.
    fn defer_incomplete_triples(&mut self, attributes: &Attributes<'_>, local: &mut Local) {
        let (rel, rev) = self.rel_rev_predicates(attributes, local);
        for predicate in rel {
            if attributes.in_list {
                let list = self.list(local.list_mapping, &predicate);
                local.incomplete.push(Incomplete::List(list));
            } else {
                local.incomplete.push(Incomplete::Forward(predicate));
            }
        }
        for predicate in rev {
            local.incomplete.push(Incomplete::Reverse(predicate));
        }
        local.current_object = Some(Subject::Blank(self.scope.nodes.fresh()));
    }

    /// RDFa Core 1.1 §7.5 step 11: with `@property`, the current property value (see
    /// `value.rs`) as the object of a triple from the new subject for each predicate (with
    /// `@inlist`, an item of that predicate's list instead).
    fn emit_property_value(
        &mut self,
        element: &Element,
        attributes: &Attributes<'_>,
        local: &Local,
    ) -> Result<(), GraphError> {
        let Some(value) = attributes.property else { return Ok(()) };
        let predicates = self.scope.iris(value, local.vocabulary.as_ref());
        if predicates.is_empty() {
            return Ok(());
        }
        let object = self.property_value(element, attributes, local);
        let (Some(subject), Some(object)) = (&local.new_subject, object) else { return Ok(()) };
        for predicate in predicates {
            if attributes.in_list {
                let list = self.list(local.list_mapping, &predicate);
                self.lists[list].push(object.clone());
            } else {
                self.emit(subject.clone(), predicate, object.clone())?;
            }
        }
        Ok(())
    }

    /// RDFa Core 1.1 §7.5 step 12: unless the element is skipped, a new subject completes the
    /// context's incomplete triples (a forward one with the parent subject as subject, a
    /// reverse one as object, a list one as its next item).
    fn complete_incomplete_triples(&mut self, context: &Context, local: &Local) -> Result<(), GraphError> {
        if local.skip {
            return Ok(());
        }
        let Some(subject) = &local.new_subject else { return Ok(()) };
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
        Ok(())
    }

    /// Role Attribute 1.0 §4 (which HTML+RDFa 1.1 §3.1 lets processors apply): each `@role`
    /// value, terms taken from the XHTML vocabulary, as an `xhv:role` of the element's `@id`
    /// (a fragment of the base) or of a new blank node.
    fn emit_roles(&mut self, element: &Element) -> Result<(), GraphError> {
        let Some(value) = element.attr("role") else { return Ok(()) };
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
}

/// RDFa Core 1.1 §7.5 step 13: the evaluation context of the element's children, in the
/// [`Frame`] of its subtree. A skipped element passes its own context on, with the current
/// language and default vocabulary; otherwise the parent subject is the new subject (or stays),
/// the parent object the current object resource, else the new subject, else the parent
/// subject, and the incomplete triples and list mapping are the element's.
#[inline]
fn children_frame(element: &Element, depth: usize, context: &Context, local: Local, prefixes: Vec<String>) -> Frame {
    let children = if local.skip {
        Context { language: local.language, vocabulary: local.vocabulary, ..Context::clone(context) }
    } else {
        Context {
            parent_subject: local.new_subject.clone().unwrap_or_else(|| context.parent_subject.clone()),
            parent_object: local
                .current_object
                .or_else(|| local.new_subject.clone())
                .or_else(|| Some(context.parent_subject.clone())),
            incomplete: Rc::new(local.incomplete),
            list_mapping: local.list_mapping,
            language: local.language,
            vocabulary: local.vocabulary,
        }
    };
    Frame {
        depth,
        children: Rc::new(children),
        subject: local.new_subject,
        local_mapping: local.list_mapping,
        parent_mapping: context.list_mapping,
        prefixes,
        line: element.line(),
    }
}

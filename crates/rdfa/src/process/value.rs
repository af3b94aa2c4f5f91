//! The current property value of RDFa Core 1.1 §7.5 step 11
//! (<https://www.w3.org/TR/rdfa-core/#s_sequence>), with the `@datetime` and `time` rules of
//! HTML+RDFa 1.1 §3.1.

use super::steps::{Attributes, Local};
use super::Sequence;
use crate::curie::Resolved;
use crate::processor::DiagnosticKind;
use harvest_dom::Element;
use harvest_rdf::{xsd, Iri, LanguageTag, Literal, Term};

impl Sequence<'_> {
    /// RDFa Core 1.1 §7.5 step 11: the current property value of an element with
    /// `@property` (a typed literal for `@datatype`, XML and HTML literals, a plain literal from
    /// `@content` or the text, or a resource), with the HTML+RDFa 1.1 §3.1 additions
    /// `@datetime` and `time`.
    pub(super) fn property_value(
        &mut self,
        element: &Element,
        attributes: &Attributes<'_>,
        local: &Local,
    ) -> Option<Term> {
        let language = &local.language;
        let vocabulary = local.vocabulary.as_ref();
        let content = attributes.content;
        let datetime = element.attr("datetime");
        let plain = |value: String| Term::Literal(Literal::plain(value, language.clone()));
        let datatype = match attributes.datatype {
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
                if !attributes.has_rel_or_rev()
                    && (element.has_attr("resource") || element.has_attr("href") || element.has_attr("src"))
                {
                    let resource = attributes.resource.as_ref();
                    if let Some(resource) = resource.or(attributes.href.as_ref()).or(attributes.src.as_ref()) {
                        return Some(Term::from(resource.clone()));
                    }
                }
                if element.has_attr("typeof") && !element.has_attr("about") {
                    if let Some(typed) = &local.typed_resource {
                        return Some(Term::from(typed.clone()));
                    }
                }
                Some(plain(self.text_content(element)))
            }
        }
    }

    /// HTML+RDFa 1.1 §3.1: a `@datetime` (or `time` content) value typed by its lexical form, or a
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

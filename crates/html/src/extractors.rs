//! Each extractor and exporter called with an extraction's options and limits: the calls
//! [`crate::output::Extraction`] and `all`'s record make.

use crate::error::Error;
use crate::limits::Limits;
use crate::options::*;
use crate::Page;
use harvest_dom::{Document, ParseOptions, Url};

/// Parses a page: its bytes with its transport charset, its URL when it has a valid one.
pub(crate) fn parse(page: &Page) -> Document {
    parse_limited(page, &Limits::default())
}

/// [`parse`] with the depth bound and the deadline of `limits` ([`Document::interrupted`] says
/// whether the parse stopped at the deadline).
pub(crate) fn parse_limited(page: &Page, limits: &Limits) -> Document {
    Document::parse_bytes(&page.bytes, &parse_options(page.url.as_deref(), page.charset.as_deref(), limits))
}

/// The parse options for a page at `url` (as its caller wrote it; one that is not a valid URL
/// is left out) whose transport declared `charset`, with the depth bound and the deadline of
/// `limits`.
pub(crate) fn parse_options(url: Option<&str>, charset: Option<&str>, limits: &Limits) -> ParseOptions {
    let mut options = ParseOptions::new().max_depth(limits.max_depth).deadline(limits.deadline.clone());
    if let Some(written) = url {
        if let Ok(parsed) = Url::parse(written) {
            options = options.url(parsed).url_as_written(written);
        }
    }
    if let Some(charset) = charset {
        options = options.transport_charset(charset.to_owned());
    }
    options
}

/// The mf2 parse of a page (its URL as written reaches harvest-mf2: see
/// [`Mf2Output`]).
pub(crate) fn mf2_document(
    doc: &Document,
    options: &Mf2Options,
    limits: &Limits,
) -> Result<harvest_mf2::Document, Error> {
    let parser = mf2_parser_options(options, doc, limits);
    harvest_mf2::parse(doc, &parser).map_err(|error| match error {
        harvest_mf2::Mf2Error::RootNotFound(_) => Error::nothing(error),
        other => Error::from(other),
    })
}

pub(crate) fn folding(octets: bool) -> harvest_export::content_line::Folding {
    if octets {
        harvest_export::content_line::Folding::Octets
    } else {
        harvest_export::content_line::Folding::default()
    }
}

pub(crate) fn vcard(doc: &Document, options: &VcardOutput, limits: &Limits) -> Result<String, Error> {
    use harvest_export::vcard::{from_mf2, from_microdata, VcardError};
    let export = harvest_export::vcard::VcardOptions::new().all(options.all).folding(folding(options.octets));
    let nothing = |e: VcardError| Error::nothing(e);
    let mf2 = || mf2_document(doc, &Mf2Options::default(), limits);
    match options.from {
        ConversionSource::Microdata => from_microdata(doc, &export).map_err(nothing),
        ConversionSource::Mf2 => from_mf2(&mf2()?, doc.url(), &export).map_err(nothing),
        ConversionSource::Auto => match from_microdata(doc, &export) {
            Ok(card) => Ok(card),
            Err(_) => from_mf2(&mf2()?, doc.url(), &export).map_err(nothing),
        },
    }
}

pub(crate) fn ical(doc: &Document, options: &IcalOutput, limits: &Limits) -> Result<String, Error> {
    use harvest_export::ical::{from_mf2, from_microdata, IcalError};
    let export =
        harvest_export::ical::IcalOptions::new().folding(folding(options.octets)).rfc5545_date_times(options.rfc5545);
    let nothing = |e: IcalError| Error::nothing(e);
    let mf2 = || mf2_document(doc, &Mf2Options::default(), limits);
    match options.from {
        ConversionSource::Microdata => from_microdata(doc, &export).map_err(nothing),
        ConversionSource::Mf2 => from_mf2(&mf2()?, doc.url(), &export).map_err(nothing),
        ConversionSource::Auto => match from_microdata(doc, &export) {
            Ok(calendar) => Ok(calendar),
            Err(_) => from_mf2(&mf2()?, doc.url(), &export).map_err(nothing),
        },
    }
}

pub(crate) fn atom(doc: &Document, from: FeedSource, limits: &Limits) -> Result<String, Error> {
    use harvest_export::atom::{from_document, from_mf2, AtomError, AtomOptions};
    let options = AtomOptions::new();
    let classify = |e: AtomError| match e {
        AtomError::NothingFound => Error::nothing(e),
        other => Error::from(other),
    };
    let mf2 = || mf2_document(doc, &Mf2Options::default(), limits);
    match from {
        FeedSource::Document => from_document(doc, &options).map_err(classify),
        FeedSource::Mf2 => from_mf2(&mf2()?, &options).map_err(classify),
        FeedSource::Auto => match from_document(doc, &options) {
            Err(AtomError::NothingFound) => from_mf2(&mf2()?, &options).map_err(classify),
            other => other.map_err(classify),
        },
    }
}

/// The W3C conversion of a page's microdata.
pub(crate) fn w3c(
    doc: &Document,
    registry: Option<&Registry>,
    limits: &Limits,
) -> Result<harvest_export::rdf::w3c::Conversion, Error> {
    let mut options = harvest_export::rdf::w3c::W3cOptions::new();
    if let Some(max) = limits.max_values {
        options = options.max_triples(max);
    }
    if let Some(registry) = registry {
        options = options.registry(registry.clone());
    }
    harvest_export::rdf::w3c::from_microdata(doc, &options).map_err(Error::from)
}

pub(crate) fn rdf(doc: &Document, options: &RdfOutput, limits: &Limits) -> Result<String, Error> {
    let conversion = match options.algorithm {
        RdfAlgorithm::W3c => w3c(doc, options.registry.as_ref(), limits)?,
        RdfAlgorithm::Html5 => {
            let mut html5 = harvest_export::rdf::RdfOptions::new();
            if let Some(max) = limits.max_values {
                html5 = html5.max_triples(max);
            }
            harvest_export::rdf::from_microdata(doc, &html5).map_err(Error::from)?
        }
    };
    Ok(match options.format {
        RdfFormat::NTriples => conversion.to_ntriples(),
        RdfFormat::Turtle => conversion.to_turtle(),
    })
}

/// The RDFa of a page as the graph `options` asks for, within `limits`.
pub(crate) fn rdfa_graph(doc: &Document, options: &RdfaOutput, limits: &Limits) -> Result<RdfaResult, Error> {
    let mut settings = harvest_rdfa::RdfaOptions::new()
        .processor_graph(options.graph != RdfaGraph::Output)
        .vocabulary_expansion(options.vocabulary_expansion);
    if let Some(max) = limits.max_values {
        settings = settings.limits(harvest_rdf::Limits::new().max_triples(max));
    }
    let rdfa = harvest_rdfa::parse(doc, &settings).map_err(Error::from)?;
    let graph = match options.graph {
        RdfaGraph::Output => rdfa.graph,
        RdfaGraph::Processor => rdfa.processor_graph().map_err(Error::from)?,
        RdfaGraph::Both => {
            // The processor graph's blank nodes are renumbered past the output graph's own.
            let mut both = rdfa.graph.clone();
            let offset =
                rdfa.graph.iter().filter_map(|t| blank_number(&t.object).max(blank_number_s(&t.subject))).max();
            for triple in rdfa.processor_graph().map_err(Error::from)?.iter() {
                both.insert(harvest_rdf::Triple {
                    subject: shift_subject(&triple.subject, offset),
                    predicate: triple.predicate.clone(),
                    object: triple.object.clone(),
                })
                .map_err(Error::from)?;
            }
            both
        }
    };
    Ok(RdfaResult { graph })
}

/// A page's RDFa, ready to write.
pub(crate) struct RdfaResult {
    pub(crate) graph: harvest_rdf::Graph,
}

fn blank_number(term: &harvest_rdf::Term) -> Option<u64> {
    match term {
        harvest_rdf::Term::Blank(blank) => Some(blank.id()),
        _ => None,
    }
}

fn blank_number_s(subject: &harvest_rdf::Subject) -> Option<u64> {
    match subject {
        harvest_rdf::Subject::Blank(blank) => Some(blank.id()),
        _ => None,
    }
}

fn shift_subject(subject: &harvest_rdf::Subject, offset: Option<u64>) -> harvest_rdf::Subject {
    match (subject, offset) {
        (harvest_rdf::Subject::Blank(blank), Some(offset)) => {
            harvest_rdf::Subject::Blank(harvest_rdf::BlankNode::new(blank.id() + offset + 1))
        }
        _ => subject.clone(),
    }
}

//! The native module of the `harvest_html` Python package (`harvest_html._harvest`).
//!
//! Every function turns its Python arguments into a harvest-pipeline [`Page`] and
//! [`Extraction`], runs it with the GIL released (so Python threads run pages in parallel), and
//! converts the result: JSON to dicts and lists ([`convert`]), text formats to `str`, errors to
//! the exceptions of [`errors`]. No extraction logic lives here: the `harvest` command runs the
//! very same `Extraction`s. The Python-facing documentation is in `python/harvest_html`.

mod convert;
mod errors;
mod warc;

use harvest_pipeline::extract::{
    check_root_selector, AllOptions, ConversionSource, Extraction, FeedSource, IcalOptions, LinksDetail, LinksMode,
    Mf2Options, Mf2Root, MicrodataOutput, Output, RdfAlgorithm, RdfFormat, RdfOptions, Registry, Syntax, VcardOptions,
};
use harvest_pipeline::Page;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// A page from `html` (`str` or `bytes`). Text is passed on as UTF-8 with that as its
/// transport charset, so a `<meta charset>` inside cannot re-decode it; bytes go through
/// encoding detection with `encoding` (the HTTP charset) as the transport label.
fn page(html: &Bound<'_, PyAny>, base_url: Option<String>, encoding: Option<String>) -> PyResult<Page> {
    let (bytes, charset) = if let Ok(bytes) = html.cast::<PyBytes>() {
        (bytes.as_bytes().to_vec(), encoding)
    } else if let Ok(text) = html.cast::<PyString>() {
        if encoding.is_some() {
            return Err(PyValueError::new_err("encoding= applies to bytes; a str is already decoded"));
        }
        (text.to_cow()?.as_bytes().to_vec(), Some("utf-8".to_owned()))
    } else {
        return Err(PyTypeError::new_err("html must be str or bytes"));
    };
    if let Some(url) = &base_url {
        harvest_pipeline::input::check_base_url(url).map_err(PyValueError::new_err)?;
    }
    Ok(Page { label: "<html>".to_owned(), bytes, url: base_url, charset, status: None })
}

/// Runs an extraction on a page without the GIL and converts what it gives.
fn run(py: Python<'_>, page: Page, extraction: Extraction) -> PyResult<Py<PyAny>> {
    let output = py.detach(|| extraction.run(&page)).map_err(errors::from_extract)?;
    match output {
        Output::Json(value) => Ok(convert::to_python(py, &value)?.unbind()),
        Output::Text(text) => Ok(PyString::new(py, &text).into_any().unbind()),
    }
}

/// The syntaxes named by `syntaxes` (None: every one) and the form of the links (`"compact"` or
/// `"full"`).
fn all_options(syntaxes: Option<Vec<String>>, links: &str) -> PyResult<AllOptions> {
    let links = match links {
        "compact" => LinksDetail::Compact,
        "full" => LinksDetail::Full,
        other => return Err(PyValueError::new_err(format!("links must be \"compact\" or \"full\", not {other:?}"))),
    };
    let Some(names) = syntaxes else { return Ok(AllOptions { links, ..AllOptions::default() }) };
    let mut chosen = Vec::new();
    for name in names {
        match Syntax::from_name(&name) {
            Some(syntax) if !chosen.contains(&syntax) => chosen.push(syntax),
            Some(_) => {}
            None => {
                let known: Vec<&str> = Syntax::ALL.iter().map(|s| s.name()).collect();
                return Err(PyValueError::new_err(format!(
                    "unknown syntax {name:?}: harvest_html extracts {} (extruct's \"microformat\" is accepted for mf2)",
                    known.join(", ")
                )));
            }
        }
    }
    Ok(AllOptions { syntaxes: chosen, links })
}

fn conversion_source(source: &str) -> PyResult<ConversionSource> {
    match source {
        "auto" => Ok(ConversionSource::Auto),
        "microdata" => Ok(ConversionSource::Microdata),
        "mf2" => Ok(ConversionSource::Mf2),
        other => {
            Err(PyValueError::new_err(format!("source must be \"auto\", \"microdata\" or \"mf2\", not {other:?}")))
        }
    }
}

/// Every syntax of a page in one parse, as a dict: ``url``, ``microdata``, ``mf2``,
/// ``links``, ``json-ld`` (only those named in ``syntaxes``), and ``errors`` when a JSON-LD block
/// is not JSON. The same record as ``harvest all``.
///
/// ``html`` is ``str`` or ``bytes`` (bytes go through the HTML encoding detection, with
/// ``encoding`` as the HTTP charset). ``base_url`` is the page's URL, for resolving relative
/// URLs. ``syntaxes`` takes harvest's names (``harvest_html.SYNTAXES``) or extruct's where they
/// mean the same (``"microformat"``); others raise ``ValueError``. ``links="compact"`` (the
/// default) gives each link's ``url``, ``rel``, ``tag``, ``path``, ``hyperlink``,
/// ``external_resource`` and ``hreflang``, ``type``, ``media``, ``title`` when present;
/// ``links="full"`` gives what :func:`links` gives.
///
#[pyfunction]
#[pyo3(signature = (html, base_url=None, syntaxes=None, *, links="compact", encoding=None))]
fn extract(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    syntaxes: Option<Vec<String>>,
    links: &str,
    encoding: Option<String>,
) -> PyResult<Py<PyAny>> {
    let options = all_options(syntaxes, links)?;
    run(py, page(html, base_url, encoding)?, Extraction::All(options))
}

/// The microformats2 JSON of a page (``items``, ``rels``, ``rel-urls``), as mf2py's
/// ``parse`` gives it. ``lang`` adds languages, ``metaformats`` implies an h-entry from the page's
/// metadata when it has no microformats, ``filter`` keeps items of the given types,
/// ``alternates`` adds the 2014 spec's ``alternates``; ``filter_roots`` leaves out CSS
/// framework classes that look like microformats (``h-full``...); ``root_id`` or
/// ``root_selector`` parse one element and its descendants; ``srcset`` gives images their
/// ``srcset`` candidates; ``jf2`` returns JF2 instead of the microformats2 JSON;
/// ``text="thorough"`` reads element text by the microformats wiki's algorithm;
/// ``source_paths`` adds each item's ``source-paths`` (where the item and each value came from).
#[pyfunction]
#[pyo3(signature = (
    html, base_url=None, *, lang=false, metaformats=false, filter=None, alternates=false, filter_roots=false,
    root_id=None, root_selector=None, srcset=false, jf2=false, text="classic", source_paths=false,
    encoding=None
))]
#[allow(clippy::too_many_arguments)]
fn mf2(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    lang: bool,
    metaformats: bool,
    filter: Option<Vec<String>>,
    alternates: bool,
    filter_roots: bool,
    root_id: Option<String>,
    root_selector: Option<String>,
    srcset: bool,
    jf2: bool,
    text: &str,
    source_paths: bool,
    encoding: Option<String>,
) -> PyResult<Py<PyAny>> {
    let thorough_text = match text {
        "classic" => false,
        "thorough" => true,
        other => return Err(PyValueError::new_err(format!("text must be \"classic\" or \"thorough\", not {other:?}"))),
    };
    let root = match (root_id, root_selector) {
        (Some(_), Some(_)) => return Err(PyValueError::new_err("give root_id or root_selector, not both")),
        (Some(id), None) => Some(Mf2Root::Id(id)),
        (None, Some(selector)) => {
            check_root_selector(&selector).map_err(PyValueError::new_err)?;
            Some(Mf2Root::Selector(selector))
        }
        (None, None) => None,
    };
    let options = Mf2Options {
        lang,
        metaformats,
        filter: filter.unwrap_or_default(),
        alternates,
        filter_roots,
        root,
        srcset,
        jf2,
        thorough_text,
        source_paths,
    };
    run(py, page(html, base_url, encoding)?, Extraction::Mf2(options))
}

/// The microdata JSON of a page (``{"items": [...]}``, the HTML standard's
/// conversion); with ``format="jsonld"`` a list of JSON-LD objects, one per top-level item
/// (schema.org items with short names), from the W3C Microdata-to-RDF conversion with
/// ``registry`` (a vocabulary registry as JSON text; default: the note's); with
/// ``validate=True`` the validator's diagnostics.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, validate=false, format="json", registry=None, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn microdata(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    validate: bool,
    format: &str,
    registry: Option<String>,
    encoding: Option<String>,
) -> PyResult<Py<PyAny>> {
    let output = match (validate, format) {
        (true, "json") => MicrodataOutput::Validate,
        (false, "json") => MicrodataOutput::Json,
        (false, "jsonld") => MicrodataOutput::JsonLd(parse_registry(registry)?),
        (true, _) => return Err(PyValueError::new_err("validate=True gives diagnostics: it takes no format")),
        (_, other) => {
            return Err(PyValueError::new_err(format!("format must be \"json\" or \"jsonld\", not {other:?}")))
        }
    };
    run(py, page(html, base_url, encoding)?, Extraction::Microdata(output))
}

/// A registry given as JSON text.
fn parse_registry(registry: Option<String>) -> PyResult<Option<Registry>> {
    registry.map(|text| Registry::from_json(&text).map_err(|e| PyValueError::new_err(e.to_string()))).transpose()
}

/// Every link of a page with its link types (a list of dicts); ``feeds=True`` gives
/// the syndication feeds, ``check=True`` what the link-type rules forbid.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, feeds=false, check=false, encoding=None))]
fn links(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    feeds: bool,
    check: bool,
    encoding: Option<String>,
) -> PyResult<Py<PyAny>> {
    let mode = match (feeds, check) {
        (true, true) => return Err(PyValueError::new_err("feeds and check cannot both be set")),
        (true, false) => LinksMode::Feeds,
        (false, true) => LinksMode::Check,
        (false, false) => LinksMode::All,
    };
    run(py, page(html, base_url, encoding)?, Extraction::Links(mode))
}

/// The page's contacts as vCard 4.0 text; ``source`` is ``"auto"``,
/// ``"microdata"`` or ``"mf2"``, ``all`` exports every contact, ``octets`` folds at 75 octets.
/// Raises ``NothingFoundError`` when there is no contact.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, source="auto", all=false, octets=false, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn vcard(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    source: &str,
    all: bool,
    octets: bool,
    encoding: Option<String>,
) -> PyResult<Py<PyAny>> {
    let options = VcardOptions { from: conversion_source(source)?, all, octets };
    run(py, page(html, base_url, encoding)?, Extraction::Vcard(options))
}

/// The page's events as iCalendar text; ``source`` as for :func:`vcard`, ``octets``
/// folds at 75 octets, ``rfc5545`` writes date-times with an offset as UTC. Raises
/// ``NothingFoundError`` when there is no event.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, source="auto", octets=false, rfc5545=false, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn ical(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    source: &str,
    octets: bool,
    rfc5545: bool,
    encoding: Option<String>,
) -> PyResult<Py<PyAny>> {
    let options = IcalOptions { from: conversion_source(source)?, octets, rfc5545 };
    run(py, page(html, base_url, encoding)?, Extraction::Ical(options))
}

/// An Atom feed of the page's articles (``source="document"``), of its mf2 h-feed
/// (``"mf2"``), or the first that exists (``"auto"``). Raises ``NothingFoundError`` when there
/// is neither.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, source="auto", encoding=None))]
fn atom(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    source: &str,
    encoding: Option<String>,
) -> PyResult<Py<PyAny>> {
    let from = match source {
        "auto" => FeedSource::Auto,
        "document" => FeedSource::Document,
        "mf2" => FeedSource::Mf2,
        other => {
            return Err(PyValueError::new_err(format!(
                "source must be \"auto\", \"document\" or \"mf2\", not {other:?}"
            )))
        }
    };
    run(py, page(html, base_url, encoding)?, Extraction::Atom(from))
}

/// The page's microdata as RDF: ``format="nt"`` (N-Triples) or ``"ttl"`` (Turtle);
/// ``algorithm="w3c"`` (the W3C note "Microdata to RDF", with ``registry``, a vocabulary
/// registry as JSON text) or ``"html5"`` (HTML 5.0's conversion, with the page's title, links
/// and meta).
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, format="nt", algorithm="w3c", registry=None, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn rdf(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    format: &str,
    algorithm: &str,
    registry: Option<String>,
    encoding: Option<String>,
) -> PyResult<Py<PyAny>> {
    let format = match format {
        "nt" | "ntriples" => RdfFormat::NTriples,
        "ttl" | "turtle" => RdfFormat::Turtle,
        other => return Err(PyValueError::new_err(format!("format must be \"nt\" or \"ttl\", not {other:?}"))),
    };
    let algorithm = match algorithm {
        "w3c" => RdfAlgorithm::W3c,
        "html5" => RdfAlgorithm::Html5,
        other => return Err(PyValueError::new_err(format!("algorithm must be \"w3c\" or \"html5\", not {other:?}"))),
    };
    let registry = parse_registry(registry)?;
    run(py, page(html, base_url, encoding)?, Extraction::Rdf(RdfOptions { format, algorithm, registry }))
}

/// The HTML pages of a WARC archive (``.warc`` or ``.warc.gz``; a path or a binary
/// file object), one dict per page as it is read: ``{"url", "status", "bytes", "counts", "data",
/// "error"}``, ``bytes`` the size of its HTML, ``counts`` how much each syntax found (items,
/// links, blocks, properties), ``data`` being :func:`extract`'s dict for the page. A damaged archive (a download cut short, a
/// corrupt gzip member) gives its good pages and one item whose ``error`` says where it broke;
/// a gzipped one goes on at the next member. With ``as_json=True``, ``data`` maps each key to
/// its JSON text instead (written in Rust: the fast way to store it, as the Spark job does).
/// ``syntaxes`` and ``links`` are :func:`extract`'s.
#[pyfunction]
#[pyo3(signature = (path_or_file, *, syntaxes=None, links="compact", as_json=false))]
fn iter_warc(
    path_or_file: &Bound<'_, PyAny>,
    syntaxes: Option<Vec<String>>,
    links: &str,
    as_json: bool,
) -> PyResult<warc::WarcIterator> {
    warc::WarcIterator::open(path_or_file, all_options(syntaxes, links)?, as_json)
}

#[pymodule]
fn _harvest(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add_function(wrap_pyfunction!(mf2, m)?)?;
    m.add_function(wrap_pyfunction!(microdata, m)?)?;
    m.add_function(wrap_pyfunction!(links, m)?)?;
    m.add_function(wrap_pyfunction!(vcard, m)?)?;
    m.add_function(wrap_pyfunction!(ical, m)?)?;
    m.add_function(wrap_pyfunction!(atom, m)?)?;
    m.add_function(wrap_pyfunction!(rdf, m)?)?;
    m.add_function(wrap_pyfunction!(iter_warc, m)?)?;
    m.add_class::<warc::WarcIterator>()?;
    m.add("HarvestError", py.get_type::<errors::HarvestError>())?;
    m.add("NothingFoundError", py.get_type::<errors::NothingFoundError>())?;
    m.add("ExtractionError", py.get_type::<errors::ExtractionError>())?;
    m.add("WarcError", py.get_type::<errors::WarcError>())?;
    m.add("SYNTAXES", Syntax::ALL.iter().map(|s| s.name()).collect::<Vec<_>>())?;
    Ok(())
}

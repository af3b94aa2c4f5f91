//! The native module of the `harvest_html` Python package (`harvest_html._harvest`).
//!
//! Every function turns its Python arguments into a [`Page`] and the front door's
//! [`Extractor`] (`extract`, `iter_warc`: the options of the record) or [`Extraction`] (one syntax's
//! output or an export), runs it with the GIL released (so Python threads run pages in
//! parallel), and converts the result: JSON to dicts and lists (`convert`), text formats to
//! `str`, errors to the exceptions of `errors`. No extraction logic lives here: the
//! `harvest` command runs the very same `Extraction`s. The Python-facing documentation is in
//! `python/harvest_html`.
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod arrow;
mod convert;
mod errors;
mod limits;
mod record;
mod warc;

use harvest_html::output::{
    ConversionSource, Extraction, FeedSource, IcalOutput, LinksMode, Mf2Output, MicrodataChoiceError, MicrodataFormat,
    MicrodataOutput, Output, RdfAlgorithm, RdfFormat, RdfOutput, Registry, VcardOutput,
};
use harvest_html::{BaseUrl, Extractor, LinksDetail, Mf2Options, Mf2Root, Mf2Text, MicrodataOptions, Page, Syntax};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

// The extension's Rust allocations go to mimalloc (see Cargo.toml); Python's own objects are
// still allocated by Python.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc 2's `mi_option_purge_delay` (its `mi_option_e`; the Rust binding names no constant
/// for it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Sets how long mimalloc keeps the memory the extension frees, before the extension
/// allocates anything (docs/benchmarks.md, "The allocator"; the `harvest` binary does the
/// same): memory freed and left unused goes back to the system after 10 s, as jemalloc's decay
/// does, instead of mimalloc's 10 ms. One page's tree is freed before the next page is parsed,
/// and memory returned in between had to be mapped and zeroed again for the next page (about
/// a tenth of `iter_warc`'s CPU). A delay set in the environment (`MIMALLOC_PURGE_DELAY`) is
/// kept.
///
/// Transparent huge pages stay as mimalloc asks for them, as in the `harvest` binary: with
/// memory kept 10 s they are not zeroed again page after page, and they spare the processor's
/// address translations: reading an archive takes 4-10% less CPU with them (JSON bytes 10%,
/// Arrow batches 9%, dicts 4%; docs/benchmarks.md, "The Python path with huge pages").
#[allow(unsafe_code, reason = "mimalloc's option setter is a C function")]
fn tune_allocator() {
    // mimalloc reads its options from the environment too: one set there is the user's.
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_some() {
        return;
    }
    // SAFETY: mi_option_set only stores a number in mimalloc's option table, read when it
    // next decides whether to purge.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 10_000) }
}

/// Checks an `encoding=` label: it must be one of the WHATWG Encoding Standard's labels (what
/// the HTML parser can decode with), never silently replaced by a guess.
fn check_encoding(label: &str) -> PyResult<()> {
    match encoding_rs::Encoding::for_label(label.as_bytes()) {
        Some(_) => Ok(()),
        None => Err(PyValueError::new_err(format!(
            "unknown encoding label {label:?}: encoding= takes a label of the WHATWG Encoding Standard \
             (\"utf-8\", \"windows-1252\", \"shift_jis\", ...)"
        ))),
    }
}

/// A page from `html`: `str`, `bytes`, or a file object (anything with `read()`, giving either).
/// Text is passed on as UTF-8 with that as its transport charset, so a `<meta charset>` inside
/// cannot re-decode it; bytes go through encoding detection with `encoding` (the HTTP charset)
/// as the transport label.
fn page(html: &Bound<'_, PyAny>, base_url: Option<String>, encoding: Option<String>) -> PyResult<Page> {
    if let Some(label) = &encoding {
        check_encoding(label)?;
    }
    let read;
    let html = if !html.is_instance_of::<PyBytes>() && !html.is_instance_of::<PyString>() && html.hasattr("read")? {
        read = html.call_method0("read")?;
        &read
    } else {
        html
    };
    let (bytes, charset) = if let Ok(bytes) = html.cast::<PyBytes>() {
        (bytes.as_bytes().to_vec(), encoding)
    } else if let Ok(text) = html.cast::<PyString>() {
        if encoding.is_some() {
            return Err(PyValueError::new_err("encoding= applies to bytes; a str is already decoded"));
        }
        (text.to_cow()?.as_bytes().to_vec(), Some("utf-8".to_owned()))
    } else {
        return Err(PyTypeError::new_err("html must be str, bytes, or a file object giving either"));
    };
    if let Some(url) = &base_url {
        BaseUrl::parse(url).map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    Ok(Page::new("<html>", bytes, base_url.as_deref()).charset(charset))
}

/// Runs an extraction on a page within `limits`, without the GIL, and converts what it gives.
fn run(py: Python<'_>, page: Page, extraction: Extraction, limits: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
    let (limits, interruption) = limits::resolve(limits)?.start(py);
    let output = py.detach(|| extraction.run_limited(&page, &limits)).map_err(|e| interruption.error(e))?;
    match output {
        Output::Json(value) => {
            let stop = convert::Stop { deadline: &limits.deadline, interruption: &interruption };
            let converted = convert::to_python(py, &value, &stop)?;
            stop.finish()?;
            Ok(converted.unbind())
        }
        Output::Text(text) => Ok(PyString::new(py, &text).into_any().unbind()),
        other => Err(PyRuntimeError::new_err(format!("an output of unknown form: {other:?}"))),
    }
}

/// The extractor of the syntaxes named by `syntaxes` (None: every one), with the links in the
/// form `links` names (`"compact"` or `"full"`).
fn extractor(syntaxes: Option<Vec<String>>, links: &str) -> PyResult<Extractor> {
    let links = by_name("links", links, &LinksDetail::ALL, LinksDetail::name, LinksDetail::from_name)?;
    let Some(names) = syntaxes else { return Ok(Extractor::new().links(links)) };
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
    Ok(Extractor::new().syntaxes(chosen).links(links))
}

fn conversion_source(source: &str) -> PyResult<ConversionSource> {
    by_name("source", source, &ConversionSource::ALL, ConversionSource::name, ConversionSource::from_name)
}

/// An option's value by its name (the `from_name` of the crate that owns the option), or the
/// `ValueError` that lists the names: `what must be "a", "b" or "c", not "x"`.
fn by_name<T: Copy>(
    what: &str,
    given: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    from_name: fn(&str) -> Option<T>,
) -> PyResult<T> {
    from_name(given).ok_or_else(|| {
        let names: Vec<String> = all.iter().map(|value| format!("{:?}", name(*value))).collect();
        let listed = match names.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        PyValueError::new_err(format!("{what} must be {listed}, not {given:?}"))
    })
}

/// Every syntax of a page in one parse, as a dict: ``url``, then one key per syntax named in
/// ``syntaxes`` (default: all), and ``errors`` when a JSON-LD block is not JSON. The same record
/// as ``harvest all``, except that JSON-LD numbers keep every digit. ``syntaxes=[]`` gives
/// ``{"url": ...}`` without parsing the page. ``jsonld="lenient"`` reads JSON-LD blocks with
/// comments, trailing commas and raw control characters. ``content_attribute`` and
/// ``collapse_white_space`` read the microdata as extruct does (``MicrodataOptions``). The
/// Python wrapper (``harvest_html.extract``) adds extruct's keywords.
#[pyfunction]
#[pyo3(signature = (
    html, base_url=None, syntaxes=None, *, links="compact", encoding=None, jsonld="strict", limits=None,
    content_attribute=false, collapse_white_space=false
))]
#[allow(clippy::too_many_arguments)]
fn extract(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    syntaxes: Option<Vec<String>>,
    links: &str,
    encoding: Option<String>,
    jsonld: &str,
    limits: Option<&Bound<'_, PyAny>>,
    content_attribute: bool,
    collapse_white_space: bool,
) -> PyResult<Py<PyAny>> {
    let extractor = extractor(syntaxes, links)?.microdata(
        MicrodataOptions::new().content_attribute(content_attribute).collapse_white_space(collapse_white_space),
    );
    let reading = record::reading(jsonld)?;
    let limits = limits::resolve(limits)?;
    if extractor.all_options().syntaxes.is_empty() {
        // Nothing to extract: the page is not read, only its URL.
        if let Some(encoding) = &encoding {
            check_encoding(encoding)?;
        }
        let url = match &base_url {
            Some(url) => Some(BaseUrl::parse(url).map_err(|e| PyValueError::new_err(e.to_string()))?.url().to_string()),
            None => None,
        };
        let dict = PyDict::new(py);
        dict.set_item("url", url)?;
        return Ok(dict.into_any().unbind());
    }
    let page = page(html, base_url, encoding)?;
    let (limits, interruption) = limits.start(py);
    let record = py
        .detach(|| record::Record::extract(&page, &extractor, reading, &limits, None, None))
        .map_err(|e| interruption.error(e))?;
    let stop = convert::Stop { deadline: &limits.deadline, interruption: &interruption };
    Ok(record.to_python(py, &stop)?.into_any().unbind())
}

/// The microformats2 JSON of a page (``items``, ``rels``, ``rel-urls``), as mf2py's
/// ``parse`` gives it. ``lang`` adds languages, ``metaformats`` implies an h-entry from the page's
/// metadata when it has no microformats, ``filter`` keeps items of the given types,
/// ``alternates`` adds the 2014 spec's ``alternates``; ``filter_roots`` leaves out CSS
/// framework classes that look like microformats (``h-full``...); ``root_id`` or
/// ``root_selector`` parse one element and its descendants; ``srcset`` gives images their
/// ``srcset`` candidates; ``jf2`` returns JF2 instead of the microformats2 JSON;
/// ``text="thorough"`` reads element text by the microformats wiki's algorithm;
/// ``source_paths`` adds each item's ``source-paths`` (where the item and each value came from);
/// ``classic_root_ids`` gives classic roots (``vcard``, ``hentry``...) their ``id``.
/// mf2py's keywords are accepted: ``doc=`` for ``html`` and ``url=`` for ``base_url`` (a URL
/// is never fetched).
#[pyfunction]
#[pyo3(signature = (
    html=None, base_url=None, *, doc=None, url=None, lang=false, metaformats=false, filter=None, alternates=false,
    filter_roots=false, root_id=None, root_selector=None, srcset=false, jf2=false, text="classic",
    source_paths=false, encoding=None, limits=None, classic_root_ids=false
))]
#[allow(clippy::too_many_arguments)]
fn mf2(
    py: Python<'_>,
    html: Option<&Bound<'_, PyAny>>,
    base_url: Option<String>,
    doc: Option<&Bound<'_, PyAny>>,
    url: Option<String>,
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
    limits: Option<&Bound<'_, PyAny>>,
    classic_root_ids: bool,
) -> PyResult<Py<PyAny>> {
    let html = match (html, doc) {
        (Some(_), Some(_)) => return Err(PyTypeError::new_err("give the page as html or as doc=, not both")),
        (Some(html), None) | (None, Some(html)) => html,
        (None, None) => {
            return Err(PyTypeError::new_err(
                "mf2() needs the page (html, or mf2py's doc=); harvest_html never fetches url=",
            ))
        }
    };
    let base_url = match (base_url, url) {
        (Some(_), Some(_)) => return Err(PyTypeError::new_err("give the page URL as base_url or as url=, not both")),
        (base_url, url) => base_url.or(url),
    };
    let text = by_name("text", text, &Mf2Text::ALL, Mf2Text::name, Mf2Text::from_name)?;
    let root = match (root_id, root_selector) {
        (Some(_), Some(_)) => return Err(PyValueError::new_err("give root_id or root_selector, not both")),
        (Some(id), None) => Some(Mf2Root::id(id)),
        (None, Some(selector)) => Some(Mf2Root::selector(selector).map_err(|e| PyValueError::new_err(e.to_string()))?),
        (None, None) => None,
    };
    let mut options = Mf2Options::new()
        .lang(lang)
        .metaformats(metaformats)
        .alternates(alternates)
        .filter_roots(filter_roots)
        .srcset(srcset)
        .text(text)
        .source_paths(source_paths)
        .classic_root_ids(classic_root_ids);
    // No filter, or an empty one: every item.
    if let Some(types) = filter.filter(|types| !types.is_empty()) {
        options = options.filter_types(types);
    }
    if let Some(root) = root {
        options = options.root(root);
    }
    let output = Mf2Output::new().options(options).jf2(jf2);
    run(py, page(html, base_url, encoding)?, Extraction::Mf2(output), limits)
}

/// The microdata JSON of a page (``{"items": [...]}``, the HTML standard's
/// conversion); with ``format="jsonld"`` a list of JSON-LD objects, one per top-level item
/// (schema.org items with short names), from the W3C Microdata-to-RDF conversion with
/// ``registry`` (a vocabulary registry as JSON text; default: the note's); with
/// ``validate=True`` the validator's diagnostics. ``content_attribute=True`` reads a
/// ``content`` attribute on any element whose value would be its text, as extruct does (the
/// HTML standard reads it on ``meta`` only); JSON output only.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, validate=false, format="json", registry=None, encoding=None, limits=None, content_attribute=false))]
#[allow(clippy::too_many_arguments)]
fn microdata(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    validate: bool,
    format: &str,
    registry: Option<String>,
    encoding: Option<String>,
    limits: Option<&Bound<'_, PyAny>>,
    content_attribute: bool,
) -> PyResult<Py<PyAny>> {
    let format = by_name("format", format, &MicrodataFormat::ALL, MicrodataFormat::name, MicrodataFormat::from_name)?;
    let in_arguments = |error: MicrodataChoiceError| match error {
        MicrodataChoiceError::ContentAttributeNeedsJson => {
            PyValueError::new_err("content_attribute=True applies to the microdata JSON (format=\"json\")")
        }
        MicrodataChoiceError::ValidateTakesNoFormat { .. } => {
            PyValueError::new_err("validate=True gives diagnostics: it takes no format")
        }
        MicrodataChoiceError::RegistryNeedsJsonLd => PyValueError::new_err("registry= applies to format=\"jsonld\""),
        other => PyValueError::new_err(other.to_string()),
    };
    let mut output = MicrodataOutput::from_options(validate, format, content_attribute).map_err(in_arguments)?;
    if let Some(registry) = parse_registry(registry)? {
        output = output.registry(registry).map_err(in_arguments)?;
    }
    run(py, page(html, base_url, encoding)?, Extraction::Microdata(output), limits)
}

/// A registry given as JSON text.
fn parse_registry(registry: Option<String>) -> PyResult<Option<Registry>> {
    registry.map(|text| Registry::from_json(&text).map_err(|e| PyValueError::new_err(e.to_string()))).transpose()
}

/// Every link of a page with its link types (a list of dicts); ``feeds=True`` gives
/// the syndication feeds, ``check=True`` what the link-type rules forbid.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, feeds=false, check=false, encoding=None, limits=None))]
fn links(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    feeds: bool,
    check: bool,
    encoding: Option<String>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let mode = match (feeds, check) {
        (true, true) => return Err(PyValueError::new_err("feeds and check cannot both be set")),
        (true, false) => LinksMode::Feeds,
        (false, true) => LinksMode::Check,
        (false, false) => LinksMode::All,
    };
    run(py, page(html, base_url, encoding)?, Extraction::Links(mode), limits)
}

/// The page's contacts as vCard 4.0 text; ``source`` is ``"auto"``,
/// ``"microdata"`` or ``"mf2"``, ``all`` exports every contact, ``octets`` folds at 75 octets.
/// Raises ``NothingFoundError`` when there is no contact.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, source="auto", all=false, octets=false, encoding=None, limits=None))]
#[allow(clippy::too_many_arguments)]
fn vcard(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    source: &str,
    all: bool,
    octets: bool,
    encoding: Option<String>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let options = VcardOutput::new().from(conversion_source(source)?).all(all).octets(octets);
    run(py, page(html, base_url, encoding)?, Extraction::Vcard(options), limits)
}

/// The page's events as iCalendar text; ``source`` as for :func:`vcard`, ``octets``
/// folds at 75 octets, ``rfc5545`` writes date-times with an offset as UTC. Raises
/// ``NothingFoundError`` when there is no event.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, source="auto", octets=false, rfc5545=false, encoding=None, limits=None))]
#[allow(clippy::too_many_arguments)]
fn ical(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    source: &str,
    octets: bool,
    rfc5545: bool,
    encoding: Option<String>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let options = IcalOutput::new().from(conversion_source(source)?).octets(octets).rfc5545(rfc5545);
    run(py, page(html, base_url, encoding)?, Extraction::Ical(options), limits)
}

/// An Atom feed of the page's articles (``source="document"``), of its mf2 h-feed
/// (``"mf2"``), or the first that exists (``"auto"``). Raises ``NothingFoundError`` when there
/// is neither.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, source="auto", encoding=None, limits=None))]
fn atom(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    source: &str,
    encoding: Option<String>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let from = by_name("source", source, &FeedSource::ALL, FeedSource::name, FeedSource::from_name)?;
    run(py, page(html, base_url, encoding)?, Extraction::Atom(from), limits)
}

/// The page's microdata as RDF: ``format="nt"`` (N-Triples) or ``"ttl"`` (Turtle);
/// ``algorithm="w3c"`` (the W3C note "Microdata to RDF", with ``registry``, a vocabulary
/// registry as JSON text) or ``"html5"`` (HTML 5.0's conversion, with the page's title, links
/// and meta).
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, format="nt", algorithm="w3c", registry=None, encoding=None, limits=None))]
#[allow(clippy::too_many_arguments)]
fn rdf(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    format: &str,
    algorithm: &str,
    registry: Option<String>,
    encoding: Option<String>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let format = by_name("format", format, &RdfFormat::ALL, RdfFormat::name, RdfFormat::from_name)?;
    let algorithm = by_name("algorithm", algorithm, &RdfAlgorithm::ALL, RdfAlgorithm::name, RdfAlgorithm::from_name)?;
    let registry = parse_registry(registry)?;
    run(
        py,
        page(html, base_url, encoding)?,
        Extraction::Rdf(RdfOutput::new().format(format).algorithm(algorithm).registry(registry)),
        limits,
    )
}

/// The page's RDFa 1.1 (RDFa Core, HTML+RDFa): ``format="jsonld"`` (the default: a list of
/// expanded JSON-LD node objects, full IRIs, extruct's ``rdfa`` shape), ``"ttl"`` or ``"nt"``
/// (text); ``graph="output"``, ``"processor"`` (the processor's warnings) or ``"both"``;
/// ``vocab_expansion=True`` expands from the page's own vocabulary statements. The graph
/// ``harvest rdfa`` gives.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, format="jsonld", graph="output", vocab_expansion=false, encoding=None, limits=None))]
#[allow(clippy::too_many_arguments)]
fn rdfa(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    format: &str,
    graph: &str,
    vocab_expansion: bool,
    encoding: Option<String>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    use harvest_html::output::{RdfaFormat, RdfaGraph, RdfaOutput};
    let format = by_name("format", format, &RdfaFormat::ALL, RdfaFormat::name, RdfaFormat::from_name)?;
    let graph = by_name("graph", graph, &RdfaGraph::ALL, RdfaGraph::name, RdfaGraph::from_name)?;
    let options = RdfaOutput::new().format(format).graph(graph).vocabulary_expansion(vocab_expansion);
    run(py, page(html, base_url, encoding)?, Extraction::Rdfa(options), limits)
}

/// Every RDF syntax of the page (microdata by the W3C note, RDFa, JSON-LD, Dublin Core) as
/// one dataset, what ``harvest graph`` writes: ``format="nquads"`` (the default: N-Quads, the
/// page's URL as fourth term, blank nodes labelled from a hash of the page's statements so that
/// pages concatenate), ``"ntriples"``, ``"turtle"``, ``"trig"`` (text) or ``"jsonld"`` (a
/// list of expanded JSON-LD graph objects). ``syntax`` names the syntaxes to read
/// (``"microdata"``, ``"rdfa"``, ``"json-ld"``, ``"dublincore"``; None: all); ``provenance=True``
/// ends each N-Quads or N-Triples line with a comment naming the syntaxes it came from;
/// ``context`` maps a remote JSON-LD context's URL to its document (``str`` or ``bytes``):
/// nothing is fetched, schema.org's context is bundled; ``registry`` is the microdata
/// vocabulary registry as JSON text.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, format="nquads", syntax=None, provenance=false, context=None, registry=None, encoding=None, limits=None))]
#[allow(clippy::too_many_arguments)]
fn graph(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    format: &str,
    syntax: Option<Vec<String>>,
    provenance: bool,
    context: Option<&Bound<'_, PyDict>>,
    registry: Option<String>,
    encoding: Option<String>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    use harvest_html::output::{GraphFormat, GraphOutput, GraphSource};
    let Some(format) = GraphFormat::from_name(format) else {
        let known: Vec<&str> = GraphFormat::ALL.iter().map(|f| f.name()).collect();
        return Err(PyValueError::new_err(format!("format must be one of {known:?}, not {format:?}")));
    };
    let mut output = GraphOutput::new().format(format).provenance(provenance);
    if let Some(names) = syntax {
        let mut sources = Vec::new();
        for name in names {
            let Some(source) = GraphSource::from_name(&name) else {
                let known: Vec<&str> = GraphSource::ALL.iter().map(|s| s.name()).collect();
                return Err(PyValueError::new_err(format!("syntax must name some of {known:?}, not {name:?}")));
            };
            sources.push(source);
        }
        output = output.sources(sources);
    }
    if let Some(context) = context {
        for (url, document) in context.iter() {
            let url: String = url.extract()?;
            let document: Vec<u8> = if let Ok(text) = document.cast::<PyString>() {
                text.to_cow()?.as_bytes().to_vec()
            } else if let Ok(bytes) = document.cast::<PyBytes>() {
                bytes.as_bytes().to_vec()
            } else {
                return Err(PyTypeError::new_err(format!("context[{url:?}] must be str or bytes")));
            };
            output = output.context(url, document);
        }
    }
    if let Some(registry) = parse_registry(registry)? {
        output = output.registry(registry);
    }
    output.check().map_err(PyValueError::new_err)?;
    run(py, page(html, base_url, encoding)?, Extraction::Graph(output), limits)
}

/// Checks the page's structured data (microdata, RDFa, JSON-LD, its ``<meta>`` tags) against
/// schema.org and the search features, what ``harvest check --format json`` prints: a dict
/// ``{"url", "diagnostics", "features", "counts"}``. Each diagnostic has ``severity``
/// (``"error"``, ``"warning"``, ``"info"``), ``rule``, ``message`` and, where they apply,
/// ``syntax``, ``line``, ``column``, ``subject``, ``type``, ``property``, ``suggestion``;
/// ``docs/check.md`` lists the rules. ``vocabulary`` is the path of another schema.org release
/// file (``schemaorg-current-https.jsonld``), read once per process and path; None: the bundled
/// release 30.0.
#[pyfunction]
#[pyo3(signature = (html, base_url=None, *, vocabulary=None, encoding=None, limits=None))]
fn check(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    base_url: Option<String>,
    vocabulary: Option<std::path::PathBuf>,
    encoding: Option<String>,
    limits: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let mut options = harvest_html::output::CheckOptions::new();
    if let Some(path) = vocabulary {
        options = options.vocabulary(py.detach(|| release(&path))?);
    }
    run(py, page(html, base_url, encoding)?, Extraction::Check(options), limits)
}

/// The schema.org release at `path`, read once per process (a crawl checks every page against
/// the same one).
fn release(path: &std::path::Path) -> PyResult<std::sync::Arc<harvest_html::output::Vocabulary>> {
    use harvest_html::output::Vocabulary;
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    static READ: OnceLock<Mutex<HashMap<std::path::PathBuf, Arc<Vocabulary>>>> = OnceLock::new();
    let read = READ.get_or_init(Default::default);
    if let Some(vocabulary) = read.lock().ok().and_then(|read| read.get(path).cloned()) {
        return Ok(vocabulary);
    }
    let text = std::fs::read_to_string(path)
        .map_err(|error| pyo3::exceptions::PyOSError::new_err(format!("{}: {error}", path.display())))?;
    let vocabulary = Arc::new(
        Vocabulary::from_release(&text)
            .map_err(|error| PyValueError::new_err(format!("{}: {error}", path.display())))?,
    );
    if let Ok(mut read) = read.lock() {
        read.insert(path.to_owned(), Arc::clone(&vocabulary));
    }
    Ok(vocabulary)
}

/// `iter_warc`'s `graph=`: the format of each page's dataset, or none.
fn graph_output(format: Option<&str>) -> PyResult<Option<harvest_html::output::GraphOutput>> {
    use harvest_html::output::{GraphFormat, GraphOutput};
    let Some(format) = format else { return Ok(None) };
    match GraphFormat::from_name(format) {
        Some(format) => Ok(Some(GraphOutput::new().format(format))),
        None => {
            let known: Vec<&str> = GraphFormat::ALL.iter().map(|f| f.name()).collect();
            Err(PyValueError::new_err(format!("graph must be one of {known:?}, not {format:?}")))
        }
    }
}

/// `iter_warc`'s `as_json=`: a flag, or the name of a form (`"bytes"`).
#[derive(FromPyObject)]
enum AsJson {
    Flag(bool),
    Named(String),
}

/// The HTML pages of a WARC archive or an ARC file (plain or gzipped, told by its first bytes
/// whatever its name; a path or a binary file object), one dict per page as it is read:
/// ``kind`` (``page``; ``failed``, ``skipped`` and ``damaged`` below), ``url``, ``status``,
/// ``bytes`` (the size of its HTML), ``counts`` (how much each syntax found), ``data``
/// (:func:`extract`'s dict for the page), ``error``, and where the record is: ``record`` (its
/// number), ``record_id``, ``date``, ``ip`` (``WARC-IP-Address``), ``offset`` and ``length``
/// (in the archive file: a gzip member's, in a ``.warc.gz``), ``content_type`` (the HTTP
/// ``Content-Type``), ``truncated`` (``WARC-Truncated``), ``body_truncated`` (the body's
/// gzip, deflate or brotli stream was cut short: the page is what decoded). An input that is
/// neither WARC nor ARC raises :class:`WarcError` ("not a WARC or ARC file"). A response record that gives no page (a body that does not decode, no
/// type and no HTML) is a ``skipped`` item with ``data`` None and ``error`` saying why, a page
/// whose extraction failed (a limit) a ``failed`` one; a damaged archive (a download cut
/// short, a corrupt gzip member) gives its good pages and one ``damaged`` item whose
/// ``error`` says where it broke, and a gzipped one goes on at the next member. The
/// iterator's ``counts`` says what the archive held. With ``as_json=True``, ``data`` maps each
/// key to its JSON text (written in Rust: the fast way to store it); with ``as_json="bytes"``,
/// to that text as UTF-8 ``bytes``. For Arrow, Parquet or Spark, :func:`iter_warc_arrow`
/// gives the same as record batches, faster.
/// ``graph="nquads"`` (or another :func:`graph` format) adds each page's dataset of every RDF
/// syntax: ``data["graph"]``, as :func:`graph` gives it, and ``counts["graph"]``, its quads.
/// ``check=True`` adds each page's check: ``data["check"]``, as :func:`check` gives it, and
/// ``counts["check"]``, its errors.
/// ``syntaxes``, ``links``, ``jsonld`` and ``limits`` are :func:`extract`'s.
#[pyfunction]
#[pyo3(signature = (path_or_file, *, syntaxes=None, links="compact", as_json=AsJson::Flag(false), jsonld="strict", limits=None, graph=None, check=false),
    text_signature = "(path_or_file, *, syntaxes=None, links='compact', as_json=False, jsonld='strict', limits=None, graph=None, check=False)")]
#[allow(clippy::too_many_arguments)]
fn iter_warc(
    path_or_file: &Bound<'_, PyAny>,
    syntaxes: Option<Vec<String>>,
    links: &str,
    as_json: AsJson,
    jsonld: &str,
    limits: Option<&Bound<'_, PyAny>>,
    graph: Option<&str>,
    check: bool,
) -> PyResult<warc::WarcIterator> {
    let form = match as_json {
        AsJson::Flag(false) => warc::DataForm::Objects,
        AsJson::Flag(true) => warc::DataForm::JsonText,
        AsJson::Named(name) if name == "bytes" => warc::DataForm::JsonBytes,
        AsJson::Named(name) => {
            return Err(PyValueError::new_err(format!("as_json takes True, False or \"bytes\", not {name:?}")))
        }
    };
    let settings = warc::Settings {
        extractor: extractor(syntaxes, links)?,
        reading: record::reading(jsonld)?,
        limits: limits::resolve(limits)?,
        form,
        graph: graph_output(graph)?,
        check: check.then(harvest_html::output::CheckOptions::new),
    };
    warc::WarcIterator::open(path_or_file, settings)
}

/// The pages of a WARC archive as ``pyarrow.RecordBatch``es (pyarrow must be installed), for
/// Arrow, Parquet, pandas, Polars, DuckDB or Spark's ``mapInArrow``: one row per item of
/// :func:`iter_warc`, up to ``batch_rows`` rows a batch (fewer when a batch's JSON texts reach
/// 64 MiB). The columns (``schema`` of the iterator): ``kind`` (``page``, ``failed``, ``skipped``,
/// ``damaged``), ``url``, ``status``, ``bytes``, ``error``, ``record``, ``record_id``, ``date``,
/// ``offset``, ``length``, ``content_type``, ``truncated``; for each syntax extracted, its JSON
/// text (named as the syntax, null for an item that is not a page) and ``<syntax>_count``;
/// ``errors`` (JSON-LD blocks that are not JSON). The same values as
/// ``iter_warc(as_json=True)``'s, built in Rust column by column: no Python object per page.
/// ``graph="nquads"`` adds the columns ``graph`` (each page's dataset as :func:`graph` writes
/// it) and ``graph_count`` (its quads); ``check=True`` the columns ``check`` (each page's
/// :func:`check` record as JSON text) and ``check_count`` (its errors).
/// ``syntaxes``, ``links``, ``jsonld`` and ``limits`` are :func:`extract`'s (``timeout`` per
/// page).
#[pyfunction]
#[pyo3(signature = (path_or_file, *, syntaxes=None, links="compact", jsonld="strict", limits=None, batch_rows=512, graph=None, check=false),
    text_signature = "(path_or_file, *, syntaxes=None, links='compact', jsonld='strict', limits=None, batch_rows=512, graph=None, check=False)")]
#[allow(clippy::too_many_arguments)]
fn iter_warc_arrow(
    path_or_file: &Bound<'_, PyAny>,
    syntaxes: Option<Vec<String>>,
    links: &str,
    jsonld: &str,
    limits: Option<&Bound<'_, PyAny>>,
    batch_rows: usize,
    graph: Option<&str>,
    check: bool,
) -> PyResult<arrow::WarcBatches> {
    let settings = warc::Settings {
        extractor: extractor(syntaxes, links)?,
        reading: record::reading(jsonld)?,
        limits: limits::resolve(limits)?,
        form: warc::DataForm::JsonText,
        graph: graph_output(graph)?,
        check: check.then(harvest_html::output::CheckOptions::new),
    };
    arrow::WarcBatches::open(path_or_file, settings, batch_rows)
}

#[pymodule]
fn _harvest(m: &Bound<'_, PyModule>) -> PyResult<()> {
    tune_allocator();
    let py = m.py();
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add_function(wrap_pyfunction!(mf2, m)?)?;
    m.add_function(wrap_pyfunction!(microdata, m)?)?;
    m.add_function(wrap_pyfunction!(links, m)?)?;
    m.add_function(wrap_pyfunction!(vcard, m)?)?;
    m.add_function(wrap_pyfunction!(ical, m)?)?;
    m.add_function(wrap_pyfunction!(atom, m)?)?;
    m.add_function(wrap_pyfunction!(rdf, m)?)?;
    m.add_function(wrap_pyfunction!(rdfa, m)?)?;
    m.add_function(wrap_pyfunction!(graph, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(iter_warc, m)?)?;
    m.add_function(wrap_pyfunction!(iter_warc_arrow, m)?)?;
    m.add_class::<warc::WarcIterator>()?;
    m.add_class::<arrow::WarcBatches>()?;
    m.add_class::<limits::PyLimits>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("HarvestError", py.get_type::<errors::HarvestError>())?;
    m.add("ExtractionTimeout", py.get_type::<errors::ExtractionTimeout>())?;
    m.add("NothingFoundError", py.get_type::<errors::NothingFoundError>())?;
    m.add("ExtractionError", py.get_type::<errors::ExtractionError>())?;
    m.add("WarcError", py.get_type::<errors::WarcError>())?;
    m.add("SYNTAXES", Syntax::ALL.iter().map(|s| s.name()).collect::<Vec<_>>())?;
    Ok(())
}

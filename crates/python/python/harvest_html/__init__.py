"""Structured data out of HTML pages, from Python.

harvest_html runs harvest's Rust extractors: microformats2 (with classic microformats and
rels), WHATWG microdata, HTML links with their link types, JSON-LD, Open Graph, Dublin Core,
RDFa, and the vCard, iCalendar, Atom and RDF exports, on ``str``, ``bytes`` or file objects and on
WARC archives. Every function releases the GIL while it works, so threads run pages in
parallel.

    >>> import harvest_html
    >>> data = harvest_html.extract('<p class="h-card">Ada</p>', base_url="https://example.com/")
    >>> data["mf2"]["items"][0]["properties"]["name"]
    ['Ada']

Functions: :func:`extract` (every syntax at once; extruct's keywords too), :func:`mf2`
(mf2py's ``doc=``/``url=`` too), :func:`microdata`, :func:`links`, :func:`vcard`,
:func:`ical`, :func:`atom`, :func:`rdf`, :func:`rdfa`, :func:`graph` (every RDF syntax of a
page as one dataset, N-Quads by default), :func:`check` (the page's structured data checked
against schema.org and the search features), :func:`iter_warc` and
:func:`iter_warc_arrow` (an archive as Arrow record batches). Bounds: :class:`Limits`.
Errors: :class:`HarvestError` and its subclasses, defined here (they survive ``pickle``).
"""

import logging

from . import _harvest, _uniform
from ._harvest import (
    SYNTAXES,
    ExtractionError,
    ExtractionTimeout,
    HarvestError,
    Limits,
    NothingFoundError,
    WarcError,
    WarcBatches,
    WarcIterator,
    __version__,
    atom,
    check,
    graph,
    ical,
    iter_warc,
    iter_warc_arrow,
    links,
    mf2,
    microdata,
    rdf,
    rdfa,
    vcard,
)

__all__ = [
    "EXTRUCT_SYNTAXES",
    "SYNTAXES",
    "ExtractionError",
    "ExtractionTimeout",
    "HarvestError",
    "Limits",
    "NothingFoundError",
    "WarcError",
    "WarcBatches",
    "WarcIterator",
    "__version__",
    "atom",
    "check",
    "extract",
    "graph",
    "ical",
    "iter_warc",
    "iter_warc_arrow",
    "links",
    "mf2",
    "microdata",
    "rdf",
    "rdfa",
    "vcard",
]

#: extruct's syntax names, in its order: what ``uniform=True`` extracts by default.
EXTRUCT_SYNTAXES = ["microdata", "opengraph", "json-ld", "microformat", "rdfa", "dublincore"]

_log = logging.getLogger("harvest_html")


def extract(
    html,
    base_url=None,
    syntaxes=None,
    *,
    links="compact",
    encoding=None,
    errors=None,
    uniform=False,
    jsonld="strict",
    limits=None,
    schema_context="http://schema.org",
    with_og_array=False,
    content_attribute=None,
):
    """Every syntax of a page in one parse, as a dict: ``url``, then one key per syntax
    (``microdata``, ``mf2``, ``links``, ``json-ld``, ``opengraph``, ``dublincore``, ``rdfa``), and
    ``errors`` when a JSON-LD block is not JSON. The record ``harvest all`` writes.

    ``html`` is ``str``, ``bytes`` (decoded by the HTML standard's encoding detection, with
    ``encoding`` as the HTTP charset: a WHATWG label, others raise ``ValueError``) or a file
    object. ``base_url`` is the page's URL. ``syntaxes`` takes harvest's names
    (:data:`SYNTAXES`) and extruct's: ``"microformat"`` gives the key ``microformat`` with the
    mf2 items, as extruct does; ``"rdfa"`` gives ``rdfa``, expanded JSON-LD node objects as
    extruct's (:func:`rdfa`). ``syntaxes=[]`` returns
    ``{"url": ...}`` without parsing. ``links="full"`` gives :func:`links`'s links.

    extruct's keywords: ``errors`` (``"strict"`` raises ``ExtractionError`` for a JSON-LD
    block that is not JSON or an extraction that fails; ``"log"`` logs it on the
    ``harvest_html`` logger and leaves it out; ``"ignore"`` leaves it out; the default, None,
    reports blocks under ``errors``), ``uniform=True`` (extruct's uniform shapes; the default
    syntaxes are then extruct's), ``schema_context``, ``with_og_array``. With ``uniform=True``
    the microdata values are extruct's too: a ``content`` attribute is read on any element, and
    text values are trimmed with each run of white space one space. ``content_attribute``
    (default: on with ``uniform=True``, off otherwise) reads ``content`` on any text-valued
    element (:func:`microdata`'s keyword).

    ``jsonld="lenient"`` reads JSON-LD blocks with comments, trailing commas and raw control
    characters (the default is strict JSON); JSON-LD integers of any size stay exact.
    ``limits`` (a :class:`Limits` or a dict of its keywords) bounds the call.
    """
    if isinstance(syntaxes, (str, bytes)):
        raise TypeError(
            f"syntaxes must be a list of syntax names, not {syntaxes!r}; extruct's third positional "
            "argument is the encoding: give it to harvest_html as encoding=..."
        )
    if errors not in (None, "strict", "log", "ignore"):
        raise ValueError(f'errors must be "strict", "log" or "ignore" (or None), not {errors!r}')
    if syntaxes is None and uniform:
        syntaxes = EXTRUCT_SYNTAXES
    names = None if syntaxes is None else list(syntaxes)
    try:
        result = _harvest.extract(
            html,
            base_url,
            names,
            links=links,
            encoding=encoding,
            jsonld=jsonld,
            limits=limits,
            content_attribute=uniform if content_attribute is None else bool(content_attribute),
            collapse_white_space=bool(uniform),
        )
    except ExtractionTimeout:
        # A bound the caller set, not an error of the page: never ignored.
        raise
    except ExtractionError:
        if errors == "log":
            _log.exception("harvest_html.extract failed")
        if errors in ("log", "ignore"):
            return {}
        raise
    if names is not None and "microformat" in names:
        document = result["mf2"] if "mf2" in names else result.pop("mf2")
        result["microformat"] = document["items"]
    if errors is not None:
        for error in result.pop("errors", []):
            message = f"{error['error']} ({error['element']})"
            if errors == "strict":
                raise ExtractionError(message)
            if errors == "log":
                _log.error("%s", message)
    if uniform:
        result = _uniform.uniform(result, schema_context, with_og_array)
    return result

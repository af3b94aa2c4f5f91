"""Structured data out of HTML pages, from Python.

harvest_html runs harvest's Rust extractors: microformats2 (with classic microformats and
rels), WHATWG microdata, HTML links with their link types, JSON-LD, and the vCard, iCalendar,
Atom and RDF exports, on ``str`` or ``bytes`` pages and on WARC archives. Every function
releases the GIL while it works, so threads run pages in parallel.

    >>> import harvest_html
    >>> data = harvest_html.extract('<p class="h-card">Ada</p>', base_url="https://example.com/")
    >>> data["mf2"]["items"][0]["properties"]["name"]
    ['Ada']

Functions: :func:`extract` (every syntax at once, like extruct's ``extract``), :func:`mf2`,
:func:`microdata`, :func:`links`, :func:`vcard`, :func:`ical`, :func:`atom`, :func:`rdf` and
:func:`iter_warc`. Errors: :class:`HarvestError` and its subclasses.
"""

from ._harvest import (
    SYNTAXES,
    ExtractionError,
    HarvestError,
    NothingFoundError,
    WarcError,
    WarcIterator,
    atom,
    extract,
    ical,
    iter_warc,
    links,
    mf2,
    microdata,
    rdf,
    vcard,
)

__all__ = [
    "SYNTAXES",
    "ExtractionError",
    "HarvestError",
    "NothingFoundError",
    "WarcError",
    "WarcIterator",
    "atom",
    "extract",
    "ical",
    "iter_warc",
    "links",
    "mf2",
    "microdata",
    "rdf",
    "vcard",
]

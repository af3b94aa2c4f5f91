"""Type stubs of harvest_html (the functions are implemented in Rust, in harvest_html._harvest)."""

import os
from typing import Any, BinaryIO, Dict, Iterator, List, Literal, Mapping, Optional, Sequence, TextIO, TypedDict, Union

Html = Union[str, bytes, BinaryIO, TextIO]
Json = Any

SYNTAXES: List[str]
EXTRUCT_SYNTAXES: List[str]
__version__: str

LimitsLike = Union["Limits", Dict[str, Any], None]

class Limits:
    max_depth: int
    max_values: Optional[int]
    max_output_bytes: Optional[int]
    timeout: Optional[float]
    def __init__(
        self,
        *,
        max_depth: int = 512,
        max_values: Optional[int] = None,
        max_output_bytes: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> None: ...

class HarvestError(Exception): ...
class NothingFoundError(HarvestError): ...
class ExtractionError(HarvestError): ...
class ExtractionTimeout(ExtractionError): ...
class WarcError(HarvestError): ...

class _DiagnosticRequired(TypedDict):
    severity: Literal["error", "warning", "info"]
    rule: str
    message: str

class CheckDiagnostic(_DiagnosticRequired, total=False):
    """Members absent when they do not apply."""

    syntax: str
    line: int
    column: int
    subject: str
    type: str
    property: str
    suggestion: str

class CheckFeature(TypedDict):
    feature: str
    eligible: bool
    subject: str
    missing_required: List[str]
    missing_recommended: List[str]

class CheckCounts(TypedDict):
    errors: int
    warnings: int
    infos: int
    eligible: int
    ineligible: int

class _CheckRequired(TypedDict):
    diagnostics: List[CheckDiagnostic]
    features: List[CheckFeature]
    counts: CheckCounts

class CheckRecord(_CheckRequired, total=False):
    """``url`` is absent when the page has none."""

    url: str

class WarcPage(TypedDict):
    kind: Literal["page", "failed", "skipped", "damaged"]
    url: Optional[str]
    status: Optional[int]
    bytes: int
    counts: Dict[str, int]
    data: Optional[Dict[str, Json]]
    error: Optional[str]
    record: Optional[int]
    record_id: Optional[str]
    date: Optional[str]
    ip: Optional[str]
    offset: Optional[int]
    length: Optional[int]
    content_type: Optional[str]
    truncated: Optional[str]
    body_truncated: bool

class WarcIterator(Iterator[WarcPage]):
    counts: Dict[str, int]
    def __iter__(self) -> "WarcIterator": ...
    def __next__(self) -> WarcPage: ...

class WarcBatches(Iterator[Any]):
    """Yields ``pyarrow.RecordBatch``es with the columns of ``schema``."""

    counts: Dict[str, int]
    schema: Any
    def __iter__(self) -> "WarcBatches": ...
    def __next__(self) -> Any: ...

def extract(
    html: Html,
    base_url: Optional[str] = None,
    syntaxes: Optional[Sequence[str]] = None,
    *,
    links: Literal["compact", "full"] = "compact",
    encoding: Optional[str] = None,
    errors: Optional[Literal["strict", "log", "ignore"]] = None,
    uniform: bool = False,
    jsonld: Literal["strict", "lenient"] = "strict",
    limits: LimitsLike = None,
    schema_context: str = "http://schema.org",
    with_og_array: bool = False,
    content_attribute: Optional[bool] = None,
) -> Dict[str, Json]: ...
def mf2(
    html: Optional[Html] = None,
    base_url: Optional[str] = None,
    *,
    doc: Optional[Html] = None,
    url: Optional[str] = None,
    lang: bool = False,
    metaformats: bool = False,
    filter: Optional[Sequence[str]] = None,
    alternates: bool = False,
    filter_roots: bool = False,
    root_id: Optional[str] = None,
    root_selector: Optional[str] = None,
    srcset: bool = False,
    jf2: bool = False,
    text: Literal["classic", "thorough"] = "classic",
    source_paths: bool = False,
    encoding: Optional[str] = None,
    limits: LimitsLike = None,
    classic_root_ids: bool = False,
) -> Dict[str, Json]: ...
def microdata(
    html: Html,
    base_url: Optional[str] = None,
    *,
    validate: bool = False,
    format: Literal["json", "jsonld"] = "json",
    registry: Optional[str] = None,
    encoding: Optional[str] = None,
    limits: LimitsLike = None,
    content_attribute: bool = False,
) -> Json: ...
def links(
    html: Html,
    base_url: Optional[str] = None,
    *,
    feeds: bool = False,
    check: bool = False,
    encoding: Optional[str] = None,
    limits: LimitsLike = None,
) -> List[Dict[str, Json]]: ...
def vcard(
    html: Html,
    base_url: Optional[str] = None,
    *,
    source: Literal["auto", "microdata", "mf2"] = "auto",
    all: bool = False,
    octets: bool = False,
    encoding: Optional[str] = None,
    limits: LimitsLike = None,
) -> str: ...
def ical(
    html: Html,
    base_url: Optional[str] = None,
    *,
    source: Literal["auto", "microdata", "mf2"] = "auto",
    octets: bool = False,
    rfc5545: bool = False,
    encoding: Optional[str] = None,
    limits: LimitsLike = None,
) -> str: ...
def atom(
    html: Html,
    base_url: Optional[str] = None,
    *,
    source: Literal["auto", "document", "mf2"] = "auto",
    encoding: Optional[str] = None,
    limits: LimitsLike = None,
) -> str: ...
def rdf(
    html: Html,
    base_url: Optional[str] = None,
    *,
    format: Literal["nt", "ntriples", "ttl", "turtle"] = "nt",
    algorithm: Literal["w3c", "html5"] = "w3c",
    registry: Optional[str] = None,
    encoding: Optional[str] = None,
    limits: LimitsLike = None,
) -> str: ...
def rdfa(
    html: Html,
    base_url: Optional[str] = None,
    *,
    format: Literal["jsonld", "json-ld", "ttl", "turtle", "nt", "ntriples"] = "jsonld",
    graph: Literal["output", "processor", "both"] = "output",
    vocab_expansion: bool = False,
    encoding: Optional[str] = None,
    limits: LimitsLike = None,
) -> Any: ...
def graph(
    html: Html,
    base_url: Optional[str] = None,
    *,
    format: Literal["nquads", "ntriples", "turtle", "trig", "jsonld"] = "nquads",
    syntax: Optional[Sequence[Literal["microdata", "rdfa", "json-ld", "dublincore"]]] = None,
    provenance: bool = False,
    context: Optional[Mapping[str, Union[str, bytes]]] = None,
    registry: Optional[str] = None,
    encoding: Optional[str] = None,
    limits: LimitsLike = None,
) -> Any: ...
def check(
    html: Html,
    base_url: Optional[str] = None,
    *,
    vocabulary: Optional[Union[str, "os.PathLike[str]"]] = None,
    encoding: Optional[str] = None,
    limits: LimitsLike = None,
) -> CheckRecord: ...
def iter_warc(
    path_or_file: Union[str, "os.PathLike[str]", BinaryIO],
    *,
    syntaxes: Optional[Sequence[str]] = None,
    links: Literal["compact", "full"] = "compact",
    as_json: Union[bool, Literal["bytes"]] = False,
    jsonld: Literal["strict", "lenient"] = "strict",
    limits: LimitsLike = None,
    graph: Optional[Literal["nquads", "ntriples", "turtle", "trig", "jsonld"]] = None,
    check: bool = False,
) -> WarcIterator: ...
def iter_warc_arrow(
    path_or_file: Union[str, "os.PathLike[str]", BinaryIO],
    *,
    syntaxes: Optional[Sequence[str]] = None,
    links: Literal["compact", "full"] = "compact",
    jsonld: Literal["strict", "lenient"] = "strict",
    limits: LimitsLike = None,
    batch_rows: int = 512,
    graph: Optional[Literal["nquads", "ntriples", "turtle", "trig", "jsonld"]] = None,
    check: bool = False,
) -> WarcBatches: ...

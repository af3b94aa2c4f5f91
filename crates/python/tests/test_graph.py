"""harvest_html.graph: a page's every RDF syntax as one dataset, what `harvest graph` writes.

On the real pages of the benchmark corpus the dataset is compared, as a graph (isomorphism,
blank nodes matched), with an extraction harvest has no part in for RDFa and JSON-LD: pyRdfa3
(its own HTML5 parse) for the RDFa, rdflib's JSON-LD parser for each block (schema.org's context
given inline from the file harvest bundles, so nothing is fetched), and harvest's own W3C
microdata graph (`harvest rdf`, tested against the W3C suite elsewhere)."""

import json
import sys
from urllib.parse import urljoin

import pytest
from rdflib import Dataset, Graph, URIRef
from rdflib.term import _is_valid_uri
from rdflib.compare import graph_diff, to_isomorphic

import harvest_html
from conftest import REPO, corpus_pages, run_cli

# The schema.org addresses and the inlining of the bundled context are the JSON-LD oracle's
# (crates/jsonld/tests/rdflib_oracle.py, which harvest-jsonld's own corpus test runs).
sys.path.insert(0, str(REPO / "crates" / "jsonld" / "tests"))
from rdflib_oracle import inline  # noqa: E402

BASE = "https://corpus.example/"
PAGE = (
    '<html prefix="og: http://ogp.me/ns#"><head><title>T</title>'
    '<meta property="og:title" content="Seed swap"><meta name="DC.creator" content="Ada">'
    '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Event", "name": "Seed swap",'
    ' "organizer": {"@type": "Person", "name": "Ada"}}</script></head>'
    '<body><div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ada</span></div></body></html>'
)


def union(nquads):
    """The statements of every graph of an N-Quads document, as one graph."""
    dataset = Dataset()
    dataset.parse(data=nquads, format="nquads")
    graph = Graph()
    for s, p, o, _ in dataset.quads((None, None, None, None)):
        graph.add((s, p, o))
    return graph


def schema_org_context():
    (path,) = (REPO / "crates" / "jsonld" / "contexts").glob("schemaorg-*.jsonld")
    return json.loads(path.read_text(encoding="utf-8"))["@context"]


def document_base(html, url):
    """The page's base URL: its first `base` element with an `href`, resolved (lxml's parse)."""
    import lxml.html

    for base in lxml.html.fromstring(html).iter("base"):
        if base.get("href") is not None:
            return urljoin(url, base.get("href").strip())
    return url


# pyRdfa3 in a process of its own: extruct, which other tests import, adds Open Graph's prefixes
# to pyRdfa's initial context when it is imported, and RDFa 1.1's initial context has none of
# them.
PYRDFA = """
import json, sys, warnings
import pyRdfa
warnings.simplefilter("ignore")
out = {}
for path, url in json.load(sys.stdin):
    out[path] = pyRdfa.pyRdfa(base=url).graph_from_source(path).serialize(format="nt")
json.dump(out, sys.stdout)
"""


@pytest.fixture(scope="module")
def pyrdfa_graphs():
    """pyRdfa3's graph of every corpus page, as N-Triples, by path."""
    import subprocess
    import sys

    pages = [(str(page), BASE + page.name) for page in corpus_pages()]
    done = subprocess.run(
        [sys.executable, "-c", PYRDFA], input=json.dumps(pages), capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def independent(path, url, context, rdfa_ntriples):
    """The page's RDF as read without harvest's RDFa and JSON-LD processors."""
    html = path.read_bytes()
    graph = Graph()
    graph.parse(data=harvest_html.rdf(html, url), format="nt")
    graph.parse(data=rdfa_ntriples, format="nt")
    base = document_base(html, url)
    for block in harvest_html.extract(html, url, ["json-ld"])["json-ld"]:
        blocks = Dataset()
        blocks.parse(data=json.dumps(inline(block, context)), format="json-ld", base=base)
        for s, p, o, _ in blocks.quads((None, None, None, None)):
            # JSON-LD 1.1 API §8.1: a statement whose IRI is not well-formed is not emitted
            # (rdflib keeps it; harvest drops and reports it).
            if all(_is_valid_uri(term) for term in (s, p, o) if isinstance(term, URIRef)):
                graph.add((s, p, o))
    return graph


@pytest.mark.parametrize("page", corpus_pages(), ids=lambda path: path.stem)
def test_the_dataset_is_what_independent_processors_read(page, pyrdfa_graphs):
    html = page.read_bytes()
    url = BASE + page.name
    ours = union(harvest_html.graph(html, url, syntax=["microdata", "rdfa", "json-ld"]))
    theirs = independent(page, url, schema_org_context(), pyrdfa_graphs[str(page)])
    # rdflib's isomorphic() hashes language tags as written; RDF compares them ignoring case
    # (pyRdfa lowercases them), as rdflib's literals do: the canonical graphs are compared.
    _, only_ours, only_theirs = graph_diff(to_isomorphic(ours), to_isomorphic(theirs))
    if len(only_ours) or len(only_theirs):
        pytest.fail(
            f"only harvest graph:\n{only_ours.serialize(format='nt')}\n"
            f"only the independent reading:\n{only_theirs.serialize(format='nt')}"
        )


def test_every_format_is_the_command_s(harvest_bin):
    for format in ["nquads", "ntriples", "turtle", "trig"]:
        code, out = run_cli(harvest_bin, "graph", "-", "--base-url", BASE, "--format", format, stdin=PAGE.encode())
        assert code == 0
        assert harvest_html.graph(PAGE, BASE, format=format) == out.decode(), format
    code, out = run_cli(harvest_bin, "graph", "-", "--base-url", BASE, "--format", "jsonld", stdin=PAGE.encode())
    assert harvest_html.graph(PAGE, BASE, format="jsonld") == json.loads(out)


def test_the_page_is_the_graph_and_every_syntax_is_in_it():
    text = harvest_html.graph(PAGE, BASE, provenance=True)
    dataset = Dataset()
    dataset.parse(data=text, format="nquads")
    assert {str(context.identifier) for context in dataset.contexts() if len(context)} == {BASE}
    sources = {line.rsplit("# ", 1)[1] for line in text.splitlines()}
    assert sources == {"microdata", "rdfa", "json-ld", "dublincore"}, text
    # Open Graph comes through RDFa once.
    assert sum("http://ogp.me/ns#title" in line for line in text.splitlines()) == 1


def test_options_are_checked_and_contexts_supplied():
    with pytest.raises(ValueError, match="format must be one of"):
        harvest_html.graph(PAGE, BASE, format="rdfxml")
    with pytest.raises(ValueError, match="syntax must name"):
        harvest_html.graph(PAGE, BASE, syntax=["mf2"])
    with pytest.raises(ValueError, match="provenance"):
        harvest_html.graph(PAGE, BASE, format="turtle", provenance=True)
    page = '<script type="application/ld+json">{"@context": "https://vocab.example/ctx", "name": "Ada"}</script>'
    assert harvest_html.graph(page, BASE) == ""
    context = {"https://vocab.example/ctx": b'{"@context": {"name": "http://xmlns.com/foaf/0.1/name"}}'}
    text = harvest_html.graph(page, BASE, context=context)
    assert ' <http://xmlns.com/foaf/0.1/name> "Ada" <https://corpus.example/> .\n' in text


def test_iter_warc_gives_each_page_s_dataset(tmp_path, harvest_bin):
    from io import BytesIO

    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buffer = BytesIO()
    writer = WARCWriter(buffer, gzip=True)
    for name in ["a", "b"]:
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
        html = PAGE.replace("Seed swap", f"Seed swap {name}").encode()
        record = writer.create_warc_record(BASE + name, "response", payload=BytesIO(html), http_headers=headers)
        writer.write_record(record)
    archive = tmp_path / "pages.warc.gz"
    archive.write_bytes(buffer.getvalue())
    code, expected = run_cli(harvest_bin, "graph", archive)
    assert code == 0
    items = list(harvest_html.iter_warc(archive, graph="nquads"))
    assert "".join(item["data"]["graph"] for item in items) == expected.decode()
    assert all(item["counts"]["graph"] == item["data"]["graph"].count("\n") for item in items)
    texts = list(harvest_html.iter_warc(archive, graph="nquads", as_json=True))
    assert [item["data"]["graph"] for item in texts] == [item["data"]["graph"] for item in items]
    batches = list(harvest_html.iter_warc_arrow(archive, graph="nquads"))
    column = [value for batch in batches for value in batch.column("graph").to_pylist()]
    assert "".join(column) == expected.decode()
    assert sum(value for batch in batches for value in batch.column("graph_count").to_pylist()) == expected.count(b"\n")
    with pytest.raises(ValueError, match="graph must be one of"):
        harvest_html.iter_warc(archive, graph="rdfxml")
    assert "graph" not in next(iter(harvest_html.iter_warc(archive)))["data"]

"""The JSON-LD harvest writes for microdata is the W3C conversion's graph: read by rdflib's own
JSON-LD parser, it is isomorphic to the N-Triples of the same conversion read by rdflib's
N-Triples parser, for every case of the W3C Microdata-to-RDF suite and every microdata
fixture. An independent processor, not harvest, decides what the JSON-LD means."""

import json

import pytest
from rdflib import Graph
from rdflib.compare import isomorphic, to_isomorphic, graph_diff

import harvest_html
from conftest import fixture_pages, microdata_rdf_suite

SUITE_BASE = "http://w3c.github.io/microdata-rdf/tests/"
FIXTURE_BASE = "https://fixtures.example/"
DEFAULT_REGISTRY = "http://www.w3.org/ns/md"


def suite_cases():
    folder = microdata_rdf_suite()
    if folder is None:
        return []
    manifest = json.loads((folder / "manifest.jsonld").read_text())
    test_registry = (folder / "test-registry.json").read_text()
    cases = []
    for entry in manifest["@graph"][0]["entries"]:
        registry = None if entry.get("registry") == DEFAULT_REGISTRY else test_registry
        cases.append((folder / entry["action"], SUITE_BASE + entry["action"], registry))
    assert len(cases) == 84
    return cases


def fixture_cases():
    return [(page, FIXTURE_BASE + page.name, None) for page in fixture_pages()]


def check(path, url, registry):
    html = path.read_bytes()
    document = harvest_html.microdata(html, url, format="jsonld", registry=registry)
    assert isinstance(document, list)
    from_jsonld = Graph().parse(data=json.dumps(document), format="json-ld")
    ntriples = harvest_html.rdf(html, url, registry=registry)
    from_ntriples = Graph().parse(data=ntriples, format="nt")
    if not isomorphic(from_jsonld, from_ntriples):
        _, only_jsonld, only_nt = graph_diff(to_isomorphic(from_jsonld), to_isomorphic(from_ntriples))
        pytest.fail(
            f"{path.name}: the JSON-LD's graph differs\nonly in JSON-LD:\n{only_jsonld.serialize(format='nt')}"
            f"\nonly in N-Triples:\n{only_nt.serialize(format='nt')}\nJSON-LD:\n{json.dumps(document, indent=1)}"
        )
    return len(from_ntriples)


@pytest.mark.parametrize("path,url,registry", suite_cases(), ids=lambda value: getattr(value, "name", None))
def test_suite_case(path, url, registry):
    check(path, url, registry)


@pytest.mark.parametrize("path,url,registry", fixture_cases(), ids=lambda value: getattr(value, "name", None))
def test_fixture(path, url, registry):
    check(path, url, registry)


def test_the_pages_have_triples():
    # The comparison means something only if the pages give triples.
    triples = sum(check(*case) for case in suite_cases() + fixture_cases())
    assert triples > 500


def test_schema_org_is_compact_and_other_vocabularies_are_full_iris():
    html = (
        '<div itemscope itemtype="http://schema.org/Person"><span itemprop="name">Ada</span></div>'
        '<div itemscope itemtype="http://xmlns.com/foaf/0.1/Person"><span itemprop="name">Bo</span></div>'
    )
    schema, foaf = harvest_html.microdata(html, "https://e.example/", format="jsonld")
    assert schema == {"@context": {"@vocab": "http://schema.org/"}, "@type": "Person", "name": "Ada"}
    assert foaf == {"@type": "http://xmlns.com/foaf/0.1/Person", "http://xmlns.com/foaf/0.1/name": "Bo"}
    with pytest.raises(ValueError):
        harvest_html.microdata(html, format="rdfa")
    with pytest.raises(ValueError):
        harvest_html.rdf(html, registry="[]")


def test_items_nested_past_the_embedding_depth_are_written_apart_and_keep_the_graph():
    # An itemref chain nests items as deep as it is long; past 32 levels each node is
    # referenced by @id and described at the top level, so the JSON stays shallow (a
    # 400,000-item chain used to overflow the stack) and its graph is still the conversion's.
    chain = '<div itemscope itemtype="https://schema.org/Person" itemref="p1"><b itemprop="name">0</b></div>'
    chain += "".join(
        f'<div id="p{k}" itemprop="knows" itemscope itemtype="https://schema.org/Person" itemref="p{k + 1}">'
        f'<b itemprop="name">{k}</b></div>'
        for k in range(1, 200)
    )
    document = harvest_html.microdata(chain, "https://e.example/", format="jsonld")

    def depth(value):
        deepest, stack = 0, [(value, 1)]
        while stack:
            value, level = stack.pop()
            deepest = max(deepest, level)
            children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
            stack.extend((child, level + 1) for child in children)
        return deepest

    assert depth(document) <= 2 * 32 + 2
    assert len(document) == -(-200 // 32)  # a top-level node object per 32 items of the chain
    from_jsonld = Graph().parse(data=json.dumps(document), format="json-ld")
    from_ntriples = Graph().parse(data=harvest_html.rdf(chain, "https://e.example/"), format="nt")
    assert len(from_ntriples) == 200 * 3 - 1
    assert isomorphic(from_jsonld, from_ntriples)

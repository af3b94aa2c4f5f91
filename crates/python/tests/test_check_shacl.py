"""harvest check's `schema-value-type` findings against schema.org's own SHACL shapes.

schema.org publishes, with each release, SHACL shapes of the value types each property expects
(`schemaorg-shapes.shacl`: for each type, a property shape per property naming the node shapes
of its `rangeIncludes`; `schemaorg-subclasses.shacl`: the class hierarchy). pyshacl, an
independent SHACL engine, validates each page's dataset (`harvest_html.graph`) against those
ranges, and the items it finds of a type out of range must be the items harvest check reports.

The shapes are read as schema.org's data model reads them, which the comparison states:

- A range shape is kept as what it names, its class (`sh:class`); the shapes' nested property
  checks (`sh:node` into the value's own properties) are each value's own statement's business,
  compared there. A range holding URL (or a subclass) takes any IRI, as harvest does.
- A literal value is not compared: text may stand for any entity (schema.org's data model,
  "Conformance"), which harvest follows and the shapes (every node shape is
  `sh:nodeKind sh:BlankNodeOrIRI`) do not; a literal's form is `schema-lexical-form`'s.
- Only what both judge is compared: an item with schema.org types, all of them known, and a
  property of its types (a property off its types is `schema-property-not-expected`, which SHACL,
  open by default, does not see), whose value has schema.org types, all known (in the page, or as
  an enumeration member of the release).
"""

import os
from pathlib import Path

import pytest
import pyshacl
import rdflib
from rdflib import RDF, RDFS, BNode, Literal, URIRef
from rdflib.collection import Collection
from rdflib.namespace import SH

import harvest_html
from conftest import REPO, corpus_pages

HTTP, HTTPS = "http://schema.org/", "https://schema.org/"
BASE = "https://corpus.example/"

# Mistakes of each kind in each syntax, beside values in range, so that the comparison is never
# of two empty sets.
MISTAKES = """<!doctype html><html><head><title>Mistakes</title>
<script type="application/ld+json">
{"@context": "https://schema.org", "@type": "Book", "name": "B",
 "author": {"@type": "Product", "name": "An anvil"},
 "illustrator": {"@type": "Person", "name": "Ada"},
 "offers": {"@type": "Offer", "price": "3", "itemCondition": {"@id": "https://schema.org/InStock"},
            "availability": {"@id": "https://schema.org/InStock"}}}
</script></head><body>
<div itemscope itemtype="https://schema.org/Event"><span itemprop="name">E</span>
 <div itemprop="organizer" itemscope itemtype="https://schema.org/Product"><span itemprop="name">P</span></div>
 <div itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">L</span></div></div>
<div vocab="https://schema.org/" typeof="Article"><span property="headline">H</span>
 <div property="publisher" typeof="Event"><span property="name">E</span></div>
 <div property="author" typeof="Person"><span property="name">A</span></div></div>
</body></html>
"""


def schemaorg_folder():
    submodule = REPO / "test-suite" / "suites" / "schemaorg" / "data" / "releases" / "30.0"
    for folder in (submodule, Path(os.environ.get("HARVEST_SCHEMAORG", "")), REPO.parent / "shared" / "schemaorg"):
        if str(folder) and (folder / "schemaorg-shapes.shacl").is_file():
            return folder
    skipped = [s.strip() for s in os.environ.get("HARVEST_SKIP_SUITES", "").split(",")]
    if "schemaorg" in skipped or "all" in skipped:
        pytest.skip("HARVEST_SKIP_SUITES names schemaorg")
    pytest.fail("schema.org's release 30.0 is missing: `git submodule update --init test-suite/suites/schemaorg`, "
                "HARVEST_SCHEMAORG, or HARVEST_SKIP_SUITES=schemaorg")


def http(term):
    return URIRef(str(term).replace(HTTPS, HTTP))


class Shapes:
    """The release's ranges as type-only shapes, and the facts SHACL reads them with."""

    def __init__(self, folder):
        shapes = rdflib.Graph().parse(folder / "schemaorg-shapes.shacl", format="turtle")
        subclasses = rdflib.Graph().parse(folder / "schemaorg-subclasses.shacl", format="turtle")
        release = rdflib.Graph().parse(folder / "schemaorg-current-https.ttl", format="turtle")
        self.classes = {http(c) for c in release.subjects(RDF.type, RDFS.Class)}
        url = {URIRef(HTTP + "URL")}
        grew = True
        while grew:
            grew = False
            for sub, sup in subclasses.subject_objects(RDFS.subClassOf):
                if sup in url and sub not in url:
                    url.add(sub)
                    grew = True
        # The class hierarchy, and each enumeration member's type.
        self.facts = rdflib.Graph()
        for triple in subclasses:
            self.facts.add(triple)
        self.members = {}
        for member, kind in release.subject_objects(RDF.type):
            if str(member).startswith(HTTPS) and http(kind) in self.classes:
                self.facts.add((http(member), RDF.type, http(kind)))
                self.members.setdefault(http(member), set()).add(http(kind))
        self.graph = rdflib.Graph()
        for shape in shapes.subjects(RDF.type, SH.NodeShape):
            properties = list(shapes.objects(shape, SH.property))
            if not properties:
                continue
            typed = BNode()
            self.graph.add((typed, RDF.type, SH.NodeShape))
            self.graph.add((typed, SH.targetClass, shapes.value(shape, SH.targetClass)))
            for prop in properties:
                single = shapes.value(prop, SH.node)
                ranges = [single] if single is not None else [
                    shapes.value(member, SH.node) for member in Collection(shapes, shapes.value(prop, SH["or"]))]
                alternatives = []
                for node_shape in ranges:
                    kind = shapes.value(node_shape, SH.targetClass)
                    alternative = BNode()
                    self.graph.add((alternative, SH["class"], kind))
                    alternatives.append(alternative)
                    if kind in url:
                        any_iri = BNode()
                        self.graph.add((any_iri, SH.nodeKind, SH.IRI))
                        alternatives.append(any_iri)
                checked = BNode()
                listed = BNode()
                Collection(self.graph, listed, alternatives)
                self.graph.add((typed, SH.property, checked))
                self.graph.add((checked, SH.path, shapes.value(prop, SH.path)))
                self.graph.add((checked, SH["or"], listed))

    def known_types(self, graph, node):
        """The node's schema.org types, or None when it has none or one the release lacks."""
        types = {t for t in graph.objects(node, RDF.type) if str(t).startswith(HTTP)}
        types |= self.members.get(node, set())
        if not types or not types <= self.classes:
            return None
        return types


@pytest.fixture(scope="module")
def shapes():
    return Shapes(schemaorg_folder())


def read(ntriples):
    """The page's statements, schema.org in its http form, and each blank node's label."""
    labels = {}
    graph = rdflib.Graph().parse(data=ntriples.replace(HTTPS, HTTP), format="nt", bnode_context=labels)
    return graph, {node: "_:" + label for label, node in labels.items()}


def name(node, labels):
    return labels.get(node) or f"<{node}>"


def by_shacl(shapes, graph, labels):
    """(item, property) of each value SHACL finds out of its property's range, among what both judge."""
    data = graph + shapes.facts
    _, results, _ = pyshacl.validate(data, shacl_graph=shapes.graph, inference="none")
    found = set()
    for result in results.subjects(RDF.type, SH.ValidationResult):
        focus, path, value = (results.value(result, p) for p in (SH.focusNode, SH.resultPath, SH.value))
        if isinstance(value, Literal) or shapes.known_types(graph, focus) is None:
            continue
        if shapes.known_types(graph, value) is None:
            continue
        found.add((name(focus, labels), str(path)[len(HTTP):]))
    return found


def by_harvest(shapes, graph, labels, diagnostics):
    """(item, property) of each `schema-value-type` finding, among what both judge."""
    nodes = {label: node for node, label in labels.items()}
    off_type = {(d["subject"], d["property"]) for d in diagnostics if d["rule"] == "schema-property-not-expected"}
    found = set()
    for d in diagnostics:
        if d["rule"] != "schema-value-type" or (d["subject"], d["property"]) in off_type:
            continue
        subject = d["subject"]
        node = nodes.get(subject) or URIRef(subject.strip("<>").replace(HTTPS, HTTP))
        if shapes.known_types(graph, node) is not None:
            found.add((subject, d["property"]))
    return found


def test_the_mistakes_page_is_judged_alike_by_both(shapes):
    """The comparison is not of two empty sets: each syntax's mistake is found by both."""
    html = MISTAKES
    graph, labels = read(harvest_html.graph(html, BASE + "mistakes.html", format="ntriples"))
    found = by_shacl(shapes, graph, labels)
    assert {prop for _, prop in found} == {"author", "itemCondition", "organizer", "publisher"}
    report = harvest_html.check(html, BASE + "mistakes.html")
    assert by_harvest(shapes, graph, labels, report["diagnostics"]) == found


@pytest.mark.parametrize("path", corpus_pages(), ids=lambda path: path.name)
def test_value_types_agree_with_schemaorg_shapes(shapes, path):
    html = path.read_bytes()
    url = BASE + path.name
    graph, labels = read(harvest_html.graph(html, url, format="ntriples"))
    report = harvest_html.check(html, url)
    assert by_harvest(shapes, graph, labels, report["diagnostics"]) == by_shacl(shapes, graph, labels)

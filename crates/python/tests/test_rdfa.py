"""RDFa through harvest_html: rdfa() and extract(syntaxes=["rdfa"]) give the graph `harvest rdfa`
gives, in extruct's rdfa shape (expanded JSON-LD node objects)."""

import harvest_html

PAGE = (
    '<html prefix="og: http://ogp.me/ns#"><meta property="og:title" content="The Rock">'
    '<body vocab="http://schema.org/"><div typeof="Person" resource="#ada">'
    '<span property="name" lang="en">Ada</span>'
    '<time property="birthDate" datetime="1815-12-10">then</time></div></body></html>'
)
BASE = "https://example.com/"


def test_rdfa_is_expanded_jsonld():
    nodes = harvest_html.rdfa(PAGE, BASE)
    assert nodes[0]["@id"] == BASE
    assert nodes[0]["http://ogp.me/ns#title"] == [{"@value": "The Rock"}]
    ada = nodes[1]
    assert ada["@id"] == BASE + "#ada"
    assert ada["@type"] == ["http://schema.org/Person"]
    assert ada["http://schema.org/name"] == [{"@value": "Ada", "@language": "en"}]
    assert ada["http://schema.org/birthDate"] == [
        {"@value": "1815-12-10", "@type": "http://www.w3.org/2001/XMLSchema#date"}
    ]


def test_extract_gives_the_same_graph():
    assert "rdfa" in harvest_html.SYNTAXES
    assert harvest_html.extract(PAGE, BASE, ["rdfa"])["rdfa"] == harvest_html.rdfa(PAGE, BASE)
    assert harvest_html.extract(PAGE, BASE)["rdfa"] == harvest_html.rdfa(PAGE, BASE)
    uniform = harvest_html.extract(PAGE, BASE, uniform=True)
    assert uniform["rdfa"] == harvest_html.rdfa(PAGE, BASE)


def test_text_formats_and_processor_graph():
    nt = harvest_html.rdfa(PAGE, BASE, format="nt")
    assert '<https://example.com/#ada> <http://schema.org/name> "Ada"@en .\n' in nt
    ttl = harvest_html.rdfa(PAGE, BASE, format="ttl")
    assert ttl.startswith("@prefix og: <http://ogp.me/ns#> .\n")
    warnings = harvest_html.rdfa('<p property="[nope:x]">x</p>', BASE, format="nt", graph="processor")
    assert "<http://www.w3.org/ns/rdfa#UnresolvedCURIE>" in warnings

"""harvest_html as a drop-in for extruct: extruct's own usage examples (the HTML pages of its
README, read from the installed package's metadata) give the same uniform output from both,
and extruct's keywords mean what they mean in extruct."""

import doctest
import importlib.metadata
import json
import logging
import warnings

import extruct
import harvest_html
import pytest
from rdflib import Graph
from rdflib.compare import graph_diff, isomorphic, to_isomorphic

BASE_URL = "https://example.com/"


def readme_pages():
    """The pages of extruct's README examples (`>>> html = \"\"\"...\"\"\"`)."""
    # The body of the METADATA file, read as text: how a metadata Message object exposes it
    # depends on which importlib.metadata implementation is loaded (pyshacl brings the backport).
    metadata = importlib.metadata.distribution("extruct").read_text("METADATA") or ""
    readme = metadata.split("\n\n", 1)[1] if "\n\n" in metadata else ""
    pages = []
    for example in doctest.DocTestParser().get_examples(readme):
        if example.source.lstrip().startswith("html ="):
            scope = {}
            exec(example.source, scope)
            pages.append(scope["html"])
    assert len(pages) >= 4, "extruct's README examples were not found"
    return pages


SHARED = ["microdata", "json-ld", "opengraph", "microformat", "dublincore"]


def without_declared_prefixes(objects):
    """Uniform Open Graph objects with what only harvest reads taken out. The one difference the
    README's pages show (docs/python.md): harvest takes the prefixes a page declares, with
    RDFa's `prefix` and the `xmlns:` declarations HTML+RDFa still honours (the examples'
    `xmlns:og="https://ogp.me/ns#"` and `xmlns:fb=...`, so `fb:admins` is Open Graph data
    too); extruct knows `og:` only, always as http://ogp.me/ns#."""
    kept = []
    for obj in objects:
        obj = {key: value for key, value in obj.items() if key.startswith(("og:", "@type"))}
        kept.append(obj)
    return kept


def dublin_core_statements(objects):
    """Uniform Dublin Core objects as their context, type and statements (name as written,
    value). Two differences the README's pages show (docs/python.md): extruct copies every
    attribute of the element (a `link` statement has `rel`, `href`, `hreflang`), harvest gives
    every statement the same keys (`name`, `content`, `URI`, `lang`, `scheme`); and extruct
    files the DC-HTML 2000 refinement `DC.Date.modified` under its last word, a term, where
    harvest keeps it an element of the element set."""
    result = []
    for obj in objects:
        statements = sorted(
            (entry.get("name") or entry.get("rel"), entry.get("content") or entry.get("href"))
            for entry in obj["elements"] + obj["terms"]
        )
        result.append((obj["@context"], obj.get("@type"), statements))
    return result


def rdfa_graph(nodes):
    """An `rdfa` result (expanded JSON-LD node objects) read by rdflib's JSON-LD parser."""
    return Graph().parse(data=json.dumps(nodes), format="json-ld")


def assert_same_graph(ours, theirs):
    """The same graph, whatever the order of the nodes and the labels of blank nodes (pyRdfa's
    are random, `_:N` and a UUID)."""
    ours, theirs = rdfa_graph(ours), rdfa_graph(theirs)
    if not isomorphic(ours, theirs):
        _, only_ours, only_theirs = graph_diff(to_isomorphic(ours), to_isomorphic(theirs))
        raise AssertionError(f"only harvest: {sorted(only_ours)}\nonly extruct: {sorted(only_theirs)}")


@pytest.mark.parametrize("page", range(len(readme_pages())))
def test_extruct_readme_examples_uniform(page):
    html = readme_pages()[page]
    theirs = extruct.extract(html, base_url=BASE_URL, uniform=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        ours = harvest_html.extract(html, BASE_URL, uniform=True)
    assert sorted(ours) == sorted(["url", *theirs]), "the keys of extruct's default syntaxes"
    for syntax in SHARED:
        if syntax == "dublincore":
            assert dublin_core_statements(ours[syntax]) == dublin_core_statements(theirs[syntax])
        elif syntax == "opengraph":
            assert without_declared_prefixes(ours[syntax]) == without_declared_prefixes(theirs[syntax])
            for obj in ours[syntax]:
                assert obj["@context"]["og"] in ("http://ogp.me/ns#", "https://ogp.me/ns#")
        else:
            assert ours[syntax] == theirs[syntax], syntax
    assert_same_graph(ours["rdfa"], theirs["rdfa"])


# schema.org-style RDFa (a vocabulary, types, nested properties, a link) and an Open Graph
# property under a declared prefix.
RDFA_PAGE = (
    '<html prefix="og: http://ogp.me/ns#"><head><meta property="og:title" content="The Rock"></head>'
    '<body vocab="http://schema.org/"><div typeof="Person" resource="#ada">'
    '<span property="name">Ada Gardener</span>'
    '<div property="address" typeof="PostalAddress"><span property="addressLocality">Leeds</span></div>'
    '<a property="url" href="/ada">home</a></div></body></html>'
)


def test_uniform_leaves_rdfa_as_extracted_as_extruct_does():
    """extruct's uniform=True reshapes microdata, microformats, Open Graph and Dublin Core and
    hands `rdfa` back as extracted (expanded JSON-LD node objects); so does harvest_html."""
    theirs = extruct.extract(RDFA_PAGE, base_url=BASE_URL, syntaxes=["rdfa"], uniform=True)["rdfa"]
    theirs_as_extracted = extruct.extract(RDFA_PAGE, base_url=BASE_URL, syntaxes=["rdfa"])["rdfa"]
    assert_same_graph(theirs, theirs_as_extracted)
    ours = harvest_html.extract(RDFA_PAGE, BASE_URL, ["rdfa"], uniform=True)
    assert sorted(ours) == ["rdfa", "url"]
    assert ours["rdfa"] == harvest_html.extract(RDFA_PAGE, BASE_URL, ["rdfa"])["rdfa"]
    assert ours["rdfa"] == harvest_html.rdfa(RDFA_PAGE, BASE_URL)
    assert_same_graph(ours["rdfa"], theirs)
    # Both in the one shape: a list of node objects, full IRIs as keys, every value a list.
    assert len(rdfa_graph(ours["rdfa"])) == 8
    for nodes in (ours["rdfa"], theirs):
        assert isinstance(nodes, list) and all(isinstance(node["@id"], str) for node in nodes)
        ada = next(node for node in nodes if node["@id"] == BASE_URL + "#ada")
        assert ada["@type"] == ["http://schema.org/Person"]
        assert ada["http://schema.org/name"] == [{"@value": "Ada Gardener"}]
        assert ada["http://schema.org/url"] == [{"@id": BASE_URL + "ada"}]
    # With extruct's default syntaxes (uniform=True without syntaxes), the same.
    assert harvest_html.extract(RDFA_PAGE, BASE_URL, uniform=True)["rdfa"] == ours["rdfa"]


def test_extruct_readme_examples_found_something():
    found = set()
    for html in readme_pages():
        theirs = extruct.extract(html, base_url=BASE_URL, uniform=True)
        found |= {syntax for syntax in SHARED if theirs[syntax]}
    assert {"microdata", "json-ld", "opengraph"} <= found


def test_rdfa_never_fails_the_call():
    html = readme_pages()[0]
    if "rdfa" in harvest_html.SYNTAXES:
        assert isinstance(harvest_html.extract(html, BASE_URL, ["rdfa"])["rdfa"], list)
        return
    with pytest.warns(RuntimeWarning, match="RDFa"):
        data = harvest_html.extract(html, BASE_URL, ["rdfa", "microdata"], errors="strict")
    assert data["rdfa"] == [] and data["microdata"]["items"]


def test_errors_strict_log_ignore(caplog):
    html = '<script type="application/ld+json">{"a": 1,}</script><script type="application/ld+json">{"b": 2}</script>'
    # harvest's own default: the bad block reported under "errors", the good one kept.
    data = harvest_html.extract(html, BASE_URL, ["json-ld"])
    assert data["json-ld"] == [{"b": 2}] and len(data["errors"]) == 1
    with pytest.raises(harvest_html.ExtractionError, match="invalid JSON-LD block"):
        harvest_html.extract(html, BASE_URL, ["json-ld"], errors="strict")
    with caplog.at_level(logging.ERROR, logger="harvest_html"):
        logged = harvest_html.extract(html, BASE_URL, ["json-ld"], errors="log")
    assert logged == {"url": BASE_URL, "json-ld": [{"b": 2}]}
    assert "invalid JSON-LD block" in caplog.text
    assert harvest_html.extract(html, BASE_URL, ["json-ld"], errors="ignore") == logged
    # A failing extraction: raised when strict, an empty result otherwise (extruct's {}).
    web = '<p itemscope><b itemprop=a>1</b><b itemprop=b>2</b></p>'
    limits = harvest_html.Limits(max_values=1)
    assert harvest_html.extract(web, BASE_URL, ["mf2"], limits=limits, errors="ignore")["mf2"]["items"] == []
    with pytest.raises(ValueError, match="errors"):
        harvest_html.extract(html, errors="loud")


def test_extruct_positional_encoding_and_unknown_labels():
    with pytest.raises(TypeError, match="encoding="):
        harvest_html.extract(b"<p>", BASE_URL, "UTF-8")
    with pytest.raises(ValueError, match="unknown encoding label"):
        harvest_html.extract(b"<p>", BASE_URL, encoding="utf-9")
    with pytest.raises(ValueError, match="unknown encoding label"):
        harvest_html.mf2(b"<p>", BASE_URL, encoding="latin-5000")
    # Labels of the Encoding Standard, in any case and with spaces, are taken.
    assert harvest_html.extract(b"<p>", BASE_URL, encoding=" Latin1 ")["url"] == BASE_URL


def test_uniform_microdata_shapes():
    html = (
        '<div itemscope itemtype="http://schema.org/Product" itemid="urn:x"><span itemprop="name">Shoe</span>'
        '<span itemprop="color">red</span><span itemprop="color">blue</span>'
        '<div itemprop="offers" itemscope itemtype="http://schema.org/Offer"><span itemprop="price">9</span></div>'
        '<div itemprop="maker" itemscope><span itemprop="name">ACME</span></div></div>'
    )
    ours = harvest_html.extract(html, BASE_URL, ["microdata"], uniform=True)["microdata"]
    assert ours == extruct.extract(html, base_url=BASE_URL, syntaxes=["microdata"], uniform=True)["microdata"]
    assert ours == [
        {
            "id": "urn:x",
            "@type": "Product",
            "@context": "http://schema.org",
            "name": "Shoe",
            "color": ["red", "blue"],
            "offers": {"@type": "Offer", "price": "9"},
            "maker": {"properties": {"name": "ACME"}},
        }
    ]


def test_uniform_microdata_values_are_extructs():
    """With uniform=True the values are extruct's: `content` read on any element, text trimmed
    and its white space collapsed; the standard's values stay the default."""
    html = (
        '<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">  Widget\n  </span>'
        '<span itemprop="price" content="13.00">$13.00</span>'
        '<p itemprop="description">\n  A  red\t\twidget,\n  sturdy. </p>'
        '<meta itemprop="sku" content=" W 1 "><a itemprop="url" href=" /w ">w</a></div>'
    )
    theirs = extruct.extract(html, base_url=BASE_URL, syntaxes=["microdata"], uniform=True)["microdata"]
    ours = harvest_html.extract(html, BASE_URL, ["microdata"], uniform=True)["microdata"]
    assert ours == theirs
    assert (ours[0]["name"], ours[0]["price"]) == ("Widget", "13.00")
    # The text kept, content_attribute=False: only the white space is extruct's.
    kept = harvest_html.extract(html, BASE_URL, ["microdata"], uniform=True, content_attribute=False)
    assert kept["microdata"][0]["price"] == "$13.00"
    # Without uniform=True, the HTML standard's values, unless content_attribute is asked for.
    standard = harvest_html.extract(html, BASE_URL, ["microdata"])["microdata"]["items"][0]["properties"]
    assert (standard["name"], standard["price"]) == (["  Widget\n  "], ["$13.00"])
    asked = harvest_html.extract(html, BASE_URL, ["microdata"], content_attribute=True)
    assert asked["microdata"]["items"][0]["properties"]["price"] == ["13.00"]


def test_uniform_items_nested_deeper_than_the_recursion_limit():
    from harvest_html import _uniform

    depth = 5000
    item = {"type": ["http://schema.org/Thing"], "properties": {}}
    top = item
    for _ in range(depth):
        child = {"type": ["http://schema.org/Thing"], "properties": {}}
        item["properties"]["part"] = [child]
        item = child
    uniform = _uniform.microdata([top], "http://schema.org")[0]
    levels = 0
    while "part" in uniform:
        uniform, levels = uniform["part"], levels + 1
    assert levels == depth
    mf2 = {"type": ["h-card"], "properties": {}, "children": []}
    top = mf2
    for _ in range(depth):
        child = {"type": ["h-card"], "properties": {}}
        mf2["children"] = [child]
        mf2 = child
    uniform = _uniform.microformats([top])[0]
    levels = 0
    while "children" in uniform:
        uniform, levels = uniform["children"][0], levels + 1
    assert levels == depth

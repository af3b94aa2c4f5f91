"""harvest_html.check: a page's structured data checked against schema.org and the search
features, the dict `harvest check --format json` prints, for a page and for the bundled example
with mistakes; another release file through `vocabulary=`; bad arguments raise."""

import json

import pytest

import harvest_html
from conftest import REPO, run_cli

BASE = "https://shop.example/anvil"
EXAMPLE = REPO / "examples" / "check" / "product.html"
TYPO = '<div itemscope itemtype="https://schema.org/Prodcut">\n<b itemprop="name">Anvil</b></div>'


def command(binary, path, *flags):
    code, out = run_cli(binary, "check", path, "--base-url", BASE, "--format", "json", *flags)
    return code, json.loads(out)


def test_the_example_gives_the_record_the_command_prints(harvest_bin):
    record = harvest_html.check(EXAMPLE.read_bytes(), BASE)
    code, printed = command(harvest_bin, EXAMPLE)
    assert code == 1
    assert record == printed
    rules = [d["rule"] for d in record["diagnostics"]]
    assert "schema-unknown-type" in rules and "schema-unknown-property" in rules
    assert record["url"] == BASE
    assert record["counts"]["errors"] == sum(d["severity"] == "error" for d in record["diagnostics"])


def test_a_diagnostic_has_only_the_members_that_apply():
    record = harvest_html.check(TYPO, BASE)
    (typo,) = record["diagnostics"]
    assert typo["severity"] == "error" and typo["rule"] == "schema-unknown-type"
    assert typo["message"] == 'unknown type "Prodcut" (did you mean "Product"?)'
    assert (typo["type"], typo["suggestion"], typo["syntax"]) == ("Prodcut", "Product", "microdata")
    assert "property" not in typo
    assert set(record) == {"url", "diagnostics", "features", "counts"}
    # str, bytes and no URL: the same findings; a page without URL has no `url`.
    assert harvest_html.check(TYPO.encode("utf-8"), BASE)["diagnostics"] == record["diagnostics"]
    assert "url" not in harvest_html.check(TYPO)


def test_a_block_that_is_not_json_is_a_syntax_error():
    record = harvest_html.check('<script type="application/ld+json">{"@type": </script>', BASE)
    assert record["diagnostics"][0]["rule"] == "syntax-error"
    assert record["diagnostics"][0]["syntax"] == "json-ld"
    assert record["counts"]["errors"] == 1


def test_another_release_through_vocabulary(tmp_path, harvest_bin):
    # A release of one type: Person is unknown to it, Thing is not.
    tiny = {
        "@context": {"schema": "https://schema.org/", "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
                     "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#"},
        "@graph": [
            {"@id": "schema:Thing", "@type": "rdfs:Class", "rdfs:label": "Thing"},
            {"@id": "schema:name", "@type": "rdf:Property", "rdfs:label": "name",
             "schema:domainIncludes": {"@id": "schema:Thing"}},
        ],
    }
    path = tmp_path / "tiny.jsonld"
    path.write_text(json.dumps(tiny))
    page = '<div itemscope itemtype="https://schema.org/Person"><b itemprop="name">Ada</b></div>'
    assert harvest_html.check(page, BASE)["diagnostics"] == []
    record = harvest_html.check(page, BASE, vocabulary=str(path))
    assert [d["rule"] for d in record["diagnostics"]] == ["schema-unknown-type"], record
    code, out = run_cli(harvest_bin, "check", "-", "--base-url", BASE, "--format", "json", "--vocabulary", path,
                        stdin=page.encode("utf-8"))
    assert (code, json.loads(out)) == (1, record)
    # Read once per path: a second call gives the same.
    assert harvest_html.check(page, BASE, vocabulary=path) == record
    with pytest.raises(OSError):
        harvest_html.check(page, BASE, vocabulary=str(tmp_path / "missing.jsonld"))
    (tmp_path / "bad.jsonld").write_text("{not json")
    with pytest.raises(ValueError):
        harvest_html.check(page, BASE, vocabulary=str(tmp_path / "bad.jsonld"))


def test_iter_warc_checks_each_page(tmp_path):
    from io import BytesIO

    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buffer = BytesIO()
    writer = WARCWriter(buffer, gzip=True)
    for name, body in (("typo", TYPO), ("clean", "<p>nothing</p>")):
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
        record = writer.create_warc_record(f"https://shop.example/{name}", "response",
                                           payload=BytesIO(body.encode("utf-8")), http_headers=headers)
        writer.write_record(record)
    archive = tmp_path / "crawl.warc.gz"
    archive.write_bytes(buffer.getvalue())
    pages = list(harvest_html.iter_warc(str(archive), check=True))
    assert [page["data"]["check"] for page in pages] == [
        harvest_html.check(TYPO, "https://shop.example/typo"),
        harvest_html.check("<p>nothing</p>", "https://shop.example/clean"),
    ]
    assert [page["counts"]["check"] for page in pages] == [1, 0]
    texts = list(harvest_html.iter_warc(str(archive), check=True, as_json=True))
    assert json.loads(texts[0]["data"]["check"]) == pages[0]["data"]["check"]
    assert "check" not in next(iter(harvest_html.iter_warc(str(archive))))["data"]

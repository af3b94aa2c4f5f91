"""The package's contract beyond extraction: exceptions that survive pickle, limits, exact
JSON-LD numbers and the lenient reading, mf2py's keywords and file objects, __version__, and
extract(syntaxes=[]) without reading the page."""

import concurrent.futures
import io
import pickle

import harvest_html
import pytest


def raise_nothing_found(_):
    harvest_html.ical("<p>no event</p>", "https://example.com/")


def test_exceptions_are_defined_in_harvest_html_and_survive_pickle():
    for error in (harvest_html.HarvestError, harvest_html.NothingFoundError, harvest_html.ExtractionError, harvest_html.WarcError):
        assert error.__module__ == "harvest_html"
        copy = pickle.loads(pickle.dumps(error("message")))
        assert type(copy) is error and str(copy) == "message"


def test_a_worker_process_error_is_caught_by_its_class():
    with concurrent.futures.ProcessPoolExecutor(max_workers=1) as pool:
        with pytest.raises(harvest_html.NothingFoundError):
            pool.submit(raise_nothing_found, None).result()


def test_version():
    assert harvest_html.__version__.count(".") == 2
    assert harvest_html.__version__ == harvest_html._harvest.__version__


def test_no_syntaxes_does_not_read_the_page():
    class Unreadable(io.RawIOBase):
        def read(self, n=-1):
            raise AssertionError("the page was read")

    assert harvest_html.extract(Unreadable(), "https://example.com", syntaxes=[]) == {"url": "https://example.com/"}
    assert harvest_html.extract(Unreadable(), None, []) == {"url": None}
    with pytest.raises(ValueError, match="absolute URL"):
        harvest_html.extract("<p>", "not a url", [])


def test_limits_bound_depth_and_values():
    page = "<div class=h-card>" * 1000 + "x"
    deep = harvest_html.mf2(page, "https://example.com/")
    shallow = harvest_html.mf2(page, "https://example.com/", limits=harvest_html.Limits(max_depth=20))

    def depth(item):
        levels = 0
        while item.get("children"):
            item, levels = item["children"][0], levels + 1
        return levels

    assert depth(deep["items"][0]) > 400
    # Elements with attributes past max_depth such ancestors are stored flat (the windowed
    # depth bound, docs/robustness.md): the items nest 20 deep at most.
    assert depth(shallow["items"][0]) <= 20
    assert harvest_html.mf2(page, "https://example.com/", limits={"max_depth": 20}) == shallow
    web = '<p itemscope><b itemprop=a>1</b><b itemprop=b>2</b></p>'
    with pytest.raises(harvest_html.ExtractionError, match="more than 1 values"):
        harvest_html.microdata(web, limits=harvest_html.Limits(max_values=1))
    assert harvest_html.microdata(web, limits=harvest_html.Limits(max_values=10))["items"]
    items = list(harvest_html.iter_warc(io.BytesIO(b""), limits={"max_depth": 5}))
    assert items == []


def test_limits_api():
    limits = harvest_html.Limits(max_depth=64, max_values=1000)
    assert (limits.max_depth, limits.max_values, limits.max_output_bytes, limits.timeout) == (64, 1000, None, None)
    assert pickle.loads(pickle.dumps(limits)) == limits
    assert "max_depth=64" in repr(limits)
    for wrong in ({"max_depth": 0}, {"timeout": -1.0}, {"timeout": float("nan")}):
        with pytest.raises(ValueError):
            harvest_html.Limits(**wrong)
    with pytest.raises(TypeError):
        harvest_html.mf2("<p>", limits=64)
    with pytest.raises(TypeError):
        harvest_html.mf2("<p>", limits={"depth": 3})


def test_jsonld_integers_of_any_size_stay_exact():
    html = '<script type="application/ld+json">{"n": 123456789012345678901234567890, "m": -9223372036854775809, "f": 1.5}</script>'
    block = harvest_html.extract(html, syntaxes=["json-ld"])["json-ld"][0]
    assert block == {"n": 123456789012345678901234567890, "m": -9223372036854775809, "f": 1.5}
    assert isinstance(block["n"], int)
    (item,) = harvest_html.iter_warc(io.BytesIO(warc_page(html.encode())))
    assert item["data"]["json-ld"][0]["n"] == 123456789012345678901234567890
    (text,) = harvest_html.iter_warc(io.BytesIO(warc_page(html.encode())), as_json=True)
    assert "123456789012345678901234567890" in text["data"]["json-ld"]


def test_jsonld_lenient_reading_is_an_option():
    html = (
        '<script type="application/ld+json"><!--\n{"@type": "Thing", // a comment\n "name": "A\tB",\n "tags": ["x", "y",],}\n--></script>'
    )
    strict = harvest_html.extract(html, syntaxes=["json-ld"])
    assert strict["json-ld"] == [] and len(strict["errors"]) == 1
    lenient = harvest_html.extract(html, syntaxes=["json-ld"], jsonld="lenient")
    assert lenient == {"url": None, "json-ld": [{"@type": "Thing", "name": "A\tB", "tags": ["x", "y"]}]}
    with pytest.raises(ValueError, match="lenient"):
        harvest_html.extract(html, jsonld="loose")


def test_mf2py_keywords_and_file_objects():
    html = '<p class="h-card"><a class="u-url" href="/ada">Ada</a></p>'
    expected = harvest_html.mf2(html, "https://example.com/")
    assert harvest_html.mf2(doc=html, url="https://example.com/") == expected
    assert harvest_html.mf2(io.StringIO(html), url="https://example.com/") == expected
    assert harvest_html.mf2(doc=io.BytesIO(html.encode()), url="https://example.com/") == expected
    assert harvest_html.extract(io.BytesIO(html.encode()), "https://example.com/")["mf2"] == expected
    with pytest.raises(TypeError, match="not both"):
        harvest_html.mf2(html, doc=html)
    with pytest.raises(TypeError, match="not both"):
        harvest_html.mf2(html, "https://example.com/", url="https://example.com/")
    with pytest.raises(TypeError, match="never fetches"):
        harvest_html.mf2(url="https://example.com/")


def warc_page(html, uri="https://example.com/"):
    block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + html
    head = f"WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: {uri}\r\nContent-Length: {len(block)}\r\n\r\n"
    return head.encode() + block + b"\r\n\r\n"


def test_mf2_classic_root_ids_is_a_keyword_and_off_by_default():
    page = '<div class="vcard" id="ada"><span class="fn">Ada</span></div>'
    assert "id" not in harvest_html.mf2(page, "https://example.com/")["items"][0]
    assert harvest_html.mf2(page, "https://example.com/", classic_root_ids=True)["items"][0]["id"] == "ada"


def test_microdata_content_attribute_is_a_keyword_and_off_by_default():
    page = '<div itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="1000.00">$1,000.00</span></div>'
    assert harvest_html.microdata(page)["items"][0]["properties"]["price"] == ["$1,000.00"]
    read = harvest_html.microdata(page, content_attribute=True)
    assert read["items"][0]["properties"]["price"] == ["1000.00"]
    with pytest.raises(ValueError, match=r'^content_attribute=True applies to the microdata JSON \(format="json"\)$'):
        harvest_html.microdata(page, format="jsonld", content_attribute=True)
    with pytest.raises(ValueError, match="content_attribute=True applies"):
        harvest_html.microdata(page, validate=True, content_attribute=True)
    with pytest.raises(ValueError, match="^validate=True gives diagnostics: it takes no format$"):
        harvest_html.microdata(page, validate=True, format="jsonld")


def test_a_microdata_registry_applies_to_json_ld_only():
    page = '<div itemscope itemtype="https://schema.org/Thing"><span itemprop="name">x</span></div>'
    assert harvest_html.microdata(page, "https://example.com/", format="jsonld", registry="{}")
    for options in ({}, {"validate": True}):
        with pytest.raises(ValueError, match='^registry= applies to format="jsonld"$'):
            harvest_html.microdata(page, "https://example.com/", registry="{}", **options)


def test_every_function_has_its_documentation():
    functions = [getattr(harvest_html, name) for name in harvest_html.__all__ if callable(getattr(harvest_html, name))]
    for function in functions:
        if not isinstance(function, type):
            assert function.__doc__ and len(function.__doc__) > 40, f"{function.__name__} has no docstring"
    assert "WARC archive" in harvest_html.iter_warc.__doc__

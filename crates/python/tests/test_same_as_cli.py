"""The Python API gives what the `harvest` command gives, page for page, on the repository's
fixtures: the same JSON for every syntax and `all`, the same text for every export."""

import re

import pytest

import harvest_html
from conftest import cli_json, fixture_pages, run_cli

BASE = "https://blog.example.com/progress-report"
PAGES = fixture_pages()


def test_there_are_fixtures():
    assert len(PAGES) > 40


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_json_outputs_match_the_command(harvest_bin, page):
    html = page.read_bytes()
    assert harvest_html.extract(html, BASE) == cli_json(harvest_bin, "all", page, "--base-url", BASE)
    assert harvest_html.extract(html, BASE, links="full") == cli_json(
        harvest_bin, "all", page, "--base-url", BASE, "--links", "full"
    )
    assert harvest_html.mf2(html, BASE) == cli_json(harvest_bin, "mf2", page, "--base-url", BASE)
    assert harvest_html.microdata(html, BASE) == cli_json(harvest_bin, "microdata", page, "--base-url", BASE)
    assert harvest_html.links(html, BASE) == cli_json(harvest_bin, "links", page, "--base-url", BASE)
    assert harvest_html.links(html, BASE, feeds=True) == cli_json(
        harvest_bin, "links", page, "--base-url", BASE, "--feeds"
    )
    assert harvest_html.microdata(html, BASE, validate=True) == cli_json(
        harvest_bin, "microdata", page, "--base-url", BASE, "--validate"
    )


def without_timestamps(text):
    # DTSTAMP is the time of the export (RFC 5545 §3.8.7.2): it differs between two runs.
    return re.sub(r"DTSTAMP[^\r\n]*\r\n", "", text)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_exports_match_the_command(harvest_bin, page):
    html = page.read_bytes()
    exports = [
        ("vcard", {}, []),
        ("vcard", {"source": "mf2", "all": True}, ["--from", "mf2", "--all"]),
        ("ical", {"rfc5545": True}, ["--rfc5545"]),
        ("atom", {}, []),
        ("rdf", {"format": "ttl"}, ["--format", "ttl"]),
    ]
    for name, options, flags in exports:
        code, out = run_cli(harvest_bin, name, page, "--base-url", BASE, *flags)
        if code == 1:
            with pytest.raises(harvest_html.NothingFoundError):
                getattr(harvest_html, name)(html, BASE, **options)
            continue
        assert code == 0, (name, page)
        got = getattr(harvest_html, name)(html, BASE, **options)
        assert without_timestamps(got) == without_timestamps(out.decode("utf-8")), (name, page)


def test_str_and_bytes_agree_and_bytes_are_sniffed():
    page = "<meta charset=windows-1252><p class=h-card>Jos\u00e9</p>"
    from_str = harvest_html.mf2(page, "https://example.com/")
    from_bytes = harvest_html.mf2(page.encode("windows-1252"), "https://example.com/")
    assert from_str == from_bytes
    assert from_str["items"][0]["properties"]["name"] == ["Jos\u00e9"]
    # The HTTP charset wins over <meta>, as in a browser.
    utf8 = "<meta charset=windows-1252><p class=h-card>Jos\u00e9</p>".encode("utf-8")
    assert harvest_html.mf2(utf8, "https://example.com/", encoding="utf-8") == from_str


def test_syntax_names_like_extruct():
    html = '<p class="h-card">Ada</p><script type="application/ld+json">{"@type": "Person"}</script>'
    data = harvest_html.extract(html, "https://example.com/", syntaxes=["microformat", "json-ld"])
    # Asked by extruct's name, the key is extruct's, with extruct's value: the mf2 items.
    assert list(data) == ["url", "json-ld", "microformat"]
    assert data["microformat"] == harvest_html.mf2(html, "https://example.com/")["items"]
    assert data["json-ld"] == [{"@type": "Person"}]
    both = harvest_html.extract(html, "https://example.com/", syntaxes=["mf2", "microformat"])
    assert both["microformat"] == both["mf2"]["items"]
    with pytest.raises(ValueError, match="unknown syntax"):
        harvest_html.extract(html, syntaxes=["rdf-a"])
    assert harvest_html.SYNTAXES[:6] == ["microdata", "mf2", "links", "json-ld", "opengraph", "dublincore"]


def test_open_graph_and_dublin_core_as_extruct_names_them():
    html = (
        '<meta property="og:title" content="The Rock"><meta property="og:image" content="/rock.jpg">'
        '<meta name="DC.creator" content="Ada">'
    )
    data = harvest_html.extract(html, "https://example.com/", syntaxes=["opengraph", "dublincore"])
    assert data["opengraph"] == [
        {"namespace": {"og": "http://ogp.me/ns#"}, "properties": [["og:title", "The Rock"], ["og:image", "/rock.jpg"]]}
    ]
    assert data["dublincore"][0]["elements"] == [
        {"name": "DC.creator", "content": "Ada", "URI": "http://purl.org/dc/elements/1.1/creator"}
    ]


def test_without_a_base_url_relative_urls_stay_as_written():
    data = harvest_html.mf2('<p class="h-card"><a class="u-url" href="/ada">Ada</a></p>')
    assert data["items"][0]["properties"]["url"] == ["/ada"]
    assert harvest_html.extract("<p>")["url"] is None


def test_links_in_extract_are_compact_unless_asked_for_in_full():
    html = '<link rel="icon" href="/i.png" sizes="16x16"><a href="/p" rel="NOFOLLOW">p</a>'
    compact = harvest_html.extract(html, "https://e.example/")["links"]
    assert compact[1] == {
        "url": "https://e.example/p",
        "rel": ["nofollow"],
        "tag": "a",
        "path": "html>body>a",
        "hyperlink": True,
        "external_resource": False,
    }
    assert compact[0]["external_resource"] is True
    full = harvest_html.extract(html, "https://e.example/", links="full")["links"]
    assert full == harvest_html.links(html, "https://e.example/")
    with pytest.raises(ValueError, match="compact"):
        harvest_html.extract(html, links="short")


def test_mf2_options_match_the_command(harvest_bin, tmp_path):
    page = (
        '<div class="h-full"><main id="m" class="h-entry"><p class="p-name p-px">Hi</p>'
        '<img class="u-photo" src="a.jpg" srcset="a.jpg 1x, b.jpg 2x"></main></div>'
    )
    path = tmp_path / "page.html"
    path.write_text(page)
    base = "https://e.example/"
    for kwargs, flags in [
        ({"jf2": True}, ["--jf2"]),
        ({"filter_roots": True, "srcset": True}, ["--filter-roots", "--srcset"]),
        ({"root_id": "m", "jf2": True}, ["--root-id", "m", "--jf2"]),
        ({"root_selector": "main > p"}, ["--root-selector", "main > p"]),
        ({"text": "thorough"}, ["--text", "thorough"]),
        ({"source_paths": True}, ["--source-paths"]),
        ({"classic_root_ids": True}, ["--classic-root-ids"]),
    ]:
        assert harvest_html.mf2(page, base, **kwargs) == cli_json(harvest_bin, "mf2", path, "--base-url", base, *flags)
    with pytest.raises(ValueError, match="selector"):
        harvest_html.mf2(page, root_selector="main >")
    with pytest.raises(ValueError):
        harvest_html.mf2(page, root_id="m", root_selector="main")
    with pytest.raises(harvest_html.NothingFoundError):
        harvest_html.mf2(page, root_id="nope")


def test_microdata_content_attribute_matches_the_command(harvest_bin, tmp_path):
    page = '<div itemscope><span itemprop="price" content="9.50">$9.50</span><p itemprop="n">x</p></div>'
    path = tmp_path / "page.html"
    path.write_text(page)
    assert harvest_html.microdata(page, content_attribute=True) == cli_json(
        harvest_bin, "microdata", path, "--content-attribute"
    )


def test_bad_arguments_are_python_errors():
    with pytest.raises(TypeError):
        harvest_html.extract(42)
    with pytest.raises(ValueError, match="absolute URL"):
        harvest_html.extract("<p>", base_url="not a url")
    with pytest.raises(ValueError):
        harvest_html.rdf("<p>", format="xml")
    with pytest.raises(ValueError):
        harvest_html.links("<p>", feeds=True, check=True)
    with pytest.raises(ValueError):
        harvest_html.mf2("<p>", encoding="utf-8")

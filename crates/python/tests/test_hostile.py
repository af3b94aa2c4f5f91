"""Hostile input returns a result or raises HarvestError; it never crashes the interpreter."""

import gzip
import io
import threading

import harvest_html
import pytest


def test_invalid_utf8_bytes():
    data = b"<p class=h-card>\xff\xfe\xc3(\xa0\xa1<b>\x80</b>" * 100
    result = harvest_html.extract(data, "https://example.com/")
    assert result["mf2"]["items"]


def test_a_million_nested_divs():
    page = "<div class=h-card>" * 1_000_000 + "x"
    result = harvest_html.mf2(page, "https://example.com/")
    assert result["items"]
    # Deep JSON converts without recursion: the nested items stay reachable.
    depth, item = 0, result["items"][0]
    while item.get("children"):
        item, depth = item["children"][0], depth + 1
    assert depth > 400


def on_a_small_stack(work):
    """What `work` returns, run on a thread with 1 MiB of stack (an eighth of the usual)."""
    results = []
    before = threading.stack_size(1024 * 1024)
    try:
        thread = threading.Thread(target=lambda: results.append(work()))
        thread.start()
        thread.join()
    finally:
        threading.stack_size(before)
    assert results, "the work failed on the small stack"
    return results[0]


def test_the_deepest_record_converts_on_a_small_thread_stack():
    # extract() serializes the record into Python objects as deep as the command writes its
    # JSON: items nest no deeper than the parser's depth bound (512), whatever the page, so
    # a thread with an eighth of the usual stack converts the deepest record.
    page = "<div class=h-card>" * 1_000_000 + "x"

    def convert():
        record = harvest_html.extract(page, "https://example.com/", ["mf2", "microdata", "links"])
        depth, item = 0, record["mf2"]["items"][0]
        while item.get("children"):
            item, depth = item["children"][0], depth + 1
        return depth

    assert on_a_small_stack(convert) > 500


def test_an_itemref_chain_is_cut_at_the_depth_bound_and_converts_on_a_small_thread_stack():
    # An itemref chain nests items as deep as it is long, past the parser's depth bound: 100,000
    # items each naming the next crashed the interpreter (the record converted by recursion
    # until the stack ran out). The microdata JSON nests items at most 32 deep and says it was
    # cut; the one-syntax call fails with the limit instead.
    page = '<div itemscope itemref="p1"></div>' + "".join(
        f'<div id="p{k}" itemprop="next" itemscope itemref="p{k + 1}"></div>' for k in range(1, 100_000)
    )

    def convert():
        record = harvest_html.extract(page, "https://example.com/", ["microdata"])
        depth, item = 1, record["microdata"]["items"][0]
        # Where the chain was cut, the item has no "next": a property whose first value is
        # past a limit is left out.
        while "next" in item["properties"]:
            item, depth = item["properties"]["next"][0], depth + 1
        return depth, record["microdata"].get("truncated")

    assert on_a_small_stack(convert) == (32, True)
    with pytest.raises(harvest_html.ExtractionError, match="nest items more than 32 deep"):
        harvest_html.microdata(page, "https://example.com/")


def test_a_50_megabyte_string():
    copies = 50_000_000 // 48 + 1
    page = "<p class=h-entry><span class=p-name>x</span></p>" * copies
    assert len(page) >= 50_000_000
    result = harvest_html.extract(page, "https://example.com/", syntaxes=["mf2"])
    assert len(result["mf2"]["items"]) == copies


def test_truncated_warc_gz():
    def member(n):
        html = f"<p class=h-card>Person {n}</p>".encode()
        block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + html
        record = (
            f"WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.com/{n}\r\n"
            f"Content-Length: {len(block)}\r\n\r\n"
        ).encode() + block + b"\r\n\r\n"
        return gzip.compress(record)

    archive = b"".join(member(n) for n in range(1, 4))
    fourth = member(4)
    items = list(harvest_html.iter_warc(io.BytesIO(archive + fourth[: len(fourth) // 2])))
    assert [item["url"] for item in items[:3]] == [f"https://example.com/{n}" for n in range(1, 4)]
    assert len(items) == 4
    assert items[3]["data"] is None
    assert f"archive damaged at byte {len(archive)} (record 4)" in items[3]["error"]


def test_garbage_archives_and_files():
    items = list(harvest_html.iter_warc(io.BytesIO(b"\x1f\x8b\x08 not gzip at all")))
    assert len(items) == 1 and items[0]["error"]
    assert list(harvest_html.iter_warc(io.BytesIO(b""))) == []
    with pytest.raises(harvest_html.WarcError):
        harvest_html.iter_warc("/nonexistent/crawl.warc.gz")
    with pytest.raises(TypeError):
        harvest_html.iter_warc(42)

    class Broken(io.RawIOBase):
        def read(self, n=-1):
            raise OSError("disk on fire")

    with pytest.raises(harvest_html.WarcError, match="disk on fire"):
        harvest_html.iter_warc(Broken())


def test_exceptions_form_a_hierarchy():
    for error in (harvest_html.NothingFoundError, harvest_html.ExtractionError, harvest_html.WarcError):
        assert issubclass(error, harvest_html.HarvestError)
    assert issubclass(harvest_html.HarvestError, Exception)
    with pytest.raises(harvest_html.NothingFoundError):
        harvest_html.ical("<p>nothing here</p>", "https://example.com/")

"""iter_warc on paths and file objects, and the GIL released while pages are extracted."""

import gzip
import io
import threading
import time

import harvest_html
import pytest
from conftest import cli_json


def record(kind, uri, block, content_type=None):
    head = f"WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\n"
    if content_type:
        head += f"Content-Type: {content_type}\r\n"
    head += f"Content-Length: {len(block)}\r\n\r\n"
    return head.encode() + block + b"\r\n\r\n"


def response(uri, html, status="200 OK", content_type="text/html"):
    block = f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\n\r\n".encode() + html
    return record("response", uri, block, "application/http; msgtype=response")


ARCHIVE = b"".join(
    [
        record("warcinfo", "", b"software: test\r\n", "application/warc-fields"),
        response("https://example.com/a", b"<p class=h-card>Ada</p>"),
        response("https://example.com/logo.png", b"\x89PNG", content_type="image/png"),
        response("https://example.com/gone", b"<p>gone</p>", status="404 Not Found"),
    ]
)


def test_paths_and_file_objects_plain_and_gzipped(tmp_path, harvest_bin):
    plain = tmp_path / "crawl.warc"
    plain.write_bytes(ARCHIVE)
    packed = tmp_path / "crawl.warc.gz"
    packed.write_bytes(gzip.compress(ARCHIVE))
    expected = [line for line in open_cli(harvest_bin, plain)]
    for source in (plain, str(packed), io.BytesIO(ARCHIVE), open(packed, "rb")):
        items = list(harvest_html.iter_warc(source))
        assert [(i["url"], i["status"], i["error"]) for i in items] == [
            ("https://example.com/a", 200, None),
            ("https://example.com/gone", 404, None),
        ]
        assert [i["data"] for i in items] == [record["all"] for record in expected]
        assert items[0]["bytes"] == len(b"<p class=h-card>Ada</p>")


def open_cli(binary, archive):
    import json
    import subprocess

    out = subprocess.run([str(binary), "all", str(archive)], capture_output=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_syntaxes_for_archives():
    items = list(harvest_html.iter_warc(io.BytesIO(ARCHIVE), syntaxes=["microdata"]))
    assert list(items[0]["data"]) == ["url", "microdata"]


def test_counts_and_json_text():
    import json

    items = list(harvest_html.iter_warc(io.BytesIO(ARCHIVE)))
    texts = list(harvest_html.iter_warc(io.BytesIO(ARCHIVE), as_json=True))
    assert items[0]["counts"] == {"microdata": 0, "mf2": 1, "links": 0, "json-ld": 0, "opengraph": 0, "dublincore": 0, "rdfa": 0}
    assert [t["counts"] for t in texts] == [i["counts"] for i in items]
    for item, text in zip(items, texts):
        assert all(isinstance(value, str) for value in text["data"].values())
        assert {key: json.loads(value) for key, value in text["data"].items()} == item["data"]
    # as_json="bytes": the same texts, as UTF-8 (a page beyond ASCII and the BMP among them).
    archive = ARCHIVE + response("https://example.com/zo%C3%AB", "<p class=h-card>Zoë 😀</p>".encode())
    texts = list(harvest_html.iter_warc(io.BytesIO(archive), as_json=True))
    raw = list(harvest_html.iter_warc(io.BytesIO(archive), as_json="bytes"))
    assert json.loads(texts[-1]["data"]["mf2"])["items"][0]["properties"]["name"] == ["Zoë 😀"]
    assert [r["counts"] for r in raw] == [t["counts"] for t in texts]
    for text, item in zip(texts, raw):
        assert all(isinstance(value, bytes) for value in item["data"].values())
        assert {key: value.decode("utf-8") for key, value in item["data"].items()} == text["data"]
    with pytest.raises(ValueError, match="as_json takes True, False or \"bytes\""):
        harvest_html.iter_warc(io.BytesIO(ARCHIVE), as_json="str")


def work(page, n):
    for _ in range(n):
        harvest_html.microdata(page)


def test_threads_run_in_parallel():
    # Each call parses a large page and gives a small result: tens of milliseconds of Rust
    # work with the GIL released, so two threads do about twice the work of one in the same
    # time on two cores. The bar is low (1.3x) so that a busy machine does not fail it; a held
    # GIL gives 1.0x.
    page = "<div><p>Some <b>text</b> and <a href=/x>a link</a>.</p></div>" * 40_000
    work(page, 1)

    def rate(threads, calls):
        started = time.perf_counter()
        pool = [threading.Thread(target=work, args=(page, calls)) for _ in range(threads)]
        for thread in pool:
            thread.start()
        for thread in pool:
            thread.join()
        return threads * calls / (time.perf_counter() - started)

    best = max(rate(2, 4) / rate(1, 4) for _ in range(3))
    assert best > 1.3, f"two threads ran {best:.2f}x one thread"


def test_items_say_where_their_record_is_and_skipped_records_are_items():
    archive = b"".join(
        [
            response("https://example.com/a", b"<p class=h-card>Ada</p>"),
            record(
                "response",
                "https://example.com/z",
                b"HTTP/2 200\r\ncontent-type: text/html\r\ncontent-encoding: zstd\r\n\r\n(zstd)",
                "application/http; msgtype=response",
            ),
            response("https://example.com/logo.png", b"\x89PNG", content_type="image/png"),
        ]
    )
    warc = harvest_html.iter_warc(io.BytesIO(archive))
    page, skipped = list(warc)
    first = len(response("https://example.com/a", b"<p class=h-card>Ada</p>"))
    assert (page["record"], page["offset"], page["length"], page["content_type"]) == (1, 0, first, "text/html")
    assert page["error"] is None and page["record_id"] is None and page["date"] is None
    assert skipped["url"] == "https://example.com/z" and skipped["status"] == 200 and skipped["data"] is None
    assert skipped["offset"] == first and "skipped" in skipped["error"] and "zstd" in skipped["error"]
    assert warc.counts == {"records": 3, "responses": 3, "pages": 1, "skipped": 1, "not_html": 1, "damaged": 0}


def test_every_kind_of_record_written_by_warcio_is_accounted_for(tmp_path):
    """A WARC written by warcio with every kind of record: the response records warcio reads
    back are, each, a page or a skipped item of iter_warc (same record ID, offset and length),
    or a response of another media type, counted; none is missing."""
    import gzip as gz

    from warcio.archiveiterator import ArchiveIterator
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    html = b"<!doctype html><p class=h-card>Ada</p>"
    path = tmp_path / "every-kind.warc.gz"
    with open(path, "wb") as out:
        writer = WARCWriter(out, gzip=True)
        writer.write_record(writer.create_warcinfo_record("every-kind.warc.gz", {"software": "test"}))

        def http(uri, headers, body, protocol="HTTP/1.1"):
            status = StatusAndHeaders("200 OK", headers, protocol=protocol)
            return writer.create_warc_record(uri, "response", payload=io.BytesIO(body), http_headers=status)

        request = StatusAndHeaders("GET / HTTP/1.1", [("Host", "example.com")], is_http_request=True)
        writer.write_record(writer.create_warc_record("https://example.com/", "request", payload=io.BytesIO(b""), http_headers=request))
        writer.write_record(http("https://example.com/", [("Content-Type", "text/html")], html))
        writer.write_record(http("https://example.com/h2", [("Content-Type", "text/html")], html, protocol="HTTP/2"))
        many = [(f"X-Header-{n}", str(n)) for n in range(150)] + [("Content-Type", "text/html; charset=utf-8")]
        writer.write_record(http("https://example.com/many", many, html))
        writer.write_record(http("https://example.com/gz", [("Content-Type", "text/html"), ("Content-Encoding", "gzip")], gz.compress(html)))
        writer.write_record(http("https://example.com/untyped", [], html))
        writer.write_record(http("https://example.com/untyped.bin", [], b"\x00\x01binary"))
        writer.write_record(http("https://example.com/logo.png", [("Content-Type", "image/png")], b"\x89PNG"))
        writer.write_record(http("https://example.com/bad", [("Content-Type", "text/html"), ("Content-Encoding", "br")], b"not brotli"))
        writer.write_record(writer.create_warc_record("https://example.com/saved", "resource", payload=io.BytesIO(html), warc_content_type="text/html"))
        writer.write_record(writer.create_warc_record("https://example.com/", "metadata", payload=io.BytesIO(b"via: test\r\n"), warc_content_type="application/warc-fields"))
        revisit = writer.create_revisit_record("https://example.com/again", digest="sha1:AAAA", refers_to_uri="https://example.com/", refers_to_date="2026-01-01T00:00:00Z")
        writer.write_record(revisit)
        writer.write_record(writer.create_warc_record("https://example.com/", "conversion", payload=io.BytesIO(b"text"), warc_content_type="text/plain"))

    responses = {}
    with open(path, "rb") as stream:
        records = ArchiveIterator(stream)
        for rec in records:
            if rec.rec_type == "response":
                rec_id = rec.rec_headers.get_header("WARC-Record-ID")
                content_type = rec.http_headers.get_header("Content-Type")
                rec.content_stream().read()
                responses[rec_id] = (rec.rec_headers.get_header("WARC-Target-URI"), content_type, records.get_record_offset(), records.get_record_length())
    assert len(responses) == 8

    warc = harvest_html.iter_warc(str(path))
    items = list(warc)
    seen = {}
    for item in items:
        assert item["record_id"] not in seen
        seen[item["record_id"]] = item
    pages = {i for i, item in seen.items() if item["error"] is None}
    skipped = {i for i, item in seen.items() if item["error"] is not None}
    other_media = {i for i, (_, content_type, _, _) in responses.items() if content_type and not content_type.startswith("text/html")}
    # Every warcio response: a page, a skipped item, or another media type; the resource record
    # is a page too.
    assert set(responses) == (pages | skipped | other_media) - {i for i in pages if seen[i]["url"] == "https://example.com/saved"}
    assert {seen[i]["url"] for i in skipped} == {"https://example.com/untyped.bin", "https://example.com/bad"}
    assert warc.counts["responses"] == len(responses)
    assert warc.counts["pages"] + warc.counts["skipped"] + warc.counts["not_html"] == len(responses) + 1
    for rec_id, (uri, content_type, offset, length) in responses.items():
        if rec_id in seen:
            item = seen[rec_id]
            assert (item["url"], item["offset"], item["length"]) == (uri, offset, length)
            assert item["content_type"] == content_type
    for rec_id in pages:
        assert seen[rec_id]["data"]["mf2"]["items"][0]["properties"]["name"] == ["Ada"], seen[rec_id]["url"]
    assert [seen[i]["status"] for i in pages if seen[i]["url"] != "https://example.com/saved"] == [200] * (len(pages) - 1)

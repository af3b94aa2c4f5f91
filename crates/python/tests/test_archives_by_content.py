"""iter_warc tells an archive by its content, reads ARC files as warcio does, and keeps a gzip
body cut short; warcio reads the same archives as the oracle."""

import gzip
import io

import harvest_html
import pytest
from warcio.archiveiterator import ArchiveIterator


def warc_record(kind, uri, block):
    head = (
        f"WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\nWARC-Date: 2014-01-03T03:03:21Z\r\n"
        f"WARC-IP-Address: 93.184.216.119\r\nContent-Length: {len(block)}\r\n\r\n"
    )
    return head.encode() + block + b"\r\n\r\n"


def http(content_type, body, extra=b""):
    return b"HTTP/1.1 200 OK\r\nContent-Type: " + content_type + b"\r\n" + extra + b"\r\n" + body


PAGE = b"<p class=h-card>Example Domain</p>"
POST = b"<article class=h-entry><h1 class=p-name>Post</h1></article>"

RECORDS = [
    warc_record("warcinfo", "", b"software: test\r\n"),
    warc_record("response", "http://example.com/", http(b"text/html", PAGE)),
    warc_record("request", "http://example.com/", b"GET / HTTP/1.1\r\n\r\n"),
    warc_record("response", "http://example.com/logo.png", http(b"image/png", b"\x89PNG")),
    warc_record("response", "http://example.com/post", http(b"text/html", POST)),
]
WARC_GZ = b"".join(gzip.compress(record) for record in RECORDS)


def arc_records():
    """An ARC file of version 1, as warcio's example.arc: the version block, then URL records
    (a page, an image, a DNS lookup, a page whose URL has a space)."""
    definition = b"1 0 LiveWeb Capture\nURL IP-address Archive-date Content-type Archive-length\n"
    records = [b"filedesc://example.arc 127.0.0.1 20140216050221 text/plain %d\n" % len(definition) + definition + b"\n"]
    for url, content_type, document in [
        (b"http://example.com/", b"text/html", http(b"text/html", PAGE)),
        (b"http://example.com/logo.png", b"image/png", http(b"image/png", b"\x89PNG")),
        (b"dns:example.com", b"text/dns", b"20140216050221\nexample.com. 3600 IN A 93.184.216.119\n"),
        (b"http://example.com/post", b"text/html", http(b"text/html", POST)),
    ]:
        line = url + b" 93.184.216.119 20140216050221 " + content_type + b" %d\n" % len(document)
        records.append(line + document + b"\n")
    return records


def pages(items):
    return [(item["url"], item["status"], item["kind"]) for item in items]


EXPECTED = [("http://example.com/", 200, "page"), ("http://example.com/post", 200, "page")]


@pytest.mark.parametrize("name", ["example-bad.warc.gz.bad", "example.bin", "example"])
def test_a_renamed_warc_gz_is_read_as_the_archive_it_is(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(WARC_GZ)
    for source in (path, str(path), open(path, "rb"), io.BytesIO(WARC_GZ)):
        iterator = harvest_html.iter_warc(source)
        items = list(iterator)
        assert pages(items) == EXPECTED
        assert items[0]["ip"] == "93.184.216.119" and items[0]["body_truncated"] is False
        assert items[0]["data"]["mf2"]["items"][0]["type"] == ["h-card"]
        assert iterator.counts["not_html"] == 1


@pytest.mark.parametrize("gzipped", [False, True])
def test_arc_files_give_warcio_s_records(tmp_path, gzipped):
    records = arc_records()
    data = b"".join(gzip.compress(r) for r in records) if gzipped else b"".join(records)
    path = tmp_path / ("example.arc.gz" if gzipped else "example.arc")
    path.write_bytes(data)
    items = list(harvest_html.iter_warc(path))
    assert pages(items) == EXPECTED
    # warcio's reading of the same file, its ARC records as WARC records (arc2warc).
    with open(path, "rb") as stream:
        iterator = ArchiveIterator(stream, arc2warc=True)
        oracle = {}
        for record in iterator:
            if record.rec_type == "response" and record.http_headers is not None:
                headers = record.rec_headers
                content_type = record.http_headers.get_header("Content-Type")
                oracle[headers.get_header("WARC-Target-URI")] = (
                    headers.get_header("WARC-IP-Address"),
                    headers.get_header("WARC-Date"),
                    content_type,
                    record.http_headers.get_statuscode(),
                    record.content_stream().read(),
                    iterator.get_record_offset(),
                )
    html = [url for url, fields in oracle.items() if fields[2] == "text/html"]
    assert [item["url"] for item in items] == html
    for item in items:
        ip, date, content_type, status, body, offset = oracle[item["url"]]
        assert (item["ip"], item["date"], item["content_type"]) == (ip, date, content_type)
        assert (str(item["status"]), item["bytes"], item["offset"]) == (status, len(body), offset)
        assert item["record_id"] is None
    assert items[0]["data"]["mf2"]["items"][0]["properties"]["name"] == ["Example Domain"]


def test_what_is_neither_warc_nor_arc_says_so(tmp_path):
    for name, data in [("page.warc", b"<!DOCTYPE html><p>a page"), ("page.warc.gz", gzip.compress(b"<p>a page"))]:
        path = tmp_path / name
        path.write_bytes(data)
        for source in (path, io.BytesIO(data)):
            with pytest.raises(harvest_html.WarcError, match="not a WARC or ARC file"):
                harvest_html.iter_warc(source)


def test_a_gzip_body_cut_short_keeps_what_decodes_as_warcio_does(tmp_path):
    html = b"".join(b"<p class=h-entry><span class=p-name>Entry %d</span></p>" % n for n in range(300))
    body = gzip.compress(html)
    response = http(b"text/html", body, b"Content-Encoding: gzip\r\n")
    # The record's Content-Length ends in the middle of the body, as in warcio's
    # example-trunc.warc; the rest of the body is left where the next record should start.
    cut = len(response) - len(body) // 2
    record = warc_record("response", "http://example.com/trunc", response[:cut])
    archive = RECORDS[0] + record[:-4] + response[cut:] + b"\r\n\r\n"
    path = tmp_path / "example-trunc.warc"
    path.write_bytes(archive)
    items = list(harvest_html.iter_warc(path))
    page = items[0]
    assert (page["kind"], page["url"], page["body_truncated"]) == ("page", "http://example.com/trunc", True)
    entries = page["data"]["mf2"]["items"]
    assert 10 < len(entries) < 300
    assert entries[0]["properties"]["name"] == ["Entry 0"]
    assert items[1]["kind"] == "damaged"
    # warcio gives the same decoded prefix.
    with open(path, "rb") as stream:
        for record in ArchiveIterator(stream, check_digests=False):
            if record.rec_type == "response":
                decoded = record.content_stream().read()
                break
    assert page["bytes"] == len(decoded) and html.startswith(decoded)

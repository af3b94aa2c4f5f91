"""iter_warc_arrow: an archive's items as Arrow record batches, the same values as
iter_warc(as_json=True) gives, column by column."""

import gzip
import io
import json

import harvest_html
import pyarrow as pa
import pytest
from test_warc_and_threads import ARCHIVE, record, response

ITEM_COLUMNS = ["kind", "url", "status", "bytes", "error", "record", "record_id", "date", "ip", "offset", "length",
                "content_type", "truncated", "body_truncated"]


def archive_of_every_kind():
    """A gzipped archive with pages (one beyond ASCII and the BMP), a skipped record, a page
    over a value limit, and damage at the end (a member cut short)."""
    members = [
        ARCHIVE,
        response("https://example.com/zo%C3%AB", "<p class=h-card>Zoë 😀</p><script type=application/ld+json>{bad</script>".encode()),
        record("response", "https://example.com/z",
               b"HTTP/2 200\r\ncontent-type: text/html\r\ncontent-encoding: zstd\r\n\r\n(zstd)",
               "application/http; msgtype=response"),
        response("https://example.com/big", b"<div itemscope>" + b"<span itemprop=p>v</span>" * 1000 + b"</div>"),
    ]
    packed = b"".join(gzip.compress(member) for member in members)
    cut = gzip.compress(response("https://example.com/cut", b"<p>cut</p>"))
    return packed + cut[: len(cut) // 2]


def rows(batches):
    return [row for batch in batches for row in batch.to_pylist()]


@pytest.mark.parametrize("batch_rows", [1, 2, 512])
def test_the_rows_are_iter_warcs_items(batch_rows):
    data = archive_of_every_kind()
    limits = {"max_output_bytes": 3000}
    iterator = harvest_html.iter_warc(io.BytesIO(data), as_json=True, limits=limits)
    items = list(iterator)
    batches = harvest_html.iter_warc_arrow(io.BytesIO(data), limits=limits, batch_rows=batch_rows)
    got = list(batches)
    assert [b.num_rows for b in got[:-1]] == [batch_rows] * (len(got) - 1) and 0 < got[-1].num_rows <= batch_rows
    for batch in got:
        batch.validate(full=True)  # offsets in bounds, UTF-8 valid, null counts right
        assert batch.schema == batches.schema
    table = rows(got)
    assert [row["kind"] for row in table] == ["page", "page", "page", "skipped", "failed", "damaged"]
    assert len(table) == len(items)
    for row, item in zip(table, items):
        assert {column: row[column] for column in ITEM_COLUMNS} == {column: item[column] for column in ITEM_COLUMNS}
        for syntax in harvest_html.SYNTAXES:
            assert row[syntax] == (item["data"] or {}).get(syntax)
            assert row[f"{syntax}_count"] == item["counts"].get(syntax, 0)
        assert row["errors"] == (item["data"] or {}).get("errors")
    assert json.loads(table[2]["mf2"])["items"][0]["properties"]["name"] == ["Zoë 😀"]
    assert json.loads(table[2]["errors"])[0]["error"]
    assert batches.counts == iterator.counts and batches.counts["damaged"] == 1


def test_the_schema_has_the_syntaxes_asked_for(tmp_path):
    path = tmp_path / "crawl.warc"
    path.write_bytes(ARCHIVE)
    batches = harvest_html.iter_warc_arrow(path, syntaxes=["json-ld", "microdata"])
    assert batches.schema.names == ITEM_COLUMNS + ["microdata", "microdata_count", "json-ld", "json-ld_count", "errors"]
    assert batches.schema.field("kind").nullable is False and batches.schema.field("url").nullable is True
    assert str(batches.schema.field("microdata").type) == "string"
    assert str(batches.schema.field("status").type) == "int32" and str(batches.schema.field("offset").type) == "int64"
    table = pa.Table.from_batches(list(batches), schema=batches.schema)
    assert table.column("url").to_pylist() == ["https://example.com/a", "https://example.com/gone"]
    assert table.column("microdata").to_pylist() == ['{"items":[]}'] * 2
    assert batches.counts == {"records": 4, "responses": 3, "pages": 2, "skipped": 0, "not_html": 1, "damaged": 0}
    assert list(batches) == []


def test_an_archive_without_pages_gives_no_batches_and_bad_arguments_are_refused(tmp_path):
    assert list(harvest_html.iter_warc_arrow(io.BytesIO(b""))) == []
    with pytest.raises(ValueError, match="batch_rows must be at least 1"):
        harvest_html.iter_warc_arrow(io.BytesIO(ARCHIVE), batch_rows=0)
    with pytest.raises(harvest_html.WarcError):
        harvest_html.iter_warc_arrow(tmp_path / "missing.warc")


def test_iter_warc_items_say_their_kind():
    kinds = [item["kind"] for item in harvest_html.iter_warc(io.BytesIO(archive_of_every_kind()), limits={"max_output_bytes": 3000})]
    assert kinds == ["page", "page", "page", "skipped", "failed", "damaged"]


def test_batches_outlive_their_iterator():
    """Each buffer is owned by a Python object that pyarrow keeps alive: batches kept after
    the iterator is gone, and after other allocations reuse freed memory, read the same."""
    import gc

    data = archive_of_every_kind()
    expected = rows(harvest_html.iter_warc_arrow(io.BytesIO(data), batch_rows=2))
    batches = list(harvest_html.iter_warc_arrow(io.BytesIO(data), batch_rows=2))
    gc.collect()
    churn = [harvest_html.iter_warc_arrow(io.BytesIO(data)) for _ in range(3)]
    churn = [list(iterator) for iterator in churn]
    for batch in batches:
        batch.validate(full=True)
    assert rows(batches) == expected
    # A column's buffers are the extension's memory, not copies made by pyarrow.
    table = pa.Table.from_batches(batches)
    assert table.column("mf2").to_pylist() == [row["mf2"] for row in expected]

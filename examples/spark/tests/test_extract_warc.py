"""The Spark job in local mode on WARC archives built from the benchmark corpus: every HTML
record appears exactly once, with the JSON `harvest all` gives for it and where its record is;
a truncated archive keeps its good records and reports the damage in a row of its own, a
missing archive is a row and the job finishes, a skipped record is a row; with --nquads, the
gzip'd N-Quads part files hold exactly the statements `harvest graph` gives for the archives;
with --check, each page's check columns and the summary's crawl report are `harvest check`'s."""

import gzip
import json
import os
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO.parent / "shared" / "corpus"
JOB = REPO / "examples" / "spark" / "extract_warc.py"


def corpus_pages():
    """The real pages and the first 40 synthetic ones (the CI subset: all 300 take minutes)."""
    if not CORPUS.is_dir():
        pytest.fail(f"the benchmark corpus is missing: expected {CORPUS}")
    real = sorted((CORPUS / "real").glob("*.html"))
    synthetic = sorted((CORPUS / "synthetic" / "pages").rglob("*.html"))[:40]
    assert real and synthetic
    return real + synthetic


def write_archive(path, pages, gzipped, extra_image=False, extra_skipped=False):
    """A WARC of one response record per page, URL https://corpus.example/NAME; with an image
    response (not a page) and a response in a coding harvest does not decode (skipped)."""
    buffer = BytesIO()
    writer = WARCWriter(buffer, gzip=gzipped)
    for page in pages:
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
        url = f"https://corpus.example/{page.parent.name}/{page.name}"
        writer.write_record(writer.create_warc_record(url, "response", payload=BytesIO(page.read_bytes()), http_headers=headers))
    if extra_image:
        headers = StatusAndHeaders("200 OK", [("Content-Type", "image/png")], protocol="HTTP/1.1")
        writer.write_record(
            writer.create_warc_record("https://corpus.example/logo.png", "response", payload=BytesIO(b"\x89PNG"), http_headers=headers)
        )
    if extra_skipped:
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html"), ("Content-Encoding", "zstd")], protocol="HTTP/1.1")
        writer.write_record(
            writer.create_warc_record("https://corpus.example/skipped", "response", payload=BytesIO(b"(zstd)"), http_headers=headers)
        )
    path.write_bytes(buffer.getvalue())


def harvest_all(binary, archive):
    out = subprocess.run([str(binary), "all", str(archive)], capture_output=True).stdout
    return [json.loads(line) for line in out.splitlines()]


@pytest.fixture(scope="module")
def harvest_bin():
    binary = REPO / "target" / "debug" / "harvest"
    if not binary.exists():
        subprocess.run(["cargo", "build", "-q", "-p", "harvest-cli"], cwd=REPO, check=True)
    return binary


def test_spark_job_local_mode(tmp_path, harvest_bin):
    pages = corpus_pages()
    thirds = [pages[0::3], pages[1::3], pages[2::3]]
    a, b, c = tmp_path / "a.warc.gz", tmp_path / "b.warc", tmp_path / "c.warc.gz"
    write_archive(a, thirds[0], gzipped=True, extra_image=True)
    write_archive(b, thirds[1], gzipped=False, extra_skipped=True)
    write_archive(c, thirds[2], gzipped=True)
    # d: three good records, then half of a fourth, as an interrupted download leaves it.
    whole = tmp_path / "whole.warc.gz"
    write_archive(whole, pages[:4], gzipped=True)
    members = gzip.decompress(whole.read_bytes())
    assert members.count(b"WARC-Type: response") == 4
    four = [tmp_path / f"m{i}.warc.gz" for i in range(4)]
    for i, member in enumerate(four):
        write_archive(member, [pages[i]], gzipped=True)
    d = tmp_path / "d.warc.gz"
    last = four[3].read_bytes()
    d.write_bytes(b"".join(m.read_bytes() for m in four[:3]) + last[: len(last) // 2])
    missing = tmp_path / "missing.warc.gz"
    listing = tmp_path / "more.txt"
    listing.write_text(f"{c}\nfile://{d}\n{missing}\n")
    out = tmp_path / "out"

    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    job = subprocess.run(
        [sys.executable, str(JOB), str(a), str(b), str(listing), "--output", str(out), "--master", "local[2]", "--nquads",
         "--check"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert job.returncode == 0, job.stderr[-4000:]
    rows = pq.read_table(out / "pages").to_pylist()
    summary = json.loads((out / "summary.json").read_text())

    expected = {}
    for archive in (a, b, c, d):
        for record in harvest_all(harvest_bin, archive):
            expected.setdefault(str(archive), []).append(record)
    # d was listed as a file:// URI: its rows name it so.
    seen = {}
    for row in rows:
        seen.setdefault(row["warc"].removeprefix("file://"), []).append(row)
    (unreadable,) = seen.pop(str(missing))
    assert unreadable["kind"] == "unreadable" and "missing.warc.gz" in unreadable["error"]
    assert sorted(seen) == sorted(expected)
    for archive, records in expected.items():
        got = seen[archive]
        pages_expected = [r for r in records if "all" in r]
        pages_got = [r for r in got if r["kind"] == "page"]
        # Every HTML record exactly once (the PNG response is not a page).
        assert sorted(r["url"] for r in pages_got) == sorted(r["url"] for r in pages_expected)
        assert len({r["url"] for r in pages_got}) == len(pages_got)
        by_url = {r["url"]: r for r in pages_got}
        for record in pages_expected:
            row = by_url[record["url"]]
            data = record["all"]
            assert json.loads(row["microdata"]) == data["microdata"]
            assert json.loads(row["mf2"]) == data["mf2"]
            assert json.loads(row["links_json"]) == data["links"]
            assert json.loads(row["jsonld"]) == data["json-ld"]
            assert json.loads(row["opengraph"]) == data["opengraph"]
            assert json.loads(row["dublincore"]) == data["dublincore"]
            assert json.loads(row["rdfa"]) == data["rdfa"]
            assert row["rdfa_subjects"] == len(data["rdfa"])
            assert row["mf2_items"] == len(data["mf2"]["items"])
            assert row["status"] == 200 and row["error"] is None
            warc = record["warc"]
            assert (row["record_id"], row["date"], row["offset"], row["length"], row["content_type"]) == (
                warc["record_id"], warc["date"], warc["offset"], warc["length"], warc["content_type"]
            )
        # The same damage, named by the path (the command) or the URI (Hadoop).
        errors_expected = [r["error"].split(": ", 1)[1] for r in records if "error" in r]
        errors_got = [r["error"].split(": ", 1)[1] for r in got if r["kind"] != "page"]
        assert errors_got == errors_expected
    damaged = [r for r in seen[str(d)] if r["kind"] == "damaged"]
    assert len(damaged) == 1 and "(record 4)" in damaged[0]["error"]
    assert damaged[0]["warc"] == f"file://{d}" and damaged[0]["error"].startswith(f"{d}: ")
    (skipped,) = [r for r in seen[str(b)] if r["kind"] == "skipped"]
    assert skipped["url"] == "https://corpus.example/skipped" and "zstd" in skipped["error"]
    assert summary["archives"] == 5 and summary["archives_unreadable"] == 1
    assert summary["pages"] == len(pages) + 3
    assert (summary["records_skipped"], summary["damage"], summary["errors"]) == (1, 1, 3)
    assert summary["bytes"] == sum(p.stat().st_size for p in pages) + sum(p.stat().st_size for p in pages[:3])
    assert summary["gb_html_per_cpu_hour"] > 0
    # Web Data Commons' layout: gzip'd N-Quads part files, the statements of `harvest graph`.
    parts = sorted((out / "nquads").glob("part-*.gz"))
    assert parts
    lines = [line for part in parts for line in gzip.decompress(part.read_bytes()).decode().splitlines() if line]
    expected_lines = []
    for archive in (a, b, c, d):
        graph = subprocess.run([str(harvest_bin), "graph", str(archive)], capture_output=True).stdout.decode()
        expected_lines += graph.splitlines()
    assert sorted(lines) == sorted(expected_lines)
    assert summary["quads"] == len(lines) > 0
    from rdflib import Dataset

    dataset = Dataset()
    dataset.parse(data="\n".join(lines), format="nquads")
    assert len({str(graph.identifier) for graph in dataset.contexts() if len(graph)}) >= len(pages) // 2
    assert summary["cpu_seconds"]["python_workers"] > summary["cpu_seconds"]["extraction"] > 0

    # --check: each page's record and counts are `harvest check`'s, and so is the crawl report.
    report = tmp_path / "report.json"
    checked = subprocess.run(
        [str(harvest_bin), "check", str(a), str(b), str(c), str(d), "--format", "json", "--summary", str(report)],
        capture_output=True,
    )
    assert checked.returncode == 3, "d is damaged"
    # d repeats a's first pages: the same URL, the same page, the same record.
    checked_pages = [json.loads(line) for line in checked.stdout.splitlines()]
    checked_pages = [record for record in checked_pages if "counts" in record]
    records = {record["url"]: record for record in checked_pages}
    page_rows = [row for row in rows if row["kind"] == "page"]
    assert len(page_rows) == len(checked_pages) > 0
    for row in page_rows:
        record = records[row["url"]]
        mine = json.loads(row["check"])
        assert (mine["diagnostics"], mine["features"], mine["counts"]) == (
            record["diagnostics"], record["features"], record["counts"]
        )
        assert (row["check_errors"], row["check_warnings"], row["check_infos"]) == (
            record["counts"]["errors"], record["counts"]["warnings"], record["counts"]["infos"]
        )
        eligible = sorted({item["feature"] for item in record["features"] if item["eligible"]})
        assert row["check_eligible"] == (" ".join(eligible) or None)
    assert all(row["check"] is None and row["check_errors"] == 0 for row in rows if row["kind"] != "page")
    assert summary["check"] == json.loads(report.read_text())
    assert summary["check"]["pages"] == len(page_rows)
    assert sum(row["check_errors"] for row in page_rows) == summary["check"]["errors"] > 0


def test_archives_named_by_uri_are_read_as_pyarrow_streams(tmp_path, monkeypatch):
    """A URI that is no local path is opened with pyarrow's file systems and read as a stream
    (s3a:// as s3://); here the file system is a local one standing in for S3."""
    import pyarrow.fs

    sys.path.insert(0, str(JOB.parent))
    import extract_warc

    archive = tmp_path / "remote.warc.gz"
    write_archive(archive, corpus_pages()[:3], gzipped=True)
    asked = []

    def from_uri(uri):
        asked.append(uri)
        return pyarrow.fs.LocalFileSystem(), str(archive)

    monkeypatch.setattr(extract_warc, "filesystem_of", from_uri)
    stream = extract_warc.open_archive("s3a://crawl-bucket/remote.warc.gz")
    assert asked == ["s3://crawl-bucket/remote.warc.gz"]
    assert not isinstance(stream, str) and stream.name == "s3://crawl-bucket/remote.warc.gz"
    timing = {"extract": 0.0, "arrow": 0.0}
    schema = extract_warc.arrow_schema()

    def rows_of(uri, syntaxes):
        return [row for batch in extract_warc.batches_of(uri, syntaxes, timing, schema) for row in batch.to_pylist()]

    rows = rows_of("s3a://crawl-bucket/remote.warc.gz", ["mf2"])
    assert [row["kind"] for row in rows] == ["page"] * 3
    assert all(row["warc"] == "s3a://crawl-bucket/remote.warc.gz" and row["microdata"] is None for row in rows)
    # A URI that cannot be opened is a row, not an exception.
    def unreachable(uri):
        raise OSError("no route")

    monkeypatch.setattr(extract_warc, "filesystem_of", unreachable)
    (row,) = rows_of("hdfs://namenode/crawl.warc.gz", None)
    assert row["kind"] == "unreadable" and "no route" in row["error"]
    assert extract_warc.open_archive(f"file://{archive}") == str(archive)
    assert extract_warc.open_archive(str(archive)) == str(archive)

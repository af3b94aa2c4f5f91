"""Extract the structured data of WARC archives with Apache Spark and harvest_html.

    python extract_warc.py INPUT... --output DIR [--master URL] [--syntaxes NAME...] [--nquads] [--check]

INPUT is a WARC archive (``.warc`` or ``.warc.gz``) as a local path or a URI (``file://``,
``s3://`` or ``s3a://``, ``hdfs://``, ``gs://``: whatever pyarrow's file systems open on the
executors), or a text file (``.txt``) listing such archives one per line. Each archive is one
Spark task: an executor opens it as a stream (a path is read from disk by harvest_html, a URI
through pyarrow's input stream; never a whole archive in memory) and reads it with
``harvest_html.iter_warc_arrow``, which extracts every page and hands over Arrow record
batches of them.

Nothing in one archive stops the job: a missing or unreadable archive is a row (``kind`` =
``unreadable``), a damaged one keeps its good records and adds a ``damaged`` row, a response
record that gives no page (a body that does not decode, no type and no HTML) is a ``skipped``
row, a page whose extraction fails is a ``failed`` row. The summary counts each.

Output, in DIR:

- ``pages/``: Parquet, one row per page or problem: ``warc`` (the archive), ``kind``
  (``page``, ``skipped``, ``failed``, ``damaged``, ``unreadable``), ``url``, ``status``, ``bytes`` (of
  HTML), ``error``, where the record is (``record``, ``record_id``, ``date``, ``offset``,
  ``length``, ``content_type``, ``truncated``), a count per syntax (``microdata_items``,
  ``mf2_items``, ``links``, ``jsonld_blocks``, ``opengraph_properties``,
  ``dublincore_properties``, ``rdfa_subjects``) and the JSON text of each syntax
  (``microdata``, ``mf2``, ``links_json``, ``jsonld``, ``opengraph``, ``dublincore``,
  ``rdfa``), the JSON ``harvest all`` writes.
- ``nquads/`` (with ``--nquads``): every page's RDF (microdata, RDFa, JSON-LD, Dublin Core: one
  dataset per page, what ``harvest graph`` writes) as gzip'd N-Quads part files, the page's URL
  as the fourth term of each statement and blank node labels that no two pages share: Web Data
  Commons' layout, ready to concatenate. The pages table then also has ``graph`` (the page's
  N-Quads) and ``graph_quads``; the summary counts the quads.
- with ``--check``: each page's structured data checked against schema.org and the search
  features (what ``harvest check`` reports): the pages table also has ``check`` (the page's
  record as JSON: its diagnostics with their lines, its feature items), ``check_errors``,
  ``check_warnings``, ``check_infos`` and ``check_eligible`` (the features the page has an
  eligible item for, space-separated; null when none), and the summary a ``check`` member: the
  crawl report ``harvest check --summary`` writes (pages, pages with errors, totals, and per
  rule and per feature the pages and items).
- ``summary.json`` (also printed): archives (read, unreadable), pages, skipped records, damage,
  pages with data per syntax, bytes of HTML, seconds, the CPU time of the tasks that ran
  (their JVM threads and their Python workers, the extraction and the fitting of its Arrow
  batches to the job's columns apart) and
  GB of HTML per CPU-hour of those tasks.
"""

import argparse
import json
import os
import sys
import time
import urllib.request
from urllib.parse import urlparse

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import IntegerType, LongType, StringType, StructField, StructType

SCHEMA = StructType(
    [
        StructField("warc", StringType(), False),
        StructField("kind", StringType(), False),
        StructField("url", StringType(), True),
        StructField("status", IntegerType(), True),
        StructField("bytes", LongType(), False),
        StructField("error", StringType(), True),
        StructField("record", LongType(), True),
        StructField("record_id", StringType(), True),
        StructField("date", StringType(), True),
        StructField("offset", LongType(), True),
        StructField("length", LongType(), True),
        StructField("content_type", StringType(), True),
        StructField("truncated", StringType(), True),
        StructField("microdata_items", IntegerType(), False),
        StructField("mf2_items", IntegerType(), False),
        StructField("links", IntegerType(), False),
        StructField("jsonld_blocks", IntegerType(), False),
        StructField("opengraph_properties", IntegerType(), False),
        StructField("dublincore_properties", IntegerType(), False),
        StructField("rdfa_subjects", IntegerType(), False),
        StructField("microdata", StringType(), True),
        StructField("mf2", StringType(), True),
        StructField("links_json", StringType(), True),
        StructField("jsonld", StringType(), True),
        StructField("opengraph", StringType(), True),
        StructField("dublincore", StringType(), True),
        StructField("rdfa", StringType(), True),
        StructField("graph", StringType(), True),
        StructField("graph_quads", IntegerType(), False),
        StructField("check", StringType(), True),
        StructField("check_errors", IntegerType(), False),
        StructField("check_warnings", IntegerType(), False),
        StructField("check_infos", IntegerType(), False),
        StructField("check_eligible", StringType(), True),
    ]
)

# Parquet columns of each syntax: its JSON text and its count.
COLUMNS = {
    "microdata": ("microdata", "microdata_items"),
    "mf2": ("mf2", "mf2_items"),
    "links": ("links_json", "links"),
    "json-ld": ("jsonld", "jsonld_blocks"),
    "opengraph": ("opengraph", "opengraph_properties"),
    "dublincore": ("dublincore", "dublincore_properties"),
    "rdfa": ("rdfa", "rdfa_subjects"),
}

def archives_of(inputs):
    """The archives named on the command line, text files of archive names expanded."""
    archives = []
    for item in inputs:
        if item.endswith(".txt") and os.path.isfile(item):
            with open(item, encoding="utf-8") as listing:
                archives += [line.strip() for line in listing if line.strip() and not line.startswith("#")]
        else:
            archives.append(item)
    return archives


def open_archive(uri):
    """What iter_warc reads an archive from: a local path as it is (harvest_html streams it
    from disk), a URI as a pyarrow input stream (read as iter_warc asks, never whole)."""
    parsed = urlparse(uri)
    if parsed.scheme == "" or len(parsed.scheme) == 1:  # a path (a Windows drive is no scheme)
        return uri
    if parsed.scheme == "file":
        return urllib.request.url2pathname(parsed.path)
    # Hadoop's s3a:// is S3 to pyarrow.
    if parsed.scheme == "s3a":
        uri = "s3" + uri[3:]
    filesystem, path = filesystem_of(uri)
    return NamedStream(filesystem.open_input_stream(path), uri)


class NamedStream:
    """A pyarrow input stream with the archive's URI as its name (harvest_html's errors name
    the archive by it)."""

    def __init__(self, stream, name):
        self.stream = stream
        self.name = name

    def read(self, size=-1):
        return self.stream.read(size)


def filesystem_of(uri):
    """pyarrow's file system for a URI, and the path in it."""
    import pyarrow.fs

    return pyarrow.fs.FileSystem.from_uri(uri)


def batches_of(warc, syntaxes, timing, schema, graph=None, check=False):
    """An archive's rows as Arrow batches of the job's schema: one per page, skipped record,
    failed page or damage, as harvest_html.iter_warc_arrow builds them in Rust (no Python
    object per page), or one ``unreadable`` row when the archive does not open. A file object
    failing mid-archive ends it with a ``damaged`` row. `timing["extract"]` gathers the CPU
    time spent in harvest_html, `timing["arrow"]` the time spent fitting its batches to the
    job's columns."""
    import harvest_html

    started = time.process_time()
    try:
        batches = harvest_html.iter_warc_arrow(
            open_archive(warc), syntaxes=syntaxes, batch_rows=BATCH_ROWS, graph=graph, check=check
        )
    except Exception as error:  # a missing archive, a refused connection: a row, not a failed job
        timing["extract"] += time.process_time() - started
        yield problem(warc, "unreadable", f"{warc}: {type(error).__name__}: {error}", schema)
        return
    timing["extract"] += time.process_time() - started
    while True:
        started = time.process_time()
        try:
            batch = next(batches, None)
        except Exception as error:  # a file object failing mid-archive
            timing["extract"] += time.process_time() - started
            yield problem(warc, "damaged", f"{warc}: {type(error).__name__}: {error}", schema)
            return
        timing["extract"] += time.process_time() - started
        if batch is None:
            return
        started = time.process_time()
        fitted = fit(batch, warc, schema)
        timing["arrow"] += time.process_time() - started
        yield fitted


def fit(batch, warc, schema):
    """harvest_html's batch with the job's columns: the archive's name added, the syntaxes'
    columns renamed (a syntax not extracted: null texts, zero counts). The arrays are
    harvest_html's own, not copied."""
    import pyarrow as pa

    rows = batch.num_rows
    names = set(batch.schema.names)
    renamed = {"warc": pa.array([warc] * rows, pa.string())}
    renamed.update(check_columns(batch.column("check") if "check" in names else pa.nulls(rows, pa.string())))
    for syntax, (column, count) in [*COLUMNS.items(), ("graph", ("graph", "graph_quads"))]:
        if syntax in names:
            renamed[column] = batch.column(syntax)
            renamed[count] = batch.column(f"{syntax}_count").cast(pa.int32())
        else:
            renamed[column] = pa.nulls(rows, pa.string())
            renamed[count] = pa.nulls(rows, pa.int32()).fill_null(0)
    arrays = [renamed[field.name] if field.name in renamed else batch.column(field.name) for field in schema]
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


def check_columns(records):
    """The check columns of a batch, from each page's record (JSON text, null for a row that is
    no page): the record, its error, warning and info counts, its eligible features."""
    import pyarrow as pa

    rows = len(records)
    if records.null_count == rows:  # not asked for (or no page): nothing to read
        columns = {f"check_{key}": pa.nulls(rows, pa.int32()).fill_null(0) for key in ("errors", "warnings", "infos")}
        return dict(columns, check=records, check_eligible=pa.nulls(rows, pa.string()))
    counts = {"errors": [], "warnings": [], "infos": []}
    eligible = []
    for text in records.to_pylist():
        record = json.loads(text) if text else None
        for key, column in counts.items():
            column.append(record["counts"][key] if record else 0)
        features = sorted({item["feature"] for item in record["features"] if item["eligible"]}) if record else []
        eligible.append(" ".join(features) or None)
    columns = {f"check_{key}": pa.array(column, pa.int32()) for key, column in counts.items()}
    columns["check"] = records
    columns["check_eligible"] = pa.array(eligible, pa.string())
    return columns


def crawl_report(records):
    """The crawl report of pages' check records (JSON texts), as ``harvest check --summary``
    writes it: pages, pages with errors, totals, per rule (severity, pages, items, diagnostics)
    and per feature (pages, items, eligible items, pages with an eligible item)."""
    report = {"pages": 0, "pages_with_errors": 0, "errors": 0, "warnings": 0, "infos": 0, "rules": {}, "features": {}}
    for text in records:
        record = json.loads(text)
        counts = record["counts"]
        report["pages"] += 1
        report["pages_with_errors"] += counts["errors"] > 0
        for key in ("errors", "warnings", "infos"):
            report[key] += counts[key]
        items, rules_seen = set(), set()
        for diagnostic in record["diagnostics"]:
            rule = diagnostic["rule"]
            tally = report["rules"].setdefault(
                rule, {"severity": diagnostic["severity"], "pages": 0, "items": 0, "diagnostics": 0}
            )
            tally["diagnostics"] += 1
            tally["pages"] += rule not in rules_seen
            rules_seen.add(rule)
            tally["items"] += (rule, diagnostic.get("subject", "")) not in items
            items.add((rule, diagnostic.get("subject", "")))
        features_seen, eligible_seen = set(), set()
        for item in record["features"]:
            feature = item["feature"]
            tally = report["features"].setdefault(feature, {"pages": 0, "items": 0, "eligible": 0, "eligible_pages": 0})
            tally["items"] += 1
            tally["pages"] += feature not in features_seen
            features_seen.add(feature)
            if item["eligible"]:
                tally["eligible"] += 1
                tally["eligible_pages"] += feature not in eligible_seen
                eligible_seen.add(feature)
    report["rules"] = dict(sorted(report["rules"].items()))
    report["features"] = dict(sorted(report["features"].items()))
    return report


def merge_reports(reports):
    """One crawl report of several (each of other pages)."""
    merged = {"pages": 0, "pages_with_errors": 0, "errors": 0, "warnings": 0, "infos": 0, "rules": {}, "features": {}}
    for report in reports:
        for key in ("pages", "pages_with_errors", "errors", "warnings", "infos"):
            merged[key] += report[key]
        for part in ("rules", "features"):
            for name, tally in report[part].items():
                into = merged[part].setdefault(name, dict(tally, **{k: 0 for k, v in tally.items() if isinstance(v, int)}))
                for key, value in tally.items():
                    if isinstance(value, int):
                        into[key] += value
    merged["rules"] = dict(sorted(merged["rules"].items()))
    merged["features"] = dict(sorted(merged["features"].items()))
    return merged


def problem(warc, kind, error, schema):
    """One row for an archive that gave no batches of its own."""
    import pyarrow as pa

    row = {"warc": warc, "kind": kind, "bytes": 0, "error": error, "graph_quads": 0}
    row.update({"check_errors": 0, "check_warnings": 0, "check_infos": 0})
    row.update({count: 0 for _, count in COLUMNS.values()})
    return pa.RecordBatch.from_pylist([row], schema=schema)


# Rows go to the JVM as Arrow record batches of this many pages.
BATCH_ROWS = 512


def arrow_schema():
    """SCHEMA as pyarrow's."""
    import pyarrow as pa

    types = {IntegerType(): pa.int32(), LongType(): pa.int64(), StringType(): pa.string()}
    return pa.schema([(field.name, types[field.dataType], field.nullable) for field in SCHEMA.fields])


def arrow_batches(batches, syntaxes, accumulators, graph=None, check=False):
    """mapInArrow: for each archive name in the input batches, its rows as Arrow batches. The
    Python worker's CPU time for the task goes to the accumulators: all of it, the extraction
    (with harvest_html's batches), the fitting of them to the job's columns."""
    task_started = time.process_time()
    timing = {"extract": 0.0, "arrow": 0.0}
    schema = arrow_schema()
    try:
        for batch in batches:
            for warc in batch.column("warc").to_pylist():
                yield from batches_of(warc, syntaxes, timing, schema, graph, check)
    finally:
        accumulators["python"].add(time.process_time() - task_started)
        accumulators["extract"].add(timing["extract"])
        accumulators["arrow"].add(timing["arrow"])


def jvm_task_cpu_seconds(spark, stage_ids):
    """The CPU time of the JVM threads of the tasks of these stages (Spark's executorCpuTime
    and executorDeserializeCpuTime), from the application's status API; None without it. A
    busy machine answers slowly: each stage is asked up to three times."""
    sc = spark.sparkContext
    if not sc.uiWebUrl:
        return None
    total = 0
    for stage in stage_ids:
        url = f"{sc.uiWebUrl}/api/v1/applications/{sc.applicationId}/stages/{stage}"
        for attempt in range(3):
            try:
                with urllib.request.urlopen(url, timeout=60) as answer:
                    attempts = json.load(answer)
                break
            except OSError:
                if attempt == 2:
                    return None
                time.sleep(1)
        total += sum(a.get("executorCpuTime", 0) + a.get("executorDeserializeCpuTime", 0) for a in attempts)
    return total / 1e9


def summarize(pages, archives, seconds, cpu):
    kinds = {row["kind"]: row["count"] for row in pages.groupBy("kind").count().collect()}
    totals = pages.agg(
        F.sum("bytes").alias("bytes"),
        F.countDistinct(F.when(F.col("kind") == "unreadable", F.col("warc"))).alias("archives_unreadable"),
        *[F.sum((F.col(count) > 0).cast("int")).alias(f"pages_with_{syntax}") for syntax, (_, count) in COLUMNS.items()],
    ).collect()[0]
    summary = {
        "archives": len(archives),
        "archives_unreadable": totals["archives_unreadable"] or 0,
        "pages": kinds.get("page", 0),
        "records_skipped": kinds.get("skipped", 0),
        "pages_failed": kinds.get("failed", 0),
        "damage": kinds.get("damaged", 0),
        "errors": sum(count for kind, count in kinds.items() if kind != "page"),
        "bytes": totals["bytes"] or 0,
    }
    summary.update({key: totals[key] or 0 for key in totals.asDict() if key.startswith("pages_with_")})
    summary["quads"] = pages.agg(F.sum("graph_quads")).collect()[0][0] or 0
    summary["seconds"] = round(seconds, 3)
    summary["cpu_seconds"] = {key: (round(value, 3) if value is not None else None) for key, value in cpu.items()}
    task_cpu = (cpu["jvm_tasks"] or 0) + cpu["python_workers"]
    summary["gb_html_per_cpu_hour"] = round(summary["bytes"] / 1e9 / (task_cpu / 3600), 2) if task_cpu else None
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="WARC archives, or .txt files listing them")
    parser.add_argument("--output", required=True, metavar="DIR", help="a local directory for pages/ and summary.json")
    parser.add_argument("--master", help="Spark master URL (default: spark-submit's, else local[*])")
    parser.add_argument("--syntaxes", nargs="+", metavar="NAME", help="syntaxes to extract (default: all)")
    parser.add_argument("--nquads", action="store_true",
                        help="also write every page's RDF as gzip'd N-Quads part files in DIR/nquads/")
    parser.add_argument("--check", action="store_true",
                        help="also check every page against schema.org and the search features: columns check, "
                             "check_errors, check_warnings, check_infos, check_eligible; the crawl report in the summary")
    args = parser.parse_args(argv)

    builder = SparkSession.builder.appName("harvest-extract-warc")
    if args.master:
        builder = builder.master(args.master)
    elif "spark.master" not in os.environ.get("PYSPARK_SUBMIT_ARGS", ""):
        builder = builder.master("local[*]")
    spark = builder.getOrCreate()
    sc = spark.sparkContext
    archives = archives_of(args.inputs)
    syntaxes = args.syntaxes
    accumulators = {name: sc.accumulator(0.0) for name in ("python", "extract", "arrow")}
    started = time.perf_counter()
    sc.setJobGroup("harvest-pages", "extract the archives and write Parquet")
    # One partition, so one task, per archive.
    names = sc.parallelize([(warc,) for warc in archives], max(len(archives), 1)).toDF("warc string")
    graph = "nquads" if args.nquads else None
    check = args.check
    pages = names.mapInArrow(lambda batches: arrow_batches(batches, syntaxes, accumulators, graph, check), SCHEMA)
    pages.write.mode("overwrite").parquet(os.path.join(args.output, "pages"))
    seconds = time.perf_counter() - started
    tracker = sc.statusTracker()
    stages = [stage for job in tracker.getJobIdsForGroup("harvest-pages") for stage in tracker.getJobInfo(job).stageIds]
    cpu = {
        "jvm_tasks": jvm_task_cpu_seconds(spark, stages),
        "python_workers": accumulators["python"].value,
        "extraction": accumulators["extract"].value,
        "arrow_batches": accumulators["arrow"].value,
    }
    written = spark.read.parquet(os.path.join(args.output, "pages"))
    if args.nquads:
        # The pages' statements as text part files: each page's N-Quads (its lines end with a
        # newline, which the text writer adds back), gzip'd.
        sc.setJobGroup("harvest-nquads", "write the N-Quads")
        statements = written.where(F.col("graph_quads") > 0).select(F.regexp_replace("graph", "\n$", "").alias("value"))
        statements.write.mode("overwrite").option("compression", "gzip").text(os.path.join(args.output, "nquads"))
    sc.setJobGroup("harvest-summary", "summarize")
    summary = summarize(written, archives, seconds, cpu)
    if args.check:
        # Each executor adds up its pages' records; the driver only reads the partial counts.
        records = written.where(F.col("check").isNotNull()).select("check").rdd.map(lambda row: row[0])
        summary["check"] = merge_reports(records.mapPartitions(lambda part: [crawl_report(part)]).collect())
    with open(os.path.join(args.output, "summary.json"), "w", encoding="utf-8") as out:
        json.dump(summary, out, indent=2)
    print(json.dumps(summary))
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

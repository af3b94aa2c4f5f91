"""Extract the structured data of WARC archives with Apache Spark and harvest_html.

    python extract_warc.py INPUT... --output DIR [--master URL] [--syntaxes NAME...]

INPUT is a WARC archive (``.warc`` or ``.warc.gz``) as a local path or a URI Hadoop can read
(``file://``, ``hdfs://``, ``s3a://`` with the connector on the classpath), or a text file
(``.txt``) listing such archives one per line. Each archive is one Spark task: an executor
reads it with ``harvest_html.iter_warc`` (streaming, one HTML response record at a time, the
good records of a damaged archive kept and the damage reported as a row) and extracts every
page.

Output, in DIR:

- ``pages/``: Parquet, one row per page: ``warc`` (the archive), ``url``, ``status``,
  ``bytes`` (of HTML), ``error``, a count per syntax (``microdata_items``, ``mf2_items``,
  ``links``, ``jsonld_blocks``, ``opengraph_properties``, ``dublincore_properties``) and the
  JSON text of each syntax (``microdata``, ``mf2``, ``links_json``, ``jsonld``,
  ``opengraph``, ``dublincore``), the same JSON ``harvest all`` writes for the page. A damaged
  archive adds a row with ``url`` null and the error.
- ``summary.json`` (also printed): pages, pages with data per syntax, errors, bytes of HTML,
  seconds, and GB of HTML per CPU-hour (bytes over seconds times the cores Spark used).

Plain paths are streamed by the executor from disk (every executor must see them: a shared
file system, or local mode); URIs, ``file://`` included, are read through Hadoop
(``binaryFiles``), which holds each archive in the executor's memory while it is processed:
give executors memory for the largest archive.
"""

import argparse
import io
import json
import os
import sys
import time
from urllib.parse import urlparse

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import IntegerType, LongType, StringType, StructField, StructType

SCHEMA = StructType(
    [
        StructField("warc", StringType(), False),
        StructField("url", StringType(), True),
        StructField("status", IntegerType(), True),
        StructField("bytes", LongType(), False),
        StructField("error", StringType(), True),
        StructField("microdata_items", IntegerType(), False),
        StructField("mf2_items", IntegerType(), False),
        StructField("links", IntegerType(), False),
        StructField("jsonld_blocks", IntegerType(), False),
        StructField("opengraph_properties", IntegerType(), False),
        StructField("dublincore_properties", IntegerType(), False),
        StructField("microdata", StringType(), True),
        StructField("mf2", StringType(), True),
        StructField("links_json", StringType(), True),
        StructField("jsonld", StringType(), True),
        StructField("opengraph", StringType(), True),
        StructField("dublincore", StringType(), True),
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


def is_local(uri):
    """A plain path (streamed from disk by the executor), not a URI (read through Hadoop)."""
    scheme = urlparse(uri).scheme
    return scheme == "" or len(scheme) == 1  # a Windows drive letter is no scheme


def hadoop_rows(item, syntaxes):
    """Rows of an archive Hadoop read whole (``binaryFiles`` gives its URI and bytes); the
    in-memory file carries the URI as its name, so that errors name the archive."""
    uri, data = item
    archive = io.BytesIO(data)
    archive.name = uri
    return rows_of(uri, archive, syntaxes)


def rows_of(warc, source, syntaxes):
    """One row per page of an archive (and one per damage). The JSON texts and the counts come
    from harvest_html as they are (as_json=True): no Python objects are built per page."""
    import harvest_html

    for page in harvest_html.iter_warc(source, syntaxes=syntaxes, as_json=True):
        data = page["data"] or {}
        row = {
            "warc": warc,
            "url": page["url"],
            "status": page["status"],
            "bytes": page["bytes"],
            "error": page["error"],
        }
        for syntax, (column, count) in COLUMNS.items():
            row[column] = data.get(syntax)
            row[count] = page["counts"].get(syntax, 0)
        yield tuple(row[field.name] for field in SCHEMA.fields)


def local_rows(warc, syntaxes):
    return rows_of(warc, warc, syntaxes)


# Rows go to the JVM as Arrow record batches of this many pages: pickling rows one by one
# costs more than extracting them.
BATCH_ROWS = 512


def arrow_batches(batches, syntaxes):
    """mapInArrow: for each archive name in the input batches, its rows as Arrow batches."""
    import pyarrow as pa

    types = {IntegerType(): pa.int32(), LongType(): pa.int64(), StringType(): pa.string()}
    schema = pa.schema([(field.name, types[field.dataType], field.nullable) for field in SCHEMA.fields])

    def batch_of(rows):
        columns = zip(*rows)
        return pa.RecordBatch.from_arrays(
            [pa.array(list(column), type=field.type) for column, field in zip(columns, schema)], schema=schema
        )

    for batch in batches:
        for warc in batch.column("warc").to_pylist():
            pending = []
            for row in local_rows(warc, syntaxes):
                pending.append(row)
                if len(pending) == BATCH_ROWS:
                    yield batch_of(pending)
                    pending = []
            if pending:
                yield batch_of(pending)


def summarize(pages, seconds, cores):
    totals = pages.agg(
        F.count(F.col("url")).alias("pages"),
        F.sum(F.col("error").isNotNull().cast("int")).alias("errors"),
        F.sum("bytes").alias("bytes"),
        *[F.sum((F.col(count) > 0).cast("int")).alias(f"pages_with_{syntax}") for syntax, (_, count) in COLUMNS.items()],
    ).collect()[0]
    summary = {key: (totals[key] or 0) for key in totals.asDict()}
    summary["seconds"] = round(seconds, 3)
    summary["cores"] = cores
    cpu_hours = seconds * cores / 3600
    summary["gb_html_per_cpu_hour"] = round(summary["bytes"] / 1e9 / cpu_hours, 2) if cpu_hours else None
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="WARC archives, or .txt files listing them")
    parser.add_argument("--output", required=True, metavar="DIR", help="a local directory for pages/ and summary.json")
    parser.add_argument("--master", help="Spark master URL (default: spark-submit's, else local[*])")
    parser.add_argument("--syntaxes", nargs="+", metavar="NAME", help="syntaxes to extract (default: all)")
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
    started = time.perf_counter()
    local = [a for a in archives if is_local(a)]
    remote = [a for a in archives if not is_local(a)]
    frames = []
    if local:
        # One partition, so one task, per archive.
        names = sc.parallelize([(warc,) for warc in local], len(local)).toDF("warc string")
        frames.append(names.mapInArrow(lambda batches: arrow_batches(batches, syntaxes), SCHEMA))
    for uri in remote:
        rows = sc.binaryFiles(uri).flatMap(lambda item: hadoop_rows(item, syntaxes))
        frames.append(spark.createDataFrame(rows, SCHEMA))
    pages = frames[0] if frames else spark.createDataFrame([], SCHEMA)
    for frame in frames[1:]:
        pages = pages.unionByName(frame)
    pages.write.mode("overwrite").parquet(os.path.join(args.output, "pages"))
    seconds = time.perf_counter() - started
    written = spark.read.parquet(os.path.join(args.output, "pages"))
    summary = summarize(written, seconds, sc.defaultParallelism)
    with open(os.path.join(args.output, "summary.json"), "w", encoding="utf-8") as out:
        json.dump(summary, out, indent=2)
    print(json.dumps(summary))
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

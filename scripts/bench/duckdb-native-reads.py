#!/usr/bin/env python3
"""What the newest DuckDB reads for the data-set benchmark's SQL: each request run once by DuckDB
1.4.3 (native, its httpfs extension from PyPI) on a fresh in-memory database, over HTTP from the
server at BASE_URL, with its HTTP log on; the bytes are the sum of the ranges it asked for.

    python3 scripts/bench/duckdb-native-reads.py BASE_URL REQUESTS.jsonl PARQUET... > OUT.jsonl

DuckDB-Wasm's newest releases load their Parquet reader from extensions.duckdb.org, which this
machine cannot reach (scripts/bench/bench-duckdb.sh says more), so the browser benchmark runs
DuckDB-Wasm 1.28.0 (DuckDB 0.9.1). Newer DuckDB reads differently (late materialization of a
top-N's other columns, Parquet bloom filters): this is what the same queries cost it in bytes
and requests. Prints one JSON object a line: {"parquet", "kind", "name", "requests", "bytes",
"rows"}. Needs the `duckdb` and `duckdb-extension-httpfs` packages, both 1.4.3.
"""

import glob
import json
import os
import sys

import duckdb
import duckdb_extension_httpfs

base, requests_file, parquets = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3:]
httpfs = glob.glob(os.path.join(os.path.dirname(duckdb_extension_httpfs.__file__), "extensions", "*", "httpfs.duckdb_extension"))[0]
requests = [json.loads(line) for line in open(requests_file) if line.strip()]

for parquet in parquets:
    for request in requests:
        con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
        con.execute(f"LOAD '{httpfs}'")
        con.execute("SET TimeZone = 'UTC'")
        con.execute("CALL enable_logging('HTTP')")
        rows = con.execute(request["sql"].replace("__EVENTS__", f"'{base}/{parquet}'")).fetchall()
        ranges = con.execute(
            "SELECT request.type, request.headers['Range'] FROM duckdb_logs_parsed('HTTP')"
        ).fetchall()
        read = 0
        for method, span in ranges:
            if method == "GET" and span:
                first, last = span.removeprefix("bytes=").split("-")
                read += int(last) - int(first) + 1
        print(json.dumps({"parquet": parquet, "kind": request["kind"], "name": request["name"],
                          "requests": len(ranges), "bytes": read, "rows": len(rows)}))
        con.close()

#!/usr/bin/env python3
"""The events corpus as Parquet, written by DuckDB, for the data-set benchmark against DuckDB-Wasm.

    python3 scripts/data/events-parquet.py EVENTS.jsonl.zst OUT.parquet [--row-group-size N]

Needs the `duckdb` Python package (scripts/bench/bench-duckdb.sh installs it in a virtual
environment). Writes one row per event with the fields the events mapping
(examples/events/rangefind.yaml) indexes, flattened as a DuckDB user would for these queries:
`id`, `type`, `actor_login`, `repo_name`, `created_at` (TIMESTAMP, UTC) and `text` (the commit
message, pull request title or tag description: the mapping's `text` sources, first present
first). Rows keep the corpus's order (by `created_at`), so row groups cover time ranges as
rangefind's splits do. DuckDB's defaults otherwise (Snappy, dictionary encoding, its row group
size of 122,880 rows unless `--row-group-size` says another).
"""

import argparse
import time

import duckdb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("events", help="the events corpus, JSON lines (zstd or plain)")
    parser.add_argument("out", help="the Parquet file to write")
    parser.add_argument("--row-group-size", type=int, default=None, help="rows per row group (default: DuckDB's)")
    args = parser.parse_args()
    compression = "zstd" if args.events.endswith(".zst") else "auto"
    options = ["FORMAT parquet"]
    if args.row_group_size:
        options.append(f"ROW_GROUP_SIZE {args.row_group_size}")
    started = time.monotonic()
    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    # An empty source is absent for rangefind too: NULLIF keeps `text` to the first non-empty one.
    con.execute(
        f"""
        COPY (
            SELECT id, type, actor.login AS actor_login, repo.name AS repo_name,
                   created_at::TIMESTAMPTZ::TIMESTAMP AS created_at,
                   coalesce(nullif(payload.message, ''), nullif(payload.pull_request.title, ''),
                            nullif(payload.description, '')) AS text
            FROM read_json(?, compression = '{compression}', format = 'newline_delimited',
                           maximum_object_size = 16777216, sample_size = -1)
        ) TO '{args.out.replace("'", "''")}' ({", ".join(options)})
        """,
        [args.events],
    )
    rows, groups = con.execute(
        "SELECT sum(row_group_num_rows), count(*) FROM parquet_metadata(?) WHERE column_id = 0", [args.out]
    ).fetchone()
    print(f"{args.out}: {rows:,} rows in {groups} row groups, {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()

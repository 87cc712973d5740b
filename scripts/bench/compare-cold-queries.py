#!/usr/bin/env python3
"""Cold queries against two site indexes, side by side, through the CLI.

Usage: scripts/bench/compare-cold-queries.py INDEX_A INDEX_B [QUERIES.jsonl]

Each query of the log (default: ../shared/corpora/queries-mdn.jsonl) is searched cold (a new
process, no cache) in each index with the widget's request (`--limit 10 --fields
url,title,sections,anchors`, snippets on; a log line's `filter`, `{"repository": "R"}`, as
`--filter filter.repository=R`). Prints bytes (median, mean, p95) and waves of each, per
`kind` too when the log's lines name one,
how many queries got the same hits and snippets in both, and the queries whose bytes moved
most. For measuring a change to what `build --site` writes: build the site twice (before and
after), then compare. `RANGEFIND` names the CLI (default target/release/rangefind);
`RANGEFIND_B`, when set, the CLI that searches INDEX_B (for a change of layout, which one CLI
cannot read both sides of).
"""
import json
import os
import statistics
import subprocess
import sys

CLI = os.environ.get("RANGEFIND", "target/release/rangefind")
CLI_B = os.environ.get("RANGEFIND_B", CLI)
FIELDS = ["--limit", "10", "--fields", "url,title,sections,anchors", "--no-count-all"]


def search(index, line, cli=CLI):
    """The hit ids, snippets, bytes and waves of one cold query, or None if it failed."""
    filters = [f"--filter=filter.{key}={value}" for key, value in line.get("filter", {}).items()]
    done = subprocess.run([cli, "search", index, "--json", *FIELDS, *filters, "--",
                           line["query"]], capture_output=True, text=True)
    if done.returncode != 0:
        return None
    answer = json.loads(done.stdout)
    hits = answer["hits"]
    return {
        "ids": [hit["id"] for hit in hits],
        "snippets": [hit.get("snippet") for hit in hits],
        "bytes": answer["stats"]["bytes"],
        "waves": answer["stats"]["waves"],
    }


def summary(rows):
    sizes = sorted(row["bytes"] for row in rows)
    return (f"bytes median {statistics.median(sizes):,.0f}, mean {statistics.mean(sizes):,.0f}, "
            f"p95 {sizes[int(len(sizes) * 0.95)]:,}; waves median "
            f"{statistics.median(row['waves'] for row in rows):.0f}, most "
            f"{max(row['waves'] for row in rows)}")


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    first, second = sys.argv[1:3]
    log = sys.argv[3] if len(sys.argv) == 4 else "../shared/corpora/queries-mdn.jsonl"
    with open(log) as lines:
        queries = [json.loads(line) for line in lines if line.strip()]
    pairs = []
    for line in queries:
        a, b = search(first, line), search(second, line, CLI_B)
        if a is None or b is None:
            print(f"failed in {'the first' if a is None else 'the second'} index: {line!r}")
            continue
        pairs.append((line["query"], a, b))
        a["kind"] = b["kind"] = line.get("kind")
    print(f"{len(pairs)} of {len(queries)} queries")
    print(f"{first}: {summary([a for _, a, _ in pairs])}")
    print(f"{second}: {summary([b for _, _, b in pairs])}")
    kinds = sorted({a["kind"] for _, a, _ in pairs if a["kind"]})
    for kind in kinds:
        print(f"  {kind}: {summary([a for _, a, _ in pairs if a['kind'] == kind])}")
        print(f"  {' ' * len(kind)}  {summary([b for _, _, b in pairs if b['kind'] == kind])}")
    print(f"same hits: {sum(a['ids'] == b['ids'] for _, a, b in pairs)}, same snippets: "
          f"{sum(a['snippets'] == b['snippets'] for _, a, b in pairs)}, same waves: "
          f"{sum(a['waves'] == b['waves'] for _, a, b in pairs)}")
    moved = sorted(pairs, key=lambda pair: pair[2]["bytes"] - pair[1]["bytes"])
    for query, a, b in moved[:3] + moved[-3:]:
        print(f"  {b['bytes'] - a['bytes']:+,} bytes  {query}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The site index at 10k, 100k and all 939,690 pages of the events site, and Pagefind beside it.

    python3 scripts/bench/bench-scale.py [--sizes 10000,100000,all] [--out out/bench-scale]
                                         [--no-pagefind] [--pagefind-all]

For each size: renders the events corpus as a site (`scripts/data/render-events-site.mjs`,
kept between runs), builds it with `rangefind build --site` (time and peak memory from
`/usr/bin/time`), builds it with Pagefind 1.6.0 where it can (10k and 100k; at all pages it ran
out of 21 GB on 2026-11-26, so only with `--pagefind-all`), then searches the query log drawn
from the 10k site (titles, body words, prefixes, a word within a repository, two words of a
title: `render-events-site.mjs --queries`) cold through the CLI with the widget's request
(`--limit 10 --fields url,title,sections,anchors --no-count-all`, a new process per query: no
cache). Bytes and waves are the engine's exact counts.

Prints a Markdown table (and writes it, with every query's figures as JSON, under --out):
per size, the open read, the build, and per kind of query the median and p90 of cold bytes
and the waves. Needs ../shared/corpora/events-dev.jsonl.zst and a release CLI
(`cargo build --release`). About 25 minutes for all three sizes on 2 cores, most of it
rendering and building the 940k site.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CLI = os.environ.get("RANGEFIND", str(REPO / "target/release/rangefind"))
CORPUS = REPO / "../shared/corpora/events-dev.jsonl.zst"
WIDGET_REQUEST = ["--limit", "10", "--fields", "url,title,sections,anchors", "--no-count-all"]
KINDS = ["title", "two_words", "body_word", "prefix", "repository"]


def say(message):
    print(f"[bench-scale] {message}", file=sys.stderr, flush=True)


def timed(command, log):
    """Runs `command` under /usr/bin/time: (seconds, peak RSS in bytes)."""
    with open(log, "w") as out:
        done = subprocess.run(["/usr/bin/time", "-f", "RUSAGE %e %M", *command],
                              stdout=out, stderr=subprocess.STDOUT)
    text = Path(log).read_text()
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(command)}; see {log}")
    seconds, kilobytes = re.findall(r"RUSAGE ([\d.]+) (\d+)", text)[-1]
    return float(seconds), int(kilobytes) * 1024


def render(size, site, queries):
    done_mark = site / ".rendered"
    if done_mark.exists():
        return
    command = ["node", str(REPO / "scripts/data/render-events-site.mjs"), "--pages", size,
               "--out", str(site), "--input", str(CORPUS)]
    if queries:
        command += ["--queries", str(queries)]
    say(f"rendering {size} pages into {site}")
    subprocess.run(command, check=True)
    done_mark.write_text("")


def directory_bytes(path):
    return sum(f.stat().st_size for f in Path(path).rglob("*") if f.is_file())


def build_rangefind(site, index, logs):
    say(f"rangefind build --site {site}")
    seconds, peak = timed([CLI, "build", "--site", str(site), "--out", str(index),
                           "--no-widget", "-q"], logs / "rangefind-build.log")
    files = [f for f in Path(index).rglob("*") if f.is_file()]
    return {"seconds": seconds, "peak": peak, "bytes": sum(f.stat().st_size for f in files),
            "files": len(files)}


def build_pagefind(site, out, logs):
    pagefind = REPO / "out/bench-site/pagefind-cli/node_modules/.bin/pagefind"
    if not pagefind.exists():
        say("npm install pagefind@1.6.0")
        subprocess.run(["npm", "install", "--prefix", str(pagefind.parents[2]), "--no-audit",
                        "--no-fund", "--silent", "pagefind@1.6.0"], check=True)
    say(f"pagefind --site {site}")
    seconds, peak = timed([str(pagefind), "--site", str(site), "--output-path", str(out)],
                          logs / "pagefind-build.log")
    files = [f for f in Path(out).rglob("*") if f.is_file()]
    return {"seconds": seconds, "peak": peak, "bytes": sum(f.stat().st_size for f in files),
            "files": len(files)}


def search(index, line):
    filters = [f"--filter=filter.{k}={v}" for k, v in line.get("filter", {}).items()]
    done = subprocess.run([CLI, "search", str(index), "--json", *WIDGET_REQUEST, *filters, "--",
                           line["query"]], capture_output=True, text=True)
    if done.returncode != 0:
        return {"query": line["query"], "kind": line.get("kind"), "error": done.stderr.strip()}
    answer = json.loads(done.stdout)
    return {"query": line["query"], "kind": line.get("kind"), "bytes": answer["stats"]["bytes"],
            "waves": answer["stats"]["waves"], "count": answer["count"],
            "open": answer.get("index_open", {}).get("bytes"),
            "ids": [hit["id"] for hit in answer["hits"]]}


def p90(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


def kib(n):
    return f"{n / 1024:.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:.2f} MB"


def figures(rows):
    sizes = [row["bytes"] for row in rows]
    waves = [row["waves"] for row in rows]
    return {"median": statistics.median(sizes), "p90": p90(sizes),
            "waves": (statistics.median(waves), max(waves)), "n": len(rows)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,100000,all")
    parser.add_argument("--out", default=str(REPO / "out/bench-scale"))
    parser.add_argument("--no-pagefind", action="store_true")
    parser.add_argument("--pagefind-all", action="store_true",
                        help="also build all pages with Pagefind (ran out of 21 GB before)")
    parser.add_argument("--queries-only", action="store_true",
                        help="search the indexes an earlier run built (its build figures kept): "
                             "for a change of the engine alone")
    args = parser.parse_args()
    if not CORPUS.exists():
        sys.exit(f"skipped: {CORPUS} is absent (the shared corpora)")
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    sizes = args.sizes.split(",")
    log_file = out / "queries-10k.jsonl"
    render("10000", out / "site-10000", log_file)
    queries = [json.loads(line) for line in log_file.read_text().splitlines() if line.strip()]
    earlier = out / "results.json"
    results = json.loads(earlier.read_text()) if args.queries_only and earlier.exists() else {}
    for size in sizes:
        site, logs = out / f"site-{size}", out / f"logs-{size}"
        logs.mkdir(exist_ok=True)
        started = time.time()
        if args.queries_only:
            result = results[size]
        else:
            render(size, site, None)
            result = {"pages": sum(1 for _ in site.rglob("*.html")) - 1}
            result["rangefind"] = build_rangefind(site, out / f"rangefind-{size}", logs)
            if not args.no_pagefind and (size != "all" or args.pagefind_all):
                result["pagefind"] = build_pagefind(site, out / f"pagefind-{size}", logs)
        say(f"{len(queries)} cold queries at {size}")
        rows = [search(out / f"rangefind-{size}", line) for line in queries]
        failed = [row for row in rows if "error" in row]
        for row in failed:
            say(f"failed: {row['query']!r}: {row['error']}")
        rows = [row for row in rows if "error" not in row]
        result["queries"] = rows
        result["open"] = statistics.median(row["open"] for row in rows if row["open"])
        result["all"] = figures(rows)
        result["kinds"] = {kind: figures([r for r in rows if r["kind"] == kind])
                           for kind in KINDS if any(r["kind"] == kind for r in rows)}
        results[size] = result
        say(f"{size} done in {time.time() - started:.0f} s")
        (out / "results.json").write_text(json.dumps(results, indent=1))
    table = markdown(results)
    (out / "table.md").write_text(table)
    print(table)


def markdown(results):
    lines = ["| pages | open read | build (peak memory) | files | cold: all, median / p90 | "
             + " | ".join(f"{kind.replace('_', ' ')}, median / p90" for kind in KINDS)
             + " | waves (median, most) | Pagefind build (peak memory), files |",
             "|---:|---:|---:|---:|---:|" + "---:|" * len(KINDS) + "---:|---|"]
    for size, result in results.items():
        build = result["rangefind"]
        kinds = [result["kinds"].get(kind) for kind in KINDS]
        cells = [f"{kib(k['median'])} / {kib(k['p90'])}" if k else "" for k in kinds]
        waves = result["all"]["waves"]
        pagefind = result.get("pagefind")
        pf = (f"{pagefind['seconds']:.0f} s ({kib(pagefind['peak'])}), {pagefind['files']:,}"
              if pagefind else "")
        lines.append(
            f"| {result['pages']:,} | {kib(result['open'])} | {build['seconds']:.0f} s "
            f"({kib(build['peak'])}) | {build['files']} ({kib(build['bytes'])}) | "
            f"{kib(result['all']['median'])} / {kib(result['all']['p90'])} | "
            + " | ".join(cells) + f" | {waves[0]:.0f}, {waves[1]} | {pf} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()

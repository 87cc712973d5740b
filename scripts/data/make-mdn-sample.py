#!/usr/bin/env python3
"""Regenerates examples/mdn/sample.jsonl.gz from the shared MDN corpus.

The sample is small enough to ship in the repository (a few hundred real pages) so the demo
and the tests run from a fresh clone. Selection is deterministic: the JavaScript Array and
Map reference pages (good demo queries), then every 40th page of the corpus for variety.

usage: scripts/data/make-mdn-sample.py [../shared/corpora/mdn.jsonl.gz] [examples/mdn/sample.jsonl.gz]
"""
import gzip
import json
import sys

source = sys.argv[1] if len(sys.argv) > 1 else "../shared/corpora/mdn.jsonl.gz"
target = sys.argv[2] if len(sys.argv) > 2 else "examples/mdn/sample.jsonl.gz"
focus = ("Web/JavaScript/Reference/Global_Objects/Array", "Web/JavaScript/Reference/Global_Objects/Map")

chosen = []
with gzip.open(source, "rt", encoding="utf-8") as lines:
    for number, line in enumerate(lines):
        record = json.loads(line)
        if record["id"].startswith(focus) or number % 40 == 0:
            chosen.append(line if line.endswith("\n") else line + "\n")

# mtime=0 keeps the file byte-identical between runs.
with open(target, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
    out.write("".join(chosen).encode("utf-8"))
print(f"{len(chosen)} pages -> {target}")

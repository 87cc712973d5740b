#!/usr/bin/env python3
"""Regenerates examples/mdn-site/sample-site.tar.gz from the shared MDN static site.

The sample holds the same pages as examples/mdn/sample.jsonl.gz (a few hundred real MDN
pages, see examples/mdn/ATTRIBUTION.md) as the static site renders them, plus the site's root
page, so `build --site`, the widget demo and the browser tests run from a fresh clone.
Links to pages outside the sample lead nowhere.

usage: scripts/data/make-mdn-site-sample.py [../shared/corpora/site-mdn.tar.gz] [examples/mdn/sample.jsonl.gz] [examples/mdn-site/sample-site.tar.gz]
"""
import gzip
import io
import json
import sys
import tarfile

site = sys.argv[1] if len(sys.argv) > 1 else "../shared/corpora/site-mdn.tar.gz"
sample = sys.argv[2] if len(sys.argv) > 2 else "examples/mdn/sample.jsonl.gz"
target = sys.argv[3] if len(sys.argv) > 3 else "examples/mdn-site/sample-site.tar.gz"

with gzip.open(sample, "rt", encoding="utf-8") as lines:
    wanted = {"site-mdn" + json.loads(line)["site_path"] + "index.html" for line in lines}
wanted.add("site-mdn/index.html")

members = []
with tarfile.open(site, "r:gz") as source:
    for member in source:
        if member.isfile() and member.name in wanted:
            members.append((member.name, source.extractfile(member).read()))
members.sort()

# Fixed times and owners keep the file byte-identical between runs.
buffer = io.BytesIO()
with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as out:
    for name, data in members:
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mtime = 0
        info.mode = 0o644
        out.addfile(info, io.BytesIO(data))
with open(target, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
    gz.write(buffer.getvalue())
missing = len(wanted) - len(members)
print(f"{len(members)} pages -> {target}" + (f" ({missing} not found)" if missing else ""))

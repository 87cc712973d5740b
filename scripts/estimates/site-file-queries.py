#!/usr/bin/env python3
"""The site file against the splits of the same `build --site`, with the CLI (docs/design-notes.md,
"Why the site file exists", "Built so far").

1. Cold bytes, requests and waves of the benchmark's 40 queries (every 5th of the log), typed
   as the widget types them (`scripts/bench/bench-site.sh` does the same in Chromium): the section
   filter becomes `--filter filter.section=…`, the last plain word `(w OR w*)`. Each query is
   its own process, so each is cold; opening (the head) is not counted. 250 B of headers are
   added per request, as a browser would receive them.
   The splits' figures include opening the split (its 61 KB open region and a wave), which
   the CLI does during a process's first query; the site file's head (45 KB) is read when it
   is opened and not counted. The browser benchmark preloads both.
2. How many of the splits' top 10 the site file's top 10 share, over the whole log.

Usage, with the `_rangefind` directory `build --site` wrote (about 2 minutes on MDN):
  python3 scripts/estimates/site-file-queries.py SITE/_rangefind ../shared/corpora/queries-mdn.jsonl
"""
import json, os, re, statistics, subprocess, sys

RANGEFIND = os.environ.get("RANGEFIND", "target/release/rangefind")
SYNTAX = re.compile(r'["():*^+\-\[\]{}!\\~]|(^|\s)(AND|OR|NOT)(\s|$)')


def typed(query):
    section = [None]

    def take(m):
        section[0] = m.group(1) or m.group(2)
        return ""

    text = re.sub(r'section:"([^"]+)"|section:(\S+)', take, query, count=1)
    text = re.sub(r'\b(title|page_type):("[^"]*"|\S+)',
                  lambda m: m.group(2).replace('"', '') if m.group(1) == "title" else "", text)
    return text.replace("*", "").strip(), section[0]


def typeahead(text):
    if not text:
        return text
    cut = re.search(r'\S+$', text)
    head, last = text[:cut.start()], text[cut.start():]
    if not re.fullmatch(r'\w+', last) or last in ("AND", "OR", "NOT"):
        return text
    if not SYNTAX.search(text):
        return f"{head}({last} OR {last}*)"
    return text + "*" if text.count('"') % 2 == 0 else text


def search(index, query, site_file, extra=()):
    args = [RANGEFIND, "search", index, query, "--json", "--limit", "10", *extra]
    if site_file:
        args.append("--site-file")
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{query}: {out.stderr}")
    return json.loads(out.stdout)


index, log_path = sys.argv[1], sys.argv[2]
log = [json.loads(line) for line in open(log_path) if line.strip()]
step = max(1, len(log) // 40)
rows = []
for q in [q for i, q in enumerate(log) if i % step == 0][:40]:
    text, section = typed(q["query"])
    extra = ["--filter", f"filter.section={section}"] if section else []
    for site_file in (True, False):
        stats = search(index, typeahead(text), site_file, extra)["stats"]
        rows.append((site_file, stats["bytes"] + 250 * stats["requests"], stats["requests"], stats["waves"]))
for site_file, name in ((True, "site file"), (False, "splits")):
    mine = [r for r in rows if r[0] == site_file]
    sizes = sorted(r[1] for r in mine)
    print(f"{name}: median {statistics.median(sizes) / 1e3:.1f} KB, p90 {sizes[int(len(sizes) * .9)] / 1e3:.1f} KB, "
          f"median {statistics.median(r[2] for r in mine)} requests, {statistics.median(r[3] for r in mine)} waves")

shared = []
for q in log:
    site = [h["id"] for h in search(index, q["query"], True)["hits"]]
    splits = [h["id"] for h in search(index, q["query"], False)["hits"]]
    shared.append(len(set(site) & set(splits)) / len(splits) if splits else float(not site))
print(f"top 10 shared with the splits over {len(shared)} queries: median {statistics.median(shared):.2f}, "
      f"mean {statistics.mean(shared):.3f}")

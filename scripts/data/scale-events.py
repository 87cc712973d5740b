#!/usr/bin/env python3
"""The events corpus made COPIES times larger, for measuring rangefind at GH Archive's scale:

    python3 scripts/data/scale-events.py EVENTS.jsonl.zst COPIES | zstd -T0 -3 -q >OUT.jsonl.zst

Each event is written COPIES times in a row: copy 0 as it is, copy k with `"<id>x<k>"` as its
id, all at the event's time, so each login and repository does COPIES times as much and the
days hold COPIES times as many events (GH Archive is that dense: millions of events a day).
The copies keep the event's time, not a later one: copies k seconds later fell among the next
events, and a split whose events are not in time order must read its timestamp column for a
newest-first page (BENCHMARKS.md, "The GH Archive queries at 10 million events"). Only `id`
changes; the lines are edited as text, so everything else is byte for byte the corpus's.
"""

import re
import subprocess
import sys

events, copies = sys.argv[1], int(sys.argv[2])
ID = re.compile(rb'"id":"([^"]*)"')
source = subprocess.Popen(["zstd", "-dcq", events], stdout=subprocess.PIPE) if events.endswith(".zst") else None
lines = source.stdout if source else open(events, "rb")
out = sys.stdout.buffer
for line in lines:
    if not line.strip():
        continue
    out.write(line)
    id_match = ID.search(line)
    if id_match is None:
        sys.exit(f"an event without a top-level id: {line[:200]!r}")
    for k in range(1, copies):
        out.write(line[: id_match.end(1)] + b"x%d" % k + line[id_match.end(1) :])
if source and source.wait() != 0:
    sys.exit("zstd could not read the events")

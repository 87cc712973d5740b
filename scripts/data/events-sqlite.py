#!/usr/bin/env python3
"""The events corpus as an SQLite database with an FTS5 index, for the data-set benchmark against
sql.js-httpvfs (text search over HTTP range requests in a browser):

    python3 scripts/data/events-sqlite.py EVENTS.jsonl.zst OUT.sqlite3

One row per event with the fields the events mapping indexes (`id`, `type`, `actor_login`,
`repo_name`, `created_at` in seconds since 1970, `text`: the commit message, pull request title
or tag description, first non-empty first), in the corpus's order; the indexes a user of
sql.js-httpvfs would make for these queries ((actor_login, created_at), (repo_name,
created_at), created_at); `events_fts`, an FTS5 table over `text` (external content, the
`unicode61` tokenizer with diacritics removed: words as rangefind's unstemmed tokenizer cuts
them), optimised; pages of 4 KiB; vacuumed, as sql.js-httpvfs's README asks.
"""

import datetime
import json
import os
import sqlite3
import subprocess
import sys
import time

events, out = sys.argv[1], sys.argv[2]
started = time.monotonic()
if os.path.exists(out):
    os.remove(out)
con = sqlite3.connect(out)
con.execute("PRAGMA page_size = 4096")
con.execute("PRAGMA journal_mode = OFF")
con.execute("CREATE TABLE events (id TEXT, type TEXT, actor_login TEXT, repo_name TEXT, created_at INTEGER, text TEXT)")
source = subprocess.Popen(["zstd", "-dcq", events], stdout=subprocess.PIPE)
rows = []
for line in source.stdout:
    if not line.strip():
        continue
    event = json.loads(line)
    payload = event.get("payload") or {}
    text = payload.get("message") or (payload.get("pull_request") or {}).get("title") or payload.get("description") or None
    at = datetime.datetime.strptime(event["created_at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
    rows.append((event["id"], event["type"], event["actor"]["login"], event["repo"]["name"], int(at.timestamp()), text))
    if len(rows) >= 50_000:
        con.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)", rows)
        rows = []
con.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)", rows)
if source.wait() != 0:
    sys.exit("zstd could not read the events")
con.execute("CREATE INDEX events_actor ON events (actor_login, created_at)")
con.execute("CREATE INDEX events_repo ON events (repo_name, created_at)")
con.execute("CREATE INDEX events_time ON events (created_at)")
con.execute(
    "CREATE VIRTUAL TABLE events_fts USING fts5(text, content='events', content_rowid='rowid', "
    "tokenize='unicode61 remove_diacritics 2')"
)
con.execute("INSERT INTO events_fts(events_fts) VALUES ('rebuild')")
con.execute("INSERT INTO events_fts(events_fts) VALUES ('optimize')")
con.commit()
con.execute("VACUUM")
con.close()
print(f"{out}: {os.path.getsize(out):,} bytes, {time.monotonic() - started:.1f} s")
